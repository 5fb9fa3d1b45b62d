/* The backend selector of the auto backend, and which backend can run which algorithm.
 *
 * First rule set (to be tuned against benchmarks, DESIGN.md section 5): the flat backend's
 * serial inner loop is best while degrees are uniform; lazynp pays off once a sizeable share of
 * the work sits in items whose trip count exceeds the warp size, or when one hub is so large that
 * its single thread would dominate the pass. */
#include <stdio.h>

#include "run.h"

/* Rule thresholds (also quoted in the reasons). */
#define GN_SEL_WARP 32                /* trip count above which lazynp saves an item */
#define GN_SEL_SKEW_EDGE_SHARE 0.20   /* share of arcs at vertices of degree > 32 */
#define GN_SEL_HUB_DEGREE 1024        /* a single vertex this large alone justifies lazynp */
/* Below this many nodes per level on average, a tree is cheaper on the host: each level costs the
 * GPU a barrier or launch (about 3.6 us measured on an H100, bench/NOTES.md), the host a few ns per
 * node. A 100,000-node chain: flat 358 ms, cpu 0.3 ms. */
#define GN_SEL_TREE_MIN_LEVEL_WIDTH 1024

int gn_backend_applies(gnest_backend b, gn_algo algo, const char **why) {
  const char *dummy;
  if (!why) why = &dummy;
  *why = "";
  if ((int)algo < 0 || (int)algo >= (int)GN_ALGO_COUNT) {
    *why = "unknown algorithm";
    return 0;
  }
  switch (b) {
    case GNEST_BACKEND_CPU:
    case GNEST_BACKEND_FLAT:
    case GNEST_BACKEND_LAZYNP:
      return 1; /* all eight algorithms */
    case GNEST_BACKEND_AUTO:
      *why = "auto is resolved by the selector, it does not run by itself";
      return 0;
    default:
      *why = "not available in this build";
      return 0;
  }
}

static gnest_backend gn_select_tree(const gnest_tree *t, char *reason, size_t size) {
  if (!t) {
    snprintf(reason, size, "no tree statistics, flat by default");
    return GNEST_BACKEND_FLAT;
  }
  if (t->depth > 0 && (double)t->n / t->depth < GN_SEL_TREE_MIN_LEVEL_WIDTH) {
    snprintf(reason, size,
             "deep, narrow tree: %.1f nodes per level on average (%d nodes, depth %d) < %d: the "
             "per-level GPU barrier costs more than the host's work: cpu",
             (double)t->n / t->depth, (int)t->n, (int)t->depth, GN_SEL_TREE_MIN_LEVEL_WIDTH);
    return GNEST_BACKEND_CPU;
  }
  if (t->max_out_degree > GN_SEL_WARP) {
    snprintf(reason, size,
             "tree max out-degree %d > %d (warp size): lazynp runs wide nodes' children in the "
             "next-level kernel",
             (int)t->max_out_degree, GN_SEL_WARP);
    return GNEST_BACKEND_LAZYNP;
  }
  snprintf(reason, size, "tree max out-degree %d <= %d (warp size): flat, serial inner loop",
           (int)t->max_out_degree, GN_SEL_WARP);
  return GNEST_BACKEND_FLAT;
}

static gnest_backend gn_select_graph(const gnest_degree_stats *gs, char *reason, size_t size) {
  if (!gs) {
    snprintf(reason, size, "no degree statistics, flat by default");
    return GNEST_BACKEND_FLAT;
  }
  if (gs->edges_above_32 > GN_SEL_SKEW_EDGE_SHARE) {
    snprintf(reason, size,
             "skewed degrees: %.3f of the arcs leave vertices of degree > %d (rule: > %.2f; "
             "max degree %lld, cv %.2f): lazynp",
             gs->edges_above_32, GN_SEL_WARP, GN_SEL_SKEW_EDGE_SHARE, (long long)gs->max, gs->cv);
    return GNEST_BACKEND_LAZYNP;
  }
  if (gs->max > GN_SEL_HUB_DEGREE) {
    snprintf(reason, size,
             "hub: max degree %lld > %d (share of arcs above degree %d: %.3f <= %.2f): lazynp",
             (long long)gs->max, GN_SEL_HUB_DEGREE, GN_SEL_WARP, gs->edges_above_32,
             GN_SEL_SKEW_EDGE_SHARE);
    return GNEST_BACKEND_LAZYNP;
  }
  snprintf(reason, size,
           "uniform degrees: %.3f of the arcs leave vertices of degree > %d (<= %.2f) and max "
           "degree %lld <= %d: flat",
           gs->edges_above_32, GN_SEL_WARP, GN_SEL_SKEW_EDGE_SHARE, (long long)gs->max,
           GN_SEL_HUB_DEGREE);
  return GNEST_BACKEND_FLAT;
}

gnest_backend gn_select_backend(const gnest_ctx *ctx, gn_algo algo, const gnest_degree_stats *gs,
                                const gnest_tree *t, char *reason, size_t reason_size) {
  char scratch[8];
  if (!reason || reason_size == 0) {
    reason = scratch;
    reason_size = sizeof scratch;
  }
  if (!ctx || !ctx->has_device) {
    snprintf(reason, reason_size, "no CUDA device: cpu");
    return GNEST_BACKEND_CPU;
  }
  if (algo == GN_ALGO_TREE_DESCENDANTS || algo == GN_ALGO_TREE_HEIGHTS)
    return gn_select_tree(t, reason, reason_size);
  return gn_select_graph(gs, reason, reason_size);
}
