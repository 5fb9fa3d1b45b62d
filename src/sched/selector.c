/* The backend selector of the auto backend.
 *
 * The rules sort an input into a class; the registry (backends.def, ROLE) says which backend
 * serves each class, so no backend is named here. First rule set (to be tuned against
 * benchmarks, DESIGN.md section 5): a serial inner loop per thread is best while degrees are
 * uniform (GN_ROLE_UNIFORM); deferring heavy items to a next-level kernel pays off once a
 * sizeable share of the work sits in items whose trip count exceeds the warp size, or when one
 * hub is so large that its single thread would dominate the pass (GN_ROLE_SKEWED); for the
 * traversals (a BFS or SSSP frontier, a tree's levels) the heavy items' children are best taken
 * by the same persistent grid, without a second kernel per level (GN_ROLE_SKEWED_IN_GRID:
 * measured on an H200: cnr-2000 BFS 1.23 against
 * 1.63 ms, SSSP 3.47 against 4.11, rmat20 BFS and SSSP within 3 %, Wu trees 1.3x faster; on BC,
 * coloring and MST the next-level kernel still won on rmat20). An algorithm whose registry row
 * asks for the hub rule (algos.def, SELECT GN_SELECT_HUBS_IN_GRID) joins them on a large input
 * whose hubs hold many arcs: its work then sits in long loops at the hubs (intersections of
 * their lists), which the same grid balances better than a next-level kernel, once the
 * pass is long enough to repay that grid's fixed cost of about 1 ms (H200:
 * 0.57-0.76 of the next-level kernel's time on RMAT scale 18-20 of 7.6 M arcs and more;
 * 1.17-2.8x slower on rmat18-e8, cnr-2000 and small social graphs). Small deep, narrow trees run
 * on the host (GN_ROLE_SEQUENTIAL), large ones on the GPU, where the tree algorithms' device path
 * runs them by the Euler tour (src/algos/tree_method.c): its dependent passes grow with log2(n),
 * not with the depth.
 *
 * A skewed graph's traversals (BFS, SSSP, BC) whose largest item has at most
 * GN_SEL_WARP_ITEM_MAX_DEGREE arcs go to the uniform class after all: there flat's default lanes
 * (run.c, gn_traversal_lanes: a warp per item on such graphs) walk every item's arcs 32 at a
 * time, and the longest item costs at most 128 warp steps. Measured on an H200 (median of 5,
 * flat against the best of auto / freelaunch / lazynp), flat was
 * fastest in 16 of 18 cells of cnr-2000 (max degree 2716), wiki-Vote (893), ca-AstroPh (237),
 * email-Eu-core (334) and facebook (1043): cnr-2000 BFS 0.72 against 0.85 ms, BC 1.41 against
 * 1.87, ca-AstroPh SSSP 0.18 against 0.64; at most 14 % slower in the other two. RMAT graphs
 * (max degree 9530 at scale 16, 64624 at scale 20) lose 2.5-4x on flat: a hub's warp walks
 * thousands of steps while the level waits. */
#include <stdio.h>
#include <string.h>

#include "sched/run.h"

/* Rule thresholds (also quoted in the reasons). */
#define GN_SEL_WARP 32                /* trip count above which an item counts as heavy */
#define GN_SEL_SKEW_EDGE_SHARE 0.20   /* share of arcs at vertices of degree > 32 */
#define GN_SEL_HUB_DEGREE 1024        /* a single vertex this large alone makes the input skewed */
#define GN_SEL_WARP_ITEM_MAX_DEGREE 4096 /* a traversal's largest item a warp walks (above) */
/* Even degrees: a serial inner loop per thread is balanced however many items pass the warp size.
 * Erdos-Renyi graphs of mean degree 32 and 48 (max degree 63 and 82, cv 0.18 and 0.14), measured
 * on an H200: the serial loop was the fastest or within
 * 6 % of it in all 12 cells, the next-level kernel up to 1.9x slower (BC, SSSP, the hub-rule
 * intersections). Bounded by
 * the largest degree measured, with a margin. */
#define GN_SEL_EVEN_CV 0.5
#define GN_SEL_EVEN_MAX_DEGREE 128
/* The hub rule (GN_SELECT_HUBS_IN_GRID) takes the pass's own grid at least this share of the arcs
 * at vertices of degree > GN_SEL_HUB_DEGREE, and at least this many arcs. */
#define GN_SEL_HUBS_EDGE_SHARE 0.10
#define GN_SEL_HUBS_IN_GRID_ARCS 6000000
/* Below this many nodes per level on average, a tree is deep and narrow: by levels each level
 * costs the GPU a barrier or launch (about 3.6 us measured on an H100), the host a
 * few ns per node. A 100,000-node chain: 358 ms on the GPU by levels, 0.3 ms on the host. */
