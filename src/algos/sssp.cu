/* gnest_sssp: frontier-based Bellman-Ford. Level l relaxes the out-arcs of the vertices whose
 * distance improved during level l - 1; a vertex is queued at most once per level. Oracle:
 * src/cpu/sssp.c (Dijkstra). Both compute, for every v, the least left-to-right double path sum
 * (double addition of a weight >= 0 is monotone), so the results are identical.
 *
 * Weights go to the device as float when every weight is exactly a float (half the memory
 * traffic of the inner loop), else as double (gn_call_weights). Distances are doubles, or 32-bit
 * whole numbers when every weight is whole and no sum the run forms can reach 2^32 - 1
 * (sssp_whole_distances): the same numbers, with half the traffic and native atomics (cnr-2000
 * took about 4 % longer with double distances than with 32-bit ones, H200).
 *
 * Termination and bound: every push follows a strict improvement; a vertex whose shortest path
 * has h arcs is final after level h - 1, so at most n levels push anything. */
#include <math.h>

#include "algos/algo.cuh"
#include "algos/pred_driver.cuh"
#include "algos/sssp.cuh"

/* The tail u of arc e: offsets[u] <= e < offsets[u + 1]. */
static int32_t sssp_arc_tail(const gn_csr *c, int64_t e) {
  int32_t lo = 0, hi = c->n - 1;
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo + 1) / 2;
    if (c->offsets[mid] <= e) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/* Vertex v as the caller knows it: its input id when the graph was relabelled. */
static int64_t sssp_user_id(const gn_csr *c, int32_t v) {
  return c->original_ids ? (int64_t)c->original_ids[v] : (int64_t)v;
}

/* Any weight that is negative or NaN: GNEST_ERR_INVALID_INPUT naming the first such arc. */
gnest_status sssp_check_weights(gn_call *call, const gnest_graph *g) {
  const gn_csr *c = &g->csr;
  /* The graph's cached facts settle it; the search for the arc only runs on a failure. */
  if (c->weights == NULL || gn_graph_weight_facts(g).nonnegative) return GNEST_OK;
  int64_t bad = 0;
  while (c->weights[bad] >= 0.0) ++bad;
  return gn_error(call->ctx, GNEST_ERR_INVALID_INPUT, call->fn, 0,
                  "arc %lld -> %lld has weight %.17g; shortest paths need weights >= 0",
                  (long long)sssp_user_id(c, sssp_arc_tail(c, bad)),
                  (long long)sssp_user_id(c, c->cols[bad]), c->weights[bad]);
}

/* GNEST_ERR_OVERFLOW naming the first arc u -> v (in CSR order) out of a reached vertex whose
 * finite d[u] + w is +inf, in the weights the run read (rounded ones under weights=float); the
 * same check after the CPU and the device runs. Distances are at most (n - 1) times the largest
 * weight (twice it covers rounding to float), so on all but astronomically weighted graphs that
 * bound settles it before any weight is read or rounded. */
static gnest_status sssp_check_overflow(gn_call *call, const gnest_graph *g, const double *dist) {
  if (g->csr.weights == NULL) return GNEST_OK;
  const double top = 2.0 * gn_graph_weight_facts(g).max_abs;
  if (isfinite((double)g->csr.n * top)) return GNEST_OK;
  gn_csr view;
  double *rounded = nullptr;
  GN_TRY(gn_cpu_weights(call, g, &view, &rounded));
  const gn_csr *c = &view;
  gnest_status st = GNEST_OK;
  for (int32_t u = 0; u < c->n && st == GNEST_OK; ++u) {
    if (!isfinite(dist[u])) continue;
    for (int64_t e = c->offsets[u]; e < c->offsets[u + 1]; ++e) {
      const double w = c->weights[e];
      if (!isfinite(w) || isfinite(dist[u] + w)) continue;
      st = gn_error(call->ctx, GNEST_ERR_OVERFLOW, call->fn, 0,
                    "arc %lld -> %lld of weight %.17g, from distance %.17g, makes a distance "
                    "beyond the range of double",
                    (long long)sssp_user_id(c, u), (long long)sssp_user_id(c, c->cols[e]), w,
                    dist[u]);
      break;
    }
  }
  free(rounded);
  return st;
}

/* in[v] as a double: +inf for the whole-number distances' kInf. */
__global__ static void sssp_whole_to_double(const unsigned *in, double *out, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) {
    out[v] = in[v] == sssp_whole_dist::kInf ? INFINITY : (double)in[v];
  });
}

/* The distances as doubles on the device: the same array for doubles' bits, a converted copy of
 * whole numbers. */
static gnest_status sssp_as_doubles(gn_engine &, unsigned long long *dist, int32_t,
                                    const double **out) {
  static_assert(sizeof *dist == sizeof **out, "distances travel as their bits");
  *out = reinterpret_cast<const double *>(dist);
  return GNEST_OK;
}
static gnest_status sssp_as_doubles(gn_engine &e, unsigned *dist, int32_t n,
                                    const double **out) {
  double *doubles = nullptr;
  GN_TRY(e.scratch->alloc(&doubles, (size_t)n, "SSSP distances as doubles"));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, sssp_whole_to_double, dist, doubles, n);
  *out = doubles;
  return GNEST_OK;
}

