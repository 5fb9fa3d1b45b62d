#!/usr/bin/env bash
# Session 13, call 13: the suite at the session's head (README's table), test_gpu_algos for every
# algorithm on flat, lazynp, freelaunch, levelsched, agg, and the other GPU test programs.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
timeout 220 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,levelsched,agg gtest g1 230 tests/bin/test_gpu_algos --jobs 14 --short-filename
gtest sched 60 tests/bin/test_gpu_sched --jobs 4 --short-filename
gtest dlink 60 tests/bin/test_gpu_dlink --jobs 4 --short-filename
gtest hybrid 60 tests/bin/test_gpu_hybrid --jobs 4 --short-filename
gtest oom 60 tests/bin/test_gpu_oom --jobs 2 --short-filename
gtest cli 80 tests/bin/test_cli --jobs 8 --short-filename
finish
grep -a -A24 "^input  *algorithm" $LOG/suite.txt | cut -c1-150
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/g1.log $LOG/sched.log $LOG/dlink.log $LOG/hybrid.log $LOG/oom.log $LOG/cli.log | head -30
