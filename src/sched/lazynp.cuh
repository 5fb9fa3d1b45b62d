/* Backend "lazynp": LazyNP with the next-level kernel dispatched from the host (Ozen thesis
 * ch. 5). During the parent pass a thread whose item has an inner trip count above the threshold
 * does not run it: it saves the item's context (item, first inner index still to run) into a
 * buffer. After the parent pass, one Next-Level Kernel (NLK), launched from the host, runs every
 * saved item with a whole CTA (or a warp, GNEST_GRAN_WARP) striding over its inner loop; the
 * item's post work moves into the NLK, after a barrier, so it still follows all its edges.
 * No dynamic parallelism is needed.
 *
 * w-boost (ch. 5): a warp is busy for as long as its longest light item anyway, so with wboost the
 * saving lanes first run that many of their own iterations, then save only the remainder.
 * Included by engine.cuh only. */
#ifndef GNEST_LAZYNP_CUH
#define GNEST_LAZYNP_CUH

struct gn_saved {
  int32_t *items;
  int64_t *begin;
  int32_t *count;
  int32_t capacity;
  int32_t *overflow;
};

/* Called by every lane of a converged warp (has = false for lanes without an item). */
template <class V>
__device__ __forceinline__ void gn_lazynp_item(const V &v, bool has, int32_t i, const gn_step &s,
                                               int32_t threshold, bool wboost,
                                               const gn_saved &saved, unsigned long long &edges) {
  const bool accepted = has && v.pre(i, s);
  int64_t b = 0, en = 0;
  if (accepted) { b = v.begin(i); en = v.end(i); }
  const int64_t trip = en - b;
  const bool heavy = trip > threshold;
  int64_t run = heavy ? 0 : trip;
  if (wboost) {
    const unsigned common = __reduce_max_sync(0xffffffffu, heavy ? 0u : (unsigned)trip);
    if (heavy) run = (int64_t)common;
  }
  for (int64_t e = b; e < b + run; ++e) v.edge(i, e, s);
  edges += (unsigned long long)run;
  if (heavy) {
    cg::coalesced_group g = cg::coalesced_threads();
    int32_t base = 0;
    if (g.thread_rank() == 0) base = atomicAdd(saved.count, (int32_t)g.size());
    base = g.shfl(base, 0);
    const int32_t at = base + (int32_t)g.thread_rank();
    if (at < saved.capacity) {
      saved.items[at] = i;
      saved.begin[at] = b + run;
    } else {
      saved.overflow[1] = 1;
    }
  } else if (accepted) {
    if constexpr (V::kHasPost) v.post(i, s);
  }
}

/* Parent pass over positions [0, count) mapped by in(k). */
template <class V, class In>
__device__ __forceinline__ void gn_lazynp_level(const V &v, In in, int64_t count,
                                                const gn_step &s, unsigned int *counter,
                                                bool dynamic, int32_t threshold, bool wboost,
                                                const gn_saved &saved,
                                                unsigned long long &edges) {
  gn_chunk_loop(count, counter, dynamic, [&](int64_t k, bool has) {
    gn_lazynp_item(v, has, has ? in(k) : 0, s, threshold, wboost, saved, edges);
  });
}

template <class V>
__global__ void gn_lazynp_parent_kernel(V v, gn_items items, gn_step s, gn_saved saved,
                                        unsigned int *sched, unsigned long long *edges_total,
                                        bool dynamic, int32_t threshold, bool wboost) {
  unsigned long long edges = 0;
  const int64_t count = gn_items_count(items);
  gn_lazynp_level(v, [&](int64_t k) { return gn_item_at(items, k); }, count, s,
                  &sched[GN_SCHED_PASS_CHUNK], dynamic, threshold, wboost, saved, edges);
  gn_add_edges(edges_total, edges);
  if (dynamic) gn_last_cta_resets(&sched[GN_SCHED_PASS_DONE], nullptr, &sched[GN_SCHED_PASS_CHUNK]);
}

/* The Next-Level Kernel: a CTA (or a warp when kWarp) per saved item. The last CTA resets the
 * saved count for the next pass. */
template <class V, bool kWarp>
__global__ void gn_lazynp_nlk_kernel(V v, gn_step s, gn_saved saved, unsigned int *sched,
                                     unsigned long long *edges_total) {
  int64_t count = *(volatile int32_t *)saved.count;
  if (count > saved.capacity) count = saved.capacity;
  const int lane = kWarp ? (threadIdx.x & 31) : threadIdx.x;
  const int width = kWarp ? 32 : blockDim.x;
  const int64_t unit = kWarp ? ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32 : blockIdx.x;
  const int64_t units = kWarp ? ((int64_t)gridDim.x * blockDim.x) / 32 : gridDim.x;
  unsigned long long edges = 0;
  for (int64_t k = unit; k < count; k += units) {
    const int32_t i = saved.items[k];
    const int64_t b = saved.begin[k], en = v.end(i);
    for (int64_t e = b + lane; e < en; e += width) v.edge(i, e, s);
    if (lane == 0) edges += (unsigned long long)(en - b);
    if constexpr (V::kHasPost) {
      if (kWarp) __syncwarp(); else __syncthreads(); /* all edges of i done and visible */
      if (lane == 0) v.post(i, s);
    }
  }
  gn_add_edges(edges_total, edges);
  gn_last_cta_resets(&sched[GN_SCHED_NLK_DONE], saved.count, nullptr);
}

/* Saved-context buffer with room for capacity items (kept for the whole call). */
gnest_status gn_lazynp_reserve(gn_engine &e, int32_t capacity);

