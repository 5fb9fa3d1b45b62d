/* gnest_color, gnest_mst, gnest_tc, gnest_tree_descendants and gnest_tree_heights through the
 * public API on a CPU-only context (backend cpu, and auto which must pick cpu there): hand-checked
 * answers, argument and input checks with their exact statuses and messages, gnest_info. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "gnest.h"

static gnest_ctx *cpu_ctx(void) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.force_cpu = 1;
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_OK);
  return ctx;
}

static gnest_options with_backend(gnest_backend b) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = b;
  return o;
}

/* Graph from pairs {u0, v0, u1, v1, ...}; symmetrize / merge / sort as asked. */
static gnest_graph *graph_of(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *pairs,
                             const double *w, int symmetrize, int merge, int sort) {
  int32_t *src = malloc((size_t)(m + 1) * sizeof *src), *dst = malloc((size_t)(m + 1) * sizeof *dst);
  cr_assert(src && dst);
  for (int64_t i = 0; i < m; i++) {
    src[i] = pairs[2 * i];
    dst[i] = pairs[2 * i + 1];
  }
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = symmetrize;
  lo.merge_duplicates = merge;
  lo.sort_adjacency = sort;
  gnest_graph *g = NULL;
  gnest_status st = gnest_graph_from_edges(ctx, n, m, src, dst, w, &lo, &g);
  cr_assert_eq(st, GNEST_OK, "gnest_graph_from_edges: %s", gnest_last_error_string(ctx));
  free(src);
  free(dst);
  return g;
}

static gnest_graph *undirected(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *pairs,
                               const double *w) {
  return graph_of(ctx, n, m, pairs, w, 1, 1, 1);
}

static void expect_error(gnest_ctx *ctx, gnest_status got, gnest_status want, const char *text) {
  cr_assert_eq(got, want, "status '%s', expected '%s' (%s)", gnest_strerror(got),
               gnest_strerror(want), gnest_last_error_string(ctx));
  cr_assert(strstr(gnest_last_error_string(ctx), text) != NULL, "'%s' lacks '%s'",
            gnest_last_error_string(ctx), text);
}

/* ---- coloring ----------------------------------------------------------------------------- */

