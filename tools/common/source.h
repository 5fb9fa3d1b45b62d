/* The default source vertex of gnest-cli and gnest-bench (../shared/BENCH.md's source rule). */
#ifndef GNEST_TOOLS_SOURCE_H
#define GNEST_TOOLS_SOURCE_H

#include <stdint.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The vertex of highest out-degree, lowest id on ties; 0 for a graph without vertices. Its
 * out-degree goes to *degree when degree is not NULL (0 without vertices). */
int32_t gn_default_source(const gnest_graph *g, int64_t *degree);

#ifdef __cplusplus
}
#endif
#endif
