/* Backend "lazynp": LazyNP with the next-level kernel dispatched from the host (Ozen thesis
 * ch. 5). During the parent pass a thread whose item has an inner trip count above the threshold
 * does not run it: it saves the item's context (item, first inner index still to run) into a
 * buffer. After the parent pass, one Next-Level Kernel (NLK), launched from the host, runs every
 * saved item with a whole CTA (or a warp, GNEST_GRAN_WARP) striding over its inner loop; the
 * item's post work moves into the NLK, after a barrier, so it still follows all its edges.
 * No dynamic parallelism is needed. The engine's host loops run a parent pass + NLK per level.
 *
 * w-boost (ch. 5): a warp is busy for as long as its longest light item anyway, so with wboost the
 * saving lanes first run that many of their own iterations, then save only the remainder
 * (lazynp.cuh, shared with the device-dispatched lazynp-cta and lazynp-warp).
 *
 * Options read: threshold (default 32), granularity (warp or CTA per saved item), wboost. */
#include "lazynp.cuh"

/* The buffer's counters and flag (one device allocation, one memset per call). */
struct gn_saved_counters {
  int32_t count;         /* contexts saved by the current pass; the NLK's last CTA zeroes it */
  int32_t overflow;      /* a save found the buffer full (results discarded) */
  unsigned int nlk_done; /* NLK CTAs finished (self-resetting) */
};

/* The saved-context buffer, kept for the whole call (grown when a loop needs more room). */
struct gn_saved {
  int32_t *items;
  int64_t *begin;     /* first inner index still to run */
  int32_t capacity;
  gn_saved_counters *counters; /* device */
};

/* Called by every lane of a converged warp (has = false for lanes without an item): the item's
 * parent work, then a heavy item's context saved for the next-level kernel. */
template <class V>
__device__ __forceinline__ void gn_lazynp_item(const V &v, bool has, int32_t i, const gn_step &s,
                                               int32_t threshold, bool wboost,
                                               const gn_saved &saved, unsigned long long &edges) {
  int64_t resume = 0;
  if (!gn_lazynp_split(v, has, i, s, threshold, wboost, &resume, edges)) return;
  const int32_t at = gn_append_slot(&saved.counters->count);
  if (at < saved.capacity) {
    saved.items[at] = i;
    saved.begin[at] = resume;
  } else {
    saved.counters->overflow = 1;
  }
}

template <class V>
__global__ void gn_lazynp_parent_kernel(V v, gn_items items, gn_step s, gn_saved saved,
                                        gn_pass_counters *pass, unsigned long long *edges_total,
                                        bool dynamic, int32_t threshold, bool wboost) {
  unsigned long long edges = 0;
  gn_chunk_loop(gn_items_count(items), &pass->chunk, dynamic, [&](int64_t k, bool has) {
    gn_lazynp_item(v, has, has ? gn_item_at(items, k) : 0, s, threshold, wboost, saved, edges);
  });
  gn_pass_end(pass, edges_total, edges, dynamic);
}

/* The Next-Level Kernel: a CTA (or a warp when kWarp) per saved item. The last CTA resets the
 * saved count for the next pass. */
template <class V, bool kWarp>
__global__ void gn_lazynp_nlk_kernel(V v, gn_step s, gn_saved saved,
                                     unsigned long long *edges_total) {
  int64_t count = *(volatile int32_t *)&saved.counters->count;
  if (count > saved.capacity) count = saved.capacity;
  gn_add_edges(edges_total, gn_lazynp_nlk<V, kWarp>(v, saved.items, saved.begin, count, s));
  gn_last_cta_resets(&saved.counters->nlk_done, &saved.counters->count, nullptr);
}

struct gn_lazynp {
  static constexpr bool kFusedFrontier = false;
  static constexpr bool kFusedLevels = false;

  /* Room for max_items contexts; earlier, smaller buffers stay in the scratch until the call
   * ends. */
  static gnest_status prepare(gn_engine &e, int64_t max_items) {
    gn_saved &saved = gn_backend_state<gn_saved>(e);
    if (max_items > INT32_MAX) max_items = INT32_MAX;
    if (!saved.counters) {
      GN_TRY(e.scratch->alloc(&saved.counters, 1, "lazynp saved-context counters"));
      GN_TRY(gn_memset(e.ctx, saved.counters, 0, sizeof *saved.counters));
    }
    if (saved.items && saved.capacity >= max_items) return GNEST_OK;
    GN_TRY(e.scratch->alloc(&saved.items, (size_t)max_items, "lazynp saved items"));
    GN_TRY(e.scratch->alloc(&saved.begin, (size_t)max_items, "lazynp saved contexts"));
    saved.capacity = (int32_t)max_items;
    return GNEST_OK;
  }

  static gnest_status finish(gn_engine &e) {
    const gn_saved &saved = gn_backend_state<gn_saved>(e);
    if (!saved.counters) return GNEST_OK;
    int32_t overflow = 0;
    GN_TRY(gn_to_host(e.ctx, &overflow, &saved.counters->overflow, sizeof overflow));
    if (!overflow) return GNEST_OK;
    return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0,
                    "the lazynp saved-context buffer overflowed (results discarded)");
  }

  /* Parent pass, then the next-level kernel over what it saved. */
  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    const gn_saved saved = gn_backend_state<gn_saved>(e);
    const gnest_options &o = e.call->opts;
    auto parent = gn_lazynp_parent_kernel<V>;
    int grid = 0;
    GN_TRY(gn_pass_grid(e, parent, items, &grid));
    GN_KERNEL(e, grid, e.block, parent, v, items, s, saved, e.pass, e.edges, e.dynamic,
              o.threshold, o.wboost != 0);
    auto nlk = o.granularity == GNEST_GRAN_WARP ? gn_lazynp_nlk_kernel<V, true>
                                                : gn_lazynp_nlk_kernel<V, false>;
    GN_TRY(gn_resident_grid(e, nlk, 0, &grid));
    GN_KERNEL(e, grid, e.block, nlk, v, s, saved, e.edges);
    return GNEST_OK;
  }
};

GN_BACKEND_OPS(LAZYNP, gn_lazynp)
