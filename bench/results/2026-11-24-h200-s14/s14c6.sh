#!/usr/bin/env bash
# Session 14, call 6: the suite at the session's head (README's table and plots); coloring on every
# backend (two groups), test_gpu_structure, sanitizers on coloring and MST.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
timeout 220 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA 60 tests/bin/test_gpu_algos --jobs 12 --short-filename --timeout 40
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB 60 tests/bin/test_gpu_algos --jobs 12 --short-filename --timeout 40
GNEST_TEST_BACKENDS=auto,flat,lazynp,freelaunch,agg,lazynp-cta,hier gtest struct 60 tests/bin/test_gpu_structure --jobs 4 --short-filename --timeout 50
SANITIZE_ALGOS="color mst" SANITIZE_BACKENDS="flat lazynp" SANITIZE_CONFIGS=default timeout 120 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
finish
grep -a -A24 "^input  *algorithm" $LOG/suite.txt | cut -c1-150
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout\|timed out' $LOG/color*.log $LOG/struct.log | head -30
grep -a "ERROR SUMMARY\|RACECHECK SUMMARY" $LOG/sanitize.txt | grep -v " 0 errors\| 0 hazards" | head; grep -a -c "0 errors\|0 hazards" $LOG/sanitize.txt
