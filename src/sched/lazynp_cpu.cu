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
 * there are any, so a pass costs its parent kernel, one wait for two small copies, and its
 * contexts. The second copy is the size of the list the pass pushed to: a pass that saved
 * nothing leaves it to the engine (gn_engine::known_at), so that the next level of a swap-mode
 * frontier gets a parent grid sized to its items (one CTA for a level of one vertex) rather than
 * the resident grid, and an empty level ends the loop without a kernel.
 *
 * Options read: threshold (default 32), wboost, schedule, block_size (the parent kernel),
 * host_threads (default: the online CPUs, at most 64). */
#include "hybrid.cuh"

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
      /* One wait for the parent kernel and two counts: the contexts it saved (a count above the
       * capacity means saves were dropped, flagged for gn_lazynp_finish) and the size of the
       * work list it pushed to. The latter is managed memory read by a copy, so its page stays
       * on the GPU (a host load would fault it over, and the next pass's pushes back). */
      GN_CUDA(e.ctx, cudaMemcpyAsync(&h.readback[0], &saved.counters->count, sizeof(int32_t),
                                     cudaMemcpyDeviceToHost, e.stream));
      if (s.out_count)
        GN_CUDA(e.ctx, cudaMemcpyAsync(&h.readback[1], s.out_count, sizeof(int32_t),
                                       cudaMemcpyDeviceToHost, e.stream));
      GN_TRY(gn_hybrid_sync(e));
      const int32_t saved_n = h.readback[0];
      if (saved_n == 0) {
        /* Nothing of this pass is left to run: the next list's size is final. A swap-mode
         * frontier hands it to the next pass, whose parent grid is then sized to its items
         * instead of the resident grid over a device count (gn_engine::known_at). */
        if (s.out_count) {
          e.known_at = s.out_count;
          e.known_count = h.readback[1];
        }
        return GNEST_OK;
      }
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
