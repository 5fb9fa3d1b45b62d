#!/usr/bin/env bash
# Session 13, call 8: which test_gpu_structure case stops (call 7 ran past 60 s): traced, per test.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for t in mst_ties_signs_and_deep_link_chains mst_filtered_light_then_heavy coloring_a_clique_needs_many_bitmap_words triangles_of_cliques; do
  GNEST_TEST_TRACE=1 GNEST_TEST_BACKENDS=flat,lazynp gtest $t 25 tests/bin/test_gpu_structure --filter "gpu_structure/$t" --verbose
done
finish
for t in mst_ties_signs_and_deep_link_chains mst_filtered_light_then_heavy; do echo "== $t"; grep -a -v WARN $LOG/$t.log | tail -4; done
