/* What the drivers of the component algorithms (cc.cu, scc.cu) share. */
#ifndef GNEST_ALGOS_COMPONENTS_H
#define GNEST_ALGOS_COMPONENTS_H

#include "sched/run.h"

/* *num_components (when not NULL) = the labels' components, and a guard: every label names a
 * vertex of a smaller or equal id that labels itself (a device path gives anything else only
 * through a bug): GNEST_ERR_INTERNAL naming the vertex and the backend. */
gnest_status gn_count_components(gn_call *call, const int32_t *labels, int32_t n,
                                 int32_t *num_components);

#endif
