/* Pieces shared by the undirected algorithms (algos.def, GN_NEEDS_UNDIRECTED): the
 * undirected-input check, CUB device primitives run on the engine's stream with temporary storage
 * from the call's pool scratch. Included by the .cu files of src/algos only. */
#ifndef GNEST_ALGOS_PRIMS_CUH
#define GNEST_ALGOS_PRIMS_CUH

#include <cub/cub.cuh>
#include <cuda/std/functional>
#include "algos/algo.cuh"

/* The undirected algorithms read every edge from both ends: a directed graph is refused with a
 * hint. */
static inline gnest_status gn_need_undirected(gn_call *call, const gnest_graph *g,
                                              const char *what) {
  int symmetric = 0;
  GN_TRY(gnest_graph_is_symmetric(call->ctx, g, &symmetric));
  if (symmetric) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_INVALID_INPUT, call->fn, 0,
                  "%s needs an undirected graph (every arc with its reverse of equal weight): "
                  "load it with symmetrize",
                  what);
}

/* Runs one CUB device primitive: run(tmp, bytes) is called once to size the temporary storage
 * (tmp == NULL), then once to do the work. Counted as one launch. */
template <class Run>
gnest_status gn_cub(gn_engine &e, const char *what, Run run) {
  size_t bytes = 0;
  cudaError_t err = run(nullptr, bytes);
  if (err == cudaSuccess) {
    char *tmp = nullptr;
    GN_TRY(e.scratch->alloc(&tmp, bytes > 0 ? bytes : 1, what));
    err = run(tmp, bytes);
  }
  if (err != cudaSuccess) return gn_cuda_error(e.ctx, err, what, __FILE__, __LINE__);
  e.launches++;
  return GNEST_OK;
}

#endif
