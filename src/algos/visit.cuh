/* Pieces shared by the visitors of src/algos: the CSR inner range, a coherent load for values
 * other threads write during the same pass, a warp-combined counter increment, and float bits.
 * All of them run on the host too, for the visitors that declare kHostRunnable
 * (src/sched/README.md, rule 6). Included by the visitor headers. */
#ifndef GNEST_ALGOS_VISIT_CUH
#define GNEST_ALGOS_VISIT_CUH

#include "cpu.h"
#include "engine.cuh"

/* Reads *p coherently (from L2, never a stale L1 line) for values that other threads of the same
 * launch write with atomics. A volatile load is a relaxed, morally strong load in the PTX memory
 * model, so it does not race with those atomics; unlike a libcu++ atomic_ref load it carries no
 * compiler memory barrier, so the inner loop's other loads still overlap with it. */
template <class T>
__host__ __device__ __forceinline__ T gn_load_now(T *p) {
  return *(volatile T *)p;
}

/* Adds 1 to *p through the step. On the GPU the lanes of a warp that add to the same address at
 * the same time combine first and one of them adds their number: a counter that a whole warp
 * hits at once (a hub's count while a CTA strides over its list, a total) then takes one atomic
 * a warp instead of one a lane, which is what serializes at the memory when thousands of
 * threads count into one address. Lanes adding to different addresses each add their own. */
template <class S, class T>
__host__ __device__ __forceinline__ void gn_add_one(const S &s, T *p) {
#ifdef __CUDA_ARCH__
  const cg::coalesced_group g = cg::coalesced_threads();
  const unsigned peers = g.match_any((unsigned long long)p); /* ranks in g that share p */
  if (g.thread_rank() == (unsigned)(__ffs(peers) - 1)) s.add(p, (T)__popc(peers));
#else
  s.add(p, (T)1);
#endif
}

/* Inner range of a graph visitor: the out-arcs of vertex i. */
struct gn_out_arcs {
  const int64_t *offsets;
  const int32_t *cols;
  __host__ __device__ int64_t begin(int32_t i) const { return offsets[i]; }
  __host__ __device__ int64_t end(int32_t i) const { return offsets[i + 1]; }
};

/* The bits of a float as an int and back (__float_as_int / __int_as_float on either side). */
__host__ __device__ __forceinline__ int32_t gn_float_bits(float f) {
#ifdef __CUDA_ARCH__
  return __float_as_int(f);
#else
  int32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return bits;
#endif
}
__host__ __device__ __forceinline__ float gn_bits_float(int32_t bits) {
#ifdef __CUDA_ARCH__
  return __int_as_float(bits);
#else
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
#endif
}

#endif
