/* Device-side launches (CUDA dynamic parallelism) through the library's own device link:
 * gnest_device_selftest runs a parent grid that launches a child grid, and a tail-launched grid
 * that checks the child's work. It links only when libgnest carries the device-link object of its
 * relocatable device code (DESIGN.md section 3), so this binary is also a link check.
 *   - with a device: GNEST_OK (skips, the device text as the reason, without one);
 *   - on a context created with force_cpu = 1: GNEST_ERR_NO_DEVICE, recorded in the context (runs
 *     everywhere). */
#include <criterion/criterion.h>
#include <stdio.h>
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

/* The option words each device-launching backend is run with under the smallest pool: the
 * backends that take launch tickets (devloop.cuh) in each of their launch shapes. */
static const char *const *tiny_pool_configs(const char *name) {
  static const char *const agg[] = {"granularity=none", "granularity=warp", "granularity=block",
                                    "granularity=multi-block group_size=2", "granularity=grid",
                                    "granularity=block agg_threshold=1000", NULL};
  static const char *const lazynp_dev[] = {"default", "granularity=warp wboost=1", NULL};
  static const char *const others[] = {"default", NULL};
  if (strcmp(name, "agg") == 0) return agg;
  if (strcmp(name, "lazynp-cta") == 0 || strcmp(name, "lazynp-warp") == 0) return lazynp_dev;
  return others;
}

/* Backends that must succeed under the smallest pool: cdp-grid has at most three launches
 * pending at any time (driver, parent, its one consolidated child); agg, lazynp-cta and
 * lazynp-warp take a launch ticket per launch, at most the pool less the drivers' share per
 * pass, and run the work themselves without one. */
static int fits_any_pool(const char *name) {
  return strcmp(name, "cdp-grid") == 0 || strcmp(name, "agg") == 0 ||
         strcmp(name, "lazynp-cta") == 0 || strcmp(name, "lazynp-warp") == 0;
}

static void expect_levels(const char *what, const int32_t *got, const int32_t *want, int32_t n) {
  for (int32_t v = 0; v < n; v++)
    if (got[v] != want[v]) {
      cr_expect(0, "%s: level[%d] = %d, cpu %d", what, v, got[v], want[v]);
      return;
    }
}

/* A pending-launch pool far too small for the launches (the device's smallest, 32, when 1 is
 * asked): every device-launching backend that launches per heavy item without tickets must
 * report GNEST_ERR_LAUNCH_LIMIT (never a result computed with children missing) and leave the
 * caller's output untouched; the others (fits_any_pool) must succeed with cpu's answer, the
 * ticketed ones with at most 16 child launches a level (half the pool of 32 is the drivers'),
 * and never hang (cdp-warp under a tiny pool has hung: docs/design.md). The next call with the
 * computed pool must be right for all of them. */
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
    for (const char *const *words = tiny_pool_configs(d.name); *words; words++) {
      char what[160];
      snprintf(what, sizeof what, "%s [%s]", d.name, *words);
      fprintf(stderr, "launch_limit_overflow_is_a_status: %s\n", what); /* which one hangs */
      gnest_options o;
      gnest_options_init(&o);
      o.backend = (gnest_backend)b;
      /* block_size 32, cdp-block: a child grid per 32-item chunk */
      cr_assert_eq(gnest_options_parse(&o, "threshold=4 kc=1 block_size=32"), GNEST_OK);
      cr_assert_eq(gnest_options_parse(&o, *words), GNEST_OK, "%s", what);
      cr_assert_eq(gnest_options_parse(&o, "launch_limit=1"), GNEST_OK);
      for (int32_t v = 0; v < n; v++) got[v] = -7;
      gnest_info info;
      gnest_status st = gnest_bfs(ctx, g, 0, got, &o, &info);
      if (fits_any_pool(d.name)) {
        cr_expect_eq(st, GNEST_OK, "%s with the smallest pool: '%s' (%s)", what,
                     gnest_strerror(st), gnest_last_error_string(ctx));
        if (st == GNEST_OK) {
          expect_levels(what, got, want, n);
          if (strcmp(d.name, "cdp-grid") != 0)
            cr_expect_leq(info.device_launches, (int64_t)(info.iterations + 1) * (16 + 2),
                          "%s: %lld device launches over %d levels", what,
                          (long long)info.device_launches, info.iterations);
        }
      } else {
        cr_expect_eq(st, GNEST_ERR_LAUNCH_LIMIT, "%s with a pool of 1: '%s'", what,
                     gnest_strerror(st));
        cr_expect(strstr(gnest_last_error_string(ctx), "pending-launch pool") != NULL,
                  "%s: message '%s'", what, gnest_last_error_string(ctx));
        for (int32_t v = 0; v < n; v++)
          if (got[v] != -7) {
            cr_expect(0, "%s: output written on failure (vertex %d)", what, v);
            break;
          }
      }
      cr_assert_eq(gnest_options_parse(&o, "launch_limit=0"), GNEST_OK);
      st = gnest_bfs(ctx, g, 0, got, &o, &info);
      cr_expect_eq(st, GNEST_OK, "%s with the computed pool: %s", what,
                   gnest_last_error_string(ctx));
      cr_expect_gt(info.device_launches, 0, "%s made no device-side launch", what);
      expect_levels(what, got, want, n);
    }
    tested++;
  }
  cr_expect_geq(tested, 8, "only %d device-launching backends were tested", tested);
  free(want);
  free(got);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* heavy_ring's arcs both ways, weighted 1..7: an undirected graph for MST and TC. */
