/* Backend "flat": no nested launch. The outer loop is spread over threads, each thread runs its
 * item's inner loop serially (Ozen, "Nested parallelism on GPUs", thesis ch. 6).
 *
 * Dynamic loop scheduling: a CTA takes the next chunk of blockDim items from an atomic counter
 * until the work list is exhausted; the last CTA to finish resets the counter, so no host memset
 * is needed between launches. CTA throttling: the grid holds exactly as many CTAs as the device
 * runs at once (occupancy API), so no CTA waits for a slot. GNEST_SCHEDULE_STATIC gives the
 * static cyclic schedule (item k to thread k mod grid threads) for comparison.
 *
 * Frontier and level loops run in ONE persistent cooperative kernel: levels are separated by a
 * grid-wide barrier instead of a host launch per level, which is what makes high-diameter graphs
 * (road networks: 1,000+ levels with tiny frontiers) cheap. Included by engine.cuh only. */
#ifndef GNEST_FLAT_CUH
#define GNEST_FLAT_CUH

/* One outer item, inner loop in this thread. */
template <class V>
__device__ __forceinline__ void gn_flat_item(const V &v, int32_t i, const gn_step &s,
                                             unsigned long long &edges) {
  if (!v.pre(i, s)) return;
  const int64_t b = v.begin(i), en = v.end(i);
  for (int64_t e = b; e < en; ++e) v.edge(i, e, s);
  edges += (unsigned long long)(en - b);
  if constexpr (V::kHasPost) v.post(i, s);
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

/* Single pass; its chunk counter and finished-CTA counter are reset by the last CTA. */
template <class V>
__global__ void gn_flat_pass_kernel(V v, gn_items items, gn_step s, unsigned int *sched,
                                    unsigned long long *edges_total, bool dynamic) {
  unsigned long long edges = 0;
  const int64_t count = gn_items_count(items);
  gn_flat_level(v, [&](int64_t k) { return gn_item_at(items, k); }, count, s,
                &sched[GN_SCHED_PASS_CHUNK], dynamic, edges);
  gn_add_edges(edges_total, edges);
  if (dynamic) gn_last_cta_resets(&sched[GN_SCHED_PASS_DONE], nullptr, &sched[GN_SCHED_PASS_CHUNK]);
}

/* Level l of a persistent loop uses chunk counter slot l % 3. During level l, slot (l + 2) % 3
 * (used by level l - 1, finished before the last barrier; next used by level l + 2, after the
 * next barrier) is reset, so counters are clean without any host work. */
__device__ __forceinline__ unsigned int *gn_flat_slot(unsigned int *sched, int32_t l) {
  return &sched[GN_SCHED_LEVEL0 + (l % 3)];
}
__device__ __forceinline__ void gn_flat_rotate(unsigned int *sched, int32_t l) {
  if (blockIdx.x == 0 && threadIdx.x == 0) sched[GN_SCHED_LEVEL0 + ((l + 2) % 3)] = 0;
}

/* Frontier loop in one cooperative kernel: level l reads counts[l] items and pushes into level
 * l + 1 (counts[l + 1]); stops at the first empty level. levels_out[0] = levels run. */
template <class V>
__global__ void gn_flat_frontier_kernel(V v, gn_frontier f, unsigned int *sched, int32_t *flags,
                                        unsigned long long *edges_total, bool dynamic,
                                        int32_t *levels_out) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long edges = 0;
  int64_t base = 0; /* history mode: first position of the current level */
  int32_t l = 0;
  for (; l < f.max_levels; ++l) {
    int64_t count = *(volatile int32_t *)&f.counts[l];
    const int64_t room = f.keep_history ? f.capacity - base : f.capacity;
    if (count > room) count = room; /* overflowed pushes were dropped and flagged */
    if (count == 0) break;
    const int32_t *in = f.keep_history ? f.items + base : f.items + (int64_t)(l & 1) * f.capacity;
    gn_step s;
    s.level = l;
    s.out_count = &f.counts[l + 1];
    s.overflow = flags;
    if (f.keep_history) {
      s.out_items = f.items + base + count;
      s.out_capacity = (int32_t)(f.capacity - (base + count));
    } else {
      s.out_items = f.items + (int64_t)((l + 1) & 1) * f.capacity;
      s.out_capacity = f.capacity;
    }
    gn_flat_rotate(sched, l);
    gn_flat_level(v, [&](int64_t k) { return in[k]; }, count, s, gn_flat_slot(sched, l), dynamic,
                  edges);
    base += count;
    grid.sync();
  }
  if (l > 0 && blockIdx.x == 0 && threadIdx.x == 0) *gn_flat_slot(sched, l - 1) = 0;
  if (blockIdx.x == 0 && threadIdx.x == 0) *levels_out = l;
  gn_add_edges(edges_total, edges);
}

