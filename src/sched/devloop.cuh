/* What the backends that launch from the device (WHERE = DEVICE_LAUNCH in backends.def) share:
 * checked device-side launches, the pending-launch pool, the consolidation buffer, and the loops
 * run on the device (DESIGN.md section 3, CDP2 rules). Included by those backends' files only;
 * names no backend and no algorithm.
 *
 * The loops. A parent pass grid is always launched from the device by a one-thread driver
 * grid. For a frontier or a level schedule, each level's driver tail-launches the next level's
 * driver: a tail launch starts after the launching grid and everything it launched (the parent
 * pass, its children and their tail launches) has finished, so level l + 1 sees all of level l,
 * with no host round trip per level (one per chain of kGnDpChainLevels levels). Measured on an
 * H100: a bare tail-launch chain costs about 11 us per level, and CDP2 puts no
 * cap on its length (a 100,000-level chain runs).
 *
 * A backend B supplies
 *   static constexpr int32_t kPendingPerHeavy;   pending launches per heavy item, at most
 *   static constexpr int32_t kDefaultKc;          KC default (consolidated items per child block)
 *   template <class V> __device__ static bool launch_parent(const V &, const gn_items &,
 *                                        const gn_step &, const gn_dp_call &, int32_t count);
 *      (run by the driver's one thread: launches the pass's parent grid, returns whether the
 *       launch was made)
 * and optionally
 *   static gnest_status prepare_own(gn_engine &, int64_t max_items);
 *      (replaces the default prepare: settings of its own, then gn_dp_prepare, then buffers of
 *       its own; agg, lazynp-cta, lazynp-warp).
 *
 * Launch tickets. A backend may take a ticket (gn_dp_ticket) before each device-side launch of a
 * pass: at most call.launch_budget are given per pass, the pending-launch pool less what the
 * driver chain holds, so such launches are never refused for lack of room. A thread refused a
 * ticket runs the work itself, and nothing anywhere waits for a launch (a launch into a full
 * pool can wait instead of failing while the parents hold the SMs: cdp-warp can hang so under a
 * tiny pool). */
#ifndef GNEST_DEVLOOP_CUH
#define GNEST_DEVLOOP_CUH

#include <type_traits>

#include "sched/backend.cuh"

/* Device flags of the device-launching backends. */
struct gn_dp_flags {
  unsigned long long device_launches; /* device-side launches made */
  int32_t failed_launches;            /* device-side launches refused (pool full, ...) */
  int32_t launch_error;               /* the first refused launch's cudaError_t */
  int32_t grid_done;                  /* parent CTAs finished (cdp-grid's global barrier) */
  int32_t tickets;                    /* launch tickets taken in the current pass (gn_dp_ticket) */
  int64_t next_base;                  /* where a frontier chain stopped: history position */
};

/* Levels one tail-launch chain runs before it returns to the host, which starts the next one.
 * Measured on an H100: a chain of 3,000 levels costs about 19 us a level, one of 100,000 levels
 * 144 us a level (a chain's grids seem to stay tracked until it ends), so chains are kept short;
 * one host round trip per 256 levels costs nothing in comparison. */
constexpr int32_t kGnDpChainLevels = 256;

/* Pending launches kept for the driver chain: a chain's drivers may stay tracked until it ends
 * (kGnDpChainLevels), plus the parent grid and a margin. The computed pool adds this much, and
 * the ticket budget leaves it (at most half the pool) to the drivers. */
constexpr int32_t kGnDpChainReserve = 2 * kGnDpChainLevels + 64;

