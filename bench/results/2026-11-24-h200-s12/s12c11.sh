#!/usr/bin/env bash
# Session 12, call 11: the GPU test matrix, first half of the backends (every algorithm), after
# lanes, the selector rule, coloring's narrow loop and MST's root lists.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,levelsched,agg gtest g1 280 tests/bin/test_gpu_algos --jobs 14 --short-filename
GNEST_TEST_BACKENDS=lazynp-cta,lazynp-warp,hier,naive-dp gtest g2 280 tests/bin/test_gpu_algos --jobs 14 --short-filename
finish
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/g1.log $LOG/g2.log | head -40
