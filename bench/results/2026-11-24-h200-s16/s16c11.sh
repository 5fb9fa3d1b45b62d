#!/usr/bin/env bash
# Session 16, call 11: call 10's big test did not report within 300 s. Alone, with progress
# lines and the GPU's utilisation every 20 s: flat, then lazynp-cpu.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
( for i in $(seq 1 27); do sleep 20; echo "$((i*20))s $(nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader) $(top -bn1 | grep test_gpu_big | head -1 | awk '{print $9"% cpu", $6" res"}')"; done ) > $LOG/util.txt 2>&1 &
GNEST_TEST_BIG=1 GNEST_TEST_BACKENDS=flat,lazynp-cpu gtest big-narrow 540 tests/bin/test_gpu_big --filter 'big/device_narrow_coloring_on_64_bit_offsets' --jobs 1 --verbose
grep -a "C_n(1..15)\|Assert\|expected\|Crash\|Timeout" $LOG/big-narrow.log | head -12 >> $LOG/summary.txt
cat $LOG/util.txt >> $LOG/summary.txt
finish
