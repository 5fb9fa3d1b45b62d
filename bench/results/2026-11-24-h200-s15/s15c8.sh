#!/usr/bin/env bash
# Session 15, call 8: as call 7, the setup kernel now spreads the short rows' entries over its block
# (a block per 256 vertices, a thread per entry: all neighbour-degree loads independent; no all-ones memset: it writes every vertex's set before
# the visits start), then the cooperative visit kernel without the setup (libB, GNEST_EXP_SPLIT).
# 1) where the time goes (GNEST_EXP_EV); 2) A/B against main, alternating, three rounds;
# 3) the coloring tests (groups A and B) and memcheck with the split.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LB=/tmp/w/b:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
LD_LIBRARY_PATH=$LB GNEST_EXP_EV=1 GNEST_EXP_SPLIT=1 bin/gnest-bench --suite bench --data devdata --algos color --backends flat --runs 9 --quiet > $LOG/ev-split.txt 2>&1
echo "ev (split): setup kernel done / visit kernel done / stop" >> $LOG/summary.txt; grep -a exp-ev $LOG/ev-split.txt | tail -n 5 >> $LOG/summary.txt
for k in 1 2 3; do
  for v in base split; do
    if [ $v = split ]; then L=$LB; E=GNEST_EXP_SPLIT=1; else L=$LD_LIBRARY_PATH; E=X=0; fi
    LD_LIBRARY_PATH=$L env $E $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1
    echo "== $v $k" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
LD_LIBRARY_PATH=$LB GNEST_EXP_SPLIT=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA-split 200 tests/bin/test_gpu_algos --jobs 12 --timeout 60
LD_LIBRARY_PATH=$LB GNEST_EXP_SPLIT=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB-split 300 tests/bin/test_gpu_algos --jobs 12 --timeout 120
LD_LIBRARY_PATH=$LB GNEST_EXP_SPLIT=1 gtest memcheck-fla 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 10 bin/gnest-cli color devdata/USA-road-FLA.mtx.xz --symmetrize --backend flat
grep -a "ERROR SUMMARY\|colors:" $LOG/memcheck-fla.log >> $LOG/summary.txt
LD_LIBRARY_PATH=$LB GNEST_EXP_SPLIT=1 gtest memcheck-cnr 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 10 bin/gnest-cli color devdata/cnr-2000.mtx.xz --symmetrize --backend flat
grep -a "ERROR SUMMARY\|colors:" $LOG/memcheck-cnr.log >> $LOG/summary.txt
LD_LIBRARY_PATH=$LB GNEST_EXP_SPLIT=1 gtest racecheck-ny 120 /usr/local/cuda/bin/compute-sanitizer --tool racecheck --print-limit 10 bin/gnest-cli color devdata/USA-road-NY.mtx --symmetrize --backend flat
grep -a "ERROR SUMMARY\|colors:" $LOG/racecheck-ny.log >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color*-split.log | grep -v WARN | head -30 >> $LOG/summary.txt
N="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active -k regex:color_narrow"
$N bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-base.txt 2>&1
LD_LIBRARY_PATH=$LB GNEST_EXP_SPLIT=1 $N bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-split.txt 2>&1
for f in base split; do echo "ncu $f:" >> $LOG/summary.txt; grep -a -E "color_narrow|gpu__time|lts__t|warps_active" $LOG/ncu-$f.txt | tail -n 8 >> $LOG/summary.txt; done
finish
