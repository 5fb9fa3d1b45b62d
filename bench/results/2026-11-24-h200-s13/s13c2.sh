#!/usr/bin/env bash
# Session 13, call 2: MST with the packed key + level-0 shortcut + one asynchronous jump launch a
# round + the host's look every 3 rounds (A: this build); coloring's narrow loop at kColorChunk 4
# (B, 48 registers, else as A). MST tests on every backend, structure, sanitizers; bench A/B;
# ncu: FLA kernel times (A), the narrow coloring kernel's occupancy and stall reasons (A, B).
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/libB && xz -dc devpack/libB/libgnest.so.0.xz > /tmp/w/libB/libgnest.so.0
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --backends auto,flat,lazynp --runs 9 --quiet"
timeout 100 $B --algos color,mst > $LOG/benchA.txt 2>&1; echo "benchA rc=$?" >> $LOG/summary.txt
LD_LIBRARY_PATH=/tmp/w/libB:$PWD/.devlibs timeout 100 $B --algos color > $LOG/benchB.txt 2>&1; echo "benchB rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled"
timeout 60 $NCU --print-summary per-kernel --metrics gpu__time_duration.sum bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos mst --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncu.txt 2>&1
timeout 60 $NCU -k regex:color_narrow --section Occupancy --section WarpStateStats --section SpeedOfLight --section LaunchStats bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncu-colorA.txt 2>&1
LD_LIBRARY_PATH=/tmp/w/libB:$PWD/.devlibs timeout 60 $NCU -k regex:color_narrow --section Occupancy --section WarpStateStats --section SpeedOfLight --section LaunchStats bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncu-colorB.txt 2>&1
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest mstA 150 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest mstB 120 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_BACKENDS=auto,cpu,flat,lazynp,freelaunch,agg,lazynp-cta,hier gtest struct 60 tests/bin/test_gpu_structure --jobs 4 --short-filename
SANITIZE_ALGOS=mst SANITIZE_BACKENDS="flat lazynp" SANITIZE_CONFIGS=default timeout 100 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
finish
for v in A B; do echo "== $v"; grep -a -A12 "^input  *algorithm" $LOG/bench$v.txt | grep -a -v "^!\|^peer" | cut -c1-120; done
grep -a -E "^\s+[a-z_].*\(|gpu__time_duration.sum" $LOG/ncu.txt | sed -E 's/\(.*Invocations/ x/; s/<cub::policy_hub.*//' | cut -c1-100 | paste - - | awk '{print $1, $2, $3, $4, $(NF-2), $(NF-1), $NF}'
for v in A B; do echo "== ncu color $v"; grep -a -E "Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Warp Cycles Per Issued|Issued Warp|No Eligible|Memory Throughput|Block Limit Reg" $LOG/ncu-color$v.txt | sed 's/  */ /g' | head -14; done
grep -a "ERROR SUMMARY" $LOG/sanitize.txt | grep -v " 0 errors" | head; tail -1 $LOG/sanitize.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/mstA.log $LOG/mstB.log $LOG/struct.log | head -30
