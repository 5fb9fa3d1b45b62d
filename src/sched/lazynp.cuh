/* What the LazyNP backends share (Ozen thesis ch. 5): the parent pass's work on one item. Used by
 * lazynp.cu (next-level kernel dispatched from the host), lazynp_cta.cu and lazynp_warp.cu
 * (dispatched from the device, per CTA and per warp), lazynp_cpu.cu and lazynp_cross.cu (the
 * hybrid variants, thesis 5.6). The next-level kernel's loop is gn_run_items (backend.cuh). The
 * host-dispatched pieces (saved-context buffer, parent kernel, next-level kernel) are below the
 * device ones. Every piece takes the step type S of its pass (gn_step_t: the scope of the
 * visitor's atomics). */
#ifndef GNEST_LAZYNP_CUH
#define GNEST_LAZYNP_CUH

#include "sched/backend.cuh"

/* One item of a parent pass, called by every lane of a converged warp (has = false for lanes
 * without an item): pre; an item of at most threshold inner iterations runs here, with its post.
 * A heavier one runs here only what w-boost gives it -- a warp is busy for as long as its
 * longest light item anyway, so with wboost the heavy lanes first run that many of their own
 * iterations -- and returns true with the first iteration still to run in *resume: the context
 * the caller saves for a next-level kernel, which runs the rest and the post. */
template <class V, class S>
__device__ __forceinline__ bool gn_lazynp_split(const V &v, bool has, int32_t i, const S &s,
                                                int32_t threshold, bool wboost, int64_t *resume,
                                                unsigned long long &edges) {
  const bool accepted = has && v.pre(i, s);
  int64_t b = 0, en = 0;
  if (accepted) {
    b = v.begin(i);
    en = v.end(i);
  }
  const int64_t trip = en - b;
  const bool heavy = trip > threshold;
  int64_t run = heavy ? 0 : trip;
  if (wboost) {
    const unsigned common = __reduce_max_sync(0xffffffffu, heavy ? 0u : (unsigned)trip);
    if (heavy) run = (int64_t)common;
  }
  for (int64_t e = b; e < b + run; ++e) v.edge(i, e, s);
  edges += (unsigned long long)run;
  if constexpr (V::kHasPost) {
    if (accepted && !heavy) v.post(i, s);
  }
  *resume = b + run;
  return heavy;
}

/* The Next-Level Kernel's work: the saved contexts items[k] / begins[k], k < count, a CTA each
 * (a warp each when kWarp) over the whole grid. Returns the calling thread's count of inner
 * iterations (for gn_add_edges). */
template <class V, bool kWarp, class S>
__device__ __forceinline__ unsigned long long gn_lazynp_nlk(const V &v, const int32_t *items,
                                                           const int64_t *begins, int64_t count,
                                                           const S &s) {
  const int64_t unit = kWarp ? ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32 : blockIdx.x;
  const int64_t units = kWarp ? ((int64_t)gridDim.x * blockDim.x) / 32 : gridDim.x;
  return gn_run_items<V, kWarp>(v, items, begins, count, unit, units, s);
}

/* ---- host-dispatched LazyNP (lazynp.cu, lazynp_cpu.cu, lazynp_cross.cu) ------------------ */

/* The buffer's counters and flag (one device allocation, one memset per call). */
struct gn_saved_counters {
  int32_t count;         /* contexts saved by the current pass; the NLK's last CTA zeroes it */
  int32_t overflow;      /* a save found the buffer full (results discarded) */
  unsigned int nlk_done; /* NLK CTAs finished (self-resetting) */
};

/* The saved-context buffer, kept for the whole call (grown when a loop needs more room), in
 * device memory (gn_lazynp_prepare). */
struct gn_saved {
  int32_t *items;
  int64_t *begin;     /* first inner index still to run */
  int32_t capacity;
  gn_saved_counters *counters; /* device */
};

/* Called by every lane of a converged warp (has = false for lanes without an item): the item's
 * parent work, then a heavy item's context saved for the next-level kernel. */
