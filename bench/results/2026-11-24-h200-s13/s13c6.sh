#!/usr/bin/env bash
# Session 13, call 6: MST's sort keyed by arc (sorted rows), the level-0 load restored; MST tests
# on every backend, structure, cli, sanitizers (MST and coloring), the suite (README's table),
# ncu per launch of MST on USA-road-FLA.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest mstA 150 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest mstB 130 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_BACKENDS=auto,cpu,flat,naive-dp,hier,cdp-warp,cdp-block,cdp-grid,agg,lazynp,lazynp-cta,freelaunch,levelsched,lazynp-cpu,lazynp-cross gtest struct 60 tests/bin/test_gpu_structure --jobs 4 --short-filename
gtest cli 80 tests/bin/test_cli --jobs 8 --short-filename
SANITIZE_ALGOS="mst color" SANITIZE_BACKENDS="flat lazynp" SANITIZE_CONFIGS=default timeout 120 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
timeout 200 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 40 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos mst --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncu.txt 2>&1
finish
grep -a -A24 "^input  *algorithm" $LOG/suite.txt | cut -c1-150
grep -a -E "^  [a-z_].*\(|gpu__time_duration.sum" $LOG/ncu.txt | sed -E 's/\(.*Invocations/ x/; s/<cub::policy_hub.*//' | cut -c1-100 | paste - - | awk '{print $1, $2, $3, $4, $(NF-2), $(NF-1), $NF}'
grep -a "ERROR SUMMARY" $LOG/sanitize.txt | grep -v " 0 errors" | head; grep -a -c "ERROR SUMMARY: 0 errors" $LOG/sanitize.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/mstA.log $LOG/mstB.log $LOG/struct.log $LOG/cli.log | head -30
