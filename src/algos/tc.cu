/* gnest_tc: triangle counting by degree-ordered orientation and sorted-list intersection, as the
 * CPU reference (src/cpu/tc.c).
 *
 * Each undirected edge is kept in one direction, from the lower to the higher rank
 * (rank = (stored degree, id)); every oriented list is short (at most sqrt(2m)). The oriented
 * graph is built on the device: one pass marks the kept arcs and counts them per vertex, a scan
 * gives the offsets and a stable select compacts the kept columns — a sublist of a sorted list, so
 * still sorted. Then the nested loop: item u, inner over its oriented neighbours v, and each arc
 * counts |N+(u) ∩ N+(v)|, the triangles whose lowest-ranked corner is u and middle corner v. */
#include "prims.cuh"

/* Pass 1. Race-freedom: kept[e] is written only by arc e; odeg[u] only grows (atomicAdd). */
struct orient_visitor : gn_out_arcs {
  uint8_t *kept;
  int32_t *odeg;
  static constexpr bool kHasPost = false;
  __device__ bool pre(int32_t, const gn_step &) const { return true; }
  __device__ void edge(int32_t u, int64_t e, const gn_step &) const {
    const int32_t v = cols[e];
    const int64_t du = offsets[u + 1] - offsets[u], dv = offsets[v + 1] - offsets[v];
    const bool keep = v != u && (du < dv || (du == dv && u < v));
    kept[e] = keep;
    if (keep) atomicAdd(&odeg[u], 1);
  }
  __device__ void post(int32_t, const gn_step &) const {}
};

/* Common elements of two sorted lists: each element of the shorter is looked up in the rest of
 * the longer by binary search (the lower bound only moves forward). Credits each common w in
 * per_vertex when given. */
__device__ uint64_t tc_common(const int32_t *a, int64_t na, const int32_t *b, int64_t nb,
                              unsigned long long *per_vertex) {
  if (na > nb) {
    const int32_t *t = a; a = b; b = t;
    const int64_t tn = na; na = nb; nb = tn;
  }
  uint64_t found = 0;
  int64_t lo = 0;
  for (int64_t i = 0; i < na && lo < nb; ++i) {
    const int32_t x = a[i];
    int64_t hi = nb;
    while (lo < hi) { /* first position in [lo, nb) holding >= x */
      const int64_t mid = lo + (hi - lo) / 2;
      if (b[mid] < x) lo = mid + 1; else hi = mid;
    }
    if (lo < nb && b[lo] == x) {
      ++found;
      ++lo;
      if (per_vertex) atomicAdd(&per_vertex[x], 1ull);
    }
  }
  return found;
}

/* Pass 2 over the oriented graph. Race-freedom: the oriented lists are read only (built by
 * earlier launches); all writes are atomicAdds into per-vertex counters. */
struct triangle_visitor {
  const int64_t *offsets; /* oriented CSR */
  const int32_t *cols;
  unsigned long long *lowest; /* triangles found at u, summed at the end */
  unsigned long long *per_vertex; /* NULL when not asked */
  static constexpr bool kHasPost = false;
  __device__ int64_t begin(int32_t u) const { return offsets[u]; }
  __device__ int64_t end(int32_t u) const { return offsets[u + 1]; }
  __device__ bool pre(int32_t, const gn_step &) const { return true; }
  __device__ void edge(int32_t u, int64_t e, const gn_step &) const {
    const int32_t v = cols[e];
    const uint64_t found = tc_common(cols + offsets[u], offsets[u + 1] - offsets[u],
                                     cols + offsets[v], offsets[v + 1] - offsets[v], per_vertex);
    if (found == 0) return;
    atomicAdd(&lowest[u], (unsigned long long)found);
    if (per_vertex) {
      atomicAdd(&per_vertex[u], (unsigned long long)found);
      atomicAdd(&per_vertex[v], (unsigned long long)found);
    }
  }
  __device__ void post(int32_t, const gn_step &) const {}
};

/* Builds the oriented CSR (offsets [n+1], cols [m/2+1]). */
static gnest_status tc_orient(gn_engine &e, const gn_device_graph *dg, int64_t *ooffsets,
                              int32_t *ocols) {
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  uint8_t *kept = nullptr;
  int32_t *odeg = nullptr;
  int64_t *selected = nullptr;
  GN_TRY(scratch.alloc(&kept, (size_t)dg->m + 1, "TC kept-arc flags"));
  GN_TRY(scratch.alloc(&odeg, (size_t)n + 1, "TC oriented degrees"));
  GN_TRY(scratch.alloc(&selected, 1, "TC oriented arc count"));
  GN_TRY(gn_memset(e.ctx, odeg, 0, sizeof(int32_t) * ((size_t)n + 1)));
  const orient_visitor orient = {{dg->offsets, dg->cols}, kept, odeg};
  GN_TRY(gn_run_pass(e, orient, gn_all_items(n), 0, nullptr, nullptr, 0));
  GN_TRY(gn_cub(e, "TC oriented offsets", [&](void *tmp, size_t &bytes) {
    return cub::DeviceScan::ExclusiveScan(tmp, bytes, odeg, ooffsets, cuda::std::plus<>{},
                                          (int64_t)0, (int64_t)n + 1, e.stream);
  }));
  return gn_cub(e, "TC oriented columns", [&](void *tmp, size_t &bytes) {
    return cub::DeviceSelect::Flagged(tmp, bytes, dg->cols, kept, ocols, selected, dg->m,
                                      e.stream);
  });
}

