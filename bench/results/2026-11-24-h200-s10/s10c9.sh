#!/usr/bin/env bash
# Session 10, call 9: mst_filtered_light_then_heavy, the device backends and the two hybrids apart.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
dev=$(bin/gnest-cli backends | awk '$2 == "built" && $3 == "device" {print $1}' | paste -sd, -)
echo "device backends: $dev" >> $LOG/summary.txt
GNEST_TEST_BACKENDS=$dev gtest st-dev 150 tests/bin/test_gpu_structure --jobs 4 --short-filename
GNEST_TEST_BACKENDS=lazynp-cpu,lazynp-cross gtest st-hyb 380 tests/bin/test_gpu_structure --jobs 4 --short-filename
finish
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/st-*.log | head -30
