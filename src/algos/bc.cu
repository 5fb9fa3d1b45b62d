/* gnest_bc: Brandes betweenness, one source at a time. Forward: a frontier loop that keeps every
 * level (history mode) and counts shortest paths, sigma. Backward: the same levels deepest first,
 *   delta[v] = sigma[v] * (sum over arcs v->w with level[w] == level[v] + 1 of coef[w]),
 *   coef[w] = (1 + delta[w]) / sigma[w]
 * which is the CPU's sum of sigma[v] / sigma[w] * (1 + delta[w]) with sigma[v] taken out, so an
 * arc adds one precomputed number. Doubles throughout. Oracle: src/cpu/bc.c. */
#include <stdlib.h>
#include "algos/algo.cuh"
#include "algos/bc.cuh"

/* One source's state: level -1, sigma 0, acc 0, except the source (level 0, sigma 1). */
__global__ void bc_start_source(int32_t *level, double *sigma, double *acc, int32_t n,
                                int32_t source) {
  gn_for_each_index(n, [&](int64_t v) {
    level[v] = v == source ? 0 : -1;
    sigma[v] = v == source ? 1.0 : 0.0;
    acc[v] = 0.0;
  });
}

/* Host buffer freed on every exit path. */
struct host_buffer {
  void *p = nullptr;
  ~host_buffer() { free(p); }
};

/* The sources as a host list (ALL: 0..n-1; LIST: checked copy; SAMPLE: gn_sample_sources). */
static gnest_status bc_source_list(gn_call *call, int32_t n, const gnest_bc_sources *src,
                                   host_buffer *list, int32_t *count) {
  const gnest_bc_mode mode = src ? src->mode : GNEST_BC_ALL;
  const int32_t k = mode == GNEST_BC_ALL ? n : src->count;
  gnest_status st = GNEST_OK;
  if (mode != GNEST_BC_ALL && mode != GNEST_BC_LIST && mode != GNEST_BC_SAMPLE)
    return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0,
                    "unknown source mode %d", (int)mode);
  if (k < 0)
    return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0,
                    "sources->count is %d; it must be >= 0", k);
  if (mode == GNEST_BC_SAMPLE && k > n)
    return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0,
                    "cannot sample %d distinct sources from the graph's %d vertices", k, n);
  if (mode == GNEST_BC_LIST && k > 0 && src->list == NULL)
    return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0,
                    "sources->list is NULL with count %d", k);
  int32_t *out = (int32_t *)gn_alloc(call->ctx, (size_t)k, sizeof(int32_t), "BC source list", &st);
  if (out == NULL) return st;
  list->p = out;
  *count = k;
  if (mode == GNEST_BC_ALL) {
    for (int32_t v = 0; v < n; ++v) out[v] = v;
  } else if (mode == GNEST_BC_SAMPLE) {
    if (gn_sample_sources(n, k, src->seed, out) != GNEST_OK)
      return gn_error(call->ctx, GNEST_ERR_OUT_OF_MEMORY, call->fn, 0,
                      "out of host memory sampling %d sources", k);
  } else {
    for (int32_t j = 0; j < k; ++j) {
      if (src->list[j] < 0 || src->list[j] >= n)
        return gn_error(call->ctx, GNEST_ERR_OUT_OF_RANGE, call->fn, 0,
                        "sources->list[%d] = %d is outside the graph's %d vertices", j,
                        src->list[j], n);
      out[j] = src->list[j];
    }
  }
  return GNEST_OK;
}

/* Forward and backward pass of one source; counts/offsets are host arrays of n + 2 entries. */
static gnest_status bc_one_source(gn_engine &e, gn_frontier &f, const bc_forward &fwd,
                                  const bc_backward &bwd, double *acc, int32_t n, int32_t source,
                                  int32_t *counts, int64_t *offsets) {
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, bc_start_source, fwd.level, fwd.sigma, acc, n,
            source);
  GN_TRY(gn_frontier_seed(&e, &f, &source, 1));
  int32_t levels = 0;
  GN_TRY(gn_run_frontier(e, fwd, f, &levels));
  GN_TRY(gn_frontier_counts(&e, &f, levels, counts));
  offsets[0] = 0;
  for (int32_t l = 0; l < levels; ++l) offsets[l + 1] = offsets[l] + counts[l];
  /* Level 0 too, though the source's own dependency is dropped: arcs visited then match the CPU. */
  GN_TRY(gn_run_levels(e, bwd, f.items, offsets, levels, true));
  /* gn_frontier_seed sets only counts[0]; the next source needs counts[1 ..] at zero again. */
  return gn_memset(e.ctx, f.counts + 1, 0, sizeof(int32_t) * (size_t)levels);
}

static gnest_status bc_on_device(gn_engine &e, const gn_device_graph *dg, const int32_t *sources,
                                 int32_t k, double *bc_out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  int32_t *level = nullptr;
  double *sigma = nullptr, *acc = nullptr, *coef = nullptr, *bc = nullptr;
  gn_frontier f;
  GN_TRY(scratch.alloc(&level, (size_t)n, "BC levels"));
  GN_TRY(scratch.alloc(&sigma, (size_t)n, "BC path counts"));
  GN_TRY(scratch.alloc(&acc, (size_t)n, "BC dependency sums"));
  GN_TRY(scratch.alloc(&coef, (size_t)n, "BC dependency coefficients"));
  GN_TRY(scratch.alloc(&bc, (size_t)n, "BC result"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), true));
  gnest_status st = GNEST_OK;
  host_buffer counts, offsets; /* a source has at most n levels */
  counts.p = gn_alloc(ctx, (size_t)n + 2, sizeof(int32_t), "BC level counts", &st);
  if (counts.p) offsets.p = gn_alloc(ctx, (size_t)n + 2, sizeof(int64_t), "BC level offsets", &st);
  if (st != GNEST_OK) return st;

  const bc_forward fwd = {{dg->offsets, dg->cols}, level, sigma};
  const bc_backward bwd = {{dg->offsets, dg->cols}, level, sigma, acc, coef, bc};
  GN_TRY(gn_timer_start(ctx));
  GN_TRY(gn_memset(ctx, bc, 0, sizeof(double) * (size_t)n));
  for (int32_t j = 0; j < k; ++j)
    GN_TRY(bc_one_source(e, f, fwd, bwd, acc, n, sources[j], (int32_t *)counts.p,
                         (int64_t *)offsets.p));
  GN_TRY(gn_engine_close(&e));
  call->iterations = k;
  return gn_to_host(ctx, bc_out, bc, sizeof(double) * (size_t)n);
}

gnest_status gnest_bc(gnest_ctx *ctx, const gnest_graph *g, const gnest_bc_sources *sources,
                      double *bc, const gnest_options *opts, gnest_info *info) {
  gn_call call;
  host_buffer list;
  int32_t k = 0;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_BC, "gnest_bc", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, bc, "bc"));
        return bc_source_list(&call, g->csr.n, sources, &list, &k);
      },
      [&](gn_cpu_counts *c) { return gn_cpu_bc(&g->csr, (const int32_t *)list.p, k, bc, c); },
      [&](gn_engine &e, const gn_device_graph *dg) {
        return bc_on_device(e, dg, (const int32_t *)list.p, k, bc);
      });
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_bc(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                       const gnest_options *opts, gnest_info *info) {
  return gnest_bc(ctx, in->graph, in->sources, out->values_f64, opts, info);
}
