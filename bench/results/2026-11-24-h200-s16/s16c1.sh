#!/usr/bin/env bash
# Session 16, call 1: coloring's narrow kernel with 32-bit row offsets (a copy made before the
# timer in this experiment), 32-bit open set and read count, the chunk's entries as a mask:
# libB: 32 registers, 8 CTAs of 256 per SM; libC: the same code at 6 CTAs (40 registers).
# A/B alternating with main, ncu of the narrow kernel, then the coloring tests with libB.
source devpack/common.sh
xz -dk devdata/USA-road-NY.mtx.xz
unpack main /tmp/w/m
mkdir -p /tmp/w/b /tmp/w/c && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LB=/tmp/w/b:$LD_LIBRARY_PATH; LC=/tmp/w/c:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
for k in 1 2 3; do
  for v in main B; do
    case $v in main) L=$LD_LIBRARY_PATH;; B) L=$LB;; C) L=$LC;; esac
    LD_LIBRARY_PATH=$L setsid timeout -s KILL 60 $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1 < /dev/null
    echo "== $v $k rc=$?" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
for v in main B; do
  case $v in main) L=$LD_LIBRARY_PATH;; B) L=$LB;; C) L=$LC;; esac
  LD_LIBRARY_PATH=$L timeout 60 /usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active -k regex:color_narrow bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-$v.txt 2>&1
  echo "== ncu $v" >> $LOG/summary.txt
  grep -a -E "gpu__time|lts__t|warps_active" $LOG/ncu-$v.txt | tail -n 3 >> $LOG/summary.txt
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
LD_LIBRARY_PATH=$LB GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA-B 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
LD_LIBRARY_PATH=$LB GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB-B 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color*-B.log | grep -v WARN | head -20 >> $LOG/summary.txt
finish
