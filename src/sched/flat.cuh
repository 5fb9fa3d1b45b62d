/* Backend "flat" (instantiated by flat.cu): no nested launch. The outer loop is spread over
 * threads, each thread runs its item's inner loop serially (Ozen, "Nested parallelism on GPUs",
 * thesis ch. 6) -- or, with the setting lanes > 1, a few consecutive threads of a warp share
 * the item and its inner loop (virtual warps, Hong et al., PPoPP 2011; gn_flat_item).
 *
 * Dynamic loop scheduling: a CTA takes the next chunk of blockDim items from an atomic counter
 * until the work list is exhausted; the last CTA to finish resets the counter, so no host memset
 * is needed between launches. CTA throttling: the grid holds exactly as many CTAs as the device
 * runs at once (occupancy API), so no CTA waits for a slot. GNEST_SCHEDULE_STATIC gives the
 * static cyclic schedule (item k to thread k mod grid threads) for comparison.
 *
 * Frontier and level loops are fused into ONE persistent cooperative kernel: levels are
 * separated by a grid-wide barrier instead of a host launch per level, which is what makes
 * high-diameter graphs (road networks: 1,000+ levels with tiny frontiers) cheap.
 *
 * One-CTA stretches (the per-level cost on high-diameter graphs): even so, on
 * USA-road-FLA (a BFS of ~1,000 levels, most frontiers a few hundred to a few thousand vertices)
 * the 792 x 256 resident grid spent 104.6 of 134 cycles between instructions waiting at grid
 * barriers (ncu, H200; ~3.8 us a barrier), memory throughput 5 %. When a level's frontier fits
 * in one CTA that barrier is wasted: after every grid barrier all CTAs read the next level's
 * count, and if it holds at most cta_levels items (the setting cta_levels, default one round
 * of the CTA, block_size / lanes, gn_cta_levels_bound) CTA 0 alone runs it and the following
 * levels, its threads striding over each level's items (each item by its lanes, as below),
 * __syncthreads() between levels, until a level is empty, larger than the bound, or max_levels
 * is reached. The other CTAs wait meanwhile at a quiet grid barrier (gn_quiet_sync: relaxed
 * polls that keep CTA 0's L1), then continue the grid loop from the level CTA 0 stopped at. A stretch of s
 * levels costs one grid barrier instead of s: the s - 1 saved are gnest_info.barriers_saved. */
#ifndef GNEST_FLAT_CUH
#define GNEST_FLAT_CUH

#include "sched/backend.cuh"

/* The frontier loop's one-CTA stretches (device, zeroed once by prepare). quiet: the barrier
 * that ends a stretch (gn_quiet_sync); level / base: where CTA 0's last stretch stopped (the
 * first level it did not run, and in history mode that level's first position), written by CTA
 * 0's thread 0 before that barrier and read by every CTA after it. The next write comes at the
 * end of a later stretch, after at least one grid level and its grid barrier, so no CTA can read
 * a record being rewritten. */
struct gn_flat_sync {
  unsigned int quiet[2];
  int32_t level;
  int32_t pad;
  int64_t base;
};

/* The persistent loops' chunk counters: level l uses slot l % 3. During level l, slot (l + 2) % 3
 * (used by level l - 1, finished before the last barrier; next used by level l + 2, after the
 * next barrier) is reset, so counters are clean without any host work. */
