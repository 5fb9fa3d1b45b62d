/* Device pieces shared by the visitors of src/algos: the CSR inner range and a coherent load for
 * values other threads write during the same launch. Included by the visitor headers. */
#ifndef GNEST_ALGOS_VISIT_CUH
#define GNEST_ALGOS_VISIT_CUH

#include "cpu.h"
#include "engine.cuh"

/* Reads *p coherently (from L2, never a stale L1 line) for values that other threads of the same
 * launch write with atomics. A volatile load is a relaxed, morally strong load in the PTX memory
 * model, so it does not race with those atomics; unlike a libcu++ atomic_ref load it carries no
 * compiler memory barrier, so the inner loop's other loads still overlap with it. */
template <class T>
__device__ __forceinline__ T gn_load_now(T *p) {
  return *(volatile T *)p;
}

/* Inner range of a graph visitor: the out-arcs of vertex i. */
struct gn_out_arcs {
  const int64_t *offsets;
  const int32_t *cols;
  __device__ int64_t begin(int32_t i) const { return offsets[i]; }
  __device__ int64_t end(int32_t i) const { return offsets[i + 1]; }
};

#endif
