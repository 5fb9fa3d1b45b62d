#!/usr/bin/env bash
# Session 12, call 6: coloring's narrow loop (experiment GNEST_EXP_COLOR): 0 = as before, 1 = a
# register mask of each thread's uncolored vertices, 2 = 1 + the setup fused into the loop's
# first pass (no degree and setup kernels). Bench, tests, memcheck, ncu.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for M in 0 1 2; do
  GNEST_EXP_COLOR=$M timeout 100 bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --graph devdata/USA-road-NY.mtx --graph devdata/cnr-2000.mtx.xz --gen rmat:18 --gen grid:1000x1000 --algos color --backends flat,lazynp --runs 9 --quiet > $LOG/color$M.txt 2>&1; echo "color$M rc=$?" >> $LOG/summary.txt
done
for M in 1 2; do
  GNEST_EXP_COLOR=$M GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg gtest algos$M 200 tests/bin/test_gpu_algos --jobs 12 --short-filename
done
GNEST_EXP_COLOR=2 GNEST_TEST_BACKENDS=flat,lazynp gtest struct 100 tests/bin/test_gpu_structure --jobs 4 --short-filename
GNEST_EXP_COLOR=2 SANITIZE_ALGOS=color SANITIZE_BACKENDS="flat lazynp" SANITIZE_CONFIGS=default timeout 150 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
GNEST_EXP_COLOR=2 timeout 60 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 3 --warmup 0 --no-cpu > $LOG/ncu2.txt 2>&1
finish
for M in 0 1 2; do echo "== mode $M"; grep -a -A7 "^input  *algorithm" $LOG/color$M.txt | cut -c1-110; done
tail -3 $LOG/sanitize.txt
grep -a -E "^\s+[a-z_].*\(|gpu__time_duration.sum" $LOG/ncu2.txt | head -20
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/algos1.log $LOG/algos2.log $LOG/struct.log | head -30
