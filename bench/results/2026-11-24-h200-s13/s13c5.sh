#!/usr/bin/env bash
# Session 13, call 5: why MST's star_huge_hub test takes 150 s (A: this build, C: HEAD b8cfae5
# lib under the same test binary); coloring at kColorChunk 4 (HEAD's loop): tests, bench.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/libC && xz -dc devpack/libC/libgnest.so.0.xz > /tmp/w/libC/libgnest.so.0
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
S="bin/gnest-bench --graph devdata/star100k.gnest --algos mst --backends flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched --runs 3 --no-cpu"
timeout 60 $S > $LOG/starA.txt 2>&1; echo "starA rc=$?" >> $LOG/summary.txt
LD_LIBRARY_PATH=/tmp/w/libC:$PWD/.devlibs timeout 60 $S > $LOG/starC.txt 2>&1; echo "starC rc=$?" >> $LOG/summary.txt
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat gtest tstarA 100 tests/bin/test_gpu_algos --filter 'gpu_graphs/star_huge_hub' --verbose
LD_LIBRARY_PATH=/tmp/w/libC:$PWD/.devlibs GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat gtest tstarC 100 tests/bin/test_gpu_algos --filter 'gpu_graphs/star_huge_hub' --verbose
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched gtest colorA 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest colorB 100 tests/bin/test_gpu_algos --jobs 12 --short-filename
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends auto,flat,lazynp --runs 9 --quiet"
timeout 60 $B > $LOG/bench.txt 2>&1; echo "bench rc=$?" >> $LOG/summary.txt
finish
for v in A C; do echo "== star $v"; grep -a -A3 "^input  *algorithm" $LOG/star$v.txt | cut -c1-150; grep -a "Synthesis\|PASS\|FAIL" $LOG/tstar$v.log | tail -2; done
grep -a -A12 "^input  *algorithm" $LOG/bench.txt | grep -a -v "^!\|^peer" | cut -c1-120
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/colorA.log $LOG/colorB.log | head -30
