#!/usr/bin/env bash
# Session 14, call 2: coloring's narrow kernel, V vertices of a thread visited together
# (GNEST_EXP_NARROW 6: V2 C2 bounds 6/5; 7: V2 C2 no bound; 8: V3 C2 6/5; 9: V2 C1 6/5; 10: setup
# only (ncu); 11: V1 C4 group code; 0: call 1's keep-mask kernel); nsys of the call's overhead.
# Second try: the first (600 s) hung in every group variant (a colored vertex whose P had already
# shrunk to its color was not published); each variant now passes a short check first.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
OKV=""
for v in 0 6 7 8 9 11; do
  GNEST_EXP_NARROW=$v timeout 20 bin/gnest-bench --graph devdata/USA-road-NY.mtx --algos color --backends flat --runs 1 > $LOG/quick$v.txt 2>&1
  rc=$?; echo "quick$v rc=$rc" >> $LOG/summary.txt; [ $rc = 0 ] && OKV="$OKV $v"
done
for v in 6 7; do case " $OKV " in *" $v "*) ;; *) continue;; esac; GNEST_EXP_NARROW=$v GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest color${v}A 40 tests/bin/test_gpu_algos --jobs 12 --short-filename; done
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends flat,lazynp,freelaunch --runs 9 --quiet"
for k in 1 2; do
  for v in $OKV; do GNEST_EXP_NARROW=$v timeout 25 $B > $LOG/bench$v-$k.txt 2>&1; echo "bench$v-$k rc=$?" >> $LOG/summary.txt; done
done
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors.sum -k regex:color_narrow"
for v in $OKV 10; do GNEST_EXP_NARROW=$v timeout 30 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu$v.txt 2>&1; done
NSYS=$(ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys /usr/bin/nsys 2>/dev/null | head -1)
echo "nsys: $NSYS" >> $LOG/summary.txt
if [ -n "$NSYS" ]; then
  GNEST_EXP_NARROW=0 timeout 90 $NSYS profile --trace cuda -o /tmp/w/prof -f true bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 5 --no-cpu > $LOG/nsys-run.txt 2>&1
  timeout 60 $NSYS stats --report cuda_gpu_trace --report cuda_api_trace --format csv -o /tmp/w/st /tmp/w/prof.nsys-rep > $LOG/nsys-stats.txt 2>&1
  cp /tmp/w/st* $LOG/ 2>/dev/null
fi
finish
for v in $OKV; do for k in 1 2; do echo "== $v-$k $(grep -a -A7 "^input  *algorithm" $LOG/bench$v-$k.txt | grep -a -v "^!\|^peer\|^input" | awk '{printf "%s %s %s %s | ", $1, $3, $4, $5}')"; done; done
for v in $OKV 10; do echo "ncu $v: $(grep -a -E "gpu__time_duration|warps_active|lts__t_sectors" $LOG/ncu$v.txt | awk '{print $NF}' | tr '\n' ' ')"; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/color*.log | head -30
ls $LOG | head -40
