/* src/algos' host-side rules, without a device: the tree algorithms' method (tree_method),
 * MST's filtering split, BFS's direction (bfs_direction) and its hand-over. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fixtures.h"
#include "common/gen.h"
#include "gnest.h"
#include "core/internal.h"
#include "sched/run.h"
#include "algos/tree_euler.h"
#include "algos/tree_method.h"
#include "algos/mst_split.h"
#include "algos/bfs_method.h"

/* tree_method: a forced method is kept; auto compares depth x 3.6 us with the Euler tour's
 * estimate, which grows with log2(n) passes and n. */
Test(algos_tree_method, forced_and_auto) {
  char why[160];
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_LEVELS, 10000000, 10000000, 1, why,
                                   sizeof why), GNEST_TREE_METHOD_LEVELS);
  cr_assert_str_eq(why, "method: levels (tree_method=levels)");
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_EULER, 1, 1, 0, why, sizeof why),
               GNEST_TREE_METHOD_EULER);
  cr_assert_str_eq(why, "method: euler tour (tree_method=euler)");
  /* Shapes of the bar: the chain goes by the tour, the random recursive tree (depth 38 at 10^7
   * nodes) and the Wu tree (depth 4) by levels. */
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 10000000, 10000000, 1, why, sizeof why),
               GNEST_TREE_METHOD_EULER);
  assert_contains(why, "method: euler tour (est. ");
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 10000000, 38, 1, why, sizeof why),
               GNEST_TREE_METHOD_LEVELS);
  assert_contains(why, "method: levels (est. ");
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 2113665, 4, 0, why, sizeof why),
               GNEST_TREE_METHOD_LEVELS);
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 1, 1, 0, why, sizeof why),
               GNEST_TREE_METHOD_LEVELS);
  /* Above 2^30 - 1 nodes the tour's int32 positions do not fit: levels, saying so. */
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, GN_EULER_MAX_NODES + 1, INT32_MAX, 1,
                                   why, sizeof why), GNEST_TREE_METHOD_LEVELS);
  assert_contains(why, "1073741824 nodes > 1073741823");
  /* A NULL or tiny buffer is fine. */
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 100, 100, 0, NULL, 0),
               gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 100, 100, 0, why, 3));
  cr_assert_eq(strlen(why), 2);
}

/* Auto picks the tour exactly where the depth passes a threshold (no flip-flopping), and that
 * threshold grows with n; every tree the selector sends to the GPU as deep and narrow (at least
 * 65,536 nodes, fewer than 1,024 a level) gets the tour. */
Test(algos_tree_method, auto_is_a_depth_threshold_consistent_with_the_selector) {
  const int32_t sizes[] = {1000, 65536, 1000000, 10000000, GN_EULER_MAX_NODES};
  int32_t previous_threshold = 0;
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    const int32_t n = sizes[i];
    for (int heights = 0; heights <= 1; heights++) {
      int32_t lo = 1, hi = n; /* the smallest depth that picks the tour */
      cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, n, heights, NULL, 0),
                   GNEST_TREE_METHOD_EULER, "a chain of %d nodes", n);
      while (lo < hi) {
        const int32_t mid = lo + (hi - lo) / 2;
        if (gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, mid, heights, NULL, 0) ==
            GNEST_TREE_METHOD_EULER) hi = mid;
        else lo = mid + 1;
      }
      for (int32_t d = lo > 64 ? lo - 64 : 1; d < lo; d++)
        cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, d, heights, NULL, 0),
                     GNEST_TREE_METHOD_LEVELS, "n %d depth %d", n, d);
      for (int32_t d = lo; d < lo + 64 && d <= n; d++)
        cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, d, heights, NULL, 0),
                     GNEST_TREE_METHOD_EULER, "n %d depth %d", n, d);
      if (heights) {
        cr_assert_geq(lo, previous_threshold, "threshold falls from %d to %d at n %d",
                      previous_threshold, lo, n);
        previous_threshold = lo;
      }
      if (n >= 65536)
        cr_assert_leq(lo, n / 1024 + 1, "n %d: a deep, narrow tree of depth %d would run by levels",
                      n, n / 1024 + 1);
      const gn_tree_costs c = gn_tree_method_costs(n, lo, heights);
      cr_assert_gt(c.levels_us, c.euler_us);
      cr_assert_leq(c.euler_passes, 2 * gn_ceil_log2((uint32_t)n) + 12, "n %d: %d passes", n,
                    c.euler_passes);
    }
  }
}

