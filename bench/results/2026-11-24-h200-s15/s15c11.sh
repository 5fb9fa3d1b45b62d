#!/usr/bin/env bash
# Session 15, call 11: the five group-B tests that call 10's 430 s bound cut off (running beside
# 49 others that passed), alone: every algorithm on hier, cdp-*, naive-dp, lazynp-cpu, lazynp-cross.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest groupB-rest 520 tests/bin/test_gpu_algos --jobs 5 --short-filename --timeout 500 --verbose --filter 'gpu_@(graphs/zero_and_huge_weights|real/usa_road_ny|trees/brooms_and_caterpillars|trees/deep_binary_and_single_node|trees/deep_chain)'
grep -a -E "^\[(PASS|FAIL)" $LOG/groupB-rest.log >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion Failed\|CRASH\|Timeout\|timed out' $LOG/*.log | grep -v WARN | head -30 >> $LOG/summary.txt
finish
