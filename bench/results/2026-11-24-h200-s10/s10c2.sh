#!/usr/bin/env bash
# Session 10, call 2: color_method=async with the wide vertices' warp kernel: coloring tests on
# every backend (both methods), memcheck, rounds against async on the suite's graphs, ncu times.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 16 --undirected -o /tmp/r16.gnest > /dev/null 2>&1
timeout 200 bin/gnest-bench --gen rmat:20 --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz \
  --algos color --backends auto,lazynp,freelaunch --sweep color_method=rounds,async --runs 7 --quiet --json $LOG/bench.json > $LOG/bench.txt 2>&1; echo "bench rc=$?" >> $LOG/summary.txt
for m in async rounds; do timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli color /tmp/r16.gnest \
  --backend lazynp --options "color_method=$m" > $LOG/san-r16-$m.txt 2>&1; echo "memcheck r16 $m rc=$?" >> $LOG/summary.txt; done
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli color devdata/cnr-2000.mtx.xz --symmetrize --backend flat > $LOG/san-cnr.txt 2>&1; echo "memcheck cnr rc=$?" >> $LOG/summary.txt
NCU=/usr/local/cuda/bin/ncu
for g in devdata/USA-road-FLA.mtx.xz /tmp/r16.gnest; do
  timeout 120 $NCU --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum bin/gnest-cli color $g --backend lazynp > $LOG/ncu-$(basename $g).txt 2>&1
done
GNEST_TEST_ALGOS=color gtest color 400 tests/bin/test_gpu_algos --jobs 8 --short-filename
finish
cat $LOG/bench.txt | grep -a -A12 "median ms"
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/color.log | head -40
for f in $LOG/san-*.txt; do echo "$f: $(tail -n 2 $f | head -c 300)"; done
grep -a "color\|gn_\|Duration\|time_duration" $LOG/ncu-*.txt | grep -v "^==PROF" | head -60
