#!/usr/bin/env bash
# Session 12, call 4: lanes from the arcs' mean degree, stretch bound = one round; tests
# (flat/levelsched matrix, sched, cli), and flat (lanes rule) against auto/freelaunch/lazynp on
# skewed graphs for the traversals (selector evidence); the traversal suite.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
gtest sched 100 tests/bin/test_gpu_sched --jobs 4 --short-filename
GNEST_TEST_BACKENDS=flat,levelsched gtest flat 200 tests/bin/test_gpu_algos --jobs 12 --short-filename
gtest cli 150 tests/bin/test_cli --jobs 8 --short-filename
timeout 200 bin/gnest-bench --gen rmat:16 --gen rmat:18 --graph devdata/wiki-Vote.txt --graph devdata/ca-AstroPh.txt --graph devdata/email-Eu-core.csv --graph devdata/facebook_combined.txt --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos bfs,sssp,bc --backends auto,flat,freelaunch,lazynp --runs 5 --quiet --json $LOG/skew.json > $LOG/skew.txt 2>&1; echo "skew rc=$?" >> $LOG/summary.txt
timeout 150 bin/gnest-bench --suite bench --data devdata --algos bfs,sssp,bc --backends auto,flat,freelaunch,lazynp --runs 5 --quiet --json $LOG/trav.json > $LOG/trav.txt 2>&1; echo "trav rc=$?" >> $LOG/summary.txt
finish
grep -a -A30 "^input  *algorithm" $LOG/skew.txt | cut -c1-150
grep -a -A12 "^input  *algorithm" $LOG/trav.txt | cut -c1-170
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/sched.log $LOG/flat.log $LOG/cli.log | head -40
