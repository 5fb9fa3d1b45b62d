/* gnest_bc: Brandes betweenness, one source at a time. Forward: a frontier loop that keeps every
 * level (history mode) and counts shortest paths, sigma. Backward: the same levels deepest first,
 *   delta[v] = sigma[v] * (sum over arcs v->w with level[w] == level[v] + 1 of coef[w]),
 *   coef[w] = (1 + delta[w]) / sigma[w]
 * which is the CPU's sum of sigma[v] / sigma[w] * (1 + delta[w]) with sigma[v] taken out, so an
 * arc adds one precomputed number. Doubles throughout. Oracle: src/cpu/bc.c. */
#include <stdlib.h>
#include "algos/algo.cuh"
#include "algos/bc.cuh"
#include "algos/bc_weighted.cuh"
#include "algos/sssp.cuh"

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

/* gnest_bc_weighted: Brandes over shortest weighted paths, one source at a time. Distances: the
 * SSSP's visitor and frontier loop (sssp.cu). Path counts: Kahn's order over the shortest-path
 * DAG (bc_weighted.cuh), a frontier level per step, every level kept; dependencies: those levels
 * deepest first, as gnest_bc's backward pass. A vertex left with DAG in-arcs not done is a
 * zero-weight cycle. Oracle: src/cpu/bc_weighted.c. */

/* Distances as the SSSP keeps them (the bits of doubles, sssp.cuh). */
typedef double bcw_distance;

/* One source's path counts and pending DAG in-arcs: 0 everywhere but sigma[source] = 1. */
__global__ void bcw_start_source(double *sigma, int32_t *pending, double *acc, int32_t n,
                                 int32_t source) {
  gn_for_each_index(n, [&](int64_t v) {
    sigma[v] = v == source ? 1.0 : 0.0;
    pending[v] = 0;
    acc[v] = 0.0;
  });
}

/* *stuck = 1 when a vertex still has DAG in-arcs not done after Kahn's order: a cycle. */
__global__ void bcw_find_stuck(const int32_t *pending, int32_t n, int32_t *stuck) {
  gn_for_each_index(n, [&](int64_t v) {
    if (pending[v] != 0) *stuck = 1;
  });
}

/* The device state of a call: the SSSP's (distances, queue stamps, swap frontier) and Brandes's
 * (pending in-arcs, path counts, dependency sums and coefficients, the result, the levels). */
struct bcw_state {
  bcw_distance *dist;
  int32_t *queued, *pending, *stuck;
  double *sigma, *acc, *coef, *bc;
  gn_frontier sssp, dag;
  int32_t *counts; /* host, n + 2: the DAG levels' sizes */
  int64_t *offsets;
};

static gnest_status bcw_error_cycle(gn_call *call, int32_t source) {
  return gn_error(call->ctx, GNEST_ERR_INVALID_INPUT, call->fn, 0,
                  "source %d reaches a cycle of zero-weight arcs (an undirected edge of weight 0 "
                  "is one, as are weights lost in rounding the distances): it has infinitely many "
                  "shortest paths, so betweenness is undefined",
                  source);
}

/* The distances from source (the SSSP's frontier loop, its frontier reset first). */
template <class W>
static gnest_status bcw_distances(gn_engine &e, const gn_device_graph *dg, const W *weights,
                                  bcw_state &s, int32_t source) {
  const int32_t n = dg->n;
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<bcw_distance>, s.dist, n,
            (bcw_distance)INFINITY, source, (bcw_distance)0);
  GN_TRY(gn_memset(e.ctx, s.queued, 0xff, sizeof(int32_t) * (size_t)n)); /* -1 */
  GN_TRY(gn_memset(e.ctx, s.sssp.counts, 0, sizeof(int32_t) * ((size_t)s.sssp.max_levels + 2)));
  GN_TRY(gn_frontier_seed(&e, &s.sssp, &source, 1));
  /* The SSSP keeps the bits of non-negative doubles, which are the doubles. */
  const sssp_visitor<W> v = {{dg->offsets, dg->cols}, weights, (unsigned long long *)s.dist,
                             s.queued};
  int32_t levels = 0;
  return gn_run_frontier(e, v, s.sssp, &levels);
}

/* Path counts in Kahn's order; *levels = its levels, counted in s.counts. */
template <class W>
static gnest_status bcw_path_counts(gn_engine &e, const gn_device_graph *dg, const W *weights,
                                    bcw_state &s, int32_t source, int32_t *levels) {
  const int32_t n = dg->n;
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, bcw_start_source, s.sigma, s.pending, s.acc, n,
            source);
  const bcw_dag<W, bcw_distance> dag = {{dg->offsets, dg->cols}, weights, s.dist};
  const typename bcw_visitors<W>::count count = {dag, s.pending};
  GN_TRY(gn_run_pass(e, count, gn_all_items(n), 0, nullptr, nullptr, 0));
  GN_TRY(gn_memset(e.ctx, s.dag.counts, 0, sizeof(int32_t) * ((size_t)s.dag.max_levels + 2)));
  GN_TRY(gn_frontier_seed(&e, &s.dag, &source, 1));
  const typename bcw_visitors<W>::forward fwd = {dag, s.pending, s.sigma, source};
  GN_TRY(gn_run_frontier(e, fwd, s.dag, levels));
  return gn_frontier_counts(&e, &s.dag, *levels, s.counts);
}

