#!/usr/bin/env bash
# Session 12, call 13: the matrix's third group (timed out as one run in call 12), split in two,
# verbose (per-test times).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=cdp-warp,cdp-block,cdp-grid gtest g3a 280 tests/bin/test_gpu_algos --jobs 14 --short-filename --verbose
GNEST_TEST_BACKENDS=lazynp-cpu,lazynp-cross gtest g3b 280 tests/bin/test_gpu_algos --jobs 14 --short-filename --verbose
finish
grep -a "\[PASS\]\|\[FAIL\]\|\[RUN \]" $LOG/g3a.log $LOG/g3b.log | grep -o "gpu_[a-z_]*::[a-z_0-9]*: ([0-9.]*s)" | sort -t'(' -k2 -rn | head -12
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/g3a.log $LOG/g3b.log | head -30
