#!/usr/bin/env bash
# Session 15, call 12: coloring's narrow kernel, a thread's last open vertex visited alone: its
# set, mask and (at most kColorChunk) predecessor entries in registers, one round of loads a
# visit instead of three (libB = aa9905a + color_narrow_alone). 1) A/B against main, alternating,
# three rounds; 2) the coloring tests (groups A and B), memcheck (FLA, cnr-2000 skipped: too slow
# under memcheck), racecheck (NY); 3) ncu of the narrow kernel on FLA, main and libB.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LB=/tmp/w/b:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
for k in 1 2 3; do
  for v in base alone; do
    if [ $v = alone ]; then L=$LB; E=X=1; else L=$LD_LIBRARY_PATH; E=X=0; fi
    LD_LIBRARY_PATH=$L env $E $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1
    echo "== $v $k" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
LD_LIBRARY_PATH=$LB GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA-alone 200 tests/bin/test_gpu_algos --jobs 12 --timeout 60
LD_LIBRARY_PATH=$LB GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB-alone 300 tests/bin/test_gpu_algos --jobs 12 --timeout 120
LD_LIBRARY_PATH=$LB gtest memcheck-fla 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 10 bin/gnest-cli color devdata/USA-road-FLA.mtx.xz --symmetrize --backend flat
grep -a "ERROR SUMMARY\|colors:" $LOG/memcheck-fla.log >> $LOG/summary.txt
LD_LIBRARY_PATH=$LB gtest racecheck-ny 120 /usr/local/cuda/bin/compute-sanitizer --tool racecheck --print-limit 10 bin/gnest-cli color devdata/USA-road-NY.mtx --symmetrize --backend flat
grep -a "ERROR SUMMARY\|colors:" $LOG/racecheck-ny.log >> $LOG/summary.txt
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/color*-alone.log | grep -v WARN | head -30 >> $LOG/summary.txt
N="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active -k regex:color_narrow"
$N bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-base.txt 2>&1
LD_LIBRARY_PATH=$LB $N bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-alone.txt 2>&1
for f in base alone; do echo "ncu $f:" >> $LOG/summary.txt; grep -a -E "color_narrow|gpu__time|lts__t|warps_active" $LOG/ncu-$f.txt | tail -n 8 >> $LOG/summary.txt; done
finish
