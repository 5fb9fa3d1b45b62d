#!/usr/bin/env bash
# Session 15, call 10: the head (0cb7602) on the test matrix's group B (every algorithm on hier,
# cdp-warp, cdp-block, cdp-grid, naive-dp, lazynp-cpu, lazynp-cross), each test bounded; then
# compute-sanitizer memcheck over the coloring tests (small sizes) on flat and agg.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest groupB 430 tests/bin/test_gpu_algos --jobs 14 --short-filename --timeout 400 --verbose
grep -a "^\[RUN \]" $LOG/groupB.log | sed "s/.RUN . //" | sort > /tmp/run.txt; grep -a -E "^\[(PASS|FAIL|SKIP)" $LOG/groupB.log | sed -E "s/^\[....\] //; s/: .*//" | sort > /tmp/done.txt; comm -23 /tmp/run.txt /tmp/done.txt | sed "s|^|started, not finished: |" >> $LOG/summary.txt
GNEST_TEST_SMALL=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,agg gtest memcheck-color 130 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 10 tests/bin/test_gpu_algos --jobs 1 --short-filename
grep -a "ERROR SUMMARY" $LOG/memcheck-color.log | sort | uniq -c >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion Failed\|CRASH\|Timeout\|timed out' $LOG/*.log | grep -v WARN | head -30 >> $LOG/summary.txt
finish
