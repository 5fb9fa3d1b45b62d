/* Pieces shared by the visitors of src/algos: the CSR inner range, a coherent load for values
 * other threads write during the same pass, and float bits. All of them run on the host too, for
 * the visitors that declare kHostRunnable (src/sched/README.md, rule 6). Included by the visitor
 * headers. */
#ifndef GNEST_ALGOS_VISIT_CUH
#define GNEST_ALGOS_VISIT_CUH

#include <cooperative_groups.h>

#include "cpu/cpu.h"
#include "sched/visitor.cuh"

/* Reads *p coherently (from L2, never a stale L1 line) for values that other threads of the same
 * launch write with atomics. A volatile load is a relaxed, morally strong load in the PTX memory
 * model, so it does not race with those atomics; unlike a libcu++ atomic_ref load it carries no
 * compiler memory barrier, so the inner loop's other loads still overlap with it. */
template <class T>
__host__ __device__ __forceinline__ T gn_load_now(T *p) {
  return *(volatile T *)p;
}

/* s.add(counter, 1) for the lanes that call it together, aggregated: the lanes of the coalesced
 * group that name the same counter take consecutive values with one atomic (a CTA or warp that
 * splits one row puts one atomic per warp on the row's counter instead of one per arc). Through
 * the step, so a hybrid pass's GPU side adds with its system-scope atomics; on the host, one
 * s.add per call. The values a lane gets are unordered, as with plain atomics. */
template <class S>
__host__ __device__ __forceinline__ int32_t gn_aggregated_increment(int32_t *counter, const S &s) {
#ifdef __CUDA_ARCH__
  namespace cg = cooperative_groups;
  const cg::coalesced_group together = cg::coalesced_threads();
  const cg::coalesced_group same = cg::labeled_partition(together, (unsigned long long)counter);
  int32_t base = 0;
  if (same.thread_rank() == 0) base = s.add(counter, (int32_t)same.num_threads());
  return same.shfl(base, 0) + (int32_t)same.thread_rank();
#else
  return s.add(counter, 1);
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

/* The bits of a double as an unsigned 64-bit integer and back. For non-negative doubles (and
 * +inf) the integers order as the doubles do, so an integer atomicMin is a double min. */
__host__ __device__ __forceinline__ unsigned long long gn_double_bits(double d) {
#ifdef __CUDA_ARCH__
  return (unsigned long long)__double_as_longlong(d);
#else
  unsigned long long bits;
  memcpy(&bits, &d, sizeof bits);
  return bits;
#endif
}
__host__ __device__ __forceinline__ double gn_bits_double(unsigned long long bits) {
#ifdef __CUDA_ARCH__
  return __longlong_as_double((long long)bits);
#else
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
#endif
}

#endif
