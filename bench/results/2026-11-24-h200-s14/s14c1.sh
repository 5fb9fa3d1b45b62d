#!/usr/bin/env bash
# Session 14, call 1: coloring's narrow kernel with a keep-mask over the row (no compacted list),
# variants by GNEST_EXP_NARROW (0: chunk 4, bounds 6/5, memset; 1: chunk 4, 6/5, grid sync instead
# of the memset; 2: chunk 2, 6/5, sync; 3: chunk 4, 8/6, sync; 4: chunk 2, 8/6, sync; 5: chunk 2,
# 6/5, memset); B: e07912e. Coloring tests (new rows-longer-than-a-word case), MST tests (decode
# helpers, weight range cached on the device copy), bench A/B, ncu kernel times.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/libB && xz -dc devpack/libB/libgnest.so.0.xz > /tmp/w/libB/libgnest.so.0
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GB=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross
GNEST_EXP_NARROW=0 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest color0A 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_EXP_NARROW=0 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GB gtest color0B 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
for v in 1 3 4; do GNEST_EXP_NARROW=$v GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest color${v}A 100 tests/bin/test_gpu_algos --jobs 12 --short-filename; done
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=$GA gtest mstA 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=$GB gtest mstB 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends flat,lazynp,freelaunch --runs 9 --quiet"
for k in 1 2; do
  for v in 0 1 2 3 4 5; do GNEST_EXP_NARROW=$v timeout 60 $B > $LOG/bench$v-$k.txt 2>&1; echo "bench$v-$k rc=$?" >> $LOG/summary.txt; done
  LD_LIBRARY_PATH=/tmp/w/libB:$PWD/.devlibs timeout 60 $B > $LOG/benchB-$k.txt 2>&1; echo "benchB-$k rc=$?" >> $LOG/summary.txt
done
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors.sum -k regex:color_narrow"
for v in 0 3 4; do GNEST_EXP_NARROW=$v timeout 40 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu$v.txt 2>&1; done
LD_LIBRARY_PATH=/tmp/w/libB:$PWD/.devlibs timeout 40 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncuB.txt 2>&1
finish
for v in 0 1 2 3 4 5 B; do for k in 1 2; do echo "== $v-$k $(grep -a -A7 "^input  *algorithm" $LOG/bench$v-$k.txt | grep -a -v "^!\|^peer\|^input" | awk '{printf "%s %s %s %s | ", $1, $3, $4, $5}')"; done; done
for v in 0 3 4 B; do echo "ncu $v: $(grep -a -E "gpu__time_duration|warps_active|lts__t_sectors" $LOG/ncu$v.txt | awk '{print $NF}' | tr '\n' ' ')"; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/color*.log $LOG/mst*.log | head -30
