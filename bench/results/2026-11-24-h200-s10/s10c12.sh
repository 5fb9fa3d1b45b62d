#!/usr/bin/env bash
# Session 10, call 12 (review): one degree helper and one one-word trim for both coloring
# methods: coloring tests on every backend, the clique structure test, memcheck, a bench check.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=color gtest color 300 tests/bin/test_gpu_algos --jobs 8 --short-filename
gtest clique 60 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter 'gpu_structure/coloring*'
bin/gnest-gen rmat --scale 16 --undirected -o /tmp/r16.gnest > /dev/null 2>&1
for m in async rounds; do timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli color /tmp/r16.gnest \
  --backend lazynp --options "color_method=$m" > $LOG/san-$m.txt 2>&1; echo "memcheck $m rc=$?" >> $LOG/summary.txt; done
timeout 150 bin/gnest-bench --suite bench --data devdata --algos color --runs 7 --backends auto,lazynp,freelaunch --quiet > $LOG/bench.txt 2>&1
finish
grep -a " color" $LOG/bench.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/color.log $LOG/clique.log | head -20
