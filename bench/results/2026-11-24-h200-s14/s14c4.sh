#!/usr/bin/env bash
# Session 14, call 4: the narrow coloring loop's back-off (GNEST_EXP_SLEEP ns after a pass that
# colored nothing; 200 at b3affda) at 0, 50, 100, 200, 500, 1000; MST on the suite (weight range
# cached on the device copy since a6df26d).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
B="bin/gnest-bench --suite bench --data devdata --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --algos color --backends flat,lazynp,freelaunch --runs 9 --quiet"
for k in 1 2; do
  for v in 0 50 100 200 500 1000; do GNEST_EXP_SLEEP=$v timeout 25 $B > $LOG/bench$v-$k.txt 2>&1; echo "bench$v-$k rc=$?" >> $LOG/summary.txt; done
done
timeout 120 bin/gnest-bench --suite bench --data devdata --algos mst --backends auto,flat,lazynp,freelaunch --runs 9 --quiet > $LOG/mst.txt 2>&1; echo "mst rc=$?" >> $LOG/summary.txt
finish
for v in 0 50 100 200 500 1000; do for k in 1 2; do echo "== $v-$k $(grep -a -A7 "^input  *algorithm" $LOG/bench$v-$k.txt | grep -a -v "^!\|^peer\|^input" | awk '{printf "%s %s %s %s | ", $1, $3, $4, $5}')"; done; done
grep -a -A5 "^input  *algorithm" $LOG/mst.txt
