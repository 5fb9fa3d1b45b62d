/* Fixtures of the CPU tests of src/core, src/sched and src/algos (fixtures.h). */
#include "fixtures.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

gnest_ctx *cpu_ctx(void) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.force_cpu = 1;
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_OK);
  cr_assert_not_null(ctx);
  return ctx;
}

gnest_graph *graph_of(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *src,
                      const int32_t *dst, const double *w, const gnest_load_options *o) {
  gnest_graph *g = NULL;
  gnest_status st = gnest_graph_from_edges(ctx, n, m, src, dst, w, o, &g);
  cr_assert_eq(st, GNEST_OK, "graph_from_edges: %s", gnest_last_error_string(ctx));
  return g;
}

/* Star: hub 0 linked both ways to 1..leaves. */
gnest_graph *star(gnest_ctx *ctx, int32_t leaves) {
  int32_t *s = malloc(sizeof(int32_t) * 2 * (size_t)leaves);
  int32_t *d = malloc(sizeof(int32_t) * 2 * (size_t)leaves);
  for (int32_t i = 0; i < leaves; ++i) {
    s[2 * i] = 0; d[2 * i] = i + 1;
    s[2 * i + 1] = i + 1; d[2 * i + 1] = 0;
  }
  gnest_graph *g = graph_of(ctx, leaves + 1, 2 * (int64_t)leaves, s, d, NULL, NULL);
  free(s);
  free(d);
  return g;
}

void assert_contains(const char *haystack, const char *needle) {
  cr_assert(strstr(haystack, needle) != NULL, "expected \"%s\" in \"%s\"", needle, haystack);
}