struct gn_flat_state {
  unsigned int *level_chunks; /* device [3] */
  gn_flat_sync *sync;         /* device: the frontier loop's one-CTA stretches */
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

/* One outer item, by 2^lane_shift consecutive threads of a warp (its lanes; called by every
 * thread of the warp, has = false where the warp has no item). With one lane the item is the
 * thesis's thread per item: pre, the inner loop, post, in this thread. With more (virtual warps,
 * Hong et al., PPoPP 2011): the first lane runs pre and tells the others, lane j runs inner
 * iterations b + j, b + j + lanes, ..., and the first lane runs post after a __syncwarp() (which
 * orders the other lanes' writes before it). Why: on a graph of few arcs per vertex a level is
 * a chain of dependent global accesses per arc (read the arc, the neighbour's value, an atomic,
 * a push); one thread walks its item's arcs one chain after another, lanes walk them at once. */
template <class V>
__device__ __forceinline__ void gn_flat_item(const V &v, bool has, int32_t i, const gn_step &s,
                                             int lane_shift, unsigned long long &edges) {
  if (lane_shift == 0) {
    if (has && v.pre(i, s)) gn_serial_item(v, i, v.begin(i), v.end(i), s, edges);
    return;
  }
  const int lanes = 1 << lane_shift;
  const int lane = threadIdx.x & (lanes - 1);
  bool go = has && lane == 0 && v.pre(i, s);
  go = __shfl_sync(0xffffffffu, go, (threadIdx.x & 31) & ~(lanes - 1));
  if (go) {
    const int64_t en = v.end(i);
    for (int64_t e = v.begin(i) + lane; e < en; e += lanes) {
      v.edge(i, e, s);
      ++edges;
    }
  }
  if constexpr (V::kHasPost) {
    __syncwarp();
    if (go && lane == 0) v.post(i, s);
  }
}

/* Runs positions [0, count) of one level; in(k) maps a position to an item. */
template <class V, class In>
__device__ __forceinline__ void gn_flat_level(const V &v, In in, int64_t count, const gn_step &s,
                                              unsigned int *counter, bool dynamic, int lane_shift,
                                              unsigned long long &edges) {
  gn_chunk_loop(
      count, counter, dynamic,
      [&](int64_t k, bool has) { gn_flat_item(v, has, has ? in(k) : 0, s, lane_shift, edges); },
      lane_shift);
}

template <class V>
__global__ void gn_flat_pass_kernel(V v, gn_items items, gn_step s, gn_pass_counters *pass,
                                    unsigned long long *edges_total, bool dynamic,
                                    int lane_shift) {
  unsigned long long edges = 0;
  gn_flat_level(v, [&](int64_t k) { return gn_item_at(items, k); }, gn_items_count(items), s,
                &pass->chunk, dynamic, lane_shift, edges);
  gn_pass_end(pass, edges_total, edges, dynamic);
}

/* A one-CTA stretch, run by every thread of CTA 0 (the other CTAs wait at the quiet barrier):
 * level l (count items, 0 < count <= cta_max) and the following levels while they hold 1 to
 * cta_max items and l < max_levels. The CTA's threads stride over the level's items, each item
 * by its lanes (gn_flat_item, as on the grid); a __syncthreads() ends each level: that is
 * the boundary of src/sched/README.md's rule 5 inside one CTA -- every push into level l + 1 (a
 * global atomic on its count, a store of the item) and every write of the visitor was made by a
 * thread of this CTA, so all are visible to its threads after the CTA barrier. The next count is
 * read with gn_level_count's volatile load (the count is only ever changed by atomics, in L2,
 * never through this SM's L1). The chunk counters rotate once per level as on the grid (block 0
 * is CTA 0), so a grid level after the stretch finds its slot clean. Advances l and base past
 * the levels run; returns how many. */
template <class V>
__device__ int32_t gn_flat_stretch(const V &v, const gn_frontier &f, unsigned int *chunks,
                                   gn_engine_flags *flags, int64_t cta_max, int lane_shift,
                                   int32_t &l, int64_t &base, int64_t count,
                                   unsigned long long &edges) {
  const int32_t first = l;
  const int32_t per_round = blockDim.x >> lane_shift;
  const int32_t mine = threadIdx.x >> lane_shift;
  for (;;) {
    const int32_t *in = gn_level_items(f, l, base);
    const gn_step s = gn_level_step(f, l, base, count, &flags->push_overflow);
    gn_flat_rotate(chunks, l);
    for (int32_t k0 = 0; k0 < (int32_t)count; k0 += per_round) { /* count <= INT32_MAX */
      const int32_t k = k0 + mine;
      gn_flat_item(v, k < count, k < count ? in[k] : 0, s, lane_shift, edges);
    }
    base += count;
    ++l;
    __syncthreads();
    if (l >= f.max_levels) break;
    count = gn_level_count(f, l, base);
    if (count == 0 || count > cta_max) break;
  }
  return l - first;
}

/* Frontier loop in one cooperative kernel: level l reads counts[l] items and pushes into level
 * l + 1; stops at the first empty level. A level of at most cta_max items (0: none) starts a
 * one-CTA stretch (gn_flat_stretch) ended by one quiet grid barrier; every other level runs on
 * the whole grid, followed by a grid barrier. Every CTA takes the same branch: counts are read
 * after a grid-wide barrier, when they no longer change. flags->levels_run = levels run,
 * flags->barriers_saved = levels run in stretches beyond the first of each (one barrier a
 * stretch instead of one a level), kept by block 0's thread 0 alone in the flag itself (a
 * register more across the loop cost the BFS instantiation a resident CTA per SM: 40 registers,
 * 6 CTAs of 256 threads on an H100/H200, against 46 and 5). */
template <class V>
__global__ void gn_flat_frontier_kernel(V v, gn_frontier f, unsigned int *chunks,
                                        gn_flat_sync *sync, int64_t cta_max,
                                        gn_engine_flags *flags, unsigned long long *edges_total,
                                        bool dynamic, int lane_shift) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long edges = 0;
  int64_t base = 0; /* history mode: first position of the current level */
  if (blockIdx.x == 0 && threadIdx.x == 0) flags->barriers_saved = 0;
  int32_t l = 0;
  while (l < f.max_levels) {
    const int64_t count = gn_level_count(f, l, base);
    if (count == 0) break;
    if (count <= cta_max) {
      if (blockIdx.x == 0) {
        const int32_t ran =
            gn_flat_stretch(v, f, chunks, flags, cta_max, lane_shift, l, base, count, edges);
        if (threadIdx.x == 0) {
          flags->barriers_saved += ran - 1;
          sync->level = l;
          sync->base = base;
        }
      }
      gn_quiet_sync(sync->quiet);
      l = *(volatile int32_t *)&sync->level;
      base = *(volatile int64_t *)&sync->base;
      continue;
    }
    const int32_t *in = gn_level_items(f, l, base);
    const gn_step s = gn_level_step(f, l, base, count, &flags->push_overflow);
    gn_flat_rotate(chunks, l);
    gn_flat_level(v, [&](int64_t k) { return in[k]; }, count, s, gn_flat_slot(chunks, l), dynamic,
                  lane_shift, edges);
    base += count;
    ++l;
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
                                      bool dynamic, int lane_shift) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long edges = 0;
  for (int32_t li = 0; li < num_levels; ++li) {
    const int32_t l = reverse ? num_levels - 1 - li : li;
    const int32_t *in = items + offsets[l];
    const gn_step s = {l, nullptr, nullptr, 0, &flags->push_overflow};
    gn_flat_rotate(chunks, li);
    gn_flat_level(v, [&](int64_t k) { return in[k]; }, offsets[l + 1] - offsets[l], s,
                  gn_flat_slot(chunks, li), dynamic, lane_shift, edges);
    grid.sync();
  }
  gn_flat_clear_last(chunks, num_levels);
  gn_add_edges(edges_total, edges);
}

