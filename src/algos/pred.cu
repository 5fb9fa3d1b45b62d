/* Predecessors on shortest paths for gnest_bfs_pred and gnest_sssp_pred (the rule: gnest.h;
 * oracle: src/cpu/pred.c). Separate from the traversals so that their kernels stay as they are
 * and every backend runs the step through the engine:
 *   BFS   one pass over every vertex's arcs (gn_pred_visitor) on the final levels;
 *   SSSP  a frontier loop over the arcs on shortest paths from the source (gn_hops_visitor: the
 *         fewest such arcs to each vertex), then the same pass on those hops and distances.
 * Both run before gn_engine_close, so gnest_info's time and counters include them; the reason
 * says so. */
#include "algos/pred.cuh"
#include "algos/pred_driver.cuh"

/* The pass: pred = -1 everywhere, then the atomic minima of v over every vertex. */
template <class Arc>
static gnest_status pred_pass(gn_engine &e, const gn_device_graph *dg, const Arc &arc,
                              const int32_t *hops, int32_t **pred) {
  const int32_t n = dg->n;
  GN_TRY(e.scratch->alloc(pred, (size_t)n, "predecessors"));
  GN_TRY(gn_memset(e.ctx, *pred, 0xff, sizeof(int32_t) * (size_t)n)); /* -1 */
  const gn_pred_visitor<Arc> v = {{dg->offsets, dg->cols}, arc, hops, (uint32_t *)*pred};
  return gn_run_pass(e, v, gn_all_items(n), 0, nullptr, nullptr, 0);
}

gnest_status gn_bfs_pred_on_device(gn_engine &e, const gn_device_graph *dg, const int32_t *level,
                                   int32_t **pred) {
  GN_TRY(pred_pass(e, dg, gn_every_arc{}, level, pred));
  gn_reason_appendf(e.call, "; predecessors: 1 pass, timed");
  return GNEST_OK;
}

template <class W>
static gnest_status sssp_pred(gn_engine &e, const gn_device_graph *dg, const W *weights,
                              int32_t source, const double *dist, int32_t **pred) {
  const int32_t n = dg->n;
  int32_t *hops = nullptr;
  gn_frontier f;
  GN_TRY(e.scratch->alloc(&hops, (size_t)n, "predecessor hops"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<int32_t>, hops, n, -1, source, 0);
  GN_TRY(gn_frontier_seed(&e, &f, &source, 1));
  const gn_tight_arc<double, W> arc = {dist, weights};
  const gn_hops_visitor<gn_tight_arc<double, W>> v = {{dg->offsets, dg->cols}, arc, hops};
  int32_t levels = 0;
  GN_TRY(gn_run_frontier(e, v, f, &levels));
  GN_TRY(pred_pass(e, dg, arc, hops, pred));
  gn_reason_appendf(e.call, "; predecessors: %d-level loop + 1 pass, timed", (int)levels);
  return GNEST_OK;
}

gnest_status gn_sssp_pred_on_device(gn_engine &e, const gn_device_graph *dg, const float *weights,
                                    int32_t source, const double *dist, int32_t **pred) {
  return sssp_pred(e, dg, weights, source, dist, pred);
}

gnest_status gn_sssp_pred_on_device(gn_engine &e, const gn_device_graph *dg,
                                    const double *weights, int32_t source, const double *dist,
                                    int32_t **pred) {
  return sssp_pred(e, dg, weights, source, dist, pred);
}

gnest_status gn_pred_on_host(gn_call *call, const gn_csr *g, int32_t source,
                             const int32_t *levels, const double *dist, int32_t *pred,
                             gn_cpu_counts *c) {
  GN_TRY(gn_cpu_pred(g, source, levels, dist, pred, c));
  gn_reason_appendf(call, "; predecessors: %s, timed", dist ? "a BFS + 1 pass" : "1 pass");
  return GNEST_OK;
}