template <class W, class D>
static gnest_status sssp_run(gn_engine &e, const gn_device_graph *dg, const W *weights,
                             int32_t source, double *dist_out, int32_t *pred_out) {
  typedef typename D::T dist_t;
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  dist_t *dist = nullptr;
  int32_t *queued = nullptr;
  gn_frontier f;
  GN_TRY(scratch.alloc(&dist, (size_t)n, "SSSP distances"));
  GN_TRY(scratch.alloc(&queued, (size_t)n, "SSSP queue stamps"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<dist_t>, dist, n, D::kInf,
            source, (dist_t)0);
  GN_TRY(gn_memset(ctx, queued, 0xff, sizeof(int32_t) * (size_t)n)); /* -1 */
  GN_TRY(gn_frontier_seed(&e, &f, &source, 1));
  const sssp_visitor<W, D> v = {{dg->offsets, dg->cols}, weights, dist, queued};
  GN_TRY(gn_run_frontier(e, v, f, &call->iterations));
  const double *doubles = nullptr;
  GN_TRY(sssp_as_doubles(e, dist, n, &doubles));
  int32_t *pred = nullptr;
  if (pred_out) GN_TRY(gn_sssp_pred_on_device(e, dg, weights, source, doubles, &pred));
  GN_TRY(gn_engine_close(&e));
  if (pred_out) GN_TRY(gn_to_host(ctx, pred_out, pred, sizeof(int32_t) * (size_t)n));
  return gn_to_host(ctx, dist_out, doubles, sizeof(double) * (size_t)n);
}

/* Whether a run on float weights (or none) may add 32-bit whole numbers (sssp_whole_dist): the
 * floats hold the weights exactly and every one is whole (1 without weights), and a relaxation's
 * sum -- a tentative distance, the length of a walk of at most n arcs, plus one arc -- stays
 * below kInf: (n + 2) times the largest weight below 2^32 - 1. */
static bool sssp_whole_distances(const gnest_graph *g) {
  const double n = (double)g->csr.n;
  if (!g->csr.weights) return true; /* n + 2 <= 2^31 + 1 */
  const gn_weight_facts facts = gn_graph_weight_facts(g);
  if (!facts.float_exact || !facts.whole) return false;
  return (n + 2.0) * facts.max_abs < (double)sssp_whole_dist::kInf;
}

static gnest_status sssp_on_device(gn_engine &e, const gnest_graph *g, const gn_device_graph *dg,
                                   int32_t source, double *dist_out, int32_t *pred_out) {
  gn_weights_view w;
  GN_TRY(gn_call_weights(e, g, &w));
  if (w.f64) {
    gn_reason_appendf(e.call, "; distances: double");
    return sssp_run<double, sssp_double_dist>(e, dg, w.f64, source, dist_out, pred_out);
  }
  if (sssp_whole_distances(g)) {
    gn_reason_appendf(e.call, "; distances: 32-bit whole numbers (whole weights, (n + 2) x the "
                              "largest < 2^32 - 1)");
    return sssp_run<float, sssp_whole_dist>(e, dg, w.f32, source, dist_out, pred_out);
  }
  gn_reason_appendf(e.call, "; distances: double");
  return sssp_run<float, sssp_double_dist>(e, dg, w.f32, source, dist_out, pred_out);
}

static gnest_status sssp_on_host(gn_call *call, const gnest_graph *g, int32_t source,
                                 double *dist, int32_t *pred, gn_cpu_counts *c) {
  gn_csr view;
  double *rounded = nullptr;
  GN_TRY(gn_cpu_weights(call, g, &view, &rounded));
  gnest_status st = gn_cpu_sssp(&view, source, dist, c);
  if (st == GNEST_OK) st = sssp_check_overflow(call, g, dist);
  if (st == GNEST_OK && pred) st = gn_pred_on_host(call, &view, source, NULL, dist, pred, c);
  free(rounded);
  return st;
}

/* gnest_sssp and gnest_sssp_pred (pred NULL: no predecessors), as the function fn. */
static gnest_status sssp_call(gnest_ctx *ctx, const char *fn, const gnest_graph *g,
                              int32_t source, double *dist, int32_t *pred,
                              const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_SSSP, fn, g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, dist, "dist"));
        GN_TRY(gn_check_source(&call, g, source));
        return sssp_check_weights(&call, g);
      },
      [&](gn_cpu_counts *c) { return sssp_on_host(&call, g, source, dist, pred, c); },
      [&](gn_engine &e, const gn_device_graph *dg) {
        GN_TRY(sssp_on_device(e, g, dg, source, dist, pred));
        return sssp_check_overflow(&call, g, dist);
      });
}

gnest_status gnest_sssp(gnest_ctx *ctx, const gnest_graph *g, int32_t source, double *dist,
                        const gnest_options *opts, gnest_info *info) {
  return sssp_call(ctx, "gnest_sssp", g, source, dist, NULL, opts, info);
}

gnest_status gnest_sssp_pred(gnest_ctx *ctx, const gnest_graph *g, int32_t source, double *dist,
                             int32_t *pred, const gnest_options *opts, gnest_info *info) {
  return sssp_call(ctx, "gnest_sssp_pred", g, source, dist, pred, opts, info);
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_sssp(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                         const gnest_options *opts, gnest_info *info) {
  return gnest_sssp_pred(ctx, in->graph, in->source, out->values_f64, out->pred, opts, info);
}
