#!/usr/bin/env bash
# Session 10, call 11: does mst_filtered_light_then_heavy hang on session 9's build too?
source devpack/common.sh
unpack s9base /tmp/w/b
cd /tmp/w/b && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for i in 1 2 3 4; do
  gtest s9-$i 45 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter "gpu_structure/mst_filtered_light_then_heavy"
done
finish
