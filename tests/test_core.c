/* src/core and src/sched without a device: errors, contexts, graphs from edges, symmetry, degree
 * statistics, tree validation and statistics, the backend registry (names, descriptions,
 * availability, applicability, test configurations), options and gnest_options_parse, the call
 * frame, the selector and the tree algorithms' method rule. */
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/backend_matrix.h"
#include "common/ring_csr.h"
#include "gnest.h"
#include "core/internal.h"
#include "sched/registry.h"
#include "sched/run.h"
#include "core/stats.h"
#include "algos/tree_euler.h"
#include "algos/tree_method.h"
#include "algos/mst_split.h"
#include "algos/bfs_method.h"
#include "common/gen.h"

/* ---------------------------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------------------------- */

static gnest_ctx *cpu_ctx(void) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.force_cpu = 1;
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_OK);
  cr_assert_not_null(ctx);
  return ctx;
}

/* A context that claims a device, for selector / availability decisions only (never used for
 * device work). */
static gnest_ctx fake_device_ctx(void) {
  gnest_ctx c;
  memset(&c, 0, sizeof c);
  c.has_device = 1;
  c.device = 0;
  strcpy(c.device_name, "fake device");
  return c;
}

static gnest_graph *graph_of(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *src,
                             const int32_t *dst, const float *w, const gnest_load_options *o) {
  gnest_graph *g = NULL;
  gnest_status st = gnest_graph_from_edges(ctx, n, m, src, dst, w, o, &g);
  cr_assert_eq(st, GNEST_OK, "graph_from_edges: %s", gnest_last_error_string(ctx));
  return g;
}

/* Star: hub 0 linked both ways to 1..leaves. */
static gnest_graph *star(gnest_ctx *ctx, int32_t leaves) {
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

static void assert_contains(const char *haystack, const char *needle) {
  cr_assert(strstr(haystack, needle) != NULL, "expected \"%s\" in \"%s\"", needle, haystack);
}

static void assert_close(double got, double want) {
  cr_assert(fabs(got - want) <= 1e-12 * fmax(1.0, fabs(want)), "got %.17g, want %.17g", got, want);
}

/* ---------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------- */

Test(core_error, strerror_distinct_for_every_status) {
  for (int a = 0; a < GNEST_STATUS_COUNT; ++a) {
    const char *sa = gnest_strerror((gnest_status)a);
    cr_assert_not_null(sa);
    cr_assert_gt(strlen(sa), 3);
    cr_assert_str_neq(sa, "unknown status");
    for (int b = a + 1; b < GNEST_STATUS_COUNT; ++b)
      cr_assert_str_neq(sa, gnest_strerror((gnest_status)b), "statuses %d and %d share a text", a, b);
  }
  cr_assert_str_eq(gnest_strerror(GNEST_STATUS_COUNT), "unknown status");
  cr_assert_str_eq(gnest_strerror((gnest_status)-3), "unknown status");
  cr_assert_str_eq(gnest_strerror(GNEST_ERR_BACKEND_UNAVAILABLE), "backend not available in this build");
}

Test(core_error, string_with_and_without_line) {
  gnest_ctx *ctx = cpu_ctx();
  cr_assert_eq(gn_error(ctx, GNEST_ERR_PARSE, "graph.mtx", 12, "bad token '%s'", "x1"),
               GNEST_ERR_PARSE);
  const gnest_error *e = gnest_last_error(ctx);
  cr_assert_eq(e->status, GNEST_ERR_PARSE);
  cr_assert_str_eq(e->source, "graph.mtx");
  cr_assert_eq(e->line, 12);
  cr_assert_str_eq(e->message, "bad token 'x1'");
  cr_assert_str_eq(gnest_last_error_string(ctx), "graph.mtx:12: bad token 'x1'");

  cr_assert_eq(gn_error(ctx, GNEST_ERR_IO, "gnest_graph_load", 0, "cannot open %s", "a.mtx"),
               GNEST_ERR_IO);
  cr_assert_eq(gnest_last_error(ctx)->line, 0);
  cr_assert_str_eq(gnest_last_error_string(ctx), "gnest_graph_load: cannot open a.mtx");

  /* Re-recording an error with its own text as an argument is safe. */
  gn_error(ctx, GNEST_ERR_IO, gnest_last_error(ctx)->source, 0, "%s (again)",
           gnest_last_error(ctx)->message);
  cr_assert_str_eq(gnest_last_error_string(ctx), "gnest_graph_load: cannot open a.mtx (again)");
  gnest_ctx_free(ctx);
}

Test(core_error, null_context_goes_to_thread_record) {
  cr_assert_eq(gn_error(NULL, GNEST_ERR_OUT_OF_RANGE, "f", 3, "v %d", 7), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_eq(gnest_last_error(NULL)->status, GNEST_ERR_OUT_OF_RANGE);
  cr_assert_str_eq(gnest_last_error_string(NULL), "f:3: v 7");
}

Test(core_error, alloc_overflow_zero_and_normal) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_status st = GNEST_OK;
  void *p = gn_alloc(ctx, SIZE_MAX / 2, 4, "the overflow test", &st);
  cr_assert_null(p);
  cr_assert_eq(st, GNEST_ERR_TOO_LARGE);
  assert_contains(gnest_last_error(ctx)->message, "the overflow test");

  void *z1 = gn_alloc(ctx, 0, 8, "nothing", &st);
  void *z2 = gn_alloc(ctx, 0, 8, "nothing", &st);
  cr_assert_eq(st, GNEST_OK);
  cr_assert_not_null(z1);
  cr_assert_neq(z1, z2);
  free(z1);
  free(z2);

  int *q = gn_alloc(ctx, 10, sizeof(int), "ten ints", &st);
  cr_assert_eq(st, GNEST_OK);
  for (int i = 0; i < 10; ++i) cr_assert_eq(q[i], 0); /* zeroed like calloc */
  free(q);
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * Contexts
 * ------------------------------------------------------------------------------------------- */

Test(core_ctx, force_cpu) {
  gnest_ctx *ctx = cpu_ctx();
  cr_assert_eq(gnest_ctx_has_device(ctx), 0);
  assert_contains(gnest_ctx_device_name(ctx), "CPU (no CUDA device: ");
  assert_contains(gnest_ctx_device_name(ctx), "force_cpu");
  cr_assert_eq(gnest_last_error(ctx)->status, GNEST_OK);
  gnest_ctx_free(ctx);
  gnest_ctx_free(NULL);
  cr_assert_eq(gnest_ctx_has_device(NULL), 0);
}

Test(core_ctx, default_is_device_or_cpu) {
  unsetenv("GNEST_DEVICE");
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK, "%s", gnest_last_error_string(NULL));
  if (gnest_ctx_has_device(ctx))
    assert_contains(gnest_ctx_device_name(ctx), "(device 0, sm_");
  else
    assert_contains(gnest_ctx_device_name(ctx), "CPU (no CUDA device: ");
  gnest_ctx_free(ctx);
}

Test(core_ctx, bad_gnest_device_env) {
  const char *bad[] = {"abc", "-1", "1x", " 1", "99999999999"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    setenv("GNEST_DEVICE", bad[i], 1);
    gnest_ctx *ctx = (gnest_ctx *)&ctx; /* must be reset to NULL */
    cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_ERR_INVALID_ARGUMENT, "GNEST_DEVICE=%s", bad[i]);
    cr_assert_null(ctx);
    cr_assert_str_eq(gnest_last_error(NULL)->source, "GNEST_DEVICE");
    assert_contains(gnest_last_error(NULL)->message, bad[i]);
    assert_contains(gnest_last_error(NULL)->message, "non-negative integer");
  }
  /* force_cpu never looks at devices. */
  setenv("GNEST_DEVICE", "abc", 1);
  gnest_ctx *ctx = cpu_ctx();
  gnest_ctx_free(ctx);
  unsetenv("GNEST_DEVICE");
}

