#!/usr/bin/env bash
# Session 15, call 2: call 1 reproduced the hang every time: agg granularity=none coarsening=16
# launch_limit=64, color_method=rounds (test and gnest-cli alike; GPU 100 % busy meanwhile).
# 1) gnest-cli on clique63 under compute-sanitizer memcheck (a P emptied by a race would make
#    color_state::lowest_from read past its words); 2) which settings matter: option variants,
#    up to 8 runs each, killed after 8 s, the first hung run of each looked at (GPU load, host
#    threads in gdb).
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/g && tar -xJf devpack/gdb.tar.xz -C /tmp/g
GDB=(env PYTHONHOME=/tmp/g/gdbpack/py LD_LIBRARY_PATH=/tmp/g/gdbpack/lib /tmp/g/gdbpack/gdb -nx -data-directory /tmp/g/gdbpack/data)
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
G=$REPO/devpack/clq
look() { # look NAME PID
  local f=$LOG/hang-$1.txt
  nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader >> $f 2>&1
  timeout 60 "${GDB[@]}" -p $2 -batch -ex "thread apply all bt 16" 2>&1 | grep -v "Python Exception\|^\[New LWP" >> $f
}
t0=$(date +%s)
setsid timeout -s KILL 90 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 20 bin/gnest-cli color $G/clique63.txt --symmetrize --backend agg --color-method rounds --options "granularity=none coarsening=16 launch_limit=64" < /dev/null > $LOG/memcheck.log 2>&1
echo "memcheck rc=$? $(( $(date +%s) - t0 ))s $(grep -a -c 'Invalid\|ERROR' $LOG/memcheck.log) errors" >> $LOG/summary.txt
v=0
while read -r backend q cfg; do
  v=$((v + 1)); hung=0; ok=0
  for r in 1 2 3 4 5 6 7 8; do
    setsid bin/gnest-cli color $G/clique$q.txt --symmetrize --backend $backend --color-method rounds --options "$cfg" < /dev/null > $LOG/v$v-$r.log 2>&1 &
    pid=$!
    for t in $(seq 1 32); do sleep 0.25; kill -0 $pid 2>/dev/null || break; done
    if kill -0 $pid 2>/dev/null; then look v$v $pid; kill -9 $pid; wait $pid; hung=1; break; fi
    wait $pid && ok=$((ok + 1))
  done
  echo "v$v $backend clique$q [$cfg]: $ok ok, hung=$hung $(grep -a -o 'time: [0-9.]* ms  launches: [^e]*' $LOG/v$v-1.log)" >> $LOG/summary.txt
done <<'VARIANTS'
agg 63 granularity=none coarsening=16 launch_limit=64
agg 63 granularity=none coarsening=16
agg 63 granularity=none coarsening=1 launch_limit=64
agg 63 granularity=none coarsening=16 launch_limit=32
agg 63 granularity=none coarsening=16 launch_limit=128
agg 63 granularity=none coarsening=16 launch_limit=256
agg 63 granularity=none threshold=32 coarsening=16 launch_limit=1024
agg 63 granularity=none threshold=2 coarsening=16 launch_limit=64
agg 63 granularity=warp threshold=32 launch_limit=64
agg 63 granularity=block threshold=32 agg_threshold=64 launch_limit=64
agg 300 granularity=none coarsening=16 launch_limit=64
lazynp-warp 63 threshold=1 launch_limit=64
lazynp-warp 63 wboost=1 threshold=4 launch_limit=64 block_size=128
lazynp-cta 63 threshold=1 launch_limit=64
naive-dp 63 threshold=32 launch_limit=64
VARIANTS
finish
