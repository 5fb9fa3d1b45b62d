/* Device-side launches (CUDA dynamic parallelism) through the library's own device link:
 * gnest_device_selftest runs a parent grid that launches a child grid, and a tail-launched grid
 * that checks the child's work. It links only when libgnest carries the device-link object of its
 * relocatable device code (DESIGN.md section 3), so this binary is also a link check.
 *   - with a device: GNEST_OK (skips, the device text as the reason, without one);
 *   - on a context created with force_cpu = 1: GNEST_ERR_NO_DEVICE, recorded in the context (runs
 *     everywhere). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "gnest.h"

Test(gpu_dlink, selftest_launches_from_the_device) {
  gnest_ctx *ctx = bm_device_ctx();
  for (int round = 0; round < 2; round++) { /* the second run finds the device set up */
    gnest_status st = gnest_device_selftest(ctx);
    cr_assert_eq(st, GNEST_OK, "gnest_device_selftest on %s, run %d: '%s' (%s)",
                 gnest_ctx_device_name(ctx), round + 1, gnest_strerror(st),
                 gnest_last_error_string(ctx));
  }
  /* The context still runs ordinary work afterwards (auto picks a backend for the device). */
  const int32_t src[] = {0, 1, 2}, dst[] = {1, 2, 3};
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, 4, 3, src, dst, NULL, NULL, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  int32_t levels[4] = {-9, -9, -9, -9};
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, NULL, NULL), GNEST_OK, "bfs after the selftest: %s",
               gnest_last_error_string(ctx));
  for (int v = 0; v < 4; v++) cr_assert_eq(levels[v], v, "bfs after the selftest: vertex %d", v);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(gpu_dlink, selftest_without_a_device) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.force_cpu = 1;
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_OK);
  cr_assert_eq(gnest_ctx_has_device(ctx), 0);
  gnest_status st = gnest_device_selftest(ctx);
  cr_assert_eq(st, GNEST_ERR_NO_DEVICE, "gnest_device_selftest on a force_cpu context: '%s'",
               gnest_strerror(st));
  cr_assert_eq(gnest_last_error(ctx)->status, GNEST_ERR_NO_DEVICE, "not recorded in the context");
  cr_assert_neq(gnest_last_error(ctx)->message[0], '\0', "no message");
  gnest_ctx_free(ctx);
}

/* A graph whose every vertex has out-degree 16: with threshold 4 each one is a heavy item. */
static gnest_graph *heavy_ring(gnest_ctx *ctx, int32_t n) {
  enum { kDegree = 16 };
  int32_t *src = malloc(sizeof(int32_t) * (size_t)n * kDegree);
  int32_t *dst = malloc(sizeof(int32_t) * (size_t)n * kDegree);
  cr_assert(src && dst);
  for (int32_t v = 0; v < n; v++)
    for (int32_t k = 0; k < kDegree; k++) {
      src[(size_t)v * kDegree + k] = v;
      dst[(size_t)v * kDegree + k] = (int32_t)(((int64_t)v * 7 + k * 131 + 1) % n);
    }
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, n, (int64_t)n * kDegree, src, dst, NULL, NULL, &g),
               GNEST_OK, "%s", gnest_last_error_string(ctx));
  free(src);
  free(dst);
  return g;
}

/* A pending-launch pool far too small for the launches (the device's smallest, 32, when 1 is
 * asked): every device-launching backend that launches per heavy item must report
 * GNEST_ERR_LAUNCH_LIMIT (never a result computed with children missing) and leave the caller's
 * output untouched; cdp-grid has at most three launches pending at any time (driver, parent, its
 * one consolidated child), so the smallest pool is enough for it and it must succeed. The next
 * call with the computed pool must be right for all of them. */
Test(gpu_dlink, launch_limit_overflow_is_a_status) {
  gnest_ctx *ctx = bm_device_ctx();
  const int32_t n = 4096;
  gnest_graph *g = heavy_ring(ctx, n);
  int32_t *want = malloc(sizeof(int32_t) * n), *got = malloc(sizeof(int32_t) * n);
  cr_assert(want && got);
  gnest_options cpu;
  gnest_options_init(&cpu);
  cpu.backend = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_bfs(ctx, g, 0, want, &cpu, NULL), GNEST_OK);
  int tested = 0;
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    gnest_backend_desc d;
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK);
    if (!d.device_launches || gnest_backend_available(ctx, (gnest_backend)b) != GNEST_OK) continue;
    gnest_options o;
    gnest_options_init(&o);
    o.backend = (gnest_backend)b;
    o.threshold = 4;
    o.kc = 1;
    o.block_size = 32; /* cdp-block: a child grid per 32-item chunk */
    o.launch_limit = 1;
    for (int32_t v = 0; v < n; v++) got[v] = -7;
    const int per_pass = strcmp(d.name, "cdp-grid") == 0;
    gnest_status st = gnest_bfs(ctx, g, 0, got, &o, NULL);
    if (per_pass) {
      cr_expect_eq(st, GNEST_OK, "%s with the smallest pool: '%s' (%s)", d.name,
                   gnest_strerror(st), gnest_last_error_string(ctx));
    } else {
      cr_expect_eq(st, GNEST_ERR_LAUNCH_LIMIT, "%s with a pool of 1: '%s'", d.name,
                   gnest_strerror(st));
      cr_expect(strstr(gnest_last_error_string(ctx), "pending-launch pool") != NULL,
                "%s: message '%s'", d.name, gnest_last_error_string(ctx));
      for (int32_t v = 0; v < n; v++)
        if (got[v] != -7) {
          cr_expect(0, "%s: output written on failure (vertex %d)", d.name, v);
          break;
        }
    }
    o.launch_limit = 0;
    gnest_info info;
    st = gnest_bfs(ctx, g, 0, got, &o, &info);
    cr_expect_eq(st, GNEST_OK, "%s with the computed pool: %s", d.name,
                 gnest_last_error_string(ctx));
    cr_expect_gt(info.device_launches, 0, "%s made no device-side launch", d.name);
    for (int32_t v = 0; v < n; v++)
      if (got[v] != want[v]) {
        cr_expect(0, "%s: level[%d] = %d, cpu %d", d.name, v, got[v], want[v]);
        break;
      }
    tested++;
  }
  cr_expect_geq(tested, 5, "only %d device-launching backends were tested", tested);
  free(want);
  free(got);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}