Test(core_ctx, bad_device_option_and_null_out) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  cr_assert_eq(o.device, -1);
  cr_assert_eq(o.force_cpu, 0);
  o.device = -5;
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(ctx);
  assert_contains(gnest_last_error_string(NULL), "device -5");
  cr_assert_eq(gnest_ctx_create(NULL, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

Test(core_ctx, missing_device_index) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.device = 1000;
  gnest_ctx *ctx = NULL;
  gnest_status st = gnest_ctx_create(&ctx, &o);
  if (st == GNEST_OK) { /* no CUDA device at all: a CPU context */
    cr_assert_eq(gnest_ctx_has_device(ctx), 0);
    gnest_ctx_free(ctx);
  } else {
    cr_assert_eq(st, GNEST_ERR_NO_DEVICE);
    cr_assert_null(ctx);
    assert_contains(gnest_last_error(NULL)->message, "CUDA device 1000 requested");
  }
}

/* ---------------------------------------------------------------------------------------------
 * Graphs from edges
 * ------------------------------------------------------------------------------------------- */

Test(core_graph, from_edges_validation) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = (gnest_graph *)&g;
  int32_t s[] = {0, 1, 2}, d[] = {1, 2, 9};
  cr_assert_eq(gnest_graph_from_edges(ctx, 4, 3, s, d, NULL, NULL, &g), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_null(g);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "edge 2: destination 9 is outside [0, 4)");
  int32_t s2[] = {0, -1};
  cr_assert_eq(gnest_graph_from_edges(ctx, 4, 2, s2, d, NULL, NULL, &g), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "edge 1: source -1 is outside [0, 4)");
  cr_assert_eq(gnest_graph_from_edges(ctx, -1, 0, NULL, NULL, NULL, NULL, &g),
               GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "negative vertex count n = -1");
  cr_assert_eq(gnest_graph_from_edges(ctx, 3, -2, s, d, NULL, NULL, &g), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "negative edge count m = -2");
  cr_assert_eq(gnest_graph_from_edges(ctx, 3, 2, NULL, d, NULL, NULL, &g),
               GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "src is NULL");
  cr_assert_eq(gnest_graph_from_edges(NULL, 3, 0, NULL, NULL, NULL, NULL, &g),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_graph_from_edges(ctx, 3, 0, NULL, NULL, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);

  /* Empty and edgeless graphs are fine. */
  g = graph_of(ctx, 0, 0, NULL, NULL, NULL, NULL);
  cr_assert_eq(gnest_graph_num_vertices(g), 0);
  cr_assert_eq(gnest_graph_num_edges(g), 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_graph, accessors) {
  gnest_ctx *ctx = cpu_ctx();
  int32_t s[] = {2, 0, 0}, d[] = {0, 2, 1};
  float w[] = {1.5f, 2.5f, 3.5f};
  gnest_graph *g = graph_of(ctx, 3, 3, s, d, w, NULL);
  cr_assert_eq(gnest_graph_num_vertices(g), 3);
  cr_assert_eq(gnest_graph_num_edges(g), 3);
  cr_assert_eq(gnest_graph_is_weighted(g), 1);
  const int64_t *off;
  const int32_t *col;
  const float *wt;
  gnest_graph_csr(g, &off, &col, &wt);
  cr_assert_eq(off[0], 0); cr_assert_eq(off[1], 2); cr_assert_eq(off[2], 2); cr_assert_eq(off[3], 3);
  cr_assert_eq(col[0], 1); cr_assert_eq(col[1], 2); cr_assert_eq(col[2], 0);
  cr_assert_eq(wt[0], 3.5f); cr_assert_eq(wt[1], 2.5f); cr_assert_eq(wt[2], 1.5f);
  cr_assert_eq(g->ctx, ctx);
  gnest_graph_free(g);
  cr_assert_eq(gnest_graph_num_vertices(NULL), 0);
  cr_assert_eq(gnest_graph_is_weighted(NULL), 0);
  gnest_graph_free(NULL);
  gnest_ctx_free(ctx);
}

Test(core_graph, load_options_defaults) {
  gnest_load_options o;
  memset(&o, 0x5a, sizeof o);
  gnest_load_options_init(&o);
  cr_assert_eq(o.format, GNEST_FORMAT_AUTO);
  cr_assert_eq(o.one_based, 0);
  cr_assert_eq(o.symmetrize, 0);
  cr_assert_eq(o.drop_self_loops, 0);
  cr_assert_eq(o.merge_duplicates, 1);
  cr_assert_eq(o.sort_adjacency, 1);
}

/* ---------------------------------------------------------------------------------------------
 * Graphs over borrowed CSR arrays (gnest_graph_from_csr)
 * ------------------------------------------------------------------------------------------- */

/* 0 -> 1 (w 2), 0 -> 2 (w 7), 1 -> 2 (w 3), in the caller's (static) memory: a free() or a write
 * by gnest would crash or show. */
static int64_t csr_off[] = {0, 2, 3, 3};
static int32_t csr_col[] = {1, 2, 2};
static float csr_w[] = {2.0f, 7.0f, 3.0f};

static gnest_status from_csr(gnest_ctx *ctx, int32_t n, int64_t m, const int64_t *off,
                             const int32_t *col, const float *w) {
  gnest_graph *g = (gnest_graph *)&g; /* must come back NULL on failure */
  gnest_status st = gnest_graph_from_csr(ctx, n, m, off, col, w, &g);
  if (st != GNEST_OK) cr_assert_null(g, "no handle on failure");
  gnest_graph_free(g);
  return st;
}

Test(core_graph, from_csr_borrows_without_copying) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_csr(ctx, 3, 3, csr_off, csr_col, csr_w, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert_eq(gnest_graph_num_vertices(g), 3);
  cr_assert_eq(gnest_graph_num_edges(g), 3);
  cr_assert_eq(gnest_graph_is_weighted(g), 1);
  const int64_t *o;
  const int32_t *c;
  const float *wt;
  gnest_graph_csr(g, &o, &c, &wt);
  cr_assert(o == csr_off && c == csr_col && wt == csr_w, "the graph reads the caller's arrays");
  float dist[3];
  cr_assert_eq(gnest_sssp(ctx, g, 0, dist, NULL, NULL), GNEST_OK);
  cr_assert_eq(dist[0], 0.0f); cr_assert_eq(dist[1], 2.0f); cr_assert_eq(dist[2], 5.0f);
  int sym = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  cr_assert_eq(sym, 0);
  gnest_graph_free(g);
  cr_assert_eq(csr_col[1], 2, "arrays untouched after free");
  cr_assert_eq(csr_w[2], 3.0f);

  /* Unweighted, and the empty graph (columns may be NULL without arcs). */
  cr_assert_eq(gnest_graph_from_csr(ctx, 3, 3, csr_off, csr_col, NULL, &g), GNEST_OK);
  cr_assert_eq(gnest_graph_is_weighted(g), 0);
  gnest_graph_free(g);
  int64_t zero[] = {0};
  cr_assert_eq(gnest_graph_from_csr(ctx, 0, 0, zero, NULL, NULL, &g), GNEST_OK);
  cr_assert_eq(gnest_graph_num_vertices(g), 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_graph, from_csr_checks_every_array) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_csr(NULL, 3, 3, csr_off, csr_col, csr_w, &g), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_graph_from_csr(ctx, 3, 3, csr_off, csr_col, csr_w, NULL), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "out is NULL");
  cr_assert_eq(from_csr(ctx, -1, 3, csr_off, csr_col, csr_w), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "negative vertex count n = -1");
  cr_assert_eq(from_csr(ctx, 3, -3, csr_off, csr_col, csr_w), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "negative edge count m = -3");
  cr_assert_eq(from_csr(ctx, 3, 3, NULL, csr_col, csr_w), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "offsets is NULL");
  cr_assert_eq(from_csr(ctx, 3, 3, csr_off, NULL, csr_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "columns is NULL with m = 3");
  cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_graph_from_csr");

  int64_t start1[] = {1, 2, 3, 3};
  cr_assert_eq(from_csr(ctx, 3, 3, start1, csr_col, csr_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "offsets[0] = 1: expected 0");
  int64_t falls[] = {0, 2, 1, 3};
  cr_assert_eq(from_csr(ctx, 3, 3, falls, csr_col, csr_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message,
                   "offsets[2] = 1 is below offsets[1] = 2: offsets must not decrease");
  cr_assert_eq(from_csr(ctx, 3, 2, csr_off, csr_col, csr_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message,
                   "offsets[3] = 3: expected m = 2 (the number of arcs)");

  int32_t high[] = {1, 3, 2}, low[] = {1, 2, -4};
  cr_assert_eq(from_csr(ctx, 3, 3, csr_off, high, csr_w), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "columns[1] = 3 is outside [0, 3)");
  cr_assert_eq(from_csr(ctx, 3, 3, csr_off, low, csr_w), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "columns[2] = -4 is outside [0, 3)");

  float nan_w[] = {2.0f, NAN, 3.0f}, inf_w[] = {2.0f, 7.0f, -INFINITY};
  cr_assert_eq(from_csr(ctx, 3, 3, csr_off, csr_col, nan_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "weights[1] = nan: expected a finite number");
  cr_assert_eq(from_csr(ctx, 3, 3, csr_off, csr_col, inf_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "weights[2] = -inf: expected a finite number");
  gnest_ctx_free(ctx);
}

/* Rows are taken as given; the order flags the algorithms trust are computed, not assumed. */
Test(core_graph, from_csr_notes_row_order) {
  gnest_ctx *ctx = cpu_ctx();
  /* Triangle 0-1-2 stored both ways, rows sorted and duplicate-free. */
  int64_t tri_off[] = {0, 2, 4, 6};
  int32_t sorted_cols[] = {1, 2, 0, 2, 0, 1}, unsorted_cols[] = {2, 1, 0, 2, 0, 1};
  int32_t dup_cols[] = {1, 1, 0, 2, 0, 1};
  gnest_graph *g = NULL;
  uint64_t triangles = 0;
  cr_assert_eq(gnest_graph_from_csr(ctx, 3, 6, tri_off, sorted_cols, NULL, &g), GNEST_OK);
  cr_assert(g->csr.sorted && g->csr.merged);
  cr_assert_eq(gnest_tc(ctx, g, &triangles, NULL, NULL, NULL), GNEST_OK);
  cr_assert_eq(triangles, 1);
  int32_t colors[3], num_colors = 0;
  cr_assert_eq(gnest_color(ctx, g, colors, &num_colors, NULL, NULL), GNEST_OK);
  cr_assert_eq(num_colors, 3);
  gnest_graph_free(g);

  cr_assert_eq(gnest_graph_from_csr(ctx, 3, 6, tri_off, unsorted_cols, NULL, &g), GNEST_OK);
  cr_assert(!g->csr.sorted && !g->csr.merged);
  int sym = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  cr_assert_eq(sym, 1, "symmetry is checked on unsorted rows too");
  cr_assert_eq(gnest_tc(ctx, g, &triangles, NULL, NULL, NULL), GNEST_ERR_INVALID_INPUT);
  assert_contains(gnest_last_error(ctx)->message, "vertex 0 lists 2 then 1");
  gnest_graph_free(g);

  cr_assert_eq(gnest_graph_from_csr(ctx, 3, 6, tri_off, dup_cols, NULL, &g), GNEST_OK);
  cr_assert(g->csr.sorted && !g->csr.merged);
  cr_assert_eq(gnest_tc(ctx, g, &triangles, NULL, NULL, NULL), GNEST_ERR_INVALID_INPUT);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * Symmetry
 * ------------------------------------------------------------------------------------------- */

static int symmetric_of(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *s, const int32_t *d,
                        const float *w, int sort) {
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.sort_adjacency = sort;
  gnest_graph *g = graph_of(ctx, n, m, s, d, w, &o);
  int sym = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  int again = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &again), GNEST_OK); /* cached */
  cr_assert_eq(sym, again);
  cr_assert_eq(g->symmetric_known, 1);
  gnest_graph_free(g);
  return sym;
}

Test(core_graph, is_symmetric) {
  gnest_ctx *ctx = cpu_ctx();
  for (int sort = 0; sort <= 1; ++sort) {
    int32_t ps[] = {0, 1, 1, 2, 3, 2}, pd[] = {1, 0, 2, 1, 2, 3}; /* path 0-1-2-3 both ways */
    cr_assert_eq(symmetric_of(ctx, 4, 6, ps, pd, NULL, sort), 1, "sort %d", sort);
    cr_assert_eq(symmetric_of(ctx, 4, 5, ps, pd, NULL, sort), 0, "one arc missing, sort %d", sort);
    int32_t ds[] = {0, 3, 2}, dd[] = {3, 0, 2}; /* reverse present, and a self-loop */
    float eq[] = {2.0f, 2.0f, 7.0f}, ne[] = {2.0f, 3.0f, 7.0f};
    cr_assert_eq(symmetric_of(ctx, 4, 3, ds, dd, eq, sort), 1, "equal weights, sort %d", sort);
    cr_assert_eq(symmetric_of(ctx, 4, 3, ds, dd, ne, sort), 0, "unequal weights, sort %d", sort);
  }
  /* Duplicates kept: (0,1,5) (0,1,1) (1,0,1): the (0,1,5) arc has no equal reverse. */
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.merge_duplicates = 0;
  int32_t s[] = {0, 0, 1}, d[] = {1, 1, 0};
  float w[] = {5.0f, 1.0f, 1.0f};
  gnest_graph *g = graph_of(ctx, 2, 3, s, d, w, &o);
  int sym = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  cr_assert_eq(sym, 0);
  /* Symmetrized at build time: known without a check. */
  gnest_graph_free(g);
  o.merge_duplicates = 1;
  o.symmetrize = 1;
  g = graph_of(ctx, 2, 3, s, d, w, &o);
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  cr_assert_eq(sym, 1);
  cr_assert_eq(gnest_graph_is_symmetric(ctx, NULL, &sym), GNEST_ERR_INVALID_ARGUMENT);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* More than 2^20 arcs: the rows are checked on host threads; a missing reverse arc in any share
 * is found whatever their count. The ring of tests/common/ring_csr.h, given as a sorted CSR
 * (borrowed, so nothing is known about it before the check). */
Test(core_graph, is_symmetric_on_threads) {
  gnest_ctx *ctx = cpu_ctx();
  const int32_t n = 160000;
  int64_t *off = malloc(sizeof(int64_t) * (n + 1));
  int32_t *cols = malloc(sizeof(int32_t) * kRingDegree * (size_t)n);
  cr_assert(off && cols);
  const char *counts[] = {"1", "3", "7"};
  const int32_t broken[] = {-1, 3, 80000, 159990};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    setenv("GNEST_THREADS", counts[i], 1);
    for (size_t b = 0; b < sizeof broken / sizeof broken[0]; b++) {
      ring_csr(n, off, cols);
      if (broken[b] >= 0) cols[off[broken[b]]] = cols[off[broken[b]] + 1]; /* a duplicate */
      gnest_graph *g = NULL;
      cr_assert_eq(gnest_graph_from_csr(ctx, n, off[n], off, cols, NULL, &g), GNEST_OK);
      int sym = -1;
      cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
      cr_assert_eq(sym, broken[b] < 0, "%s threads, broken row %d", counts[i], broken[b]);
      gnest_graph_free(g);
    }
  }
  unsetenv("GNEST_THREADS");
  free(off);
  free(cols);
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * Degree statistics
 * ------------------------------------------------------------------------------------------- */

Test(core_stats, star_of_2000_leaves) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 2000);
  gnest_degree_stats s;
  cr_assert_eq(gnest_graph_stats(ctx, g, &s), GNEST_OK);
  cr_assert_eq(s.n, 2001);
  cr_assert_eq(s.m, 4000);
  cr_assert_eq(s.max, 2000);
  assert_close(s.mean, 4000.0 / 2001.0);
  /* variance = (n * sum d^2 - m^2) / n^2 with sum d^2 = 2000^2 + 2000 */
  double var = (2001.0 * 4002000.0 - 16000000.0) / (2001.0 * 2001.0);
  assert_close(s.stddev, sqrt(var));
  assert_close(s.cv, sqrt(var) / (4000.0 / 2001.0));
  assert_close(s.vertices_above_32, 1.0 / 2001.0);
  assert_close(s.edges_above_32, 0.5);
  assert_close(s.vertices_above_1024, 1.0 / 2001.0);
  assert_close(s.edges_above_1024, 0.5);
  cr_assert_eq(s.self_loops, 0);
  cr_assert_eq(s.isolated, 0);
  cr_assert_eq(g->stats_known, 1);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_stats, star_between_thresholds) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 100); /* hub degree 100: above 32, not above 1024 */
  gnest_degree_stats s;
  cr_assert_eq(gnest_graph_stats(ctx, g, &s), GNEST_OK);
  assert_close(s.vertices_above_32, 1.0 / 101.0);
  assert_close(s.edges_above_32, 0.5);
  cr_assert_eq(s.vertices_above_1024, 0.0);
  cr_assert_eq(s.edges_above_1024, 0.0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_stats, path) {
  gnest_ctx *ctx = cpu_ctx();
  int32_t s[] = {0, 1, 1, 2, 2, 3, 3, 4}, d[] = {1, 0, 2, 1, 3, 2, 4, 3};
  gnest_graph *g = graph_of(ctx, 5, 8, s, d, NULL, NULL);
  gnest_degree_stats st;
  cr_assert_eq(gnest_graph_stats(ctx, g, &st), GNEST_OK);
  cr_assert_eq(st.n, 5);
  cr_assert_eq(st.m, 8);
  cr_assert_eq(st.max, 2);
  assert_close(st.mean, 1.6);
  assert_close(st.stddev, sqrt(0.24)); /* degrees 1 2 2 2 1: (5*14 - 64) / 25 */
  assert_close(st.cv, sqrt(0.24) / 1.6);
  cr_assert_eq(st.vertices_above_32, 0.0);
  cr_assert_eq(st.edges_above_32, 0.0);
  cr_assert_eq(st.isolated, 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_stats, self_loops_isolated_and_empty) {
  gnest_ctx *ctx = cpu_ctx();
  int32_t s[] = {0, 0, 3, 3}, d[] = {0, 1, 3, 0};
  gnest_graph *g = graph_of(ctx, 5, 4, s, d, NULL, NULL);
  gnest_degree_stats st;
  cr_assert_eq(gnest_graph_stats(ctx, g, &st), GNEST_OK);
  cr_assert_eq(st.self_loops, 2);
  cr_assert_eq(st.isolated, 3); /* 1, 2, 4 */
  gnest_graph_free(g);

  g = graph_of(ctx, 0, 0, NULL, NULL, NULL, NULL);
  cr_assert_eq(gnest_graph_stats(ctx, g, &st), GNEST_OK);
  cr_assert_eq(st.n, 0);
  cr_assert_eq(st.m, 0);
  cr_assert_eq(st.mean, 0.0);
  cr_assert_eq(st.cv, 0.0);
  cr_assert_eq(st.edges_above_32, 0.0);
  gnest_graph_free(g);

  g = graph_of(ctx, 3, 0, NULL, NULL, NULL, NULL); /* no arcs: mean 0, cv 0, all isolated */
  cr_assert_eq(gnest_graph_stats(ctx, g, &st), GNEST_OK);
  cr_assert_eq(st.isolated, 3);
  cr_assert_eq(st.cv, 0.0);
  cr_assert_eq(st.stddev, 0.0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_stats, unsorted_csr_and_128_bit_sums) {
  /* A hand-made unsorted CSR: 0 -> {2, 0, 1, 0}, 1 -> {}, 2 -> {2}. */
  int64_t off[] = {0, 4, 4, 5};
  int32_t cols[] = {2, 0, 1, 0, 2};
  gn_csr c = {3, 5, off, cols, NULL, 0, 0, 0, NULL};
  gn_degree_sums sums;
  gn_degree_sums_cpu(&c, &sums);
  cr_assert_eq(sums.self_loops, 3);
  cr_assert_eq(sums.isolated, 1);
  cr_assert_eq(sums.deg_sum, 5);
  cr_assert_eq(sums.sq_lo, 17);
  cr_assert_eq(sums.sq_hi, 0);

  /* The finishing step with a sum of squares above 2^64: one vertex of degree 2^33 among 4. */
  gn_degree_sums big;
  memset(&big, 0, sizeof big);
  big.n = 4;
  big.deg_sum = (uint64_t)1 << 33;
  big.sq_lo = 0;
  big.sq_hi = 4; /* (2^33)^2 = 2^66 */
  big.max = (uint64_t)1 << 33;
  gnest_degree_stats s;
  gn_degree_stats_finish(&big, &s);
  double m = 8589934592.0;
  assert_close(s.mean, m / 4.0);
  assert_close(s.stddev, sqrt((4.0 * m * m - m * m) / 16.0));
}

Test(core_stats, device_matches_cpu_when_a_device_exists) {
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  if (!gnest_ctx_has_device(ctx)) {
    gnest_ctx_free(ctx);
    cr_skip_test("no CUDA device: device statistics not checked");
  }
  gnest_load_options o;
  gnest_load_options_init(&o);
  for (int sort = 0; sort <= 1; ++sort) {
    o.sort_adjacency = sort;
    int32_t n = 3000;
    int64_t m = 20000;
    int32_t *s = malloc(sizeof(int32_t) * (size_t)m), *d = malloc(sizeof(int32_t) * (size_t)m);
    uint64_t x = 12345;
    for (int64_t i = 0; i < m; ++i) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      s[i] = i < 5000 ? 7 : (int32_t)((x >> 33) % (uint64_t)n); /* a hub plus noise */
      d[i] = (int32_t)((x >> 13) % (uint64_t)n);
      if (i % 97 == 0) d[i] = s[i];
    }
    gnest_graph *g = graph_of(ctx, n, m, s, d, NULL, &o);
    gnest_degree_stats dev, cpu;
    cr_assert_eq(gnest_graph_stats(ctx, g, &dev), GNEST_OK, "%s", gnest_last_error_string(ctx));
    gn_degree_stats_cpu(&g->csr, &cpu);
    cr_assert_eq(memcmp(&dev, &cpu, sizeof dev), 0, "device and CPU statistics differ (sort %d)",
                 sort);
    gnest_graph_free(g);
    free(s);
    free(d);
  }
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * Trees
 * ------------------------------------------------------------------------------------------- */

static void assert_tree_error(int32_t n, const int32_t *parent, gnest_status want,
                              const char *message) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_tree *t = (gnest_tree *)&t;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, parent, &t), want, "%s",
               gnest_last_error_string(ctx));
  cr_assert_null(t);
  cr_assert_str_eq(gnest_last_error(ctx)->message, message);
  cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_tree_from_parents");
  gnest_ctx_free(ctx);
}

Test(core_tree, validation) {
  int32_t cycle[] = {-1, 0, 3, 2};
  assert_tree_error(4, cycle, GNEST_ERR_NOT_A_TREE, "node 2 is on a cycle (not reachable from the root 0)");
  /* Node 1 hangs off the cycle 2 -> 3 -> 4 -> 2: the node named is on the cycle itself. */
  int32_t hanging[] = {-1, 4, 3, 4, 2};
  assert_tree_error(5, hanging, GNEST_ERR_NOT_A_TREE, "node 2 is on a cycle (not reachable from the root 0)");
  int32_t two_roots[] = {1, -1, 0, -1, -1};
  assert_tree_error(5, two_roots, GNEST_ERR_NOT_A_TREE, "two roots: 1 and 3");
  int32_t no_root[] = {1, 2, 0};
  assert_tree_error(3, no_root, GNEST_ERR_NOT_A_TREE,
                    "no root (no node has parent -1): the parent links form a cycle");
  int32_t far[] = {-1, 0, 0, 0, 0, 99};
  assert_tree_error(6, far, GNEST_ERR_OUT_OF_RANGE, "node 5 has parent 99, expected -1 or [0, 6)");
  int32_t neg[] = {-1, -2};
  assert_tree_error(2, neg, GNEST_ERR_OUT_OF_RANGE, "node 1 has parent -2, expected -1 or [0, 2)");
  int32_t self[] = {-1, 1};
  assert_tree_error(2, self, GNEST_ERR_NOT_A_TREE, "node 1 is on a cycle (not reachable from the root 0)");
  assert_tree_error(0, cycle, GNEST_ERR_INVALID_INPUT, "empty tree (n = 0)");
  assert_tree_error(-3, cycle, GNEST_ERR_INVALID_ARGUMENT, "negative node count n = -3");
  assert_tree_error(3, NULL, GNEST_ERR_INVALID_ARGUMENT, "parent is NULL");
}

Test(core_tree, single_node_and_chain) {
  gnest_ctx *ctx = cpu_ctx();
  int32_t one[] = {-1};
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, 1, one, &t), GNEST_OK);
  gnest_tree_stats s;
  cr_assert_eq(gnest_tree_stats_get(ctx, t, &s), GNEST_OK);
  cr_assert_eq(s.depth, 1);
  cr_assert_eq(s.leaves, 1);
  cr_assert_eq(s.max_out_degree, 0);
  cr_assert_eq(s.nodes_per_level[0], 1);
  gnest_tree_free(t);

  int32_t n = 10000;
  int32_t *chain = malloc(sizeof(int32_t) * (size_t)n);
  for (int32_t i = 0; i < n; ++i) chain[i] = i - 1;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, chain, &t), GNEST_OK);
  cr_assert_eq(gnest_tree_stats_get(ctx, t, &s), GNEST_OK);
  cr_assert_eq(s.depth, n);
  cr_assert_eq(s.leaves, 1);
  cr_assert_eq(s.max_out_degree, 1);
  cr_assert_eq(s.root, 0);
  for (int32_t l = 0; l < n; ++l) {
    cr_assert_eq(s.nodes_per_level[l], 1);
    cr_assert_eq(s.children_per_level[l], l + 1 < n ? 1 : 0);
  }
  /* A chain numbered backwards: root n-1. */
  for (int32_t i = 0; i < n; ++i) chain[i] = i + 1 < n ? i + 1 : -1;
  gnest_tree_free(t);
  cr_assert_eq(gnest_tree_from_parents(ctx, n, chain, &t), GNEST_OK);
  cr_assert_eq(gnest_tree_root(t), n - 1);
  cr_assert_eq(t->order[n - 1], 0);
  gnest_tree_free(t);
  free(chain);
  gnest_ctx_free(ctx);
}

