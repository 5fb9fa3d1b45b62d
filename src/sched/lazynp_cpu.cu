/* Backend "lazynp-cpu": hybrid LazyNP, CPU-managed (Ozen thesis 5.6). The parent pass is
 * lazynp's (lazynp.cuh: items of at most `threshold` inner iterations run in their thread, with
 * w-boost if asked; heavier ones save their context, the item and its first inner index still to
 * run). Instead of a next-level kernel, the host waits for the parent kernel and host threads run
 * the saved contexts, each its remaining edges in order and then its post (rules 2-3: one thread
 * runs the whole rest of an item). The next pass's kernel is launched once they are joined
 * (rule 5).
 *
 * The GPU is idle while the host threads run (the stream is synchronized first), so the GPU side
 * keeps the device-scope atomics every device backend uses; host threads use host atomics (the
 * visitors' step, rule 6 of src/sched/README.md). The engine gives the call managed memory
 * (WHERE HYBRID in backends.def), which both sides address: the pages the saved contexts' rows
 * and pushes touch migrate to the host, the expected cost of this backend. The saved-context
 * buffer itself is device memory (hybrid.cuh): the host copies the count, and the contexts when
 * there are any, so a pass costs its parent kernel, one small copy, and its contexts.
 *
 * Options read: threshold (default 32), wboost, schedule, block_size (the parent kernel),
 * host_threads (default: the online CPUs, at most 64). */
#include "sched/hybrid.cuh"

struct gn_lazynp_cpu : gn_hybrid_dispatched<true> {
  /* Parent kernel, then the host threads over what it saved. */
  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    if constexpr (!gn_host_runnable<V>::value) {
      return gn_hybrid_not_runnable(e);
    } else {
      GN_TRY(gn_lazynp_parent(e, v, items, s));
      gn_hybrid_state &h = gn_backend_state<gn_hybrid_state>(e);
      const gn_saved &saved = h.saved;
      /* Waits for the parent kernel. A count above the capacity means saves were dropped,
       * flagged for gn_lazynp_finish. */
      int32_t saved_n = 0;
      GN_TRY(gn_to_host(e.ctx, &saved_n, &saved.counters->count, sizeof saved_n));
      if (saved_n == 0) return GNEST_OK;
      /* For the next parent kernel (lazynp's NLK zeroes it there); queued before that kernel. */
      GN_TRY(gn_memset(e.ctx, &saved.counters->count, 0, sizeof saved.counters->count));
      const int64_t count = saved_n < saved.capacity ? saved_n : saved.capacity;
      GN_TRY(gn_to_host(e.ctx, h.host_items, saved.items, sizeof(int32_t) * (size_t)count));
      GN_TRY(gn_to_host(e.ctx, h.host_begin, saved.begin, sizeof(int64_t) * (size_t)count));
      const gn_step hs = gn_host_step(e, s);
      unsigned long long edges = 0;
      const auto rest = [&](int64_t k) {
        return gn_host_rest(v, h.host_items[k], h.host_begin[k], hs);
      };
      const gnest_status st = gn_host_parallel(e, h.threads, count, 1, rest, &edges);
      e.host_edges += edges;
      return st;
    }
  }
};

GN_BACKEND_OPS(LAZYNP_CPU, gn_lazynp_cpu)