Test(api_color, star_clique_and_isolated) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_options o = with_backend(GNEST_BACKEND_CPU);
  gnest_info info;
  /* Star: the centre (highest degree) is colored first: 0; every leaf then takes 1. */
  const int32_t star[] = {0, 1, 0, 2, 0, 3, 0, 4, 0, 5};
  gnest_graph *g = undirected(ctx, 6, 5, star, NULL);
  int32_t colors[6], k = -1;
  cr_assert_eq(gnest_color(ctx, g, colors, &k, &o, &info), GNEST_OK);
  cr_assert_eq(k, 2);
  cr_assert_eq(colors[0], 0);
  for (int v = 1; v < 6; v++) cr_assert_eq(colors[v], 1);
  cr_assert_eq(info.backend, GNEST_BACKEND_CPU);
  cr_assert_eq(info.kernel_launches, 0);
  cr_assert_gt(info.edges_visited, 0);
  /* the serial reference ran: no method of a device, no pass of a backend or of its own */
  cr_assert_str_eq(info.method_name, "cpu reference");
  cr_assert_eq(info.backend_passes, 0);
  cr_assert_eq(info.own_passes, 0);
  cr_assert_null(strstr(info.reason, "no backend pass"), "%s", info.reason);
  gnest_graph_free(g);

  /* K5 plus a self-loop on 2 (ignored): five distinct colors. */
  int32_t k5[2 * 11], m = 0;
  for (int u = 0; u < 5; u++)
    for (int v = u + 1; v < 5; v++) k5[2 * m] = u, k5[2 * m + 1] = v, m++;
  k5[2 * m] = 2, k5[2 * m + 1] = 2, m++;
  g = graph_of(ctx, 5, m, k5, NULL, 1, 1, 1);
  cr_assert_eq(gnest_color(ctx, g, colors, &k, &o, NULL), GNEST_OK);
  cr_assert_eq(k, 5);
  int seen = 0;
  for (int v = 0; v < 5; v++) seen |= 1 << colors[v];
  cr_assert_eq(seen, 0x1f);
  gnest_graph_free(g);

  /* Isolated vertices all take color 0; the empty graph has no colors. */
  g = undirected(ctx, 4, 0, star, NULL);
  cr_assert_eq(gnest_color(ctx, g, colors, &k, &o, NULL), GNEST_OK);
  cr_assert_eq(k, 1);
  for (int v = 0; v < 4; v++) cr_assert_eq(colors[v], 0);
  gnest_graph_free(g);
  g = undirected(ctx, 0, 0, star, NULL);
  k = -1;
  cr_assert_eq(gnest_color(ctx, g, colors, &k, &o, NULL), GNEST_OK);
  cr_assert_eq(k, 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(api_color, auto_runs_cpu_and_checks_arguments) {
  gnest_ctx *ctx = cpu_ctx();
  const int32_t path[] = {0, 1, 1, 2};
  gnest_graph *g = undirected(ctx, 3, 2, path, NULL);
  int32_t colors[3], k = -1;
  gnest_info info;
  cr_assert_eq(gnest_color(ctx, g, colors, &k, NULL, &info), GNEST_OK);
  cr_assert_eq(info.backend, GNEST_BACKEND_CPU);
  cr_assert_str_eq(info.backend_name, "cpu");
  cr_assert_eq(k, 2);
  cr_assert_eq(colors[1], 0); /* the middle vertex has the highest degree */
  cr_assert_eq(colors[0], 1);
  cr_assert_eq(colors[2], 1);
  expect_error(ctx, gnest_color(ctx, g, NULL, &k, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT,
               "gnest_color: colors is NULL");
  expect_error(ctx, gnest_color(ctx, g, colors, NULL, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT,
               "num_colors is NULL");
  gnest_graph_free(g);
  g = graph_of(ctx, 3, 2, path, NULL, 0, 1, 1); /* directed */
  expect_error(ctx, gnest_color(ctx, g, colors, &k, NULL, NULL), GNEST_ERR_INVALID_INPUT,
               "coloring needs an undirected graph");
  cr_assert(strstr(gnest_last_error_string(ctx), "symmetrize") != NULL);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* ---- minimum spanning forest ---------------------------------------------------------------- */

Test(api_mst, square_with_diagonal_and_isolated_vertex) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_options o = with_backend(GNEST_BACKEND_CPU);
  /* Edges 0-1 (1), 1-2 (2), 2-3 (1), 3-0 (3), 0-2 (2); vertex 4 alone. In (weight, min, max)
   * order: (0,1,1) (2,3,1) take, then (0,2,2) joins the two pieces before (1,2,2): total 4. */
  const int32_t pairs[] = {0, 1, 1, 2, 2, 3, 3, 0, 0, 2};
  const double w[] = {1, 2, 1, 3, 2};
  gnest_graph *g = undirected(ctx, 5, 5, pairs, w);
  double total = -1;
  int64_t count = -1;
  int32_t eu[4], ev[4];
  double ew[4];
  gnest_info info;
  cr_assert_eq(gnest_mst(ctx, g, &total, &count, eu, ev, ew, &o, &info), GNEST_OK);
  cr_assert_eq(total, 4.0);
  cr_assert_eq(count, 3); /* 5 vertices, 2 components */
  const int32_t want_u[] = {0, 2, 0}, want_v[] = {1, 3, 2};
  const double want_w[] = {1, 1, 2};
  for (int i = 0; i < 3; i++) {
    cr_assert_eq(eu[i], want_u[i], "edge %d", i);
    cr_assert_eq(ev[i], want_v[i], "edge %d", i);
    cr_assert_eq(ew[i], want_w[i], "edge %d", i);
  }
  cr_assert_eq(info.iterations, 1);
  /* The edge arrays are optional. */
  total = -1;
  count = -1;
  cr_assert_eq(gnest_mst(ctx, g, &total, &count, NULL, NULL, NULL, NULL, NULL), GNEST_OK);
  cr_assert_eq(total, 4.0);
  cr_assert_eq(count, 3);
  expect_error(ctx, gnest_mst(ctx, g, NULL, &count, NULL, NULL, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT, "total_weight is NULL");
  expect_error(ctx, gnest_mst(ctx, g, &total, NULL, NULL, NULL, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT, "num_edges is NULL");
  gnest_graph_free(g);

  g = graph_of(ctx, 5, 5, pairs, w, 0, 1, 1); /* directed */
  expect_error(ctx, gnest_mst(ctx, g, &total, &count, NULL, NULL, NULL, &o, NULL),
               GNEST_ERR_INVALID_INPUT, "minimum spanning forest needs an undirected graph");
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(api_mst, unweighted_path_and_empty_graph) {
  gnest_ctx *ctx = cpu_ctx();
  enum { N = 1000 };
  static int32_t pairs[2 * N];
  for (int i = 0; i + 1 < N; i++) pairs[2 * i] = i, pairs[2 * i + 1] = i + 1;
  gnest_graph *g = undirected(ctx, N, N - 1, pairs, NULL);
  double total = -1;
  int64_t count = -1;
  cr_assert_eq(gnest_mst(ctx, g, &total, &count, NULL, NULL, NULL, NULL, NULL), GNEST_OK);
  cr_assert_eq(total, N - 1.0);
  cr_assert_eq(count, N - 1);
  gnest_graph_free(g);
  g = undirected(ctx, 0, 0, pairs, NULL);
  cr_assert_eq(gnest_mst(ctx, g, &total, &count, NULL, NULL, NULL, NULL, NULL), GNEST_OK);
  cr_assert_eq(total, 0.0);
  cr_assert_eq(count, 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* ---- triangle counting ---------------------------------------------------------------------- */

Test(api_tc, two_triangles_sharing_an_edge_and_k4) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_options o = with_backend(GNEST_BACKEND_CPU);
  /* 0-1-2 and 1-2-3 share the edge 1-2; a self-loop on 3 is ignored. */
  const int32_t pairs[] = {0, 1, 0, 2, 1, 2, 1, 3, 2, 3, 3, 3};
  gnest_graph *g = undirected(ctx, 5, 6, pairs, NULL);
  uint64_t total = 0, per[5];
  gnest_info info;
  cr_assert_eq(gnest_tc(ctx, g, &total, per, &o, &info), GNEST_OK);
  cr_assert_eq(total, 2);
  const uint64_t want[] = {1, 2, 2, 1, 0};
  for (int v = 0; v < 5; v++) cr_assert_eq(per[v], want[v], "vertex %d", v);
  cr_assert_eq(info.backend, GNEST_BACKEND_CPU);
  total = 0;
  cr_assert_eq(gnest_tc(ctx, g, &total, NULL, NULL, NULL), GNEST_OK); /* per-vertex optional */
  cr_assert_eq(total, 2);
  expect_error(ctx, gnest_tc(ctx, g, NULL, per, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT,
               "total is NULL");
  gnest_graph_free(g);

  const int32_t k4[] = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};
  g = undirected(ctx, 4, 6, k4, NULL);
  cr_assert_eq(gnest_tc(ctx, g, &total, per, &o, NULL), GNEST_OK);
  cr_assert_eq(total, 4);
  for (int v = 0; v < 4; v++) cr_assert_eq(per[v], 3);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(api_tc, refuses_directed_duplicate_and_unsorted_lists) {
  gnest_ctx *ctx = cpu_ctx();
  uint64_t total = 0;
  const int32_t tri[] = {0, 1, 1, 2, 2, 0};
  gnest_graph *g = graph_of(ctx, 3, 3, tri, NULL, 0, 1, 1);
  expect_error(ctx, gnest_tc(ctx, g, &total, NULL, NULL, NULL), GNEST_ERR_INVALID_INPUT,
               "triangle counting needs an undirected graph");
  gnest_graph_free(g);

  const int32_t doubled[] = {0, 1, 1, 2, 2, 0, 0, 1};
  g = graph_of(ctx, 3, 4, doubled, NULL, 1, 0, 1); /* duplicates kept */
  expect_error(ctx, gnest_tc(ctx, g, &total, NULL, NULL, NULL), GNEST_ERR_INVALID_INPUT,
               "sorted adjacency lists without duplicate arcs (vertex 0 lists 1 then 1)");
  gnest_graph_free(g);

  /* Unsorted lists: 0 -> 2 is given before 0 -> 1. Clean but unordered is refused too. */
  const int32_t unordered[] = {0, 2, 0, 1, 1, 2};
  g = graph_of(ctx, 3, 3, unordered, NULL, 1, 1, 0);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  int sorted = 1;
  for (int32_t u = 0; u < 3; u++)
    for (int64_t e = off[u] + 1; e < off[u + 1]; e++) sorted &= col[e - 1] < col[e];
  gnest_status st = gnest_tc(ctx, g, &total, NULL, NULL, NULL);
  if (sorted) {
    cr_assert_eq(st, GNEST_OK); /* the builder happened to keep them in order */
    cr_assert_eq(total, 1);
  } else {
    expect_error(ctx, st, GNEST_ERR_INVALID_INPUT, "load it with sort_adjacency");
  }
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* ---- trees ---------------------------------------------------------------------------------- */

Test(api_tree, small_tree_by_hand) {
  gnest_ctx *ctx = cpu_ctx();
  /*        0
   *      1   2
   *     3 4
   *     5          descendants 6 4 1 2 1 1, heights 4 3 1 2 1 1 */
  const int32_t parent[] = {-1, 0, 0, 1, 1, 3};
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, 6, parent, &t), GNEST_OK);
  int32_t out[6];
  gnest_info info;
  gnest_options o = with_backend(GNEST_BACKEND_CPU);
  cr_assert_eq(gnest_tree_descendants(ctx, t, out, &o, &info), GNEST_OK);
  const int32_t desc[] = {6, 4, 1, 2, 1, 1}, height[] = {4, 3, 1, 2, 1, 1};
  for (int v = 0; v < 6; v++) cr_assert_eq(out[v], desc[v], "node %d", v);
  cr_assert_eq(info.iterations, 4);
  cr_assert_eq(info.edges_visited, 5);
  cr_assert_eq(gnest_tree_heights(ctx, t, out, NULL, &info), GNEST_OK);
  for (int v = 0; v < 6; v++) cr_assert_eq(out[v], height[v], "node %d", v);
  cr_assert_eq(info.backend, GNEST_BACKEND_CPU);
  expect_error(ctx, gnest_tree_descendants(ctx, t, NULL, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT,
               "gnest_tree_descendants: descendants is NULL");
  expect_error(ctx, gnest_tree_heights(ctx, t, NULL, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT,
               "gnest_tree_heights: heights is NULL");
  expect_error(ctx, gnest_tree_heights(ctx, NULL, out, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT,
               "tree is NULL");
  gnest_tree_free(t);
  gnest_ctx_free(ctx);
}

Test(api_tree, chain_of_100000_levels) {
  gnest_ctx *ctx = cpu_ctx();
  enum { N = 100000 };
  int32_t *parent = malloc(N * sizeof *parent), *out = malloc(N * sizeof *out);
  cr_assert(parent && out);
  for (int32_t i = 0; i < N; i++) parent[i] = i - 1;
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, N, parent, &t), GNEST_OK);
  gnest_info info;
  cr_assert_eq(gnest_tree_descendants(ctx, t, out, NULL, &info), GNEST_OK);
  for (int32_t i = 0; i < N; i++) cr_assert_eq(out[i], N - i, "node %d", i);
  cr_assert_eq(info.iterations, N);
  cr_assert_eq(gnest_tree_heights(ctx, t, out, NULL, NULL), GNEST_OK);
  for (int32_t i = 0; i < N; i++) cr_assert_eq(out[i], N - i, "node %d", i);
  gnest_tree_free(t);
  free(parent);
  free(out);
  gnest_ctx_free(ctx);
}