#define GN_SEL_TREE_MIN_LEVEL_WIDTH 1024
/* A deep, narrow tree of fewer nodes stays on the host: the host's ~3 ns a node against the
 * Euler tour's fixed cost on the GPU, 27-49 dependent passes of 4-5 us. Measured on an H200:
 * a 100,000-node chain takes 0.26-0.32 ms on the host, 0.12-0.16 ms by the
 * tour; the host wins below about 40,000 nodes. From this size on it goes to the GPU. */
#define GN_SEL_TREE_HOST_MAX_NODES 65536
/* The largest tree the Euler tour takes (its tour positions are int32): GN_EULER_MAX_NODES of
 * src/algos/tree_euler.h, which this layer does not include (tests/test_sched.c checks they agree).
 * A deeper, narrow tree stays on the host: by levels the GPU would take 3.6 us a level. */
#define GN_SEL_TREE_TOUR_MAX_NODES ((int32_t)((1u << 30) - 1))

/* The class's backend; its name ends the reason. */
static gnest_backend gn_pick(gn_role role, char *reason, size_t size) {
  const gnest_backend b = gn_backend_for_role(role);
  const size_t len = strlen(reason);
  if (len < size) snprintf(reason + len, size - len, ": %s", gnest_backend_name(b));
  return b;
}

/* 1 when the hubs' loops are many and long enough for the pass's own grid (the rule and its
 * measurements: the comment at the top); says so in the reason. */
static int gn_hubs_in_grid(const gnest_degree_stats *gs, char *reason, size_t size) {
  if (!gs || gs->edges_above_1024 < GN_SEL_HUBS_EDGE_SHARE || gs->m < GN_SEL_HUBS_IN_GRID_ARCS)
    return 0;
  const size_t len = strlen(reason);
  if (len < size)
    snprintf(reason + len, size - len,
             "; hubs (> %d) hold %.3f >= %.2f of %lld >= %d arcs: in the pass's grid",
             GN_SEL_HUB_DEGREE, gs->edges_above_1024, GN_SEL_HUBS_EDGE_SHARE,
             (long long)gs->m, GN_SEL_HUBS_IN_GRID_ARCS);
  return 1;
}

/* A skewed input's backend: for the algorithms the registry marks GN_SELECT_IN_GRID (BFS, SSSP
 * and SCC frontiers; tree levels) and large hub-heavy inputs of GN_SELECT_HUBS_IN_GRID the class
 * whose heavy items' children the pass's own grid takes, for the others the next-level kernel's.
 * gs is NULL for trees. */
static gnest_backend gn_pick_skewed(const gn_algo_traits *algo, const gnest_degree_stats *gs,
                                    char *reason, size_t size) {
  const unsigned select = algo->select;
  const int traversal = (select & GN_SELECT_IN_GRID) != 0;
  const int graph_traversal = (select & GN_SELECT_TRAVERSAL) != 0;
  const size_t len = strlen(reason);
  if (graph_traversal && gs && gs->max <= GN_SEL_WARP_ITEM_MAX_DEGREE) {
    if (len < size)
      snprintf(reason + len, size - len,
               "; a traversal whose largest item has %lld <= %d arcs: a warp per item",
               (long long)gs->max, GN_SEL_WARP_ITEM_MAX_DEGREE);
    return gn_pick(GN_ROLE_UNIFORM, reason, size);
  }
  if (traversal && len < size)
    snprintf(reason + len, size - len, "; a traversal: heavy children taken in the level's grid");
  const int in_grid =
      traversal || ((select & GN_SELECT_HUBS_IN_GRID) && gn_hubs_in_grid(gs, reason, size));
  return gn_pick(in_grid ? GN_ROLE_SKEWED_IN_GRID : GN_ROLE_SKEWED, reason, size);
}

