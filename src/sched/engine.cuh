/* The nested-loop engine (DESIGN.md section 3). An algorithm describes its loop nest with a
 * *visitor*; a backend runs it. Algorithms include this header only; they never name a backend.
 *
 *   for each item i of a work list                 -- outer loop (pass)
 *       if (!v.pre(i, s)) continue
 *       for e in [v.begin(i), v.end(i))            -- inner loop, trip count highly irregular
 *           v.edge(i, e, s)
 *       v.post(i, s)
 *
 * Visitor contract (a trivially copyable struct passed by value to kernels; all members const):
 *   static constexpr bool kHasPost;                 false: post is never called (saves a barrier)
 *   __device__ int64_t begin(int32_t i) const;      inner range of item i
 *   __device__ int64_t end(int32_t i) const;
 *   __device__ bool pre(int32_t i, const gn_step &s) const;      false = skip edges and post
 *   __device__ void edge(int32_t i, int64_t e, const gn_step &s) const;
 *   __device__ void post(int32_t i, const gn_step &s) const;
 * Guarantees given by every backend:
 *   - pre(i) runs once per item per pass, before any edge(i, .), by the thread that then decides
 *     how i's inner loop is run; begin/end may be called any number of times by any thread.
 *   - edge(i, e) runs exactly once for every e of a pre-accepted item, possibly on many threads at
 *     once and in any order (including concurrently with other items' edges).
 *   - post(i) runs once after every edge(i, .) has completed, with their global writes visible.
 *   - Items of one pass run concurrently in any order. Work pushed with s.push() during pass l is
 *     the work list of pass l+1 (frontier loop). Nothing else is ordered: visitors use atomics for
 *     shared writes.
 *   - s.level is the pass / level index (0-based) of the frontier or level loop.
 */
#ifndef GNEST_ENGINE_CUH
#define GNEST_ENGINE_CUH

#include <cooperative_groups.h>
#include "device.cuh"
#include "run.h"

namespace cg = cooperative_groups;

/* What a visitor sees of the pass it runs in. */
struct gn_step {
  int32_t level;
  int32_t *out_items;    /* next work list (NULL when the pass has none) */
  int32_t *out_count;    /* its length so far */
  int32_t out_capacity;
  int32_t *overflow;     /* raised when a push would exceed out_capacity */

  /* Appends item to the next work list; warp-aggregated (one atomic per converged group). */
  __device__ void push(int32_t item) const {
    cg::coalesced_group g = cg::coalesced_threads();
    int32_t base = 0;
    if (g.thread_rank() == 0) base = atomicAdd(out_count, (int32_t)g.size());
    base = g.shfl(base, 0);
    int32_t at = base + (int32_t)g.thread_rank();
    if (at < out_capacity) out_items[at] = item;
    else *overflow = 1;
  }
};

/* A frontier (work list sequence) for gn_run_frontier. Level l's items: in history mode
 * items[sum counts[0..l-1] ...] (every level kept, in order, for a later backward pass); in swap
 * mode one of two halves of items, alternating. counts[l] is level l's length (device). */
struct gn_frontier {
  int32_t *items;
  int32_t capacity;    /* history: total over all levels; swap: per level */
  bool keep_history;
  int32_t *counts;     /* device [max_levels + 2], zeroed by gn_frontier_alloc */
  int32_t max_levels;
};

/* The state of one algorithm call's engine. */
struct gn_engine {
  gnest_ctx *ctx;
  gn_call *call;
  gn_scratch *scratch;
  cudaStream_t stream;
  gnest_backend backend;
  gnest_schedule schedule;
  int32_t block;          /* threads per block */
  int32_t threshold;      /* lazynp: trip count above which an item is saved for the NLK */
  int wboost;
  int sm_count;
  int64_t launches;       /* host launches made through the engine and by the algorithm */
  /* device scratch of the backends */
  unsigned int *sched;    /* [8] dynamic-scheduling counters, self-resetting */
  unsigned long long *edges; /* inner iterations counter */
  int32_t *flags;         /* [4]: [0] push overflow, [1] saved-list overflow */
  int32_t *saved_items;   /* lazynp: saved contexts (item) */
  int64_t *saved_begin;   /* lazynp: saved contexts (first inner index still to run) */
  int32_t *saved_count;
  int32_t saved_capacity;
};

