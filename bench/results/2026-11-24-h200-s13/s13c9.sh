#!/usr/bin/env bash
# Session 13, call 9: as call 8 (flat and lazynp passed) on the other backends of call 7
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
for t in mst_ties_signs_and_deep_link_chains mst_filtered_light_then_heavy coloring_a_clique_needs_many_bitmap_words triangles_of_cliques; do
  GNEST_TEST_TRACE=1 GNEST_TEST_BACKENDS=auto,freelaunch,agg,lazynp-cta,hier gtest $t 25 tests/bin/test_gpu_structure --filter "gpu_structure/$t" --verbose
done
finish
for t in mst_ties_signs_and_deep_link_chains mst_filtered_light_then_heavy coloring_a_clique_needs_many_bitmap_words triangles_of_cliques; do echo "== $t"; grep -a -v WARN $LOG/$t.log | tail -4; done