/* Everything a device-side kernel of these backends needs, passed by value. */
struct gn_dp_call {
  gn_dp_flags *flags;
  gn_pass_counters *pass;
  unsigned long long *edges;
  gn_engine_flags *engine_flags;
  int32_t *pool;          /* consolidation buffer: items waiting for a consolidated child */
  int32_t *pool_count;    /* its length in the current pass (reset by the pass's driver) */
  int32_t pool_capacity;
  int32_t threshold;      /* inner trip count above which an item is nested */
  int32_t kc;             /* consolidated items per child block */
  int32_t block;          /* threads per block of every grid */
  int32_t parent_grid;    /* most CTAs of a parent grid (the device's resident-thread limit) */
  int32_t launch_budget;  /* launch tickets a pass may take (gn_dp_ticket) */
  bool dynamic;
  bool wboost;            /* lazynp-cta / lazynp-warp: w-boost */
  bool nlk_warp;          /* lazynp-cta / lazynp-warp: a warp (not a CTA) per saved context */
  /* Buffers and settings of one backend family, NULL / 0 for the others: */
  int64_t *pool_begin;    /* lazynp-*: first inner index still to run, per buffered item */
  uint32_t *pool_first;   /* agg: first block of each record in its aggregated grid */
  int32_t *pool_done;     /* agg: blocks of each record finished (its post; self-resetting) */
  unsigned long long *group_state; /* agg: per group, records << 32 | blocks (self-resetting) */
  unsigned int *group_done;        /* agg: per group, CTA chunks finished (self-resetting) */
  int32_t coarsening;     /* agg: original child blocks per child block */
  int32_t group_chunks;   /* agg: CTA chunks per aggregation group (grid: every chunk) */
  int32_t agg_min;        /* agg: fewest child grids a group aggregates */
  int32_t granularity;    /* agg: gn_granularity */
};

/* A device-side launch of the current pass may be made (one ticket taken). False when the pass
 * has used its budget: the caller then runs the work itself (launch tickets, above). */
__device__ __forceinline__ bool gn_dp_ticket(const gn_dp_call &c) {
  return atomicAdd(&c.flags->tickets, 1) < c.launch_budget;
}

/* Checks the device-side launch just made by this thread: counted when it was made; otherwise the
 * error is recorded for the host (gn_dp_finish), because a refused child never runs and the
 * host's synchronisation does not say so (DESIGN.md section 3). */
__device__ __forceinline__ bool gn_dp_launched(gn_dp_flags *flags) {
  const cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) {
    atomicAdd(&flags->device_launches, 1ull);
    return true;
  }
  atomicAdd(&flags->failed_launches, 1);
  atomicCAS(&flags->launch_error, 0, (int32_t)err);
  return false;
}

/* A device-side launch into a stream, checked. Evaluates to true when the grid was launched. */
#define GN_DEVICE_LAUNCH(c, stream, grid, block, kernel, ...) \
  ((kernel<<<(grid), (block), 0, (stream)>>>(__VA_ARGS__)), gn_dp_launched((c).flags))

/* Checks a ticketed launch (gn_dp_ticket) just made by this thread, whose caller runs the work
 * itself when it returns false. A full pool is then no error: the device runtime frees the slots
 * of finished grids some time after they finish, so a small pool (launch_limit) can refuse a
 * launch that the ticket budget allowed (seen on an H200 with a pool of 32). Other errors are
 * recorded as gn_dp_launched records them. */
__device__ __forceinline__ bool gn_dp_ticket_launched(gn_dp_flags *flags) {
  if (cudaPeekAtLastError() != cudaErrorLaunchPendingCountExceeded) return gn_dp_launched(flags);
  (void)cudaGetLastError(); /* the refusal, handled: the caller runs the work */
  return false;
}

/* A ticketed fire-and-forget launch (above). Evaluates to true when the grid was launched. */
#define GN_TICKET_LAUNCH(c, grid, block, kernel, ...)                                  \
  ((kernel<<<(grid), (block), 0, cudaStreamFireAndForget>>>(__VA_ARGS__)),            \
   gn_dp_ticket_launched((c).flags))

/* Adds a count to the call's edge total (any thread, no warp collective). */
__device__ __forceinline__ void gn_dp_add_edges(const gn_dp_call &c, unsigned long long n) {
  if (n) atomicAdd(c.edges, n);
}

/* ---- child grids shared by the backends ------------------------------------------------- */

template <class V>
__global__ void gn_dp_post_kernel(V v, int32_t i, gn_step s) {
  v.post(i, s);
}

/* The inner loop [b, en) of one item, a thread per iteration; the item's post work follows in a
 * grid tail-launched by this grid (it starts when every block of this grid has finished). */
template <class V>
__global__ void gn_dp_range_kernel(V v, int32_t i, int64_t b, int64_t en, gn_step s,
                                   gn_dp_call c) {
  unsigned long long mine = 0;
  for (int64_t e = b + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < en;
       e += (int64_t)gridDim.x * blockDim.x) {
    v.edge(i, e, s);
    ++mine;
  }
  gn_dp_add_edges(c, mine);
  if constexpr (V::kHasPost) {
    if (blockIdx.x == 0 && threadIdx.x == 0)
      GN_DEVICE_LAUNCH(c, cudaStreamTailLaunch, 1, 1, gn_dp_post_kernel<V>, v, i, s);
  }
}

