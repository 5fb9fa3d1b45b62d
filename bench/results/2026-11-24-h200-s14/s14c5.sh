#!/usr/bin/env bash
# Session 14, call 5: the narrow coloring loop without back-off (call 4), plus: GNEST_EXP_SYNC (a
# grid barrier after the setup instead of the all-ones memset) and GNEST_EXP_OCC (the resident grid
# worked out once, not per call), alone and together.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends flat,lazynp,freelaunch --runs 9 --quiet"
for k in 1 2 3; do
  timeout 25 $B > $LOG/bench0-$k.txt 2>&1; echo "bench0-$k rc=$?" >> $LOG/summary.txt
  GNEST_EXP_SYNC=1 timeout 25 $B > $LOG/benchS-$k.txt 2>&1; echo "benchS-$k rc=$?" >> $LOG/summary.txt
  GNEST_EXP_OCC=1 timeout 25 $B > $LOG/benchO-$k.txt 2>&1; echo "benchO-$k rc=$?" >> $LOG/summary.txt
  GNEST_EXP_SYNC=1 GNEST_EXP_OCC=1 timeout 25 $B > $LOG/benchSO-$k.txt 2>&1; echo "benchSO-$k rc=$?" >> $LOG/summary.txt
done
finish
for v in 0 S O SO; do for k in 1 2 3; do echo "== $v-$k $(grep -a -A7 "^input  *algorithm" $LOG/bench$v-$k.txt | grep -a -v "^!\|^peer\|^input" | awk '{printf "%s %s %s %s | ", $1, $3, $4, $5}')"; done; done
