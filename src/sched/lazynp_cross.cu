/* Backend "lazynp-cross": hybrid LazyNP, cross-processor (Ozen thesis 5.6). Each pass's work
 * list is split in two: the GPU runs its first items as lazynp does (lazynp.cuh: a parent kernel
 * that saves heavy items' contexts, then a next-level kernel over them, a CTA or a warp per
 * context), while host threads run the last `host_share` percent of the items at once, each
 * whole in one thread (pre, its edges in order, post). The pass ends when both sides have
 * finished (rule 5): the host threads are joined and the stream synchronized before it returns.
 * Both sides push to the same next work list (one atomic on its count each side).
 *
 * The two sides write the same managed memory at the same time, where only system-scope atomics
 * are atomic across host and device (libcu++; it needs the device's concurrent managed access,
 * checked by gnest_backend_available): the GPU side runs the visitor with the system-scope step
 * (gn_step_t<GN_SCOPE_SYSTEM>: atomicCAS_system, ..., pushes with atomicAdd_system), the host
 * threads with host atomics (rule 6 of src/sched/README.md). Its reads of shared values are the
 * visitors' volatile loads (gn_load_now: relaxed and system-coherent in PTX). Pages that both
 * sides write (the items' data, the next work list) migrate back and forth: the expected cost of
 * this backend. Its bookkeeping moves none (hybrid.cuh): the GPU side's counters and saved
 * contexts are device memory, the host threads count their edges in host memory.
 *
 * The split is static: host_n = ceil(n x host_share / 100) of a pass's n items (host_share
 * default GN_HOST_SHARE_DEFAULT), so a pass of one item runs on the host, and host_share=100
 * runs every pass there.
 *
 * Options read: threshold (default 32), granularity (warp or CTA per saved context), wboost,
 * schedule, block_size (the GPU side), host_threads (default: the online CPUs, at most 64),
 * host_share. */
#include "sched/hybrid.cuh"

/* Items a host thread takes at a time from the host's part of a pass. */
static const int64_t kGnCrossChunk = 16;

struct gn_lazynp_cross : gn_hybrid_dispatched<false> {
  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    if constexpr (!gn_host_runnable<V>::value) {
      return gn_hybrid_not_runnable(e);
    } else {
      /* The work list and its length are final (the previous pass has ended) and, in managed
       * memory, readable here once the stream is idle. */
      GN_TRY(gn_hybrid_sync(e));
      int64_t n = items.n;
      if (items.d_count) {
        const int32_t c = *(volatile const int32_t *)items.d_count;
        if (c < n) n = c; /* above: pushes overflowed, flagged (gn_items_count) */
      }
      if (n < 0) n = 0;
      const int32_t share = e.call->opts.host_share ? e.call->opts.host_share
                                                    : GN_HOST_SHARE_DEFAULT;
      const int64_t host_n = (n * share + 99) / 100;
      const int64_t gpu_n = n - host_n;
      const gn_step_t<GN_SCOPE_SYSTEM> sys = gn_step_with_scope<GN_SCOPE_SYSTEM>(s);
      if (gpu_n > 0) { /* lazynp's kernels over the first gpu_n items, launched, not waited for */
        const gn_items part = {items.list, (int32_t)gpu_n, nullptr};
        GN_TRY(gn_lazynp_parent(e, v, part, sys));
        GN_TRY(gn_lazynp_next_level(e, v, sys));
      }
      const gn_step_t<GN_SCOPE_SYSTEM> host = gn_host_step(e, sys);
      unsigned long long edges = 0;
      const auto item = [&](int64_t k) {
        const int64_t at = gpu_n + k;
        return gn_host_item(v, items.list ? items.list[at] : (int32_t)at, host);
      };
      const int threads = gn_backend_state<gn_hybrid_state>(e).threads;
      const gnest_status st = gn_host_parallel(e, threads, host_n, kGnCrossChunk, item, &edges);
      e.host_edges += edges;
      GN_TRY(gn_hybrid_sync(e)); /* both sides done, whatever the host's status */
      return st;
    }
  }
};

GN_BACKEND_OPS(LAZYNP_CROSS, gn_lazynp_cross)
