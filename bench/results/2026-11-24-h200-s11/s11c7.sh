#!/usr/bin/env bash
# Session 11, call 7: one step-aware gn_aggregated_increment (coloring's split, MST's filter, TC's
# orientation), tc_lists_kernel instead of two selects; test_cli's registry test runs bc; the
# merged gpu_methods suite split by backends.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1
bin/gnest-gen rmat --scale 14 --undirected -o /tmp/r14.gnest > /dev/null 2>&1
G="--graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz"
for r in 1 2; do timeout 100 bin/gnest-bench $G --algos tc --backends auto,flat,lazynp,freelaunch --runs 7 --no-cpu --quiet --json $LOG/tc-$r.json > $LOG/tc-$r.txt 2>&1; done
timeout 120 bin/gnest-bench $G --algos color,mst --backends auto,lazynp,freelaunch --runs 7 --no-cpu --quiet --json $LOG/cm.json > $LOG/cm.txt 2>&1
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 60 $NCU bin/gnest-bench --graph devdata/cnr-2000.mtx.xz --algos tc --backends auto --runs 2 --no-cpu --quiet > $LOG/ncu-cnr.txt 2>&1
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest --output /tmp/o1.txt > $LOG/memcheck-tc.txt 2>&1; echo "memcheck tc rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli mst $REPO/devpack/mst-forest.gnest --backend lazynp > $LOG/memcheck-mst.txt 2>&1; echo "memcheck mst rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli color /tmp/r14.gnest --backend lazynp > $LOG/memcheck-color.txt 2>&1; echo "memcheck color rc=$?" >> $LOG/summary.txt
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,lazynp-cta GNEST_TEST_ALGOS=tc,mst,color gtest algos1 280 tests/bin/test_gpu_algos --jobs 12 --short-filename
GNEST_TEST_BACKENDS=lazynp-cross,cdp-warp,agg GNEST_TEST_ALGOS=tc,mst gtest algos2 150 tests/bin/test_gpu_algos --jobs 12 --short-filename --filter 'gpu_@(methods|graphs|real)/*'
GNEST_TEST_BACKENDS=auto,cpu,flat,naive-dp,hier,cdp-warp,cdp-block,cdp-grid,agg,lazynp,lazynp-cta,freelaunch,levelsched,lazynp-cpu,lazynp-cross gtest structure 150 tests/bin/test_gpu_structure --jobs 4 --short-filename
gtest cli 120 tests/bin/test_cli --jobs 4 --short-filename
finish
for f in $LOG/tc-*.txt $LOG/cm.txt; do echo "== $f"; grep -a " tc\| mst\| color" $f | cut -c1-130; done
grep -a "duration\|^  [a-z]" $LOG/ncu-cnr.txt | sed 's/(.*Invocations/ inv/' | paste - - | awk '{print $(NF-2), $0}' | cut -c1-110
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/algos1.log $LOG/algos2.log $LOG/structure.log $LOG/cli.log | head -30
grep -a "ERROR SUMMARY" $LOG/memcheck-*.txt
