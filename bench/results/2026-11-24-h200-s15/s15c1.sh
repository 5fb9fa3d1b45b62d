#!/usr/bin/env bash
# Session 15, call 1: the coloring tests' hang (session 14: gpu_methods::clique_with_pendants on
# agg). Part 1: that test on agg alone, up to 30 runs, GNEST_TEST_TRACE=1 naming each run before
# it starts; a run alive after 15 s is looked at (GPU load, the last run named, each process's
# threads in gdb, kernel wait channels), then killed with its process group. Part 2: gnest-cli
# color per agg test configuration and method on the same graphs, each process killed after 8 s.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/g && tar -xJf devpack/gdb.tar.xz -C /tmp/g
if command -v gdb >/dev/null; then GDB=(gdb); else GDB=(env LD_LIBRARY_PATH=/tmp/g/gdbpack/lib /tmp/g/gdbpack/gdb); fi
"${GDB[@]}" --version 2>&1 | head -n 1 >> $LOG/summary.txt
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
look() { # look K PGID: a hung run
  local f=$LOG/hang$1.txt
  nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv >> $f 2>&1
  sleep 1; nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader >> $f 2>&1
  for p in $(pgrep -g $2); do
    echo "== pid $p: $(tr '\0' ' ' < /proc/$p/cmdline)" >> $f
    for t in /proc/$p/task/*; do echo "  $(basename $t) $(cat $t/wchan) $(cat $t/stat | cut -d' ' -f3)"; done >> $f
    timeout 60 "${GDB[@]}" -p $p -batch -ex "thread apply all bt 12" >> $f 2>&1
  done
}
hangs=0
for k in $(seq 1 30); do
  t0=$(date +%s%N)
  GNEST_TEST_TRACE=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=agg setsid tests/bin/test_gpu_algos --filter 'gpu_methods/clique_with_pendants' --jobs 1 --verbose > $LOG/r$k.log 2>&1 < /dev/null &
  pid=$!
  for t in $(seq 1 60); do sleep 0.25; kill -0 $pid 2>/dev/null || break; done
  hung=no
  if kill -0 $pid 2>/dev/null; then hung=yes; hangs=$((hangs + 1)); look $k $pid; kill -9 -- -$pid; fi
  wait $pid; rc=$?
  pkill -9 -f test_gpu_algos; sleep 0.2
  echo "run $k rc=$rc hung=$hung $(( ($(date +%s%N) - t0) / 1000000 ))ms last: $(grep -a '^\[trace\]' $LOG/r$k.log | tail -n 1)" >> $LOG/summary.txt
  [ $hangs -ge 4 ] && break
done
i=0
while read -r reps cfg; do
  i=$((i + 1))
  [ "$cfg" = default ] && cfg=""
  for m in rounds async; do
    for q in 63 64 100 129 130 300; do
      for r in $(seq 1 $reps); do
        setsid timeout -s KILL 8 bin/gnest-cli color $REPO/devpack/clq/clique$q.txt --symmetrize --backend agg --color-method $m ${cfg:+--options "$cfg"} < /dev/null > $LOG/c$i-$m-$q-$r.log 2>&1
        rc=$?; pkill -9 -f gnest-cli
        if [ $rc != 0 ]; then echo "cli cfg$i [$cfg] $m clique$q run $r rc=$rc $(tail -n 2 $LOG/c$i-$m-$q-$r.log | tr '\n' ' ')" >> $LOG/summary.txt; break; fi
      done
    done
  done
done <<'CFGS'
1 default
1 granularity=none coarsening=1 threshold=2
4 granularity=none coarsening=16 launch_limit=64
1 granularity=warp coarsening=1 threshold=4
1 granularity=block coarsening=16 threshold=8 agg_threshold=64 schedule=static
1 granularity=multi-block group_size=3 coarsening=9 threshold=4 agg_threshold=4 block_size=64
4 granularity=grid coarsening=1 threshold=1 launch_limit=64
CFGS
echo "cli done: $i configurations" >> $LOG/summary.txt
finish