template <class V, class S>
__device__ __forceinline__ void gn_lazynp_item(const V &v, bool has, int32_t i, const S &s,
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

template <class V, class S>
__global__ void gn_lazynp_parent_kernel(V v, gn_items items, S s, gn_saved saved,
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
template <class V, bool kWarp, class S>
__global__ void gn_lazynp_nlk_kernel(V v, S s, gn_saved saved,
                                     unsigned long long *edges_total) {
  int64_t count = *(volatile int32_t *)&saved.counters->count;
  if (count > saved.capacity) count = saved.capacity;
  gn_add_edges(edges_total, gn_lazynp_nlk<V, kWarp>(v, saved.items, saved.begin, count, s));
  gn_last_cta_resets(&saved.counters->nlk_done, &saved.counters->count, nullptr);
}

/* Room for max_items contexts; earlier, smaller buffers stay in the scratch until the call
 * ends. Device memory even in a hybrid's managed scratch: the host reads them only by copy
 * (lazynp-cpu), so they never migrate, and the counters every NLK CTA touches stay on the GPU. */
static inline gnest_status gn_lazynp_prepare(gn_engine &e, int64_t max_items) {
  gn_saved &saved = gn_backend_state<gn_saved>(e);
  if (max_items > INT32_MAX) max_items = INT32_MAX;
  if (!saved.counters) {
    GN_TRY(e.scratch->alloc_device(&saved.counters, 1, "lazynp saved-context counters"));
    GN_TRY(gn_memset(e.ctx, saved.counters, 0, sizeof *saved.counters));
  }
  if (saved.items && saved.capacity >= max_items) return GNEST_OK;
  GN_TRY(e.scratch->alloc_device(&saved.items, (size_t)max_items, "lazynp saved items"));
  GN_TRY(e.scratch->alloc_device(&saved.begin, (size_t)max_items, "lazynp saved contexts"));
  saved.capacity = (int32_t)max_items;
  return GNEST_OK;
}

static inline gnest_status gn_lazynp_finish(gn_engine &e) {
  const gn_saved &saved = gn_backend_state<gn_saved>(e);
  if (!saved.counters) return GNEST_OK;
  int32_t overflow = 0;
  GN_TRY(gn_to_host(e.ctx, &overflow, &saved.counters->overflow, sizeof overflow));
  if (!overflow) return GNEST_OK;
  return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0,
                  "the %s saved-context buffer overflowed (results discarded)",
                  gnest_backend_name(e.backend));
}

/* The parent kernel of a pass over items (heavy items' contexts saved), on the engine's stream. */
template <class V, class S>
static gnest_status gn_lazynp_parent(gn_engine &e, const V &v, const gn_items &items, const S &s) {
  const gn_opts &o = e.call->opts;
  auto parent = gn_lazynp_parent_kernel<V, S>;
  int grid = 0;
  GN_TRY(gn_pass_grid(e, parent, items, &grid));
  GN_KERNEL(e, grid, e.block, parent, v, items, s, gn_backend_state<gn_saved>(e), e.pass, e.edges,
            e.dynamic, o.threshold, o.wboost != 0);
  return GNEST_OK;
}

/* The next-level kernel over what the parent kernel saved, a CTA (or a warp) per context. */
template <class V, class S>
static gnest_status gn_lazynp_next_level(gn_engine &e, const V &v, const S &s) {
  auto nlk = e.call->opts.granularity == GN_GRAN_WARP ? gn_lazynp_nlk_kernel<V, true, S>
                                                         : gn_lazynp_nlk_kernel<V, false, S>;
  int grid = 0;
  GN_TRY(gn_resident_grid(e, nlk, 0, &grid));
  GN_KERNEL(e, grid, e.block, nlk, v, s, gn_backend_state<gn_saved>(e), e.edges);
  return GNEST_OK;
}

/* What the host-dispatched LazyNP backends' structs share: no fused loop, the saved-context
 * buffer sized before a loop and checked at the end. */
struct gn_lazynp_host_dispatched {
  static constexpr bool kFusedFrontier = false;
  static constexpr bool kFusedLevels = false;
  static gnest_status prepare(gn_engine &e, int64_t max_items) {
    return gn_lazynp_prepare(e, max_items);
  }
  static gnest_status finish(gn_engine &e) { return gn_lazynp_finish(e); }
};

#endif
