/* What an algorithm's visitor is written against (DESIGN.md section 3; contract in
 * src/sched/README.md): the loop kinds it declares, its step (the pass it runs in, the next work
 * list, the atomics it writes shared values with) and the device helpers visitors share. An
 * algorithm describes its loop nest with a *visitor*; a backend runs one pass of it; the engine
 * owns the loops around the passes (its driver side: sched/engine.cuh).
 *
 *   for each item i of a work list                 -- outer loop (pass)
 *       if (!v.pre(i, s)) continue
 *       for e in [v.begin(i), v.end(i))            -- inner loop, trip count highly irregular
 *           v.edge(i, e, s)
 *       v.post(i, s)
 *
 * Visitor contract (a trivially copyable struct passed by value to kernels; all members const):
 *   static constexpr bool kHasPost;                 false: post is never called (saves a barrier)
 *   static constexpr unsigned kLoops;               the entry points it is run with (GN_LOOP_*):
 *                                                   backends instantiate only those
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
 * Host-runnable visitors (src/sched/README.md, rule 6): kHostRunnable = true, the members
 * __host__ __device__ and templated on the step (template <class S> ... const S &s), every shared
 * write through s.cas / s.add / s.min / s.max / s.push; the hybrid backends (WHERE HYBRID) run
 * only those, on the host too. */
#ifndef GNEST_SCHED_VISITOR_CUH
#define GNEST_SCHED_VISITOR_CUH

#include <cooperative_groups.h>
#include <cstdint>
#include <cstring>

namespace cg = cooperative_groups;

/* The entry points a visitor is run with (V::kLoops). */
enum : unsigned {
  GN_LOOP_PASS = 1u,
  GN_LOOP_FRONTIER = 2u,
  GN_LOOP_LEVELS = 4u,
  GN_LOOP_RECURSIVE = 8u, /* gn_run_recursive: runs as a level schedule, deepest level first */
};

/* ---- device helpers shared by backends and algorithms ------------------------------------ */

/* The scope of the atomics a pass's visitor and pushes use on the GPU (rule 6 of
 * src/sched/README.md): DEVICE for every pass the GPU runs alone; SYSTEM for a GPU pass that host
 * threads run beside on the same managed memory (the hybrid backends), where only system-scope
 * atomics are atomic across the two sides. Chosen at compile time by the step type a backend
 * instantiates the visitor with (gn_step_t<kScope>). */
enum gn_scope : int { GN_SCOPE_DEVICE = 0, GN_SCOPE_SYSTEM = 1 };

/* Reserves one slot of a device list: one atomic per converged group of threads. */
template <int kScope = GN_SCOPE_DEVICE>
__device__ __forceinline__ int32_t gn_append_slot(int32_t *count) {
  cg::coalesced_group g = cg::coalesced_threads();
  int32_t base = 0;
  if (g.thread_rank() == 0) {
    if constexpr (kScope == GN_SCOPE_SYSTEM) base = atomicAdd_system(count, (int32_t)g.size());
    else base = atomicAdd(count, (int32_t)g.size());
  }
  return g.shfl(base, 0) + (int32_t)g.thread_rank();
}

/* body(i) for every i in [0, n), spread over the whole grid (grid-stride loop). */
template <class Body>
__device__ __forceinline__ void gn_for_each_index(int64_t n, Body body) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) body(i);
}

/* Host-side atomics of gn_step_t (GCC / Clang builtins, relaxed: the passes order nothing else
 * through them; a pass's end is a join or a stream synchronization). min / max / floating add
 * are compare-and-swap loops. */
template <class T>
inline T gn_host_cas(T *p, T expected, T desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected; /* the old value, as atomicCAS */
}
template <class T, class F>
inline T gn_host_update(T *p, F f) {
  T old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, f(old), false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return old;
}
inline double gn_host_add(double *p, double v) {
  uint64_t *bits = reinterpret_cast<uint64_t *>(p);
  uint64_t old = __atomic_load_n(bits, __ATOMIC_RELAXED), next;
  double o;
  do {
    memcpy(&o, &old, sizeof o);
    const double sum = o + v;
    memcpy(&next, &sum, sizeof next);
  } while (!__atomic_compare_exchange_n(bits, &old, next, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  return o;
}
template <class T>
inline T gn_host_add(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }

/* What a visitor sees of the pass it runs in: the level, the next work list, and the atomics it
 * writes shared values with. A visitor that runs on the host (kHostRunnable, rule 6 of
 * src/sched/README.md) takes its step as a template parameter and writes shared values only
 * through these members: on the GPU they are the device-scope atomics every device backend has
 * always used (kScope DEVICE) or system-scope ones (kScope SYSTEM: the GPU side of a pass that
 * host threads run beside); on the host, host atomics. Each returns the old value. */
template <int kScope>
struct gn_step_t {
  static constexpr int scope = kScope;
  int32_t level;
  int32_t *out_items;    /* next work list (NULL when the pass has none) */
  int32_t *out_count;    /* its length so far */
  int32_t out_capacity;
  int32_t *overflow;     /* raised when a push would exceed out_capacity */

  /* Appends item to the next work list (warp-aggregated on the GPU; on the host one atomic on
   * the same count, so both sides of a pass append to one list). */
  __host__ __device__ void push(int32_t item) const {
#ifdef __CUDA_ARCH__
    const int32_t at = gn_append_slot<kScope>(out_count);
#else
    const int32_t at = __atomic_fetch_add(out_count, 1, __ATOMIC_RELAXED);
#endif
    if (at < out_capacity) {
      out_items[at] = item;
    } else {
#ifdef __CUDA_ARCH__
      *overflow = 1;
#else
      __atomic_store_n(overflow, 1, __ATOMIC_RELAXED); /* host threads may all raise it at once */
#endif
    }
  }

  template <class T>
  __host__ __device__ static T cas(T *p, T expected, T desired) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicCAS_system(p, expected, desired);
    else return atomicCAS(p, expected, desired);
#else
    return gn_host_cas(p, expected, desired);
#endif
  }
  template <class T>
  __host__ __device__ static T add(T *p, T v) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicAdd_system(p, v);
    else return atomicAdd(p, v);
#else
    return gn_host_add(p, v);
#endif
  }
  template <class T>
  __host__ __device__ static T min(T *p, T v) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicMin_system(p, v);
    else return atomicMin(p, v);
#else
    return gn_host_update(p, [v](T o) { return v < o ? v : o; });
#endif
  }
  template <class T>
  __host__ __device__ static T max(T *p, T v) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicMax_system(p, v);
    else return atomicMax(p, v);
#else
    return gn_host_update(p, [v](T o) { return v > o ? v : o; });
#endif
  }
};
/* The step of every pass that runs on the GPU alone. */
typedef gn_step_t<GN_SCOPE_DEVICE> gn_step;

#endif
