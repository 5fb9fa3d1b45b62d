#!/usr/bin/env bash
# Session 13, call 4: coloring's narrow loop with the warp stepping through its lanes' open sets
# together and list/len stores only on change; A: kColorChunk 2 (48 registers), B: 4 (56).
# Color tests on every backend (A), bench A/B, ncu A/B; MST tests group A again, verbose (call 3's
# ran past 150 s).
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/libB && xz -dc devpack/libB/libgnest.so.0.xz > /tmp/w/libB/libgnest.so.0
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest colorA 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest colorB 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends auto,flat,lazynp --runs 9 --quiet"
timeout 60 $B > $LOG/benchA.txt 2>&1; echo "benchA rc=$?" >> $LOG/summary.txt
LD_LIBRARY_PATH=/tmp/w/libB:$PWD/.devlibs timeout 60 $B > $LOG/benchB.txt 2>&1; echo "benchB rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled -k regex:color_narrow --section Occupancy --section WarpStateStats --section SpeedOfLight"
timeout 40 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncuA.txt 2>&1
LD_LIBRARY_PATH=/tmp/w/libB:$PWD/.devlibs timeout 40 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncuB.txt 2>&1
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest mstA 230 tests/bin/test_gpu_algos --jobs 12 --short-filename --verbose
finish
for v in A B; do echo "== $v"; grep -a -A12 "^input  *algorithm" $LOG/bench$v.txt | grep -a -v "^!\|^peer" | cut -c1-120; done
for v in A B; do echo "== ncu $v"; grep -a -E "Duration|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|L2 Cache Throughput|DRAM Throughput|Active Threads" $LOG/ncu$v.txt | sed 's/  */ /g' | head -8; done
grep -a "PASS\|FAIL" $LOG/mstA.log | sed -E 's/.*::([a-z_0-9]+): \((.*)s\)/\2 \1/' | sort -rn | head -12
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/colorA.log $LOG/colorB.log $LOG/mstA.log | head -30
