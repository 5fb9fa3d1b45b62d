#!/usr/bin/env bash
# Session 12, call 15: MST on graphs without the light/heavy split: a filter pass after R rounds
# (GNEST_EXP_MST_REFILTER=R, experiment) drops the arcs inside components; sweep and tests.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for R in 0 1 2 3 4; do
  GNEST_EXP_MST_REFILTER=$R timeout 100 bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --gen rmat:16:2 --algos mst --backends flat,lazynp --runs 9 --quiet > $LOG/r$R.txt 2>&1; echo "r$R rc=$?" >> $LOG/summary.txt
done
GNEST_EXP_MST_REFILTER=2 GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg gtest t2 150 tests/bin/test_gpu_algos --jobs 14 --short-filename
GNEST_EXP_MST_REFILTER=1 GNEST_TEST_ALGOS=mst GNEST_TEST_BACKENDS=flat,lazynp,hier,cdp-warp gtest t1 150 tests/bin/test_gpu_algos --jobs 14 --short-filename
finish
for R in 0 1 2 3 4; do echo "== R $R"; grep -a -A5 "^input  *algorithm" $LOG/r$R.txt | tail -4 | cut -c1-80; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/t1.log $LOG/t2.log | head -30
