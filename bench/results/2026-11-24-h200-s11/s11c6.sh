#!/usr/bin/env bash
# Session 11, call 6: after the review (one method-check helper in test_gpu_algos; test_cli's
# tree test names flat on a device): the method suites and test_cli on the device.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
gtest methods 300 tests/bin/test_gpu_algos --jobs 8 --short-filename --filter 'gpu_methods/*'
gtest cli 200 tests/bin/test_cli --jobs 4 --short-filename
finish
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/methods.log $LOG/cli.log | head -30
