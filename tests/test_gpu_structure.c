/* GPU corner cases of coloring, MST and triangle counting that the general suite
 * (test_gpu_algos.c) does not single out, each checked on every available GPU backend against the
 * CPU backend through the public API:
 *   - coloring a clique of 300: colors far past 64, so several words of the forbidden-color bitmap;
 *   - MST with every weight equal (the forest is decided by the (min, max) tie-break alone), with
 *     negative and signed-zero weights, and on a path whose weights grow along it (every vertex
 *     links to its left neighbour: one chain of n components to flatten in the first round);
 *   - triangles of a clique of 120 (C(120,3) in total, C(119,2) per vertex).
 * Skips without a CUDA device; GNEST_TEST_CPU_AS_BACKEND=1 runs the cpu backend instead. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnest.h"

typedef struct env {
  gnest_ctx *ctx;
  gnest_backend backends[GNEST_BACKEND_COUNT];
  int count;
} env;

static void env_open(env *s) {
  memset(s, 0, sizeof *s);
  cr_assert_eq(gnest_ctx_create(&s->ctx, NULL), GNEST_OK);
  if (!gnest_ctx_has_device(s->ctx)) {
    const char *flag = getenv("GNEST_TEST_CPU_AS_BACKEND");
    if (flag && strcmp(flag, "1") == 0) {
      s->backends[s->count++] = GNEST_BACKEND_CPU;
      return;
    }
    char name[300];
    snprintf(name, sizeof name, "%s", gnest_ctx_device_name(s->ctx));
    gnest_ctx_free(s->ctx);
    cr_skip_test("no CUDA device: %s", name);
  }
  for (int b = GNEST_BACKEND_CPU + 1; b < GNEST_BACKEND_COUNT; b++)
    if (gnest_backend_available(s->ctx, (gnest_backend)b) == GNEST_OK)
      s->backends[s->count++] = (gnest_backend)b;
}

static gnest_options backend(gnest_backend b) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = b;
  return o;
}

/* A backend other than flat / lazynp may declare itself not applicable. */
static int runs(gnest_backend b, gnest_status st, const env *s) {
  if (st == GNEST_ERR_BACKEND_NOT_APPLICABLE && b != GNEST_BACKEND_FLAT && b != GNEST_BACKEND_LAZYNP)
    return 0;
  cr_assert_eq(st, GNEST_OK, "%s: %s", gnest_backend_name(b), gnest_last_error_string(s->ctx));
  return 1;
}

/* Undirected graph from m edges (stored both ways), sorted and merged. */
static gnest_graph *undirected(const env *s, int32_t n, int64_t m, const int32_t *u,
                               const int32_t *v, const float *w) {
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
  env_open(&s);
  enum { N = 300 };
  gnest_graph *g = clique(&s, N);
  int32_t ref[N], got[N], ref_k = 0, k = 0;
  gnest_options cpu = backend(GNEST_BACKEND_CPU);
  cr_assert_eq(gnest_color(s.ctx, g, ref, &ref_k, &cpu, NULL), GNEST_OK);
  cr_assert_eq(ref_k, N);
  for (int i = 0; i < s.count; i++) {
    gnest_options o = backend(s.backends[i]);
    memset(got, 0x5b, sizeof got);
    if (!runs(s.backends[i], gnest_color(s.ctx, g, got, &k, &o, NULL), &s)) continue;
    cr_assert_eq(k, N, "%s", gnest_backend_name(s.backends[i]));
    cr_assert_arr_eq(got, ref, sizeof ref, "%s", gnest_backend_name(s.backends[i]));
  }
  gnest_graph_free(g);
  gnest_ctx_free(s.ctx);
}

