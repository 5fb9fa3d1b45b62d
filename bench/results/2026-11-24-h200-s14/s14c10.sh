#!/usr/bin/env bash
# Session 14, call 10: call 9's first run of coloring's group A hung (the other four passed in 12 s);
# the same run eight times with --verbose and a 25 s per-test timeout, so that a hang names its test.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
for k in 1 2 3 4 5 6 7 8; do
  GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA$k 90 tests/bin/test_gpu_algos --jobs 12 --short-filename --timeout 25 --verbose
done
finish
grep -a -h -B2 -A12 'Assertion Failed\|CRASH\|Timeout\|timed out\|TIMEOUT' $LOG/color*.log | grep -v WARN | head -40
