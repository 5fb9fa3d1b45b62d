/* GPU corner cases of coloring, MST and triangle counting that the general suite
 * (test_gpu_algos.c) does not single out, each checked on every built device backend with every
 * test configuration of the backend registry (tests/common/backend_matrix.h) against the CPU
 * backend through the public API:
 *   - coloring a clique of 300: colors far past 64, so several words of each vertex's bitmap of
 *     possible colors, and exactly 299 rounds (each color needs the one before);
 *   - MST with every weight equal (the forest is decided by the (min, max) tie-break alone), with
 *     negative and signed-zero weights, and on a path whose weights grow along it (every vertex
 *     links to its left neighbour: one chain of n components to flatten in the first round);
 *   - MST on graphs of average degree >= 4 with weights that vary, where gnest_mst filters
 *     (light arcs first, then the heavy arcs left between components: src/algos/mst_split.h):
 *     an 8-neighbour grid with weights 1 and 2 (ties across the split), a banded path whose
 *     path edges get lighter along it (long link chains, many rounds) under tied chords, and a
 *     forest of such pieces with a star, isolated vertices and a hub;
 *   - triangles of cliques of 120, 300 and 2050 (C(n,3) in total, C(n-1,2) per vertex), by both
 *     counting methods: oriented lists in a warp's hash table, a block's, and too long for one.
 * A backend the registry does not give an algorithm must refuse it with
 * GNEST_ERR_BACKEND_NOT_APPLICABLE. Skips without a CUDA device (the reason: the device text). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "gnest.h"

typedef bm_matrix env;

/* Undirected graph from m edges (stored both ways), sorted and merged. */
static gnest_graph *undirected(const env *s, int32_t n, int64_t m, const int32_t *u,
                               const int32_t *v, const double *w) {
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(s->ctx, n, m, u, v, w, &lo, &g), GNEST_OK, "%s",
               gnest_last_error_string(s->ctx));
  return g;
}

static gnest_graph *clique(const env *s, int32_t n) {
  const int64_t m = (int64_t)n * (n - 1) / 2;
  int32_t *u = malloc((size_t)m * sizeof *u), *v = malloc((size_t)m * sizeof *v);
  cr_assert(u && v);
  int64_t k = 0;
  for (int32_t a = 0; a < n; a++)
    for (int32_t b = a + 1; b < n; b++) u[k] = a, v[k] = b, k++;
  gnest_graph *g = undirected(s, n, m, u, v, NULL);
  free(u);
  free(v);
  return g;
}

Test(gpu_structure, coloring_a_clique_needs_many_bitmap_words) {
  env s;
  bm_open(&s);
  enum { N = 300 };
  gnest_graph *g = clique(&s, N);
  int32_t ref[N], got[N], ref_k = 0, k = 0;
  gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_color(s.ctx, g, ref, &ref_k, &cpu, NULL), GNEST_OK);
  cr_assert_eq(ref_k, N);
  for (const bm_run *r = s.runs; r < s.runs + s.count; r++) {
    for (int method = GNEST_COLOR_ROUNDS; method <= GNEST_COLOR_ASYNC; method++) {
      const char *name = method == GNEST_COLOR_ROUNDS ? "rounds" : "async";
      gnest_options opts = r->opts;
      opts.color_method = (gnest_color_method)method;
      memset(got, 0x5b, sizeof got);
      k = -1;
      gnest_info info;
      gnest_status st = gnest_color(s.ctx, g, got, &k, &opts, &info);
      if (!bm_status_agrees(&s, r, GNEST_ALGO_COLOR, "300-clique", GNEST_OK, st)) continue;
      cr_assert_eq(k, N, "color/%s %s on the 300-clique: %d colors", r->label, name, k);
      cr_assert_arr_eq(got, ref, sizeof ref, "color/%s %s on the 300-clique", r->label, name);
      if (method != GNEST_COLOR_ROUNDS) continue; /* async: passes, not rounds */
      /* The i-th vertex in priority order is colored in round i, once the record of the
       * (i-1)-th says colored (the setup colors the first; the last has no successor to push
       * to): fewer levels would mean a record was read before the level that wrote it had
       * ended. */
      cr_assert_eq(info.iterations, N - 1, "color/%s on the 300-clique: %d levels", r->label,
                   info.iterations);
    }
  }
  gnest_graph_free(g);
  bm_close(&s);
}

