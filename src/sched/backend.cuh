/* What a backend's file (src/sched/<name>.cu) builds on: the engine, every visitor type, the
 * scheduling pieces backends share, and GN_BACKEND_OPS, which instantiates a backend for every
 * visitor. Included by backend files only (never by algorithms). */
#ifndef GNEST_BACKEND_CUH
#define GNEST_BACKEND_CUH

#include <type_traits>

#include "sched/engine_impl.cuh"
#include "algos/visitors.cuh"

/* Adds a thread's inner-iteration count to the call's total: one atomic per warp. Must be called
 * by all lanes of a converged warp. */
__device__ __forceinline__ void gn_add_edges(unsigned long long *total, unsigned long long mine) {
  for (int off = 16; off > 0; off >>= 1) mine += __shfl_down_sync(0xffffffffu, mine, off);
  if ((threadIdx.x & 31) == 0 && mine) atomicAdd(total, mine);
}

/* An accepted item's whole inner loop [b, en) and its post work in the calling thread (flat's
 * mapping; the light items of the nesting backends). Adds the iterations to edges. */
template <class V, class S>
__device__ __forceinline__ void gn_serial_item(const V &v, int32_t i, int64_t b, int64_t en,
                                               const S &s, unsigned long long &edges) {
  for (int64_t e = b; e < en; ++e) v.edge(i, e, s);
  edges += (unsigned long long)(en - b);
  if constexpr (V::kHasPost) v.post(i, s);
}

/* Block-uniform loop over positions [0, count): body(k, has) is called by every thread of the CTA
 * the same number of times (has = false past the end), so bodies may use warp collectives and
 * __syncthreads. Dynamic: CTAs take chunks of blockDim positions from *counter (Ozen ch. 6);
 * static: position k goes to thread k mod (grid threads). With lane_shift > 0, 2^lane_shift
 * consecutive threads share each position (flat's lanes per item): a chunk is then blockDim /
 * 2^lane_shift positions. */
template <class Body>
__device__ __forceinline__ void gn_chunk_loop(int64_t count, unsigned int *counter, bool dynamic,
                                              Body body, int lane_shift = 0) {
  const int64_t per_cta = blockDim.x >> lane_shift;
  const int64_t mine = threadIdx.x >> lane_shift;
  if (dynamic) {
    __shared__ unsigned int chunk;
    for (;;) {
      if (threadIdx.x == 0) chunk = atomicAdd(counter, 1u);
      __syncthreads();
      const int64_t start = (int64_t)chunk * per_cta;
      __syncthreads(); /* everyone has read chunk before thread 0 overwrites it */
      if (start >= count) break;
      body(start + mine, start + mine < count);
    }
  } else {
    const int64_t stride = (int64_t)gridDim.x * per_cta;
    for (int64_t start = (int64_t)blockIdx.x * per_cta; start < count; start += stride)
      body(start + mine, start + mine < count);
  }
}

/* Self-resetting counters: the last CTA of a launch to get here zeroes *reset_i32 / *reset_u32
 * and *done, so the next launch finds them clean without a host memset. Call once per CTA, at
 * its very end. */
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

/* A grid-wide barrier for a cooperative kernel where most CTAs wait long while one CTA works
 * (levelsched's one-CTA segments, flat's one-CTA stretches of small frontier levels). quiet:
 * device [2], zero at first (arrivals, self-resetting; generation, only grows). Cooperative
 * groups' grid.sync() waits with acquire loads, each of which invalidates its SM's L1
 * (CCTL.IVALL): CTAs sharing the working CTA's SM wiped its L1 all the time, so the working
 * CTA's reads went to L2 (ncu on the H200, levelsched on a 20,000-step chain: 4.3 million
 * CCTL.IVALL executed by the waiting CTAs, L1 hit rate 3.7 %). Here a CTA's thread 0 arrives with
 * a release (fence, then an atomic) and waits with relaxed loads and a growing sleep, which keep
 * the L1, then one acquire fence. The last arrival zeroes the count before announcing the next
 * generation, so no CTA can arrive at the next barrier before the count is reset. Called by
 * every thread of every CTA. */
__device__ inline void gn_quiet_sync(unsigned int *quiet) {
  __syncthreads();
  if (threadIdx.x == 0) {
    volatile unsigned int *generation = &quiet[1];
    const unsigned int mine = *generation;
    __threadfence();
    if (atomicAdd(&quiet[0], 1u) == gridDim.x - 1) {
      atomicExch(&quiet[0], 0u);
      __threadfence();
      atomicAdd(&quiet[1], 1u);
    } else {
      unsigned int ns = 32;
      while (*generation == mine) {
        __nanosleep(ns);
        if (ns < 2048) ns *= 2;
      }
    }
    __threadfence();
  }
  __syncthreads();
}

/* The end of a single pass kernel: the call's edge count, and the pass counters reset for the
 * next pass by the last CTA (dynamic scheduling only uses them). */
__device__ __forceinline__ void gn_pass_end(gn_pass_counters *pass, unsigned long long *edges_total,
                                            unsigned long long edges, bool dynamic) {
  gn_add_edges(edges_total, edges);
  if (dynamic) gn_last_cta_resets(&pass->done, nullptr, &pass->chunk);
}

/* Items items[k] for k = unit, unit + units, ... < count, each run by a group of threads -- a
 * warp (kWarp) or the whole CTA -- striding over its inner loop from begins[k] (v.begin(i) when
 * begins is NULL), then its post work after the group's barrier. What a next-level kernel, a
 * consolidated child block or a CTA or warp that runs buffered items itself does. Called by
 * every thread of the group; returns the inner iterations run, counted by the group's first
 * thread. */
