/* gnest_tc: triangle counting by degree-ordered orientation, as the CPU reference
 * (src/cpu/tc.c), then one of two counts (gnest_options.tc_method).
 *
 * Each undirected edge is kept in one direction, from the lower to the higher rank
 * (rank = (stored degree, id)); every oriented list is short (at most sqrt(2m)). The oriented
 * graph is built on the device: one pass marks the kept arcs and counts them per vertex, a scan
 * gives the offsets and a stable select compacts the kept columns — a sublist of a sorted list, so
 * still sorted. Then the nested loop: item u, inner over its oriented neighbours v, and each arc
 * counts |N+(u) ∩ N+(v)|, the triangles whose lowest-ranked corner is u and middle corner v:
 * tc_method=search runs that loop through the backend, each arc intersecting two sorted lists by
 * binary search (tc.cuh); tc_method=hash (the default) by the algorithm's own kernel, one list at
 * a time in an on-chip hash table probed by the lists of its partners, from the lowest or the
 * middle corner, whichever side probes less (tc_hash.cuh). */
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "algos/prims.cuh"
#include "algos/tc.cuh"
#include "algos/tc_hash.cuh"

/* Builds the oriented CSR (offsets [n+1], cols [m/2+1]); *kept_out: the flag of each arc of dg
 * (scratch; 1: kept in the orientation). */
static gnest_status tc_orient(gn_engine &e, const gn_device_graph *dg, int64_t *ooffsets,
                              int32_t *ocols, const uint8_t **kept_out) {
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  uint8_t *kept = nullptr;
  int32_t *odeg = nullptr;
  int64_t *selected = nullptr;
  GN_TRY(scratch.alloc(&kept, (size_t)dg->m + 1, "TC kept-arc flags"));
  GN_TRY(scratch.alloc(&odeg, (size_t)n + 1, "TC oriented degrees"));
  GN_TRY(scratch.alloc(&selected, 1, "TC oriented arc count"));
  *kept_out = kept;
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
    return cub::DeviceSelect::Flagged(tmp, bytes, dg->cols, kept, ocols, selected, dg->m,
                                      e.stream);
  });
}

/* The method of this call, appended to the reason. auto: hash, unless no vertex has more than
 * kTcThreadMax arcs; then hash would give every list a thread, as search's loop does, and only
 * add its own set-up (on the road graph 0.135 ms against search's 0.11, H200). */
static gnest_tc_method tc_pick(gn_call *call, const gnest_degree_stats &stats) {
  const gnest_tc_method asked = call->opts.tc_method;
  const bool short_lists = stats.max <= kTcThreadMax;
  gnest_tc_method method = asked;
  if (asked == GNEST_TC_AUTO) method = short_lists ? GNEST_TC_SEARCH : GNEST_TC_HASH;
  char why[64];
  snprintf(why, sizeof why, "no vertex has more than %d arcs", (int)kTcThreadMax);
  gn_note_method(call, "tc_method", gn_tc_method_word(asked), gn_tc_method_word(method),
                 asked == GNEST_TC_AUTO && short_lists ? why : NULL);
  return method;
}

/* The copies of the counts per vertex the hash kernel's blocks credit (tc_hash_args.copies):
 * up to kTcCopies, within kTcCopyBytes in all; each copy takes 1/copies of the atomics on a hub's
 * counter. On cnr-2000 (H200) counting per vertex took 1.09 ms with 1 copy, 0.62 with 4 and 0.53
 * with 16, against 0.41 for the total alone. */
static int32_t tc_copies(int32_t n) {
  const int64_t kTcCopies = 16, kTcCopyBytes = 64ll << 20;
  const int64_t fit = kTcCopyBytes / ((int64_t)n * (int64_t)sizeof(unsigned long long));
  return (int32_t)(fit < 1 ? 1 : fit > kTcCopies ? kTcCopies : fit);
}

/* tc_method=hash: each side's probes (tc_side_work), the vertices blocks take (and their chunks'
 * scan) and those a warp takes on the side with fewer, then tc_hash_kernel. The choice stays on
 * the device (no copy back before the count). The selects keep the ids' order, which the
 * kernel's cache use depends on: one kernel appending both lists with atomics made the count on
 * cnr-2000 45 % slower (H200). */
