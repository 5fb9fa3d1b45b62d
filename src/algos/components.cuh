/* What the drivers of the component algorithms (cc.cu, scc.cu) share. */
#ifndef GNEST_ALGOS_COMPONENTS_CUH
#define GNEST_ALGOS_COMPONENTS_CUH

#include "algos/algo.cuh"

/* *num_components (when not NULL) = the labels' components, and a guard: every label names a
 * vertex of a smaller or equal id that labels itself (a device path gives anything else only
 * through a bug): GNEST_ERR_INTERNAL naming the vertex and the backend. */
gnest_status gn_count_components(gn_call *call, const int32_t *labels, int32_t n,
                                 int32_t *num_components);

/* A component algorithm's public call (gnest_cc, gnest_scc): on the host its CPU reference, on a
 * device on_device (the labels of a graph of at least one vertex into the caller's array, then
 * checked and counted by gn_count_components); num_components may be NULL either way. */
typedef gnest_status gn_cpu_components_fn(const gn_csr *g, int32_t *label, int32_t *num_components,
                                          gn_cpu_counts *c);
typedef gnest_status gn_device_components_fn(gn_engine &e, const gnest_graph *g,
                                             const gn_device_graph *dg, int32_t *labels_out);
gnest_status gn_components_call(gnest_ctx *ctx, gnest_algorithm algorithm, const char *fn,
                                const gnest_graph *g, int32_t *labels, int32_t *num_components,
                                const gnest_options *opts, gnest_info *info,
                                gn_cpu_components_fn *on_host, gn_device_components_fn *on_device);

#endif
