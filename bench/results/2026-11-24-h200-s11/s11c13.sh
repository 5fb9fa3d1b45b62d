#!/usr/bin/env bash
# Session 11, call 13: the threshold over the whole suite for freelaunch and lazynp (call 12:
# freelaunch with threshold 8 ran cnr-2000 BFS in 0.855 ms against 1.179 at the default 32).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
timeout 400 bin/gnest-bench --suite bench --data devdata --runs 7 --backends auto,freelaunch,lazynp --sweep threshold=4,8,16,32 \
  --quiet --json $LOG/thr-suite.json > $LOG/thr-suite.txt 2>&1; echo "suite rc=$?" >> $LOG/summary.txt
finish
grep -a "input \|rmat20 \|cnr-2000 \|USA-road\|tree4\|chain" $LOG/thr-suite.txt | grep -v "graph \|tree  " | cut -c1-330
