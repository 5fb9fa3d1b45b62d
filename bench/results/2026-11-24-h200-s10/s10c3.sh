#!/usr/bin/env bash
# Session 10, call 3: narrow coloring reads its entries in chunks (ILP): A/B against call 2's
# build (alternating, alone), ncu at the device's own clocks, and the coloring tests.
source devpack/common.sh
unpack base /tmp/w/b
unpack main /tmp/w/m
bin=/tmp/w/m/bin
( cd /tmp/w/m && LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1 )
benchab() { # $1 = b|m, $2 = round
  ( cd /tmp/w/$1 && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
    timeout 100 bin/gnest-bench --graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz \
      --algos color --backends lazynp,freelaunch --runs 9 --no-cpu --quiet --json $LOG/ab-$1-$2.json > $LOG/ab-$1-$2.txt 2>&1 )
}
for r in 1 2; do benchab b $r; benchab m $r; done
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
NCU="/usr/local/cuda/bin/ncu --clock-control none --cache-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 100 $NCU bin/gnest-cli color devdata/USA-road-FLA.mtx.xz --backend lazynp > $LOG/ncu-fla.txt 2>&1
timeout 100 $NCU bin/gnest-cli color /tmp/r20.gnest --backend lazynp > $LOG/ncu-r20.txt 2>&1
GNEST_TEST_ALGOS=color gtest color 400 tests/bin/test_gpu_algos --jobs 8 --short-filename
finish
for f in $LOG/ab-*.txt; do echo "== $f"; grep -a " color" $f; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/color.log | head -30
grep -a -A1 "^  [a-z].*(" $LOG/ncu-*.txt | grep -v "^--" | sed 's/(.*Invocations/ inv/' | head -40
