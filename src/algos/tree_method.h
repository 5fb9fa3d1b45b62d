/* Which method gnest_tree_descendants / gnest_tree_heights run on a device backend
 * (gnest_options.tree_method), and the rule of tree_method=auto. Pure host code: the drivers
 * (tree.cu) call it, tests/test_algos.c checks it. */
#ifndef GNEST_ALGOS_TREE_METHOD_H
#define GNEST_ALGOS_TREE_METHOD_H

#include <stddef.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Estimated device time of the two methods on a tree of n nodes and depth levels. */
typedef struct gn_tree_costs {
  double levels_us;     /* depth x the cost of one level's barrier */
  double euler_us;      /* the Euler tour's passes x a launch, plus its memory traffic */
  int32_t euler_passes; /* its dependent passes (gn_euler_passes at the device's spacing) */
} gn_tree_costs;

gn_tree_costs gn_tree_method_costs(int32_t n, int32_t depth, int heights);

/* The method to run for `asked`: itself when LEVELS or EULER; for AUTO, EULER when the levels'
 * estimate is the larger (and the tree has at most GN_EULER_MAX_NODES nodes), else LEVELS.
 * Writes why into why[size] (never NULL-terminated past size), e.g.
 * "method: euler tour (est. 3.6e+04 ms by 10000000 levels > 2.75 ms by 49 euler passes)". */
gnest_tree_method gn_tree_method_pick(gnest_tree_method asked, int32_t n, int32_t depth,
                                      int heights, char *why, size_t size);

#ifdef __cplusplus
}
#endif
#endif
