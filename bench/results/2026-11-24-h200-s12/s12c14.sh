#!/usr/bin/env bash
# Session 12, call 14: the three hybrid (lazynp-cpu, lazynp-cross) matrix tests that call 13's
# 280 s did not reach the end of, each alone, at once.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
export GNEST_TEST_BACKENDS=lazynp-cpu,lazynp-cross
gtest ny 500 tests/bin/test_gpu_algos --filter 'gpu_real/usa_road_ny' --short-filename --verbose &
gtest bin 500 tests/bin/test_gpu_algos --filter 'gpu_trees/deep_binary_and_single_node' --short-filename --verbose &
gtest chain 500 tests/bin/test_gpu_algos --filter 'gpu_trees/deep_chain' --short-filename --verbose &
wait
finish
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/ny.log $LOG/bin.log $LOG/chain.log | head -30
