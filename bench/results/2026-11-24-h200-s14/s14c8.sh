#!/usr/bin/env bash
# Session 14, call 8: coloring's narrow loop with a hint per blocked vertex (GNEST_EXP_HINT: the
# predecessor that blocked its last visit; the next visit first reads that one's set alone and
# stops there while it may still take the vertex's lowest color), against f44e1fd's loop.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
GNEST_EXP_HINT=1 timeout 20 bin/gnest-bench --graph devdata/USA-road-NY.mtx --algos color --backends flat --runs 1 > $LOG/quick.txt 2>&1
rc=$?; echo "quick rc=$rc" >> $LOG/summary.txt
if [ $rc = 0 ]; then
  GNEST_EXP_HINT=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA 60 tests/bin/test_gpu_algos --jobs 12 --short-filename --timeout 40
  GNEST_EXP_HINT=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest colorB 60 tests/bin/test_gpu_algos --jobs 12 --short-filename --timeout 40
  B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends flat,lazynp,freelaunch --runs 9 --quiet"
  for k in 1 2 3; do
    timeout 25 $B > $LOG/bench0-$k.txt 2>&1; echo "bench0-$k rc=$?" >> $LOG/summary.txt
    GNEST_EXP_HINT=1 timeout 25 $B > $LOG/benchH-$k.txt 2>&1; echo "benchH-$k rc=$?" >> $LOG/summary.txt
  done
  NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors.sum -k regex:color_narrow"
  timeout 30 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu0.txt 2>&1
  GNEST_EXP_HINT=1 timeout 30 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncuH.txt 2>&1
fi
finish
for v in 0 H; do for k in 1 2 3; do echo "== $v-$k $(grep -a -A7 "^input  *algorithm" $LOG/bench$v-$k.txt | grep -a -v "^!\|^peer\|^input" | awk '{printf "%s %s %s %s | ", $1, $3, $4, $5}')"; done; done
for v in 0 H; do echo "ncu $v: $(grep -a -E "gpu__time_duration|warps_active|lts__t_sectors" $LOG/ncu$v.txt | awk '{print $NF}' | tr '\n' ' ')"; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout\|timed out' $LOG/color*.log | head -30
