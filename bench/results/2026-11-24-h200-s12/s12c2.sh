#!/usr/bin/env bash
# Session 12, call 2: flat with lanes per item (virtual warps; GNEST_EXP_LANES, experiment):
# sweep on the road graphs, and flat's GPU tests with 4 and 32 lanes.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for L in 1 2 4 8; do
  GNEST_EXP_LANES=$L timeout 120 bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --graph devdata/USA-road-NY.mtx --algos bfs,sssp,bc,mst,color --backends flat --sweep block_size=256,512,1024 --runs 5 --quiet > $LOG/lanes$L.txt 2>&1; echo "lanes $L rc=$?" >> $LOG/summary.txt
done
GNEST_EXP_LANES=4 GNEST_TEST_BACKENDS=flat,levelsched gtest flat4 250 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_EXP_LANES=32 GNEST_TEST_BACKENDS=flat gtest flat32 150 tests/bin/test_gpu_algos --jobs 12 --short-filename
finish
for L in 1 2 4 8; do echo "== lanes $L"; grep -a -A12 "^input  *algorithm" $LOG/lanes$L.txt | cut -c1-140; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/flat4.log $LOG/flat32.log | head -40
