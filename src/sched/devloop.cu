/* gnest-build: rdc (it includes devloop.cuh, whose kernels launch from the device)
 * Host side of the device-launching backends (devloop.cuh): the pending-launch pool, the
 * consolidation buffer, and turning refused device-side launches into a status. */
#include "sched/agg_rule.h"
#include "core/device_api.h"
#include "sched/devloop.cuh"

/* One pending launch reserves about 9.2 KB of device memory (measured on an H100: a pool of
 * 65,536 took 596 MB); the pool this file sets never takes more than an eighth of the free
 * memory. */
static const size_t kBytesPerPendingLaunch = 9216;

gnest_status gn_dp_heavy_items(gn_engine &e, int64_t *rows) {
  const gn_row_census *census = nullptr;
  GN_TRY(gn_engine_census(e, e.block, &census)); /* the chunk is unused here: any will do */
  *rows = census->rows_above;
  return GNEST_OK;
}

gnest_status gn_dp_rank_length(const gn_engine &e, int64_t rank, int32_t floor, int32_t *length) {
  gn_row_census &census = *e.input_census;
  if (!(census.rank_known && census.rank == rank && census.rank_floor == floor)) {
    const gnest_status st =
        gn_rows_length_at_rank(e.input_offsets, e.input_n, rank, floor, &census.rank_length);
    if (st != GNEST_OK)
      return gn_error(e.ctx, st, e.call->fn, 0,
                      "no host memory for the lengths of the input's %d rows (agg's defaults rule)",
                      (int)e.input_n);
    census.rank_known = 1;
    census.rank = rank;
    census.rank_floor = floor;
  }
  *length = census.rank_length;
  return GNEST_OK;
}

/* The most pending launches the device's free memory allows (an eighth of it). */
static gnest_status gn_dp_pool_cap(gn_engine &e, size_t *cap) {
  size_t free_bytes = 0, total = 0;
  GN_CUDA(e.ctx, cudaMemGetInfo(&free_bytes, &total));
  *cap = free_bytes / 8 / kBytesPerPendingLaunch;
  return GNEST_OK;
}

/* Sets the device's pending-launch pool to exactly `want` (the device may raise it: an H200
 * keeps at least 32); the pool as set into *pool. */
static gnest_status gn_dp_set_pool(gn_engine &e, size_t want, size_t *pool) {
  GN_CUDA(e.ctx, cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, want));
  GN_CUDA(e.ctx, cudaDeviceGetLimit(pool, cudaLimitDevRuntimePendingLaunchCount));
  return GNEST_OK;
}

/* Grows the device's pending-launch pool (never shrinks it: the setting is the device's, and
 * resizing costs a reallocation) to pending_per_heavy launches per heavy item plus the driver
 * chain's reserve, capped by memory; the pool as it is then into *pool. */
static gnest_status gn_dp_grow_pool(gn_engine &e, int32_t pending_per_heavy, size_t *pool) {
  size_t current = 0;
  GN_CUDA(e.ctx, cudaDeviceGetLimit(&current, cudaLimitDevRuntimePendingLaunchCount));
  *pool = current;
  int64_t heavy = 0;
  GN_TRY(gn_dp_heavy_items(e, &heavy));
  size_t want = (size_t)pending_per_heavy * (size_t)heavy + kGnDpChainReserve;
  if (want <= current) return GNEST_OK;
  size_t cap = 0;
  GN_TRY(gn_dp_pool_cap(e, &cap));
  if (want > cap) { /* gnest's own idle cached blocks count as used: give them back first */
    gn_device_release_cache(e.ctx);
    GN_TRY(gn_dp_pool_cap(e, &cap));
  }
  if (want > cap) want = cap;
  if (want <= current) return GNEST_OK;
  return gn_dp_set_pool(e, want, pool);
}

/* The pending-launch pool this call plans its launches for, into *plan: options.launch_limit
 * when given (as the device sets it), else the grown pool (gn_dp_grow_pool).
 *   Without launch tickets the device's pool is then exactly the plan, so a test can force a tiny
 * pool and see GNEST_ERR_LAUNCH_LIMIT.
 *   With tickets (ticketed) only the tickets follow the plan: the device's pool is grown as
 * without launch_limit. The device runtime, near a full pool, can wait in a launch instead of
 * refusing it, and the pass then never ends: agg (granularity none or block) and lazynp-warp
 * hung under a pool of 64 with a ticket budget of 32, and never with the same budget under a
 * pool of 128 or the computed one (H200). */
static gnest_status gn_dp_pending_pool(gn_engine &e, int32_t pending_per_heavy, bool ticketed,
                                       size_t *plan) {
  const size_t limit = (size_t)e.call->opts.launch_limit;
  if (limit == 0) return gn_dp_grow_pool(e, pending_per_heavy, plan);
  size_t current = 0;
  GN_CUDA(e.ctx, cudaDeviceGetLimit(&current, cudaLimitDevRuntimePendingLaunchCount));
  *plan = current;
  if (limit != current) GN_TRY(gn_dp_set_pool(e, limit, plan));
  if (!ticketed) return GNEST_OK;
  size_t pool = 0;
  return gn_dp_grow_pool(e, pending_per_heavy, &pool);
}