Test(core_tree, hand_made_stats_and_arrays) {
  /*        2
   *      /   \
   *     0     1
   *   / | \    \
   *  3  5  6    4
   *     |
   *     7                                      */
  int32_t parent[] = {2, 2, -1, 0, 1, 0, 0, 5};
  gnest_ctx *ctx = cpu_ctx();
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, 8, parent, &t), GNEST_OK);
  cr_assert_eq(gnest_tree_num_nodes(t), 8);
  cr_assert_eq(gnest_tree_root(t), 2);
  const int32_t *p, *ch;
  const int64_t *off;
  gnest_tree_arrays(t, &p, &off, &ch);
  cr_assert_arr_eq(p, parent, sizeof parent);
  int64_t want_off[] = {0, 3, 4, 6, 6, 6, 7, 7, 7};
  int32_t want_ch[] = {3, 5, 6, 4, 0, 1, 7};
  cr_assert_arr_eq(off, want_off, sizeof want_off);
  cr_assert_arr_eq(ch, want_ch, sizeof want_ch);
  int32_t want_order[] = {2, 0, 1, 3, 5, 6, 4, 7};
  cr_assert_arr_eq(t->order, want_order, sizeof want_order);
  int64_t want_level_off[] = {0, 1, 3, 7, 8};
  cr_assert_arr_eq(t->level_offsets, want_level_off, sizeof want_level_off);

  gnest_tree_stats s;
  cr_assert_eq(gnest_tree_stats_get(ctx, t, &s), GNEST_OK);
  cr_assert_eq(s.n, 8);
  cr_assert_eq(s.root, 2);
  cr_assert_eq(s.depth, 4);
  cr_assert_eq(s.leaves, 4); /* 3 6 4 7 */
  cr_assert_eq(s.max_out_degree, 3);
  int64_t nodes[] = {1, 2, 4, 1}, kids[] = {2, 4, 1, 0};
  int32_t maxd[] = {2, 3, 1, 0};
  cr_assert_arr_eq(s.nodes_per_level, nodes, sizeof nodes);
  cr_assert_arr_eq(s.children_per_level, kids, sizeof kids);
  cr_assert_arr_eq(s.max_degree_per_level, maxd, sizeof maxd);
  cr_assert_eq(gnest_tree_stats_get(ctx, NULL, &s), GNEST_ERR_INVALID_ARGUMENT);
  gnest_tree_free(t);
  gnest_tree_free(NULL);
  gnest_ctx_free(ctx);
}

static gnest_status tree_from_edges(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *s,
                                    const int32_t *d, int32_t root, int merge, gnest_tree **t) {
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.merge_duplicates = merge;
  gnest_graph *g = graph_of(ctx, n, m, s, d, NULL, &o);
  gnest_status st = gnest_tree_from_graph(ctx, g, root, t);
  gnest_graph_free(g);
  return st;
}

Test(core_tree, from_graph) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_tree *t = NULL;
  /* Edges in mixed directions, some both ways: 0-1, 1-2 (as 2->1), 1-3 (both), 3-4. */
  int32_t s[] = {0, 2, 1, 3, 4}, d[] = {1, 1, 3, 1, 3};
  cr_assert_eq(tree_from_edges(ctx, 5, 5, s, d, 1, 1, &t), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  const int32_t *p;
  gnest_tree_arrays(t, &p, NULL, NULL);
  int32_t want[] = {1, -1, 1, 1, 3};
  cr_assert_arr_eq(p, want, sizeof want);
  gnest_tree_free(t);
  cr_assert_eq(tree_from_edges(ctx, 5, 5, s, d, 4, 1, &t), GNEST_OK);
  gnest_tree_arrays(t, &p, NULL, NULL);
  int32_t want4[] = {1, 3, 1, 4, -1};
  cr_assert_arr_eq(p, want4, sizeof want4);
  gnest_tree_free(t);

  /* A single vertex is a tree. */
  cr_assert_eq(tree_from_edges(ctx, 1, 0, NULL, NULL, 0, 1, &t), GNEST_OK);
  cr_assert_eq(gnest_tree_num_nodes(t), 1);
  gnest_tree_free(t);
  gnest_ctx_free(ctx);
}

Test(core_tree, from_graph_errors) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_tree *t = (gnest_tree *)&t;
  int32_t tri_s[] = {0, 1, 2}, tri_d[] = {1, 2, 0};
  cr_assert_eq(tree_from_edges(ctx, 3, 3, tri_s, tri_d, 0, 1, &t), GNEST_ERR_NOT_A_TREE);
  cr_assert_null(t);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "cycle through 1-2");

  int32_t dis_s[] = {0, 2}, dis_d[] = {1, 3};
  cr_assert_eq(tree_from_edges(ctx, 4, 2, dis_s, dis_d, 0, 1, &t), GNEST_ERR_NOT_A_TREE);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "vertex 2 not reachable from the root 0");

  cr_assert_eq(tree_from_edges(ctx, 4, 2, dis_s, dis_d, 4, 1, &t), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "root 4 is outside [0, 4)");
  cr_assert_eq(tree_from_edges(ctx, 4, 2, dis_s, dis_d, -1, 1, &t), GNEST_ERR_OUT_OF_RANGE);

  int32_t loop_s[] = {0, 1}, loop_d[] = {1, 1};
  cr_assert_eq(tree_from_edges(ctx, 2, 2, loop_s, loop_d, 0, 1, &t), GNEST_ERR_NOT_A_TREE);
  assert_contains(gnest_last_error(ctx)->message, "cycle through 1-1");

  int32_t dup_s[] = {0, 0}, dup_d[] = {1, 1}; /* the same arc twice: a double edge */
  cr_assert_eq(tree_from_edges(ctx, 2, 2, dup_s, dup_d, 0, 0, &t), GNEST_ERR_NOT_A_TREE);
  assert_contains(gnest_last_error(ctx)->message, "cycle through 1-0");
  cr_assert_eq(tree_from_edges(ctx, 2, 2, dup_s, dup_d, 0, 1, &t), GNEST_OK); /* merged: fine */
  gnest_tree_free(t);

  cr_assert_eq(gnest_tree_from_graph(ctx, NULL, 0, &t), GNEST_ERR_INVALID_ARGUMENT);
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * The backend registry (src/sched/backends.def): every test here walks the registry, so a backend
 * added there is checked without editing this file
 * ------------------------------------------------------------------------------------------- */

static const gn_backend_entry *entry_of(int b) {
  const gn_backend_entry *e = gn_backend_entry_of((gnest_backend)b);
  cr_assert_not_null(e, "backends.def: no entry in place for gnest_backend %d (out of enum order?)",
                     b);
  return e;
}

/* Built: every entry but the planned ones (the selector is built; it runs nothing itself). */
static int where_built(gn_where w) { return w != GN_WHERE_PLANNED; }

static int where_device(gn_where w) {
  return w == GN_WHERE_DEVICE || w == GN_WHERE_DEVICE_LAUNCH || w == GN_WHERE_HYBRID;
}

static void assert_ends_with(const char *text, const char *tail) {
  size_t len = strlen(text), tlen = strlen(tail);
  cr_assert(len >= tlen && strcmp(text + len - tlen, tail) == 0, "expected \"%s\" to end with \"%s\"",
            text, tail);
}

/* 1 when the space-separated list holds the word of len characters. */
static int has_word(const char *list, const char *word, size_t len) {
  for (const char *p = list; *p;) {
    p += strspn(p, " ");
    size_t n = strcspn(p, " ");
    if (n == len && strncmp(p, word, len) == 0) return 1;
    p += n;
  }
  return 0;
}

Test(core_registry, one_entry_per_backend_in_enum_order_with_unique_names) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    cr_assert_eq(e->id, b);
    cr_assert(e->name && e->name[0], "backend %d has no name", b);
    cr_assert_eq(strcspn(e->name, " \t=;"), strlen(e->name), "name '%s' cannot be a word of "
                 "gnest_options_parse", e->name);
    cr_assert(e->summary && e->summary[0], "%s has no summary", e->name);
    cr_assert(e->options && e->configs && e->why_not, "%s: a NULL text", e->name);
    for (int c = 0; c < b; ++c)
      cr_assert_str_neq(e->name, entry_of(c)->name, "backends %d and %d share a name", c, b);
  }
  cr_assert_null(gn_backend_entry_of(GNEST_BACKEND_COUNT));
  cr_assert_null(gn_backend_entry_of((gnest_backend)-1));
}

Test(core_registry, describe_follows_the_registry) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    gnest_backend_desc d;
    memset(&d, 0x5a, sizeof d);
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK, "%s", e->name);
    cr_assert_eq(d.backend, b);
    cr_assert_str_eq(d.name, e->name);
    cr_assert_str_eq(d.name, gnest_backend_name((gnest_backend)b));
    cr_assert_str_eq(d.summary, e->summary);
    cr_assert_str_eq(d.options, e->options);
    cr_assert_geq(d.num_settings, 0);
    cr_assert_eq(d.built, where_built(e->where), "%s: built %d", e->name, d.built);
    cr_assert_eq(d.needs_device, where_device(e->where), "%s: needs_device %d", e->name,
                 d.needs_device);
    cr_assert_eq(d.device_launches, e->where == GN_WHERE_DEVICE_LAUNCH, "%s: device_launches %d",
                 e->name, d.device_launches);
    if (!d.built || e->where == GN_WHERE_SELECTOR)
      cr_assert_eq(d.num_configs, 0, "%s runs nothing itself but has configurations", d.name);
    else /* else the GPU test matrix would never run it */
      cr_assert_gt(d.num_configs, 0, "built backend %s has no test configuration", d.name);
  }
  gnest_backend_desc d, before;
  memset(&d, 0x5a, sizeof d);
  before = d;
  const int bad[] = {GNEST_BACKEND_COUNT, -1, 1000};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    cr_assert_eq(gnest_backend_describe((gnest_backend)bad[i], &d), GNEST_ERR_INVALID_ARGUMENT,
                 "%d", bad[i]);
    cr_assert_eq(memcmp(&d, &before, sizeof d), 0, "describe(%d) wrote its output", bad[i]);
    char text[64];
    snprintf(text, sizeof text, "%d is not a gnest_backend value", bad[i]);
    assert_contains(gnest_last_error(NULL)->message, text);
  }
  cr_assert_eq(gnest_backend_describe(GNEST_BACKEND_CPU, NULL), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(NULL)->message, "out is NULL");
}

/* Every configuration of every built backend loads, names only options the backend reads, differs
 * from the others, and reads back from its label; k outside [0, num_configs) is refused. */
Test(core_registry, every_configuration_loads) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d;
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK);
    gnest_options seen[64];
    cr_assert_leq(d.num_configs, 64, "%s: more configurations than this test holds", d.name);
    for (int k = 0; k < d.num_configs; ++k) {
      gnest_options o;
      char label[256];
      memset(&o, 0x5a, sizeof o);
      memset(label, 'x', sizeof label);
      gnest_status st = gnest_backend_config((gnest_backend)b, k, &o, label, sizeof label);
      cr_assert_eq(st, GNEST_OK, "%s configuration %d: %s", d.name, k,
                   gnest_last_error_string(NULL));
      cr_assert_eq(o.backend, b, "%s [%s]: backend %d", d.name, label, (int)o.backend);
      cr_assert_neq(label[0], '\0', "%s configuration %d: empty label", d.name, k);
      gnest_options back;
      gnest_options_init(&back);
      cr_assert_eq(gnest_options_parse(&back, label), GNEST_OK, "%s [%s]", d.name, label);
      back.backend = (gnest_backend)b;
      cr_assert(bm_options_equal(&back, &o), "%s [%s]: the label does not give its options",
                d.name, label);
      for (const char *p = label; *p;) { /* every key is an option the backend reads */
        p += strspn(p, " ");
        size_t n = strcspn(p, " "), key = strcspn(p, "=");
        if (key < n) /* a key=value word ("default" has none) */
          cr_assert(has_word(d.options, p, key), "%s [%s]: sets '%.*s', which %s does not read "
                    "(reads: %s)", d.name, label, (int)key, p, d.name, d.options);
        p += n;
      }
      for (int j = 0; j < k; ++j)
        cr_assert(!bm_options_equal(&seen[j], &o), "%s: configurations %d and %d are the same "
                  "options", d.name, j, k);
      seen[k] = o;
      cr_assert_eq(gnest_backend_config((gnest_backend)b, k, &o, NULL, 0), GNEST_OK,
                   "%s configuration %d without a label", d.name, k);
      char tiny[4];
      cr_assert_eq(gnest_backend_config((gnest_backend)b, k, &o, tiny, sizeof tiny), GNEST_OK);
      cr_assert_lt(strlen(tiny), sizeof tiny, "%s: label not cut to its buffer", d.name);
    }
    /* Past the end, and before the start: refused, opts unchanged. */
    const int outside[] = {d.num_configs, -1};
    for (size_t i = 0; i < 2; ++i) {
      gnest_options o, before;
      memset(&o, 0x5a, sizeof o);
      before = o;
      cr_assert_eq(gnest_backend_config((gnest_backend)b, outside[i], &o, NULL, 0),
                   GNEST_ERR_INVALID_ARGUMENT, "%s configuration %d", d.name, outside[i]);
      cr_assert_eq(memcmp(&o, &before, sizeof o), 0, "%s: opts written on failure", d.name);
      char text[96];
      snprintf(text, sizeof text, "has %d test configurations; %d is not one of them",
               d.num_configs, outside[i]);
      assert_contains(gnest_last_error(NULL)->message, text);
    }
  }
  gnest_options o;
  cr_assert_eq(gnest_backend_config(GNEST_BACKEND_COUNT, 0, &o, NULL, 0),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_config(GNEST_BACKEND_CPU, 0, NULL, NULL, 0),
               GNEST_ERR_INVALID_ARGUMENT);
}

/* The keys of gnest_options' own fields (the rest of a backend's OPTIONS are settings). */
static const char *const field_keys[] = {"backend", "threshold", "block_size", "schedule",
                                         "bfs_direction", "color_method", "tc_method",
                                         "tree_method", NULL};

