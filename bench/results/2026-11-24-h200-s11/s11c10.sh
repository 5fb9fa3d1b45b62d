#!/usr/bin/env bash
# Session 11, call 10: TC's one-thread lists in registers, each N+(v) streamed (m) against the
# binary-search thread path of calls 5-8 (b: the same build with the committed library).
source devpack/common.sh
unpack main /tmp/w/m
cp -a /tmp/w/m /tmp/w/b && xz -dc devpack/base-lib.xz > /tmp/w/b/lib/libgnest.so.0.3.0
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1
bin/gnest-gen rmat --scale 14 --undirected -o /tmp/r14.gnest > /dev/null 2>&1
G="--graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz"
benchab() { ( cd /tmp/w/$1 && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
  timeout 100 bin/gnest-bench $G --algos tc --backends auto,flat,lazynp,freelaunch --sweep tc_method=search,hash --runs 7 --no-cpu --quiet --json $LOG/ab-$1-$2.json > $LOG/ab-$1-$2.txt 2>&1 ) ; }
benchab m 1; benchab b 1; benchab m 2; benchab b 2
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest --output /tmp/o1.txt > $LOG/memcheck-tc.txt 2>&1; echo "memcheck tc rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 60 $NCU -k regex:tc_hash bin/gnest-bench --graph devdata/cnr-2000.mtx.xz --algos tc --backends lazynp --runs 2 --no-cpu --quiet > $LOG/ncu-cnr.txt 2>&1
GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,lazynp-cross,cdp-block GNEST_TEST_ALGOS=tc gtest tc 200 tests/bin/test_gpu_algos --jobs 12 --short-filename
gtest cliques 100 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter 'gpu_structure/triangles*'
finish
for f in $LOG/ab-*.txt; do echo "== $f"; grep -a " tc" $f | cut -c1-200; done
grep -a "duration" $LOG/ncu-cnr.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/tc.log $LOG/cliques.log | head -30
grep -a "ERROR SUMMARY" $LOG/memcheck-*.txt
