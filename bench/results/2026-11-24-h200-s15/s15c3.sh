#!/usr/bin/env bash
# Session 15, call 3: where the device spins in the hang (call 2: agg with launch_limit=64 and
# many launches a level, rounds coloring, GPU 100 % busy, host in a copy). libB = the main build
# with color_state::lowest_from trapping (unspecified launch failure) and highest_to writing to
# address 16 (illegal address) when P(v) is empty, instead of scanning on past v's words.
# Each hanging variant of call 2, up to 8 runs, killed after 8 s.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/b && xz -dc devpack/libB.so.xz > /tmp/w/b/libgnest.so.0
cd /tmp/w/m
G=$REPO/devpack/clq
v=0
while read -r backend q cfg; do
  v=$((v + 1))
  for lib in b m; do
    hung=0; ok=0; other=""
    for r in 1 2 3 4 5 6 7 8; do
      LD_LIBRARY_PATH=/tmp/w/$lib:/tmp/w/m/lib:/tmp/w/m/.devlibs setsid timeout -s KILL 8 bin/gnest-cli color $G/clique$q.txt --symmetrize --backend $backend --color-method rounds --options "$cfg" < /dev/null > $LOG/v$v-$lib-$r.log 2>&1
      rc=$?
      if [ $rc = 0 ]; then ok=$((ok + 1)); elif [ $rc = 137 ]; then hung=$((hung + 1)); else other="$other rc=$rc: $(grep -a -i 'error\|fail' $LOG/v$v-$lib-$r.log | head -n 1 | cut -c1-200)"; fi
    done
    echo "v$v lib=$lib $backend clique$q [$cfg]: $ok ok, $hung hung;$other" >> $LOG/summary.txt
  done
done <<'VARIANTS'
agg 63 granularity=none coarsening=16 launch_limit=64
agg 63 granularity=none threshold=2 coarsening=16 launch_limit=64
agg 63 granularity=block threshold=32 agg_threshold=64 launch_limit=64
VARIANTS
finish
