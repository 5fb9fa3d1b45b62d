/* src/core without a device: errors, contexts, graphs from edges and from CSR arrays, symmetry,
 * degree statistics, tree validation and statistics, the binary cache's load options. */
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fixtures.h"
#include "common/gen.h"
#include "common/ring_csr.h"
#include "gnest.h"
#include "core/internal.h"
#include "core/stats.h"

/* ---------------------------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------------------------- */

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
  double w[] = {1.5, 2.5, 3.5};
  gnest_graph *g = graph_of(ctx, 3, 3, s, d, w, NULL);
  cr_assert_eq(gnest_graph_num_vertices(g), 3);
  cr_assert_eq(gnest_graph_num_edges(g), 3);
  cr_assert_eq(gnest_graph_is_weighted(g), 1);
  const int64_t *off;
  const int32_t *col;
  const double *wt;
  gnest_graph_csr(g, &off, &col, &wt);
  cr_assert_eq(off[0], 0); cr_assert_eq(off[1], 2); cr_assert_eq(off[2], 2); cr_assert_eq(off[3], 3);
  cr_assert_eq(col[0], 1); cr_assert_eq(col[1], 2); cr_assert_eq(col[2], 0);
  cr_assert_eq(wt[0], 3.5); cr_assert_eq(wt[1], 2.5); cr_assert_eq(wt[2], 1.5);
  cr_assert_eq(g->ctx, ctx);
  gnest_graph_release_device(g); /* no device copy: the graph stays as it was */
  cr_assert_eq(gnest_graph_num_edges(g), 3);
  cr_assert_eq(col[2], 0);
  gnest_graph_release_device(NULL);
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
static double csr_w[] = {2.0, 7.0, 3.0};

static gnest_status from_csr(gnest_ctx *ctx, int32_t n, int64_t m, const int64_t *off,
                             const int32_t *col, const double *w) {
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
  const double *wt;
  gnest_graph_csr(g, &o, &c, &wt);
  cr_assert(o == csr_off && c == csr_col && wt == csr_w, "the graph reads the caller's arrays");
  double dist[3];
  cr_assert_eq(gnest_sssp(ctx, g, 0, dist, NULL, NULL), GNEST_OK);
  cr_assert_eq(dist[0], 0.0); cr_assert_eq(dist[1], 2.0); cr_assert_eq(dist[2], 5.0);
  int sym = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  cr_assert_eq(sym, 0);
  gnest_graph_free(g);
  cr_assert_eq(csr_col[1], 2, "arrays untouched after free");
  cr_assert_eq(csr_w[2], 3.0);

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

  double nan_w[] = {2.0, NAN, 3.0}, inf_w[] = {2.0, 7.0, -INFINITY};
  cr_assert_eq(from_csr(ctx, 3, 3, csr_off, csr_col, nan_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "weights[1] = nan: expected a finite number");
  cr_assert_eq(from_csr(ctx, 3, 3, csr_off, csr_col, inf_w), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "weights[2] = -inf: expected a finite number");
  gnest_ctx_free(ctx);
}

/* Past 2^20 arcs the checks run on host threads, each over its rows: whatever the thread count,
 * the earliest bad column (then weight) is the one named, and the row order is noted whole. */
Test(core_graph, from_csr_checks_on_threads) {
  gnest_ctx *ctx = cpu_ctx();
  const int32_t n = 1 << 16;
  const int64_t m = (int64_t)n * 32; /* 2^21 arcs: rows of 32, column k of row u = (u + k) % n */
  int64_t *off = malloc(sizeof(int64_t) * ((size_t)n + 1));
  int32_t *col = malloc(sizeof(int32_t) * (size_t)m);
  double *w = malloc(sizeof(double) * (size_t)m);
  cr_assert(off && col && w);
  for (int32_t u = 0; u <= n; ++u) off[u] = (int64_t)u * 32;
  for (int64_t e = 0; e < m; ++e) {
    col[e] = (int32_t)((e / 32 + e % 32) % n);
    w[e] = 1.0;
  }
  const char *counts[] = {"1", "3", "7"};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i) {
    setenv("GNEST_THREADS", counts[i], 1);
    gnest_graph *g = NULL;
    cr_assert_eq(gnest_graph_from_csr(ctx, n, m, off, col, w, &g), GNEST_OK);
    /* the rows that wrap past n - 1 are not sorted */
    cr_assert(!g->csr.sorted && !g->csr.merged, "%s threads", counts[i]);
    gnest_graph_free(g);
    col[m - 5] = n;     /* two bad columns, far apart: the first is named */
    col[m / 3] = -2;
    w[m / 2] = NAN;     /* and a bad weight, behind them */
    cr_assert_eq(from_csr(ctx, n, m, off, col, w), GNEST_ERR_OUT_OF_RANGE, "%s", counts[i]);
    char want[96];
    snprintf(want, sizeof want, "columns[%lld] = -2 is outside [0, %d)", (long long)(m / 3), n);
    cr_assert_str_eq(gnest_last_error(ctx)->message, want);
    col[m / 3] = 0;
    col[m - 5] = 0;
    cr_assert_eq(from_csr(ctx, n, m, off, col, w), GNEST_ERR_INVALID_ARGUMENT);
    snprintf(want, sizeof want, "weights[%lld] = nan: expected a finite number",
             (long long)(m / 2));
    cr_assert_str_eq(gnest_last_error(ctx)->message, want);
    w[m / 2] = 1.0;
    col[m / 3] = (int32_t)((m / 3 / 32 + m / 3 % 32) % n);
    col[m - 5] = (int32_t)(((m - 5) / 32 + (m - 5) % 32) % n);
  }
  unsetenv("GNEST_THREADS");
  free(off);
  free(col);
  free(w);
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
                        const double *w, int sort) {
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
    double eq[] = {2.0, 2.0, 7.0}, ne[] = {2.0, 3.0, 7.0};
    cr_assert_eq(symmetric_of(ctx, 4, 3, ds, dd, eq, sort), 1, "equal weights, sort %d", sort);
    cr_assert_eq(symmetric_of(ctx, 4, 3, ds, dd, ne, sort), 0, "unequal weights, sort %d", sort);
  }
  /* Duplicates kept: (0,1,5) (0,1,1) (1,0,1): the (0,1,5) arc has no equal reverse. */
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.merge_duplicates = 0;
  int32_t s[] = {0, 0, 1}, d[] = {1, 1, 0};
  double w[] = {5.0, 1.0, 1.0};
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

