#!/usr/bin/env bash
# Session 11, call 5: final build (tc_method=auto picks search when no vertex has more than 8
# arcs): the benchmark suite (README's table), TC tests, the CLI's method tests on a device.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
timeout 300 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,flat,lazynp,freelaunch \
  --quiet --json $LOG/suite.json > $LOG/suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
GNEST_TEST_ALGOS=tc gtest tcalgos 200 tests/bin/test_gpu_algos --jobs 8 --short-filename
gtest cliques 100 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter 'gpu_structure/triangles_of_cliques'
gtest climethod 100 tests/bin/test_cli --jobs 4 --short-filename --filter 'cli/*method*'
bin/gnest-cli tc devdata/USA-road-FLA.mtx.xz > $LOG/fla.txt 2>&1
finish
tail -34 $LOG/suite.txt
grep -a "backend:" $LOG/fla.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/tcalgos.log $LOG/cliques.log $LOG/climethod.log | head -30
