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
  int64_t *level_offsets;  /* flat: device copy of a level schedule's offsets (grow-only) */
  int32_t level_offsets_capacity;
};

/* Prepares the engine for call's resolved backend (allocates its scratch from the pool). */
gnest_status gn_engine_init(gn_engine *e, gn_call *call, gn_scratch *scratch);
/* Checks the overflow flags, copies launches / edges visited into the call. */
gnest_status gn_engine_finish(gn_engine *e);

gnest_status gn_frontier_alloc(gn_engine *e, gn_frontier *f, int32_t capacity, int32_t max_levels,
                               bool keep_history);
/* Sets level 0 to the given host items. */
gnest_status gn_frontier_seed(gn_engine *e, gn_frontier *f, const int32_t *items, int32_t count);
/* Device copy of a level schedule's num_levels + 1 offsets, in a buffer reused across calls of
 * the same engine (grown when needed). */
gnest_status gn_engine_level_offsets(gn_engine *e, const int64_t *h_offsets, int32_t num_levels,
                                     int64_t **d_offsets);
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

/* ---- helpers shared by the backends ---------------------------------------------------- */

__device__ __forceinline__ int32_t gn_item_at(const gn_items &items, int64_t k) {
  return items.list ? items.list[k] : (int32_t)k;
}
/* A device-side count above the list's capacity (items.n) means pushes overflowed (flagged and
 * turned into a status by gn_engine_finish): only the stored items are read. */
__device__ __forceinline__ int32_t gn_items_count(const gn_items &items) {
  if (!items.d_count) return items.n;
  const int32_t c = *(volatile const int32_t *)items.d_count;
  return c < items.n ? c : items.n;
}
/* Adds a thread's inner-iteration count to the call's total: one atomic per warp. Must be called
 * by all lanes of a converged warp. */
__device__ __forceinline__ void gn_add_edges(unsigned long long *total, unsigned long long mine) {
  for (int off = 16; off > 0; off >>= 1) mine += __shfl_down_sync(0xffffffffu, mine, off);
  if ((threadIdx.x & 31) == 0 && mine) atomicAdd(total, mine);
}

/* Block-uniform loop over positions [0, count): body(k, has) is called by every thread of the CTA
 * the same number of times (has = false past the end), so bodies may use warp collectives and
 * __syncthreads. Dynamic: CTAs take chunks of blockDim positions from *counter (Ozen ch. 6);
 * static: position k goes to thread k mod (grid threads). */
template <class Body>
__device__ __forceinline__ void gn_chunk_loop(int64_t count, unsigned int *counter, bool dynamic,
                                              Body body) {
  if (dynamic) {
    __shared__ unsigned int chunk;
    for (;;) {
      if (threadIdx.x == 0) chunk = atomicAdd(counter, 1u);
      __syncthreads();
      const int64_t start = (int64_t)chunk * blockDim.x;
      __syncthreads(); /* everyone has read chunk before thread 0 overwrites it */
      if (start >= count) break;
      body(start + threadIdx.x, start + threadIdx.x < count);
    }
  } else {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t start = (int64_t)blockIdx.x * blockDim.x; start < count; start += stride)
      body(start + threadIdx.x, start + threadIdx.x < count);
  }
}

/* Self-resetting counters: the last CTA of a launch to get here zeroes *reset and *done, so the
 * next launch finds them clean without a host memset. Call once per CTA, at its very end. */
__device__ __forceinline__ void gn_last_cta_resets(unsigned int *done, int32_t *reset_i32,
                                                   unsigned int *reset_u32) {
  if (threadIdx.x != 0) return;
  __threadfence();
  if (atomicAdd(done, 1u) == gridDim.x - 1) {
    if (reset_i32) *reset_i32 = 0;
    if (reset_u32) *reset_u32 = 0;
    *done = 0;
    __threadfence();
  }
}

/* Slots of e.sched (unsigned int [8]): */
enum {
  GN_SCHED_PASS_CHUNK = 0, /* single-pass chunk counter */
  GN_SCHED_PASS_DONE = 1,  /* single-pass finished CTAs */
  GN_SCHED_LEVEL0 = 2,     /* 2, 3, 4: rotating chunk counters of persistent level loops */
  GN_SCHED_NLK_DONE = 5    /* lazynp next-level kernel finished CTAs */
};

/* CTA throttling (Ozen ch. 6): as many CTAs as the device holds at once for this kernel, from the
 * occupancy API; never more than `needed` (0 = unknown). */
template <class K>
gnest_status gn_resident_grid(gn_engine &e, K kernel, int64_t needed, int *grid) {
  int per_sm = 0;
  GN_CUDA(e.ctx, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, e.block, 0));
  if (per_sm < 1)
    return gn_error(e.ctx, GNEST_ERR_CUDA, "gn_resident_grid", 0,
                    "kernel cannot run with %d threads per block (registers/shared memory)",
                    e.block);
  int64_t g = (int64_t)per_sm * e.sm_count;
  if (needed > 0) {
    int64_t want = (needed + e.block - 1) / e.block;
    if (want < g) g = want;
  }
  *grid = (int)(g < 1 ? 1 : g);
  return GNEST_OK;
}

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