/* Launches item i's inner loop as its own child grid (naive-dp, hier). */
template <class V>
__device__ __forceinline__ bool gn_dp_launch_range(const V &v, int32_t i, int64_t b, int64_t en,
                                                   const gn_step &s, const gn_dp_call &c) {
  const int64_t blocks = (en - b + c.block - 1) / c.block;
  return GN_DEVICE_LAUNCH(c, cudaStreamFireAndForget, (unsigned)blocks, c.block,
                          gn_dp_range_kernel<V>, v, i, b, en, s, c);
}

/* A consolidated child grid (Wu thesis ch. 4): the items list[0 .. count), kc per block; a block
 * runs its items one after another, all its threads striding over each item's inner loop, then
 * the item's post work after a barrier. */
template <class V>
__global__ void gn_dp_consolidated_kernel(V v, const int32_t *list, int32_t count, gn_step s,
                                          gn_dp_call c) {
  const int64_t first = (int64_t)blockIdx.x * c.kc;
  const int64_t last = first + c.kc < count ? first + c.kc : count;
  gn_dp_add_edges(c, gn_run_items<V, false>(v, list + first, nullptr, last - first, 0, 1, s));
}

/* Launches one consolidated child grid over list[0 .. count). */
template <class V>
__device__ __forceinline__ bool gn_dp_launch_consolidated(const V &v, const int32_t *list,
                                                          int32_t count, const gn_step &s,
                                                          const gn_dp_call &c) {
  if (count <= 0) return true;
  __threadfence(); /* the other threads' pre work, done before this launch, reaches the child */
  const int64_t blocks = ((int64_t)count + c.kc - 1) / c.kc;
  return GN_DEVICE_LAUNCH(c, cudaStreamFireAndForget, (unsigned)blocks, c.block,
                          gn_dp_consolidated_kernel<V>, v, list, count, s, c);
}

/* Reserves n consecutive slots of the consolidation buffer; -1 when it is full (the caller then
 * runs those items itself, so nothing is lost). */
__device__ __forceinline__ int32_t gn_dp_pool_reserve(const gn_dp_call &c, int32_t n) {
  const int32_t at = atomicAdd(c.pool_count, n);
  return at + n <= c.pool_capacity ? at : -1;
}

/* An item's whole inner loop and post work in the calling thread (light items, or items that
 * found no room in the consolidation buffer). */
template <class V>
__device__ __forceinline__ unsigned long long gn_dp_serial(const V &v, int32_t i, int64_t b,
                                                           int64_t en, const gn_step &s) {
  for (int64_t e = b; e < en; ++e) v.edge(i, e, s);
  if constexpr (V::kHasPost) v.post(i, s);
  return (unsigned long long)(en - b);
}

/* The common start of a parent thread's item for the consolidating backends: pre, then light
 * items run here. Returns true when the item is heavy (its range in b, en). */
template <class V>
__device__ __forceinline__ bool gn_dp_split(const V &v, bool has, int32_t i, const gn_step &s,
                                            const gn_dp_call &c, int64_t &b, int64_t &en,
                                            unsigned long long &edges) {
  if (!has || !v.pre(i, s)) return false;
  b = v.begin(i);
  en = v.end(i);
  if (en - b > c.threshold) return true;
  edges += gn_dp_serial(v, i, b, en, s);
  return false;
}

/* ---- the device-side loops --------------------------------------------------------------- */

/* Blocks of a parent grid over count items, per_block items a block at a time (more CTAs than
 * the device holds would only wait: the parents take their items from the chunk counter). */
__device__ __forceinline__ unsigned gn_dp_parent_blocks(const gn_dp_call &c, int64_t count,
                                                        int64_t per_block) {
  const int64_t want = (count + per_block - 1) / per_block;
  return (unsigned)(want < c.parent_grid ? want : c.parent_grid);
}

/* The launch_parent member of a backend struct whose parent kernel takes (v, items, count, s, c):
 * a fire-and-forget grid of gn_dp_parent_blocks(c, count, PER_BLOCK) CTAs. */
#define GN_DP_LAUNCH_PARENT(KERNEL, PER_BLOCK)                                                 \
  template <class V>                                                                           \
  __device__ static bool launch_parent(const V &v, const gn_items &items, const gn_step &s,     \
                                       const gn_dp_call &c, int32_t count) {                   \
    return GN_DEVICE_LAUNCH(c, cudaStreamFireAndForget, gn_dp_parent_blocks(c, count, PER_BLOCK), \
                            c.block, KERNEL<V>, v, items, count, s, c);                        \
  }

