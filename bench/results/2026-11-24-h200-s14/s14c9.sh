#!/usr/bin/env bash
# Session 14, call 9: looking for the unexplained overruns at the head: coloring's group A (flat,
# lazynp, freelaunch, agg, lazynp-cta, lazynp-warp, levelsched) five times and
# test_gpu_structure five times, each test under criterion's --timeout so that a hang names itself.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
for k in 1 2 3 4 5; do
  GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA$k 60 tests/bin/test_gpu_algos --jobs 12 --short-filename --timeout 40
  GNEST_TEST_BACKENDS=auto,flat,lazynp,freelaunch,agg,lazynp-cta,hier gtest struct$k 60 tests/bin/test_gpu_structure --jobs 4 --short-filename --timeout 50
done
finish
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout\|timed out' $LOG/color*.log $LOG/struct*.log | head -30
