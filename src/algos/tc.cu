/* gnest_tc: triangle counting by degree-ordered orientation, as the CPU reference
 * (src/cpu/tc.c).
 *
 * Each undirected edge is kept in one direction, from the lower to the higher rank
 * (rank = (stored degree, id)); every oriented list is short (at most sqrt(2m)). The oriented
 * graph is built on the device: one pass marks the kept arcs and counts them per vertex, a scan
 * gives the offsets and a stable select compacts the kept columns (still sorted). A triangle
 * whose corners rank a < b < c is then the c in N+(a) and N+(b): counted once, at the arc a -> b.
 *
 * The counting pass (triangle_visitor, tc.cuh): item u, inner loop over its oriented arcs
 * u -> v, each arc scanning the shorter of N+(u), N+(v) and looking every element up in the
 * other -- by its hash table when that list is longer than kTcHashMin, by binary search in
 * place otherwise -- with the lanes of a warp sharing each long arc (coalesced scans).
 *
 * What the tables cost, and why only long lists get them. The previous version gave every list
 * a table: 6m bytes cleared, a scan over the arcs and an insertion per arc before any count,
 * which lost on graphs of short lists (cnr-2000 1.38 -> 2.41 ms, USA-road-FLA 0.113 -> 0.169 ms
 * on an H200) and bought little where lists are long. Now one kernel builds tables for the lists
 * above kTcHashMin only, placed by an atomic cursor (no scan, no memset of its own: the cursor
 * is cleared with the total's bins), and a graph whose largest degree is at most kTcHashMin
 * launches nothing for them. The total is summed from kTcBins counters so that no single
 * address takes an atomic per arc. Everything is queued without a host round trip: the oriented
 * arc count stays on the device (cub's select count); the buffers are sized for m/2 arcs, a
 * bound (every kept arc drops its reverse). */
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

/* The hash tables of the long oriented lists (d+ > kTcHashMin), each warp taking 32 vertices at a
 * time: a ballot finds the long lists among them, and for each the warp reserves 2 d+ slots
 * from *cursor (one atomic a table; tables go wherever the cursor puts them, so no scan over the
 * vertices is needed to place them), clears them and inserts the list (keys of one list are
 * distinct and half its table stays free, so each insertion ends at a free slot). Work and
 * bytes written are those of the long lists alone, plus one read of each vertex's two offsets:
 * nothing in proportion to the arcs of short lists. The loops' bounds are the same for every
 * lane of a warp (base steps by whole warps), so the full-warp ballot and shuffles are safe. */
__global__ void tc_long_tables(const int64_t *ooffsets, const int32_t *ocols, int32_t n,
                               int32_t *tables, int64_t *table_at,
                               unsigned long long *cursor) {
  const unsigned lane = threadIdx.x % 32;
  const int64_t warps = (int64_t)gridDim.x * (blockDim.x / 32);
  for (int64_t base = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32 * 32; base < n;
       base += warps * 32) {
    const int64_t u = base + lane;
    const int64_t d = u < n ? ooffsets[u + 1] - ooffsets[u] : 0;
    for (unsigned todo = __ballot_sync(0xffffffffu, d > kTcHashMin); todo != 0;
         todo &= todo - 1) {
      const int r = __ffs(todo) - 1;
      const int64_t w = base + r, dw = __shfl_sync(0xffffffffu, d, r), size = 2 * dw;
      unsigned long long at = 0;
      if (lane == 0) {
        at = atomicAdd(cursor, (unsigned long long)size);
        table_at[w] = (int64_t)at;
      }
      at = __shfl_sync(0xffffffffu, at, 0);
      int32_t *table = tables + at;
      for (int64_t k = lane; k < size; k += 32) table[k] = -1;
      __syncwarp(); /* the clears are visible to every lane before any insertion */
      const int32_t *list = ocols + ooffsets[w];
      for (int64_t k = lane; k < dw; k += 32) {
        const int32_t x = list[k];
        uint32_t slot = (uint32_t)x % (uint32_t)size;
        while (atomicCAS(&table[slot], -1, x) != -1)
          if (++slot == (uint32_t)size) slot = 0;
      }
    }
  }
}

/* long_lists: some oriented list may exceed kTcHashMin (the input has a vertex of higher degree;
 * d+ <= degree), so the tables are built; otherwise neither their memory nor their kernel. */
static gnest_status tc_on_device(gn_engine &e, const gn_device_graph *dg, bool long_lists,
                                 uint64_t *total, uint64_t *per_vertex) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  const int64_t half = dg->m / 2; /* oriented arcs at most */
  int64_t *ooffsets = nullptr, *narcs = nullptr, *table_at = nullptr;
  int32_t *ocols = nullptr, *tables = nullptr;
  uint8_t *kept = nullptr;
  unsigned long long *bins = nullptr, *per = nullptr, *sum = nullptr;
  GN_TRY(scratch.alloc(&ooffsets, (size_t)n + 1, "TC oriented offsets"));
  GN_TRY(scratch.alloc(&ocols, (size_t)half + 1, "TC oriented columns"));
  GN_TRY(scratch.alloc(&narcs, 1, "TC oriented arc count"));
  GN_TRY(scratch.alloc(&kept, (size_t)dg->m + 1, "TC kept-arc flags"));
  if (long_lists) {
    /* the long lists' tables take 2 d+ slots each, at most 2 (m/2) in all */
    GN_TRY(scratch.alloc(&tables, 2 * (size_t)half + 1, "TC hash tables"));
    GN_TRY(scratch.alloc(&table_at, (size_t)n + 1, "TC table offsets"));
  }
  /* the total's parts, then the tables' cursor (cleared with them: one memset) */
  GN_TRY(scratch.alloc(&bins, kTcBins + 1, "TC total parts and table cursor"));
  GN_TRY(scratch.alloc(&sum, 1, "TC total"));
  if (per_vertex) GN_TRY(scratch.alloc(&per, (size_t)n + 1, "TC triangles per vertex"));

  GN_TRY(gn_timer_start(ctx));
  GN_TRY(gn_memset(ctx, bins, 0, sizeof(unsigned long long) * (kTcBins + 1)));
  if (per) GN_TRY(gn_memset(ctx, per, 0, sizeof(unsigned long long) * (size_t)n));
  GN_TRY(tc_orient(e, dg, kept, ooffsets, ocols, narcs));
  if (half > 0) {
    if (long_lists) {
      /* a thread per 8 vertices: each warp takes 32 vertices 8 times over (the kernel strides);
       * blocks of 256, whole warps as the kernel's full-warp ballots need */
      const int block = 256;
      GN_KERNEL(e, gn_grid_for((n + 7) / 8, block), block, tc_long_tables, ooffsets, ocols, n,
                tables, table_at, bins + kTcBins);
    }
    const triangle_visitor count = {ooffsets, ocols, tables, table_at, bins, per};
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
        if (g->csr.n == 0) {
          *total = 0;
          return GNEST_OK;
        }
        /* The degree statistics are cached on the graph (the selector reads them too): the
         * largest degree bounds every oriented list, so a graph without a vertex above
         * kTcHashMin (road networks, meshes) gets no tables and no launch for them. */
        gnest_degree_stats stats;
        GN_TRY(gnest_graph_stats(ctx, g, &stats));
        return tc_on_device(e, dg, stats.max > kTcHashMin, total, per_vertex);
      });
}
