#!/usr/bin/env bash
# Session 12, call 1: prototype of an asynchronous worklist SSSP/BFS on the road graphs; the
# current build's block-size sweep of the fused loop on FLA; ncu of coloring and MST on FLA.
source devpack/common.sh
unpack main /tmp/w/m
xz -dc devdata/USA-road-FLA.mtx.xz > /tmp/fla.mtx
for ps in 1 2 4 8; do echo "== FLA per_sm $ps" >> $LOG/proto.txt; timeout 60 devpack/async /tmp/fla.mtx $ps 256 0 >> $LOG/proto.txt 2>&1; done
echo "== NY per_sm 2" >> $LOG/proto.txt; timeout 60 devpack/async devdata/USA-road-NY.mtx 2 256 0 >> $LOG/proto.txt 2>&1
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
timeout 150 bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos bfs,sssp --backends flat --sweep block_size=128,256,512,1024 --runs 5 --quiet > $LOG/bsweep.txt 2>&1; echo "bsweep rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 100 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color,mst --backends auto --runs 3 --warmup 0 --no-cpu > $LOG/ncu.txt 2>&1; echo "ncu rc=$?" >> $LOG/summary.txt
finish
cat $LOG/proto.txt
tail -12 $LOG/bsweep.txt | cut -c1-150
grep -a -E "^\s+[a-z_].*\(|gpu__time_duration.sum|Invocations" $LOG/ncu.txt | head -80
