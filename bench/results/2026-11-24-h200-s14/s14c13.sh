#!/usr/bin/env bash
# Session 14, call 13: call 12 found the hang: gpu_methods::clique_with_pendants (7 of 20 runs of
# coloring's group A). Which backend: the test alone, on one backend at a time, up to six times,
# each run in its own process group killed after 15 s (a killed runner's children must not stay
# on the GPU), stopping at a backend's first hang.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for b in flat lazynp freelaunch agg lazynp-cta lazynp-warp levelsched; do
  for k in 1 2 3 4 5 6; do
    t0=$(date +%s)
    GNEST_TEST_TRACE=1 GNEST_TEST_ALGOS=color GNEST_TEST_BACKENDS=$b setsid timeout -s KILL 15 tests/bin/test_gpu_algos --filter 'gpu_methods/clique_with_pendants' --jobs 1 --verbose > $LOG/$b-$k.log 2>&1
    rc=$?
    pkill -9 -f test_gpu_algos; sleep 0.2
    echo "$b $k rc=$rc $(( $(date +%s) - t0 ))s $(grep -a "^\[trace\]" $LOG/$b-$k.log | tail -n 1)" >> $LOG/summary.txt
    [ $rc = 137 ] && break
  done
done
nvidia-smi >> $LOG/summary.txt 2>&1
finish
