#!/usr/bin/env bash
# Session 13, call 15: the suite at the session's head (README's table and plots).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
timeout 220 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
GNEST_TEST_ALGOS=mst,color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched,hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross gtest mc 200 tests/bin/test_gpu_algos --jobs 14 --short-filename
finish
grep -a -A24 "^input  *algorithm" $LOG/suite.txt | cut -c1-150
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/mc.log | head -20
