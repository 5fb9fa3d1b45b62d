#!/usr/bin/env bash
# Session 13, call 14: MST level 0 keeps no live stamps and pushes nothing (round 1 takes every
# vertex); MST tests, structure twice, sanitizers, bench, ncu.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest mstA 150 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest mstB 130 tests/bin/test_gpu_algos --jobs 12 --short-filename
for k in 1 2; do GNEST_TEST_BACKENDS=auto,flat,lazynp,freelaunch,agg,lazynp-cta,hier,cdp-warp,cdp-block,cdp-grid,naive-dp gtest struct$k 60 tests/bin/test_gpu_structure --jobs 4 --short-filename; done
SANITIZE_ALGOS=mst SANITIZE_BACKENDS="flat lazynp freelaunch" SANITIZE_CONFIGS=default timeout 120 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
timeout 100 bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos mst --backends auto,flat,lazynp,freelaunch --runs 9 --quiet > $LOG/bench.txt 2>&1; echo "bench rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum"
timeout 40 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos mst --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncu.txt 2>&1
finish
grep -a -A12 "^input  *algorithm" $LOG/bench.txt | grep -a -v "^!\|^peer" | cut -c1-130
grep -a -E "^  [a-z_].*\(|gpu__time_duration.sum" $LOG/ncu.txt | sed -E 's/\(.*//; s/<cub::policy_hub.*//; s/gpu__time_duration.sum *us *//' | paste - - | awk '{print ($1=="void" ? $2 : $1), $NF}' | awk '{k=$1; if (k==last) {line=line" "$2} else {if (line) print line; line=k": "$2; last=k}} END {print line}' | cut -c1-200
grep -a "ERROR SUMMARY" $LOG/sanitize.txt | grep -v " 0 errors" | head; grep -a -c "ERROR SUMMARY: 0 errors" $LOG/sanitize.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/mstA.log $LOG/mstB.log $LOG/struct1.log $LOG/struct2.log | head -30