/* Prepares the engine for call's resolved backend (allocates its scratch from the pool). */
gnest_status gn_engine_init(gn_engine *e, gn_call *call, gn_scratch *scratch);
/* Checks the overflow flags, copies launches / edges visited into the call. */
gnest_status gn_engine_finish(gn_engine *e);

gnest_status gn_frontier_alloc(gn_engine *e, gn_frontier *f, int32_t capacity, int32_t max_levels,
                               bool keep_history);
/* Sets level 0 to the given host items. */
gnest_status gn_frontier_seed(gn_engine *e, gn_frontier *f, const int32_t *items, int32_t count);
/* Copies counts[0..levels) to the host. */
gnest_status gn_frontier_counts(gn_engine *e, const gn_frontier *f, int32_t levels, int32_t *out);

/* Items of a single pass: the identity range [0, n) when list is NULL, else list[0 .. count)
 * where count is read from d_count on the device when non-NULL, or is n. */
struct gn_items {
  const int32_t *list;
  int32_t n;
  const int32_t *d_count;
};
static inline gn_items gn_all_items(int32_t n) { gn_items r = {nullptr, n, nullptr}; return r; }

/* Grid size for a simple element-wise kernel of the algorithm's own. */
static inline int gn_grid_for(int64_t n, int block) {
  int64_t g = (n + block - 1) / block;
  if (g < 1) g = 1;
  if (g > 65535LL * 32) g = 65535LL * 32;
  return (int)g;
}

/* Launches an algorithm's own (non-nested) kernel on the engine's stream, counted and checked. */
#define GN_KERNEL(e, grid, block, kernel, ...)                               \
  do {                                                                       \
    kernel<<<(grid), (block), 0, (e).stream>>>(__VA_ARGS__);                 \
    (e).launches++;                                                          \
    GN_LAUNCHED((e).ctx);                                                    \
  } while (0)

#include "flat.cuh"
#include "lazynp.cuh"

/* One pass over items. out (may be NULL) receives pushes; level is passed to the visitor. */
template <class V>
gnest_status gn_run_pass(gn_engine &e, const V &v, gn_items items, int32_t level,
                         int32_t *out_items, int32_t *out_count, int32_t out_capacity) {
  gn_step s = {level, out_items, out_count, out_capacity, e.flags};
  switch (e.backend) {
    case GNEST_BACKEND_FLAT: return gn_flat_pass(e, v, items, s);
    case GNEST_BACKEND_LAZYNP: return gn_lazynp_pass(e, v, items, s);
    default: return gn_error(e.ctx, GNEST_ERR_INTERNAL, "gn_run_pass", 0, "backend %d has no pass",
                             (int)e.backend);
  }
}

/* Runs passes from level 0 until a level pushes nothing (or max_levels). *levels = levels run. */
template <class V>
gnest_status gn_run_frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
  switch (e.backend) {
    case GNEST_BACKEND_FLAT: return gn_flat_frontier(e, v, f, levels);
    case GNEST_BACKEND_LAZYNP: return gn_lazynp_frontier(e, v, f, levels);
    default: return gn_error(e.ctx, GNEST_ERR_INTERNAL, "gn_run_frontier", 0,
                             "backend %d has no frontier loop", (int)e.backend);
  }
}

/* Fixed level schedule: level l is items[h_offsets[l] .. h_offsets[l+1]) (device items, host
 * offsets); levels run one after another, deepest first when reverse. */
template <class V>
gnest_status gn_run_levels(gn_engine &e, const V &v, const int32_t *items, const int64_t *h_offsets,
                           int32_t num_levels, bool reverse) {
  switch (e.backend) {
    case GNEST_BACKEND_FLAT: return gn_flat_levels(e, v, items, h_offsets, num_levels, reverse);
    case GNEST_BACKEND_LAZYNP: return gn_lazynp_levels(e, v, items, h_offsets, num_levels, reverse);
    default: return gn_error(e.ctx, GNEST_ERR_INTERNAL, "gn_run_levels", 0,
                             "backend %d has no level loop", (int)e.backend);
  }
}

#endif
