#!/usr/bin/env bash
# Session 14, call 3: coloring's narrow kernel with a block per range of vertices and the first Cap
# vertices' P and keep in shared memory (GNEST_EXP_NARROW 12: 16 KB, 13: 8 KB, 14: 32 KB of
# state per block; 0: call 1's keep-mask kernel). Quick checks, coloring tests on 12, bench, ncu.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
OKV=""
for v in 0 12 13 14; do
  GNEST_EXP_NARROW=$v timeout 20 bin/gnest-bench --graph devdata/USA-road-NY.mtx --algos color --backends flat --runs 1 > $LOG/quick$v.txt 2>&1
  rc=$?; echo "quick$v rc=$rc" >> $LOG/summary.txt; [ $rc = 0 ] && OKV="$OKV $v"
done
case " $OKV " in *" 12 "*)
  GNEST_EXP_NARROW=12 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest color12A 40 tests/bin/test_gpu_algos --jobs 12 --short-filename
  GNEST_EXP_NARROW=12 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest color12B 40 tests/bin/test_gpu_algos --jobs 12 --short-filename;;
esac
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends flat,lazynp,freelaunch --runs 9 --quiet"
for k in 1 2; do
  for v in $OKV; do GNEST_EXP_NARROW=$v timeout 25 $B > $LOG/bench$v-$k.txt 2>&1; echo "bench$v-$k rc=$?" >> $LOG/summary.txt; done
done
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors.sum -k regex:color_narrow"
for v in $OKV; do GNEST_EXP_NARROW=$v timeout 30 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu$v.txt 2>&1; done
finish
for v in $OKV; do for k in 1 2; do echo "== $v-$k $(grep -a -A7 "^input  *algorithm" $LOG/bench$v-$k.txt | grep -a -v "^!\|^peer\|^input" | awk '{printf "%s %s %s %s | ", $1, $3, $4, $5}')"; done; done
for v in $OKV; do echo "ncu $v: $(grep -a -E "gpu__time_duration|warps_active|lts__t_sectors" $LOG/ncu$v.txt | awk '{print $NF}' | tr '\n' ' ')"; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/color*.log | head -30
grep -a "!" $LOG/bench*-1.txt | grep -v "^.*! = disagrees" | head