static gnest_status tc_on_device(gn_call *call, const gnest_graph *g, uint64_t *total,
                                 uint64_t *per_vertex) {
  gnest_ctx *ctx = call->ctx;
  const gn_device_graph *dg = nullptr;
  GN_TRY(gn_graph_on_device(ctx, g, &dg));
  gn_scratch scratch(ctx);
  gn_engine e;
  GN_TRY(gn_engine_init(&e, call, &scratch));
  const int32_t n = dg->n;
  int64_t *ooffsets = nullptr;
  int32_t *ocols = nullptr;
  unsigned long long *lowest = nullptr, *per = nullptr, *sum = nullptr;
  GN_TRY(scratch.alloc(&ooffsets, (size_t)n + 1, "TC oriented offsets"));
  GN_TRY(scratch.alloc(&ocols, (size_t)(dg->m / 2) + 1, "TC oriented columns"));
  GN_TRY(scratch.alloc(&lowest, (size_t)n + 1, "TC triangles per lowest corner"));
  GN_TRY(scratch.alloc(&sum, 1, "TC total"));
  if (per_vertex) GN_TRY(scratch.alloc(&per, (size_t)n + 1, "TC triangles per vertex"));

  GN_TRY(gn_timer_start(ctx));
  GN_TRY(gn_memset(ctx, lowest, 0, sizeof(unsigned long long) * (size_t)n));
  if (per) GN_TRY(gn_memset(ctx, per, 0, sizeof(unsigned long long) * (size_t)n));
  GN_TRY(tc_orient(e, dg, ooffsets, ocols));
  const triangle_visitor count = {ooffsets, ocols, lowest, per};
  GN_TRY(gn_run_pass(e, count, gn_all_items(n), 0, nullptr, nullptr, 0));
  GN_TRY(gn_cub(e, "TC total", [&](void *tmp, size_t &bytes) {
    return cub::DeviceReduce::Sum(tmp, bytes, lowest, sum, n, e.stream);
  }));
  GN_TRY(gn_timer_stop(ctx, &call->time_ms));
  call->iterations = 2; /* orientation pass, counting pass */

  GN_TRY(gn_engine_finish(&e));
  unsigned long long triangles = 0;
  GN_TRY(gn_to_host(ctx, &triangles, sum, sizeof triangles));
  *total = triangles;
  if (per_vertex) GN_TRY(gn_to_host(ctx, per_vertex, per, sizeof(uint64_t) * (size_t)n));
  return GNEST_OK;
}

/* The intersections need each list strictly increasing (sorted, no duplicate arcs): the loader's
 * flags say so, or one scan checks it. */
static gnest_status tc_check_lists(gn_call *call, const gn_csr *c) {
  if (c->sorted && c->merged) return GNEST_OK;
  for (int32_t u = 0; u < c->n; ++u)
    for (int64_t e = c->offsets[u] + 1; e < c->offsets[u + 1]; ++e)
      if (c->cols[e - 1] >= c->cols[e])
        return gn_error(call->ctx, GNEST_ERR_INVALID_INPUT, call->fn, 0,
                        "triangle counting needs sorted adjacency lists without duplicate arcs "
                        "(vertex %d lists %d then %d): load it with sort_adjacency and "
                        "merge_duplicates",
                        u, c->cols[e - 1], c->cols[e]);
  return GNEST_OK;
}

gnest_status gnest_tc(gnest_ctx *ctx, const gnest_graph *g, uint64_t *total, uint64_t *per_vertex,
                      const gnest_options *opts, gnest_info *info) {
  gn_call call;
  gnest_status st = gn_call_begin(&call, ctx, GN_ALGO_TC, "gnest_tc", g, NULL, opts, info);
  if (st != GNEST_OK) return st;
  st = gn_need_output(&call, total, "total");
  if (st == GNEST_OK) st = gn_need_undirected(&call, g, "triangle counting");
  if (st == GNEST_OK) st = tc_check_lists(&call, &g->csr);
  if (st == GNEST_OK && call.backend == GNEST_BACKEND_CPU) {
    gn_cpu_counts c = {0, 0};
    st = gn_cpu_finish(&call, gn_cpu_tc(&g->csr, total, per_vertex, &c), c);
  } else if (st == GNEST_OK && g->csr.n == 0) {
    *total = 0;
  } else if (st == GNEST_OK) {
    st = tc_on_device(&call, g, total, per_vertex);
  }
  return gn_call_end(&call, st);
}