/* gnest_graph_is_symmetric of CSR arrays given as they are (nothing known before the check). */
static int csr_symmetric(gnest_ctx *ctx, int32_t n, const int64_t *off, const int32_t *cols,
                         const double *w) {
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_csr(ctx, n, off[n], off, cols, w, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  int sym = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  gnest_graph_free(g);
  return sym;
}

/* Rows that never repeat a column take the mirror check (each row matched, in order, against
 * the arcs into it); rows that do take the search check, whose exact answer on repeats (any
 * repeat of equal weight is a reverse) no count or order argument gives. */
Test(core_graph, is_symmetric_mirror_and_repeats) {
  gnest_ctx *ctx = cpu_ctx();
  /* 0-1 (w 2), 0-2 (w 5), 1-2 (w 3) both ways, self-loops 2-2 (w 9) and 3-3 (w 4). */
  int64_t off[] = {0, 2, 4, 7, 8};
  int32_t cols[] = {1, 2, 0, 2, 0, 1, 2, 3};
  double w[] = {2, 5, 2, 3, 5, 3, 9, 4};
  cr_assert_eq(csr_symmetric(ctx, 4, off, cols, w), 1);
  cr_assert_eq(csr_symmetric(ctx, 4, off, cols, NULL), 1);
  for (int e = 0; e < 6; ++e) { /* any one reverse arc of another weight */
    double other[8];
    memcpy(other, w, sizeof w);
    other[e] += 0.5;
    cr_assert_eq(csr_symmetric(ctx, 4, off, cols, other), 0, "arc %d reweighted", e);
  }
  /* 2 -> 1 left out: 1 -> 2 has no reverse. */
  int64_t off_missing[] = {0, 2, 4, 6, 7};
  int32_t cols_missing[] = {1, 2, 0, 2, 0, 2, 3};
  cr_assert_eq(csr_symmetric(ctx, 4, off_missing, cols_missing, NULL), 0);
  /* As many arcs upward as downward, yet no reverse: 0 -> 2, 1 -> 2 against 1 -> 0, 2 -> 0. */
  int64_t off_even[] = {0, 1, 3, 4};
  int32_t cols_even[] = {2, 0, 2, 0};
  cr_assert_eq(csr_symmetric(ctx, 3, off_even, cols_even, NULL), 0);
  int64_t off_pair[] = {0, 1, 1, 2}; /* 0 -> 1, 2 -> 0 */
  int32_t cols_pair[] = {1, 0};
  cr_assert_eq(csr_symmetric(ctx, 3, off_pair, cols_pair, NULL), 0);
  /* Empty graphs, and self-loops only (any weights: each is its own reverse). */
  int64_t none[] = {0, 0, 0, 0};
  cr_assert_eq(csr_symmetric(ctx, 0, none, NULL, NULL), 1);
  cr_assert_eq(csr_symmetric(ctx, 3, none, NULL, NULL), 1);
  int64_t off_loops[] = {0, 1, 2, 2};
  int32_t cols_loops[] = {0, 1};
  double w_loops[] = {1.5, -2.0};
  cr_assert_eq(csr_symmetric(ctx, 3, off_loops, cols_loops, w_loops), 1);
  cr_assert_eq(csr_symmetric(ctx, 3, off_loops, cols_loops, NULL), 1);

  /* Repeated columns whose weights differ: symmetric through the repeat of equal weight, in
   * whatever order the repeats come. */
  int64_t off_rep[] = {0, 2, 4};
  int32_t cols_rep[] = {1, 1, 0, 0};
  double w_rep[] = {5, 1, 1, 5}, w_rep_off[] = {5, 1, 1, 6};
  cr_assert_eq(csr_symmetric(ctx, 2, off_rep, cols_rep, w_rep), 1);
  cr_assert_eq(csr_symmetric(ctx, 2, off_rep, cols_rep, w_rep_off), 0);
  /* (0,1,5) (0,1,1) against (1,0,1) alone: (0,1,5) has no reverse. Two (0,1,1) against one
   * (1,0,1): every arc has its reverse, though 0 has more arcs out than in. */
  int64_t off_rep3[] = {0, 2, 3};
  int32_t cols_rep3[] = {1, 1, 0};
  double w_rep3[] = {5, 1, 1}, w_twice[] = {1, 1, 1}, w_twice_off[] = {1, 1, 2};
  cr_assert_eq(csr_symmetric(ctx, 2, off_rep3, cols_rep3, w_rep3), 0);
  cr_assert_eq(csr_symmetric(ctx, 2, off_rep3, cols_rep3, w_twice), 1);
  cr_assert_eq(csr_symmetric(ctx, 2, off_rep3, cols_rep3, w_twice_off), 0);
  cr_assert_eq(csr_symmetric(ctx, 2, off_rep3, cols_rep3, NULL), 1);
  int64_t off_loop2[] = {0, 2}; /* a self-loop twice, of two weights */
  int32_t cols_loop2[] = {0, 0};
  double w_loop2[] = {1, 2};
  cr_assert_eq(csr_symmetric(ctx, 1, off_loop2, cols_loop2, w_loop2), 1);

  /* Unsorted rows: checked on a sorted copy, repeats or not. */
  int32_t cols_shuffled[] = {2, 1, 2, 0, 2, 1, 0, 3};
  double w_shuffled[] = {5, 2, 3, 2, 9, 3, 5, 4};
  cr_assert_eq(csr_symmetric(ctx, 4, off, cols_shuffled, w_shuffled), 1);
  w_shuffled[6] = 6;
  cr_assert_eq(csr_symmetric(ctx, 4, off, cols_shuffled, w_shuffled), 0);
  int64_t off_unsorted_rep[] = {0, 3, 6};
  int32_t cols_unsorted_rep[] = {1, 0, 1, 0, 1, 0};
  double w_unsorted_rep[] = {1, 7, 5, 5, 8, 1};
  cr_assert_eq(csr_symmetric(ctx, 2, off_unsorted_rep, cols_unsorted_rep, w_unsorted_rep), 1);
  w_unsorted_rep[2] = 4;
  cr_assert_eq(csr_symmetric(ctx, 2, off_unsorted_rep, cols_unsorted_rep, w_unsorted_rep), 0);
  gnest_ctx_free(ctx);
}

/* A copy of CSR (n, off, cols, w) without arcs drop[0..drops) (increasing), and with arc dup
 * (-1: none) given twice, the second time with weight dup_w. */
typedef struct edited_csr {
  int64_t *off;
  int32_t *cols;
  double *w;
} edited_csr;

static edited_csr edit_csr(int32_t n, const int64_t *off, const int32_t *cols, const double *w,
                           const int64_t *drop, int drops, int64_t dup, double dup_w) {
  const int64_t m = off[n] - drops + (dup >= 0);
  edited_csr c = {malloc(sizeof(int64_t) * ((size_t)n + 1)), malloc(sizeof(int32_t) * (size_t)m),
                  w ? malloc(sizeof(double) * (size_t)m) : NULL};
  cr_assert(c.off && c.cols && (!w || c.w));
  int64_t k = 0;
  int d = 0;
  c.off[0] = 0;
  for (int32_t u = 0; u < n; ++u) {
    for (int64_t e = off[u]; e < off[u + 1]; ++e) {
      if (d < drops && drop[d] == e) {
        ++d;
        continue;
      }
      c.cols[k] = cols[e];
      if (w) c.w[k] = w[e];
      ++k;
      if (e == dup) {
        c.cols[k] = cols[e];
        if (w) c.w[k] = dup_w;
        ++k;
      }
    }
    c.off[u + 1] = k;
  }
  cr_assert_eq(k, m);
  return c;
}

static void edited_free(edited_csr *c) {
  free(c->off);
  free(c->cols);
  free(c->w);
}

/* An arc (u, v) at or after arc from, upper (u < v) or lower (u > v). */
static int64_t arc_from(int32_t n, const int64_t *off, const int32_t *cols, int64_t from,
                        int upper, int32_t *row) {
  for (int32_t u = 0; u < n; ++u)
    for (int64_t e = off[u] > from ? off[u] : from; e < off[u + 1]; ++e)
      if (upper ? cols[e] > u : cols[e] < u) {
        *row = u;
        return e;
      }
  cr_assert_fail("no such arc");
  return -1;
}

/* RMAT, 2^16 vertices and 2^20 edges, symmetrized (about 2^21 arcs: the host threads' size),
 * with weights equal both ways. */
static gnest_graph *rmat_graph(gnest_ctx *ctx) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(16, 16, 5, &e), GNEST_OK);
  cr_assert_eq(gn_gen_weights(&e, 1, 100, 9), GNEST_OK);
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.symmetrize = 1;
  gnest_graph *g = graph_of(ctx, e.n, e.m, e.src, e.dst, e.w, &o);
  gn_gen_edges_free(&e);
  return g;
}

