#!/usr/bin/env bash
# Session 10, call 1: color_method=async (color_async.cuh): coloring tests on every backend,
# memcheck, and rounds against async on the suite's graphs.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 16 --undirected -o /tmp/r16.gnest > /dev/null 2>&1
for m in async rounds; do timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli color /tmp/r16.gnest \
  --backend flat --options "color_method=$m" > $LOG/san-r16-$m.txt 2>&1; echo "memcheck r16 $m rc=$?" >> $LOG/summary.txt; done
timeout 60 compute-sanitizer --tool racecheck --error-exitcode 9 bin/gnest-cli color /tmp/r16.gnest --backend flat > $LOG/race-r16.txt 2>&1; echo "racecheck r16 rc=$?" >> $LOG/summary.txt
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli color devdata/USA-road-FLA.mtx.xz --backend lazynp > $LOG/san-fla.txt 2>&1; echo "memcheck fla rc=$?" >> $LOG/summary.txt
timeout 150 bin/gnest-bench --gen rmat:20 --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz \
  --algos color --backends auto,flat,lazynp,freelaunch --sweep color_method=rounds,async --runs 7 --quiet --json $LOG/bench.json > $LOG/bench.txt 2>&1; echo "bench rc=$?" >> $LOG/summary.txt
GNEST_TEST_ALGOS=color gtest color 300 tests/bin/test_gpu_algos --jobs 8 --short-filename
finish
cat $LOG/bench.txt | tail -40
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/color.log | head -40
tail -5 $LOG/san-*.txt $LOG/race-r16.txt