/* A zero-weight cycle reached from the source: an error naming it. */
static gnest_status bcw_check_cycle(gn_engine &e, bcw_state &s, int32_t n, int32_t source) {
  int32_t stuck = 0;
  GN_TRY(gn_memset(e.ctx, s.stuck, 0, sizeof(int32_t)));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, bcw_find_stuck, s.pending, n, s.stuck);
  GN_TRY(gn_engine_check(&e)); /* dropped work would leave pending counts too */
  GN_TRY(gn_to_host(e.ctx, &stuck, s.stuck, sizeof stuck));
  return stuck ? bcw_error_cycle(e.call, source) : GNEST_OK;
}

template <class W>
static gnest_status bcw_one_source(gn_engine &e, const gn_device_graph *dg, const W *weights,
                                   bcw_state &s, int32_t source) {
  const int32_t n = dg->n;
  int32_t levels = 0;
  GN_TRY(bcw_distances(e, dg, weights, s, source));
  GN_TRY(bcw_path_counts(e, dg, weights, s, source, &levels));
  GN_TRY(bcw_check_cycle(e, s, n, source));
  s.offsets[0] = 0;
  for (int32_t l = 0; l < levels; ++l) s.offsets[l + 1] = s.offsets[l] + s.counts[l];
  const bcw_dag<W, bcw_distance> dag = {{dg->offsets, dg->cols}, weights, s.dist};
  const typename bcw_visitors<W>::backward bwd = {dag, s.sigma, s.acc, s.coef, s.bc, source};
  return gn_run_levels(e, bwd, s.dag.items, s.offsets, levels, true);
}

static gnest_status bcw_on_device(gn_engine &e, const gnest_graph *g, const gn_device_graph *dg,
                                  const int32_t *sources, int32_t k, double *bc_out) {
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  bcw_state s = {};
  GN_TRY(scratch.alloc(&s.dist, (size_t)n, "weighted BC distances"));
  GN_TRY(scratch.alloc(&s.queued, (size_t)n, "weighted BC queue stamps"));
  GN_TRY(scratch.alloc(&s.pending, (size_t)n, "weighted BC pending in-arcs"));
  GN_TRY(scratch.alloc(&s.stuck, 1, "weighted BC cycle flag"));
  GN_TRY(scratch.alloc(&s.sigma, (size_t)n, "weighted BC path counts"));
  GN_TRY(scratch.alloc(&s.acc, (size_t)n, "weighted BC dependency sums"));
  GN_TRY(scratch.alloc(&s.coef, (size_t)n, "weighted BC dependency coefficients"));
  GN_TRY(scratch.alloc(&s.bc, (size_t)n, "weighted BC result"));
  GN_TRY(gn_frontier_alloc(&e, &s.sssp, n, gn_level_bound(n), false));
  GN_TRY(gn_frontier_alloc(&e, &s.dag, n, gn_level_bound(n), true)); /* each vertex once */
  gnest_status st = GNEST_OK;
  host_buffer counts, offsets; /* Kahn's order has at most n levels */
  counts.p = gn_alloc(e.ctx, (size_t)n + 2, sizeof(int32_t), "weighted BC level counts", &st);
  if (counts.p)
    offsets.p = gn_alloc(e.ctx, (size_t)n + 2, sizeof(int64_t), "weighted BC level offsets", &st);
  if (st != GNEST_OK) return st;
  s.counts = (int32_t *)counts.p;
  s.offsets = (int64_t *)offsets.p;

  gn_weights_view w;
  GN_TRY(gn_call_weights(e, g, &w));
  GN_TRY(gn_timer_start(e.ctx));
  GN_TRY(gn_memset(e.ctx, s.bc, 0, sizeof(double) * (size_t)n));
  for (int32_t j = 0; j < k; ++j)
    GN_TRY(w.f64 ? bcw_one_source(e, dg, w.f64, s, sources[j])
                 : bcw_one_source(e, dg, w.f32, s, sources[j]));
  GN_TRY(gn_engine_close(&e));
  e.call->iterations = k;
  return gn_to_host(e.ctx, bc_out, s.bc, sizeof(double) * (size_t)n);
}

gnest_status gnest_bc_weighted(gnest_ctx *ctx, const gnest_graph *g,
                               const gnest_bc_sources *sources, double *bc,
                               const gnest_options *opts, gnest_info *info) {
  gn_call call;
  host_buffer list;
  int32_t k = 0;
  return gn_public_call(
      call,
      gn_algo_begin(&call, ctx, GNEST_ALGO_BC_WEIGHTED, "gnest_bc_weighted", g, NULL, opts, info),
      g,
      [&] {
        GN_TRY(gn_need_output(&call, bc, "bc"));
        GN_TRY(sssp_check_weights(&call, g));
        return bc_source_list(&call, g->csr.n, sources, &list, &k);
      },
      [&](gn_cpu_counts *c) {
        int32_t cycle_source = -1;
        gn_csr view;
        double *rounded = nullptr;
        GN_TRY(gn_cpu_weights(&call, g, &view, &rounded));
        const gnest_status st =
            gn_cpu_bc_weighted(&view, (const int32_t *)list.p, k, bc, &cycle_source, c);
        free(rounded);
        return st == GNEST_ERR_INVALID_INPUT ? bcw_error_cycle(&call, cycle_source) : st;
      },
      [&](gn_engine &e, const gn_device_graph *dg) {
        return bcw_on_device(e, g, dg, (const int32_t *)list.p, k, bc);
      });
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_bc_weighted(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                                const gnest_options *opts, gnest_info *info) {
  return gnest_bc_weighted(ctx, in->graph, in->sources, out->values_f64, opts, info);
}
