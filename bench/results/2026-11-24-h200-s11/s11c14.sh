#!/usr/bin/env bash
# Session 11, call 14: the traversals' threshold from the mean degree when none is given (run.c):
# the suite, and the traversal tests on the main backends.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
timeout 200 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch \
  --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
bin/gnest-cli bfs devdata/cnr-2000.mtx.xz > $LOG/cnr-bfs.txt 2>&1
gtest sched 100 tests/bin/test_gpu_sched --jobs 4 --short-filename
gtest dlink 100 tests/bin/test_gpu_dlink --jobs 4 --short-filename
GNEST_TEST_BACKENDS=flat,freelaunch,lazynp,lazynp-cta,agg GNEST_TEST_ALGOS=bfs,sssp,bc gtest trav 280 tests/bin/test_gpu_algos --jobs 12 --short-filename
finish
tail -32 $LOG/suite.txt | cut -c1-160
grep -a "backend:" $LOG/cnr-bfs.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/sched.log $LOG/dlink.log $LOG/trav.log | head -40