static int is_field_key(const char *key, size_t len) {
  for (int i = 0; field_keys[i]; ++i)
    if (strlen(field_keys[i]) == len && strncmp(field_keys[i], key, len) == 0) return 1;
  return 0;
}

/* Each GN_SETTING row: one key, no field's name, help, a default among its values, and read by
 * the backend it is declared with. */
Test(core_registry, settings_declared_once_with_their_owner) {
  cr_assert_gt(gn_setting_count(), 0);
  cr_assert_null(gn_setting_at(gn_setting_count()));
  cr_assert_null(gn_setting_at(-1));
  for (int k = 0; k < gn_setting_count(); ++k) {
    const gn_setting_entry *e = gn_setting_at(k);
    cr_assert(e->key && e->key[0] && e->help && e->help[0] && e->words, "setting %d", k);
    cr_assert_eq(strcspn(e->key, " \t=;"), strlen(e->key), "key '%s'", e->key);
    cr_assert(!is_field_key(e->key, strlen(e->key)), "%s is a gnest_options field", e->key);
    cr_assert_eq(gn_setting_find(e->key, strlen(e->key)), e, "%s declared twice", e->key);
    cr_assert(gn_backend_reads(e->owner, e->key), "%s is declared with %s, which does not read it",
              e->key, gnest_backend_name(e->owner));
    cr_assert_eq(e->kind == GN_SETTING_WORDS, e->words[0] != '\0', "%s: words", e->key);
    cr_assert_leq(e->min, gn_setting_max(e), "%s: empty range", e->key);
    /* the default's word parses back to the default */
    char word[64], text[128];
    snprintf(text, sizeof text, "%s=%s", e->key, gn_setting_word(e, e->def, word, sizeof word));
    gnest_options o;
    gnest_options_init(&o);
    cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: %s", text,
                 gnest_last_error_string(NULL));
    gn_opts r;
    cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
    cr_assert_eq(gn_setting_get(&r, e), e->def, "%s", text);
  }
  cr_assert_null(gn_setting_find("threshold", 9));
  cr_assert_null(gn_setting_find("lane", 4));
}

/* Every word of a backend's OPTIONS is a gnest_options field or a declared setting. */
Test(core_registry, options_name_fields_or_settings) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    for (const char *p = e->options + strspn(e->options, " "); *p; p += strspn(p, " ")) {
      const size_t n = strcspn(p, " ");
      cr_assert(is_field_key(p, n) || gn_setting_find(p, n), "%s reads '%.*s', which is neither "
                "a gnest_options field nor a GN_SETTING of backends.def", e->name, (int)n, p);
      p += n;
    }
  }
}

/* gnest_backend_setting: the settings in the backend's OPTIONS, in declaration order, as the
 * rows say. */
Test(core_registry, settings_describe_follows_the_registry) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d;
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK);
    int k = 0;
    for (int i = 0; i < gn_setting_count(); ++i) {
      const gn_setting_entry *e = gn_setting_at(i);
      if (!has_word(d.options, e->key, strlen(e->key))) continue;
      gnest_setting_desc s;
      memset(&s, 0x5a, sizeof s);
      cr_assert_eq(gnest_backend_setting((gnest_backend)b, k, &s), GNEST_OK, "%s %d", d.name, k);
      cr_assert_str_eq(s.key, e->key);
      cr_assert_str_eq(s.help, e->help);
      cr_assert_str_eq(s.type, e->kind == GN_SETTING_WORDS ? "words" : "int");
      cr_assert_str_eq(s.words, e->words);
      cr_assert_eq(s.max, gn_setting_max(e));
      cr_assert_eq(s.min, e->kind == GN_SETTING_WORDS ? 0 : e->min);
      char want[96];
      cr_assert_str_eq(s.values, gn_setting_values(e, want, sizeof want));
      cr_assert_str_eq(s.default_value, gn_setting_word(e, e->def, want, sizeof want));
      ++k;
    }
    cr_assert_eq(d.num_settings, k, "%s reads %d settings, describe says %d", d.name, k,
                 d.num_settings);
    gnest_setting_desc s, before;
    memset(&s, 0x5a, sizeof s);
    before = s;
    cr_assert_eq(gnest_backend_setting((gnest_backend)b, k, &s), GNEST_ERR_INVALID_ARGUMENT);
    cr_assert_eq(memcmp(&s, &before, sizeof s), 0, "%s: written on failure", d.name);
    char text[96];
    snprintf(text, sizeof text, "backend '%s' reads %d settings; %d is not one of them", d.name,
             k, k);
    assert_contains(gnest_last_error(NULL)->message, text);
    cr_assert_eq(gnest_backend_setting((gnest_backend)b, -1, &s), GNEST_ERR_INVALID_ARGUMENT);
  }
  /* what people read, for each kind */
  gnest_setting_desc s;
  gnest_backend_desc d;
  cr_assert_eq(gnest_backend_describe(GNEST_BACKEND_FLAT, &d), GNEST_OK);
  cr_assert_eq(d.num_settings, 2);
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FLAT, 0, &s), GNEST_OK);
  cr_assert_str_eq(s.key, "cta_levels");
  cr_assert_str_eq(s.values, "off (or -1) or an integer >= 0");
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FLAT, 1, &s), GNEST_OK);
  cr_assert_str_eq(s.key, "lanes");
  cr_assert_str_eq(s.values, "0, 1, 2, 4, 8, 16 or 32");
  cr_assert_str_eq(s.default_value, "0");
  cr_assert_eq(gnest_backend_describe(GNEST_BACKEND_CPU, &d), GNEST_OK);
  cr_assert_eq(d.num_settings, 0, "the reference reads no setting");
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FREELAUNCH, 0, &s), GNEST_OK);
  cr_assert_str_eq(s.key, "freelaunch_mode");
  cr_assert_str_eq(s.type, "words");
  cr_assert_str_eq(s.values, "auto, t1, t2, t3 or t4");
  cr_assert_str_eq(s.default_value, "auto");
  cr_assert_eq(s.max, 4);
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_COUNT, 0, &s), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FLAT, 0, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

/* The GPU matrix's run filters (tests/common/backend_matrix.h), checked here since the GPU suites
 * skip without a device: each filter narrows, and the hybrids' runs (host_levels) are in exactly
 * one of BM_DEVICE_LEVELS / BM_HOST_LEVELS, so split families run every configuration once. */
Test(core_registry, matrix_filters_split_the_hybrids_off) {
  bm_run runs[4];
  memset(runs, 0, sizeof runs);
  for (int i = 0; i < 4; i++) {
    runs[i].primary = i % 2 == 0;
    runs[i].host_levels = i >= 2;
  }
  const bm_configs split[] = {(bm_configs)(BM_PRIMARY | BM_DEVICE_LEVELS),
                              (bm_configs)(BM_OTHERS | BM_DEVICE_LEVELS), BM_HOST_LEVELS};
  for (int i = 0; i < 4; i++) {
    int taken = 0;
    for (int k = 0; k < 3; k++) taken += bm_selected(&runs[i], split[k]);
    cr_assert_eq(taken, 1, "run %d (primary %d, host_levels %d) taken %d times", i,
                 runs[i].primary, runs[i].host_levels, taken);
    cr_assert(bm_selected(&runs[i], BM_ALL));
    cr_assert_eq(bm_selected(&runs[i], BM_PRIMARY), runs[i].primary);
    cr_assert_eq(bm_selected(&runs[i], BM_OTHERS), !runs[i].primary);
  }
  /* Each hybrid's primary configuration only (USA-road-FLA): run 2, not 3. */
  const bm_configs host_primary = (bm_configs)(BM_PRIMARY | BM_HOST_LEVELS);
  cr_assert(bm_selected(&runs[2], host_primary) && !bm_selected(&runs[3], host_primary));
  bm_matrix m = {NULL, runs, 2}; /* no hybrid among the runs: nothing for BM_HOST_LEVELS */
  cr_assert(!bm_any_selected(&m, BM_HOST_LEVELS));
  m.count = 4;
  cr_assert(bm_any_selected(&m, BM_HOST_LEVELS));
}

Test(core_registry, availability_follows_the_registry) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_ctx dev = fake_device_ctx();
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    gnest_status on_cpu = gnest_backend_available(ctx, (gnest_backend)b);
    gnest_status on_dev = gnest_backend_available(&dev, (gnest_backend)b);
    if (e->where == GN_WHERE_PLANNED) {
      cr_assert_eq(on_cpu, GNEST_ERR_BACKEND_UNAVAILABLE, "planned %s on the CPU", e->name);
      cr_assert_eq(on_dev, GNEST_ERR_BACKEND_UNAVAILABLE, "planned %s on a device", e->name);
      gnest_backend_desc d;
      gnest_backend_describe((gnest_backend)b, &d);
      cr_assert_eq(d.num_configs, 0, "planned %s has configurations", e->name);
    } else if (e->where == GN_WHERE_HYBRID) {
      /* Host threads beside the device need its concurrent managed access, which a device the
       * library has not opened (this fake one) is not known to have: unavailable, never
       * another backend in its place. */
      cr_assert_eq(on_cpu, GNEST_ERR_NO_DEVICE, "hybrid backend %s on the CPU: %s", e->name,
                   gnest_strerror(on_cpu));
      cr_assert_eq(on_dev, GNEST_ERR_BACKEND_UNAVAILABLE, "hybrid backend %s on a device "
                   "without concurrent managed access: %s", e->name, gnest_strerror(on_dev));
      cr_assert(gn_backend_host_work((gnest_backend)b), "%s", e->name);
    } else if (where_device(e->where)) {
      cr_assert_eq(on_cpu, GNEST_ERR_NO_DEVICE, "device backend %s on the CPU: %s", e->name,
                   gnest_strerror(on_cpu));
      cr_assert_eq(on_dev, GNEST_OK, "device backend %s on a device", e->name);
      cr_assert(!gn_backend_host_work((gnest_backend)b), "%s", e->name);
    } else { /* the selector and host backends run anywhere */
      cr_assert_eq(on_cpu, GNEST_OK, "%s on the CPU", e->name);
      cr_assert_eq(on_dev, GNEST_OK, "%s on a device", e->name);
    }
  }
  /* Documented: auto and cpu always run. */
  cr_assert_eq(gnest_backend_available(ctx, GNEST_BACKEND_AUTO), GNEST_OK);
  cr_assert_eq(gnest_backend_available(ctx, GNEST_BACKEND_CPU), GNEST_OK);
  cr_assert_eq(gnest_backend_available(ctx, GNEST_BACKEND_COUNT), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_available(ctx, (gnest_backend)-1), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_available(NULL, GNEST_BACKEND_CPU), GNEST_ERR_INVALID_ARGUMENT);
  gnest_ctx_free(ctx);
}

Test(core_registry, applies_follows_the_registry) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    for (int a = 0; a < GNEST_ALGO_COUNT; ++a) {
      const char *why = NULL;
      int applies = gn_backend_applies((gnest_backend)b, (gnest_algorithm)a, &why);
      cr_assert_not_null(why);
      /* The selector never runs by itself. */
      const int want = where_built(e->where) && e->where != GN_WHERE_SELECTOR &&
                       (e->algos & GN_ALGO_BIT(a)) != 0;
      cr_assert_eq(applies, want, "%s / %s: applies %d", e->name, gn_algo_name((gnest_algorithm)a),
                   applies);
      if (applies) continue;
      cr_assert_neq(why[0], '\0', "%s / %s: no reason", e->name, gn_algo_name((gnest_algorithm)a));
      if (e->where == GN_WHERE_PLANNED) cr_assert_str_eq(why, "not available in this build");
      else if (e->where != GN_WHERE_SELECTOR) cr_assert_str_eq(why, e->why_not);
    }
  }
  /* The reference runs everything. */
  for (int a = 0; a < GNEST_ALGO_COUNT; ++a)
    cr_assert_eq(gn_backend_applies(GNEST_BACKEND_CPU, (gnest_algorithm)a, NULL), 1, "cpu / %s",
                 gn_algo_name((gnest_algorithm)a));
  const char *why = NULL;
  cr_assert_eq(gn_backend_applies(GNEST_BACKEND_CPU, GNEST_ALGO_COUNT, &why), 0);
  cr_assert_str_eq(why, "unknown algorithm");
  cr_assert_eq(gn_backend_applies(GNEST_BACKEND_COUNT, GNEST_ALGO_BFS, &why), 0);
  cr_assert_str_eq(why, "unknown backend");
  cr_assert_str_eq(gn_algo_name(GNEST_ALGO_TREE_HEIGHTS), "tree-heights");
  cr_assert_str_eq(gn_algo_name(GNEST_ALGO_COUNT), "unknown");
}

/* The "available: ..." text of messages lists exactly the built backends, in registry order. */
Test(core_registry, built_text_lists_the_built_backends) {
  char want[512] = "";
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b)
    if (where_built(entry_of(b)->where))
      snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", want[0] ? ", " : "",
               entry_of(b)->name);
  cr_assert_neq(want[0], '\0');
  cr_assert_str_eq(gn_backends_built_text(), want);
}

Test(core_backend, names_round_trip) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const char *name = gnest_backend_name((gnest_backend)b);
    cr_assert_not_null(name, "backend %d", b);
    gnest_backend back = GNEST_BACKEND_COUNT;
    cr_assert_eq(gnest_backend_from_name(name, &back), GNEST_OK, "%s", name);
    cr_assert_eq(back, b, "%s gave %d", name, (int)back);
  }
  cr_assert_str_eq(gnest_backend_name(GNEST_BACKEND_AUTO), "auto"); /* documented in gnest.h */
  cr_assert_str_eq(gnest_backend_name(GNEST_BACKEND_CPU), "cpu");
  cr_assert_null(gnest_backend_name(GNEST_BACKEND_COUNT));
  cr_assert_null(gnest_backend_name((gnest_backend)-1));
  gnest_backend out = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_backend_from_name("bogus", &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(out, GNEST_BACKEND_CPU);
  const char *msg = gnest_last_error(NULL)->message;
  assert_contains(msg, "unknown backend 'bogus'");
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) /* the message lists what exists */
    assert_contains(msg, gnest_backend_name((gnest_backend)b));
  cr_assert_eq(gnest_backend_from_name("CPU", &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_from_name("", &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_from_name(NULL, &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_from_name("cpu", NULL), GNEST_ERR_INVALID_ARGUMENT);
}

Test(core_options, defaults) {
  gnest_options o;
  memset(&o, 0x5a, sizeof o);
  gnest_options_init(&o);
  cr_assert_eq(o.backend, GNEST_BACKEND_AUTO);
  cr_assert_eq(o.threshold, 0);
  cr_assert_eq(o.block_size, 0);
  cr_assert_eq(o.schedule, GNEST_SCHEDULE_DYNAMIC);
  cr_assert_eq(o.bfs_direction, GNEST_BFS_AUTO);
  cr_assert_eq(o.color_method, GNEST_COLOR_AUTO);
  cr_assert_eq(o.tc_method, GNEST_TC_AUTO);
  cr_assert_eq(o.tree_method, GNEST_TREE_METHOD_AUTO);
  cr_assert_str_eq(o.settings, "");
  /* resolved: every setting at its row's default */
  gn_opts r;
  memset(&r, 0x5a, sizeof r);
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
  cr_assert_gt(gn_setting_count(), 0);
  for (int k = 0; k < gn_setting_count(); ++k) {
    const gn_setting_entry *e = gn_setting_at(k);
    cr_assert_eq(gn_setting_get(&r, e), e->def, "%s", e->key);
  }
  gn_opts d;
  gn_opts_defaults(&d);
  cr_assert_eq(memcmp(&d, &r, sizeof d), 0, "gn_opts_defaults and an empty settings text differ");
}

/* ---------------------------------------------------------------------------------------------
 * gnest_options_parse
 * ------------------------------------------------------------------------------------------- */

/* Every field away from its default, and some settings, to see what a parse changes and what it
 * leaves. */
static gnest_options odd_options(void) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  o.threshold = 7;
  o.schedule = GNEST_SCHEDULE_STATIC;
  o.block_size = 512;
  o.tree_method = GNEST_TREE_METHOD_LEVELS;
  o.bfs_direction = GNEST_BFS_TOP_DOWN;
  o.color_method = GNEST_COLOR_ROUNDS;
  o.tc_method = GNEST_TC_SEARCH;
  snprintf(o.settings, sizeof o.settings, "granularity=block wboost=1 kc=3 lanes=16");
  return o;
}

static void expect_parse(gnest_options start, const char *text, gnest_options want) {
  gnest_status st = gnest_options_parse(&start, text);
  cr_assert_eq(st, GNEST_OK, "\"%s\": %s", text, gnest_last_error_string(NULL));
  cr_assert(bm_options_equal(&start, &want),
            "\"%s\": got backend %d threshold %d schedule %d block_size %d settings \"%s\"", text,
            (int)start.backend, start.threshold, (int)start.schedule, start.block_size,
            start.settings);
}

/* Parsing text on top of settings gives the settings want, word for word. */
static void expect_settings(const char *settings, const char *text, const char *want) {
  gnest_options o;
  gnest_options_init(&o);
  snprintf(o.settings, sizeof o.settings, "%s", settings);
  cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "\"%s\" on \"%s\": %s", text, settings,
               gnest_last_error_string(NULL));
  cr_assert_str_eq(o.settings, want, "\"%s\" on \"%s\"", text, settings);
}

