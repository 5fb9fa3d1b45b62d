#!/usr/bin/env bash
# Session 15, call 5: the fix (ticketed backends: launch_limit sets the tickets' plan, the
# device's pool is grown as without it). Each part bounded, hangs counted:
# 1) gpu_methods::clique_with_pendants on agg, 20 runs (it hung in 4 of 4 before);
# 2) gnest-cli, the four configurations that hung in call 2, 12 runs each;
# 3) test_gpu_structure on lazynp-warp, lazynp-cta, agg (MST's lazynp-warp hang), 8 runs;
# 4) test_gpu_dlink 3 runs; coloring group A 4 runs; every algorithm on agg, lazynp-cta,
#    lazynp-warp once.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
G=$REPO/devpack/clq
bounded() { # bounded NAME SECONDS CMD...: in its own process group, killed after SECONDS
  local name=$1 limit=$2; shift 2
  GNEST_TEST_TRACE=1 setsid timeout -s KILL "$limit" "$@" > "$LOG/$name.log" 2>&1 < /dev/null
  local rc=$?
  pkill -9 -f 'test_gpu_|gnest-cli' 2>/dev/null; return $rc
}
hung=0; failed=0
for k in $(seq 1 20); do
  GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=agg bounded clq$k 20 tests/bin/test_gpu_algos --filter 'gpu_methods/clique_with_pendants' --jobs 1 --verbose
  rc=$?; [ $rc = 137 ] && hung=$((hung + 1)); [ $rc != 0 ] && [ $rc != 137 ] && failed=$((failed + 1))
done
echo "1) clique_with_pendants on agg: 20 runs, $hung hung, $failed failed $(grep -a Synthesis $LOG/clq1.log)" >> $LOG/summary.txt
v=0
while read -r q cfg; do
  v=$((v + 1)); hung=0; ok=0; other=""
  for r in $(seq 1 12); do
    bounded cli$v-$r 8 bin/gnest-cli color $G/clique$q.txt --symmetrize --backend agg --color-method rounds --options "$cfg"
    rc=$?
    if [ $rc = 0 ]; then ok=$((ok + 1)); elif [ $rc = 137 ]; then hung=$((hung + 1)); else other="$other rc=$rc"; fi
  done
  echo "2) agg clique$q [$cfg]: $ok ok, $hung hung;$other $(grep -a -o 'time: [0-9.]* ms  launches: [^e]*' $LOG/cli$v-1.log)" >> $LOG/summary.txt
done <<'VARIANTS'
63 granularity=none coarsening=16 launch_limit=64
63 granularity=none coarsening=1 launch_limit=64
63 granularity=none threshold=2 coarsening=16 launch_limit=64
63 granularity=block threshold=32 agg_threshold=64 launch_limit=64
VARIANTS
hung=0; failed=0
for k in $(seq 1 8); do
  GNEST_TEST_BACKENDS=lazynp-warp,lazynp-cta,agg bounded st$k 90 tests/bin/test_gpu_structure --jobs 4 --verbose
  rc=$?; [ $rc = 137 ] && hung=$((hung + 1)); [ $rc != 0 ] && [ $rc != 137 ] && failed=$((failed + 1))
done
echo "3) test_gpu_structure on lazynp-warp,lazynp-cta,agg: 8 runs, $hung hung, $failed failed $(grep -a Synthesis $LOG/st1.log)" >> $LOG/summary.txt
for k in 1 2 3; do bounded dlink$k 120 tests/bin/test_gpu_dlink --verbose; echo "4) test_gpu_dlink rc=$? $(grep -a Synthesis $LOG/dlink$k.log)" >> $LOG/summary.txt; done
for k in 1 2 3 4; do GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched bounded colorA$k 120 tests/bin/test_gpu_algos --jobs 12 --verbose; echo "4) coloring group A rc=$? $(grep -a Synthesis $LOG/colorA$k.log)" >> $LOG/summary.txt; done
GNEST_TEST_BACKENDS=agg,lazynp-cta,lazynp-warp bounded dpall 400 tests/bin/test_gpu_algos --jobs 12 --verbose; echo "4) every algorithm on agg,lazynp-cta,lazynp-warp rc=$? $(grep -a Synthesis $LOG/dpall.log)" >> $LOG/summary.txt
grep -a -h -A6 'Assertion\|CRASH\|Timeout' $LOG/*.log | grep -v WARN | head -30 >> $LOG/summary.txt
finish
