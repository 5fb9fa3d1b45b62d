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
 * (WHERE HYBRID in backends.def), which both sides address; a context's pages migrate to the
 * host when its threads touch them, the expected cost of this backend.
 *
 * Options read: threshold (default 32), wboost, schedule, block_size (the parent kernel),
 * host_threads (default: the online CPUs, at most 64). */
#include "hybrid.cuh"

struct gn_lazynp_cpu : gn_lazynp_host_dispatched {
  /* Parent kernel, then the host threads over what it saved. */
  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    if constexpr (!gn_host_runnable<V>::value) {
      return gn_hybrid_not_runnable(e);
    } else {
      GN_TRY(gn_lazynp_parent(e, v, items, s));
      GN_TRY(gn_hybrid_sync(e));
      const gn_saved saved = gn_backend_state<gn_saved>(e);
      /* The device is idle: the saved count and the contexts are read in place (managed). A
       * count above the capacity means saves were dropped, flagged for gn_lazynp_finish. */
      int64_t count = saved.counters->count;
      if (count > saved.capacity) count = saved.capacity;
      saved.counters->count = 0; /* for the next parent pass (lazynp's NLK zeroes it there) */
      unsigned long long edges = 0;
      const auto rest = [&](int64_t k) {
        return gn_host_rest(v, saved.items[k], saved.begin[k], s);
      };
      const gnest_status st = gn_host_parallel(e, gn_host_threads(e), count, 1, rest, &edges);
      *e.edges += edges; /* the device's count, read in place: nothing runs there now */
      return st;
    }
  }
};

GN_BACKEND_OPS(LAZYNP_CPU, gn_lazynp_cpu)
