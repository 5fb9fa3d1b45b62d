/* bfs_direction: the method of a BFS call on a device backend (bfs_method.h). */
#include <stdio.h>

#include "algos/bfs_method.h"

gnest_bfs_direction gn_bfs_method_pick(gnest_bfs_direction asked, int symmetric, int64_t n,
                                       int64_t m, char *why, size_t size) {
  char scratch[8];
  if (!why || size == 0) why = scratch, size = sizeof scratch;
  if (asked == GNEST_BFS_TOP_DOWN) {
    snprintf(why, size, "bfs: top-down (bfs_direction=top-down)");
    return GNEST_BFS_TOP_DOWN;
  }
  const double mean = n > 0 ? (double)m / (double)n : 0.0;
  if (asked == GNEST_BFS_AUTO) {
    if (m < GN_BFS_AUTO_MIN_ARCS) {
      snprintf(why, size, "bfs: top-down (%lld arcs < %lld)", (long long)m,
               (long long)GN_BFS_AUTO_MIN_ARCS);
      return GNEST_BFS_TOP_DOWN;
    }
    if (mean < GN_BFS_AUTO_MIN_MEAN_DEGREE) {
      snprintf(why, size, "bfs: top-down (mean degree %.1f < %.0f: likely deep)", mean,
               GN_BFS_AUTO_MIN_MEAN_DEGREE);
      return GNEST_BFS_TOP_DOWN;
    }
  }
  if (symmetric < 0) return GNEST_BFS_AUTO; /* the caller computes the symmetry and asks again */
  if (!symmetric) {
    snprintf(why, size, "bfs: top-down (directed graph: bottom-up steps need in-arcs%s)",
             asked == GNEST_BFS_OPTIMIZING ? "; bfs_direction=optimizing not applied" : "");
    return GNEST_BFS_TOP_DOWN;
  }
  if (asked == GNEST_BFS_OPTIMIZING)
    snprintf(why, size, "bfs: direction-optimizing (bfs_direction=optimizing)");
  else
    snprintf(why, size, "bfs: direction-optimizing (mean degree %.1f >= %.0f, %lld arcs, symmetric)",
             mean, GN_BFS_AUTO_MIN_MEAN_DEGREE, (long long)m);
  return GNEST_BFS_OPTIMIZING;
}
