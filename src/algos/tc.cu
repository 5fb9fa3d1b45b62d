/* gnest_tc: triangle counting by degree-ordered orientation, as the CPU reference
 * (src/cpu/tc.c), with hash-table lookups in place of sorted-list intersection.
 *
 * Each undirected edge is kept in one direction, from the lower to the higher rank
 * (rank = (stored degree, id)); every oriented list is short (at most sqrt(2m)). The oriented
 * graph is built on the device: one pass marks the kept arcs and counts them per vertex, a scan
 * gives the offsets and a stable select compacts the kept columns. A triangle whose corners rank
 * a < b < c is then the c in N+(a) and N+(b): counted once, at the arc a -> b.
 *
 * The counting pass (triangle_visitor, tc.cuh): item u, inner loop over its oriented arcs
 * u -> v, each arc scanning the shorter of N+(u), N+(v) and looking every element up in the
 * other list's hash table. Why: on rmat20 the shorter lists add up to 1.97e9 elements over
 * 15.7 M arcs; the old binary-search intersection read ~9 dependent, mostly scattered words per
 * element (1.86e10 reads: the pass was bound by them on every backend, lazynp 75 ms, freelaunch
 * 44 ms), a lookup in a half-empty linear-probing table about 2.5 adjacent words. Each vertex's
 * table has 2 d+(w) slots at 2 offsets[w] of one array: no offsets of its own, 2m int32 words in
 * all (tc_table_has).
 *
 * The tables are filled by one element-wise kernel over the oriented arcs, which needs each
 * arc's source: owner[] is built without any per-vertex loop (which would put a hub's whole list
 * on one thread): each non-empty list's first slot gets its vertex, and an in-place max-scan
 * spreads it over the list (sources increase along the oriented columns). Everything is queued
 * without a host round trip: the oriented arc count stays on the device (cub's select count);
 * the buffers are sized for m/2 arcs, a bound (every kept arc drops its reverse). The total is
 * summed from kTcBins counters so that no single address takes an atomic per arc. */
#include <cuda/functional>
#include "prims.cuh"
#include "tc.cuh"

/* Builds the oriented CSR (offsets [n+1], cols [m/2+1]); *narcs = its arc count, on the device.
 * kept is the arcs' flags (m bytes). */
static gnest_status tc_orient(gn_engine &e, const gn_device_graph *dg, uint8_t *kept,
                              int64_t *ooffsets, int32_t *ocols, int64_t *narcs) {
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  int32_t *odeg = nullptr;
  GN_TRY(scratch.alloc(&odeg, (size_t)n + 1, "TC oriented degrees"));
  GN_TRY(gn_memset(e.ctx, odeg, 0, sizeof(int32_t) * ((size_t)n + 1)));
  const orient_visitor orient = {{dg->offsets, dg->cols}, kept, odeg};
  GN_TRY(gn_run_pass(e, orient, gn_all_items(n), 0, nullptr, nullptr, 0));
  /* A row the pass dropped (a refused device launch) left its flags unwritten: selecting on them
   * could overrun ocols. */
  GN_TRY(gn_engine_check(&e));
  GN_TRY(gn_cub(e, "TC oriented offsets", [&](void *tmp, size_t &bytes) {
    return cub::DeviceScan::ExclusiveScan(tmp, bytes, odeg, ooffsets, cuda::std::plus<>{},
                                          (int64_t)0, (int64_t)n + 1, e.stream);
  }));
  return gn_cub(e, "TC oriented columns", [&](void *tmp, size_t &bytes) {
    return cub::DeviceSelect::Flagged(tmp, bytes, dg->cols, kept, ocols, narcs, dg->m, e.stream);
  });
}

/* owner[ooffsets[u]] = u for every vertex with oriented arcs (the rest of owner is zero). */
__global__ void tc_list_heads(const int64_t *ooffsets, int32_t n, int32_t *owner) {
  gn_for_each_index(n, [&](int64_t u) {
    if (ooffsets[u + 1] > ooffsets[u]) owner[ooffsets[u]] = (int32_t)u;
  });
}

/* For every oriented arc a = (u = owner[a], v): v into u's hash table. Keys of one list are
 * distinct and half its table stays free, so each insertion ends at a free slot. */
__global__ void tc_build_tables(const int64_t *ooffsets, const int32_t *ocols,
                                const int64_t *narcs, const int32_t *owner, int32_t *tables) {
  gn_for_each_index(*narcs, [&](int64_t a) {
    const int32_t u = owner[a], v = ocols[a];
    const int64_t base = ooffsets[u];
    int32_t *table = tables + 2 * base;
    const uint32_t size = (uint32_t)(2 * (ooffsets[u + 1] - base));
    uint32_t at = (uint32_t)v % size;
    while (atomicCAS(&table[at], -1, v) != -1)
      if (++at == size) at = 0;
  });
}

