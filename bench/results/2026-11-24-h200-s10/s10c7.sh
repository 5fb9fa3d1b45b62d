#!/usr/bin/env bash
# Session 10, call 7: the benchmark suite on the final build (README's table), alone; then the
# structure tests (the clique by both coloring methods) and the persistent backends' loops after
# the cooperative launch moved into the engine.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
timeout 280 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch \
  --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
gtest structure 140 tests/bin/test_gpu_structure --jobs 4 --short-filename
GNEST_TEST_BACKENDS=flat,freelaunch,levelsched GNEST_TEST_ALGOS=bfs,tree-heights gtest coop 120 tests/bin/test_gpu_algos --jobs 12 --short-filename --filter 'gpu_@(graphs|trees|bfs_direction)/*'
finish
tail -34 $LOG/suite.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/structure.log $LOG/coop.log | head -30