/* A graph's borrowed CSR arrays and sizes. */
typedef struct csr_arrays {
  const int64_t *off;
  const int32_t *cols;
  const double *w;
  int32_t n;
  int64_t m;
} csr_arrays;

static csr_arrays csr_view(const gnest_graph *g) {
  csr_arrays v;
  gnest_graph_csr(g, &v.off, &v.cols, &v.w);
  v.n = gnest_graph_num_vertices(g);
  v.m = v.off[v.n];
  return v;
}

/* rmat_graph's arrays (hub rows, the case the mirror check is for) as borrowed CSR arrays,
 * edited or not: checked on host threads, in every thread count, against the answer each edit
 * calls for. */
Test(core_graph, is_symmetric_rmat_on_threads) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = rmat_graph(ctx);
  const csr_arrays v = csr_view(g);
  cr_assert_geq(v.m, (int64_t)1 << 20, "m = %lld: too few arcs for the host threads",
                (long long)v.m);
  cr_assert(g->csr.sorted && g->csr.merged);
  int32_t u_late, u_up, u_down;
  const int64_t late = arc_from(v.n, v.off, v.cols, v.m - v.m / 5, 1, &u_late);
  const int64_t up = arc_from(v.n, v.off, v.cols, v.m / 3, 1, &u_up);
  const int64_t down = arc_from(v.n, v.off, v.cols, v.m / 2, 0, &u_down);
  cr_assert(v.cols[up] != u_down || v.cols[down] != u_up, "two arcs of one pair");
  double *reweighted = malloc(sizeof(double) * (size_t)v.m);
  cr_assert_not_null(reweighted);
  const int64_t both[] = {up, down}, one[] = {up};
  edited_csr two_gone = edit_csr(v.n, v.off, v.cols, v.w, both, 2, -1, 0.0);
  edited_csr one_gone = edit_csr(v.n, v.off, v.cols, v.w, one, 1, -1, 0.0);
  edited_csr twin = edit_csr(v.n, v.off, v.cols, v.w, NULL, 0, late, v.w[late]);
  edited_csr twin_off = edit_csr(v.n, v.off, v.cols, v.w, NULL, 0, late, v.w[late] + 1.0);
  const char *counts[] = {"1", "3", "7"};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    setenv("GNEST_THREADS", counts[i], 1);
    const char *t = counts[i];
    cr_assert_eq(csr_symmetric(ctx, v.n, v.off, v.cols, v.w), 1, "%s threads", t);
    cr_assert_eq(csr_symmetric(ctx, v.n, v.off, v.cols, NULL), 1, "%s threads, unweighted", t);
    const int64_t changed[] = {late, up, down};
    for (size_t k = 0; k < 3; ++k) {
      memcpy(reweighted, v.w, sizeof(double) * (size_t)v.m);
      reweighted[changed[k]] += 1.0;
      cr_assert_eq(csr_symmetric(ctx, v.n, v.off, v.cols, reweighted), 0, "%s threads, arc %lld",
                   t, (long long)changed[k]);
    }
    /* Two arcs gone, one upward, one downward, of different pairs: the counts still agree. */
    cr_assert_eq(csr_symmetric(ctx, v.n, two_gone.off, two_gone.cols, two_gone.w), 0, "%s", t);
    cr_assert_eq(csr_symmetric(ctx, v.n, one_gone.off, one_gone.cols, NULL), 0, "%s threads", t);
    /* A repeated arc: of equal weight it has a reverse; of another weight, none. */
    cr_assert_eq(csr_symmetric(ctx, v.n, twin.off, twin.cols, twin.w), 1, "%s threads", t);
    cr_assert_eq(csr_symmetric(ctx, v.n, twin_off.off, twin_off.cols, twin_off.w), 0, "%s", t);
    cr_assert_eq(csr_symmetric(ctx, v.n, twin_off.off, twin_off.cols, NULL), 1, "%s threads", t);
  }
  unsetenv("GNEST_THREADS");
  edited_free(&two_gone);
  edited_free(&one_gone);
  edited_free(&twin);
  edited_free(&twin_off);
  free(reweighted);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* While refuse_from is below SIZE_MAX, host allocations through calloc (gn_alloc's) of at least
 * that many bytes fail: this binary's calloc stands in for the C library's, whose own entry
 * (glibc's __libc_calloc) does the work. */
static _Atomic size_t refuse_from = SIZE_MAX;
extern void *__libc_calloc(size_t count, size_t size);

void *calloc(size_t count, size_t size) {
  const size_t limit = atomic_load(&refuse_from);
  if (limit != SIZE_MAX && size != 0 && count <= SIZE_MAX / size && count * size >= limit)
    return NULL;
  return __libc_calloc(count, size);
}

/* The mirror check's memory is optional: short of it, the check copies fewer arcs at a time;
 * without it, the search check answers. Neither fails the call or leaves an error on record. */
Test(core_graph, is_symmetric_short_of_memory) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = rmat_graph(ctx);
  const csr_arrays v = csr_view(g);
  double *reweighted = malloc(sizeof(double) * (size_t)v.m);
  cr_assert_not_null(reweighted);
  memcpy(reweighted, v.w, sizeof(double) * (size_t)v.m);
  int32_t row;
  reweighted[arc_from(v.n, v.off, v.cols, v.m - v.m / 7, 0, &row)] += 1.0;
  const char *counts[] = {"1", "3"};
  /* 1 MiB: the arcs in 16 chunks; 64 KiB: not even the table of row buckets. */
  const size_t limits[] = {(size_t)1 << 20, (size_t)1 << 16};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
      setenv("GNEST_THREADS", counts[i], 1);
      gnest_graph *sym = NULL, *asym = NULL;
      cr_assert_eq(gnest_graph_from_csr(ctx, v.n, v.m, v.off, v.cols, v.w, &sym), GNEST_OK);
      cr_assert_eq(gnest_graph_from_csr(ctx, v.n, v.m, v.off, v.cols, reweighted, &asym),
                   GNEST_OK);
      int s = -1, a = -1;
      cr_assert_eq(gnest_graph_is_symmetric(ctx, NULL, &s), GNEST_ERR_INVALID_ARGUMENT);
      atomic_store(&refuse_from, limits[k]);
      const gnest_status st_sym = gnest_graph_is_symmetric(ctx, sym, &s);
      const gnest_status st_asym = gnest_graph_is_symmetric(ctx, asym, &a);
      atomic_store(&refuse_from, SIZE_MAX);
      cr_assert(st_sym == GNEST_OK && st_asym == GNEST_OK, "%s", gnest_last_error_string(ctx));
      cr_assert_eq(s, 1, "%s threads, %zu bytes refused", counts[i], limits[k]);
      cr_assert_eq(a, 0, "%s threads, %zu bytes refused", counts[i], limits[k]);
      cr_assert_str_eq(gnest_last_error(ctx)->message, "graph is NULL", "the error on record");
      gnest_graph_free(sym);
      gnest_graph_free(asym);
    }
  unsetenv("GNEST_THREADS");
  free(reweighted);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * Induced subgraphs (gnest_graph_subgraph)
 * ------------------------------------------------------------------------------------------- */

/* A mask of n vertices that keeps about two thirds of them, scattered (free it). */
static uint8_t *kept_vertices(int32_t n) {
  uint8_t *keep = malloc((size_t)(n > 0 ? n : 1));
  cr_assert_not_null(keep);
  for (int32_t v = 0; v < n; ++v) keep[v] = (uint8_t)(((uint32_t)v * 2654435761u >> 7) % 3 != 0);
  return keep;
}

/* The subgraph's arrays against a serial filter of g's arcs: the same arcs, in the same order. */
static void assert_induced(const gnest_graph *g, const uint8_t *keep, const gnest_graph *sub) {
  const csr_arrays v = csr_view(g), s = csr_view(sub);
  int32_t *id = malloc(sizeof(int32_t) * (size_t)(v.n > 0 ? v.n : 1));
  cr_assert_not_null(id);
  int32_t k = 0;
  for (int32_t u = 0; u < v.n; ++u) id[u] = keep[u] ? k++ : -1;
  cr_assert_eq(s.n, k);
  int64_t at = 0;
  for (int32_t u = 0; u < v.n; ++u) {
    if (id[u] < 0) continue;
    cr_assert_eq(s.off[id[u]], at, "row %d starts at %lld, not %lld", id[u],
                 (long long)s.off[id[u]], (long long)at);
    for (int64_t e = v.off[u]; e < v.off[u + 1]; ++e) {
      if (id[v.cols[e]] < 0) continue;
      cr_assert_eq(s.cols[at], id[v.cols[e]], "arc %lld", (long long)at);
      if (v.w) cr_assert(s.w[at] == v.w[e], "arc %lld: weight %.17g, not %.17g", (long long)at,
                         s.w[at], v.w[e]);
      ++at;
    }
  }
  cr_assert_eq(s.m, at);
  cr_assert_eq(v.w == NULL, s.w == NULL);
  free(id);
}

/* On RMAT's hub rows (enough arcs for the host threads), in every thread count: the filtered
 * arcs; a g found symmetric gives a subgraph known symmetric before any check, and it is. */
Test(core_graph, subgraph_of_rmat_on_threads) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = rmat_graph(ctx);
  const int32_t n = gnest_graph_num_vertices(g);
  uint8_t *keep = kept_vertices(n);
  int symmetric = 0;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &symmetric), GNEST_OK);
  cr_assert_eq(symmetric, 1);
  const char *counts[] = {"1", "3", "7"};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    setenv("GNEST_THREADS", counts[i], 1);
    gnest_graph *sub = NULL;
    cr_assert_eq(gnest_graph_subgraph(ctx, g, keep, &sub), GNEST_OK, "%s",
                 gnest_last_error_string(ctx));
    assert_induced(g, keep, sub);
    cr_assert(sub->symmetric_known && sub->symmetric, "%s threads: symmetry not carried",
              counts[i]);
    cr_assert(sub->csr.sorted && sub->csr.merged, "%s threads: row order not carried", counts[i]);
    int checked = 0;
    cr_assert_eq(gn_csr_symmetric(ctx, &sub->csr, &checked), GNEST_OK);
    cr_assert_eq(checked, 1, "%s threads: the subgraph is not symmetric", counts[i]);
    gnest_graph_free(sub);
  }
  unsetenv("GNEST_THREADS");
  free(keep);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* A directed graph (symmetry unknown: the subgraph's is checked when asked, and may differ from
 * g's), unsorted borrowed rows (their order kept, and not called sorted), keeping nothing or
 * everything, a graph without vertices, and the argument errors. */
Test(core_graph, subgraph_edges_and_errors) {
  gnest_ctx *ctx = cpu_ctx();
  /* 0 -> 1, 1 -> 0, 1 -> 2 (no 2 -> 1), 3 -> 1: without 2 and 3, what is left is symmetric */
  const int64_t off[] = {0, 1, 3, 3, 4};
  const int32_t cols[] = {1, 2, 0, 1};
  const double w[] = {1.5, 2.5, 1.5, 4.0};
  gnest_graph *g = NULL, *sub = NULL;
  cr_assert_eq(gnest_graph_from_csr(ctx, 4, 4, off, cols, w, &g), GNEST_OK);
  cr_assert_eq(g->csr.sorted, 0, "row 1 lists 2 before 0");
  const uint8_t two[] = {1, 1, 0, 0}, none[] = {0, 0, 0, 0}, all[] = {1, 1, 1, 1};
  cr_assert_eq(gnest_graph_subgraph(ctx, g, two, &sub), GNEST_OK);
  assert_induced(g, two, sub);
  cr_assert_eq(sub->symmetric_known, 0, "g's symmetry was never asked");
  cr_assert_eq(sub->csr.sorted, 0);
  int symmetric = -1;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, sub, &symmetric), GNEST_OK);
  cr_assert_eq(symmetric, 1);
  gnest_graph_free(sub);
  cr_assert_eq(gnest_graph_subgraph(ctx, g, all, &sub), GNEST_OK);
  assert_induced(g, all, sub);
  cr_assert_eq(gnest_graph_is_symmetric(ctx, sub, &symmetric), GNEST_OK);
  cr_assert_eq(symmetric, 0, "1 -> 2 has no reverse");
  gnest_graph_free(sub);
  cr_assert_eq(gnest_graph_subgraph(ctx, g, none, &sub), GNEST_OK);
  cr_assert_eq(gnest_graph_num_vertices(sub), 0);
  cr_assert_eq(gnest_graph_num_edges(sub), 0);
  gnest_graph_free(sub);

  sub = g; /* a failed call leaves *out NULL */
  cr_assert_eq(gnest_graph_subgraph(ctx, g, NULL, &sub), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(sub);
  cr_assert_not_null(strstr(gnest_last_error_string(ctx), "keep is NULL"));
  cr_assert_eq(gnest_graph_subgraph(ctx, NULL, two, &sub), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_graph_subgraph(ctx, g, two, NULL), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_graph_subgraph(NULL, g, two, &sub), GNEST_ERR_INVALID_ARGUMENT);
  gnest_graph_free(g);

  const int64_t empty_off[] = {0};
  cr_assert_eq(gnest_graph_from_csr(ctx, 0, 0, empty_off, NULL, NULL, &g), GNEST_OK);
  cr_assert_eq(gnest_graph_subgraph(ctx, g, NULL, &sub), GNEST_OK, "no vertex: keep may be NULL");
  cr_assert_eq(gnest_graph_num_vertices(sub), 0);
  gnest_graph_free(sub);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* Short of memory at any of its allocations, the call fails with GNEST_ERR_OUT_OF_MEMORY and
 * *out NULL, having freed what it had (the limits below refuse each allocation in turn). */
Test(core_graph, subgraph_short_of_memory) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = rmat_graph(ctx);
  const int32_t n = gnest_graph_num_vertices(g);
  uint8_t *keep = kept_vertices(n);
  gnest_graph *whole = NULL;
  cr_assert_eq(gnest_graph_subgraph(ctx, g, keep, &whole), GNEST_OK);
  const size_t k = (size_t)gnest_graph_num_vertices(whole);
  const size_t m = (size_t)gnest_graph_num_edges(whole);
  gnest_graph_free(whole);
  /* the vertex ids, the offsets, the columns, the weights: each limit lets the ones before by */
  const size_t ids = (size_t)n * sizeof(int32_t), offsets = (k + 1) * sizeof(int64_t);
  cr_assert(ids < offsets && offsets < m * sizeof(int32_t), "sizes %zu %zu %zu", ids, offsets,
            m * sizeof(int32_t));
  const size_t limits[] = {ids, ids + 1, offsets + 1, m * sizeof(int32_t) + 1};
  for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
    gnest_graph *sub = g;
    atomic_store(&refuse_from, limits[i]);
    const gnest_status st = gnest_graph_subgraph(ctx, g, keep, &sub);
    atomic_store(&refuse_from, SIZE_MAX);
    cr_assert_eq(st, GNEST_ERR_OUT_OF_MEMORY, "limit %zu: %s", limits[i],
                 gnest_last_error_string(ctx));
    cr_assert_null(sub);
  }
  free(keep);
  gnest_graph_free(g);
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

