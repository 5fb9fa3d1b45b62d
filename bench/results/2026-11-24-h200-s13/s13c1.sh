#!/usr/bin/env bash
# Session 13, call 1: MST's packed key (no tie pass, one keys-only sort) and coloring's prefetched
# visit start (A: this build, launch bounds 1024,1; B: no launch bounds; C: HEAD b8cfae5).
# MST and coloring tests on every backend (A), bench A/B/C, ncu of A on USA-road-FLA.
source devpack/common.sh
unpack main /tmp/w/m
for v in C; do mkdir -p /tmp/w/lib$v && xz -dc devpack/lib$v/libgnest.so.0.xz > /tmp/w/lib$v/libgnest.so.0; done
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color,mst --backends auto,flat,lazynp --runs 9 --quiet"
timeout 100 $B > $LOG/benchA.txt 2>&1; echo "benchA rc=$?" >> $LOG/summary.txt

LD_LIBRARY_PATH=/tmp/w/libC:$PWD/.devlibs timeout 100 $B > $LOG/benchC.txt 2>&1; echo "benchC rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 60 $NCU bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --algos mst,color --backends flat --runs 1 --warmup 0 --no-cpu > $LOG/ncu.txt 2>&1
GNEST_TEST_ALGOS=mst,color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest testA 200 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=mst,color GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest testB 150 tests/bin/test_gpu_algos --jobs 12 --short-filename
finish
for v in A C; do echo "== $v"; grep -a -A12 "^input  *algorithm" $LOG/bench$v.txt | cut -c1-130; done
grep -a -E "^\s+[a-z_].*\(|gpu__time_duration.sum" $LOG/ncu.txt | sed -E 's/\(.*//' | cut -c1-120 | paste - - | awk '{print $1, $2, $(NF-2), $(NF-1), $NF}' | head -40
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/testA.log $LOG/testB.log | head -40
