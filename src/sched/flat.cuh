/* Backend "flat" (instantiated by flat.cu): no nested launch. The outer loop is spread over threads, each thread runs its
 * item's inner loop serially (Ozen, "Nested parallelism on GPUs", thesis ch. 6).
 *
 * Dynamic loop scheduling: a CTA takes the next chunk of blockDim items from an atomic counter
 * until the work list is exhausted; the last CTA to finish resets the counter, so no host memset
 * is needed between launches. CTA throttling: the grid holds exactly as many CTAs as the device
 * runs at once (occupancy API), so no CTA waits for a slot. GNEST_SCHEDULE_STATIC gives the
 * static cyclic schedule (item k to thread k mod grid threads) for comparison.
 *
 * Frontier and level loops are fused into ONE persistent cooperative kernel: levels are
 * separated by a grid-wide barrier instead of a host launch per level, which is what makes
 * high-diameter graphs (road networks: 1,000+ levels with tiny frontiers) cheap. */
#ifndef GNEST_FLAT_CUH
#define GNEST_FLAT_CUH

#include "backend.cuh"

/* The persistent loops' chunk counters: level l uses slot l % 3. During level l, slot (l + 2) % 3
 * (used by level l - 1, finished before the last barrier; next used by level l + 2, after the
 * next barrier) is reset, so counters are clean without any host work. */
struct gn_flat_state {
  unsigned int *level_chunks; /* device [3] */
};

__device__ __forceinline__ unsigned int *gn_flat_slot(unsigned int *chunks, int32_t l) {
  return &chunks[l % 3];
}
__device__ __forceinline__ void gn_flat_rotate(unsigned int *chunks, int32_t l) {
  if (blockIdx.x == 0 && threadIdx.x == 0) chunks[(l + 2) % 3] = 0;
}
/* After the last level: its slot is left clean for the next loop. */
__device__ __forceinline__ void gn_flat_clear_last(unsigned int *chunks, int32_t levels) {
  if (levels > 0 && blockIdx.x == 0 && threadIdx.x == 0) *gn_flat_slot(chunks, levels - 1) = 0;
}

/* One outer item, inner loop in this thread. */
template <class V>
__device__ __forceinline__ void gn_flat_item(const V &v, int32_t i, const gn_step &s,
                                             unsigned long long &edges) {
  if (v.pre(i, s)) gn_serial_item(v, i, v.begin(i), v.end(i), s, edges);
}

/* Runs positions [0, count) of one level; in(k) maps a position to an item. */
template <class V, class In>
__device__ __forceinline__ void gn_flat_level(const V &v, In in, int64_t count, const gn_step &s,
                                              unsigned int *counter, bool dynamic,
                                              unsigned long long &edges) {
  gn_chunk_loop(count, counter, dynamic, [&](int64_t k, bool has) {
    if (has) gn_flat_item(v, in(k), s, edges);
  });
}

template <class V>
__global__ void gn_flat_pass_kernel(V v, gn_items items, gn_step s, gn_pass_counters *pass,
                                    unsigned long long *edges_total, bool dynamic) {
  unsigned long long edges = 0;
  gn_flat_level(v, [&](int64_t k) { return gn_item_at(items, k); }, gn_items_count(items), s,
                &pass->chunk, dynamic, edges);
  gn_pass_end(pass, edges_total, edges, dynamic);
}

/* Frontier loop in one cooperative kernel: level l reads counts[l] items and pushes into level
 * l + 1; stops at the first empty level. flags->levels_run = levels run. */
template <class V>
__global__ void gn_flat_frontier_kernel(V v, gn_frontier f, unsigned int *chunks,
                                        gn_engine_flags *flags, unsigned long long *edges_total,
                                        bool dynamic) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long edges = 0;
  int64_t base = 0; /* history mode: first position of the current level */
  int32_t l = 0;
  for (; l < f.max_levels; ++l) {
    const int64_t count = gn_level_count(f, l, base);
    if (count == 0) break;
    const int32_t *in = gn_level_items(f, l, base);
    const gn_step s = gn_level_step(f, l, base, count, &flags->push_overflow);
    gn_flat_rotate(chunks, l);
    gn_flat_level(v, [&](int64_t k) { return in[k]; }, count, s, gn_flat_slot(chunks, l), dynamic,
                  edges);
    base += count;
    grid.sync();
  }
  gn_flat_clear_last(chunks, l);
  if (blockIdx.x == 0 && threadIdx.x == 0) flags->levels_run = l;
  gn_add_edges(edges_total, edges);
}

