#!/usr/bin/env bash
# Session 12, call 16: MST per-component steps (hook, jumps, relabel) in one cooperative kernel a round; the
# first sort over the id bits only: MST tests on every backend, structure, sanitizers, bench, ncu.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest mstA 250 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest mstB 250 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_BACKENDS=auto,cpu,flat,lazynp,freelaunch,agg,lazynp-cta,hier gtest struct 150 tests/bin/test_gpu_structure --jobs 4 --short-filename
SANITIZE_ALGOS=mst SANITIZE_BACKENDS="flat lazynp freelaunch" SANITIZE_CONFIGS=default timeout 150 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
timeout 150 bin/gnest-bench --suite bench --data devdata --gen rmat:18 --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos mst --backends auto,flat,lazynp,freelaunch --runs 9 --quiet > $LOG/mst.txt 2>&1; echo "mst rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 60 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos mst --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncu.txt 2>&1
finish
grep -a -A9 "^input  *algorithm" $LOG/mst.txt | cut -c1-150
grep -a "ERROR SUMMARY" $LOG/sanitize.txt | grep -v " 0 errors" | head; tail -1 $LOG/sanitize.txt
grep -a -E "^\s+[a-z_].*\(|gpu__time_duration.sum" $LOG/ncu.txt | sed -E 's/\(const .*//' | cut -c1-120 | paste - - | awk '{print $1, $2, $(NF-2), $(NF-1), $NF}' | head -30
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/mstA.log $LOG/mstB.log $LOG/struct.log | head -30
