#!/usr/bin/env bash
# Session 12, call 8: coloring's narrow loop, final form (setup fused, register mask, loads
# together): color tests on every backend (split in two runs), structure, sanitizers, bench.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest colorA 250 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest colorB 250 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch gtest struct 100 tests/bin/test_gpu_structure --jobs 4 --short-filename
SANITIZE_ALGOS=color SANITIZE_BACKENDS="flat lazynp freelaunch" SANITIZE_CONFIGS=default timeout 150 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
timeout 120 bin/gnest-bench --suite bench --data devdata --gen rmat:18 --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends auto,flat,lazynp,freelaunch --runs 9 --quiet > $LOG/color.txt 2>&1; echo "color rc=$?" >> $LOG/summary.txt
finish
grep -a -A9 "^input  *algorithm" $LOG/color.txt | cut -c1-150
grep -a "ERROR SUMMARY" $LOG/sanitize.txt | grep -v " 0 errors" | head; tail -2 $LOG/sanitize.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/colorA.log $LOG/colorB.log $LOG/struct.log | head -30