static gnest_status tc_count_hash(gn_engine &e, const gn_device_graph *dg, const uint8_t *kept,
                                  const triangle_visitor &count) {
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  int32_t *lists[2] = {nullptr, nullptr}, *counts = nullptr;
  unsigned int *next = nullptr, *chunk_end = nullptr;
  unsigned long long *work = nullptr;
  GN_TRY(scratch.alloc(&lists[0], (size_t)n + 1, "TC vertices blocks take"));
  GN_TRY(scratch.alloc(&chunk_end, (size_t)n + 1, "TC chunks of those vertices"));
  GN_TRY(scratch.alloc(&lists[1], (size_t)n + 1, "TC vertices a warp takes"));
  GN_TRY(scratch.alloc(&counts, 2, "TC list counts"));
  GN_TRY(scratch.alloc(&next, 2, "TC work counters"));
  GN_TRY(scratch.alloc(&work, 2, "TC probes of each side"));
  GN_TRY(gn_memset(e.ctx, next, 0, 2 * sizeof(unsigned int)));
  GN_TRY(gn_memset(e.ctx, work, 0, 2 * sizeof(unsigned long long)));
  int grid = 0;
  GN_TRY(gn_resident_grid(e, tc_side_work, n, &grid, kTcHashBlock));
  GN_KERNEL(e, grid, kTcHashBlock, tc_side_work, count.offsets, dg->offsets, n, work);
  const tc_partners lowest = {count.offsets, count.cols, nullptr, 2};
  const tc_partners middle = {dg->offsets, dg->cols, kept, 1};
  const int wanted[2] = {kTcByBlock, kTcByWarp};
  const thrust::counting_iterator<int32_t> vertices(0);
  for (int l = 0; l < 2; ++l) {
    const tc_class_is select = {count.offsets, {lowest, middle}, work, wanted[l]};
    GN_TRY(gn_cub(e, "TC work lists", [&](void *tmp, size_t &bytes) {
      return cub::DeviceSelect::If(tmp, bytes, vertices, lists[l], counts + l, n, select,
                                   e.stream);
    }));
  }
  const tc_chunks_of chunks = {lists[0], counts, {lowest, middle}, work};
  const auto each_chunks = thrust::make_transform_iterator(vertices, chunks);
  GN_TRY(gn_cub(e, "TC chunks", [&](void *tmp, size_t &bytes) {
    return cub::DeviceScan::InclusiveSum(tmp, bytes, each_chunks, chunk_end, n, e.stream);
  }));
  tc_hash_args args = {count,     {lowest, middle}, work,    {lists[0], lists[1]}, counts,
                       chunk_end, next,             e.edges, n,       1};
  if (!count.per_vertex) {
    GN_TRY(gn_resident_grid(e, tc_hash_kernel<false>, 0, &grid, kTcHashBlock));
    GN_KERNEL(e, grid, kTcHashBlock, tc_hash_kernel<false>, args);
    return GNEST_OK;
  }
  args.copies = tc_copies(n);
  if (args.copies > 1) {
    const size_t each = (size_t)n * args.copies;
    GN_TRY(scratch.alloc(&args.tri.per_vertex, each, "TC copies of the counts per vertex"));
    GN_TRY(gn_memset(e.ctx, args.tri.per_vertex, 0, sizeof(unsigned long long) * each));
  }
  GN_TRY(gn_resident_grid(e, tc_hash_kernel<true>, 0, &grid, kTcHashBlock));
  GN_KERNEL(e, grid, kTcHashBlock, tc_hash_kernel<true>, args);
  if (args.copies > 1)
    GN_KERNEL(e, gn_grid_for(n, e.block), e.block, tc_sum_copies, args.tri.per_vertex,
              args.copies, n, count.per_vertex);
  return GNEST_OK;
}

static gnest_status tc_on_device(gn_engine &e, const gn_device_graph *dg, gnest_tc_method method,
                                 uint64_t *total, uint64_t *per_vertex) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  int64_t *ooffsets = nullptr;
  int32_t *ocols = nullptr;
  unsigned long long *found = nullptr, *per = nullptr, *sum = nullptr;
  const uint8_t *kept = nullptr;
  GN_TRY(scratch.alloc(&ooffsets, (size_t)n + 1, "TC oriented offsets"));
  GN_TRY(scratch.alloc(&ocols, (size_t)(dg->m / 2) + 1, "TC oriented columns"));
  GN_TRY(scratch.alloc(&found, (size_t)n + 1, "TC triangles per vertex counted from"));
  GN_TRY(scratch.alloc(&sum, 1, "TC total"));
  if (per_vertex) GN_TRY(scratch.alloc(&per, (size_t)n + 1, "TC triangles per vertex"));

  GN_TRY(gn_timer_start(ctx));
  GN_TRY(gn_memset(ctx, found, 0, sizeof(unsigned long long) * (size_t)n));
  if (per) GN_TRY(gn_memset(ctx, per, 0, sizeof(unsigned long long) * (size_t)n));
  GN_TRY(tc_orient(e, dg, ooffsets, ocols, &kept));
  const triangle_visitor count = {ooffsets, ocols, found, per};
  if (method == GNEST_TC_SEARCH)
    GN_TRY(gn_run_pass(e, count, gn_all_items(n), 0, nullptr, nullptr, 0));
  else
    GN_TRY(tc_count_hash(e, dg, kept, count));
  GN_TRY(gn_cub(e, "TC total", [&](void *tmp, size_t &bytes) {
    return cub::DeviceReduce::Sum(tmp, bytes, found, sum, n, e.stream);
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
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_TC, "gnest_tc", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, total, "total"));
        GN_TRY(gn_need_undirected(&call, g, "triangle counting"));
        return tc_check_lists(&call, &g->csr);
      },
      [&](gn_cpu_counts *c) { return gn_cpu_tc(&g->csr, total, per_vertex, c); },
      [&](gn_engine &e, const gn_device_graph *dg) {
        gnest_degree_stats stats;
        GN_TRY(gnest_graph_stats(call.ctx, g, &stats));
        const gnest_tc_method method = tc_pick(&call, stats); /* named even for no vertex */
        if (g->csr.n > 0) return tc_on_device(e, dg, method, total, per_vertex);
        *total = 0;
        return GNEST_OK;
      });
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_tc(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                       const gnest_options *opts, gnest_info *info) {
  return gnest_tc(ctx, in->graph, &out->total, out->values_u64, opts, info);
}
