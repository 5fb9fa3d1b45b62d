#!/usr/bin/env bash
# Session 16, call 13: the narrow kernel's hang with more than 32 vertices a thread (call 12).
# libB by GNEST_EXP_W: 0 = head; 1 = own mask and set read volatile; 2 = trap on an empty set;
# 3 = the vertices past the first 32 visited without the mask pre-check. grid 2900x2900 (31
# vertices a thread) and 3000x3000 (33-34), 25 s each.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/b:/tmp/w/m/lib:/tmp/w/m/.devlibs
run() { GNEST_EXP_W=$1 setsid timeout -s KILL 25 bin/gnest-bench --gen $2 --algos color --backends flat --runs 1 --warmup 0 --quiet > $LOG/w$1-$2.txt 2>&1 < /dev/null; echo "== W$1 $2 rc=$?" >> $LOG/summary.txt; grep -a -E "^[^ ]+ +color |rror" $LOG/w$1-$2.txt | head -n 3 >> $LOG/summary.txt; }
run 0 grid:2900x2900
run 0 grid:3000x3000
run 1 grid:3000x3000
run 2 grid:3000x3000
run 3 grid:3000x3000
finish
