#!/usr/bin/env bash
# Session 15, call 4: the hang (agg none, launch_limit=64, rounds coloring on clique63) is not
# a spin in the coloring code (call 3: with lowest_from / highest_to trapping on an empty P it
# hangs as before). Which pool sizes hang, and which ticket budget / chain length stops it:
# libB = main + GNEST_EXP_BUDGET (tickets a pass), GNEST_EXP_CHAIN (levels a chain),
# GNEST_EXP_SHOW (prints the pool as set). Up to 12 runs each, killed after 8 s, stopping at
# the first hang.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/b:/tmp/w/m/lib:/tmp/w/m/.devlibs
G=$REPO/devpack/clq
v=0
while read -r envs q cfg; do
  v=$((v + 1)); hung=0; ok=0; other=""
  for r in $(seq 1 12); do
    env GNEST_EXP_SHOW=1 ${envs//,/ } setsid timeout -s KILL 8 bin/gnest-cli color $G/clique$q.txt --symmetrize --backend agg --color-method rounds --options "$cfg" < /dev/null > $LOG/v$v-$r.log 2>&1
    rc=$?
    if [ $rc = 0 ]; then ok=$((ok + 1)); elif [ $rc = 137 ]; then hung=1; break; else other="$other rc=$rc: $(grep -a -i 'error\|fail' $LOG/v$v-$r.log | head -n 1 | cut -c1-200)"; fi
  done
  echo "v$v [$envs] clique$q [$cfg]: $ok ok, hung=$hung; $(grep -a '^exp' $LOG/v$v-1.log | head -n 1); $(grep -a -o 'launches: [^e]*' $LOG/v$v-1.log)$other" >> $LOG/summary.txt
done <<'VARIANTS'
X=0 63 granularity=none launch_limit=64
X=0 63 granularity=none launch_limit=48
X=0 63 granularity=none launch_limit=56
X=0 63 granularity=none launch_limit=72
X=0 63 granularity=none launch_limit=80
X=0 63 granularity=none launch_limit=96
GNEST_EXP_BUDGET=0 63 granularity=none launch_limit=64
GNEST_EXP_CHAIN=1 63 granularity=none launch_limit=64
GNEST_EXP_CHAIN=4 63 granularity=none launch_limit=64
GNEST_EXP_BUDGET=16 63 granularity=none launch_limit=64
GNEST_EXP_BUDGET=8 63 granularity=none launch_limit=64
GNEST_EXP_BUDGET=16,GNEST_EXP_CHAIN=4 63 granularity=none launch_limit=64
GNEST_EXP_BUDGET=24,GNEST_EXP_CHAIN=1 63 granularity=none launch_limit=32
GNEST_EXP_BUDGET=60,GNEST_EXP_CHAIN=1 63 granularity=none launch_limit=64
GNEST_EXP_BUDGET=32,GNEST_EXP_CHAIN=12 63 granularity=none launch_limit=128
VARIANTS
finish
