#!/usr/bin/env bash
# Session 11, call 1: the MST structure test's hang, traced (GNEST_TEST_TRACE) and, when it hangs,
# cuda-gdb attached to name the kernel; then TC's baseline and kernel profile.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
which cuda-gdb gdb > $LOG/tools.txt 2>&1; ls /usr/local/cuda/bin >> $LOG/tools.txt 2>&1
hangrun() {
  GNEST_TEST_TRACE=1 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter "gpu_structure/mst_filtered_light_then_heavy" > $LOG/$1.log 2>&1 &
  local p=$! t
  for t in $(seq 1 40); do sleep 1; kill -0 $p 2>/dev/null || break; done
  if kill -0 $p 2>/dev/null; then
    echo "$1 HUNG after 40 s: $(grep -a '\[trace\]' $LOG/$1.log | tail -n 1)" >> $LOG/summary.txt
    nvidia-smi > $LOG/$1-smi.txt 2>&1
    for c in $(pgrep -f test_gpu_structure); do
      timeout 90 /usr/local/cuda/bin/cuda-gdb -batch -p $c -ex "info cuda kernels" -ex "info cuda blocks" -ex "thread apply all bt 12" > $LOG/$1-gdb-$c.txt 2>&1
      echo "gdb $c rc=$?" >> $LOG/summary.txt
    done
    pkill -9 -f test_gpu_structure; sleep 1
    return 1
  fi
  wait $p; echo "$1 rc=$? finished $(grep -a Synthesis $LOG/$1.log)" >> $LOG/summary.txt
  return 0
}
hung=0
for i in 1 2 3 4 5; do hangrun mst-$i || { hung=$((hung+1)); [ $hung -ge 2 ] && break; }; done
bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1
timeout 150 bin/gnest-bench --graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz \
  --algos tc --backends auto,flat,lazynp,freelaunch --runs 5 --no-cpu --quiet --json $LOG/tc.json > $LOG/tc.txt 2>&1
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 100 $NCU bin/gnest-cli tc /tmp/r20.gnest > $LOG/ncu-tc-r20.txt 2>&1
timeout 60 $NCU bin/gnest-cli tc devdata/cnr-2000.mtx.xz --symmetrize > $LOG/ncu-tc-cnr.txt 2>&1
finish
grep -a " tc" $LOG/tc.txt | cut -c1-150
for f in $LOG/ncu-tc-*.txt; do echo "== $f"; grep -a "duration\|^  [a-z]" $f | sed 's/(.*Invocations/ inv/' | cut -c1-120; grep -a "reason\|backend" $f | head -3; done
