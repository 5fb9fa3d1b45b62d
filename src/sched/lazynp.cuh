/* What the LazyNP backends share (Ozen thesis ch. 5): the parent pass's work on one item. Used by
 * lazynp.cu (next-level kernel dispatched from the host), lazynp_cta.cu and lazynp_warp.cu
 * (dispatched from the device, per CTA and per warp). The next-level kernel's loop is
 * gn_run_items (backend.cuh). */
#ifndef GNEST_LAZYNP_CUH
#define GNEST_LAZYNP_CUH

#include "backend.cuh"

/* One item of a parent pass, called by every lane of a converged warp (has = false for lanes
 * without an item): pre; an item of at most threshold inner iterations runs here, with its post.
 * A heavier one runs here only what w-boost gives it -- a warp is busy for as long as its
 * longest light item anyway, so with wboost the heavy lanes first run that many of their own
 * iterations -- and returns true with the first iteration still to run in *resume: the context
 * the caller saves for a next-level kernel, which runs the rest and the post. */
template <class V>
__device__ __forceinline__ bool gn_lazynp_split(const V &v, bool has, int32_t i, const gn_step &s,
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
template <class V, bool kWarp>
__device__ __forceinline__ unsigned long long gn_lazynp_nlk(const V &v, const int32_t *items,
                                                           const int64_t *begins, int64_t count,
                                                           const gn_step &s) {
  const int64_t unit = kWarp ? ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32 : blockIdx.x;
  const int64_t units = kWarp ? ((int64_t)gridDim.x * blockDim.x) / 32 : gridDim.x;
  return gn_run_items<V, kWarp>(v, items, begins, count, unit, units, s);
}

#endif
