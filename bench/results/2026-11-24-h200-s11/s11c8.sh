#!/usr/bin/env bash
# Session 11, call 8: final build (TC's orientation and selects as in call 5; the step-aware
# gn_aggregated_increment for coloring's split and MST's filter): TC, coloring, MST timings;
# tests on the backends call 7 did not cover.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1
bin/gnest-gen rmat --scale 14 --undirected -o /tmp/r14.gnest > /dev/null 2>&1
G="--graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz"
for r in 1 2; do timeout 100 bin/gnest-bench $G --algos tc --backends auto,flat,lazynp,freelaunch --runs 7 --no-cpu --quiet --json $LOG/tc-$r.json > $LOG/tc-$r.txt 2>&1; done
timeout 120 bin/gnest-bench $G --algos color,mst --backends auto,lazynp,freelaunch --runs 7 --no-cpu --quiet --json $LOG/cm.json > $LOG/cm.txt 2>&1
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest --output /tmp/o1.txt > $LOG/memcheck-tc.txt 2>&1; echo "memcheck tc rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli mst $REPO/devpack/mst-forest.gnest --backend freelaunch > $LOG/memcheck-mst.txt 2>&1; echo "memcheck mst rc=$?" >> $LOG/summary.txt
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch GNEST_TEST_ALGOS=tc,mst,color gtest algos1 200 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_BACKENDS=naive-dp,hier,cdp-block,cdp-grid,lazynp-warp GNEST_TEST_ALGOS=tc,color gtest algos2 200 tests/bin/test_gpu_algos --jobs 12 --short-filename --filter 'gpu_methods/*'
gtest structure 100 tests/bin/test_gpu_structure --jobs 4 --short-filename --filter 'gpu_structure/@(triangles|coloring)*'
finish
for f in $LOG/tc-*.txt $LOG/cm.txt; do echo "== $f"; grep -a " tc\| mst\| color" $f | cut -c1-130; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/algos1.log $LOG/algos2.log $LOG/structure.log | head -30
grep -a "ERROR SUMMARY" $LOG/memcheck-*.txt
