#!/usr/bin/env bash
# Session 13, call 18: coloring's narrow sets in 32-bit words where the largest degree is below 32, the
# narrow kernel at a fixed 256-thread block with launch bounds (A); B: abf790a. Tests, bench A/B twice, sanitizers.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/libB && xz -dc devpack/libB/libgnest.so.0.xz > /tmp/w/libB/libgnest.so.0
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest colorA 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest colorB 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends auto,flat,lazynp,freelaunch --runs 9 --quiet"
for k in 1 2; do
timeout 60 $B > $LOG/benchA$k.txt 2>&1; echo "benchA$k rc=$?" >> $LOG/summary.txt
LD_LIBRARY_PATH=/tmp/w/libB:$PWD/.devlibs timeout 60 $B > $LOG/benchB$k.txt 2>&1; echo "benchB$k rc=$?" >> $LOG/summary.txt
done
GNEST_TEST_BACKENDS=auto,flat,lazynp,freelaunch,agg,lazynp-cta,hier gtest struct 60 tests/bin/test_gpu_structure --jobs 4 --short-filename
SANITIZE_ALGOS=color SANITIZE_BACKENDS="flat lazynp" SANITIZE_CONFIGS=default timeout 90 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
finish
for v in A1 B1 A2 B2; do echo "== $v"; grep -a -A7 "^input  *algorithm" $LOG/bench$v.txt | grep -a -v "^!\|^peer\|^input" | awk '{print $1, $3, $4, $5, $6}'; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/colorA.log $LOG/colorB.log $LOG/struct.log | head -20
grep -a "ERROR SUMMARY\|RACECHECK SUMMARY" $LOG/sanitize.txt | grep -v " 0 errors\| 0 hazards" | head; grep -a -c "0 errors\|0 hazards" $LOG/sanitize.txt