/* log2 of the call's lanes per item (the setting lanes, resolved by the call frame: 1..32). */
static inline int gn_flat_lane_shift(const gn_engine &e) {
  int shift = 0;
  while ((2 << shift) <= e.call->opts.lanes && shift < 5) ++shift;
  return shift;
}

struct gn_flat {
  static constexpr bool kFusedFrontier = true;
  static constexpr bool kFusedLevels = true;

  static gnest_status prepare(gn_engine &e, int64_t) {
    gn_flat_state &st = gn_backend_state<gn_flat_state>(e);
    if (st.level_chunks && st.sync) return GNEST_OK;
    GN_TRY(e.scratch->alloc(&st.level_chunks, 3, "flat level chunk counters"));
    GN_TRY(gn_memset(e.ctx, st.level_chunks, 0, 3 * sizeof(unsigned int)));
    GN_TRY(e.scratch->alloc(&st.sync, 1, "flat one-CTA stretch record"));
    return gn_memset(e.ctx, st.sync, 0, sizeof(gn_flat_sync));
  }
  static constexpr gnest_status (*finish)(gn_engine &) = nullptr;

  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    auto kernel = gn_flat_pass_kernel<V>;
    const int lane_shift = gn_flat_lane_shift(e);
    int grid = 0;
    GN_TRY(gn_resident_grid(e, kernel, items.d_count ? 0 : (int64_t)items.n << lane_shift, &grid));
    GN_KERNEL(e, grid, e.block, kernel, v, items, s, e.pass, e.edges, e.dynamic, lane_shift);
    return GNEST_OK;
  }

  template <class V>
  static gnest_status frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
    V vv = v;
    gn_flat_state &st = gn_backend_state<gn_flat_state>(e);
    int64_t cta_max = gn_cta_levels_bound(e.call->opts.cta_levels, e.block, e.call->opts.lanes);
    int lane_shift = gn_flat_lane_shift(e);
    void *args[] = {&vv, &f, &st.level_chunks, &st.sync, &cta_max, &e.flags, &e.edges,
                    &e.dynamic, &lane_shift};
    GN_TRY(gn_cooperative_launch(e, gn_flat_frontier_kernel<V>, args));
    gn_engine_flags ran;
    GN_TRY(gn_to_host(e.ctx, &ran, e.flags, sizeof ran));
    *levels = ran.levels_run;
    /* one after every grid level and one after every one-CTA stretch */
    e.call->grid_barriers += ran.levels_run - ran.barriers_saved;
    e.call->barriers_saved += ran.barriers_saved;
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
    int lane_shift = gn_flat_lane_shift(e);
    void *args[] = {&vv, &items, &d_offsets, &num_levels, &reverse, &chunks, &e.flags, &e.edges,
                    &e.dynamic, &lane_shift};
    e.call->grid_barriers += num_levels; /* one after every level */
    return gn_cooperative_launch(e, gn_flat_levels_kernel<V>, args);
  }
};

#endif
