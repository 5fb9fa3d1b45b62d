/* gnest_sssp: frontier-based Bellman-Ford. Level l relaxes the out-arcs of the vertices whose
 * distance improved during level l - 1; a vertex is queued at most once per level. Oracle:
 * src/cpu/sssp.c (Dijkstra). Both compute, for every v, the least float left-to-right path sum
 * (float addition of a weight >= 0 is monotone), so integer weights give identical results.
 *
 * Termination and bound: every push follows a strict improvement; a vertex whose shortest path
 * has h arcs is final after level h - 1, so at most n levels push anything. */
#include "algos/algo.cuh"
#include "algos/pred_driver.cuh"
#include "algos/sssp.cuh"

/* Distances are kept as the bits of non-negative floats, which order like the floats, so an int
 * atomicMin is a float min. */
static const int32_t kInfBits = 0x7f800000; /* +INFINITY */

/* Any weight that is negative or NaN: GNEST_ERR_INVALID_INPUT naming the first such arc. */
static gnest_status sssp_check_weights(gn_call *call, const gn_csr *c) {
  if (c->weights == NULL) return GNEST_OK;
  /* Branch-free over blocks (vectorises), exact search only in a failing block. */
  const int64_t kBlock = 4096;
  int64_t bad = 0;
  for (; bad < c->m; bad += kBlock) {
    const int64_t end = bad + kBlock < c->m ? bad + kBlock : c->m;
    int ok = 1;
    for (int64_t e = bad; e < end; ++e) ok &= c->weights[e] >= 0.0f;
    if (!ok) break;
  }
  if (bad >= c->m) return GNEST_OK;
  while (c->weights[bad] >= 0.0f) ++bad;
  int32_t lo = 0, hi = c->n - 1; /* the tail u of arc `bad`: offsets[u] <= bad < offsets[u+1] */
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo + 1) / 2;
    if (c->offsets[mid] <= bad) lo = mid; else hi = mid - 1;
  }
  return gn_error(call->ctx, GNEST_ERR_INVALID_INPUT, call->fn, 0,
                  "arc %d -> %d has weight %g; shortest paths need weights >= 0", lo,
                  c->cols[bad], (double)c->weights[bad]);
}

static gnest_status sssp_on_device(gn_engine &e, const gn_device_graph *dg, int32_t source,
                                   float *dist_out, int32_t *pred_out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  int32_t *dist = nullptr, *queued = nullptr;
  gn_frontier f;
  GN_TRY(scratch.alloc(&dist, (size_t)n, "SSSP distances"));
  GN_TRY(scratch.alloc(&queued, (size_t)n, "SSSP queue stamps"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<int32_t>, dist, n, kInfBits,
            source, 0);
  GN_TRY(gn_memset(ctx, queued, 0xff, sizeof(int32_t) * (size_t)n)); /* -1 */
  GN_TRY(gn_frontier_seed(&e, &f, &source, 1));
  const sssp_visitor v = {{dg->offsets, dg->cols}, dg->weights, dist, queued};
  GN_TRY(gn_run_frontier(e, v, f, &call->iterations));
  int32_t *pred = nullptr;
  if (pred_out) GN_TRY(gn_sssp_pred_on_device(e, dg, source, (const float *)dist, &pred));
  GN_TRY(gn_engine_close(&e));
  if (pred_out) GN_TRY(gn_to_host(ctx, pred_out, pred, sizeof(int32_t) * (size_t)n));
  return gn_to_host(ctx, dist_out, dist, sizeof(float) * (size_t)n);
}

/* gnest_sssp and gnest_sssp_pred (pred NULL: no predecessors), as the function fn. */
static gnest_status sssp_call(gnest_ctx *ctx, const char *fn, const gnest_graph *g,
                              int32_t source, float *dist, int32_t *pred,
                              const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_SSSP, fn, g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, dist, "dist"));
        GN_TRY(gn_check_source(&call, g, source));
        return sssp_check_weights(&call, &g->csr);
      },
      [&](gn_cpu_counts *c) {
        GN_TRY(gn_cpu_sssp(&g->csr, source, dist, c));
        return pred ? gn_pred_on_host(&call, &g->csr, source, NULL, dist, pred, c) : GNEST_OK;
      },
      [&](gn_engine &e, const gn_device_graph *dg) {
        return sssp_on_device(e, dg, source, dist, pred);
      });
}

gnest_status gnest_sssp(gnest_ctx *ctx, const gnest_graph *g, int32_t source, float *dist,
                        const gnest_options *opts, gnest_info *info) {
  return sssp_call(ctx, "gnest_sssp", g, source, dist, NULL, opts, info);
}

gnest_status gnest_sssp_pred(gnest_ctx *ctx, const gnest_graph *g, int32_t source, float *dist,
                             int32_t *pred, const gnest_options *opts, gnest_info *info) {
  return sssp_call(ctx, "gnest_sssp_pred", g, source, dist, pred, opts, info);
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_sssp(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                         const gnest_options *opts, gnest_info *info) {
  return gnest_sssp_pred(ctx, in->graph, in->source, out->values_f32, out->pred, opts, info);
}
