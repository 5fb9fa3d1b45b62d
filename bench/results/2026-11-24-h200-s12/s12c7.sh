#!/usr/bin/env bash
# Session 12, call 7: coloring's fused narrow loop under register limits (GNEST_EXP_COLOR 2..8:
# launch bounds 1/6/8/6/8/4/5 CTAs of 256 per SM, chunk 8/8/8/4/4/8/4).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for M in 2 3 4 5 6 7 8; do
  GNEST_EXP_COLOR=$M timeout 100 bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --graph devdata/USA-road-NY.mtx --graph devdata/cnr-2000.mtx.xz --gen rmat:18 --gen grid:1000x1000 --algos color --backends lazynp --runs 9 --quiet > $LOG/color$M.txt 2>&1; echo "color$M rc=$?" >> $LOG/summary.txt
done
finish
for M in 2 3 4 5 6 7 8; do echo "== mode $M"; grep -a -A6 "^input  *algorithm" $LOG/color$M.txt | tail -5 | cut -c1-80; done