/* The value of setting key once text is parsed and resolved. */
static int32_t resolved_setting(const char *text, const char *key) {
  gnest_options o;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: %s", text,
               gnest_last_error_string(NULL));
  gn_opts r;
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK, "%s: %s", text,
               gnest_last_error_string(NULL));
  const gn_setting_entry *e = gn_setting_find(key, strlen(key));
  cr_assert_not_null(e, "no setting %s", key);
  return gn_setting_get(&r, e);
}

Test(core_options, parse_good_words) {
  gnest_options d, w;
  gnest_options_init(&d);
  const gnest_options odd = odd_options();
  w = d, w.threshold = 5;
  expect_parse(d, "threshold=5", w);
  w = d, w.block_size = 64;
  expect_parse(d, "block_size=64", w);
  w = odd, w.threshold = 0;
  expect_parse(odd, "threshold=0", w); /* 0 = the default, accepted */
  w = odd, w.schedule = GNEST_SCHEDULE_DYNAMIC;
  expect_parse(odd, "schedule=dynamic", w);
  /* A method key's words, in the order of its enum's values. */
#define EXPECT_METHOD_WORDS(field, type, ...)                           \
  do {                                                                  \
    const char *words[] = {__VA_ARGS__};                                \
    for (int i = 0; i < (int)(sizeof words / sizeof words[0]); ++i) {   \
      char text[64];                                                    \
      snprintf(text, sizeof text, #field "=%s", words[i]);              \
      w = odd, w.field = (type)i;                                       \
      expect_parse(odd, text, w);                                       \
    }                                                                   \
  } while (0)
  EXPECT_METHOD_WORDS(tree_method, gnest_tree_method, "auto", "levels", "euler");
  EXPECT_METHOD_WORDS(bfs_direction, gnest_bfs_direction, "auto", "top-down", "optimizing");
  EXPECT_METHOD_WORDS(color_method, gnest_color_method, "auto", "rounds", "async");
  EXPECT_METHOD_WORDS(tc_method, gnest_tc_method, "auto", "search", "hash");
#undef EXPECT_METHOD_WORDS
  w = d, w.schedule = GNEST_SCHEDULE_STATIC;
  expect_parse(d, "schedule=static", w);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    char text[64];
    snprintf(text, sizeof text, "backend=%s", gnest_backend_name((gnest_backend)b));
    w = odd, w.backend = (gnest_backend)b;
    expect_parse(odd, text, w);
  }
  /* "default", nothing at all, or blanks: nothing changes. */
  expect_parse(odd, "default", odd);
  expect_parse(odd, "", odd);
  expect_parse(odd, " \t ", odd);
  /* Several words, any blanks between them; fields and settings not named are left alone. */
  w = d, w.threshold = 9, w.schedule = GNEST_SCHEDULE_STATIC;
  snprintf(w.settings, sizeof w.settings, "wboost=1");
  expect_parse(d, "threshold=9 wboost=1 schedule=static", w);
  w = odd, w.threshold = 9, w.block_size = 128, w.backend = GNEST_BACKEND_AUTO;
  expect_parse(odd, "  threshold=9 \t block_size=128\tdefault   backend=auto ", w);
}

/* A setting's word goes into the settings text, written in its canonical form; a key given again
 * replaces its earlier word in place; the other words stay as they are. */
Test(core_options, parse_settings_words) {
  expect_settings("", "coarsening=3", "coarsening=3");
  expect_settings("", "kc=8 launch_limit=100", "kc=8 launch_limit=100");
  expect_settings("", "host_threads=64 host_share=100", "host_threads=64 host_share=100");
  expect_settings("", "group_size=0 agg_threshold=64", "group_size=0 agg_threshold=64");
  expect_settings("", "wboost=0", "wboost=0");
  expect_settings("", "kc=007", "kc=7");
  /* cta_levels: off is -1, either way written off */
  expect_settings("", "cta_levels=off", "cta_levels=off");
  expect_settings("", "cta_levels=-1", "cta_levels=off");
  expect_settings("", "cta_levels=0", "cta_levels=0");
  expect_settings("", "cta_levels=4096", "cta_levels=4096");
  cr_assert_eq(resolved_setting("cta_levels=off", "cta_levels"), -1);
  cr_assert_eq(resolved_setting("cta_levels=-1", "cta_levels"), -1);
  cr_assert_eq(resolved_setting("cta_levels=12", "cta_levels"), 12);
  /* a repeated key replaces its earlier word, in place */
  expect_settings("granularity=warp coarsening=1", "coarsening=4", "granularity=warp coarsening=4");
  expect_settings("", "kc=2 kc=3", "kc=3");
  expect_settings("kc=1 wboost=1 kc=2", "kc=5", "kc=5 wboost=1");
  expect_settings("lanes=8", "lanes=8", "lanes=8");
  expect_settings("  lanes=8\t wboost=1 ", "threshold=4", "  lanes=8\t wboost=1 ");
  expect_settings("lanes=8", "wboost=1", "lanes=8 wboost=1");
  /* lanes: 0 or a power of two up to 32 */
  for (int lanes = 0; lanes <= 32; lanes = lanes ? 2 * lanes : 1) {
    char text[32];
    snprintf(text, sizeof text, "lanes=%d", lanes);
    expect_settings("", text, text);
    cr_assert_eq(resolved_setting(text, "lanes"), lanes);
  }
  /* The words settings: their words in the order of their internal enums. */
  const char *grans[] = {"default", "warp", "block", "multi-block", "grid", "none"};
  const gn_granularity gran_values[] = {GN_GRAN_DEFAULT, GN_GRAN_WARP, GN_GRAN_BLOCK,
                                        GN_GRAN_MULTI_BLOCK, GN_GRAN_GRID, GN_GRAN_NONE};
  for (int i = 0; i < 6; ++i) {
    char text[64];
    snprintf(text, sizeof text, "granularity=%s", grans[i]);
    expect_settings("", text, text);
    cr_assert_eq(resolved_setting(text, "granularity"), (int32_t)gran_values[i], "%s", text);
    cr_assert_str_eq(gn_granularity_word(gran_values[i]), grans[i]);
  }
  cr_assert_str_eq(gn_granularity_word((gn_granularity)(GN_GRAN_NONE + 1)), "?");
  const char *modes[] = {"auto", "t1", "t2", "t3", "t4"};
  const gn_freelaunch_mode mode_values[] = {GN_FL_AUTO, GN_FL_T1, GN_FL_T2, GN_FL_T3, GN_FL_T4};
  for (int i = 0; i < 5; ++i) {
    char text[64];
    snprintf(text, sizeof text, "freelaunch_mode=%s", modes[i]);
    cr_assert_eq(resolved_setting(text, "freelaunch_mode"), (int32_t)mode_values[i], "%s", text);
  }
  /* Fields and settings in one text. */
  gnest_options o;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(&o, "threshold=4 granularity=warp schedule=static wboost=1"),
               GNEST_OK);
  cr_assert_eq(o.threshold, 4);
  cr_assert_eq(o.schedule, GNEST_SCHEDULE_STATIC);
  cr_assert_str_eq(o.settings, "granularity=warp wboost=1");
}

/* Every setting at its longest value fits the settings text at once: the registry's settings
 * can all be given together. */
Test(core_options, every_setting_fits_at_once) {
  gnest_options o;
  gnest_options_init(&o);
  for (int k = 0; k < gn_setting_count(); ++k) {
    const gn_setting_entry *e = gn_setting_at(k);
    char longest[64] = "", word[64], text[160];
    const int32_t max = gn_setting_max(e);
    for (int32_t v = e->min;; v = e->kind == GN_SETTING_WORDS ? v + 1 : max) { /* words: each */
      gn_setting_word(e, v, word, sizeof word);
      if (strlen(word) > strlen(longest)) snprintf(longest, sizeof longest, "%s", word);
      if (v == max) break;
    }
    snprintf(text, sizeof text, "%s=%s", e->key, longest);
    cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: %s", text,
                 gnest_last_error_string(NULL));
  }
  cr_assert_lt(strlen(o.settings), sizeof o.settings);
  gn_opts r;
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK, "%s", o.settings);
}

/* Refused with GNEST_ERR_INVALID_ARGUMENT from gnest_options_parse, opts unchanged, the message
 * naming the word (and the reason where given). */
static void expect_parse_error(const char *text, const char *names1, const char *names2) {
  gnest_options o = odd_options(), before = o;
  cr_assert_eq(gnest_options_parse(&o, text), GNEST_ERR_INVALID_ARGUMENT, "\"%s\" accepted", text);
  cr_assert_eq(memcmp(&o, &before, sizeof o), 0, "\"%s\": options changed on failure", text);
  const gnest_error *e = gnest_last_error(NULL);
  cr_assert_eq(e->status, GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(e->source, "gnest_options_parse", "\"%s\"", text);
  cr_assert(strstr(e->message, names1), "\"%s\": message \"%s\" does not name \"%s\"", text,
            e->message, names1);
  if (names2)
    cr_assert(strstr(e->message, names2), "\"%s\": message \"%s\" does not name \"%s\"", text,
              e->message, names2);
}

Test(core_options, parse_bad_words) {
  /* Unknown key, bad value, missing '=': the message quotes the word. */
  expect_parse_error("speed=3", "'speed=3'", "unknown option 'speed'");
  expect_parse_error("threshold=abc", "'threshold=abc'", "bad value for threshold");
  expect_parse_error("tree_method=contraction", "'tree_method=contraction'",
                     "bad value for tree_method");
  expect_parse_error("tree_method=2", "'tree_method=2'", "bad value for tree_method");
  expect_parse_error("bfs_direction=bottom-up", "'bfs_direction=bottom-up'",
                     "bad value for bfs_direction");
  expect_parse_error("bfs_direction=1", "'bfs_direction=1'", "bad value for bfs_direction");
  expect_parse_error("color_method=jp", "'color_method=jp'", "bad value for color_method");
  expect_parse_error("color_method=2", "'color_method=2'", "bad value for color_method");
  expect_parse_error("tc_method=bitmap", "'tc_method=bitmap'", "bad value for tc_method");
  expect_parse_error("tc_method=1", "'tc_method=1'", "bad value for tc_method");
  expect_parse_error("threshold=", "'threshold='", "bad value");
  expect_parse_error("threshold=5x", "'threshold=5x'", NULL);
  expect_parse_error("threshold=99999999999", "'threshold=99999999999'", NULL);
  expect_parse_error("block_size=big", "'block_size=big'", NULL);
  expect_parse_error("granularity=huge", "'granularity=huge'", "bad value for granularity");
  expect_parse_error("granularity=1", "'granularity=1'", "expected default, warp, block, "
                     "multi-block, grid or none");
  expect_parse_error("schedule=fast", "'schedule=fast'", NULL);
  expect_parse_error("wboost=yes", "'wboost=yes'", "bad value for wboost");
  expect_parse_error("backend=bogus", "'backend=bogus'", NULL);
  expect_parse_error("backend=CPU", "'backend=CPU'", NULL);
  expect_parse_error("threshold", "'threshold'", "expected key=value");
  expect_parse_error("=5", "'=5'", "expected key=value");
  expect_parse_error("coarsening", "'coarsening'", "expected key=value");
  /* Out of range: the message names the option, the value and what is expected. */
  expect_parse_error("block_size=33", "block_size", "33");
  expect_parse_error("block_size=2048", "block_size", "2048");
  expect_parse_error("block_size=16", "block_size", "16");
  expect_parse_error("threshold=-1", "threshold", "-1");
  expect_parse_error("wboost=2", "wboost = 2 is out of range", "expected 0..1");
  expect_parse_error("coarsening=-3", "coarsening = -3", "expected an integer >= 0");
  expect_parse_error("kc=-1", "'kc=-1': kc = -1", "the backend's default");
  expect_parse_error("launch_limit=-1", "launch_limit = -1", NULL);
  expect_parse_error("group_size=-2", "group_size = -2", NULL);
  expect_parse_error("agg_threshold=-1", "agg_threshold = -1", "default 2");
  expect_parse_error("host_threads=65", "host_threads = 65", "expected 0..64");
  expect_parse_error("host_threads=-1", "host_threads", "-1");
  expect_parse_error("host_share=101", "host_share = 101", "expected 0..100");
  expect_parse_error("host_share=-5", "host_share", "-5");
  expect_parse_error("host_share=half", "'host_share=half'", "bad value for host_share");
  expect_parse_error("cta_levels=-2", "cta_levels = -2", "off (or -1) or an integer >= 0");
  expect_parse_error("cta_levels=on", "'cta_levels=on'", "bad value for cta_levels");
  expect_parse_error("cta_levels=OFF", "'cta_levels=OFF'", "bad value for cta_levels");
  expect_parse_error("lanes=3", "lanes = 3", "expected 0, 1, 2, 4, 8, 16 or 32");
  expect_parse_error("lanes=64", "lanes", "64");
  expect_parse_error("lanes=-1", "lanes", "-1");
  expect_parse_error("lanes=warp", "'lanes=warp'", "bad value for lanes");
  expect_parse_error("group_size=many", "'group_size=many'", "bad value for group_size");
  expect_parse_error("granularity=thread", "'granularity=thread'", NULL);
  expect_parse_error("freelaunch_mode=t5", "'freelaunch_mode=t5'", "auto, t1, t2, t3 or t4");
  /* the unknown-key message lists every key: the fields', then every setting's */
  expect_parse_error("speed=3", "block_size", "tree_method");
  for (int k = 0; k < gn_setting_count(); ++k)
    expect_parse_error("speed=3", "or a backend's setting: ", gn_setting_at(k)->key);
  /* A bad word after good ones: nothing is applied. */
  expect_parse_error("threshold=9 block_size=33", "block_size", "33");
  expect_parse_error("threshold=9 wboost=1 bogus", "'bogus'", NULL);
  expect_parse_error("granularity=warp speed=3", "'speed=3'", NULL);
  expect_parse_error("kc=4 lanes=3", "lanes", NULL);
  gnest_options o;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(NULL, "threshold=1"), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_options_parse(&o, NULL), GNEST_ERR_INVALID_ARGUMENT);
  /* settings that would not fit their bytes: refused, unchanged */
  memset(o.settings, 0, sizeof o.settings);
  for (size_t i = 0; i + 8 < sizeof o.settings; i += 8) memcpy(o.settings + i, "default ", 8);
  gnest_options before = o;
  cr_assert_eq(gnest_options_parse(&o, "host_threads=12"), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(NULL)->message, "'host_threads=12': the settings would not fit");
  cr_assert_eq(memcmp(&o, &before, sizeof o), 0);
  /* settings that are not a C string */
  memset(o.settings, 'x', sizeof o.settings);
  cr_assert_eq(gnest_options_parse(&o, "threshold=1"), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(NULL)->message, "not NUL-terminated");
}

