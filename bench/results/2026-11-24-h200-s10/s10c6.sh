#!/usr/bin/env bash
# Session 10, call 6: the whole GPU test suite on the final build (color_method=async default,
# the engine's cooperative launch), the scheduler and structure tests, memcheck of coloring
# (both methods) on every backend, racecheck/synccheck of coloring.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
gtest algos 430 tests/bin/test_gpu_algos --jobs 12 --short-filename
gtest sched 120 tests/bin/test_gpu_sched --jobs 4 --short-filename
gtest structure 60 tests/bin/test_gpu_structure --jobs 4 --short-filename
SANITIZE_ALGOS=color SANITIZE_CONFIGS=default timeout 200 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/san-color.txt 2>&1; echo "san-color rc=$?" >> $LOG/summary.txt
finish
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/algos.log $LOG/sched.log $LOG/structure.log | head -40
grep -a -c "rc=0" $LOG/san-color.txt; grep -a -v "rc=0\|not run\|not applicable" $LOG/san-color.txt | head -20
