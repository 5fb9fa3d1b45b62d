/* Fixtures shared by the CPU tests of the library's layers (test_core.c, test_sched.c,
 * test_algos.c): a CPU context, small graphs, text checks. They fail the calling test with
 * Criterion's assertions. */
#ifndef GNEST_TESTS_FIXTURES_H
#define GNEST_TESTS_FIXTURES_H

#include <stdint.h>
#include "gnest.h"

/* A context on the CPU (force_cpu). */
gnest_ctx *cpu_ctx(void);
/* gnest_graph_from_edges with the load options o (NULL: defaults); asserts it succeeds. */
gnest_graph *graph_of(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *src,
                      const int32_t *dst, const double *w, const gnest_load_options *o);
/* Star: hub 0 linked both ways to 1..leaves. */
gnest_graph *star(gnest_ctx *ctx, int32_t leaves);
/* Asserts that needle occurs in haystack. */
void assert_contains(const char *haystack, const char *needle);

#endif
