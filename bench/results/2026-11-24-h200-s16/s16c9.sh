#!/usr/bin/env bash
# Session 16, call 9: how the narrow kernel's threads wait for every CTA's all-ones sets. libB by
# GNEST_EXP_WAIT: 0 = every thread polls the count (the head); 1 = lane 0 of each warp polls,
# the warp waits at __syncwarp; 100 = the same with a 100 ns sleep between polls. Four
# alternations with main (the head), ncu of each, the coloring tests with 1 and 100.
source devpack/common.sh
xz -dk devdata/USA-road-NY.mtx.xz
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LB=/tmp/w/b:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
for k in 1 2 3 4; do
  for v in main 1 100; do
    case $v in main) L=$LD_LIBRARY_PATH;; *) L=$LB;; esac
    LD_LIBRARY_PATH=$L GNEST_EXP_WAIT=$v setsid timeout -s KILL 60 $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1 < /dev/null
    echo "== $v $k rc=$?" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
for v in 0 1 100; do
  LD_LIBRARY_PATH=$LB GNEST_EXP_WAIT=$v timeout 60 /usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active -k regex:color_narrow bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-$v.txt 2>&1
  echo "== ncu $v" >> $LOG/summary.txt
  grep -a -E "gpu__time|lts__t|warps_active" $LOG/ncu-$v.txt | tail -n 3 >> $LOG/summary.txt
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
for v in 1 100; do
  LD_LIBRARY_PATH=$LB GNEST_EXP_WAIT=$v GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA,$GB gtest color-$v 150 tests/bin/test_gpu_algos --jobs 14 --timeout 100
done
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color-*.log | grep -v WARN | head -20 >> $LOG/summary.txt
finish