/* The forest, its total and its edge list must equal the CPU's exactly (same order too). */
static void expect_same_forest(const env *s, const gnest_graph *g, const char *name) {
  const int32_t n = gnest_graph_num_vertices(g);
  const size_t cap = n > 1 ? (size_t)n - 1 : 1;
  int32_t *ru = malloc(cap * 4), *rv = malloc(cap * 4), *eu = malloc(cap * 4), *ev = malloc(cap * 4);
  double *rw = malloc(cap * 8), *ew = malloc(cap * 8);
  cr_assert(ru && rv && eu && ev && rw && ew);
  double ref_total = 0, total = 0;
  int64_t ref_count = 0, count = 0;
  gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_mst(s->ctx, g, &ref_total, &ref_count, ru, rv, rw, &cpu, NULL), GNEST_OK);
  for (const bm_run *r = s->runs; r < s->runs + s->count; r++) {
    const char *bn = r->label;
    gnest_info info;
    memset(eu, 0x5b, cap * 4);
    memset(ev, 0x5b, cap * 4);
    total = -1;
    count = -1;
    bm_trace(r, GNEST_ALGO_MST, name);
    gnest_status st = gnest_mst(s->ctx, g, &total, &count, eu, ev, ew, &r->opts, &info);
    if (!bm_status_agrees(s, r, GNEST_ALGO_MST, name, GNEST_OK, st)) continue;
    cr_assert_eq(count, ref_count, "mst/%s on %s", bn, name);
    cr_assert_eq(total, ref_total, "mst/%s on %s: %.17g, cpu %.17g", bn, name, total, ref_total);
    cr_assert_arr_eq(eu, ru, (size_t)count * 4, "mst/%s on %s", bn, name);
    cr_assert_arr_eq(ev, rv, (size_t)count * 4, "mst/%s on %s", bn, name);
    for (int64_t k = 0; k < count; k++)
      cr_assert(ew[k] == rw[k], "mst/%s on %s: edge %lld weight %g, cpu %g", bn, name, (long long)k,
                ew[k], rw[k]);
    cr_assert_gt(info.iterations, 0, "mst/%s on %s: no iteration counted", bn, name);
  }
  free(ru), free(rv), free(rw), free(eu), free(ev), free(ew);
}

Test(gpu_structure, mst_ties_signs_and_deep_link_chains) {
  env s;
  bm_open(&s);
  enum { SIDE = 120, PATH = 200000 };
  /* A SIDE x SIDE grid, every weight 1 (ties only), then with weights in {-2, -0, +0, 3}. */
  int64_t m = 2 * SIDE * (SIDE - 1), k = 0;
  int32_t *u = malloc((size_t)PATH * 4), *v = malloc((size_t)PATH * 4);
  double *w = malloc((size_t)PATH * 8);
  cr_assert(u && v && w);
  for (int32_t r = 0; r < SIDE; r++)
    for (int32_t c = 0; c < SIDE; c++) {
      const int32_t x = r * SIDE + c;
      if (c + 1 < SIDE) u[k] = x, v[k] = x + 1, k++;
      if (r + 1 < SIDE) u[k] = x, v[k] = x + SIDE, k++;
    }
  cr_assert_eq(k, m);
  gnest_graph *g = undirected(&s, SIDE * SIDE, m, u, v, NULL);
  expect_same_forest(&s, g, "grid, all weights equal");
  gnest_graph_free(g);
  const double signed_weights[] = {-2.0, -0.0, 0.0, 3.0};
  for (k = 0; k < m; k++) w[k] = signed_weights[(k * 7 + k / 3) % 4];
  g = undirected(&s, SIDE * SIDE, m, u, v, w);
  expect_same_forest(&s, g, "grid, weights -2, -0, +0, 3");
  gnest_graph_free(g);

  /* Path 0 - 1 - ... with weight i on edge (i, i+1): vertex i's lightest edge is (i-1, i). */
  for (k = 0; k + 1 < PATH; k++) u[k] = (int32_t)k, v[k] = (int32_t)k + 1, w[k] = (double)k;
  g = undirected(&s, PATH, PATH - 1, u, v, w);
  expect_same_forest(&s, g, "path with growing weights");
  gnest_graph_free(g);
  free(u), free(v), free(w);
  bm_close(&s);
}

/* Appends the undirected edge {a, b} of weight x. */
static void add_edge(int32_t *u, int32_t *v, double *w, int64_t *k, int32_t a, int32_t b, double x) {
  u[*k] = a, v[*k] = b, w[*k] = x;
  ++*k;
}

/* An 8-neighbour side x side grid on vertices base.. with weights 1 and 2. */
static void king_grid(int32_t *u, int32_t *v, double *w, int64_t *k, int32_t base, int32_t side) {
  for (int32_t r = 0; r < side; r++)
    for (int32_t c = 0; c < side; c++) {
      const int32_t x = base + r * side + c;
      const double a = (double)(1 + (r * 3 + c) % 2), b = (double)(1 + (r + c * 5) % 2);
      if (c + 1 < side) add_edge(u, v, w, k, x, x + 1, a);
      if (r + 1 < side) add_edge(u, v, w, k, x, x + side, b);
      if (r + 1 < side && c + 1 < side) add_edge(u, v, w, k, x, x + side + 1, b);
      if (r + 1 < side && c > 0) add_edge(u, v, w, k, x, x + side - 1, a);
    }
}

/* A path base, base + 1, ... of len vertices whose edge (i, i + 1) weighs len - i (each vertex's
 * lightest path edge is to its right: one long chain), with chords (i, i + 2) and (i, i + 3)
 * heavier and tied in groups of 7. */
