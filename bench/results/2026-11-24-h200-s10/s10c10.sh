#!/usr/bin/env bash
# Session 10, call 10: mst_filtered_light_then_heavy with every backend (no GNEST_TEST_BACKENDS),
# three times, verbose: where does it stop?
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for i in 1 2 3; do
  gtest mf-$i 60 tests/bin/test_gpu_structure --jobs 1 --short-filename --verbose=0 --filter "gpu_structure/mst_filtered_light_then_heavy"
done
for b in auto cpu flat lazynp lazynp-cpu lazynp-cross; do
  GNEST_TEST_BACKENDS=$b gtest mfb-$b 60 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter "gpu_structure/mst_filtered_light_then_heavy"
done
finish
for f in $LOG/mf-*.log; do echo "== $f"; tail -4 $f | cut -c1-220; done
