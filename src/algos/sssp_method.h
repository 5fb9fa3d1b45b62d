/* The schedule of an SSSP call on a device backend (gnest_options.sssp_delta): frontier
 * Bellman-Ford, or near-far with a step. Pure host code: the driver (sssp.cu) calls it, and
 * tests/test_core.c checks it on the CPU.
 *
 * Near-far (Davidson, Baxter, Garland and Owens, "Work-efficient parallel GPU methods for
 * single-source shortest paths", IPDPS 2014; a two-bucket form of Meyer and Sanders'
 * delta-stepping): frontier Bellman-Ford relaxes a vertex again each time its distance drops,
 * which on a high-diameter weighted graph happens many times (about 4.8 relaxations of each arc
 * on USA-road-FLA with the bench's weights 1..64, against one for Dijkstra). Near-far relaxes, level by level, only
 * the vertices whose distance is below a threshold; the others wait in a far pile, and when the
 * near work runs out the threshold rises by a step and the far vertices below it come back. A
 * small step approaches Dijkstra's work with many phases (each costs the host a round trip and
 * a few launches); a large one is Bellman-Ford again. */
#ifndef GNEST_ALGOS_SSSP_METHOD_H
#define GNEST_ALGOS_SSSP_METHOD_H

#include <stddef.h>
#include <stdint.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* sssp_delta=auto runs near-far on a weighted graph whose mean out-degree is below
 * GN_SSSP_AUTO_MAX_MEAN_DEGREE: road networks (2-3) and meshes (4) are deep, and their
 * Bellman-Ford levels relax the same vertices again and again. Denser graphs (RMAT, web, social:
 * mean degree 10 and more) are shallow: Bellman-Ford finishes in a few dozen levels with little
 * repeated work, which the phases' round trips would not repay. An unweighted graph keeps
 * Bellman-Ford: with unit weights a frontier level is a BFS level and every vertex is relaxed
 * once already. */
#define GN_SSSP_AUTO_MAX_MEAN_DEGREE 6.0
/* The auto step, in mean arc weights. A CPU run of the GPU's level loop on USA-road-FLA (weights
 * 1..64, mean 32.5; maximum distance about 61,000) gives, for a step of k mean weights, the arcs
 * relaxed against Dijkstra's and the phases: k = 8: 1.16x, 238 phases; 16: 1.30x, 119; 32:
 * 1.56x, 60; 64: 2.03x, 30; 128: 2.88x, 15. 32 balances the work against the phases' fixed
 * cost (tens of microseconds each); to calibrate with --sweep sssp_delta on the GPU. */
#define GN_SSSP_AUTO_STEP_WEIGHTS 32.0

/* The step of a call: > 0 runs near-far with that step, 0 runs Bellman-Ford. asked: the
 * option (0 auto, -1 off, > 0 a step); weighted: whether the graph has weights; mean_weight:
 * their mean (ignored when unweighted). Writes why into why[size] (may be NULL), e.g.
 * "sssp: near-far, step 1040 (32 x mean weight 32.5; mean degree 2.5 < 6)". */
double gn_sssp_step_pick(float asked, int weighted, int64_t n, int64_t m, double mean_weight,
                         char *why, size_t size);

#ifdef __cplusplus
}
#endif

#endif