/* Launches B's parent grid over count items (the driver's one thread). */
template <class V, class B>
__device__ __forceinline__ bool gn_dp_run_pass(const V &v, const gn_items &items, const gn_step &s,
                                               const gn_dp_call &c, int32_t count) {
  *c.pool_count = 0; /* the previous pass and all its children have finished */
  c.flags->tickets = 0;
  if (count <= 0) return true;
  return B::launch_parent(v, items, s, c, count);
}

/* One pass (gn_run_pass): items' count may live on the device. */
template <class V, class B>
__global__ void gn_dp_pass_driver(V v, gn_items items, gn_step s, gn_dp_call c) {
  gn_dp_run_pass<V, B>(v, items, s, c, gn_items_count(items));
}

/* Frontier level l (base: history mode's first position of level l). The next level's driver is
 * tail-launched; the first empty level (or max_levels) ends the loop and records levels run;
 * level l_end ends this chain (levels_run = l_end, next_base = base: the host goes on). */
template <class V, class B>
__global__ void gn_dp_frontier_driver(V v, gn_frontier f, int32_t l, int32_t l_end, int64_t base,
                                      gn_dp_call c) {
  int64_t count = l < f.max_levels ? f.counts[l] : 0;
  if (count <= 0 || l == l_end) {
    c.engine_flags->levels_run = l;
    c.flags->next_base = base;
    return;
  }
  const int64_t room = gn_level_room(f, base);
  if (count > room) count = room; /* pushes overflowed: flagged, results discarded */
  const gn_items in = {gn_level_items(f, l, base), (int32_t)count, nullptr};
  const gn_step s = gn_level_step(f, l, base, count, &c.engine_flags->push_overflow);
  if (!gn_dp_run_pass<V, B>(v, in, s, c, (int32_t)count) ||
      !GN_DEVICE_LAUNCH(c, cudaStreamTailLaunch, 1, 1, (gn_dp_frontier_driver<V, B>), v, f, l + 1,
                        l_end, base + count, c))
    c.engine_flags->levels_run = l + 1;
}

/* Level li of a fixed schedule (offsets on the device), deepest first when reverse; the chain
 * ends before li_end (the host queues the next chain behind it). */
template <class V, class B>
__global__ void gn_dp_levels_driver(V v, const int32_t *items, const int64_t *offsets,
                                    int32_t num_levels, bool reverse, int32_t li, int32_t li_end,
                                    gn_dp_call c) {
  if (li >= li_end) return;
  const int32_t l = reverse ? num_levels - 1 - li : li;
  const int64_t first = offsets[l];
  const int32_t count = (int32_t)(offsets[l + 1] - first);
  const gn_items in = {items + first, count, nullptr};
  const gn_step s = {l, nullptr, nullptr, 0, &c.engine_flags->push_overflow};
  if (gn_dp_run_pass<V, B>(v, in, s, c, count))
    GN_DEVICE_LAUNCH(c, cudaStreamTailLaunch, 1, 1, (gn_dp_levels_driver<V, B>), v, items,
                     offsets, num_levels, reverse, li + 1, li_end, c);
}

/* ---- host side ------------------------------------------------------------------------- */

/* The state these backends keep in gn_engine::backend_state. */
struct gn_dp_state {
  int32_t chain_levels; /* levels per tail-launch chain (gn_dp_prepare): kGnDpChainLevels, fewer
                           under a small pool */
  gn_dp_call call; /* device pointers and settings, copied into every driver; call.flags is NULL
                      until the first prepare of the call */
  int32_t own_capacity; /* items the backend's own buffers (pool_begin, pool_first, ...) hold */
};

/* The input's items whose inner range (CSR row) is longer than threshold, into *rows: the upper
 * bound of the items a pass can nest (a visitor's inner range is at most its item's row). */
gnest_status gn_dp_heavy_items(gn_engine &e, int64_t *rows);

/* Allocates the flags and a consolidation buffer for max_items, sets the pending-launch pool
 * from pending_per_heavy (or options.launch_limit) and the ticket budget from it, fills the
 * call's settings. ticketed: the backend takes launch tickets (gn_dp_ticket) before its
 * launches; options.launch_limit then sets the tickets' budget, not the device's pool
 * (devloop.cu, gn_dp_pending_pool). */