template <class V, bool kWarp, class S>
__device__ __forceinline__ unsigned long long gn_run_items(const V &v, const int32_t *items,
                                                          const int64_t *begins, int64_t count,
                                                          int64_t unit, int64_t units,
                                                          const S &s) {
  const int lane = kWarp ? (int)(threadIdx.x & 31) : (int)threadIdx.x;
  const int width = kWarp ? 32 : (int)blockDim.x;
  unsigned long long edges = 0;
  for (int64_t k = unit; k < count; k += units) {
    const int32_t i = items[k];
    const int64_t b = begins ? begins[k] : v.begin(i), en = v.end(i);
    for (int64_t e = b + lane; e < en; e += width) v.edge(i, e, s);
    if (lane == 0) edges += (unsigned long long)(en - b);
    if constexpr (V::kHasPost) {
      if (kWarp) __syncwarp(); else __syncthreads(); /* all edges of i done and visible */
      if (lane == 0) v.post(i, s);
    }
  }
  return edges;
}

/* Resident grid for a single pass over items (throttled to the list's size when it is known on
 * the host). */
template <class K>
gnest_status gn_pass_grid(gn_engine &e, K kernel, const gn_items &items, int *grid) {
  return gn_resident_grid(e, kernel, items.d_count ? 0 : items.n, grid);
}

/* ---- instantiation ------------------------------------------------------------------------ */

/* A backend is a struct B with
 *   static constexpr bool kFusedFrontier, kFusedLevels;     it has fused device-side loops
 *   template <class V> static gnest_status pass(gn_engine &, const V &, const gn_items &,
 *                                               const gn_step &);
 *   template <class V> static gnest_status frontier(gn_engine &, const V &, gn_frontier &,
 *                                                   int32_t *levels);      (kFusedFrontier)
 *   template <class V> static gnest_status levels(gn_engine &, const V &, const gn_schedule &);
 *                                                                          (kFusedLevels)
 *   static gnest_status prepare(gn_engine &, int64_t max_items);  (nullptr_t member if none)
 *   static gnest_status finish(gn_engine &);                       (idem)
 *   static gnest_status check(gn_engine &);                        (optional: gn_engine_check)
 * Only the entry points a visitor is run with (V::kLoops) are instantiated: a pass is needed
 * for kLoops' passes and for every loop the backend does not fuse (the engine's host loop runs
 * passes). */
template <class V>
constexpr bool gn_has_levels() {
  return (V::kLoops & (GN_LOOP_LEVELS | GN_LOOP_RECURSIVE)) != 0; /* recursion runs as levels */
}
template <class V, class B>
constexpr bool gn_needs_pass() {
  return (V::kLoops & GN_LOOP_PASS) || ((V::kLoops & GN_LOOP_FRONTIER) && !B::kFusedFrontier) ||
         (gn_has_levels<V>() && !B::kFusedLevels);
}

template <class V, class B>
gnest_status gn_erased_pass(gn_engine &e, const void *v, const gn_items &items, const gn_step &s) {
  return B::pass(e, *static_cast<const V *>(v), items, s);
}
template <class V, class B>
gnest_status gn_erased_frontier(gn_engine &e, const void *v, gn_frontier &f, int32_t *levels) {
  return B::frontier(e, *static_cast<const V *>(v), f, levels);
}
template <class V, class B>
gnest_status gn_erased_levels(gn_engine &e, const void *v, const gn_schedule &sched) {
  return B::levels(e, *static_cast<const V *>(v), sched);
}

/* Whether backend B has a check (gn_ops::check). */
template <class B, class = void>
struct gn_has_check : std::false_type {};
template <class B>
struct gn_has_check<B, std::void_t<decltype(&B::check)>> : std::true_type {};

/* Backend B's entries that do not depend on the visitor: prepare, finish, check. */
template <class B>
gn_ops gn_make_common_ops() {
  gn_ops o = {nullptr, nullptr, nullptr, B::prepare, B::finish, nullptr};
  if constexpr (gn_has_check<B>::value) o.check = B::check;
  return o;
}

template <class V, class B>
gn_ops gn_make_ops() {
  gn_ops o = gn_make_common_ops<B>();
  if constexpr (gn_needs_pass<V, B>()) o.pass = gn_erased_pass<V, B>;
  if constexpr ((V::kLoops & GN_LOOP_FRONTIER) && B::kFusedFrontier)
    o.frontier = gn_erased_frontier<V, B>;
  if constexpr (gn_has_levels<V>() && B::kFusedLevels) o.levels = gn_erased_levels<V, B>;
  return o;
}

/* Defines gn_ops_<ID><V>() and gn_common_ops_<ID>() (declared by engine.cuh from backends.def)
 * for backend struct B, and instantiates the first for every visitor. One line at the end of a
 * backend's file. Its empty kernel is the file's gn_ops::code: a kernel of this file only. */
#define GN_INSTANTIATE_OPS(ID, V) template gn_ops gn_ops_##ID<V>();
#define GN_BACKEND_OPS(ID, B)                                \
  template <class V>                                         \
  gn_ops gn_ops_##ID() {                                     \
    return gn_make_ops<V, B>();                              \
  }                                                          \
  static __global__ void gn_code_of_##ID() {}                \
  gn_ops gn_common_ops_##ID() {                              \
    gn_ops o = gn_make_common_ops<B>();                      \
    o.code = reinterpret_cast<const void *>(gn_code_of_##ID); \
    return o;                                                \
  }                                                          \
  GN_FOR_EACH_VISITOR(GN_INSTANTIATE_OPS, ID)

#endif
