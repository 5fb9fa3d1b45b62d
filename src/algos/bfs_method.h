/* Direction-optimizing BFS (gnest_options.bfs_direction): which method a call runs, the
 * per-level switch between top-down and bottom-up steps, and when the optimizing loop hands the
 * rest of the traversal to the backend's fused top-down frontier loop. Pure code: the driver
 * (bfs.cu) calls it on the host and, for the per-level switch, on the device; tests/test_algos.c
 * checks it on the CPU.
 *
 * The idea is Beamer, Asanovic and Patterson's (SC 2012): a top-down step costs the frontier's
 * out-arcs; a bottom-up step (every unvisited vertex looks for a neighbour in the frontier and
 * stops at the first one) costs at most the unvisited vertices' arcs, usually far fewer once
 * the frontier holds a large share of the graph. So: top-down while the frontier's arcs are few
 * against the arcs still unexplored, bottom-up while the frontier is large, top-down again once it
 * shrinks. */
#ifndef GNEST_ALGOS_BFS_METHOD_H
#define GNEST_ALGOS_BFS_METHOD_H

#include <stddef.h>
#include <stdint.h>
#include "gnest.h"

#ifdef __CUDACC__
#define GN_BFS_HD static inline __host__ __device__
#else
#define GN_BFS_HD static inline
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Top-down -> bottom-up when the next frontier's out-arcs exceed the unexplored arcs / ALPHA;
 * bottom-up -> top-down when the frontier shrinks below n / BETA. Beamer's published values (14
 * and 24), not yet calibrated on the GPU. */
#define GN_BFS_ALPHA 14
#define GN_BFS_BETA 24

/* bfs_direction=auto takes the optimizing method on a symmetric graph of at least
 * GN_BFS_AUTO_MIN_ARCS arcs whose mean degree is at least GN_BFS_AUTO_MIN_MEAN_DEGREE: such
 * graphs are in practice of low diameter (social, web, Kronecker / RMAT, Erdos-Renyi), where a
 * few wide levels hold most of the graph. Road networks and meshes (mean degree 2-6, thousands of
 * levels) keep the fused top-down loop, whose level costs one grid barrier instead of the
 * optimizing loop's separate passes. Small graphs keep it too: their few microseconds of work per
 * level cannot repay the extra launches. Estimates, to calibrate. */
#define GN_BFS_AUTO_MIN_MEAN_DEGREE 8.0
#define GN_BFS_AUTO_MIN_ARCS (INT64_C(1) << 20)

/* The optimizing loop runs levels in batches (the host reads each batch's sizes and directions
 * back once): GN_BFS_FIRST_BATCH levels twice, then as many as have run, up to
 * GN_BFS_MAX_BATCH: 4, 4, 8, 16, 32, 64, 64, ... All even, so that every batch ends on an even
 * level (the hand-over needs one: a fused loop starts from the first of the frontier's two
 * halves). */
#define GN_BFS_FIRST_BATCH 4
#define GN_BFS_MAX_BATCH 64
/* Levels the optimizing loop runs top-down, without any bottom-up step, before it hands the rest
 * to the fused top-down loop (a deep graph that auto would not have given it). */
#define GN_BFS_PROBE_LEVELS 16
/* Levels the optimizing loop keeps records for (its per-level device state); past them it hands
 * over whatever the direction. */
#define GN_BFS_MAX_DO_LEVELS 1024

/* The method of a call: TOP_DOWN or OPTIMIZING, never AUTO. symmetric: 1, 0, or -1 when not
 * known yet (then AUTO decides on n and m first and returns AUTO itself when only the symmetry is
 * missing: the caller computes it and asks again). A bottom-up step looks for a vertex's parents
 * among its out-arcs, which are its in-arcs only in a symmetric graph: a directed graph runs
 * top-down whatever was asked, and the reason says so. Writes why into why[size] (may be NULL),
 * e.g. "bfs: direction-optimizing (mean degree 30.0 >= 8, 31457280 arcs, symmetric)". */
gnest_bfs_direction gn_bfs_method_pick(gnest_bfs_direction asked, int symmetric, int64_t n,
                                       int64_t m, char *why, size_t size);

/* The direction of the next level (1 bottom-up, 0 top-down) after a level that ran bottom-up
 * (bottom_up_now) or top-down and found `frontier` vertices (the next level's items; `previous`:
 * the level's own count) with `frontier_arcs` out-arcs, `unexplored_arcs` being the arcs of the
 * vertices not reached before that level's step. An empty frontier ends the traversal:
 * top-down. */
GN_BFS_HD int gn_bfs_next_direction(int bottom_up_now, int64_t n, int64_t frontier,
                                    int64_t previous, int64_t frontier_arcs,
                                    int64_t unexplored_arcs) {
  if (frontier <= 0) return 0;
  if (!bottom_up_now) return frontier_arcs > unexplored_arcs / GN_BFS_ALPHA;
  /* Stay bottom-up while the frontier still grows or is large. */
  return frontier >= previous || frontier > n / GN_BFS_BETA;
}

/* Whether the optimizing loop hands the rest to the fused top-down loop after a batch that ends
 * on level `levels` (the levels run so far, even), `bottom_up_levels` of them bottom-up, the next
 * level going `next_bottom_up`: when the next level is top-down and either the bottom-up phase
 * is over or none has come in GN_BFS_PROBE_LEVELS levels; and at GN_BFS_MAX_DO_LEVELS. */
GN_BFS_HD int gn_bfs_hand_over(int32_t levels, int32_t bottom_up_levels, int next_bottom_up) {
  if (levels >= GN_BFS_MAX_DO_LEVELS) return 1;
  if (next_bottom_up) return 0;
  return bottom_up_levels > 0 || levels >= GN_BFS_PROBE_LEVELS;
}

/* The length of the batch that starts at level `start` (0 or the previous batch's end). */
GN_BFS_HD int32_t gn_bfs_batch(int32_t start) {
  if (start < GN_BFS_FIRST_BATCH) return GN_BFS_FIRST_BATCH;
  return start < GN_BFS_MAX_BATCH ? start : GN_BFS_MAX_BATCH;
}

#ifdef __cplusplus
}
#endif
#endif