/* gnest_mst's filtering split (src/algos/mst_split.h): the weight key's order and equalities,
 * and when the split is taken and where. */
Test(algos_mst_split, weight_key_order_and_split_rule) {
  cr_assert_eq(gn_mst_weight_key(-0.0), gn_mst_weight_key(0.0));
  cr_assert_lt(gn_mst_weight_key(-2.0), gn_mst_weight_key(-1.0));
  cr_assert_lt(gn_mst_weight_key(-1.0), gn_mst_weight_key(0.0));
  cr_assert_lt(gn_mst_weight_key(1.0), gn_mst_weight_key(1e30));
  cr_assert_lt(gn_mst_weight_key(1e30), gn_mst_weight_key(nan("")));
  cr_assert_eq(gn_mst_weight_key(nan("")), gn_mst_weight_key(-nan("")));
  cr_assert_eq(gn_mst_key_weight(gn_mst_weight_key(-3.5)), -3.5);
  cr_assert_eq(gn_mst_key_weight(gn_mst_weight_key(64.0)), 64.0);

  enum { N = 100, M = 64 * N };
  static double w[M];
  uint32_t t = 0;
  for (int i = 0; i < M; i++) w[i] = (double)(1 + i % 64);
  cr_assert_eq(gn_mst_light_split(NULL, M, N, &t), 0, "unweighted: nothing to split");
  cr_assert_eq(gn_mst_light_split(w, 4 * N - 1, N, &t), 0, "average degree below 4");
  cr_assert_eq(gn_mst_light_split(w, M, N, &t), 1);
  /* about 3 light arcs per vertex: 3 / 64 of the arcs, weights 1..3 */
  cr_assert(gn_mst_key_weight(t) >= 2.0 && gn_mst_key_weight(t) <= 4.0, "split at %g",
            gn_mst_key_weight(t));
  for (int i = 0; i < M; i++) w[i] = 7.0;
  cr_assert_eq(gn_mst_light_split(w, M, N, &t), 0, "one weight: no heavy side");
  for (int i = 0; i < 8 * N; i++) w[i] = i % 2 ? 1.0 : -1.0;
  cr_assert_eq(gn_mst_light_split(w, 8 * N, N, &t), 1);
  cr_assert_eq(t, gn_mst_weight_key(-1.0), "3/8 of the arcs light: the weight -1");
  for (int i = 0; i < 4 * N; i++) w[i] = (double)i;
  cr_assert_eq(gn_mst_light_split(w, 4 * N, N, &t), 1);
  cr_assert_lt(t, gn_mst_weight_key((double)(4 * N - 1)));
}

/* ---------------------------------------------------------------------------------------------
 * bfs_direction (src/algos/bfs_method.h): the method, the per-level switch, the hand-over
 * ------------------------------------------------------------------------------------------- */

