/* GPU correctness suite: every algorithm x every GPU backend available in this build, checked
 * against the CPU backend (GNEST_BACKEND_CPU, the exact reference) through the public API only.
 *
 * Backends are discovered by iterating over every gnest_backend value and keeping those that
 * gnest_backend_available() accepts, so backends added later are tested without touching this
 * file (gpu_backends.inventory logs which were skipped and why).
 *
 * Comparisons: BFS levels exact; SSSP exact for integer weights (within 1e-5 relative for real
 * weights); BC within 1e-6 of max(|ref|, 1) per vertex; coloring valid and equal to the CPU's;
 * MST total exact for integer weights, same edge count, and the returned edges form a forest of
 * graph edges with that total; TC total and per vertex exact; tree descendants / heights exact.
 * Error statuses must equal the CPU's (e.g. coloring a directed graph).
 *
 * Environment:
 *   GNEST_TEST_SMALL=1           every size about 10x smaller (for compute-sanitizer runs)
 *   GNEST_TEST_CPU_AS_BACKEND=1  without a device, run the harness with the cpu backend as the
 *                                "backend under test" instead of skipping (checks the harness)
 * Without a CUDA device every test skips with the context's device text. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"
#include "gnest.h"

#define DATA_DIR "../shared/data"

/* ------------------------------------------------------------------------------------------ */
/* Environment: context, backends under test, sizes                                            */
/* ------------------------------------------------------------------------------------------ */

typedef struct gpu_env {
  gnest_ctx *ctx;
  gnest_backend backends[GNEST_BACKEND_COUNT];
  int num_backends;
} gpu_env;

static int env_flag(const char *name) {
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}

static int small_mode(void) { return env_flag("GNEST_TEST_SMALL"); }

/* A size of the full suite, about 10x smaller in small mode (never below min). */
static int64_t sized(int64_t full, int64_t min) {
  int64_t v = small_mode() ? full / 10 : full;
  return v < min ? min : v;
}

/* Opens the context; skips the test when there is no CUDA device. */
static void env_open(gpu_env *env) {
  memset(env, 0, sizeof *env);
  gnest_ctx *ctx = NULL;
  gnest_status st = gnest_ctx_create(&ctx, NULL);
  cr_assert_eq(st, GNEST_OK, "gnest_ctx_create: %s", gnest_strerror(st));
  if (!gnest_ctx_has_device(ctx)) {
    if (env_flag("GNEST_TEST_CPU_AS_BACKEND")) {
      env->ctx = ctx;
      env->backends[env->num_backends++] = GNEST_BACKEND_CPU;
      return;
    }
    char name[300];
    snprintf(name, sizeof name, "%s", gnest_ctx_device_name(ctx));
    gnest_ctx_free(ctx);
    cr_skip_test("no CUDA device: %s", name);
  }
  env->ctx = ctx;
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    if (b == GNEST_BACKEND_AUTO || b == GNEST_BACKEND_CPU) continue;
    if (gnest_backend_available(ctx, (gnest_backend)b) == GNEST_OK)
      env->backends[env->num_backends++] = (gnest_backend)b;
  }
}

static void env_close(gpu_env *env) {
  gnest_ctx_free(env->ctx);
  env->ctx = NULL;
}

static gnest_options backend_options(gnest_backend b) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = b;
  return o;
}

/* Backends every build with a device must run for every algorithm (issue 3). */
static int backend_required(gnest_backend b) {
  return b == GNEST_BACKEND_FLAT || b == GNEST_BACKEND_LAZYNP;
}

/* Decides whether the backend's result is to be compared. Its status must equal the CPU's,
 * except that a backend other than the required ones may declare itself not applicable. */
static int status_agrees(const gpu_env *env, gnest_backend b, const char *algo, const char *name,
                         gnest_status ref, gnest_status got) {
  if (got == GNEST_ERR_BACKEND_NOT_APPLICABLE && !backend_required(b)) {
    cr_log_info("%s/%s on %s: not applicable (%s)", algo, gnest_backend_name(b), name,
                gnest_last_error_string(env->ctx));
    return 0;
  }
  cr_assert_eq(got, ref, "%s/%s on %s: status '%s' (%s), cpu gave '%s'", algo,
               gnest_backend_name(b), name, gnest_strerror(got),
               got == GNEST_OK ? "" : gnest_last_error_string(env->ctx), gnest_strerror(ref));
  return got == GNEST_OK;
}

/* gnest_info of a forced run: the forced backend, its name, a reason, and device work. */
static void check_info(gnest_backend b, const gnest_info *info, const char *algo, const char *name,
                       int has_work) {
  cr_assert_eq(info->backend, b, "%s on %s: info.backend %d, forced %d", algo, name,
               (int)info->backend, (int)b);
  cr_assert_not_null(info->backend_name);
  cr_assert_str_eq(info->backend_name, gnest_backend_name(b), "%s on %s", algo, name);
  cr_assert_neq(info->reason[0], '\0', "%s/%s on %s: empty reason", algo, info->backend_name, name);
  cr_assert_geq(info->time_ms, 0.0);
  if (b != GNEST_BACKEND_CPU && has_work)
    cr_assert_gt(info->kernel_launches, 0, "%s/%s on %s: no kernel launch counted", algo,
                 info->backend_name, name);
  if (b == GNEST_BACKEND_CPU) cr_assert_eq(info->kernel_launches, 0);
}

static void *xmalloc(size_t count, size_t size) {
  void *p = malloc((count ? count : 1) * size);
  cr_assert_not_null(p, "out of host memory");
  return p;
}

/* Output buffers are filled with a pattern before each run so that unwritten entries show. */
static void poison(void *p, size_t bytes) { memset(p, 0x5b, bytes); }

/* ------------------------------------------------------------------------------------------ */
/* Comparisons                                                                                 */
/* ------------------------------------------------------------------------------------------ */

static void expect_i32_equal(const int32_t *ref, const int32_t *got, int64_t n, const char *algo,
                             gnest_backend b, const char *name) {
  for (int64_t v = 0; v < n; v++)
    if (ref[v] != got[v])
      cr_assert_fail("%s/%s on %s: vertex %lld: got %d, cpu %d", algo, gnest_backend_name(b), name,
                     (long long)v, got[v], ref[v]);
}

static void expect_u64_equal(const uint64_t *ref, const uint64_t *got, int64_t n, const char *algo,
                             gnest_backend b, const char *name) {
  for (int64_t v = 0; v < n; v++)
    if (ref[v] != got[v])
      cr_assert_fail("%s/%s on %s: vertex %lld: got %llu, cpu %llu", algo, gnest_backend_name(b),
                     name, (long long)v, (unsigned long long)got[v], (unsigned long long)ref[v]);
}