/* The hash tables of the oriented graph (see the top of the file), with owner[] as scratch.
 * half = m/2, the bound on the oriented arcs. */
static gnest_status tc_build(gn_engine &e, int32_t n, int64_t half, const int64_t *ooffsets,
                             const int32_t *ocols, const int64_t *narcs, int32_t *owner,
                             int32_t *tables) {
  GN_TRY(gn_memset(e.ctx, owner, 0, sizeof(int32_t) * (size_t)half));
  GN_TRY(gn_memset(e.ctx, tables, 0xff, sizeof(int32_t) * 2 * (size_t)half)); /* all -1 */
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, tc_list_heads, ooffsets, n, owner);
  GN_TRY(gn_cub(e, "TC arc sources", [&](void *tmp, size_t &bytes) {
    return cub::DeviceScan::InclusiveScan(tmp, bytes, owner, owner, cuda::maximum<>{}, half,
                                          e.stream);
  }));
  GN_KERNEL(e, gn_grid_for(half, e.block), e.block, tc_build_tables, ooffsets, ocols, narcs,
            owner, tables);
  return GNEST_OK;
}

static gnest_status tc_on_device(gn_engine &e, const gn_device_graph *dg, uint64_t *total,
                                 uint64_t *per_vertex) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  const int64_t half = dg->m / 2; /* oriented arcs at most */
  int64_t *ooffsets = nullptr, *narcs = nullptr;
  int32_t *ocols = nullptr, *owner = nullptr, *tables = nullptr;
  unsigned long long *bins = nullptr, *per = nullptr, *sum = nullptr;
  GN_TRY(scratch.alloc(&ooffsets, (size_t)n + 1, "TC oriented offsets"));
  GN_TRY(scratch.alloc(&ocols, (size_t)half + 1, "TC oriented columns"));
  GN_TRY(scratch.alloc(&narcs, 1, "TC oriented arc count"));
  /* owner[] (4 bytes an oriented arc, 2m bytes) is written only after the kept-arc flags (m
   * bytes) are read for the last time: one buffer serves both. */
  GN_TRY(scratch.alloc(&owner, (size_t)half + 1, "TC kept-arc flags, then arc sources"));
  GN_TRY(scratch.alloc(&tables, 2 * (size_t)half + 2, "TC hash tables"));
  GN_TRY(scratch.alloc(&bins, kTcBins, "TC total parts"));
  GN_TRY(scratch.alloc(&sum, 1, "TC total"));
  if (per_vertex) GN_TRY(scratch.alloc(&per, (size_t)n + 1, "TC triangles per vertex"));
  uint8_t *kept = (uint8_t *)owner; /* (half + 1) * 4 >= m + 1 bytes */

  GN_TRY(gn_timer_start(ctx));
  GN_TRY(gn_memset(ctx, bins, 0, sizeof(unsigned long long) * kTcBins));
  if (per) GN_TRY(gn_memset(ctx, per, 0, sizeof(unsigned long long) * (size_t)n));
  GN_TRY(tc_orient(e, dg, kept, ooffsets, ocols, narcs));
  if (half > 0) {
    GN_TRY(tc_build(e, n, half, ooffsets, ocols, narcs, owner, tables));
    const triangle_visitor count = {ooffsets, ocols, tables, bins, per};
    GN_TRY(gn_run_pass(e, count, gn_all_items(n), 0, nullptr, nullptr, 0));
  }
  GN_TRY(gn_cub(e, "TC total", [&](void *tmp, size_t &bytes) {
    return cub::DeviceReduce::Sum(tmp, bytes, bins, sum, kTcBins, e.stream);
  }));
  call->iterations = 2; /* orientation pass, counting pass */
  GN_TRY(gn_engine_close(&e));
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
  return gn_public_call(
      call, gn_call_begin(&call, ctx, GN_ALGO_TC, "gnest_tc", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, total, "total"));
        GN_TRY(gn_need_undirected(&call, g, "triangle counting"));
        return tc_check_lists(&call, &g->csr);
      },
      [&](gn_cpu_counts *c) { return gn_cpu_tc(&g->csr, total, per_vertex, c); },
      [&](gn_engine &e, const gn_device_graph *dg) {
        if (g->csr.n > 0) return tc_on_device(e, dg, total, per_vertex);
        *total = 0;
        return GNEST_OK;
      });
}
