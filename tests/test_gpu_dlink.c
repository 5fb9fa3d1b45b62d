/* Device-side launches (CUDA dynamic parallelism) through the library's own device link:
 * gnest_device_selftest runs a parent grid that launches a child grid, and a tail-launched grid
 * that checks the child's work. It links only when libgnest carries the device-link object of its
 * relocatable device code (DESIGN.md section 3), so this binary is also a link check.
 *   - with a device: GNEST_OK (skips, the device text as the reason, without one);
 *   - on a context created with force_cpu = 1: GNEST_ERR_NO_DEVICE, recorded in the context (runs
 *     everywhere). */
#include <criterion/criterion.h>

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