/* Launch tickets a pass may take: the pool less the driver chain's reserve (at most half). */
static int32_t gn_dp_launch_budget(size_t pool) {
  const size_t reserve = pool / 2 < (size_t)kGnDpChainReserve ? pool / 2 : kGnDpChainReserve;
  const size_t budget = pool - reserve;
  return budget > INT32_MAX ? INT32_MAX : (int32_t)budget;
}

/* Levels per tail-launch chain: a chain's drivers may stay tracked until it ends (two pending
 * launches a level), so a chain holds at most the pool's reserve; 256 with the computed pool,
 * fewer when launch_limit makes the pool small. */
static int32_t gn_dp_chain_levels(size_t pool, int32_t budget) {
  const size_t reserve = pool - (size_t)budget;
  const size_t fit = reserve >= 10 ? (reserve - 8) / 2 : 1;
  return fit < (size_t)kGnDpChainLevels ? (int32_t)fit : kGnDpChainLevels;
}

gnest_status gn_dp_prepare(gn_engine &e, int64_t max_items, int32_t pending_per_heavy,
                           int32_t default_kc, bool ticketed) {
  gn_dp_state &st = gn_backend_state<gn_dp_state>(e);
  gn_dp_call &c = st.call;
  if (max_items > INT32_MAX) max_items = INT32_MAX;
  if (!c.flags) {
    size_t plan = 0;
    GN_TRY(gn_dp_pending_pool(e, pending_per_heavy, ticketed, &plan));
    c.launch_budget = gn_dp_launch_budget(plan);
    st.chain_levels = gn_dp_chain_levels(plan, c.launch_budget);
    GN_TRY(e.scratch->alloc(&c.flags, 1, "device-launch flags"));
    GN_TRY(gn_memset(e.ctx, c.flags, 0, sizeof *c.flags));
    GN_TRY(e.scratch->alloc(&c.pool_count, 1, "consolidation buffer count"));
    GN_TRY(gn_memset(e.ctx, c.pool_count, 0, sizeof *c.pool_count));
    const gn_opts &o = e.call->opts;
    c.pass = e.pass;
    c.edges = e.edges;
    c.engine_flags = e.flags;
    c.threshold = o.threshold;
    c.kc = o.kc > 0 ? o.kc : default_kc;
    c.block = e.block;
    c.dynamic = e.dynamic;
    const int64_t resident =
        (int64_t)e.sm_count * (e.ctx->dev->max_threads_per_sm / e.block);
    c.parent_grid = (int32_t)(resident < 1 ? 1 : resident);
  }
  if (c.pool && c.pool_capacity >= max_items) return GNEST_OK;
  /* Earlier, smaller buffers stay in the scratch until the call ends. */
  GN_TRY(e.scratch->alloc(&c.pool, (size_t)max_items, "consolidation buffer"));
  c.pool_capacity = (int32_t)max_items;
  return GNEST_OK;
}

gnest_status gn_dp_prepare_contexts(gn_engine &e, int64_t max_items) {
  GN_TRY(gn_dp_prepare(e, max_items, 1, 1, true));
  gn_dp_state &st = gn_backend_state<gn_dp_state>(e);
  gn_dp_call &c = st.call;
  c.wboost = e.call->opts.wboost != 0;
  c.nlk_warp = e.call->opts.granularity == GN_GRAN_WARP;
  if (c.pool_begin && st.own_capacity >= c.pool_capacity) return GNEST_OK;
  GN_TRY(e.scratch->alloc(&c.pool_begin, (size_t)c.pool_capacity, "saved contexts"));
  st.own_capacity = c.pool_capacity;
  return GNEST_OK;
}

/* The status of the device-side flags read back: refused or failed launches. */
static gnest_status gn_dp_failure(gn_engine &e, const gn_dp_flags &flags) {
  if (!flags.failed_launches) return GNEST_OK;
  const cudaError_t err = (cudaError_t)flags.launch_error;
  if (err == cudaErrorLaunchPendingCountExceeded) {
    size_t pool = 0;
    GN_CUDA(e.ctx, cudaDeviceGetLimit(&pool, cudaLimitDevRuntimePendingLaunchCount));
    return gn_error(e.ctx, GNEST_ERR_LAUNCH_LIMIT, e.call->fn, 0,
                    "%d device-side launches were refused: the pending-launch pool (%zu) was "
                    "full; the results are discarded (the setting launch_limit=0 sizes the pool "
                    "from the input)",
                    (int)flags.failed_launches, pool);
  }
  return gn_error(e.ctx, GNEST_ERR_CUDA, e.call->fn, 0,
                  "%d device-side launches failed: %s; the results are discarded",
                  (int)flags.failed_launches, cudaGetErrorString(err));
}

gnest_status gn_dp_check(gn_engine &e, gn_dp_flags *read) {
  const gn_dp_state &st = gn_backend_state<gn_dp_state>(e);
  gn_dp_flags flags{}; /* all zero before the call's first prepare */
  if (st.call.flags) GN_TRY(gn_to_host(e.ctx, &flags, st.call.flags, sizeof flags));
  if (read) *read = flags;
  return gn_dp_failure(e, flags);
}

gnest_status gn_dp_finish(gn_engine &e) {
  gn_dp_flags flags{}; /* left zero when the read back fails */
  const gnest_status st = gn_dp_check(e, &flags);
  e.call->device_launches += (int64_t)flags.device_launches;
  return st;
}
