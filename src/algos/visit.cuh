/* Small pieces shared by the graph algorithms of src/algos: the CSR inner range, a fill kernel,
 * a coherent load for values other threads write during the same launch, and the argument checks
 * and CPU-counter bookkeeping every public function repeats. Included by src/algos' .cu files. */
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

/* a[0..n) = value, except a[at] = at_value (at outside [0, n): no exception). */
template <class T>
__global__ void gn_fill_kernel(T *a, int32_t n, T value, int32_t at, T at_value) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += stride)
    a[v] = v == at ? at_value : value;
}

/* Frontier loops never run more levels than vertices + 1 (kept clear of int32 overflow). */
static inline int32_t gn_level_bound(int32_t n) {
  return n < INT32_MAX - 2 ? n + 1 : INT32_MAX - 2;
}

static inline gnest_status gn_need_output(gn_call *call, const void *out, const char *name) {
  if (out != NULL) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0, "%s is NULL", name);
}

static inline gnest_status gn_check_source(gn_call *call, const gnest_graph *g, int32_t source) {
  if (source >= 0 && source < g->csr.n) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_OUT_OF_RANGE, call->fn, 0,
                  "source %d is outside the graph's %d vertices", source, g->csr.n);
}

/* After a src/cpu reference: records its counters, or its failure (host memory only). */
static inline gnest_status gn_cpu_finish(gn_call *call, gnest_status st, const gn_cpu_counts &c) {
  if (st == GNEST_ERR_OUT_OF_MEMORY)
    return gn_error(call->ctx, st, call->fn, 0, "out of host memory for the CPU %s work arrays",
                    gn_algo_name(call->algo));
  if (st != GNEST_OK)
    return gn_error(call->ctx, st, call->fn, 0, "the CPU %s reference failed: %s",
                    gn_algo_name(call->algo), gnest_strerror(st));
  call->edges_visited = c.edges_visited;
  call->iterations = c.iterations;
  return GNEST_OK;
}

#endif
