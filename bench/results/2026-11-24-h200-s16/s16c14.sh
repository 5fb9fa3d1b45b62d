#!/usr/bin/env bash
# Session 16, call 14: the fix (a narrow thread reads its own mask and set volatile, as it writes
# them) against libA (a6c7550's kernel): A/B on the coloring suite, grids of 9 M and 16 M
# vertices (60 s each, checked against the CPU), the coloring tests on both groups, then the big
# sparse circulant (71.6 M vertices, 2^31 + 23 arcs) on flat and lazynp-cpu.
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
for gen in grid:3000x3000 grid:4000x4000; do
  setsid timeout -s KILL 60 bin/gnest-bench --gen $gen --algos color --backends flat,lazynp --runs 3 --quiet > $LOG/big-${gen#grid:}.txt 2>&1 < /dev/null
  echo "== $gen rc=$?" >> $LOG/summary.txt
  grep -a -E "^[^ ]+ +color " $LOG/big-${gen#grid:}.txt | head -n 2 >> $LOG/summary.txt
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
GNEST_TEST_BIG=1 GNEST_TEST_BACKENDS=flat,lazynp-cpu gtest big-narrow 300 tests/bin/test_gpu_big --filter 'big/device_narrow_coloring_on_64_bit_offsets' --jobs 1 --verbose
grep -a "C_n(1..15)" $LOG/big-narrow.log | head -5 >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color?.log $LOG/big-narrow.log | grep -v WARN | head -20 >> $LOG/summary.txt
finish