static gnest_backend gn_select_tree(const gn_algo_traits *algo, const gnest_tree *t, char *reason,
                                    size_t size) {
  if (!t) {
    snprintf(reason, size, "no tree statistics, uniform by default");
    return gn_pick(GN_ROLE_UNIFORM, reason, size);
  }
  size_t len = 0;
  reason[0] = '\0';
  if (t->depth > 0 && (double)t->n / t->depth < GN_SEL_TREE_MIN_LEVEL_WIDTH) {
    const double width = (double)t->n / t->depth;
    if (t->n < GN_SEL_TREE_HOST_MAX_NODES) {
      snprintf(reason, size,
               "deep, narrow tree: %.1f nodes per level on average (%d nodes, depth %d) < %d, and "
               "%d nodes < %d: the host's work costs less than the GPU's fixed cost",
               width, (int)t->n, (int)t->depth, GN_SEL_TREE_MIN_LEVEL_WIDTH, (int)t->n,
               GN_SEL_TREE_HOST_MAX_NODES);
      return gn_pick(GN_ROLE_SEQUENTIAL, reason, size);
    }
    if (t->n > GN_SEL_TREE_TOUR_MAX_NODES) {
      snprintf(reason, size,
               "deep, narrow tree: %.1f nodes per level on average (%d nodes, depth %d) < %d, and "
               "%d nodes > %d, more than the GPU's euler tour takes",
               width, (int)t->n, (int)t->depth, GN_SEL_TREE_MIN_LEVEL_WIDTH, (int)t->n,
               (int)GN_SEL_TREE_TOUR_MAX_NODES);
      return gn_pick(GN_ROLE_SEQUENTIAL, reason, size);
    }
    snprintf(reason, size, "deep, narrow tree of %d nodes >= %d (%.1f nodes per level): GPU, "
             "euler tour; ", (int)t->n, GN_SEL_TREE_HOST_MAX_NODES, width);
    len = strlen(reason);
  }
  if (t->max_out_degree > GN_SEL_WARP) {
    snprintf(reason + len, size - len,
             "tree max out-degree %d > %d (warp size): wide nodes' children run apart",
             (int)t->max_out_degree, GN_SEL_WARP);
    return gn_pick_skewed(algo, NULL, reason, size);
  }
  snprintf(reason + len, size - len, "tree max out-degree %d <= %d (warp size): serial inner loop",
           (int)t->max_out_degree, GN_SEL_WARP);
  return gn_pick(GN_ROLE_UNIFORM, reason, size);
}

static gnest_backend gn_select_graph(const gn_algo_traits *algo, const gnest_degree_stats *gs,
                                     char *reason, size_t size) {
  if (!gs) {
    snprintf(reason, size, "no degree statistics, uniform by default");
    return gn_pick(GN_ROLE_UNIFORM, reason, size);
  }
  if (gs->cv <= GN_SEL_EVEN_CV && gs->max <= GN_SEL_EVEN_MAX_DEGREE) {
    snprintf(reason, size,
             "even degrees: cv %.2f <= %.2f and max degree %lld <= %d (%.3f of the arcs leave "
             "vertices of degree > %d)",
             gs->cv, GN_SEL_EVEN_CV, (long long)gs->max, GN_SEL_EVEN_MAX_DEGREE,
             gs->edges_above_32, GN_SEL_WARP);
    return gn_pick(GN_ROLE_UNIFORM, reason, size);
  }
  if (gs->edges_above_32 > GN_SEL_SKEW_EDGE_SHARE) {
    snprintf(reason, size,
             "skewed degrees: %.3f of the arcs leave vertices of degree > %d (rule: > %.2f; "
             "max degree %lld, cv %.2f)",
             gs->edges_above_32, GN_SEL_WARP, GN_SEL_SKEW_EDGE_SHARE, (long long)gs->max, gs->cv);
    return gn_pick_skewed(algo, gs, reason, size);
  }
  if (gs->max > GN_SEL_HUB_DEGREE) {
    snprintf(reason, size,
             "hub: max degree %lld > %d (share of arcs above degree %d: %.3f <= %.2f)",
             (long long)gs->max, GN_SEL_HUB_DEGREE, GN_SEL_WARP, gs->edges_above_32,
             GN_SEL_SKEW_EDGE_SHARE);
    return gn_pick_skewed(algo, gs, reason, size);
  }
  snprintf(reason, size,
           "uniform degrees: %.3f of the arcs leave vertices of degree > %d (<= %.2f) and max "
           "degree %lld <= %d",
           gs->edges_above_32, GN_SEL_WARP, GN_SEL_SKEW_EDGE_SHARE, (long long)gs->max,
           GN_SEL_HUB_DEGREE);
  return gn_pick(GN_ROLE_UNIFORM, reason, size);
}

gnest_backend gn_select_backend(const gnest_ctx *ctx, const gn_algo_traits *algo,
                                const gnest_degree_stats *gs, const gnest_tree *t, char *reason,
                                size_t reason_size) {
  char scratch[8];
  if (!reason || reason_size == 0) {
    reason = scratch;
    reason_size = sizeof scratch;
  }
  if (!ctx || !ctx->has_device) {
    snprintf(reason, reason_size, "no CUDA device");
    return gn_pick(GN_ROLE_SEQUENTIAL, reason, reason_size);
  }
  if (!algo) {
    snprintf(reason, reason_size, "unknown algorithm");
    return GNEST_BACKEND_AUTO;
  }
  if (algo->input == GNEST_INPUT_TREE) return gn_select_tree(algo, t, reason, reason_size);
  return gn_select_graph(algo, gs, reason, reason_size);
}
