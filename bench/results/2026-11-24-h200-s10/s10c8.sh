#!/usr/bin/env bash
# Session 10, call 8: which structure test does not finish (call 7: 140 s timeout, no failure).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for t in coloring_a_clique_needs_many_bitmap_words mst_ties_signs_and_deep_link_chains mst_filtered_light_then_heavy triangles_of_a_clique; do
  gtest st-$t 100 tests/bin/test_gpu_structure --jobs 1 --short-filename --verbose --filter "gpu_structure/$t"
done
finish
for f in $LOG/st-*.log; do echo "== $f"; grep -a "PASS\|FAIL\|Assert\|Synthesis" $f | head -5; tail -3 $f | cut -c1-200; done