static inline gn_saved gn_lazynp_saved(const gn_engine &e) {
  gn_saved r = {e.saved_items, e.saved_begin, e.saved_count, e.saved_capacity, e.flags};
  return r;
}

template <class V>
gnest_status gn_lazynp_launch(gn_engine &e, const V &v, gn_items items, const gn_step &s) {
  const gn_saved saved = gn_lazynp_saved(e);
  const bool dynamic = e.schedule == GNEST_SCHEDULE_DYNAMIC;
  auto parent = gn_lazynp_parent_kernel<V>;
  int grid = 0;
  GN_TRY(gn_resident_grid(e, parent, items.d_count ? 0 : items.n, &grid));
  parent<<<grid, e.block, 0, e.stream>>>(v, items, s, saved, e.sched, e.edges, dynamic,
                                         e.threshold, e.wboost != 0);
  e.launches++;
  GN_LAUNCHED(e.ctx);
  const bool warp = e.call->opts.granularity == GNEST_GRAN_WARP;
  auto nlk = warp ? gn_lazynp_nlk_kernel<V, true> : gn_lazynp_nlk_kernel<V, false>;
  GN_TRY(gn_resident_grid(e, nlk, 0, &grid));
  nlk<<<grid, e.block, 0, e.stream>>>(v, s, saved, e.sched, e.edges);
  e.launches++;
  GN_LAUNCHED(e.ctx);
  return GNEST_OK;
}

template <class V>
gnest_status gn_lazynp_pass(gn_engine &e, const V &v, gn_items items, const gn_step &s) {
  GN_TRY(gn_lazynp_reserve(e, items.n));
  return gn_lazynp_launch(e, v, items, s);
}

/* Host-driven frontier loop, history mode: parent pass + NLK per level, then the next level's size
 * is read back, because the next level's position in the history depends on it. */
template <class V>
gnest_status gn_lazynp_frontier_history(gn_engine &e, const V &v, gn_frontier &f,
                                        int32_t *levels) {
  int64_t base = 0;
  int32_t count = 0;
  GN_TRY(gn_to_host(e.ctx, &count, f.counts, sizeof count));
  int32_t l = 0;
  for (; l < f.max_levels && count > 0; ++l) {
    const int64_t room = f.capacity - base;
    if (count > room) count = (int32_t)room;
    const gn_items in = {f.items + base, count, nullptr};
    const gn_step s = {l, f.items + base + count, &f.counts[l + 1],
                       (int32_t)(f.capacity - (base + count)), e.flags};
    GN_TRY(gn_lazynp_launch(e, v, in, s));
    base += count;
    GN_TRY(gn_to_host(e.ctx, &count, &f.counts[l + 1], sizeof count));
  }
  *levels = l;
  return GNEST_OK;
}

/* Host-driven frontier loop, swap mode. Each level's size stays on the device (the kernels read
 * it), so the host queues levels in batches without waiting, and reads the batch's sizes back once:
 * the first empty level ends the loop, and levels queued after it find no work. Batches grow
 * 2, 4, ..., 64 levels, so shallow graphs (rmat: 6 levels) queue few empty levels and deep ones
 * (road networks: 1,000+ levels) pay one round trip per 64 levels instead of one per level. */
template <class V>
gnest_status gn_lazynp_frontier_swap(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
  enum { kMaxBatch = 64 };
  int32_t sizes[kMaxBatch];
  GN_TRY(gn_to_host(e.ctx, sizes, f.counts, sizeof(int32_t)));
  if (sizes[0] == 0) { *levels = 0; return GNEST_OK; }
  int32_t l = 0, batch = 2;
  while (l < f.max_levels) {
    const int32_t end = f.max_levels - l < batch ? f.max_levels : l + batch;
    for (int32_t k = l; k < end; ++k) {
      const gn_items in = {f.items + (int64_t)(k & 1) * f.capacity, f.capacity, &f.counts[k]};
      const gn_step s = {k, f.items + (int64_t)((k + 1) & 1) * f.capacity, &f.counts[k + 1],
                         f.capacity, e.flags};
      GN_TRY(gn_lazynp_launch(e, v, in, s));
    }
    GN_TRY(gn_to_host(e.ctx, sizes, &f.counts[l + 1], sizeof(int32_t) * (size_t)(end - l)));
    for (int32_t k = l; k < end; ++k)
      if (sizes[k - l] == 0) { *levels = k + 1; return GNEST_OK; }
    l = end;
    if (batch < kMaxBatch) batch *= 2;
  }
  *levels = l;
  return GNEST_OK;
}

template <class V>
gnest_status gn_lazynp_frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
  GN_TRY(gn_lazynp_reserve(e, f.capacity));
  return f.keep_history ? gn_lazynp_frontier_history(e, v, f, levels)
                        : gn_lazynp_frontier_swap(e, v, f, levels);
}

template <class V>
gnest_status gn_lazynp_levels(gn_engine &e, const V &v, const int32_t *items,
                              const int64_t *h_offsets, int32_t num_levels, bool reverse) {
  int64_t widest = 0;
  for (int32_t l = 0; l < num_levels; ++l)
    if (h_offsets[l + 1] - h_offsets[l] > widest) widest = h_offsets[l + 1] - h_offsets[l];
  GN_TRY(gn_lazynp_reserve(e, (int32_t)widest));
  for (int32_t li = 0; li < num_levels; ++li) {
    const int32_t l = reverse ? num_levels - 1 - li : li;
    gn_items in = {items + h_offsets[l], (int32_t)(h_offsets[l + 1] - h_offsets[l]), nullptr};
    const gn_step s = {l, nullptr, nullptr, 0, e.flags};
    GN_TRY(gn_lazynp_launch(e, v, in, s));
  }
  return GNEST_OK;
}

#endif
