#!/usr/bin/env bash
# Session 14, call 14: call 13 put the hang on agg (first run; the other six backends 6 of 6).
# gnest-cli color on the test's cliques with pendants, on agg, per test configuration and color
# method (the two with launch_limit=64 three times, the others once), killed after 8 s, stopping
# at the first failure of each.
# The graphs: python3 bench/results/2026-11-24-h200-s14/clique_with_pendants.py (devpack/clq).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
i=0
while read -r reps cfg; do
  i=$((i + 1))
  for m in rounds async; do
    for k in 63 64 100 129 130 300; do
      for r in $(seq 1 $reps); do
        setsid timeout -s KILL 8 bin/gnest-cli color $REPO/devpack/clq/clique$k.txt --symmetrize --backend agg --color-method $m --options "$cfg" < /dev/null > $LOG/c$i-$m-$k-$r.log 2>&1
        rc=$?; pkill -9 -f gnest-cli
        if [ $rc != 0 ]; then echo "cfg$i [$cfg] $m clique$k run $r rc=$rc $(tail -n 2 $LOG/c$i-$m-$k-$r.log | tr '\n' ' ')" >> $LOG/summary.txt; break; fi
      done
    done
  done
done <<'CFGS'
default
granularity=none coarsening=1 threshold=2
granularity=none coarsening=16 launch_limit=64
granularity=warp coarsening=1 threshold=4
granularity=block coarsening=16 threshold=8 agg_threshold=64 schedule=static
granularity=multi-block group_size=3 coarsening=9 threshold=4 agg_threshold=4 block_size=64
granularity=grid coarsening=1 threshold=1 launch_limit=64
CFGS
echo "done: $i configurations" >> $LOG/summary.txt
finish
