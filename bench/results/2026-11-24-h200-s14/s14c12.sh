#!/usr/bin/env bash
# Session 14, call 12: call 9's first run of coloring's group A hung (the other four passed in 12 s);
# the same run twenty times (calls 10 and 11: 11 of 11 passed) with --verbose and a 25 s per-test timeout, so that a hang names its test.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
for k in $(seq 1 20); do
  GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA$k 45 tests/bin/test_gpu_algos --jobs 12 --short-filename --timeout 25 --verbose
done
finish
grep -a -l "rc=124" $LOG/summary.txt >/dev/null && for f in $LOG/color*.log; do grep -a "^\[RUN \]" $f | sed "s/.RUN . //" | sort > /tmp/run.txt; grep -a -E "^\[(PASS|FAIL)" $f | sed -E "s/^\[....\] //; s/: (.*//" | sort > /tmp/done.txt; comm -23 /tmp/run.txt /tmp/done.txt | sed "s|^|$f started, not finished: |"; done
grep -a -h -B2 -A12 'Assertion Failed\|CRASH\|Timeout\|timed out\|TIMEOUT' $LOG/color*.log | grep -v WARN | head -40
