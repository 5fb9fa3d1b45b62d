/* Degree statistics: the exact integer sums both the CPU and the device compute, and the one
 * function that turns them into gnest_degree_stats (so both paths give identical doubles). */
#ifndef GNEST_STATS_H
#define GNEST_STATS_H

#include <stdint.h>
#include "gnest.h"
#include "core/internal.h"
#include "io/io.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gn_degree_sums {
  int64_t n;
  uint64_t deg_sum;                 /* sum of out-degrees (= m) */
  uint64_t sq_lo, sq_hi;            /* sum of squared out-degrees, 128-bit (low, high word) */
  uint64_t max;                     /* largest out-degree */
  uint64_t v_above_32, e_above_32;  /* vertices with degree > 32, and their arcs */
  uint64_t v_above_1024, e_above_1024;
  uint64_t self_loops;
  uint64_t isolated;                /* vertices with out-degree 0 */
} gn_degree_sums;

/* Exact sums over a host CSR. */
void gn_degree_sums_cpu(const gn_csr *c, gn_degree_sums *out);
/* mean = m/n; variance = (n * sum d^2 - m^2) / n^2 with the numerator exact in 128 bits;
 * stddev = sqrt(variance); cv = stddev / mean (0 when mean is 0); shares over n and m (0 when
 * the denominator is 0). */
void gn_degree_stats_finish(const gn_degree_sums *s, gnest_degree_stats *out);
/* gnest_degree_stats of a host CSR (gn_degree_sums_cpu + gn_degree_stats_finish). */
void gn_degree_stats_cpu(const gn_csr *c, gnest_degree_stats *out);
/* The census of the n rows of offsets[n + 1] at threshold and chunk (internal.h). */
void gn_row_census_count(const int64_t *offsets, int32_t n, int32_t threshold, int32_t chunk,
                         gn_row_census *out);

#ifdef __cplusplus
}
#endif
#endif