/* cta_levels resolved for flat's one-CTA stretches: 0 = one round of the CTA (block_size / lanes
 * items), negative = off (0 items), a count as given up to 2^24 items. */
Test(core_options, cta_levels_bound) {
  cr_assert_eq(gn_cta_levels_bound(0, 256, 1), 256);
  cr_assert_eq(gn_cta_levels_bound(0, 1024, 1), 1024);
  cr_assert_eq(gn_cta_levels_bound(0, 32, 1), 32);
  cr_assert_eq(gn_cta_levels_bound(0, 0, 1), (int64_t)GN_CTA_LEVELS_BLOCKS * 256); /* unresolved */
  cr_assert_eq(gn_cta_levels_bound(-1, 256, 1), 0);
  cr_assert_eq(gn_cta_levels_bound(-1, 1024, 1), 0);
  cr_assert_eq(gn_cta_levels_bound(1, 256, 1), 1);
  cr_assert_eq(gn_cta_levels_bound(4096, 64, 1), 4096);
  cr_assert_eq(gn_cta_levels_bound(1 << 24, 256, 1), 1 << 24);
  cr_assert_eq(gn_cta_levels_bound(INT32_MAX, 256, 1), 1 << 24); /* capped */
  cr_assert_eq(gn_cta_levels_bound(0, 256, 4), 64, "4 lanes: 64 items a round");
  cr_assert_eq(gn_cta_levels_bound(0, 32, 32), 1, "a warp per item in a warp-sized CTA");
  cr_assert_eq(gn_cta_levels_bound(0, 256, 0), 256, "lanes unresolved: 1");
  cr_assert_eq(gn_cta_levels_bound(100, 256, 32), 100, "a count is taken as given");
  /* the default through the options, as the backend resolves it */
  gnest_options o;
  gn_opts r;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(&o, "block_size=128"), GNEST_OK);
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
  cr_assert_eq(gn_cta_levels_bound(r.cta_levels, r.block_size, 1), 128);
  cr_assert_eq(gnest_options_parse(&o, "cta_levels=off"), GNEST_OK);
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
  cr_assert_eq(gn_cta_levels_bound(r.cta_levels, r.block_size, 1), 0);
}

/* ---------------------------------------------------------------------------------------------
 * The call frame and the selector
 * ------------------------------------------------------------------------------------------- */

static gnest_status begin_with(gnest_ctx *ctx, const gnest_graph *g, const gnest_options *o,
                               gn_call *call) {
  return gn_call_begin(call, ctx, GNEST_ALGO_BFS, "gnest_bfs", g, NULL, o, NULL);
}

Test(core_options, validation) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 3);
  gn_call call;
  gnest_options o;
#define EXPECT_BAD(field, value, text)                                              \
  do {                                                                              \
    gnest_options_init(&o);                                                         \
    o.backend = GNEST_BACKEND_CPU;                                                  \
    o.field = value;                                                                \
    cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_ERR_INVALID_ARGUMENT, #field); \
    assert_contains(gnest_last_error(ctx)->message, text);                          \
    cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_bfs");                   \
  } while (0)
  EXPECT_BAD(threshold, -1, "options.threshold = -1");
  EXPECT_BAD(block_size, 48, "options.block_size = 48");
  EXPECT_BAD(block_size, 16, "options.block_size = 16");
  EXPECT_BAD(block_size, 2048, "options.block_size = 2048");
  EXPECT_BAD(block_size, -32, "options.block_size = -32");
  EXPECT_BAD(schedule, (gnest_schedule)5, "options.schedule = 5");
  EXPECT_BAD(backend, (gnest_backend)99, "options.backend = 99");
  EXPECT_BAD(tree_method, (gnest_tree_method)3, "options.tree_method = 3");
  EXPECT_BAD(tree_method, (gnest_tree_method)-1, "options.tree_method = -1");
  EXPECT_BAD(bfs_direction, (gnest_bfs_direction)3, "options.bfs_direction = 3");
  EXPECT_BAD(bfs_direction, (gnest_bfs_direction)-1, "options.bfs_direction = -1");
  EXPECT_BAD(color_method, (gnest_color_method)3,
             "options.color_method = 3 is not a gnest_color_method value (0 auto, 1 rounds, 2 "
             "async)");
  EXPECT_BAD(color_method, (gnest_color_method)-1, "options.color_method = -1");
  EXPECT_BAD(tc_method, (gnest_tc_method)3,
             "options.tc_method = 3 is not a gnest_tc_method value (0 auto, 1 search, 2 hash)");
  EXPECT_BAD(tc_method, (gnest_tc_method)-1, "options.tc_method = -1");
#undef EXPECT_BAD
  /* The settings text, written into the struct directly, is checked word by word. */
  const char *bad[][2] = {
      {"coarsening=-4", "options.settings: 'coarsening=-4': coarsening = -4 is out of range"},
      {"kc=-1", "options.settings: 'kc=-1': kc = -1 is out of range"},
      {"granularity=9", "options.settings: 'granularity=9': bad value for granularity"},
      {"lanes=3", "'lanes=3': lanes = 3 is out of range: expected 0, 1, 2, 4, 8, 16 or 32"},
      {"host_threads=1000", "host_threads = 1000 is out of range: expected 0..64"},
      {"host_share=200", "host_share = 200 is out of range: expected 0..100"},
      {"cta_levels=-2", "cta_levels = -2 is out of range"},
      {"wboost=2", "wboost = 2 is out of range"},
      {"freelaunch_mode=t9", "'freelaunch_mode=t9': bad value for freelaunch_mode"},
      {"group_size=-1 agg_threshold=-5", "'group_size=-1': group_size = -1"},
      {"kc=4 speed=3", "options.settings: 'speed=3': unknown setting (expected key=value, the "
                       "key one of: cta_levels, lanes"},
      {"threshold=8", "'threshold=8': unknown setting"}, /* a field, not a setting */
      {"lanes", "'lanes': not a key=value word"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    gnest_options_init(&o);
    o.backend = GNEST_BACKEND_CPU;
    snprintf(o.settings, sizeof o.settings, "%s", bad[i][0]);
    cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_ERR_INVALID_ARGUMENT, "%s", bad[i][0]);
    assert_contains(gnest_last_error(ctx)->message, bad[i][1]);
    cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_bfs");
  }
  gnest_options_init(&o);
  memset(o.settings, 'x', sizeof o.settings);
  cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "options.settings is not NUL-terminated");
  /* good ones: resolved into the call's options, any blanks, a later word of a key winning */
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  snprintf(o.settings, sizeof o.settings,
           " granularity=none\tcoarsening=16 default cta_levels=off lanes=4 kc=2 kc=6 ");
  cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(call.opts.granularity, GN_GRAN_NONE);
  cr_assert_eq(call.opts.coarsening, 16);
  cr_assert_eq(call.opts.cta_levels, -1);
  cr_assert_eq(call.opts.lanes, 4);
  cr_assert_eq(call.opts.kc, 6);
  cr_assert_eq(call.opts.wboost, 0, "not named: its default");
  cr_assert_eq(call.opts.freelaunch_mode, GN_FL_AUTO);
  int good[] = {32, 64, 1024};
  for (int i = 0; i < 3; ++i) {
    gnest_options_init(&o);
    o.block_size = good[i];
    cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_OK);
    cr_assert_eq(call.opts.block_size, good[i]);
  }
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* Through the public API: an algorithm refuses options whose settings text is bad, whatever
 * backend runs (the cpu reads no setting), and runs with good ones. */
Test(core_options, algorithms_refuse_bad_settings) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 3);
  int32_t levels[4];
  gnest_options o;
  gnest_options_init(&o);
  snprintf(o.settings, sizeof o.settings, "granularity=warp lanes=5");
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &o, NULL), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "'lanes=5'");
  cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_bfs");
  o.backend = GNEST_BACKEND_CPU;
  float dist[4];
  cr_assert_eq(gnest_sssp(ctx, g, 0, dist, &o, NULL), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "'lanes=5'");
  snprintf(o.settings, sizeof o.settings, "granularity=warp lanes=4 host_share=50");
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &o, NULL), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert_eq(levels[0], 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_call, auto_on_cpu_and_defaults) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 5);
  gn_call call;
  cr_assert_eq(begin_with(ctx, g, NULL, &call), GNEST_OK);
  cr_assert_eq(call.backend, GNEST_BACKEND_CPU);
  cr_assert_str_eq(call.reason, "selector: no CUDA device: cpu");
  cr_assert_eq(call.opts.threshold, 32);
  cr_assert_eq(call.threshold_asked, 0, "the default is not the caller's (agg's rule picks)");
  cr_assert_eq(call.opts.block_size, 256);
  cr_assert_eq(call.ctx, ctx);
  cr_assert_str_eq(call.fn, "gnest_bfs");

  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  o.threshold = 7;
  gnest_info info;
  cr_assert_eq(gn_call_begin(&call, ctx, GNEST_ALGO_SSSP, "gnest_sssp", g, NULL, &o, &info), GNEST_OK);
  cr_assert_str_eq(call.reason, "forced by caller");
  cr_assert_eq(call.opts.threshold, 7);
  cr_assert_eq(call.threshold_asked, 7);
  call.edges_visited = 10;
  call.iterations = 3;
  call.launches = 0;
  cr_assert_eq(gn_call_end(&call, GNEST_OK), GNEST_OK);
  cr_assert_eq(info.backend, GNEST_BACKEND_CPU);
  cr_assert_str_eq(info.backend_name, "cpu");
  cr_assert_str_eq(info.reason, "forced by caller");
  cr_assert_eq(info.edges_visited, 10);
  cr_assert_eq(info.iterations, 3);
  cr_assert_eq(info.kernel_launches, 0);
  cr_assert(info.time_ms >= 0.0);

  /* A device-measured time is reported as is. */
  cr_assert_eq(gn_call_begin(&call, ctx, GNEST_ALGO_BFS, "gnest_bfs", g, NULL, &o, &info), GNEST_OK);
  call.time_ms = 1.25;
  gn_call_end(&call, GNEST_OK);
  cr_assert_eq(info.time_ms, 1.25);

  /* On error info is left untouched. */
  memset(&info, 0x7b, sizeof info);
  gnest_info copy = info;
  cr_assert_eq(gn_call_begin(&call, ctx, GNEST_ALGO_BFS, "gnest_bfs", g, NULL, &o, &info), GNEST_OK);
  cr_assert_eq(gn_call_end(&call, GNEST_ERR_OUT_OF_RANGE), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_eq(memcmp(&info, &copy, sizeof info), 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* Forcing each backend on a context without a device: host backends and auto run, device
 * backends need a device, planned ones are not available (the message lists what is). */
Test(core_call, forced_backends_on_cpu_context) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 5);
  gn_call call;
  gnest_options o;
  gnest_options_init(&o);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    o.backend = (gnest_backend)b;
    gnest_status st = begin_with(ctx, g, &o, &call);
    const char *msg = gnest_last_error(ctx)->message;
    char text[512];
    if (e->where == GN_WHERE_SELECTOR) {
      cr_assert_eq(st, GNEST_OK, "%s: %s", e->name, msg);
      cr_assert_eq(call.backend, GNEST_BACKEND_CPU, "auto without a device runs cpu");
      assert_contains(call.reason, "selector: ");
    } else if (e->where == GN_WHERE_HOST) {
      gnest_status want = gn_backend_applies((gnest_backend)b, GNEST_ALGO_BFS, NULL)
                              ? GNEST_OK : GNEST_ERR_BACKEND_NOT_APPLICABLE;
      cr_assert_eq(st, want, "%s: %s", e->name, msg);
      if (st == GNEST_OK) {
        cr_assert_eq(call.backend, b);
        cr_assert_eq(call.on_host, 1, "%s", e->name);
        cr_assert_str_eq(call.reason, "forced by caller");
      }
    } else if (where_device(e->where)) {
      cr_assert_eq(st, GNEST_ERR_NO_DEVICE, "%s: %s", e->name, gnest_strerror(st));
      snprintf(text, sizeof text, "backend '%s' needs a CUDA device", e->name);
      assert_contains(msg, text);
    } else {
      cr_assert_eq(st, GNEST_ERR_BACKEND_UNAVAILABLE, "planned %s: %s", e->name,
                   gnest_strerror(st));
      snprintf(text, sizeof text, "backend '%s' is not available in this build (available: %s)",
               e->name, gn_backends_built_text());
      assert_contains(msg, text);
    }
  }
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_call, argument_checks) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 3);
  int32_t parent[] = {-1, 0};
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, 2, parent, &t), GNEST_OK);
  gn_call call;
  cr_assert_eq(gn_call_begin(&call, NULL, GNEST_ALGO_BFS, "gnest_bfs", g, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error_string(NULL), "gnest_bfs: ctx is NULL");
  cr_assert_eq(gn_call_begin(&call, ctx, GNEST_ALGO_BFS, "gnest_bfs", NULL, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error_string(ctx), "gnest_bfs: graph is NULL");
  cr_assert_eq(gn_call_begin(&call, ctx, GNEST_ALGO_TREE_HEIGHTS, "gnest_tree_heights", NULL, NULL,
                             NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error_string(ctx), "gnest_tree_heights: tree is NULL");
  cr_assert_eq(gn_call_begin(&call, ctx, GNEST_ALGO_TREE_HEIGHTS, "gnest_tree_heights", NULL, t,
                             NULL, NULL),
               GNEST_OK);
  cr_assert_eq(call.backend, GNEST_BACKEND_CPU);
  /* A handle that belongs to no context. */
  gnest_graph orphan;
  memset(&orphan, 0, sizeof orphan);
  cr_assert_eq(gn_call_begin(&call, ctx, GNEST_ALGO_BFS, "gnest_bfs", &orphan, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "belongs to no context");
  gnest_tree_free(t);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

static gnest_degree_stats stats_with(double edges_above_32, int64_t max) {
  gnest_degree_stats s;
  memset(&s, 0, sizeof s);
  s.n = 1000;
  s.m = 10000;
  s.max = max;
  s.edges_above_32 = edges_above_32;
  return s;
}

/* The selector picked the backend the registry gives the role, and named it last in its reason. */
static void expect_pick(gnest_backend got, gn_role role, const char *reason) {
  const gnest_backend want = gn_backend_for_role(role);
  cr_assert_neq(want, GNEST_BACKEND_AUTO, "no built backend has role %d", (int)role);
  cr_assert_eq(got, want, "picked %s, the registry gives role %d to %s (reason: %s)",
               gnest_backend_name(got), (int)role, gnest_backend_name(want), reason);
  char tail[64];
  snprintf(tail, sizeof tail, ": %s", gnest_backend_name(want));
  assert_ends_with(reason, tail);
}

/* Every class the selector sorts inputs into has a built backend (the first built entry with
 * that role); deep narrow trees and device-less contexts go to a host backend. */
Test(core_selector, roles_come_from_the_registry) {
  const gn_role roles[] = {GN_ROLE_UNIFORM, GN_ROLE_SKEWED, GN_ROLE_SKEWED_IN_GRID,
                           GN_ROLE_SEQUENTIAL};
  for (size_t i = 0; i < sizeof roles / sizeof roles[0]; ++i) {
    gnest_backend b = gn_backend_for_role(roles[i]);
    cr_assert_neq(b, GNEST_BACKEND_AUTO, "no built backend has role %d", (int)roles[i]);
    cr_assert_eq(entry_of(b)->role, roles[i]);
    cr_assert(where_built(entry_of(b)->where), "role %d goes to %s, not built", (int)roles[i],
              entry_of(b)->name);
    for (int c = 0; c < (int)b; ++c)
      cr_assert(!(entry_of(c)->role == roles[i] && where_built(entry_of(c)->where)),
                "role %d: %s comes first", (int)roles[i], entry_of(c)->name);
  }
  cr_assert(gn_backend_on_host(gn_backend_for_role(GN_ROLE_SEQUENTIAL)),
            "the sequential role runs without a device: it must be a host backend");
}

Test(core_selector, graph_rules) {
  gnest_ctx dev = fake_device_ctx();
  char reason[256];
  gnest_degree_stats s = stats_with(0.5, 5000);
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_BFS, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "0.500 of the arcs leave vertices of degree > 32");
  assert_contains(reason, "> 0.20");
  assert_contains(reason, "a traversal");
  /* Hubs of at most 4096 arcs: the traversals (BC too) take a warp per item, in the uniform
   * class; the others stay skewed. */
  s = stats_with(0.5, 4096);
  const gnest_algorithm traversals[] = {GNEST_ALGO_BFS, GNEST_ALGO_SSSP, GNEST_ALGO_BC};
  for (size_t i = 0; i < sizeof traversals / sizeof traversals[0]; i++) {
    expect_pick(gn_select_backend(&dev, traversals[i], &s, NULL, reason, sizeof reason),
                GN_ROLE_UNIFORM, reason);
    assert_contains(reason, "largest item has 4096 <= 4096 arcs: a warp per item");
  }
  s = stats_with(0.5, 4097);
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_SSSP, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  s = stats_with(0.5, 2000);
  /* The same input for the algorithms that are not frontier traversals: the skewed class. */
  const gnest_algorithm others[] = {GNEST_ALGO_COLOR, GNEST_ALGO_MST, GNEST_ALGO_TC};
  for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
    expect_pick(gn_select_backend(&dev, others[i], &s, NULL, reason, sizeof reason),
                GN_ROLE_SKEWED, reason);
    cr_assert_null(strstr(reason, "traversal"), "%s", reason);
  }

  /* Triangle counting: the pass's own grid once hubs (degree > 1024) hold >= 0.10 of >= 6 M arcs
   * (the rmat20 and cnr-2000 of the suite); below either limit, the skewed class. */
  s = stats_with(0.9, 64624);
  s.m = 31401382;
  s.edges_above_1024 = 0.425;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TC, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "; hubs (> 1024) hold 0.425 >= 0.10 of 31401382 >= 6000000 arcs");
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_BC, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  s.m = 5565380; /* cnr-2000, symmetrized: hubs hold 0.212 of its arcs */
  s.edges_above_1024 = 0.212;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TC, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  cr_assert_null(strstr(reason, "hubs ("), "%s", reason);
  s.m = 6000000;
  s.edges_above_1024 = 0.0999;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TC, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  s.edges_above_1024 = 0.10; /* both exactly at the limits: in the grid */
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TC, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);

  s = stats_with(0.05, 5000);
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_SSSP, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_MST, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  assert_contains(reason, "max degree 5000 > 1024");

  /* Even degrees (an Erdos-Renyi graph of mean degree 48): uniform, however many arcs leave
   * vertices of degree > 32; one step past either limit: skewed again. */
  s = stats_with(0.95, 128);
  s.cv = 0.5;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_BC, &s, NULL, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "even degrees: cv 0.50 <= 0.50 and max degree 128 <= 128");
  s.max = 129;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_COLOR, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  s.max = 128;
  s.cv = 0.51;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_MST, &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);

  s = stats_with(0.2, 1024); /* both exactly at the limits: uniform */
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TC, &s, NULL, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "0.200 of the arcs");
  assert_contains(reason, "max degree 1024 <= 1024");

  expect_pick(gn_select_backend(&dev, GNEST_ALGO_BFS, NULL, NULL, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "no degree statistics");

  gnest_ctx *cpu = cpu_ctx();
  s = stats_with(0.9, 100000);
  expect_pick(gn_select_backend(cpu, GNEST_ALGO_BFS, &s, NULL, reason, sizeof reason),
              GN_ROLE_SEQUENTIAL, reason);
  assert_contains(reason, "no CUDA device");
  cr_assert_eq(gn_select_backend(NULL, GNEST_ALGO_BFS, &s, NULL, NULL, 0),
               gn_backend_for_role(GN_ROLE_SEQUENTIAL));
  gnest_ctx_free(cpu);
}

