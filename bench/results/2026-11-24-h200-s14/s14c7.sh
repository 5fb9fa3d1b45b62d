#!/usr/bin/env bash
# Session 14, call 7: test_gpu_algos for every algorithm on flat, lazynp, freelaunch, levelsched,
# agg, and the other GPU test programs, at the session's head.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,levelsched,agg gtest g1 260 tests/bin/test_gpu_algos --jobs 14 --short-filename --timeout 200
gtest sched 60 tests/bin/test_gpu_sched --jobs 4 --short-filename
gtest dlink 60 tests/bin/test_gpu_dlink --jobs 4 --short-filename
gtest hybrid 60 tests/bin/test_gpu_hybrid --jobs 4 --short-filename
gtest oom 60 tests/bin/test_gpu_oom --jobs 2 --short-filename
gtest cli 80 tests/bin/test_cli --jobs 8 --short-filename
finish
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout\|timed out' $LOG/g1.log $LOG/sched.log $LOG/dlink.log $LOG/hybrid.log $LOG/oom.log $LOG/cli.log | head -30