/* Exact (tolerance 0) or relative to max(|ref|, 1); infinities must match exactly. */
static void expect_f32_close(const float *ref, const float *got, int64_t n, double tolerance,
                             const char *algo, gnest_backend b, const char *name) {
  for (int64_t v = 0; v < n; v++) {
    if (ref[v] == got[v]) continue;
    double scale = fabs((double)ref[v]) > 1.0 ? fabs((double)ref[v]) : 1.0;
    if (isinf(ref[v]) || isinf(got[v]) || isnan(got[v]) ||
        fabs((double)got[v] - (double)ref[v]) > tolerance * scale)
      cr_assert_fail("%s/%s on %s: vertex %lld: got %.9g, cpu %.9g", algo, gnest_backend_name(b),
                     name, (long long)v, got[v], ref[v]);
  }
}

static void expect_f64_close(const double *ref, const double *got, int64_t n, double tolerance,
                             const char *algo, gnest_backend b, const char *name) {
  for (int64_t v = 0; v < n; v++) {
    double scale = fabs(ref[v]) > 1.0 ? fabs(ref[v]) : 1.0;
    if (!(fabs(got[v] - ref[v]) <= tolerance * scale))
      cr_assert_fail("%s/%s on %s: vertex %lld: got %.12g, cpu %.12g", algo, gnest_backend_name(b),
                     name, (long long)v, got[v], ref[v]);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Graph cases                                                                                 */
/* ------------------------------------------------------------------------------------------ */

enum {
  A_BFS = 1, A_SSSP = 2, A_BC = 4, A_COLOR = 8, A_MST = 16, A_TC = 32,
  A_TRAVERSALS = A_BFS | A_SSSP | A_BC,
  A_UNDIRECTED = A_COLOR | A_MST | A_TC,
  A_ALL = A_TRAVERSALS | A_UNDIRECTED
};

typedef struct graph_case {
  const char *name;
  const gnest_graph *g;
  int32_t source;      /* BFS / SSSP source */
  unsigned algos;      /* A_* to run */
  int exact_sssp;      /* weights are integers (or sums stay exact): distances compared exactly */
  int exact_mst;       /* MST total compared exactly (else within 1e-9 relative) */
  int32_t bc_sample;   /* BC sources: 0 = all, else this many sampled with a fixed seed */
  const int32_t *bc_list; /* or an explicit list (bc_list_len entries) */
  int32_t bc_list_len;
} graph_case;

static int64_t case_arcs(const graph_case *c) { return gnest_graph_num_edges(c->g); }

static void check_bfs(const gpu_env *env, const graph_case *c) {
  int32_t n = gnest_graph_num_vertices(c->g);
  int32_t *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  gnest_status rs = gnest_bfs(env->ctx, c->g, c->source, ref, &cpu, NULL);
  for (int i = 0; i < env->num_backends; i++) {
    gnest_backend b = env->backends[i];
    gnest_options o = backend_options(b);
    gnest_info info;
    poison(got, (size_t)n * sizeof *got);
    gnest_status st = gnest_bfs(env->ctx, c->g, c->source, got, &o, &info);
    if (!status_agrees(env, b, "bfs", c->name, rs, st)) continue;
    check_info(b, &info, "bfs", c->name, case_arcs(c) > 0);
    expect_i32_equal(ref, got, n, "bfs", b, c->name);
  }
  free(ref);
  free(got);
}

static void check_sssp(const gpu_env *env, const graph_case *c) {
  int32_t n = gnest_graph_num_vertices(c->g);
  float *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  gnest_status rs = gnest_sssp(env->ctx, c->g, c->source, ref, &cpu, NULL);
  for (int i = 0; i < env->num_backends; i++) {
    gnest_backend b = env->backends[i];
    gnest_options o = backend_options(b);
    gnest_info info;
    poison(got, (size_t)n * sizeof *got);
    gnest_status st = gnest_sssp(env->ctx, c->g, c->source, got, &o, &info);
    if (!status_agrees(env, b, "sssp", c->name, rs, st)) continue;
    check_info(b, &info, "sssp", c->name, case_arcs(c) > 0);
    expect_f32_close(ref, got, n, c->exact_sssp ? 0.0 : 1e-5, "sssp", b, c->name);
  }
  free(ref);
  free(got);
}

static void check_bc(const gpu_env *env, const graph_case *c) {
  int32_t n = gnest_graph_num_vertices(c->g);
  double *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  gnest_bc_sources src = {GNEST_BC_ALL, NULL, 0, 0};
  if (c->bc_list) {
    src.mode = GNEST_BC_LIST;
    src.list = c->bc_list;
    src.count = c->bc_list_len;
  } else if (c->bc_sample > 0) {
    src.mode = GNEST_BC_SAMPLE;
    src.count = c->bc_sample < n ? c->bc_sample : n;
    src.seed = 12345;
  }
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  gnest_status rs = gnest_bc(env->ctx, c->g, &src, ref, &cpu, NULL);
  for (int i = 0; i < env->num_backends; i++) {
    gnest_backend b = env->backends[i];
    gnest_options o = backend_options(b);
    gnest_info info;
    poison(got, (size_t)n * sizeof *got);
    gnest_status st = gnest_bc(env->ctx, c->g, &src, got, &o, &info);
    if (!status_agrees(env, b, "bc", c->name, rs, st)) continue;
    check_info(b, &info, "bc", c->name, case_arcs(c) > 0);
    expect_f64_close(ref, got, n, 1e-6, "bc", b, c->name);
  }
  free(ref);
  free(got);
}

/* No arc between two distinct vertices of the same color; colors in [0, num_colors). */
static void expect_valid_coloring(const gnest_graph *g, const int32_t *colors, int32_t num_colors,
                                  gnest_backend b, const char *name) {
  const int64_t *off;
  const int32_t *col;
  const float *w;
  gnest_graph_csr(g, &off, &col, &w);
  int32_t n = gnest_graph_num_vertices(g);
  for (int32_t u = 0; u < n; u++) {
    if (colors[u] < 0 || colors[u] >= num_colors)
      cr_assert_fail("color/%s on %s: vertex %d has color %d of %d", gnest_backend_name(b), name, u,
                     colors[u], num_colors);
    for (int64_t k = off[u]; k < off[u + 1]; k++)
      if (col[k] != u && colors[col[k]] == colors[u])
        cr_assert_fail("color/%s on %s: arc %d-%d joins two vertices of color %d",
                       gnest_backend_name(b), name, u, col[k], colors[u]);
  }
}

static void check_color(const gpu_env *env, const graph_case *c) {
  int32_t n = gnest_graph_num_vertices(c->g);
  int32_t *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  int32_t ref_count = -1, got_count = -1;
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  gnest_status rs = gnest_color(env->ctx, c->g, ref, &ref_count, &cpu, NULL);
  if (rs == GNEST_OK) expect_valid_coloring(c->g, ref, ref_count, GNEST_BACKEND_CPU, c->name);
  for (int i = 0; i < env->num_backends; i++) {
    gnest_backend b = env->backends[i];
    gnest_options o = backend_options(b);
    gnest_info info;
    poison(got, (size_t)n * sizeof *got);
    got_count = -1;
    gnest_status st = gnest_color(env->ctx, c->g, got, &got_count, &o, &info);
    if (!status_agrees(env, b, "color", c->name, rs, st)) continue;
    check_info(b, &info, "color", c->name, case_arcs(c) > 0);
    expect_valid_coloring(c->g, got, got_count, b, c->name);
    cr_assert_eq(got_count, ref_count, "color/%s on %s: %d colors, cpu %d", gnest_backend_name(b),
                 c->name, got_count, ref_count);
    expect_i32_equal(ref, got, n, "color", b, c->name);
  }
  free(ref);
  free(got);
}

/* Weight of an arc u -> v with weight w exists (adjacency lists are sorted; parallel arcs may
 * carry different weights). Unweighted graphs have weight 1. */
static int arc_with_weight(const gnest_graph *g, int32_t u, int32_t v, float wt) {
  const int64_t *off;
  const int32_t *col;
  const float *w;
  gnest_graph_csr(g, &off, &col, &w);
  int64_t lo = off[u], hi = off[u + 1];
  while (lo < hi) { /* first position with col >= v */
    int64_t mid = lo + (hi - lo) / 2;
    if (col[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  for (int64_t k = lo; k < off[u + 1] && col[k] == v; k++)
    if ((w ? w[k] : 1.0f) == wt) return 1;
  return 0;
}

static int32_t uf_find(int32_t *parent, int32_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/* The returned edges are graph edges (u < v) without a cycle, summing to total. */
static void expect_forest(const gnest_graph *g, int64_t count, const int32_t *eu, const int32_t *ev,
                          const float *ew, double total, double tolerance, gnest_backend b,
                          const char *name) {
  int32_t n = gnest_graph_num_vertices(g);
  int32_t *uf = xmalloc((size_t)n, sizeof *uf);
  for (int32_t v = 0; v < n; v++) uf[v] = v;
  double sum = 0;
  for (int64_t i = 0; i < count; i++) {
    int32_t u = eu[i], v = ev[i];
    if (u < 0 || v >= n || u >= v)
      cr_assert_fail("mst/%s on %s: edge %lld is (%d, %d)", gnest_backend_name(b), name,
                     (long long)i, u, v);
    if (!arc_with_weight(g, u, v, ew[i]))
      cr_assert_fail("mst/%s on %s: edge (%d, %d, %g) is not in the graph", gnest_backend_name(b),
                     name, u, v, ew[i]);
    int32_t ru = uf_find(uf, u), rv = uf_find(uf, v);
    if (ru == rv)
      cr_assert_fail("mst/%s on %s: edge (%d, %d) closes a cycle", gnest_backend_name(b), name, u, v);
    uf[ru] = rv;
    sum += ew[i];
  }
  double scale = fabs(total) > 1.0 ? fabs(total) : 1.0;
  cr_assert(fabs(sum - total) <= tolerance * scale, "mst/%s on %s: edges sum to %.17g, total %.17g",
            gnest_backend_name(b), name, sum, total);
  free(uf);
}

static void check_mst(const gpu_env *env, const graph_case *c) {
  int32_t n = gnest_graph_num_vertices(c->g);
  size_t cap = n > 1 ? (size_t)n - 1 : 1;
  int32_t *eu = xmalloc(cap, sizeof *eu), *ev = xmalloc(cap, sizeof *ev);
  float *ew = xmalloc(cap, sizeof *ew);
  double ref_total = -1, total = -1;
  int64_t ref_count = -1, count = -1;
  double tolerance = c->exact_mst ? 0.0 : 1e-9;
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  gnest_status rs = gnest_mst(env->ctx, c->g, &ref_total, &ref_count, eu, ev, ew, &cpu, NULL);
  if (rs == GNEST_OK)
    expect_forest(c->g, ref_count, eu, ev, ew, ref_total, tolerance, GNEST_BACKEND_CPU, c->name);
  for (int i = 0; i < env->num_backends; i++) {
    gnest_backend b = env->backends[i];
    gnest_options o = backend_options(b);
    gnest_info info;
    poison(eu, cap * sizeof *eu);
    poison(ev, cap * sizeof *ev);
    total = -1;
    count = -1;
    gnest_status st = gnest_mst(env->ctx, c->g, &total, &count, eu, ev, ew, &o, &info);
    if (!status_agrees(env, b, "mst", c->name, rs, st)) continue;
    check_info(b, &info, "mst", c->name, case_arcs(c) > 0);
    cr_assert_eq(count, ref_count, "mst/%s on %s: %lld edges, cpu %lld", gnest_backend_name(b),
                 c->name, (long long)count, (long long)ref_count);
    double scale = fabs(ref_total) > 1.0 ? fabs(ref_total) : 1.0;
    cr_assert(fabs(total - ref_total) <= tolerance * scale,
              "mst/%s on %s: total %.17g, cpu %.17g", gnest_backend_name(b), c->name, total,
              ref_total);
    expect_forest(c->g, count, eu, ev, ew, total, c->exact_mst ? 0.0 : 1e-9, b, c->name);
    /* Without the edge arrays the totals are the same. */
    double total_only = -1;
    int64_t count_only = -1;
    st = gnest_mst(env->ctx, c->g, &total_only, &count_only, NULL, NULL, NULL, &o, NULL);
    cr_assert_eq(st, GNEST_OK, "mst/%s on %s without edges: %s", gnest_backend_name(b), c->name,
                 gnest_last_error_string(env->ctx));
    cr_assert_eq(count_only, count);
    cr_assert(fabs(total_only - ref_total) <= tolerance * scale);
  }
  free(eu);
  free(ev);
  free(ew);
}

static void check_tc(const gpu_env *env, const graph_case *c) {
  int32_t n = gnest_graph_num_vertices(c->g);
  uint64_t *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  uint64_t ref_total = 0, total = 0;
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  gnest_status rs = gnest_tc(env->ctx, c->g, &ref_total, ref, &cpu, NULL);
  for (int i = 0; i < env->num_backends; i++) {
    gnest_backend b = env->backends[i];
    gnest_options o = backend_options(b);
    gnest_info info;
    poison(got, (size_t)n * sizeof *got);
    total = ~0ULL;
    gnest_status st = gnest_tc(env->ctx, c->g, &total, got, &o, &info);
    if (!status_agrees(env, b, "tc", c->name, rs, st)) continue;
    check_info(b, &info, "tc", c->name, case_arcs(c) > 0);
    cr_assert_eq(total, ref_total, "tc/%s on %s: %llu triangles, cpu %llu", gnest_backend_name(b),
                 c->name, (unsigned long long)total, (unsigned long long)ref_total);
    expect_u64_equal(ref, got, n, "tc", b, c->name);
    total = ~0ULL; /* per-vertex output is optional */
    st = gnest_tc(env->ctx, c->g, &total, NULL, &o, NULL);
    cr_assert_eq(st, GNEST_OK);
    cr_assert_eq(total, ref_total);
  }
  free(ref);
  free(got);
}

static void check_graph(const gpu_env *env, const graph_case *c) {
  if (c->algos & A_BFS) check_bfs(env, c);
  if (c->algos & A_SSSP) check_sssp(env, c);
  if (c->algos & A_BC) check_bc(env, c);
  if (c->algos & A_COLOR) check_color(env, c);
  if (c->algos & A_MST) check_mst(env, c);
  if (c->algos & A_TC) check_tc(env, c);
}

/* ------------------------------------------------------------------------------------------ */
/* Building inputs                                                                             */
/* ------------------------------------------------------------------------------------------ */

typedef struct build_opts {
  int symmetrize, drop_self_loops, merge_duplicates;
} build_opts;

static const build_opts UNDIRECTED_CLEAN = {1, 1, 1};
static const build_opts DIRECTED_CLEAN = {0, 1, 1};

static gnest_graph *build(const gpu_env *env, const gn_gen_edges *e, build_opts bo) {
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = bo.symmetrize;
  lo.drop_self_loops = bo.drop_self_loops;
  lo.merge_duplicates = bo.merge_duplicates;
  lo.sort_adjacency = 1;
  gnest_graph *g = NULL;
  gnest_status st = gnest_graph_from_edges(env->ctx, e->n, e->m, e->src, e->dst, e->w, &lo, &g);
  cr_assert_eq(st, GNEST_OK, "gnest_graph_from_edges: %s", gnest_last_error_string(env->ctx));
  return g;
}

static void gen_ok(gnest_status st, const char *what) {
  cr_assert_eq(st, GNEST_OK, "%s: %s", what, gnest_strerror(st));
}

/* The vertex of highest out-degree, lowest id on ties (the benchmark's source rule). */
static int32_t hub_of(const gnest_graph *g) {
  const int64_t *off;
  const int32_t *col;
  const float *w;
  gnest_graph_csr(g, &off, &col, &w);
  int32_t best = 0, n = gnest_graph_num_vertices(g);
  for (int32_t v = 1; v < n; v++)
    if (off[v + 1] - off[v] > off[best + 1] - off[best]) best = v;
  return best;
}

/* BC over all sources only where it stays cheap; else a fixed sample. A GPU source costs about
 * one pass per BFS level both ways, so all sources are only taken on small graphs (a 5,000-vertex
 * directed path over all sources is 12.5 M levels). */
static int32_t bc_sample_for(const gnest_graph *g) {
  int64_t work = (int64_t)gnest_graph_num_vertices(g) * (gnest_graph_num_edges(g) + 1);
  if (work <= 40000000 && gnest_graph_num_vertices(g) <= 1200) return 0;
  return small_mode() ? 4 : 16;
}

static graph_case make_case(const char *name, const gnest_graph *g, unsigned algos) {
  graph_case c;
  memset(&c, 0, sizeof c);
  c.name = name;
  c.g = g;
  c.source = gnest_graph_num_vertices(g) > 0 ? hub_of(g) : 0;
  c.algos = algos;
  c.exact_sssp = 1;
  c.exact_mst = 1;
  c.bc_sample = bc_sample_for(g);
  return c;
}

/* Generates, weights (1..64 unless lo > hi) and builds; runs every algorithm in algos. */
static void run_generated(const gpu_env *env, const char *name, gn_gen_edges *e, int wlo, int whi,
                          build_opts bo, unsigned algos) {
  if (wlo <= whi) gen_ok(gn_gen_weights(e, wlo, whi, 7), "gn_gen_weights");
  gnest_graph *g = build(env, e, bo);
  gn_gen_edges_free(e);
  graph_case c = make_case(name, g, algos);
  check_graph(env, &c);
  gnest_graph_free(g);
}

/* Appends edges of b with vertex ids shifted by a->n; the result has a->n + b->n + extra
 * vertices (the extra ones isolated). */
static void concat_edges(gn_gen_edges *a, const gn_gen_edges *b, int32_t extra) {
  int64_t m = a->m + b->m;
  a->src = realloc(a->src, (size_t)(m ? m : 1) * sizeof *a->src);
  a->dst = realloc(a->dst, (size_t)(m ? m : 1) * sizeof *a->dst);
  cr_assert(a->src && a->dst);
  if (a->w || b->w) {
    a->w = realloc(a->w, (size_t)(m ? m : 1) * sizeof *a->w);
    cr_assert(a->w && b->w, "both parts must be weighted or neither");
    memcpy(a->w + a->m, b->w, (size_t)b->m * sizeof *a->w);
  }
  for (int64_t i = 0; i < b->m; i++) {
    a->src[a->m + i] = b->src[i] + a->n;
    a->dst[a->m + i] = b->dst[i] + a->n;
  }
  a->m = m;
  a->n += b->n + extra;
}

/* ------------------------------------------------------------------------------------------ */
/* Backends                                                                                    */
/* ------------------------------------------------------------------------------------------ */

Test(gpu_backends, inventory) {
  gpu_env env;
  env_open(&env);
  int flat = 0, lazynp = 0;
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    if (b == GNEST_BACKEND_AUTO || b == GNEST_BACKEND_CPU) continue;
    gnest_status st = gnest_backend_available(env.ctx, (gnest_backend)b);
    if (st == GNEST_OK)
      cr_log_info("backend %s: tested", gnest_backend_name((gnest_backend)b));
    else
      cr_log_info("backend %s: skipped (%s)", gnest_backend_name((gnest_backend)b),
                  gnest_strerror(st));
    flat |= b == GNEST_BACKEND_FLAT && st == GNEST_OK;
    lazynp |= b == GNEST_BACKEND_LAZYNP && st == GNEST_OK;
  }
  if (gnest_ctx_has_device(env.ctx)) {
    cr_assert(flat, "flat must be available with a device");
    cr_assert(lazynp, "lazynp must be available with a device");
    cr_assert_geq(env.num_backends, 2);
  }
  env_close(&env);
}

/* ------------------------------------------------------------------------------------------ */
/* Generated graphs                                                                            */
/* ------------------------------------------------------------------------------------------ */

Test(gpu_graphs, rmat_undirected_scales) {
  gpu_env env;
  env_open(&env);
  int lo = small_mode() ? 7 : 10, hi = small_mode() ? 11 : 14;
  for (int scale = lo; scale <= hi; scale++) {
    gn_gen_edges e;
    gen_ok(gn_gen_rmat(scale, 16, (uint64_t)scale, &e), "gn_gen_rmat");
    char name[64];
    snprintf(name, sizeof name, "rmat%d undirected weighted", scale);
    run_generated(&env, name, &e, 1, 64, UNDIRECTED_CLEAN, A_ALL);
  }
  env_close(&env);
}

Test(gpu_graphs, rmat_directed) {
  gpu_env env;
  env_open(&env);
  gn_gen_edges e;
  int scale = small_mode() ? 9 : 13;
  gen_ok(gn_gen_rmat(scale, 16, 99, &e), "gn_gen_rmat");
  /* Directed: traversals follow arcs as stored; undirected algorithms must refuse like the CPU. */
  run_generated(&env, "rmat directed weighted", &e, 1, 64, DIRECTED_CLEAN, A_ALL);
  env_close(&env);
}

Test(gpu_graphs, rmat_unweighted) {
  gpu_env env;
  env_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 9 : 12, 8, 5, &e), "gn_gen_rmat");
  run_generated(&env, "rmat12 unweighted", &e, 1, 0, UNDIRECTED_CLEAN, A_ALL);
  env_close(&env);
}

Test(gpu_graphs, erdos_renyi) {
  gpu_env env;
  env_open(&env);
  gn_gen_edges e;
  int32_t n = (int32_t)sized(100000, 1000);
  gen_ok(gn_gen_er(n, 4 * (int64_t)n, 11, &e), "gn_gen_er");
  run_generated(&env, "erdos-renyi", &e, 1, 64, UNDIRECTED_CLEAN, A_ALL);
  env_close(&env);
}

Test(gpu_graphs, grid_high_diameter) {
  gpu_env env;
  env_open(&env);
  int32_t side = small_mode() ? 95 : 300;
  gn_gen_edges e;
  gen_ok(gn_gen_grid(side, side, 1, &e), "gn_gen_grid");
  run_generated(&env, "grid weighted", &e, 1, 64, UNDIRECTED_CLEAN, A_ALL);
  gen_ok(gn_gen_grid(side / 3, 3 * side, 1, &e), "gn_gen_grid");
  run_generated(&env, "grid unweighted", &e, 1, 0, UNDIRECTED_CLEAN, A_BFS | A_SSSP | A_COLOR);
  env_close(&env);
}

Test(gpu_graphs, star_huge_hub) {
  gpu_env env;
  env_open(&env);
  int32_t leaves = (int32_t)sized(100000, 1000);
  gn_gen_edges e;
  gen_ok(gn_gen_star(leaves + 1, &e), "gn_gen_star");
  run_generated(&env, "star (source = hub)", &e, 1, 64, UNDIRECTED_CLEAN, A_ALL);
  /* From a leaf: the hub is the only way on. */
  gen_ok(gn_gen_star(leaves + 1, &e), "gn_gen_star");
  gen_ok(gn_gen_weights(&e, 1, 64, 3), "gn_gen_weights");
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  graph_case c = make_case("star (source = leaf)", g, A_TRAVERSALS);
  c.source = leaves;
  check_graph(&env, &c);
  gnest_graph_free(g);
  env_close(&env);
}

Test(gpu_graphs, long_path) {
  gpu_env env;
  env_open(&env);
  int32_t n = (int32_t)sized(50000, 1000);
  gn_gen_edges e;
  gen_ok(gn_gen_path(n, &e), "gn_gen_path");
  gen_ok(gn_gen_weights(&e, 1, 64, 5), "gn_gen_weights");
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  graph_case c = make_case("path", g, A_ALL);
  c.source = 0; /* the far end: n levels */
  c.bc_sample = small_mode() ? 1 : 2; /* each source costs 2 n levels */
  check_graph(&env, &c);
  c.name = "path (source in the middle)";
  c.source = n / 2;
  c.algos = A_BFS | A_SSSP;
  check_graph(&env, &c);
  gnest_graph_free(g);
  env_close(&env);
}

Test(gpu_graphs, disconnected_pieces) {
  gpu_env env;
  env_open(&env);
  /* An RMAT piece, a grid piece, then isolated vertices. */
  gn_gen_edges a, b;
  gen_ok(gn_gen_rmat(small_mode() ? 8 : 10, 8, 21, &a), "gn_gen_rmat");
  gen_ok(gn_gen_grid(20, 20, 1, &b), "gn_gen_grid");
  gen_ok(gn_gen_weights(&a, 1, 64, 1), "gn_gen_weights");
  gen_ok(gn_gen_weights(&b, 1, 64, 2), "gn_gen_weights");
  int32_t first_grid = a.n;
  concat_edges(&a, &b, 100);
  gn_gen_edges_free(&b);
  int32_t isolated = a.n - 50;
  gnest_graph *g = build(&env, &a, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&a);
  graph_case c = make_case("disconnected", g, A_ALL);
  int32_t list[] = {c.source, first_grid, first_grid + 210, isolated};
  c.bc_list = list;
  c.bc_list_len = 4;
  check_graph(&env, &c);
  c.name = "disconnected (source in the grid)";
  c.source = first_grid + 7;
  c.algos = A_TRAVERSALS;
  check_graph(&env, &c);
  gnest_graph_free(g);
  env_close(&env);
}

/* ER arcs plus repeated arcs (with other weights) and self-loops, kept by the builder. */
static void multigraph_edges(gn_gen_edges *e, int32_t n) {
  gen_ok(gn_gen_er(n, 8 * (int64_t)n, 31, e), "gn_gen_er");
  int64_t base = e->m, dups = e->m / 4, loops = n / 10;
  int64_t m = base + dups + loops;
  e->src = realloc(e->src, (size_t)m * sizeof *e->src);
  e->dst = realloc(e->dst, (size_t)m * sizeof *e->dst);
  e->w = malloc((size_t)m * sizeof *e->w);
  cr_assert(e->src && e->dst && e->w);
  for (int64_t i = 0; i < dups; i++) {
    e->src[base + i] = e->src[i * 3 % base];
    e->dst[base + i] = e->dst[i * 3 % base];
  }
  for (int64_t i = 0; i < loops; i++) e->src[base + dups + i] = e->dst[base + dups + i] = (int32_t)(i * 7 % n);
  e->m = m;
  /* Per-arc weights: parallel arcs get different weights; the reverse added by symmetrize gets
   * the same weight as its arc, so the graph stays symmetric. */
  for (int64_t i = 0; i < m; i++) {
    uint64_t st = (uint64_t)i;
    e->w[i] = (float)(1 + gn_splitmix64(&st) % 64);
  }
}

Test(gpu_graphs, self_loops_and_duplicates) {
  gpu_env env;
  env_open(&env);
  int32_t n = (int32_t)sized(20000, 500);
  build_opts keep_all_undirected = {1, 0, 0}, keep_all_directed = {0, 0, 0};
  gn_gen_edges e;
  multigraph_edges(&e, n);
  gnest_graph *g = build(&env, &e, keep_all_undirected);
  graph_case c = make_case("multigraph undirected (loops, duplicates kept)", g, A_ALL);
  check_graph(&env, &c);
  gnest_graph_free(g);
  g = build(&env, &e, keep_all_directed);
  c = make_case("multigraph directed (loops, duplicates kept)", g, A_ALL);
  check_graph(&env, &c);
  gnest_graph_free(g);
  /* Self-loops kept but duplicates merged: TC's precondition holds again. */
  build_opts loops_only = {1, 0, 1};
  g = build(&env, &e, loops_only);
  c = make_case("undirected with self-loops", g, A_ALL);
  check_graph(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  env_close(&env);
}

Test(gpu_graphs, empty_and_single_vertex) {
  gpu_env env;
  env_open(&env);
  int32_t loop_src = 0, loop_dst = 0;
  float loop_w = 3.0f;
  gn_gen_edges empty = {0, 0, &loop_src, &loop_dst, NULL}; /* m = 0: the arrays are not read */
  gn_gen_edges one = {1, 0, &loop_src, &loop_dst, NULL};
  gn_gen_edges one_loop = {1, 1, &loop_src, &loop_dst, &loop_w};
  build_opts keep_loops = {1, 0, 1};
  struct { const char *name; gn_gen_edges *e; build_opts bo; } cases[] = {
      {"empty graph", &empty, UNDIRECTED_CLEAN},
      {"one vertex", &one, UNDIRECTED_CLEAN},
      {"one vertex with a self-loop", &one_loop, keep_loops},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    gnest_graph *g = build(&env, cases[i].e, cases[i].bo);
    graph_case c = make_case(cases[i].name, g, A_ALL);
    c.source = 0; /* out of range on the empty graph: every backend must say so like the CPU */
    check_graph(&env, &c);
    gnest_graph_free(g);
  }
  env_close(&env);
}

Test(gpu_graphs, unreachable_source) {
  gpu_env env;
  env_open(&env);
  gn_gen_edges e;
  int32_t n = (int32_t)sized(20000, 500);
  gen_ok(gn_gen_er(n, 6 * (int64_t)n, 41, &e), "gn_gen_er");
  gen_ok(gn_gen_weights(&e, 1, 64, 4), "gn_gen_weights");
  e.n += 10; /* ten isolated vertices at the end */
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  graph_case c = make_case("isolated source", g, A_TRAVERSALS);
  c.source = n + 5;
  check_graph(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  /* Directed path: from its last vertex nothing else is reachable. */
  n = (int32_t)sized(5000, 500);
  gen_ok(gn_gen_path(n, &e), "gn_gen_path");
  int64_t k = 0;
  for (int64_t i = 0; i < e.m; i++)
    if (e.src[i] < e.dst[i]) {
      e.src[k] = e.src[i];
      e.dst[k] = e.dst[i];
      k++;
    }
  e.m = k;
  g = build(&env, &e, DIRECTED_CLEAN);
  c = make_case("directed path from its sink", g, A_TRAVERSALS);
  c.source = n - 1;
  check_graph(&env, &c);
  c.name = "directed path from its start";
  c.source = 0;
  c.bc_sample = 2;
  check_graph(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  env_close(&env);
}

Test(gpu_graphs, zero_and_huge_weights) {
  gpu_env env;
  env_open(&env);
  int32_t side = small_mode() ? 40 : 120;
  gn_gen_edges e;
  gen_ok(gn_gen_grid(side, side, 1, &e), "gn_gen_grid");
  gen_ok(gn_gen_weights(&e, 0, 3, 9), "gn_gen_weights");
  /* Map 0..3 to 0, 1, 7 and 1e30: the pair hash keeps both arcs equal. Float sums stay exact
   * enough that every backend's fl(dist + w) matches the CPU's; the MST total in double is
   * compared with a relative tolerance since 1e30 dwarfs the small weights. */
  const float map[4] = {0.0f, 1.0f, 7.0f, 1e30f};
  for (int64_t i = 0; i < e.m; i++) e.w[i] = map[(int)e.w[i]];
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  graph_case c = make_case("grid with zero and 1e30 weights", g, A_ALL);
  c.exact_mst = 0;
  check_graph(&env, &c);
  gnest_graph_free(g);
  /* All weights zero: every reachable distance is 0 and the forest weighs 0. */
  for (int64_t i = 0; i < e.m; i++) e.w[i] = 0.0f;
  g = build(&env, &e, UNDIRECTED_CLEAN);
  c = make_case("grid with zero weights", g, A_SSSP | A_MST);
  check_graph(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  env_close(&env);
}

/* ------------------------------------------------------------------------------------------ */
/* Real graphs                                                                                 */
/* ------------------------------------------------------------------------------------------ */

typedef struct real_graph {
  const char *file;
  int large;          /* skipped in small mode */
  int real_weights;   /* float weights: SSSP / MST within tolerance */
} real_graph;

static const real_graph real_graphs[] = {
    {"karate.mtx", 0, 0},          {"dolphins.mtx", 0, 0},       {"chesapeake.mtx", 0, 0},
    {"polbooks.mtx", 0, 0},        {"netscience.mtx", 0, 1},     {"email-Eu-core.csv", 0, 0},
    {"rome99.gr", 0, 0},           {"facebook_combined.txt", 0, 0}, {"wiki-Vote.txt", 0, 0},
    {"ca-AstroPh.txt", 1, 0},      {"USA-road-NY.mtx", 1, 0},    {"USA-road-FLA.mtx.xz", 1, 0},
    {"cnr-2000.mtx.xz", 1, 0},
};

/* The graph's arcs as an edge list (to re-weight or symmetrize through gnest_graph_from_edges). */
static void edges_of(const gnest_graph *g, gn_gen_edges *e) {
  const int64_t *off;
  const int32_t *col;
  const float *w;
  gnest_graph_csr(g, &off, &col, &w);
  e->n = gnest_graph_num_vertices(g);
  e->m = gnest_graph_num_edges(g);
  e->src = xmalloc((size_t)e->m, sizeof *e->src);
  e->dst = xmalloc((size_t)e->m, sizeof *e->dst);
  e->w = NULL;
  if (w) {
    e->w = xmalloc((size_t)e->m, sizeof *e->w);
    memcpy(e->w, w, (size_t)e->m * sizeof *e->w);
  }
  for (int32_t u = 0; u < e->n; u++)
    for (int64_t k = off[u]; k < off[u + 1]; k++) {
      e->src[k] = u;
      e->dst[k] = col[k];
    }
}

static void check_real_graph(const gpu_env *env, const real_graph *r) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", DATA_DIR, r->file);
  if (access(path, R_OK) != 0) {
    cr_log_warn("%s: skipped (not found)", path);
    return;
  }
  gnest_graph *g = NULL;
  gnest_status st = gnest_graph_load(env->ctx, path, NULL, &g);
  cr_assert_eq(st, GNEST_OK, "%s: %s", path, gnest_last_error_string(env->ctx));
  /* As stored (directed where the file is): traversals. */
  graph_case c = make_case(r->file, g, A_TRAVERSALS);
  c.exact_sssp = !r->real_weights;
  check_graph(env, &c);
  /* Symmetrized, with integer weights 1..64 unless the file has its own: every algorithm. */
  gn_gen_edges e;
  edges_of(g, &e);
  gnest_graph_free(g);
  if (!r->real_weights) gen_ok(gn_gen_weights(&e, 1, 64, 17), "gn_gen_weights");
  g = build(env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  char name[300];
  snprintf(name, sizeof name, "%s symmetrized weighted", r->file);
  c = make_case(name, g, A_ALL);
  c.exact_sssp = c.exact_mst = !r->real_weights;
  check_graph(env, &c);
  gnest_graph_free(g);
}

Test(gpu_graphs, real_graphs) {
  gpu_env env;
  env_open(&env);
  if (access(DATA_DIR, R_OK) != 0) {
    env_close(&env);
    cr_skip_test("%s not present (real graphs come with the project's shared data)", DATA_DIR);
  }
  for (size_t i = 0; i < sizeof real_graphs / sizeof real_graphs[0]; i++) {
    if (real_graphs[i].large && small_mode()) {
      cr_log_info("%s: skipped in GNEST_TEST_SMALL mode", real_graphs[i].file);
      continue;
    }
    check_real_graph(&env, &real_graphs[i]);
  }
  env_close(&env);
}

/* ------------------------------------------------------------------------------------------ */
/* Trees                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static void check_tree_algos(const gpu_env *env, const char *name, int32_t n, const int32_t *parent) {
  gnest_tree *t = NULL;
  gnest_status st = gnest_tree_from_parents(env->ctx, n, parent, &t);
  cr_assert_eq(st, GNEST_OK, "%s: %s", name, gnest_last_error_string(env->ctx));
  int32_t *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  for (int which = 0; which < 2; which++) {
    const char *algo = which ? "tree-heights" : "tree-descendants";
    gnest_status rs = which ? gnest_tree_heights(env->ctx, t, ref, &cpu, NULL)
                            : gnest_tree_descendants(env->ctx, t, ref, &cpu, NULL);
    cr_assert_eq(rs, GNEST_OK, "%s/cpu on %s: %s", algo, name, gnest_last_error_string(env->ctx));
    if (!which) cr_assert_eq(ref[0], n, "%s: the root (node 0) holds every node", name);
    for (int i = 0; i < env->num_backends; i++) {
      gnest_backend b = env->backends[i];
      gnest_options o = backend_options(b);
      gnest_info info;
      poison(got, (size_t)n * sizeof *got);
      st = which ? gnest_tree_heights(env->ctx, t, got, &o, &info)
                 : gnest_tree_descendants(env->ctx, t, got, &o, &info);
      if (!status_agrees(env, b, algo, name, rs, st)) continue;
      check_info(b, &info, algo, name, n > 1);
      expect_i32_equal(ref, got, n, algo, b, name);
    }
  }
  free(ref);
  free(got);
  gnest_tree_free(t);
}

Test(gpu_trees, wu_synthetic_trees) {
  gpu_env env;
  env_open(&env);
  /* Depth 4, out-degree 32..512, sparsity 0..4. Trees whose expected size passes the cap run
   * with depth 3 instead (depth 4 x 512 x sparsity 0 would be 134M nodes). */
  const double cap = small_mode() ? 300000 : 3000000;
  const int degrees[] = {32, 64, 128, 256, 512};
  for (size_t d = 0; d < sizeof degrees / sizeof degrees[0]; d++) {
    for (int sparsity = 0; sparsity <= 4; sparsity++) {
      int depth = 4;
      while (depth > 2 && gn_gen_tree_expected_nodes(depth, degrees[d], sparsity) > cap) depth--;
      if (depth < 4)
        cr_log_info("tree K=%d s=%d: depth %d instead of 4 (size cap %.0f)", degrees[d], sparsity,
                    depth, cap);
      int32_t n, *parent;
      gen_ok(gn_gen_tree(depth, degrees[d], sparsity, (uint64_t)(d * 10 + sparsity), (int64_t)cap,
                         &n, &parent), "gn_gen_tree");
      char name[96];
      snprintf(name, sizeof name, "tree depth %d K=%d sparsity %d (%d nodes)", depth, degrees[d],
               sparsity, n);
      check_tree_algos(&env, name, n, parent);
      free(parent);
    }
  }
  env_close(&env);
}

Test(gpu_trees, deep_chain) {
  gpu_env env;
  env_open(&env);
  int32_t n = (int32_t)sized(100000, 2000), *parent;
  gen_ok(gn_gen_chain(n, &parent), "gn_gen_chain");
  check_tree_algos(&env, "chain", n, parent);
  free(parent);
  env_close(&env);
}

Test(gpu_trees, wide_star_tree) {
  gpu_env env;
  env_open(&env);
  int32_t n, *parent;
  int leaves = (int)sized(1000000, 10000);
  gen_ok(gn_gen_tree(2, leaves, 0, 1, INT32_MAX, &n, &parent), "gn_gen_tree");
  check_tree_algos(&env, "star tree", n, parent);
  free(parent);
  env_close(&env);
}

Test(gpu_trees, deep_binary_and_single_node) {
  gpu_env env;
  env_open(&env);
  int32_t n, *parent;
  gen_ok(gn_gen_tree(small_mode() ? 16 : 20, 2, 0, 1, INT32_MAX, &n, &parent), "gn_gen_tree");
  check_tree_algos(&env, "full binary tree", n, parent);
  free(parent);
  /* Deep and irregular: parent[i] among the 3 nodes before i (depth about n/2, out-degrees 0..3). */
  n = (int32_t)sized(200000, 2000);
  parent = xmalloc((size_t)n, sizeof *parent);
  parent[0] = -1;
  for (int32_t i = 1; i < n; i++) {
    uint64_t st = (uint64_t)i;
    int32_t back = (int32_t)(gn_splitmix64(&st) % (uint64_t)(i < 3 ? i : 3));
    parent[i] = i - 1 - back;
  }
  check_tree_algos(&env, "deep random tree", n, parent);
  free(parent);
  int32_t root_only = -1;
  check_tree_algos(&env, "single node", 1, &root_only);
  env_close(&env);
}

/* ------------------------------------------------------------------------------------------ */
/* API behaviour on GPU backends                                                               */
/* ------------------------------------------------------------------------------------------ */

static gnest_graph *small_weighted_graph(const gpu_env *env) {
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(10, 8, 3, &e), "gn_gen_rmat");
  gen_ok(gn_gen_weights(&e, 1, 64, 3), "gn_gen_weights");
  gnest_graph *g = build(env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  return g;
}

Test(gpu_api, source_out_of_range) {
  gpu_env env;
  env_open(&env);
  gnest_graph *g = small_weighted_graph(&env);
  int32_t n = gnest_graph_num_vertices(g);
  int32_t *levels = xmalloc((size_t)n, sizeof *levels);
  float *dist = xmalloc((size_t)n, sizeof *dist);
  double *bc = xmalloc((size_t)n, sizeof *bc);
  const int32_t bad[] = {-1, n, INT32_MAX, INT32_MIN};
  for (int i = 0; i < env.num_backends; i++) {
    gnest_options o = backend_options(env.backends[i]);
    const char *bn = gnest_backend_name(env.backends[i]);
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
      cr_assert_eq(gnest_bfs(env.ctx, g, bad[k], levels, &o, NULL), GNEST_ERR_OUT_OF_RANGE,
                   "bfs/%s source %d", bn, bad[k]);
      cr_assert_eq(gnest_last_error(env.ctx)->status, GNEST_ERR_OUT_OF_RANGE);
      cr_assert_eq(gnest_sssp(env.ctx, g, bad[k], dist, &o, NULL), GNEST_ERR_OUT_OF_RANGE,
                   "sssp/%s source %d", bn, bad[k]);
      int32_t list[] = {0, bad[k]};
      gnest_bc_sources src = {GNEST_BC_LIST, list, 2, 0};
      cr_assert_eq(gnest_bc(env.ctx, g, &src, bc, &o, NULL), GNEST_ERR_OUT_OF_RANGE,
                   "bc/%s list entry %d", bn, bad[k]);
    }
  }
  free(levels);
  free(dist);
  free(bc);
  gnest_graph_free(g);
  env_close(&env);
}

Test(gpu_api, negative_weight_is_invalid_input) {
  gpu_env env;
  env_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_grid(30, 30, 1, &e), "gn_gen_grid");
  gen_ok(gn_gen_weights(&e, 1, 64, 3), "gn_gen_weights");
  e.w[e.m / 2] = -2.0f; /* one arc, far from the source */
  gnest_graph *g = build(&env, &e, DIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  float *dist = xmalloc(900, sizeof *dist);
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  cr_assert_eq(gnest_sssp(env.ctx, g, 0, dist, &cpu, NULL), GNEST_ERR_INVALID_INPUT);
  for (int i = 0; i < env.num_backends; i++) {
    gnest_options o = backend_options(env.backends[i]);
    gnest_status st = gnest_sssp(env.ctx, g, 0, dist, &o, NULL);
    cr_assert_eq(st, GNEST_ERR_INVALID_INPUT, "sssp/%s: %s", gnest_backend_name(env.backends[i]),
                 gnest_strerror(st));
    cr_assert_eq(gnest_last_error(env.ctx)->status, GNEST_ERR_INVALID_INPUT);
    cr_assert_neq(gnest_last_error(env.ctx)->message[0], '\0');
    /* BFS ignores weights and still runs. */
    int32_t levels[900];
    cr_assert_eq(gnest_bfs(env.ctx, g, 0, levels, &o, NULL), GNEST_OK);
  }
  free(dist);
  gnest_graph_free(g);
  env_close(&env);
}

Test(gpu_api, directed_graph_refused_by_undirected_algorithms) {
  gpu_env env;
  env_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_path(100, &e), "gn_gen_path");
  e.m = 1; /* the single arc 0 -> 1: not symmetric */
  gnest_graph *g = build(&env, &e, DIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  int32_t colors[100], num_colors;
  uint64_t tri;
  double total;
  int64_t count;
  for (int i = 0; i < env.num_backends; i++) {
    gnest_options o = backend_options(env.backends[i]);
    const char *bn = gnest_backend_name(env.backends[i]);
    cr_assert_eq(gnest_color(env.ctx, g, colors, &num_colors, &o, NULL), GNEST_ERR_INVALID_INPUT,
                 "color/%s", bn);
    cr_assert_eq(gnest_mst(env.ctx, g, &total, &count, NULL, NULL, NULL, &o, NULL),
                 GNEST_ERR_INVALID_INPUT, "mst/%s", bn);
    cr_assert_eq(gnest_tc(env.ctx, g, &tri, NULL, &o, NULL), GNEST_ERR_INVALID_INPUT, "tc/%s", bn);
  }
  gnest_graph_free(g);
  env_close(&env);
}

Test(gpu_api, auto_backend_reports_what_ran) {
  gpu_env env;
  env_open(&env);
  gnest_graph *g = small_weighted_graph(&env);
  int32_t n = gnest_graph_num_vertices(g), src = hub_of(g);
  int32_t *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  gnest_options cpu = backend_options(GNEST_BACKEND_CPU);
  cr_assert_eq(gnest_bfs(env.ctx, g, src, ref, &cpu, NULL), GNEST_OK);
  gnest_info info;
  memset(&info, 0, sizeof info);
  cr_assert_eq(gnest_bfs(env.ctx, g, src, got, NULL, &info), GNEST_OK);
  cr_assert_neq(info.backend, GNEST_BACKEND_AUTO);
  cr_assert_not_null(info.backend_name);
  cr_assert_str_eq(info.backend_name, gnest_backend_name(info.backend));
  cr_assert_neq(info.reason[0], '\0');
  if (info.backend != GNEST_BACKEND_CPU) cr_assert_gt(info.kernel_launches, 0);
  expect_i32_equal(ref, got, n, "bfs", info.backend, "auto");
  free(ref);
  free(got);
  gnest_graph_free(g);
  env_close(&env);
}
