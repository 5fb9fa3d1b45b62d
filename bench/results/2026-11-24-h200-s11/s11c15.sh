#!/usr/bin/env bash
# Session 11, call 15: the threshold note kept whole at the reason's end (gn_reason_append_whole).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for a in bfs sssp bc; do bin/gnest-cli $a devdata/cnr-2000.mtx.xz > $LOG/cnr-$a.txt 2>&1; done
bin/gnest-cli bfs devdata/cnr-2000.mtx.xz --threshold 32 > $LOG/cnr-bfs-32.txt 2>&1
GNEST_TEST_BACKENDS=flat,freelaunch,lazynp GNEST_TEST_ALGOS=bfs,sssp,bc gtest trav 200 tests/bin/test_gpu_algos --jobs 12 --short-filename --filter 'gpu_@(api|bfs_direction|graphs)/*'
gtest sched 100 tests/bin/test_gpu_sched --jobs 4 --short-filename
finish
grep -a "backend:\|^time" $LOG/cnr-*.txt | cut -c1-400
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/trav.log $LOG/sched.log | head -30
