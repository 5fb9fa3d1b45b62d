#!/usr/bin/env bash
# Session 12, call 12: the GPU test matrix's other half, the other GPU test programs, test_cli,
# and the suite (README's table).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=cdp-warp,cdp-block,cdp-grid,lazynp-cpu,lazynp-cross gtest g3 250 tests/bin/test_gpu_algos --jobs 14 --short-filename
gtest sched 100 tests/bin/test_gpu_sched --jobs 4 --short-filename
gtest dlink 100 tests/bin/test_gpu_dlink --jobs 4 --short-filename
gtest hybrid 150 tests/bin/test_gpu_hybrid --jobs 4 --short-filename
gtest oom 100 tests/bin/test_gpu_oom --jobs 2 --short-filename
GNEST_TEST_BACKENDS=auto,cpu,flat,naive-dp,hier,cdp-warp,cdp-block,cdp-grid,agg,lazynp,lazynp-cta,freelaunch,levelsched,lazynp-cpu,lazynp-cross gtest struct 150 tests/bin/test_gpu_structure --jobs 4 --short-filename
gtest cli 150 tests/bin/test_cli --jobs 8 --short-filename
timeout 280 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
finish
grep -a -A24 "^input  *algorithm" $LOG/suite.txt | cut -c1-175
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/g3.log $LOG/sched.log $LOG/dlink.log $LOG/hybrid.log $LOG/oom.log $LOG/struct.log $LOG/cli.log | head -40
