#!/usr/bin/env bash
# Session 15, call 13: which vertices a thread of coloring's narrow kernel owns. main: grid-
# stride (v = thread + k x threads); libB with GNEST_EXP_MAP=1: a run of consecutive vertices a
# thread; =2: a run of 256 x per vertices a CTA, lane-strided inside it (coalesced as before).
# On a road graph neighbours have near ids, so a predecessor visited earlier in the same pass by
# the same thread (1) or CTA (2) can unblock a vertex without waiting a pass. A/B alternating,
# then the coloring tests (group A) with each mapping, bounded.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LB=/tmp/w/b:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
for k in 1 2; do
  for v in main map0 map1 map2; do
    case $v in main) L=$LD_LIBRARY_PATH; E=X=0;; map0) L=$LB; E=X=0;; map1) L=$LB; E=GNEST_EXP_MAP=1;; map2) L=$LB; E=GNEST_EXP_MAP=2;; esac
    LD_LIBRARY_PATH=$L env $E setsid timeout -s KILL 60 $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1 < /dev/null
    echo "== $v $k rc=$?" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
GA=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched
for m in 1 2; do
  LD_LIBRARY_PATH=$LB GNEST_EXP_MAP=$m GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$GA gtest colorA-map$m 90 tests/bin/test_gpu_algos --jobs 12 --timeout 60
done
grep -a -h -B2 -A8 'Assertion\|CRASH\|Timeout' $LOG/colorA-map*.log | grep -v WARN | head -20 >> $LOG/summary.txt
finish
