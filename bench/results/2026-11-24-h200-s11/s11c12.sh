#!/usr/bin/env bash
# Session 11, call 12: cnr-2000 BFS and SSSP (1.025 and 1.010 of Gardenia): option sweeps, to see
# whether any setting of the fast backends beats the peer.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
C="--graph devdata/cnr-2000.mtx.xz --algos bfs,sssp --runs 9 --no-cpu --quiet"
timeout 120 bin/gnest-bench $C --backends freelaunch,lazynp,flat --sweep threshold=8,16,32,64,128,512 --json $LOG/thr.json > $LOG/thr.txt 2>&1
timeout 120 bin/gnest-bench $C --backends freelaunch,lazynp,flat --sweep block_size=128,256,512,1024 --json $LOG/blk.json > $LOG/blk.txt 2>&1
timeout 120 bin/gnest-bench $C --backends freelaunch --sweep freelaunch_mode=t1,t2,t3,t4 --json $LOG/fl.json > $LOG/fl.txt 2>&1
timeout 120 bin/gnest-bench $C --backends freelaunch,flat --sweep cta_levels=off,256,1024,4096 --json $LOG/cta.json > $LOG/cta.txt 2>&1
finish
for f in thr blk fl cta; do echo "== $f"; grep -a " bfs\| sssp" $LOG/$f.txt | cut -c1-250; done
