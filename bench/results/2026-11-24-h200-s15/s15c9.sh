#!/usr/bin/env bash
# Session 15, call 9: the head (0cb7602: the launch-pool fix, coloring's degree through the
# read-only cache, the reason appends) on the whole test matrix, group A (every algorithm on
# flat, lazynp, freelaunch, agg, lazynp-cta, lazynp-warp, levelsched), each test bounded, and the
# other GPU test binaries.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest groupA 400 tests/bin/test_gpu_algos --jobs 14 --short-filename --timeout 300 --verbose
gtest structure 120 tests/bin/test_gpu_structure --jobs 4 --short-filename
gtest sched 60 tests/bin/test_gpu_sched --jobs 4 --short-filename
gtest dlink 60 tests/bin/test_gpu_dlink --jobs 4 --short-filename
gtest hybrid 60 tests/bin/test_gpu_hybrid --jobs 4 --short-filename
gtest oom 60 tests/bin/test_gpu_oom --jobs 2 --short-filename
gtest cli 80 tests/bin/test_cli --jobs 8 --short-filename
grep -a -h -B2 -A8 'Assertion Failed\|CRASH\|Timeout\|timed out' $LOG/*.log | grep -v WARN | head -30 >> $LOG/summary.txt
grep -a "^\[RUN \]" $LOG/groupA.log | sed "s/.RUN . //" | sort > /tmp/run.txt; grep -a -E "^\[(PASS|FAIL|SKIP)" $LOG/groupA.log | sed -E "s/^\[....\] //; s/: .*//" | sort > /tmp/done.txt; comm -23 /tmp/run.txt /tmp/done.txt | sed "s|^|started, not finished: |" >> $LOG/summary.txt
grep -a "^\[SKIP\]" $LOG/groupA.log | grep -v "GNEST_TEST\|disabled" | head -5 >> $LOG/summary.txt
finish