/* gnest_tree_from_parents refuses the parent array with this status and message, and
 * gnest_tree_write_parents refuses it alike, writing nothing. */
static void assert_tree_error(int32_t n, const int32_t *parent, gnest_status want,
                              const char *message) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_tree *t = (gnest_tree *)&t;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, parent, &t), want, "%s",
               gnest_last_error_string(ctx));
  cr_assert_null(t);
  cr_assert_str_eq(gnest_last_error(ctx)->message, message);
  cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_tree_from_parents");
  char dir[] = "/tmp/gnest-core-tree-XXXXXX", path[sizeof dir + 16];
  cr_assert_not_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/t.tree", dir);
  cr_assert_eq(gnest_tree_write_parents(ctx, n, parent, path), want, "%s",
               gnest_last_error_string(ctx));
  cr_assert_str_eq(gnest_last_error(ctx)->message, message);
  cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_tree_write_parents");
  cr_assert_neq(access(path, F_OK), 0, "%s was written", path);
  cr_assert_eq(rmdir(dir), 0);
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

/* gnest_tree_write_parents writes the file gnest_tree_save writes for the same tree; the
 * arguments it refuses before looking at the array. */
Test(core_tree, write_parents_as_save_writes) {
  gnest_ctx *ctx = cpu_ctx();
  const int32_t parent[] = {3, 3, -1, 2, 3, 0, 5};
  char dir[] = "/tmp/gnest-core-tree-XXXXXX", written[sizeof dir + 16], saved[sizeof dir + 16];
  cr_assert_not_null(mkdtemp(dir));
  const char *names[] = {"w.tree", "w.tree.gz"};
  for (int i = 0; i < 2; i++) {
    snprintf(written, sizeof written, "%s/%s", dir, names[i]);
    snprintf(saved, sizeof saved, "%s/s.tree", dir);
    cr_assert_eq(gnest_tree_write_parents(ctx, 7, parent, written), GNEST_OK, "%s",
                 gnest_last_error_string(ctx));
    gnest_tree *t = NULL;
    cr_assert_eq(gnest_tree_load(ctx, written, &t), GNEST_OK, "%s", gnest_last_error_string(ctx));
    const int32_t *back;
    gnest_tree_arrays(t, &back, NULL, NULL);
    cr_assert_eq(gnest_tree_num_nodes(t), 7);
    cr_assert_arr_eq(back, parent, sizeof parent);
    cr_assert_eq(gnest_tree_save(ctx, t, saved), GNEST_OK);
    gnest_tree_free(t);
    if (i == 0) { /* the same bytes */
      char cmd[3 * sizeof written];
      snprintf(cmd, sizeof cmd, "cmp -s %s %s", written, saved);
      cr_assert_eq(system(cmd), 0, "%s and %s differ", written, saved);
    }
    cr_assert_eq(unlink(written), 0);
    cr_assert_eq(unlink(saved), 0);
  }
  cr_assert_eq(rmdir(dir), 0);
  cr_assert_eq(gnest_tree_write_parents(ctx, 7, parent, NULL), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(ctx)->message, "path is NULL");
  cr_assert_eq(gnest_tree_write_parents(NULL, 7, parent, "x.tree"), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(NULL)->message, "ctx is NULL");
  gnest_ctx_free(ctx);
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


/* ---------------------------------------------------------------------------------------------
 * Weighted betweenness: the API's checks and messages
 * ------------------------------------------------------------------------------------------- */

Test(core_bc_weighted, negative_weight_zero_weight_cycle_and_sources) {
  gnest_ctx *ctx = cpu_ctx();
  /* 0->1 (2), 1->2 (1), 0->2 (3): two shortest paths to 2, 1 on one of them. */
  const int32_t s[] = {0, 1, 0}, d[] = {1, 2, 2};
  const double w[] = {2, 1, 3}, negative[] = {2, -1, 3}, zero_cycle[] = {0, 0, 0};
  gnest_graph *g = graph_of(ctx, 3, 3, s, d, w, NULL);
  double bc[3];
  cr_assert_eq(gnest_bc_weighted(ctx, g, NULL, bc, NULL, NULL), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert(bc[0] == 0 && bc[1] == 0.5 && bc[2] == 0, "bc = %g %g %g", bc[0], bc[1], bc[2]);
  const int32_t bad[] = {3};
  const gnest_bc_sources outside = {GNEST_BC_LIST, bad, 1, 0};
  cr_assert_eq(gnest_bc_weighted(ctx, g, &outside, bc, NULL, NULL), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_eq(gnest_bc_weighted(ctx, g, NULL, NULL, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT);
  gnest_graph_free(g);

  g = graph_of(ctx, 3, 3, s, d, negative, NULL);
  cr_assert_eq(gnest_bc_weighted(ctx, g, NULL, bc, NULL, NULL), GNEST_ERR_INVALID_INPUT);
  assert_contains(gnest_last_error(ctx)->message, "arc 1 -> 2 has weight -1");
  gnest_graph_free(g);

  /* Zero weights on 0->1->2 and 0->2 tie, no cycle; the reverse arc 2->0 of weight 0 closes one
   * from every source. */
  g = graph_of(ctx, 3, 3, s, d, zero_cycle, NULL);
  cr_assert_eq(gnest_bc_weighted(ctx, g, NULL, bc, NULL, NULL), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert(bc[1] == 0.5, "bc[1] = %g", bc[1]);
  gnest_graph_free(g);
  const int32_t s4[] = {0, 1, 0, 2}, d4[] = {1, 2, 2, 0};
  const double w4[] = {0, 0, 0, 0};
  g = graph_of(ctx, 3, 4, s4, d4, w4, NULL);
  const int32_t from1[] = {1};
  const gnest_bc_sources one = {GNEST_BC_LIST, from1, 1, 0};
  cr_assert_eq(gnest_bc_weighted(ctx, g, &one, bc, NULL, NULL), GNEST_ERR_INVALID_INPUT);
  assert_contains(gnest_last_error(ctx)->message, "source 1 reaches a cycle of zero-weight arcs");
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* ------------------------------------------------------------------------------------------- *
 * Predecessors through the typed calls (C callers link them by their C names)
 * ------------------------------------------------------------------------------------------- */

Test(core_pred, typed_calls_return_parents) {
  gnest_ctx *ctx = cpu_ctx();
  /* 0 -> 1 (1), 0 -> 2 (3), 1 -> 2 (2), 2 -> 3 (1): 2 is as near through 0 directly (3) as
   * through 1 (1 + 2), and the direct arc is fewer arcs; 4 is unreached. */
  const int32_t s[] = {0, 0, 1, 2}, d[] = {1, 2, 2, 3};
  const double w[] = {1, 3, 2, 1};
  gnest_graph *g = graph_of(ctx, 5, 4, s, d, w, NULL);
  double dist[5];
  int32_t levels[5], pred[5];
  cr_assert_eq(gnest_sssp_pred(ctx, g, 0, dist, pred, NULL, NULL), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert(dist[2] == 3 && dist[3] == 4 && isinf(dist[4]), "dist %g %g %g", dist[2], dist[3],
            dist[4]);
  const int32_t want[] = {-1, 0, 0, 2, -1};
  cr_assert_arr_eq(pred, want, sizeof want);
  cr_assert_eq(gnest_bfs_pred(ctx, g, 0, levels, pred, NULL, NULL), GNEST_OK);
  cr_assert_arr_eq(pred, want, sizeof want);
  cr_assert_eq(gnest_sssp_pred(ctx, g, 0, dist, NULL, NULL, NULL), GNEST_OK, "pred NULL: plain");
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * Partitions
 * ------------------------------------------------------------------------------------------- */

/* A rows x cols grid numbered row by row, each edge both ways. */
static gnest_graph *grid_graph(gnest_ctx *ctx, int32_t rows, int32_t cols) {
  const int64_t m = 2 * ((int64_t)rows * (cols - 1) + (int64_t)(rows - 1) * cols);
  int32_t *s = malloc((size_t)m * sizeof *s), *d = malloc((size_t)m * sizeof *d);
  cr_assert(s && d);
  int64_t k = 0;
  for (int32_t r = 0; r < rows; ++r)
    for (int32_t c = 0; c < cols; ++c) {
      const int32_t v = r * cols + c;
      if (c + 1 < cols) s[k] = v, d[k++] = v + 1, s[k] = v + 1, d[k++] = v;
      if (r + 1 < rows) s[k] = v, d[k++] = v + cols, s[k] = v + cols, d[k++] = v;
    }
  cr_assert_eq(k, m);
  gnest_graph *g = graph_of(ctx, rows * cols, m, s, d, NULL, NULL);
  free(s);
  free(d);
  return g;
}

static int64_t cut_of(const gnest_graph *g, const int32_t *part) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  int64_t cut = 0;
  for (int32_t u = 0; u < gnest_graph_num_vertices(g); ++u)
    for (int64_t e = off[u]; e < off[u + 1]; ++e) cut += part[col[e]] != part[u];
  return cut;
}

static int has_metis(void) { return strstr(gnest_build_features(), "metis") != NULL; }

/* Ranges: consecutive ids, each part's arcs + vertices within one vertex's weight of the mean;
 * random: the same answer twice, every part used; the cut is the arcs between parts. */
Test(core_partition, ranges_and_random) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = grid_graph(ctx, 40, 25); /* 1000 vertices, degrees 2-4 */
  const int32_t n = gnest_graph_num_vertices(g), parts = 7;
  const int64_t m = gnest_graph_num_edges(g);
  int32_t *part = malloc((size_t)n * sizeof *part), *again = malloc((size_t)n * sizeof *again);
  int64_t cut = -1, weight[7] = {0};
  cr_assert_eq(gnest_graph_partition(ctx, g, parts, GNEST_PARTITION_RANGES, part, &cut), GNEST_OK);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  for (int32_t v = 0; v < n; ++v) {
    cr_assert(part[v] >= 0 && part[v] < parts);
    if (v) cr_assert(part[v] == part[v - 1] || part[v] == part[v - 1] + 1, "not consecutive at %d", v);
    weight[part[v]] += off[v + 1] - off[v] + 1;
  }
  for (int p = 0; p < parts; ++p)
    cr_assert(llabs(weight[p] - (m + n) / parts) <= 5 + 1, "part %d weighs %lld of %lld", p,
              (long long)weight[p], (long long)(m + n));
  cr_assert_eq(cut, cut_of(g, part));
  cr_assert_eq(gnest_graph_partition(ctx, g, parts, GNEST_PARTITION_RANDOM, part, &cut), GNEST_OK);
  cr_assert_eq(gnest_graph_partition(ctx, g, parts, GNEST_PARTITION_RANDOM, again, NULL), GNEST_OK);
  cr_assert_eq(memcmp(part, again, (size_t)n * sizeof *part), 0);
  int used[7] = {0};
  for (int32_t v = 0; v < n; ++v) used[part[v]] = 1;
  for (int p = 0; p < parts; ++p) cr_assert(used[p], "part %d empty", p);
  cr_assert_eq(cut, cut_of(g, part));
  /* one part: nothing cut */
  cr_assert_eq(gnest_graph_partition(ctx, g, 1, GNEST_PARTITION_RANDOM, part, &cut), GNEST_OK);
  cr_assert_eq(cut, 0);
  free(part);
  free(again);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* METIS cuts a grid into quadrant-like parts: fewer arcs than the row bands of ranges (3 x 64
 * edges both ways, about), the same answer twice, on a directed copy too (taken as undirected); a
 * build without it says which package it lacks. */
Test(core_partition, metis_or_not_built) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = grid_graph(ctx, 64, 64);
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t *part = malloc((size_t)n * sizeof *part), *again = malloc((size_t)n * sizeof *again);
  int64_t cut = -1, bands = -1;
  cr_assert_eq(gnest_graph_partition(ctx, g, 4, GNEST_PARTITION_RANGES, part, &bands), GNEST_OK);
  /* three boundaries between bands of rows, each cutting a row's 64 edges (and one more where it
   * falls inside a row), both ways */
  cr_assert(bands >= 3 * 64 * 2 && bands <= 3 * 65 * 2, "ranges cut %lld arcs", (long long)bands);
  gnest_status st = gnest_graph_partition(ctx, g, 4, GNEST_PARTITION_METIS, part, &cut);
  if (!has_metis()) {
    cr_assert_eq(st, GNEST_ERR_NOT_BUILT);
    assert_contains(gnest_last_error(ctx)->message, "libmetis-dev");
  } else {
    cr_assert_eq(st, GNEST_OK, "%s", gnest_last_error_string(ctx));
    cr_assert_lt(cut, bands, "metis cut %lld arcs, row bands %lld", (long long)cut, (long long)bands);
    cr_assert_eq(cut, cut_of(g, part));
    int64_t size[4] = {0};
    for (int32_t v = 0; v < n; ++v) size[part[v]]++;
    for (int p = 0; p < 4; ++p) cr_assert(size[p] > n / 8, "part %d holds %lld", p, (long long)size[p]);
    cr_assert_eq(gnest_graph_partition(ctx, g, 4, GNEST_PARTITION_METIS, again, NULL), GNEST_OK);
    cr_assert_eq(memcmp(part, again, (size_t)n * sizeof *part), 0);
    /* one direction of each edge, a self-loop and a repeated arc: the same undirected graph */
    int32_t s[] = {0, 1, 2, 3, 3, 4, 4}, d[] = {1, 2, 3, 4, 4, 5, 4};
    gnest_load_options o;
    gnest_load_options_init(&o);
    o.merge_duplicates = 0;
    gnest_graph *p6 = graph_of(ctx, 6, 7, s, d, NULL, &o);
    int32_t six[6];
    cr_assert_eq(gnest_graph_partition(ctx, p6, 2, GNEST_PARTITION_METIS, six, &cut), GNEST_OK);
    cr_assert_eq(cut, cut_of(p6, six));
    gnest_graph_free(p6);
  }
  free(part);
  free(again);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(core_partition, arguments) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = grid_graph(ctx, 3, 3);
  int32_t part[9];
  cr_assert_eq(gnest_graph_partition(ctx, g, 0, GNEST_PARTITION_RANGES, part, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "parts must be in [1, 9] (the vertex count), got 0");
  cr_assert_eq(gnest_graph_partition(ctx, g, 10, GNEST_PARTITION_RANGES, part, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_graph_partition(ctx, g, 2, (gnest_partition_method)7, part, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_graph_partition(ctx, g, 2, GNEST_PARTITION_RANGES, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_graph_partition(NULL, g, 2, GNEST_PARTITION_RANGES, part, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  gnest_graph_free(g);
  /* an empty graph takes one part */
  g = graph_of(ctx, 0, 0, NULL, NULL, NULL, NULL);
  int64_t cut = -1;
  cr_assert_eq(gnest_graph_partition(ctx, g, 1, GNEST_PARTITION_RANGES, part, &cut), GNEST_OK);
  cr_assert_eq(cut, 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* The weights' facts (gn_graph_weight_facts) that pick SSSP's distance type and the device's
 * weight type: whole numbers (0, huge whole ones, every double from 2^52 on) against fractions
 * and NaN, on one thread and, past 2^22 arcs, on several (one fraction at the very end). */
Test(core_graph, weight_facts_say_whether_the_weights_are_whole) {
  gnest_ctx *ctx = cpu_ctx();
  const struct { double w[3]; int whole, float_exact; } cases[] = {
      {{0.0, 1.0, 64.0}, 1, 1},
      {{4294967295.0, 1e20, 0x1p60}, 1, 0},
      {{0x1p52 + 1.0, 3.0, 2.0}, 1, 0},
      {{1.0, 0.5, 2.0}, 0, 1},
      {{1.0, 4503599627370495.5, 2.0}, 0, 0},
      {{1.0, NAN, 2.0}, 0, 0}};
  int32_t src[3] = {0, 1, 2}, dst[3] = {1, 2, 0};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    gnest_graph *g = NULL;
    cr_assert_eq(gnest_graph_from_edges(ctx, 3, 3, src, dst, cases[k].w, NULL, &g), GNEST_OK);
    const gn_weight_facts f = gn_graph_weight_facts(g);
    cr_assert_eq(f.whole, cases[k].whole, "case %zu", k);
    cr_assert_eq(f.float_exact, cases[k].float_exact, "case %zu", k);
    gnest_graph_free(g);
  }
  const int64_t m = ((int64_t)1 << 22) + 5; /* several threads */
  int32_t *s = malloc((size_t)m * sizeof *s), *d = malloc((size_t)m * sizeof *d);
  double *w = malloc((size_t)m * sizeof *w);
  cr_assert(s && d && w);
  for (int64_t e = 0; e < m; e++) {
    s[e] = (int32_t)e; /* a path: no duplicate arc to merge */
    d[e] = (int32_t)(e + 1);
    w[e] = (double)(e % 97);
  }
  for (int frac = 0; frac < 2; frac++) {
    w[m - 1] = frac ? 2.5 : 2.0;
    gnest_graph *g = NULL;
    cr_assert_eq(gnest_graph_from_edges(ctx, (int32_t)m + 1, m, s, d, w, NULL, &g), GNEST_OK);
    cr_assert_eq(gn_graph_weight_facts(g).whole, !frac, "with%s a fraction at the end",
                 frac ? "" : "out");
    gnest_graph_free(g);
  }
  free(s);
  free(d);
  free(w);
  gnest_ctx_free(ctx);
}