Test(algos_bfs_method, forced_and_auto) {
  char why[160];
  const int64_t big = GN_BFS_AUTO_MIN_ARCS;
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_TOP_DOWN, 1, 1000, 100 * big, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (bfs_direction=top-down)");
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_OPTIMIZING, 1, 10, 20, why, sizeof why),
               GNEST_BFS_OPTIMIZING);
  cr_assert_str_eq(why, "bfs: direction-optimizing (bfs_direction=optimizing)");
  /* A directed graph runs top-down whatever was asked, and says so. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_OPTIMIZING, 0, 10, 20, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (directed graph: bottom-up steps need in-arcs; "
                        "bfs_direction=optimizing not applied)");
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 0, 1000, 32 * big, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (directed graph: bottom-up steps need in-arcs)");
  /* The symmetry is asked for only when it decides. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_OPTIMIZING, -1, 10, 20, NULL, 0), GNEST_BFS_AUTO);
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, -1, big / 32, big, NULL, 0), GNEST_BFS_AUTO);
  /* auto: small graphs and sparse (deep) ones keep the fused top-down loop. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, -1, 1000, big - 1, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (1048575 arcs < 1048576)");
  /* USA-road-d.FLA: 1,070,376 vertices, 2,687,902 arcs. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, -1, 1070376, 2687902, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (mean degree 2.5 < 8: likely deep)");
  /* rmat20 as gnest-bench makes it (about 31 M arcs over 2^20 vertices). */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 1, 1 << 20, 31 * big, why, sizeof why),
               GNEST_BFS_OPTIMIZING);
  cr_assert_str_eq(why, "bfs: direction-optimizing (mean degree 31.0 >= 8, 32505856 arcs, "
                        "symmetric)");
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 1, big / 8, big, NULL, 0), GNEST_BFS_OPTIMIZING);
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 1, big / 8 + 1, big, NULL, 0),
               GNEST_BFS_TOP_DOWN);
  /* A short buffer is cut, never overrun. */
  char tiny[8];
  gn_bfs_method_pick(GNEST_BFS_TOP_DOWN, 1, 1, 1, tiny, sizeof tiny);
  cr_assert_str_eq(tiny, "bfs: to");
}

Test(algos_bfs_method, next_direction) {
  const int64_t n = 2400;
  /* Top-down: bottom-up once the frontier's arcs exceed the unexplored arcs / alpha. */
  cr_assert_eq(gn_bfs_next_direction(0, n, 10, 1, 100, 100 * GN_BFS_ALPHA), 0);
  cr_assert_eq(gn_bfs_next_direction(0, n, 10, 1, 101, 100 * GN_BFS_ALPHA), 1);
  cr_assert_eq(gn_bfs_next_direction(0, n, 10, 1, 1, 0), 1);
  /* Bottom-up: stays while the frontier grows or holds more than n / beta vertices. */
  cr_assert_eq(gn_bfs_next_direction(1, n, 50, 40, 0, 0), 1);
  cr_assert_eq(gn_bfs_next_direction(1, n, n / GN_BFS_BETA + 1, 2000, 0, 0), 1);
  cr_assert_eq(gn_bfs_next_direction(1, n, n / GN_BFS_BETA, 2000, 0, 0), 0);
  cr_assert_eq(gn_bfs_next_direction(1, n, 3, 2000, 1000000, 1), 0);
  /* An empty frontier ends the traversal, top-down. */
  cr_assert_eq(gn_bfs_next_direction(0, n, 0, 5, 0, 0), 0);
  cr_assert_eq(gn_bfs_next_direction(1, n, 0, 0, 0, 0), 0);
}

Test(algos_bfs_method, batches_and_hand_over) {
  /* 4, 4, 8, 16, 32, 64, 64, ...: every batch ends on an even level. */
  const int32_t want[] = {4, 4, 8, 16, 32, 64, 64, 64};
  int32_t l = 0;
  for (int i = 0; i < 8; ++i) {
    cr_assert_eq(gn_bfs_batch(l), want[i], "batch %d from level %d", i, (int)l);
    l += gn_bfs_batch(l);
    cr_assert_eq(l % 2, 0);
  }
  cr_assert_eq(GN_BFS_MAX_DO_LEVELS % 2, 0);
  cr_assert_eq(GN_BFS_PROBE_LEVELS % 2, 0);
  /* Never while the next level goes bottom-up (below the cap). */
  cr_assert_eq(gn_bfs_hand_over(8, 3, 1), 0);
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_PROBE_LEVELS * 4, 0, 1), 0);
  /* After the bottom-up phase. */
  cr_assert_eq(gn_bfs_hand_over(8, 3, 0), 1);
  /* No bottom-up step yet: keep probing up to GN_BFS_PROBE_LEVELS. */
  cr_assert_eq(gn_bfs_hand_over(4, 0, 0), 0);
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_PROBE_LEVELS - 2, 0, 0), 0);
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_PROBE_LEVELS, 0, 0), 1);
  /* At the records' end, whatever the direction. */
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_MAX_DO_LEVELS, 5, 1), 1);
}

