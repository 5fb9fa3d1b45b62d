/* tree_method=auto: the level schedule costs a grid barrier (or launches) per level, the Euler
 * tour a fixed number of passes that grows with log2(n) plus work proportional to n. The
 * constants are estimates to calibrate on the GPU (scripts/tree-bench.sh prints both methods on
 * every shape). */
#include <stdio.h>

#include "algos/tree_euler.h"
#include "algos/tree_method.h"

/* One level of the level schedule on flat, the cheapest backend per level: one grid-wide barrier
 * of its persistent kernel, 3.6 us measured on an H100 (lazynp pays 11 us, the
 * device-launching backends about 19 us, so the rule errs towards levels for them). */
#define GN_TREE_LEVEL_US 3.6
/* One dependent pass of the Euler tour: a kernel launch and the gap before the next (estimate;
 * cub calls and the splitter count's read-back are counted as passes too). */
#define GN_TREE_EULER_PASS_US 5.0
/* Its memory traffic: about 170-300 bytes moved per node for heights, 120 for descendants
 * (CPU simulation, no cache), much of it scattered. Fitted to chains of 1M and 10M nodes
 * on an H200: 0.11 ns a node for descendants, 0.16 for heights, with 5.3 and 3.8 us a pass. */
#define GN_TREE_EULER_NS_PER_NODE 0.15

gn_tree_costs gn_tree_method_costs(int32_t n, int32_t depth, int heights) {
  gn_tree_costs c;
  const int64_t tokens = 2 * (int64_t)(n > 0 ? n : 1);
  const int64_t splitters = tokens / gn_euler_gap(n) + 1; /* the hash keeps about 1 in gap */
  c.euler_passes = gn_euler_passes(n > 0 ? n : 1, (int32_t)splitters, heights);
  c.euler_us = c.euler_passes * GN_TREE_EULER_PASS_US + n * GN_TREE_EULER_NS_PER_NODE * 1e-3;
  c.levels_us = depth * GN_TREE_LEVEL_US;
  return c;
}

gnest_tree_method gn_tree_method_pick(gnest_tree_method asked, int32_t n, int32_t depth,
                                      int heights, char *why, size_t size) {
  char scratch[8];
  if (!why || size == 0) why = scratch, size = sizeof scratch;
  if (asked == GNEST_TREE_METHOD_LEVELS) {
    snprintf(why, size, "method: levels (tree_method=levels)");
    return asked;
  }
  if (asked == GNEST_TREE_METHOD_EULER) {
    snprintf(why, size, "method: euler tour (tree_method=euler)");
    return asked;
  }
  if (n > GN_EULER_MAX_NODES) {
    snprintf(why, size, "method: levels (%d nodes > %d: the euler tour numbers 2n tokens in int32)",
             (int)n, (int)GN_EULER_MAX_NODES);
    return GNEST_TREE_METHOD_LEVELS;
  }
  const gn_tree_costs c = gn_tree_method_costs(n, depth, heights);
  const int euler = c.levels_us > c.euler_us;
  snprintf(why, size, "method: %s (est. %.3g ms by %d levels %s %.3g ms by %d euler passes)",
           euler ? "euler tour" : "levels", c.levels_us * 1e-3, (int)depth, euler ? ">" : "<=",
           c.euler_us * 1e-3, (int)c.euler_passes);
  return euler ? GNEST_TREE_METHOD_EULER : GNEST_TREE_METHOD_LEVELS;
}