gnest_status gn_dp_prepare(gn_engine &e, int64_t max_items, int32_t pending_per_heavy,
                           int32_t default_kc, bool ticketed);
/* gn_dp_prepare with one pending launch per heavy item, then pool_begin for max_items saved
 * contexts (item, first inner index still to run), w-boost and the next-level kernel's
 * granularity (a warp per context with GN_GRAN_WARP) from the options: lazynp-cta and
 * lazynp-warp. */
gnest_status gn_dp_prepare_contexts(gn_engine &e, int64_t max_items);
/* The shortest row length >= floor that at most rank of the input's rows exceed (cached on the
 * input; agg's defaults rule). */
gnest_status gn_dp_rank_length(const gn_engine &e, int64_t rank, int32_t floor, int32_t *length);
/* Refused device-side launches -> GNEST_ERR_LAUNCH_LIMIT (or GNEST_ERR_CUDA); adds the
 * device-side launches to the call. */
gnest_status gn_dp_finish(gn_engine &e);
/* The same status at any point of the call, without counting (gn_engine_check); the flags it
 * read back into *read when read is not NULL. */
gnest_status gn_dp_check(gn_engine &e, gn_dp_flags *read);

/* A one-thread driver grid launched from the host. */
#define GN_DP_DRIVER(e, kernel, ...) GN_KERNEL(e, 1, 1, kernel, __VA_ARGS__)

/* Whether backend B has its own prepare_own. */
template <class B, class = void>
struct gn_dp_has_own_prepare : std::false_type {};
template <class B>
struct gn_dp_has_own_prepare<B, std::void_t<decltype(&B::prepare_own)>> : std::true_type {};

/* The gn_ops of a device-launching backend B: every entry point runs on the device through
 * the drivers above. */
template <class B>
struct gn_dp_backend {
  static constexpr bool kFusedFrontier = true;
  static constexpr bool kFusedLevels = true;

  static gnest_status prepare(gn_engine &e, int64_t max_items) {
    if constexpr (gn_dp_has_own_prepare<B>::value) return B::prepare_own(e, max_items);
    else return gn_dp_prepare(e, max_items, B::kPendingPerHeavy, B::kDefaultKc, false);
  }
  static gnest_status finish(gn_engine &e) { return gn_dp_finish(e); }
  static gnest_status check(gn_engine &e) { return gn_dp_check(e, nullptr); }

  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    GN_DP_DRIVER(e, (gn_dp_pass_driver<V, B>), v, items, s,
                 gn_backend_state<gn_dp_state>(e).call);
    return GNEST_OK;
  }

  /* Chains of chain_levels levels until one stops early (an empty level or max_levels). */
  template <class V>
  static gnest_status frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
    const gn_dp_state &st = gn_backend_state<gn_dp_state>(e);
    const gn_dp_call &c = st.call;
    const int32_t chain = st.chain_levels;
    int32_t l = 0;
    int64_t base = 0;
    for (;;) {
      const int32_t l_end = f.max_levels - l > chain ? l + chain : f.max_levels;
      GN_DP_DRIVER(e, (gn_dp_frontier_driver<V, B>), v, f, l, l_end, base, c);
      int32_t ran = 0;
      GN_TRY(gn_to_host(e.ctx, &ran, &e.flags->levels_run, sizeof ran));
      if (ran < l_end || l_end == f.max_levels) {
        *levels = ran;
        return GNEST_OK;
      }
      /* A refused tail launch into level l_end ends the chain as if it were complete, without
       * next_base: stop with the refusal rather than run on from a stale base. */
      gn_dp_flags flags;
      GN_TRY(gn_dp_check(e, &flags));
      base = flags.next_base;
      l = l_end;
    }
  }

  template <class V>
  static gnest_status levels(gn_engine &e, const V &v, const gn_schedule &sched) {
    int64_t *offsets = nullptr;
    GN_TRY(gn_engine_level_offsets(&e, sched.h_offsets, sched.num_levels, &offsets));
    const gn_dp_state &st = gn_backend_state<gn_dp_state>(e);
    const int32_t chain = st.chain_levels;
    for (int32_t li = 0; li < sched.num_levels; li += chain) {
      const int32_t li_end = sched.num_levels - li > chain ? li + chain : sched.num_levels;
      GN_DP_DRIVER(e, (gn_dp_levels_driver<V, B>), v, sched.items, offsets, sched.num_levels,
                   sched.reverse, li, li_end, st.call);
    }
    return GNEST_OK;
  }
};

#endif