/* The optimizing loop run on the CPU (bfs.cu's host loop and device decisions, the steps done
 * serially) from the vertex of highest degree: the levels must be the plain BFS's. Returns the
 * levels run bottom-up; *handed_at: the level from which the rest ran top-down (-1: none). */
static int32_t simulate_optimizing(const gn_gen_edges *e, int32_t *handed_at) {
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = 1;
  lo.drop_self_loops = 1;
  lo.merge_duplicates = 1;
  lo.sort_adjacency = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, e->n, e->m, e->src, e->dst, NULL, &lo, &g), GNEST_OK);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t source = 0;
  for (int32_t v = 1; v < n; ++v)
    if (off[v + 1] - off[v] > off[source + 1] - off[source]) source = v;
  int32_t *want = malloc(sizeof *want * (size_t)n), *got = malloc(sizeof *got * (size_t)n);
  int32_t *list = malloc(sizeof *list * (size_t)n), *next = malloc(sizeof *next * (size_t)n);
  cr_assert(want && got && list && next);
  gnest_options cpu;
  gnest_options_init(&cpu);
  cpu.backend = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_bfs(ctx, g, source, want, &cpu, NULL), GNEST_OK);
  for (int32_t v = 0; v < n; ++v) got[v] = -1;
  got[source] = 0;
  list[0] = source;
  int64_t count = 1, unexplored = off[n] - (off[source + 1] - off[source]);
  int bottom_up = 0, handed = 0;
  int32_t bottom_up_levels = 0, batch_end = gn_bfs_batch(0);
  *handed_at = -1;
  for (int32_t l = 0; count > 0; ++l) {
    if (!handed && l == batch_end) { /* the host reads the batch back */
      if (gn_bfs_hand_over(l, bottom_up_levels, bottom_up)) handed = 1, *handed_at = l;
      batch_end += gn_bfs_batch(l);
    }
    if (handed) bottom_up = 0;
    int64_t found = 0, arcs = 0;
    bottom_up_levels += bottom_up;
    if (bottom_up) {
      for (int32_t i = 0; i < n; ++i)
        if (got[i] == -1)
          for (int64_t k = off[i]; k < off[i + 1] && got[i] == -1; ++k)
            if (got[col[k]] == l) got[i] = l + 1, next[found++] = i;
    } else {
      for (int64_t j = 0; j < count; ++j)
        for (int64_t k = off[list[j]]; k < off[list[j] + 1]; ++k)
          if (got[col[k]] == -1) got[col[k]] = l + 1, next[found++] = col[k];
    }
    for (int64_t j = 0; j < found; ++j) arcs += off[next[j] + 1] - off[next[j]];
    bottom_up = gn_bfs_next_direction(bottom_up, n, found, count, arcs, unexplored);
    unexplored -= arcs;
    count = found;
    memcpy(list, next, sizeof *list * (size_t)found);
  }
  for (int32_t v = 0; v < n; ++v) cr_assert_eq(got[v], want[v], "vertex %d", (int)v);
  free(want), free(got), free(list), free(next);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  return bottom_up_levels;
}

Test(algos_bfs_method, the_rule_on_rmat_and_a_grid) {
  gn_gen_edges e;
  int32_t handed = 0;
  cr_assert_eq(gn_gen_rmat(14, 16, 3, &e), GNEST_OK);
  const int32_t up = simulate_optimizing(&e, &handed);
  cr_log_info("rmat14: %d levels bottom-up, top-down loop from level %d", (int)up, (int)handed);
  cr_assert_gt(up, 0, "rmat14 never went bottom-up");
  cr_assert_lt(up, 6, "rmat14: %d levels bottom-up", (int)up);
  gn_gen_edges_free(&e);
  /* A grid of diameter 118: no bottom-up step in the first levels, handed over at the probe. */
  cr_assert_eq(gn_gen_grid(60, 60, 1, &e), GNEST_OK);
  cr_assert_eq(simulate_optimizing(&e, &handed), 0, "a grid went bottom-up");
  cr_assert_eq(handed, GN_BFS_PROBE_LEVELS);
  gn_gen_edges_free(&e);
}

