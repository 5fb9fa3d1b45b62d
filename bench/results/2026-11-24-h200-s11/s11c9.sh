#!/usr/bin/env bash
# Session 11, call 9: RMAT scale 26 (2.1 billion arcs) on one H200: TC by tc_method=hash, and
# coloring by color_method=async (neither re-run at this scale since they landed).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
SCALE=26 ALGOS="tc color" CHECK= TIMEOUT=200 OUT=$OUT scripts/scale-bench.sh > $LOG/scale26.txt 2>&1
echo "scale rc=$?" >> $LOG/summary.txt
for a in tc color; do python3 -c "import json,sys; d=json.load(open('$OUT/logs/scale26-$a.json')); print('$a', d.get('reason'), d.get('iterations'), {k: d[k] for k in d if k in ('triangles','colors','num_colors')})" >> $LOG/scale26.txt 2>&1; done
finish
cat $LOG/scale26.txt
