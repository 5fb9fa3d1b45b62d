#!/usr/bin/env bash
# Session 16, call 7: the all-ones memset replaced. libB by GNEST_EXP_V: 0 = the head's kernel;
# 1 = all ones by each thread, a grid barrier, then the setup (call 6); 4 = all ones by each
# thread, then a split barrier: a CTA counts itself in (a counter zeroed with the pass counts,
# before the timer, by the memset that was there already) and the setup runs; a thread waits for
# every CTA only before its first visit. Four alternations with main, ncu, tests for 4.
source devpack/common.sh
xz -dk devdata/USA-road-NY.mtx.xz
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LB=/tmp/w/b:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
for k in 1 2 3 4; do
  for v in main 1 4; do
    case $v in main) L=$LD_LIBRARY_PATH;; *) L=$LB;; esac
    LD_LIBRARY_PATH=$L GNEST_EXP_V=$v setsid timeout -s KILL 60 $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1 < /dev/null
    echo "== $v $k rc=$?" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
for v in 0 4; do
  LD_LIBRARY_PATH=$LB GNEST_EXP_V=$v timeout 60 /usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active -k regex:color_narrow bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-$v.txt 2>&1
  echo "== ncu $v" >> $LOG/summary.txt
  grep -a -E "gpu__time|lts__t|warps_active" $LOG/ncu-$v.txt | tail -n 3 >> $LOG/summary.txt
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
LD_LIBRARY_PATH=$LB GNEST_EXP_V=4 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA-4 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
LD_LIBRARY_PATH=$LB GNEST_EXP_V=4 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB-4 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/colorA-*.log | grep -v WARN | head -20 >> $LOG/summary.txt
finish
