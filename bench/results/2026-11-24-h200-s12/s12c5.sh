#!/usr/bin/env bash
# Session 12, call 5: the selector sends skewed traversals with hubs <= 4096 arcs to flat (a warp
# per item); auto's tests, cli, sched, structure (auto, flat); the full suite; the skewed set.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=auto gtest auto 200 tests/bin/test_gpu_algos --jobs 12 --short-filename
gtest cli 150 tests/bin/test_cli --jobs 8 --short-filename
GNEST_TEST_BACKENDS=auto,flat gtest struct 150 tests/bin/test_gpu_structure --jobs 4 --short-filename
timeout 280 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
timeout 120 bin/gnest-bench --gen rmat:16 --graph devdata/wiki-Vote.txt --graph devdata/ca-AstroPh.txt --graph devdata/email-Eu-core.csv --graph devdata/facebook_combined.txt --algos bfs,sssp,bc --backends auto,flat,freelaunch,lazynp --runs 5 --quiet --json $LOG/skew.json > $LOG/skew.txt 2>&1; echo "skew rc=$?" >> $LOG/summary.txt
finish
grep -a -A24 "^input  *algorithm" $LOG/suite.txt | cut -c1-175
grep -a -A18 "^input  *algorithm" $LOG/skew.txt | cut -c1-130 | tail -4
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/auto.log $LOG/cli.log $LOG/struct.log | head -40