/* Fixed level schedule in one cooperative kernel. */
template <class V>
__global__ void gn_flat_levels_kernel(V v, const int32_t *items, const int64_t *offsets,
                                      int32_t num_levels, bool reverse, unsigned int *chunks,
                                      gn_engine_flags *flags, unsigned long long *edges_total,
                                      bool dynamic) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long edges = 0;
  for (int32_t li = 0; li < num_levels; ++li) {
    const int32_t l = reverse ? num_levels - 1 - li : li;
    const int32_t *in = items + offsets[l];
    const gn_step s = {l, nullptr, nullptr, 0, &flags->push_overflow};
    gn_flat_rotate(chunks, li);
    gn_flat_level(v, [&](int64_t k) { return in[k]; }, offsets[l + 1] - offsets[l], s,
                  gn_flat_slot(chunks, li), dynamic, edges);
    grid.sync();
  }
  gn_flat_clear_last(chunks, num_levels);
  gn_add_edges(edges_total, edges);
}

/* Launches a cooperative kernel with the resident grid (required for grid.sync), throttled to
 * `needed` items when that is known (0 = not known). Shared with the other persistent backends
 * (freelaunch, levelsched). */
template <class K>
static gnest_status gn_flat_cooperative(gn_engine &e, K kernel, void **args, int64_t needed = 0) {
  int grid = 0;
  GN_TRY(gn_resident_grid(e, kernel, needed, &grid));
  GN_CUDA(e.ctx, cudaLaunchCooperativeKernel((const void *)kernel, dim3(grid), dim3(e.block), args,
                                             0, e.stream));
  e.launches++;
  return GNEST_OK;
}

struct gn_flat {
  static constexpr bool kFusedFrontier = true;
  static constexpr bool kFusedLevels = true;

  static gnest_status prepare(gn_engine &e, int64_t) {
    gn_flat_state &st = gn_backend_state<gn_flat_state>(e);
    if (st.level_chunks) return GNEST_OK;
    GN_TRY(e.scratch->alloc(&st.level_chunks, 3, "flat level chunk counters"));
    return gn_memset(e.ctx, st.level_chunks, 0, 3 * sizeof(unsigned int));
  }
  static constexpr gnest_status (*finish)(gn_engine &) = nullptr;

  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    auto kernel = gn_flat_pass_kernel<V>;
    int grid = 0;
    GN_TRY(gn_pass_grid(e, kernel, items, &grid));
    GN_KERNEL(e, grid, e.block, kernel, v, items, s, e.pass, e.edges, e.dynamic);
    return GNEST_OK;
  }

  template <class V>
  static gnest_status frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
    V vv = v;
    unsigned int *chunks = gn_backend_state<gn_flat_state>(e).level_chunks;
    void *args[] = {&vv, &f, &chunks, &e.flags, &e.edges, &e.dynamic};
    GN_TRY(gn_flat_cooperative(e, gn_flat_frontier_kernel<V>, args));
    GN_TRY(gn_to_host(e.ctx, levels, &e.flags->levels_run, sizeof(int32_t)));
    e.call->grid_barriers += *levels; /* one after every level run */
    return GNEST_OK;
  }

  template <class V>
  static gnest_status levels(gn_engine &e, const V &v, const gn_schedule &sched) {
    int64_t *d_offsets = nullptr;
    GN_TRY(gn_engine_level_offsets(&e, sched.h_offsets, sched.num_levels, &d_offsets));
    V vv = v;
    const int32_t *items = sched.items;
    int32_t num_levels = sched.num_levels;
    bool reverse = sched.reverse;
    unsigned int *chunks = gn_backend_state<gn_flat_state>(e).level_chunks;
    void *args[] = {&vv, &items, &d_offsets, &num_levels, &reverse, &chunks, &e.flags, &e.edges,
                    &e.dynamic};
    e.call->grid_barriers += num_levels; /* one after every level */
    return gn_flat_cooperative(e, gn_flat_levels_kernel<V>, args);
  }
};

#endif
