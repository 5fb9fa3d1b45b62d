#!/usr/bin/env bash
# Session 15, call 14: the review's mend (one bit-width helper in base.h for io's digit widths and
# MST's key layout; host code, shown equal on the CPU): MST's GPU tests on flat, lazynp, freelaunch,
# agg, and test_cli.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg gtest mst 200 tests/bin/test_gpu_algos --jobs 14 --short-filename --timeout 180
gtest structure 120 tests/bin/test_gpu_structure --jobs 4 --short-filename
grep -a -h -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/*.log | grep -v WARN | head -20 >> $LOG/summary.txt
finish
