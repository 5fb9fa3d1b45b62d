#!/usr/bin/env bash
# Session 16, call 3: the head's working tree (coloring's narrow kernel on the graph's 32-bit
# offsets at eight CTAs per SM; the offsets cached with the graph's device copy) against libA
# (91e3645) alternating; the coloring tests on both groups; structure, oom, api, cli; memcheck
# over the coloring tests on flat and lazynp-cpu (the call's own input copy: offsets in scratch).
source devpack/common.sh
xz -dk devdata/USA-road-NY.mtx.xz
unpack main /tmp/w/m
mkdir -p /tmp/w/a && xz -dc devpack/libA.so.xz > /tmp/w/a/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LA=/tmp/w/a:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
for k in 1 2 3; do
  for v in A new; do
    case $v in A) L=$LA;; new) L=$LD_LIBRARY_PATH;; esac
    LD_LIBRARY_PATH=$L setsid timeout -s KILL 60 $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1 < /dev/null
    echo "== $v $k rc=$?" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
gtest structure 200 tests/bin/test_gpu_structure --jobs 4
gtest oom 120 tests/bin/test_gpu_oom --jobs 1
gtest api 120 tests/bin/test_api_structure --jobs 8
gtest cli 200 tests/bin/test_cli --jobs 14
GNEST_TEST_SMALL=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp-cpu gtest memcheck-color 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --leak-check full --print-limit 10 tests/bin/test_gpu_algos --jobs 1 --short-filename
grep -a "ERROR SUMMARY\|LEAK SUMMARY" $LOG/memcheck-color.log | sort | uniq -c >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color?.log $LOG/structure.log $LOG/oom.log $LOG/api.log $LOG/cli.log | grep -v WARN | head -30 >> $LOG/summary.txt
finish
