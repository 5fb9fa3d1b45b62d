/* The predecessor step of gnest_bfs_pred and gnest_sssp_pred (pred.cu), run by their drivers
 * after the traversal, before gn_engine_close (so inside the call's timer), or after the CPU
 * reference on the host. Included by the drivers only. */
#ifndef GNEST_ALGOS_PRED_DRIVER_CUH
#define GNEST_ALGOS_PRED_DRIVER_CUH

#include "algos/algo.cuh"

/* BFS, from the device levels: *pred = a device array of the call's scratch (n entries). */
gnest_status gn_bfs_pred_on_device(gn_engine &e, const gn_device_graph *dg, const int32_t *level,
                                   int32_t **pred);
/* SSSP, from the device distances (as doubles; sssp.cu keeps their bits) and the weights the
 * relaxation read (NULL: unweighted): *pred as above. */
gnest_status gn_sssp_pred_on_device(gn_engine &e, const gn_device_graph *dg, const float *weights,
                                    int32_t source, const double *dist, int32_t **pred);
gnest_status gn_sssp_pred_on_device(gn_engine &e, const gn_device_graph *dg,
                                    const double *weights, int32_t source, const double *dist,
                                    int32_t **pred);
/* The host reference's step (gn_cpu_pred): BFS from levels, SSSP from dist (the other NULL). */
gnest_status gn_pred_on_host(gn_call *call, const gn_csr *g, int32_t source,
                             const int32_t *levels, const double *dist, int32_t *pred,
                             gn_cpu_counts *c);

#endif