static gnest_graph *heavy_ring_undirected(gnest_ctx *ctx, int32_t n) {
  enum { kDegree = 16 };
  const int64_t m = (int64_t)n * kDegree;
  int32_t *src = malloc(sizeof(int32_t) * (size_t)m), *dst = malloc(sizeof(int32_t) * (size_t)m);
  double *w = malloc(sizeof(double) * (size_t)m);
  cr_assert(src && dst && w);
  for (int64_t k = 0; k < m; k++) {
    src[k] = (int32_t)(k / kDegree);
    dst[k] = (int32_t)(((int64_t)src[k] * 7 + (k % kDegree) * 131 + 1) % n);
    w[k] = (double)(1 + (src[k] + dst[k]) % 7);
  }
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, n, m, src, dst, w, &lo, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  free(src);
  free(dst);
  free(w);
  return g;
}

/* MST and TC act on results between their loops (Boruvka's picks, TC's kept-arc flags): under
 * the smallest pool, the device-launching backends without tickets must answer
 * GNEST_ERR_LAUNCH_LIMIT (or, when the pool sufficed, cpu's answer), never another error, a
 * fault or a wrong result, and leave the context usable (gn_engine_check). */
Test(gpu_dlink, launch_limit_overflow_in_mst_and_tc) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = heavy_ring_undirected(ctx, 4096);
  gnest_options cpu;
  gnest_options_init(&cpu);
  cpu.backend = GNEST_BACKEND_CPU;
  double want_weight = 0;
  int64_t want_edges = 0;
  uint64_t want_triangles = 0;
  cr_assert_eq(gnest_mst(ctx, g, &want_weight, &want_edges, NULL, NULL, NULL, &cpu, NULL), GNEST_OK,
               "%s", gnest_last_error_string(ctx));
  cr_assert_eq(gnest_tc(ctx, g, &want_triangles, NULL, &cpu, NULL), GNEST_OK);
  int tested = 0;
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    gnest_backend_desc d;
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK);
    if (!d.device_launches || fits_any_pool(d.name) ||
        gnest_backend_available(ctx, (gnest_backend)b) != GNEST_OK)
      continue;
    fprintf(stderr, "launch_limit_overflow_in_mst_and_tc: %s\n", d.name);
    gnest_options o;
    gnest_options_init(&o);
    o.backend = (gnest_backend)b;
    cr_assert_eq(gnest_options_parse(&o, "threshold=4 kc=1 block_size=32 launch_limit=1"),
                 GNEST_OK);
    double weight = -1;
    int64_t edges = -1;
    gnest_status st = gnest_mst(ctx, g, &weight, &edges, NULL, NULL, NULL, &o, NULL);
    cr_expect(st == GNEST_OK || st == GNEST_ERR_LAUNCH_LIMIT, "mst/%s, pool of 1: '%s' (%s)",
              d.name, gnest_strerror(st), gnest_last_error_string(ctx));
    if (st == GNEST_OK)
      cr_expect(weight == want_weight && edges == want_edges, "mst/%s: %g, %lld edges; cpu %g, %lld",
                d.name, weight, (long long)edges, want_weight, (long long)want_edges);
    uint64_t triangles = 0;
    st = gnest_tc(ctx, g, &triangles, NULL, &o, NULL);
    cr_expect(st == GNEST_OK || st == GNEST_ERR_LAUNCH_LIMIT, "tc/%s, pool of 1: '%s' (%s)", d.name,
              gnest_strerror(st), gnest_last_error_string(ctx));
    if (st == GNEST_OK)
      cr_expect_eq(triangles, want_triangles, "tc/%s: %llu, cpu %llu", d.name,
                   (unsigned long long)triangles, (unsigned long long)want_triangles);
    /* the context still works, and right */
    cr_assert_eq(gnest_options_parse(&o, "launch_limit=0"), GNEST_OK);
    st = gnest_tc(ctx, g, &triangles, NULL, &o, NULL);
    cr_expect_eq(st, GNEST_OK, "tc/%s after the overflow: %s", d.name, gnest_last_error_string(ctx));
    cr_expect_eq(triangles, want_triangles, "tc/%s after the overflow", d.name);
    tested++;
  }
  cr_expect_geq(tested, 4, "only %d device-launching backends without tickets were tested", tested);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}