static void banded_path(int32_t *u, int32_t *v, double *w, int64_t *k, int32_t base, int32_t len) {
  for (int32_t i = 0; i < len; i++) {
    if (i + 1 < len) add_edge(u, v, w, k, base + i, base + i + 1, (double)(len - i));
    if (i + 2 < len) add_edge(u, v, w, k, base + i, base + i + 2, (double)(2 * len + i % 7));
    if (i + 3 < len) add_edge(u, v, w, k, base + i, base + i + 3, (double)(2 * len + i % 5));
  }
}

Test(gpu_structure, mst_filtered_light_then_heavy) {
  env s;
  bm_open(&s);
  enum { SIDE = 100, LEN = 30000, HUB = 2000, CAP = 4 * SIDE * SIDE * 2 + 3 * LEN + 4 * HUB };
  int32_t *u = malloc((size_t)CAP * 4), *v = malloc((size_t)CAP * 4);
  double *w = malloc((size_t)CAP * 8);
  cr_assert(u && v && w);
  int64_t k = 0;
  king_grid(u, v, w, &k, 0, SIDE);
  gnest_graph *g = undirected(&s, SIDE * SIDE, k, u, v, w);
  expect_same_forest(&s, g, "8-neighbour grid, weights 1 and 2");
  gnest_graph_free(g);

  k = 0;
  banded_path(u, v, w, &k, 0, LEN);
  g = undirected(&s, LEN, k, u, v, w);
  expect_same_forest(&s, g, "banded path, lighter along it");
  gnest_graph_free(g);

  /* A forest: a grid, a banded path, 50 isolated vertices, then a hub linked to HUB vertices
   * (weight 3) that are also linked to their next two (weights 1, 2). */
  k = 0;
  king_grid(u, v, w, &k, 0, SIDE);
  banded_path(u, v, w, &k, SIDE * SIDE, LEN);
  const int32_t hub = SIDE * SIDE + LEN + 50;
  for (int32_t i = 1; i <= HUB; i++) {
    add_edge(u, v, w, &k, hub, hub + i, 3.0);
    if (i + 1 <= HUB) add_edge(u, v, w, &k, hub + i, hub + i + 1, (double)(1 + i % 2));
    if (i + 2 <= HUB) add_edge(u, v, w, &k, hub + i, hub + i + 2, 2.0);
  }
  cr_assert_leq(k, CAP);
  g = undirected(&s, hub + HUB + 1, k, u, v, w);
  expect_same_forest(&s, g, "forest of a grid, a banded path, isolated vertices and a hub");
  gnest_graph_free(g);
  free(u), free(v), free(w);
  bm_close(&s);
}

/* Triangles of cliques of n (C(n,3) in total, C(n-1,2) per vertex) by both methods: n = 120, a
 * warp's hash table (oriented lists below 128); n = 300, the block's; n = 2050, a list longer
 * than the block's table (2049 > 2048), binary-searched: there only the hash method of the
 * device backends' primary configurations, the total only (1.4 billion triangles: the binary
 * searches of the search method, the host's count and 4 billion atomic adds per vertex would
 * take minutes). */
static void expect_clique_triangles(const env *s, int32_t n, bm_configs which) {
  gnest_graph *g = clique(s, n);
  uint64_t *per = malloc((size_t)n * sizeof *per), total = 0;
  cr_assert(per);
  const uint64_t all = (uint64_t)n * (n - 1) * (n - 2) / 6, each = (uint64_t)(n - 1) * (n - 2) / 2;
  char name[64];
  snprintf(name, sizeof name, "%d-clique", (int)n);
  const int huge = n > 2048;
  for (const bm_run *r = s->runs; r < s->runs + s->count; r++) {
    if (!bm_selected(r, which) || (huge && gn_backend_on_host(r->backend))) continue;
    for (int method = GNEST_TC_SEARCH; method <= GNEST_TC_HASH; method++) {
      if (huge && method == GNEST_TC_SEARCH) continue;
      gnest_options opts = r->opts;
      opts.tc_method = (gnest_tc_method)method;
      const char *how = method == GNEST_TC_SEARCH ? "search" : "hash";
      memset(per, 0x5b, (size_t)n * sizeof *per);
      total = 0;
      bm_trace(r, GNEST_ALGO_TC, name);
      gnest_status st = gnest_tc(s->ctx, g, &total, huge ? NULL : per, &opts, NULL);
      if (!bm_status_agrees(s, r, GNEST_ALGO_TC, name, GNEST_OK, st)) continue;
      cr_assert_eq(total, all, "tc/%s %s on the %s: %llu", r->label, how, name,
                   (unsigned long long)total);
      for (int32_t x = 0; x < n && !huge; x++)
        cr_assert_eq(per[x], each, "tc/%s %s on the %s: vertex %d: %llu", r->label, how, name, x,
                     (unsigned long long)per[x]);
    }
  }
  free(per);
  gnest_graph_free(g);
}

Test(gpu_structure, triangles_of_cliques) {
  env s;
  bm_open(&s);
  expect_clique_triangles(&s, 120, BM_ALL);
  expect_clique_triangles(&s, 300, BM_ALL);
  expect_clique_triangles(&s, 2050, BM_PRIMARY | BM_DEVICE_LEVELS);
  bm_close(&s);
}
