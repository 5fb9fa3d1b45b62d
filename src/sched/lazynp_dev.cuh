/* What the device-dispatched LazyNP backends share (lazynp_cta.cu, lazynp_warp.cu; Ozen thesis
 * ch. 5): the saved contexts live in the consolidation buffer of devloop.cuh (items in pool, the
 * first inner index still to run in pool_begin), and a CTA or warp of the parent pass launches
 * the Next-Level Kernel for the contexts it saved, from the device, with a launch ticket; refused
 * one, it runs them itself. Included by those two files only (relocatable device code). */
#ifndef GNEST_LAZYNP_DEV_CUH
#define GNEST_LAZYNP_DEV_CUH

#include "sched/devloop.cuh"
#include "sched/lazynp.cuh"

/* The Next-Level Kernel over the contexts pool[at .. at + n): a CTA each, or a warp each. */
template <class V, bool kWarp>
__global__ void gn_lazynp_dev_nlk(V v, int32_t at, int32_t n, gn_step s, gn_dp_call c) {
  gn_add_edges(c.edges, gn_lazynp_nlk<V, kWarp>(v, c.pool + at, c.pool_begin + at, n, s));
}

/* Launches the NLK for the contexts pool[at .. at + n) (one thread). False when the pass has no
 * launch ticket left or the launch failed (recorded): the caller then runs them itself. */
template <class V>
__device__ __forceinline__ bool gn_lazynp_dispatch(const V &v, int32_t at, int32_t n,
                                                   const gn_step &s, const gn_dp_call &c) {
  if (n <= 0) return true;
  if (!gn_dp_ticket(c)) return false;
  __threadfence(); /* the contexts the other threads saved, and their pre work, reach the NLK */
  if (c.nlk_warp)
    return GN_TICKET_LAUNCH(c,
                            (unsigned)(((int64_t)n * 32 + c.block - 1) / c.block), c.block,
                            (gn_lazynp_dev_nlk<V, true>), v, at, n, s, c);
  return GN_TICKET_LAUNCH(c, (unsigned)n, c.block,
                          (gn_lazynp_dev_nlk<V, false>), v, at, n, s, c);
}

/* The contexts pool[at .. at + n) run by the calling warp itself (a warp each, one after another).
 * Called by every lane; returns the lane's count of inner iterations. */
template <class V>
__device__ __forceinline__ unsigned long long gn_lazynp_run_here(const V &v, int32_t at, int32_t n,
                                                                const gn_step &s,
                                                                const gn_dp_call &c) {
  return gn_run_items<V, true>(v, c.pool + at, c.pool_begin + at, n, 0, 1, s);
}

/* The struct members both backends have: pending launches, unused KC, prepare. */
#define GN_LAZYNP_DEV_MEMBERS                                                       \
  static constexpr int32_t kPendingPerHeavy = 1; /* one NLK per heavy item at most */ \
  static constexpr int32_t kDefaultKc = 1;       /* unused: no consolidation */       \
  static gnest_status prepare_own(gn_engine &e, int64_t max_items) {                \
    return gn_dp_prepare_contexts(e, max_items);                                    \
  }

#endif