/* A tiny reason buffer of `size` bytes is never overrun: the reason is cut to size - 1. */
static void expect_short_reason(const gnest_ctx *dev, const gnest_tree *t, size_t size) {
  char tiny[16];
  memset(tiny, 'x', sizeof tiny);
  gn_select_backend(dev, GNEST_ALGO_TREE_HEIGHTS, NULL, t, tiny, size);
  cr_assert_eq(strlen(tiny), size - 1);
  cr_assert_eq(tiny[size], 'x');
}

Test(core_selector, tree_rules) {
  gnest_ctx dev = fake_device_ctx();
  char reason[256];
  gnest_tree t;
  memset(&t, 0, sizeof t);
  t.max_out_degree = 64;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_DESCENDANTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "tree max out-degree 64 > 32");
  t.max_out_degree = 32;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_HEIGHTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "tree max out-degree 32 <= 32");
  /* Deep and narrow and small: the host wins. */
  t.n = 60000;
  t.depth = 60000;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_HEIGHTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_SEQUENTIAL, reason);
  assert_contains(reason, "deep, narrow tree");
  assert_contains(reason, "60000 nodes < 65536");
  t.depth = 0;
  expect_short_reason(&dev, &t, 4);
}

/* Deep, narrow trees of 65,536 nodes and more go to the GPU (the Euler tour), backend by the
 * out-degree rule as other trees; smaller ones, and wide ones, as before. */
Test(core_selector, deep_trees_go_to_the_gpu_from_65536_nodes) {
  gnest_ctx dev = fake_device_ctx();
  char reason[256];
  gnest_tree t;
  memset(&t, 0, sizeof t);
  t.n = 65535; /* a chain: one child per node */
  t.depth = t.n;
  t.max_out_degree = 1;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_DESCENDANTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_SEQUENTIAL, reason);
  t.n = t.depth = 65536;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_DESCENDANTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "deep, narrow tree of 65536 nodes >= 65536 (1.0 nodes per level): "
                          "GPU, euler tour; tree max out-degree 1 <= 32");
  /* A 10^7-node broom: half handle, half bristles on its last node. */
  t.n = 10000000;
  t.depth = 5000001;
  t.max_out_degree = 5000000;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_HEIGHTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "euler tour; tree max out-degree 5000000 > 32");
  /* 1,024 nodes per level on average is not narrow: the out-degree rule alone. */
  t.n = 1024 * 1000;
  t.depth = 1000;
  t.max_out_degree = 2;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_HEIGHTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  cr_assert_null(strstr(reason, "euler"), "%s", reason);
  /* Above the tour's limit a deep, narrow tree stays on the host. */
  t.n = GN_EULER_MAX_NODES + 1;
  t.depth = t.n;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_HEIGHTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_SEQUENTIAL, reason);
  assert_contains(reason, "1073741824 nodes > 1073741823, more than the GPU's euler tour takes");
  t.n = GN_EULER_MAX_NODES;
  expect_pick(gn_select_backend(&dev, GNEST_ALGO_TREE_HEIGHTS, NULL, &t, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  t.n = t.depth = 1024 * 1000; /* the new path's reason */
  expect_short_reason(&dev, &t, 5);
}

/* tree_method: a forced method is kept; auto compares depth x 3.6 us with the Euler tour's
 * estimate, which grows with log2(n) passes and n. */
Test(core_tree_method, forced_and_auto) {
  char why[160];
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_LEVELS, 10000000, 10000000, 1, why,
                                   sizeof why), GNEST_TREE_METHOD_LEVELS);
  cr_assert_str_eq(why, "method: levels (tree_method=levels)");
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_EULER, 1, 1, 0, why, sizeof why),
               GNEST_TREE_METHOD_EULER);
  cr_assert_str_eq(why, "method: euler tour (tree_method=euler)");
  /* Shapes of the bar: the chain goes by the tour, the random recursive tree (depth 38 at 10^7
   * nodes) and the Wu tree (depth 4) by levels. */
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 10000000, 10000000, 1, why, sizeof why),
               GNEST_TREE_METHOD_EULER);
  assert_contains(why, "method: euler tour (est. ");
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 10000000, 38, 1, why, sizeof why),
               GNEST_TREE_METHOD_LEVELS);
  assert_contains(why, "method: levels (est. ");
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 2113665, 4, 0, why, sizeof why),
               GNEST_TREE_METHOD_LEVELS);
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 1, 1, 0, why, sizeof why),
               GNEST_TREE_METHOD_LEVELS);
  /* Above 2^30 - 1 nodes the tour's int32 positions do not fit: levels, saying so. */
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, GN_EULER_MAX_NODES + 1, INT32_MAX, 1,
                                   why, sizeof why), GNEST_TREE_METHOD_LEVELS);
  assert_contains(why, "1073741824 nodes > 1073741823");
  /* A NULL or tiny buffer is fine. */
  cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 100, 100, 0, NULL, 0),
               gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, 100, 100, 0, why, 3));
  cr_assert_eq(strlen(why), 2);
}

/* Auto picks the tour exactly where the depth passes a threshold (no flip-flopping), and that
 * threshold grows with n; every tree the selector sends to the GPU as deep and narrow (at least
 * 65,536 nodes, fewer than 1,024 a level) gets the tour. */
Test(core_tree_method, auto_is_a_depth_threshold_consistent_with_the_selector) {
  const int32_t sizes[] = {1000, 65536, 1000000, 10000000, GN_EULER_MAX_NODES};
  int32_t previous_threshold = 0;
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    const int32_t n = sizes[i];
    for (int heights = 0; heights <= 1; heights++) {
      int32_t lo = 1, hi = n; /* the smallest depth that picks the tour */
      cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, n, heights, NULL, 0),
                   GNEST_TREE_METHOD_EULER, "a chain of %d nodes", n);
      while (lo < hi) {
        const int32_t mid = lo + (hi - lo) / 2;
        if (gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, mid, heights, NULL, 0) ==
            GNEST_TREE_METHOD_EULER) hi = mid;
        else lo = mid + 1;
      }
      for (int32_t d = lo > 64 ? lo - 64 : 1; d < lo; d++)
        cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, d, heights, NULL, 0),
                     GNEST_TREE_METHOD_LEVELS, "n %d depth %d", n, d);
      for (int32_t d = lo; d < lo + 64 && d <= n; d++)
        cr_assert_eq(gn_tree_method_pick(GNEST_TREE_METHOD_AUTO, n, d, heights, NULL, 0),
                     GNEST_TREE_METHOD_EULER, "n %d depth %d", n, d);
      if (heights) {
        cr_assert_geq(lo, previous_threshold, "threshold falls from %d to %d at n %d",
                      previous_threshold, lo, n);
        previous_threshold = lo;
      }
      if (n >= 65536)
        cr_assert_leq(lo, n / 1024 + 1, "n %d: a deep, narrow tree of depth %d would run by levels",
                      n, n / 1024 + 1);
      const gn_tree_costs c = gn_tree_method_costs(n, lo, heights);
      cr_assert_gt(c.levels_us, c.euler_us);
      cr_assert_leq(c.euler_passes, 2 * gn_ceil_log2((uint32_t)n) + 12, "n %d: %d passes", n,
                    c.euler_passes);
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * Binary cache + load options: the builder options are applied, never silently ignored
 * ------------------------------------------------------------------------------------------- */
Test(core_graph, binary_cache_applies_load_options) {
  gnest_ctx *ctx = NULL;
  gnest_ctx_options co;
  gnest_ctx_options_init(&co);
  co.force_cpu = 1;
  cr_assert_eq(gnest_ctx_create(&ctx, &co), GNEST_OK);
  /* Directed triangle 0->1->2->0 plus a self-loop on 1. */
  const int32_t src[] = {0, 1, 2, 1}, dst[] = {1, 2, 0, 1};
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, 3, 4, src, dst, NULL, NULL, &g), GNEST_OK);
  char path[] = "/tmp/gnest-core-cache-XXXXXX";
  int fd = mkstemp(path);
  cr_assert(fd >= 0);
  close(fd);
  char cache[sizeof path + 8];
  snprintf(cache, sizeof cache, "%s.gnest", path);
  cr_assert_eq(gnest_graph_save(ctx, g, cache), GNEST_OK, "%s", gnest_last_error_string(ctx));
  gnest_graph_free(g);

  gnest_load_options lo;
  gnest_load_options_init(&lo);
  cr_assert_eq(gnest_graph_load(ctx, cache, &lo, &g), GNEST_OK);
  cr_assert_eq(gnest_graph_num_edges(g), 4); /* as saved */
  gnest_graph_free(g);

  lo.symmetrize = 1;
  lo.drop_self_loops = 1;
  cr_assert_eq(gnest_graph_load(ctx, cache, &lo, &g), GNEST_OK);
  cr_assert_eq(gnest_graph_num_edges(g), 6); /* both directions of 3 edges, no self-loop */
  int sym = 0;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  cr_assert_eq(sym, 1);
  int32_t levels[3];
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &o, NULL), GNEST_OK);
  cr_assert_eq(levels[2], 1); /* reached backwards: the option took effect */
  gnest_graph_free(g);
  unlink(cache);
  unlink(path);
  gnest_ctx_free(ctx);
}

/* $GNEST_DEVICE_MEMORY_LIMIT must be a positive byte count, checked with or without a device;
 * without a driver, the context says so in plain words. */
Test(core_ctx_env, device_memory_limit_variable_and_no_driver_text) {
  cr_assert_eq(setenv("GNEST_DEVICE_MEMORY_LIMIT", "12k", 1), 0);
  gnest_ctx *ctx = NULL;
  gnest_status st = gnest_ctx_create(&ctx, NULL);
  unsetenv("GNEST_DEVICE_MEMORY_LIMIT");
  cr_expect_eq(st, GNEST_ERR_INVALID_ARGUMENT);
  cr_expect_null(ctx);
  cr_expect_str_eq(gnest_last_error(NULL)->source, "GNEST_DEVICE_MEMORY_LIMIT");
  cr_expect_not_null(strstr(gnest_last_error(NULL)->message, "'12k' is not a byte count"));
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  void *driver = dlopen("libcuda.so.1", RTLD_LAZY);
  if (!driver) cr_expect_str_eq(gnest_ctx_device_name(ctx), "CPU (no CUDA device: no driver found)");
  else dlclose(driver);
  gnest_ctx_free(ctx);
}

/* gnest_mst's filtering split (src/algos/mst_split.h): the weight key's order and equalities,
 * and when the split is taken and where. */
Test(mst_split, weight_key_order_and_split_rule) {
  cr_assert_eq(gn_mst_weight_key(-0.0f), gn_mst_weight_key(0.0f));
  cr_assert_lt(gn_mst_weight_key(-2.0f), gn_mst_weight_key(-1.0f));
  cr_assert_lt(gn_mst_weight_key(-1.0f), gn_mst_weight_key(0.0f));
  cr_assert_lt(gn_mst_weight_key(1.0f), gn_mst_weight_key(1e30f));
  cr_assert_lt(gn_mst_weight_key(1e30f), gn_mst_weight_key(nanf("")));
  cr_assert_eq(gn_mst_weight_key(nanf("")), gn_mst_weight_key(-nanf("")));
  cr_assert_eq(gn_mst_key_weight(gn_mst_weight_key(-3.5f)), -3.5f);
  cr_assert_eq(gn_mst_key_weight(gn_mst_weight_key(64.0f)), 64.0f);

  enum { N = 100, M = 64 * N };
  static float w[M];
  uint32_t t = 0;
  for (int i = 0; i < M; i++) w[i] = (float)(1 + i % 64);
  cr_assert_eq(gn_mst_light_split(NULL, M, N, &t), 0, "unweighted: nothing to split");
  cr_assert_eq(gn_mst_light_split(w, 4 * N - 1, N, &t), 0, "average degree below 4");
  cr_assert_eq(gn_mst_light_split(w, M, N, &t), 1);
  /* about 3 light arcs per vertex: 3 / 64 of the arcs, weights 1..3 */
  cr_assert(gn_mst_key_weight(t) >= 2.0f && gn_mst_key_weight(t) <= 4.0f, "split at %g",
            gn_mst_key_weight(t));
  for (int i = 0; i < M; i++) w[i] = 7.0f;
  cr_assert_eq(gn_mst_light_split(w, M, N, &t), 0, "one weight: no heavy side");
  for (int i = 0; i < 8 * N; i++) w[i] = i % 2 ? 1.0f : -1.0f;
  cr_assert_eq(gn_mst_light_split(w, 8 * N, N, &t), 1);
  cr_assert_eq(t, gn_mst_weight_key(-1.0f), "3/8 of the arcs light: the weight -1");
  for (int i = 0; i < 4 * N; i++) w[i] = (float)i;
  cr_assert_eq(gn_mst_light_split(w, 4 * N, N, &t), 1);
  cr_assert_lt(t, gn_mst_weight_key((float)(4 * N - 1)));
}