/* The forest, its total and its edge list must equal the CPU's exactly (same order too). */
static void expect_same_forest(const env *s, const gnest_graph *g, const char *name) {
  const int32_t n = gnest_graph_num_vertices(g);
  const size_t cap = n > 1 ? (size_t)n - 1 : 1;
  int32_t *ru = malloc(cap * 4), *rv = malloc(cap * 4), *eu = malloc(cap * 4), *ev = malloc(cap * 4);
  float *rw = malloc(cap * 4), *ew = malloc(cap * 4);
  cr_assert(ru && rv && eu && ev && rw && ew);
  double ref_total = 0, total = 0;
  int64_t ref_count = 0, count = 0;
  gnest_options cpu = backend(GNEST_BACKEND_CPU);
  cr_assert_eq(gnest_mst(s->ctx, g, &ref_total, &ref_count, ru, rv, rw, &cpu, NULL), GNEST_OK);
  for (int i = 0; i < s->count; i++) {
    const char *bn = gnest_backend_name(s->backends[i]);
    gnest_options o = backend(s->backends[i]);
    gnest_info info;
    if (!runs(s->backends[i], gnest_mst(s->ctx, g, &total, &count, eu, ev, ew, &o, &info), s))
      continue;
    cr_assert_eq(count, ref_count, "%s on %s", bn, name);
    cr_assert_eq(total, ref_total, "%s on %s: %.17g, cpu %.17g", bn, name, total, ref_total);
    cr_assert_arr_eq(eu, ru, (size_t)count * 4, "%s on %s", bn, name);
    cr_assert_arr_eq(ev, rv, (size_t)count * 4, "%s on %s", bn, name);
    for (int64_t k = 0; k < count; k++)
      cr_assert(ew[k] == rw[k], "%s on %s: edge %lld weight %g, cpu %g", bn, name, (long long)k,
                ew[k], rw[k]);
    if (s->backends[i] != GNEST_BACKEND_CPU) cr_assert_gt(info.iterations, 0);
  }
  free(ru), free(rv), free(rw), free(eu), free(ev), free(ew);
}

Test(gpu_structure, mst_ties_signs_and_deep_link_chains) {
  env s;
  env_open(&s);
  enum { SIDE = 120, PATH = 200000 };
  /* A SIDE x SIDE grid, every weight 1 (ties only), then with weights in {-2, -0, +0, 3}. */
  int64_t m = 2 * SIDE * (SIDE - 1), k = 0;
  int32_t *u = malloc((size_t)PATH * 4), *v = malloc((size_t)PATH * 4);
  float *w = malloc((size_t)PATH * 4);
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
  const float signed_weights[] = {-2.0f, -0.0f, 0.0f, 3.0f};
  for (k = 0; k < m; k++) w[k] = signed_weights[(k * 7 + k / 3) % 4];
  g = undirected(&s, SIDE * SIDE, m, u, v, w);
  expect_same_forest(&s, g, "grid, weights -2, -0, +0, 3");
  gnest_graph_free(g);

  /* Path 0 - 1 - ... with weight i on edge (i, i+1): vertex i's lightest edge is (i-1, i). */
  for (k = 0; k + 1 < PATH; k++) u[k] = (int32_t)k, v[k] = (int32_t)k + 1, w[k] = (float)k;
  g = undirected(&s, PATH, PATH - 1, u, v, w);
  expect_same_forest(&s, g, "path with growing weights");
  gnest_graph_free(g);
  free(u), free(v), free(w);
  gnest_ctx_free(s.ctx);
}

Test(gpu_structure, triangles_of_a_clique) {
  env s;
  env_open(&s);
  enum { N = 120 };
  gnest_graph *g = clique(&s, N);
  uint64_t per[N], total = 0;
  for (int i = 0; i < s.count; i++) {
    gnest_options o = backend(s.backends[i]);
    memset(per, 0x5b, sizeof per);
    if (!runs(s.backends[i], gnest_tc(s.ctx, g, &total, per, &o, NULL), &s)) continue;
    cr_assert_eq(total, (uint64_t)N * (N - 1) * (N - 2) / 6, "%s", gnest_backend_name(s.backends[i]));
    for (int x = 0; x < N; x++)
      cr_assert_eq(per[x], (uint64_t)(N - 1) * (N - 2) / 2, "%s: vertex %d",
                   gnest_backend_name(s.backends[i]), x);
  }
  gnest_graph_free(g);
  gnest_ctx_free(s.ctx);
}