/* Fixed level schedule in one cooperative kernel. */
template <class V>
__global__ void gn_flat_levels_kernel(V v, const int32_t *items, const int64_t *offsets,
                                      int32_t num_levels, bool reverse, unsigned int *sched,
                                      int32_t *flags, unsigned long long *edges_total,
                                      bool dynamic) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long edges = 0;
  for (int32_t li = 0; li < num_levels; ++li) {
    const int32_t l = reverse ? num_levels - 1 - li : li;
    const int32_t *in = items + offsets[l];
    const gn_step s = {l, nullptr, nullptr, 0, flags};
    gn_flat_rotate(sched, li);
    gn_flat_level(v, [&](int64_t k) { return in[k]; }, offsets[l + 1] - offsets[l], s,
                  gn_flat_slot(sched, li), dynamic, edges);
    grid.sync();
  }
  if (num_levels > 0 && blockIdx.x == 0 && threadIdx.x == 0)
    *gn_flat_slot(sched, num_levels - 1) = 0;
  gn_add_edges(edges_total, edges);
}

template <class V>
gnest_status gn_flat_pass(gn_engine &e, const V &v, gn_items items, const gn_step &s) {
  auto kernel = gn_flat_pass_kernel<V>;
  int grid = 0;
  GN_TRY(gn_resident_grid(e, kernel, items.d_count ? 0 : items.n, &grid));
  kernel<<<grid, e.block, 0, e.stream>>>(v, items, s, e.sched, e.edges,
                                         e.schedule == GNEST_SCHEDULE_DYNAMIC);
  e.launches++;
  GN_LAUNCHED(e.ctx);
  return GNEST_OK;
}

/* Launches a cooperative kernel with the resident grid (required for grid.sync). */
template <class K>
gnest_status gn_flat_cooperative(gn_engine &e, K kernel, void **args) {
  int grid = 0;
  GN_TRY(gn_resident_grid(e, kernel, 0, &grid));
  GN_CUDA(e.ctx, cudaLaunchCooperativeKernel((const void *)kernel, dim3(grid), dim3(e.block), args,
                                             0, e.stream));
  e.launches++;
  return GNEST_OK;
}

template <class V>
gnest_status gn_flat_frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
  bool dynamic = e.schedule == GNEST_SCHEDULE_DYNAMIC;
  int32_t *d_levels = e.flags + 2;
  V vv = v;
  void *args[] = {&vv, &f, &e.sched, &e.flags, &e.edges, &dynamic, &d_levels};
  GN_TRY(gn_flat_cooperative(e, gn_flat_frontier_kernel<V>, args));
  return gn_to_host(e.ctx, levels, d_levels, sizeof(int32_t));
}

template <class V>
gnest_status gn_flat_levels(gn_engine &e, const V &v, const int32_t *items,
                            const int64_t *h_offsets, int32_t num_levels, bool reverse) {
  if (num_levels <= 0) return GNEST_OK;
  int64_t *d_offsets = nullptr;
  GN_TRY(gn_engine_level_offsets(&e, h_offsets, num_levels, &d_offsets));
  bool dynamic = e.schedule == GNEST_SCHEDULE_DYNAMIC;
  V vv = v;
  void *args[] = {&vv, &items, &d_offsets, &num_levels, &reverse, &e.sched, &e.flags, &e.edges,
                  &dynamic};
  return gn_flat_cooperative(e, gn_flat_levels_kernel<V>, args);
}

#endif