/* ---------------------------------------------------------------------------------------------
 * bfs_direction (src/algos/bfs_method.h): the method, the per-level switch, the hand-over
 * ------------------------------------------------------------------------------------------- */

Test(core_bfs_method, forced_and_auto) {
  char why[160];
  const int64_t big = GN_BFS_AUTO_MIN_ARCS;
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_TOP_DOWN, 1, 1000, 100 * big, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (bfs_direction=top-down)");
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_OPTIMIZING, 1, 10, 20, why, sizeof why),
               GNEST_BFS_OPTIMIZING);
  cr_assert_str_eq(why, "bfs: direction-optimizing (bfs_direction=optimizing)");
  /* A directed graph runs top-down whatever was asked, and says so. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_OPTIMIZING, 0, 10, 20, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (directed graph: bottom-up steps need in-arcs; "
                        "bfs_direction=optimizing not applied)");
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 0, 1000, 32 * big, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (directed graph: bottom-up steps need in-arcs)");
  /* The symmetry is asked for only when it decides. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_OPTIMIZING, -1, 10, 20, NULL, 0), GNEST_BFS_AUTO);
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, -1, big / 32, big, NULL, 0), GNEST_BFS_AUTO);
  /* auto: small graphs and sparse (deep) ones keep the fused top-down loop. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, -1, 1000, big - 1, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (1048575 arcs < 1048576)");
  /* USA-road-d.FLA: 1,070,376 vertices, 2,687,902 arcs. */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, -1, 1070376, 2687902, why, sizeof why),
               GNEST_BFS_TOP_DOWN);
  cr_assert_str_eq(why, "bfs: top-down (mean degree 2.5 < 8: likely deep)");
  /* rmat20 as gnest-bench makes it (about 31 M arcs over 2^20 vertices). */
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 1, 1 << 20, 31 * big, why, sizeof why),
               GNEST_BFS_OPTIMIZING);
  cr_assert_str_eq(why, "bfs: direction-optimizing (mean degree 31.0 >= 8, 32505856 arcs, "
                        "symmetric)");
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 1, big / 8, big, NULL, 0), GNEST_BFS_OPTIMIZING);
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 1, big / 8 + 1, big, NULL, 0),
               GNEST_BFS_TOP_DOWN);
  /* A short buffer is cut, never overrun. */
  char tiny[8];
  gn_bfs_method_pick(GNEST_BFS_TOP_DOWN, 1, 1, 1, tiny, sizeof tiny);
  cr_assert_str_eq(tiny, "bfs: to");
}

Test(core_bfs_method, next_direction) {
  const int64_t n = 2400;
  /* Top-down: bottom-up once the frontier's arcs exceed the unexplored arcs / alpha. */
  cr_assert_eq(gn_bfs_next_direction(0, n, 10, 1, 100, 100 * GN_BFS_ALPHA), 0);
  cr_assert_eq(gn_bfs_next_direction(0, n, 10, 1, 101, 100 * GN_BFS_ALPHA), 1);
  cr_assert_eq(gn_bfs_next_direction(0, n, 10, 1, 1, 0), 1);
  /* Bottom-up: stays while the frontier grows or holds more than n / beta vertices. */
  cr_assert_eq(gn_bfs_next_direction(1, n, 50, 40, 0, 0), 1);
  cr_assert_eq(gn_bfs_next_direction(1, n, n / GN_BFS_BETA + 1, 2000, 0, 0), 1);
  cr_assert_eq(gn_bfs_next_direction(1, n, n / GN_BFS_BETA, 2000, 0, 0), 0);
  cr_assert_eq(gn_bfs_next_direction(1, n, 3, 2000, 1000000, 1), 0);
  /* An empty frontier ends the traversal, top-down. */
  cr_assert_eq(gn_bfs_next_direction(0, n, 0, 5, 0, 0), 0);
  cr_assert_eq(gn_bfs_next_direction(1, n, 0, 0, 0, 0), 0);
}

Test(core_bfs_method, batches_and_hand_over) {
  /* 4, 4, 8, 16, 32, 64, 64, ...: every batch ends on an even level. */
  const int32_t want[] = {4, 4, 8, 16, 32, 64, 64, 64};
  int32_t l = 0;
  for (int i = 0; i < 8; ++i) {
    cr_assert_eq(gn_bfs_batch(l), want[i], "batch %d from level %d", i, (int)l);
    l += gn_bfs_batch(l);
    cr_assert_eq(l % 2, 0);
  }
  cr_assert_eq(GN_BFS_MAX_DO_LEVELS % 2, 0);
  cr_assert_eq(GN_BFS_PROBE_LEVELS % 2, 0);
  /* Never while the next level goes bottom-up (below the cap). */
  cr_assert_eq(gn_bfs_hand_over(8, 3, 1), 0);
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_PROBE_LEVELS * 4, 0, 1), 0);
  /* After the bottom-up phase. */
  cr_assert_eq(gn_bfs_hand_over(8, 3, 0), 1);
  /* No bottom-up step yet: keep probing up to GN_BFS_PROBE_LEVELS. */
  cr_assert_eq(gn_bfs_hand_over(4, 0, 0), 0);
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_PROBE_LEVELS - 2, 0, 0), 0);
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_PROBE_LEVELS, 0, 0), 1);
  /* At the records' end, whatever the direction. */
  cr_assert_eq(gn_bfs_hand_over(GN_BFS_MAX_DO_LEVELS, 5, 1), 1);
}

/* The optimizing loop run on the CPU (bfs.cu's host loop and device decisions, the steps done
 * serially) from the vertex of highest degree: the levels must be the plain BFS's. Returns the
 * levels run bottom-up; *handed_at: the level from which the rest ran top-down (-1: none). */
static int32_t simulate_optimizing(const gn_gen_edges *e, int32_t *handed_at) {
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = 1;
  lo.drop_self_loops = 1;
  lo.merge_duplicates = 1;
  lo.sort_adjacency = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, e->n, e->m, e->src, e->dst, NULL, &lo, &g), GNEST_OK);
  const int64_t *off;
  const int32_t *col;
  const float *w;
  gnest_graph_csr(g, &off, &col, &w);
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t source = 0;
  for (int32_t v = 1; v < n; ++v)
    if (off[v + 1] - off[v] > off[source + 1] - off[source]) source = v;
  int32_t *want = malloc(sizeof *want * (size_t)n), *got = malloc(sizeof *got * (size_t)n);
  int32_t *list = malloc(sizeof *list * (size_t)n), *next = malloc(sizeof *next * (size_t)n);
  cr_assert(want && got && list && next);
  gnest_options cpu;
  gnest_options_init(&cpu);
  cpu.backend = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_bfs(ctx, g, source, want, &cpu, NULL), GNEST_OK);
  for (int32_t v = 0; v < n; ++v) got[v] = -1;
  got[source] = 0;
  list[0] = source;
  int64_t count = 1, unexplored = off[n] - (off[source + 1] - off[source]);
  int bottom_up = 0, handed = 0;
  int32_t bottom_up_levels = 0, batch_end = gn_bfs_batch(0);
  *handed_at = -1;
  for (int32_t l = 0; count > 0; ++l) {
    if (!handed && l == batch_end) { /* the host reads the batch back */
      if (gn_bfs_hand_over(l, bottom_up_levels, bottom_up)) handed = 1, *handed_at = l;
      batch_end += gn_bfs_batch(l);
    }
    if (handed) bottom_up = 0;
    int64_t found = 0, arcs = 0;
    bottom_up_levels += bottom_up;
    if (bottom_up) {
      for (int32_t i = 0; i < n; ++i)
        if (got[i] == -1)
          for (int64_t k = off[i]; k < off[i + 1] && got[i] == -1; ++k)
            if (got[col[k]] == l) got[i] = l + 1, next[found++] = i;
    } else {
      for (int64_t j = 0; j < count; ++j)
        for (int64_t k = off[list[j]]; k < off[list[j] + 1]; ++k)
          if (got[col[k]] == -1) got[col[k]] = l + 1, next[found++] = col[k];
    }
    for (int64_t j = 0; j < found; ++j) arcs += off[next[j] + 1] - off[next[j]];
    bottom_up = gn_bfs_next_direction(bottom_up, n, found, count, arcs, unexplored);
    unexplored -= arcs;
    count = found;
    memcpy(list, next, sizeof *list * (size_t)found);
  }
  for (int32_t v = 0; v < n; ++v) cr_assert_eq(got[v], want[v], "vertex %d", (int)v);
  free(want), free(got), free(list), free(next);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  return bottom_up_levels;
}

Test(core_bfs_method, the_rule_on_rmat_and_a_grid) {
  gn_gen_edges e;
  int32_t handed = 0;
  cr_assert_eq(gn_gen_rmat(14, 16, 3, &e), GNEST_OK);
  const int32_t up = simulate_optimizing(&e, &handed);
  cr_log_info("rmat14: %d levels bottom-up, top-down loop from level %d", (int)up, (int)handed);
  cr_assert_gt(up, 0, "rmat14 never went bottom-up");
  cr_assert_lt(up, 6, "rmat14: %d levels bottom-up", (int)up);
  gn_gen_edges_free(&e);
  /* A grid of diameter 118: no bottom-up step in the first levels, handed over at the probe. */
  cr_assert_eq(gn_gen_grid(60, 60, 1, &e), GNEST_OK);
  cr_assert_eq(simulate_optimizing(&e, &handed), 0, "a grid went bottom-up");
  cr_assert_eq(handed, GN_BFS_PROBE_LEVELS);
  gn_gen_edges_free(&e);
}

/* The traversals' threshold when none is given (run.c): the power of two nearest the mean degree
 * (the switch at the geometric mean of two neighbours), within 8 .. 32. */
Test(core_call, traversal_threshold_from_the_mean_degree) {
  cr_assert_eq(gn_traversal_threshold(0, 0), 32, "no vertex");
  cr_assert_eq(gn_traversal_threshold(100, 0), 8, "no arc");
  cr_assert_eq(gn_traversal_threshold(325557, 3216152), 8, "cnr-2000: mean 9.9");
  cr_assert_eq(gn_traversal_threshold(1000, 11313), 8, "mean 11.313, just below 8 sqrt 2");
  cr_assert_eq(gn_traversal_threshold(1000, 11314), 16, "mean 11.314, just above 8 sqrt 2");
  cr_assert_eq(gn_traversal_threshold(1048576, 31401382), 32, "rmat20: mean 29.9");
  cr_assert_eq(gn_traversal_threshold(10, 100000), 32, "mean 10000: at most 32");
}

/* base.h's bit width, which io's digit widths and MST's key layout share. */
Test(core_call, bit_width) {
  cr_assert_eq(gn_bit_width(0), 0);
  cr_assert_eq(gn_bit_width(1), 1);
  cr_assert_eq(gn_bit_width(2), 2);
  cr_assert_eq(gn_bit_width(3), 2);
  cr_assert_eq(gn_bit_width(64), 7, "the suite's largest weight");
  cr_assert_eq(gn_bit_width(1070375), 21, "USA-road-FLA's largest vertex id");
  cr_assert_eq(gn_bit_width(INT32_MAX), 31);
  cr_assert_eq(gn_bit_width(UINT32_MAX), 32);
  cr_assert_eq(gn_bit_width((uint64_t)1 << 40), 41);
  cr_assert_eq(gn_bit_width(UINT64_MAX), 64);
}

/* The traversals' lanes per item on flat when none are given (run.c): the smallest power of two
 * at least the arcs' mean degree mean (1 + cv^2), 1 .. 32. */
Test(core_call, traversal_lanes_from_the_degrees) {
  cr_assert_eq(gn_traversal_lanes(0.0, 0.0), 1, "no arc");
  cr_assert_eq(gn_traversal_lanes(1.0, 0.0), 1, "a cycle: 1 arc each");
  cr_assert_eq(gn_traversal_lanes(1.0, 0.1), 2, "arcs' mean 1.01");
  cr_assert_eq(gn_traversal_lanes(2.511, 0.38), 4, "USA-road-FLA: arcs' mean 2.9");
  cr_assert_eq(gn_traversal_lanes(4.0, 0.0), 4, "a 2-d grid's interior: exactly 4");
  cr_assert_eq(gn_traversal_lanes(9.879, 2.079), 32, "cnr-2000: arcs' mean 52.6");
  cr_assert_eq(gn_traversal_lanes(29.9, 8.58), 32, "rmat20: at most 32");
}

/* The reason is never cut unmarked: an addition that does not fit keeps itself whole and cuts
 * the text before it with "..."; one longer than the whole reason keeps its start, ending in "...". */
Test(core_call, reason_additions_are_never_cut_unmarked) {
  gn_call call;
  memset(&call, 0, sizeof call);
  const size_t cap = sizeof call.reason;
  snprintf(call.reason, cap, "forced by caller");
  gn_reason_appendf(&call, "; threshold %d (mean degree %.1f)", 8, 2.5);
  cr_assert_str_eq(call.reason, "forced by caller; threshold 8 (mean degree 2.5)");
  char tail[200];
  memset(tail, 'x', sizeof tail - 1);
  tail[0] = ';';
  tail[sizeof tail - 1] = '\0';
  const size_t before = strlen(call.reason);
  gn_reason_appendf(&call, "%s", tail); /* 47 + 199 < 255: fits */
  cr_assert_eq(strlen(call.reason), before + strlen(tail));
  gn_reason_appendf(&call, "; freelaunch T2: the end"); /* does not fit */
  const size_t len = strlen(call.reason);
  cr_assert_eq(len, cap - 1, "%zu", len);
  const char *end = "...; freelaunch T2: the end";
  cr_assert_str_eq(call.reason + len - strlen(end), end, "%s", call.reason);
  cr_assert(strncmp(call.reason, "forced by caller", 16) == 0, "%s", call.reason);
  char huge[600];
  memset(huge, 'y', sizeof huge - 1);
  huge[sizeof huge - 1] = '\0';
  gn_reason_appendf(&call, "%s", huge);
  cr_assert_eq(strlen(call.reason), cap - 1);
  cr_assert_eq(call.reason[0], 'y');
  cr_assert_str_eq(call.reason + cap - 4, "...", "%s", call.reason);
}

/* The method words the reason says are the ones gnest_options_parse reads, by enum value; the
 * reason's method note has one form for coloring and TC. */
Test(core_call, method_words_and_note) {
  for (int m = 0; m <= 2; m++) { /* both enums: auto, then the two methods */
    char words[96];
    snprintf(words, sizeof words, "color_method=%s tc_method=%s",
             gn_color_method_word((gnest_color_method)m), gn_tc_method_word((gnest_tc_method)m));
    gnest_options o;
    gnest_options_init(&o);
    cr_assert_eq(gnest_options_parse(&o, words), GNEST_OK, "%s", words);
    cr_assert(o.color_method == (gnest_color_method)m && o.tc_method == (gnest_tc_method)m, "%s",
              words);
  }
  cr_assert_str_eq(gn_tc_method_word((gnest_tc_method)3), "?");
  cr_assert_str_eq(gn_color_method_word((gnest_color_method)-1), "?");
  gn_call call;
  memset(&call, 0, sizeof call);
  snprintf(call.reason, sizeof call.reason, "selector: flat");
  gn_note_method(&call, "tc_method", "auto", "search", "no vertex has more than 8 arcs");
  cr_assert_str_eq(call.reason,
                   "selector: flat; method: search (tc_method=auto): no vertex has more than 8 arcs");
  snprintf(call.reason, sizeof call.reason, "forced by caller");
  gn_note_method(&call, "color_method", "rounds", "rounds", NULL);
  cr_assert_str_eq(call.reason, "forced by caller; method: rounds (color_method=rounds)");
}
