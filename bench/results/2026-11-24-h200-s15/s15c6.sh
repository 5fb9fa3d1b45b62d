#!/usr/bin/env bash
# Session 15, call 6: coloring on the road graph, where the call's time goes outside the narrow
# kernel. libB = main + GNEST_EXP_EV (events after the all-ones memset and after the kernel:
# start->memset done, ->kernel done, ->stop) and GNEST_EXP_PRE (the narrow buffers' allocation and
# the resident-grid query before the timer starts, as color_alloc's buffers already are).
# A/B: main vs libB with PRE, alternating, gnest-bench color on FLA, NY, grid, cnr-2000.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
B="bin/gnest-bench --suite bench --data devdata --algos color --backends flat,lazynp,freelaunch --quiet"
LD_LIBRARY_PATH=/tmp/w/b:$LD_LIBRARY_PATH GNEST_EXP_EV=1 bin/gnest-bench --suite bench --data devdata --algos color --backends flat --runs 9 --quiet > $LOG/ev.txt 2>&1
LD_LIBRARY_PATH=/tmp/w/b:$LD_LIBRARY_PATH GNEST_EXP_EV=1 GNEST_EXP_PRE=1 bin/gnest-bench --suite bench --data devdata --algos color --backends flat --runs 9 --quiet > $LOG/ev-pre.txt 2>&1
echo "ev (base):" >> $LOG/summary.txt; grep -a exp-ev $LOG/ev.txt | tail -n 6 >> $LOG/summary.txt
echo "ev (pre):" >> $LOG/summary.txt; grep -a exp-ev $LOG/ev-pre.txt | tail -n 6 >> $LOG/summary.txt
for k in 1 2 3; do
  for v in base pre; do
    if [ $v = pre ]; then L=/tmp/w/b:$LD_LIBRARY_PATH; E=GNEST_EXP_PRE=1; else L=$LD_LIBRARY_PATH; E=X=0; fi
    LD_LIBRARY_PATH=$L env $E $B --graph devdata/USA-road-NY.mtx --gen grid:1000x1000 --runs 9 > $LOG/ab-$v-$k.txt 2>&1
    echo "== $v $k" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
finish
