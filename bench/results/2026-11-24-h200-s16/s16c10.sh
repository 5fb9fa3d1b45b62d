#!/usr/bin/env bash
# Session 16, call 10: the head's tree: the new big test (the narrow coloring kernel on a graph
# past 2^31 arcs, 64-bit offsets: C_n(1..15), n = 71,582,789) on flat, lazynp and lazynp-cpu;
# then every algorithm on group A.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
GNEST_TEST_BIG=1 GNEST_TEST_BACKENDS=flat,lazynp,lazynp-cpu gtest big-narrow 300 tests/bin/test_gpu_big --filter 'big/device_narrow_coloring_on_64_bit_offsets' --jobs 1 --verbose
grep -a "C_n(1..15)" $LOG/big-narrow.log | head -5 >> $LOG/summary.txt
GNEST_TEST_BACKENDS=$GA gtest algosA 280 tests/bin/test_gpu_algos --jobs 14 --timeout 200
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/big-narrow.log $LOG/algosA.log | grep -v WARN | head -30 >> $LOG/summary.txt
finish
