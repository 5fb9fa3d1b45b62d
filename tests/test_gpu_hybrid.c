/* The hybrid LazyNP backends (WHERE HYBRID in the registry: lazynp-cpu, lazynp-cross), on a device:
 * host threads run part of every pass, so what the GPU test matrix (test_gpu_algos) checks of
 * their results is complemented here by what shows that the host side ran and was counted: the
 * inner iterations in gnest_info.edges_visited equal host-dispatched lazynp's on the same call
 * (every arc of a BFS-reached vertex once, whichever side ran it), for every host share and
 * thread count, on a graph whose hubs are heavy; and the hybrids refuse coloring with
 * GNEST_ERR_BACKEND_NOT_APPLICABLE and the registry's reason. Without a CUDA device every test
 * skips with the context's device text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "common/gen.h"
#include "gnest.h"

/* An undirected rmat graph (skewed: hubs far above the threshold). */
static gnest_graph *rmat(gnest_ctx *ctx, int scale) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(scale, 16, 7, &e), GNEST_OK);
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, e.n, e.m, e.src, e.dst, NULL, &lo, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  gn_gen_edges_free(&e);
  return g;
}

/* BFS from vertex 0 with o: levels equal to ref; returns the run's info. */
static gnest_info bfs_agrees(gnest_ctx *ctx, const gnest_graph *g, const int32_t *ref,
                             const gnest_options *o, const char *what) {
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t *got = malloc((size_t)n * sizeof *got);
  cr_assert_not_null(got);
  gnest_info info;
  cr_assert_eq(gnest_bfs(ctx, g, 0, got, o, &info), GNEST_OK, "%s: %s", what,
               gnest_last_error_string(ctx));
  for (int32_t v = 0; v < n; v++)
    if (got[v] != ref[v]) cr_assert_fail("%s: vertex %d: level %d, cpu %d", what, v, got[v], ref[v]);
  free(got);
  return info;
}

Test(gpu_hybrid, host_side_runs_and_is_counted) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = rmat(ctx, 12);
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t *ref = malloc((size_t)n * sizeof *ref);
  cr_assert_not_null(ref);
  const gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_bfs(ctx, g, 0, ref, &cpu, NULL), GNEST_OK);
  const gnest_options lazy = bm_backend_options(GNEST_BACKEND_LAZYNP, "threshold=4");
  const int64_t want = bfs_agrees(ctx, g, ref, &lazy, "lazynp threshold=4").edges_visited;
  cr_assert_gt(want, 0);
  static const char *const cpu_words[] = {"threshold=4", "threshold=1 host_threads=1",
                                          "threshold=4 wboost=1 host_threads=7", NULL};
  static const char *const cross_words[] = {"threshold=4", "threshold=4 host_share=1",
                                            "threshold=4 host_share=50 host_threads=5",
                                            "threshold=4 host_share=100",
                                            "threshold=1 granularity=warp wboost=1 host_share=30",
                                            NULL};
  for (int k = 0; cpu_words[k]; k++) {
    const gnest_options o = bm_backend_options(GNEST_BACKEND_LAZYNP_CPU, cpu_words[k]);
    const gnest_info info = bfs_agrees(ctx, g, ref, &o, cpu_words[k]);
    cr_expect_eq(info.edges_visited, want, "lazynp-cpu [%s]: %lld inner iterations, lazynp %lld",
                 cpu_words[k], (long long)info.edges_visited, (long long)want);
    cr_expect_str_eq(info.backend_name, "lazynp-cpu");
  }
  for (int k = 0; cross_words[k]; k++) {
    const gnest_options o = bm_backend_options(GNEST_BACKEND_LAZYNP_CROSS, cross_words[k]);
    const gnest_info info = bfs_agrees(ctx, g, ref, &o, cross_words[k]);
    cr_expect_eq(info.edges_visited, want,
                 "lazynp-cross [%s]: %lld inner iterations, lazynp %lld", cross_words[k],
                 (long long)info.edges_visited, (long long)want);
  }
  free(ref);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(gpu_hybrid, coloring_is_refused_with_the_reason) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = rmat(ctx, 8);
  int32_t *colors = malloc((size_t)gnest_graph_num_vertices(g) * sizeof *colors);
  cr_assert_not_null(colors);
  const gnest_backend hybrids[] = {GNEST_BACKEND_LAZYNP_CPU, GNEST_BACKEND_LAZYNP_CROSS};
  for (int k = 0; k < 2; k++) {
    const gnest_options o = bm_backend_options(hybrids[k], NULL);
    int32_t used = 0;
    cr_expect_eq(gnest_color(ctx, g, colors, &used, &o, NULL), GNEST_ERR_BACKEND_NOT_APPLICABLE,
                 "%s", gnest_backend_name(hybrids[k]));
    const char *msg = gnest_last_error(ctx)->message;
    cr_expect_not_null(strstr(msg, "cannot run color"), "%s", msg);
    cr_expect_not_null(strstr(msg, "not host-runnable"), "%s", msg);
  }
  free(colors);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}
