#!/usr/bin/env bash
# Session 13, call 10: call 7's test_gpu_structure run again as it was (4 jobs), traced, twice.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for k in 1 2; do
GNEST_TEST_TRACE=1 GNEST_TEST_BACKENDS=auto,flat,lazynp,freelaunch,agg,lazynp-cta,hier gtest struct$k 60 tests/bin/test_gpu_structure --jobs 4 --short-filename --verbose
done
finish
for k in 1 2; do echo "== $k"; grep -a -v WARN $LOG/struct$k.log | tail -8; done
