#!/usr/bin/env bash
# Session 16, call 8: the head's tree (coloring's narrow kernel: 32-bit offsets at eight CTAs,
# all ones by a split barrier instead of a memset): the suite (README's table and plots), three
# more coloring-only suite runs, coloring on every backend (two groups), structure, oom, api,
# cli, dlink, sched, memcheck over the coloring tests (flat, lazynp-cpu), the CLI sanitizers.
source devpack/common.sh
xz -dk devdata/USA-road-NY.mtx.xz
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
timeout 240 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
for k in 1 2 3; do
  setsid timeout -s KILL 60 bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/color-$k.txt 2>&1 < /dev/null
  echo "== color $k rc=$?" >> $LOG/summary.txt
  grep -a -E "^[^ ]+ +color " $LOG/color-$k.txt | head -n 8 >> $LOG/summary.txt
done
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
gtest structure 200 tests/bin/test_gpu_structure --jobs 4
gtest oom 120 tests/bin/test_gpu_oom --jobs 1
gtest api 120 tests/bin/test_api_structure --jobs 8
gtest cli 200 tests/bin/test_cli --jobs 14
gtest dlink 120 tests/bin/test_gpu_dlink --jobs 4
gtest sched 120 tests/bin/test_gpu_sched --jobs 6
GNEST_TEST_SMALL=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp-cpu gtest memcheck-color 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --leak-check full --print-limit 10 tests/bin/test_gpu_algos --jobs 1 --short-filename
grep -a "ERROR SUMMARY\|LEAK SUMMARY" $LOG/memcheck-color.log | sort | uniq -c >> $LOG/summary.txt
SANITIZE_ALGOS="color" SANITIZE_BACKENDS="flat lazynp" SANITIZE_CONFIGS=default timeout 120 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
grep -a "ERROR SUMMARY\|RACECHECK SUMMARY" $LOG/sanitize.txt | sort | uniq -c >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color?.log $LOG/structure.log $LOG/oom.log $LOG/api.log $LOG/cli.log $LOG/dlink.log $LOG/sched.log | grep -v WARN | head -30 >> $LOG/summary.txt
finish
grep -a -A24 "^input  *algorithm" $LOG/suite.txt | cut -c1-150
