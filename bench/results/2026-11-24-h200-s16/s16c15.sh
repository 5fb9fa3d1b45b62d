#!/usr/bin/env bash
# Session 16, call 15: the final head's tree: coloring tests on both groups, memcheck (leak check)
# over them on flat and agg, structure, oom, cli, the big sparse circulant on flat, the coloring
# suite twice.
source devpack/common.sh
xz -dk devdata/USA-road-NY.mtx.xz
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for k in 1 2; do
  setsid timeout -s KILL 60 bin/gnest-bench --suite bench --data devdata --algos color --backends auto,flat,lazynp,freelaunch --quiet --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/color-$k.txt 2>&1 < /dev/null
  echo "== color $k rc=$?" >> $LOG/summary.txt
  grep -a -E "^[^ ]+ +color " $LOG/color-$k.txt | head -n 8 >> $LOG/summary.txt
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
gtest structure 200 tests/bin/test_gpu_structure --jobs 4
gtest oom 120 tests/bin/test_gpu_oom --jobs 1
gtest cli 200 tests/bin/test_cli --jobs 14
GNEST_TEST_SMALL=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,agg gtest memcheck-color 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --leak-check full --print-limit 10 tests/bin/test_gpu_algos --jobs 1 --short-filename
grep -a "ERROR SUMMARY\|LEAK SUMMARY" $LOG/memcheck-color.log | sort | uniq -c >> $LOG/summary.txt
GNEST_TEST_BIG=1 GNEST_TEST_BACKENDS=flat gtest big-narrow 200 tests/bin/test_gpu_big --filter 'big/device_narrow_coloring_on_64_bit_offsets' --jobs 1 --verbose
grep -a "C_n(1..15)" $LOG/big-narrow.log | head -3 >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color?.log $LOG/structure.log $LOG/oom.log $LOG/cli.log $LOG/big-narrow.log | grep -v WARN | head -20 >> $LOG/summary.txt
finish
