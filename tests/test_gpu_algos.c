/* GPU correctness suite: every algorithm x every built device backend x every test configuration
 * of that backend, checked against the CPU backend (GNEST_BACKEND_CPU, the exact reference)
 * through the public API only.
 *
 * The matrix comes from the backend registry (src/sched/backends.def) through
 * tests/common/backend_matrix.h: a backend or configuration added there is tested here without
 * editing this file. A run must return the CPU's status, except where the registry says the
 * backend does not run the algorithm: then it must return GNEST_ERR_BACKEND_NOT_APPLICABLE.
 * The algorithms come from the algorithm registry (src/algos/algos.def, gnest_algorithm_describe):
 * each runs through gnest_run and is compared by its result kind, so that a row added there is
 * tested on every graph (or tree) input here. Failure messages read "algorithm/backend
 * [configuration] on input".
 *
 * Comparisons, by result kind: levels exact; distances exact (doubles: every backend computes the
 * CPU's path sums, whatever the weights); scores within 1e-6 of max(|ref|, 1) per vertex; a
 * coloring valid and equal to the CPU's; a forest's total exact, the same edge count, the
 * returned edges a forest of graph edges with that total, in the CPU's order; counts exact, total
 * and per vertex; node values exact. Optional outputs (forest edges, per-vertex counts) are left
 * out in a second run, which must give the same totals. Beside the kind, what is particular to
 * an algorithm: the tree method that ran (gnest_options.tree_method: levels or the Euler tour) the
 * one asked for or auto's pick, named in gnest_info.reason, its passes counted in iterations; the
 * BFS direction, coloring and TC methods named; the descendants of the root.
 *
 * Run time: inputs that take few levels run every configuration at full size. Inputs whose runs
 * take thousands of levels (grids, paths, chains, deep trees, the large real graphs) cost every
 * backend a barrier, launch or read-back per level, so they run the primary configuration (each
 * backend's default) at full size and the other configurations on a smaller input of the same
 * family, about a tenth of the levels (split_family; the large real graphs: the small ones).
 *
 * The hybrid backends (registry WHERE HYBRID: lazynp-cpu, lazynp-cross; bm_run.host_levels) pay
 * more a level on those inputs: their host threads touch, every level, managed pages the GPU
 * wrote the level before, so in their host-heavy configurations each level migrates pages both
 * ways, about 3 ms on an H200 (a kernel writing pages the host then touches) against 10-25 us on
 * the other backends. At the full or reduced sizes one run would take minutes (a path of 50,000
 * is 50,000 levels, 150 s for one BFS), so on deep inputs every hybrid configuration, the
 * primary too, takes a third size with a few hundred levels, about a second a run at 3 ms a
 * level: split_family's `host` size (a path of 500; the other families: their reduced size).
 * Where the input is fixed: USA-road-FLA (1,445 BFS levels) gives the hybrids their primary
 * configurations only, as every backend there, and BC from 2 sampled sources instead of 16
 * (real_graph.host_bc); the Wu synthetic trees are capped at 300,000 nodes for them instead of
 * 3,000,000. Each such reduction is logged (cr_log_info) when it applies; nothing is dropped
 * silently, and the other backends' sizes are unchanged.
 *
 * Environment:
 *   GNEST_TEST_SMALL=1   every size about 10x smaller (for compute-sanitizer runs)
 *   GNEST_TEST_BACKENDS=flat,lazynp   only those backends' configurations
 *   GNEST_TEST_ALGOS=color            only those algorithms (names as `gnest-cli` commands use)
 *   GNEST_TEST_TRACE=1   each run's algorithm, configuration and input on stderr before it runs
 *                        (names the run a hang is in)
 * Without a CUDA device every test skips with the context's device text. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/color_sim.h" /* the CPU simulation of the coloring rounds */
#include "common/backend_matrix.h"
#include "common/gen.h"
#include "common/result.h"
#include "common/splitter_chain.h"
#include "gnest.h"
#include "algos/registry.h"
#include "algos/tree_euler.h"
#include "algos/tree_method.h"
#include "algos/bfs_method.h"
#include "cpu/cpu.h"

#define DATA_DIR "../shared/data"

typedef bm_matrix gpu_env;

/* Each run of the matrix that `which` selects. */
#define FOR_RUNS(env, which, r)                                             \
  for (const bm_run *r = (env)->runs; r < (env)->runs + (env)->count; r++) \
    if (!bm_selected(r, (which))) {                                         \
    } else

/* ------------------------------------------------------------------------------------------ */
/* Sizes and small helpers                                                                     */
/* ------------------------------------------------------------------------------------------ */

static int small_mode(void) {
  const char *v = getenv("GNEST_TEST_SMALL");
  return v && *v && strcmp(v, "0") != 0;
}

/* A size of the full suite, about 10x smaller in small mode (never below min). */
static int64_t sized(int64_t full, int64_t min) {
  int64_t v = small_mode() ? full / 10 : full;
  return v < min ? min : v;
}

static void *xmalloc(size_t count, size_t size) {
  void *p = malloc((count ? count : 1) * size);
  cr_assert_not_null(p, "out of host memory");
  return p;
}

/* Output buffers are filled with a pattern before each run so that unwritten entries show. */
static void poison(void *p, size_t bytes) {
  if (p) memset(p, 0x5b, bytes);
}

static void gen_ok(gnest_status st, const char *what) {
  cr_assert_eq(st, GNEST_OK, "%s: %s", what, gnest_strerror(st));
}

/* ------------------------------------------------------------------------------------------ */
/* Comparisons; `what` is "algorithm/backend [configuration] on input"                         */
/* ------------------------------------------------------------------------------------------ */

static void expect_i32_equal(const int32_t *ref, const int32_t *got, int64_t n, const char *what) {
  for (int64_t v = 0; v < n; v++)
    if (ref[v] != got[v])
      cr_assert_fail("%s: vertex %lld: got %d, cpu %d", what, (long long)v, got[v], ref[v]);
}

static void expect_u64_equal(const uint64_t *ref, const uint64_t *got, int64_t n,
                             const char *what) {
  for (int64_t v = 0; v < n; v++)
    if (ref[v] != got[v])
      cr_assert_fail("%s: vertex %lld: got %llu, cpu %llu", what, (long long)v,
                     (unsigned long long)got[v], (unsigned long long)ref[v]);
}

/* |got - ref| <= tolerance * max(|ref|, 1) (tolerance 0: exact). */
static int close_enough(double ref, double got, double tolerance) {
  double scale = fabs(ref) > 1.0 ? fabs(ref) : 1.0;
  return fabs(got - ref) <= tolerance * scale;
}

/* Distances: every one the CPU's exactly (infinities too). */
static void expect_dist_equal(const double *ref, const double *got, int64_t n, const char *what) {
  for (int64_t v = 0; v < n; v++)
    if (!(ref[v] == got[v]))
      cr_assert_fail("%s: vertex %lld: got %.17g, cpu %.17g", what, (long long)v, got[v], ref[v]);
}

static void expect_f64_close(const double *ref, const double *got, int64_t n, double tolerance,
                             const char *what) {
  for (int64_t v = 0; v < n; v++)
    if (!close_enough(ref[v], got[v], tolerance))
      cr_assert_fail("%s: vertex %lld: got %.12g, cpu %.12g", what, (long long)v, got[v], ref[v]);
}

/* No arc between two distinct vertices of the same color; colors in [0, num_colors). */
static void expect_valid_coloring(const gnest_graph *g, const int32_t *colors, int32_t num_colors,
                                  const char *what) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  int32_t n = gnest_graph_num_vertices(g);
  for (int32_t u = 0; u < n; u++) {
    if (colors[u] < 0 || colors[u] >= num_colors)
      cr_assert_fail("%s: vertex %d has color %d of %d", what, u, colors[u], num_colors);
    for (int64_t k = off[u]; k < off[u + 1]; k++)
      if (col[k] != u && colors[col[k]] == colors[u])
        cr_assert_fail("%s: arc %d-%d joins two vertices of color %d", what, u, col[k], colors[u]);
  }
}

/* Component labels: each names a vertex of no larger id that labels itself, num_components of
 * them; weak: every arc's ends share their label. The CPU's own labels are checked so. */
static void expect_components(const gnest_graph *g, const int32_t *label, int32_t num_components,
                              int weak, const char *what) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t roots = 0;
  for (int32_t u = 0; u < n; u++) {
    if (label[u] < 0 || label[u] > u || label[label[u]] != label[u])
      cr_assert_fail("%s: vertex %d has label %d", what, u, label[u]);
    roots += label[u] == u;
    for (int64_t k = off[u]; weak && k < off[u + 1]; k++)
      if (label[col[k]] != label[u])
        cr_assert_fail("%s: arc %d-%d joins labels %d and %d", what, u, col[k], label[u],
                       label[col[k]]);
  }
  cr_assert_eq(roots, num_components, "%s: %d roots, %d components", what, roots,
               num_components);
}

/* An arc u -> v with weight wt exists (parallel arcs may carry different weights). Unweighted
 * graphs have weight 1. Rows are sorted unless the graph borrows unsorted CSR arrays: a binary
 * search first (a forest of a star looks up all its edges in the hub's row), then, when it
 * finds nothing, a linear scan of the row. */
static int arc_with_weight(const gnest_graph *g, int32_t u, int32_t v, double wt) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  int64_t lo = off[u], hi = off[u + 1];
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (col[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  /* the weight as stored, or rounded to float (weights=float runs; the comparison of the totals
   * with the CPU reference, which rounds alike, keeps the check exact) */
  for (int64_t k = lo; k < off[u + 1] && col[k] == v; k++)
    if (w ? (w[k] == wt || (double)(float)w[k] == wt) : wt == 1.0) return 1;
  for (int64_t k = off[u]; k < off[u + 1]; k++)
    if (col[k] == v && (w ? (w[k] == wt || (double)(float)w[k] == wt) : wt == 1.0)) return 1;
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
                          const double *ew, double total, const char *what) {
  int32_t n = gnest_graph_num_vertices(g);
  int32_t *uf = xmalloc((size_t)n, sizeof *uf);
  for (int32_t v = 0; v < n; v++) uf[v] = v;
  double sum = 0;
  for (int64_t i = 0; i < count; i++) {
    int32_t u = eu[i], v = ev[i];
    if (u < 0 || v >= n || u >= v)
      cr_assert_fail("%s: edge %lld is (%d, %d)", what, (long long)i, u, v);
    if (!arc_with_weight(g, u, v, ew[i]))
      cr_assert_fail("%s: edge (%d, %d, %g) is not in the graph", what, u, v, ew[i]);
    int32_t ru = uf_find(uf, u), rv = uf_find(uf, v);
    if (ru == rv) cr_assert_fail("%s: edge (%d, %d) closes a cycle", what, u, v);
    uf[ru] = rv;
    sum += ew[i];
  }
  cr_assert(total == sum, "%s: edges sum to %.17g, total %.17g", what, sum, total);
  free(uf);
}

/* ------------------------------------------------------------------------------------------ */
/* Cases and algorithms                                                                        */
/* ------------------------------------------------------------------------------------------ */

/* The registry's algorithms on an input kind, and those that start from sources. */
static unsigned registry_algos(int tree, int from_sources) {
  unsigned mask = 0;
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    gnest_algorithm_desc d;
    cr_assert_eq(gnest_algorithm_describe((gnest_algorithm)a, &d), GNEST_OK);
    const int sourced = d.sources != GNEST_SOURCES_NONE;
    if ((d.input == GNEST_INPUT_TREE) == tree && (!from_sources || sourced)) mask |= GN_ALGO_BIT(a);
  }
  return mask;
}

#define A_BFS GN_ALGO_BIT(GNEST_ALGO_BFS)
#define A_SSSP GN_ALGO_BIT(GNEST_ALGO_SSSP)
#define A_BC GN_ALGO_BIT(GNEST_ALGO_BC)
#define A_COLOR GN_ALGO_BIT(GNEST_ALGO_COLOR)
#define A_MST GN_ALGO_BIT(GNEST_ALGO_MST)
#define A_TC GN_ALGO_BIT(GNEST_ALGO_TC)
#define A_BCW GN_ALGO_BIT(GNEST_ALGO_BC_WEIGHTED)
#define A_SOURCE_SETS (A_BC | A_BCW) /* the Brandes rows: a pass per level both ways a source */
#define A_TRAVERSALS registry_algos(0, 1)
#define A_ALL registry_algos(0, 0)
#define A_TREES registry_algos(1, 0)

/* An input: a graph (g) or a tree (t), the algorithms to run on it and how to compare. */
typedef struct input_case {
  const char *name;
  const gnest_graph *g;
  const gnest_tree *t;
  unsigned algos;      /* GN_ALGO_BIT set */
  bm_configs configs;  /* which configurations of each backend run on it */
  int32_t source;      /* GNEST_SOURCES_ONE: the source */
  gnest_weights weights; /* SSSP / MST: the weights' type every run asks for */
  int32_t bc_sample;   /* GNEST_SOURCES_SET: 0 = all, else this many sampled with a fixed seed */
  const int32_t *bc_list; /* or an explicit list (bc_list_len entries) */
  int32_t bc_list_len;
  gnest_tree_method tree_method; /* trees: the method every run asks for */
  int32_t tree_depth;            /* trees: levels */
  int32_t tree_splitters;        /* trees: splitters of the Euler tour at the device's spacing */
  gnest_bfs_direction bfs_direction; /* BFS: the direction every run asks for */
  int check_bfs_direction;           /* BFS: check the method named and the levels counted */
  gnest_color_method color_method;   /* coloring: the method every run asks for */
  gnest_tc_method tc_method;         /* triangle counting: the method every run asks for */
} input_case;

static int32_t case_size(const input_case *c) {
  return c->t ? gnest_tree_num_nodes(c->t) : gnest_graph_num_vertices(c->g);
}

/* A run has device work to count (an edge or a child to visit). */
static int case_has_work(const input_case *c) {
  return c->t ? gnest_tree_num_nodes(c->t) > 1 : gnest_graph_num_edges(c->g) > 0;
}

/* The case's options on top of a run's: the methods it asks for. */
static gnest_options case_options(const input_case *c, const gnest_options *run) {
  gnest_options opts = *run;
  opts.tree_method = c->tree_method;
  opts.bfs_direction = c->bfs_direction;
  opts.color_method = c->color_method;
  opts.tc_method = c->tc_method;
  opts.weights = c->weights;
  return opts;
}

/* What one run wrote: gnest_result's arrays as the registry's result kind says, every optional
 * one allocated (tools/common/result.h), and the predecessors of an algorithm from one source. */
typedef struct outputs {
  gnest_result r;
  int32_t n;
} outputs;

static void outputs_alloc(outputs *o, const input_case *c, const gnest_algorithm_desc *d) {
  o->n = case_size(c);
  cr_assert_eq(gn_result_alloc(d->result, o->n, 1, &o->r), GNEST_OK, "out of host memory");
  if (d->sources == GNEST_SOURCES_ONE)
    cr_assert_eq(gn_result_alloc_pred(o->n, &o->r), GNEST_OK, "out of host memory");
}

static void outputs_poison(outputs *o) {
  size_t entry = 0;
  void *values = gn_result_values(&o->r, &entry);
  poison(values, (size_t)o->n * entry);
  const size_t edges = o->n > 1 ? (size_t)o->n - 1 : 0;
  poison(o->r.edge_u, edges * sizeof(int32_t));
  poison(o->r.edge_v, edges * sizeof(int32_t));
  poison(o->r.edge_weight, edges * sizeof(double));
  poison(o->r.pred, (size_t)o->n * sizeof(int32_t));
  o->r.num_colors = -1;
  o->r.total_weight = -1;
  o->r.num_edges = -1;
  o->r.total = ~0ULL;
}

static void outputs_free(outputs *o) { gn_result_free(&o->r); }

/* --- runs --- */

/* The case's sources of a GNEST_SOURCES_SET algorithm: all, its list, or a fixed sample. */
static gnest_bc_sources case_sources(const input_case *c) {
  int32_t n = case_size(c);
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
  return src;
}

/* Runs algorithm a on the case through gnest_run, into out (a result with its arrays). */
static gnest_status run_algo(gnest_ctx *ctx, const input_case *c, gnest_algorithm a,
                             gnest_result *out, const gnest_options *opts, gnest_info *info) {
  const gnest_bc_sources sources = case_sources(c);
  const gnest_run_input in = {c->g, c->t, c->source, &sources};
  return gnest_run(ctx, a, &in, out, opts, info);
}

/* --- comparisons by result kind --- */

/* The CPU's own result, where its kind has a property to check. */
static void check_ref_kind(const input_case *c, const gnest_algorithm_desc *d, const outputs *ref,
                           const char *what) {
  const gnest_result *x = &ref->r;
  if (d->result == GNEST_RESULT_COLORING)
    expect_valid_coloring(c->g, x->values_i32, x->num_colors, what);
  if (d->result == GNEST_RESULT_FOREST)
    expect_forest(c->g, x->num_edges, x->edge_u, x->edge_v, x->edge_weight, x->total_weight,
                  what);
  if (d->result == GNEST_RESULT_COMPONENTS)
    expect_components(c->g, x->values_i32, x->num_components, d->algorithm == GNEST_ALGO_CC,
                      what);
}

static void compare_forest(const gpu_env *env, const bm_run *r, const input_case *c,
                           const gnest_algorithm_desc *d, const outputs *ref, const outputs *got,
                           const char *what) {
  const gnest_result *x = &ref->r, *y = &got->r;
  cr_assert_eq(y->num_edges, x->num_edges, "%s: %lld edges, cpu %lld", what,
               (long long)y->num_edges, (long long)x->num_edges);
  cr_assert(x->total_weight == y->total_weight, "%s: total %.17g, cpu %.17g", what,
            y->total_weight, x->total_weight);
  expect_forest(c->g, y->num_edges, y->edge_u, y->edge_v, y->edge_weight, y->total_weight, what);
  /* The forest is unique under the order (weight, u, v), and its edges come in that order: the
   * CPU's edges exactly (a tie broken the wrong way shows here, not in the total). */
  for (int64_t i = 0; i < y->num_edges; i++)
    if (y->edge_u[i] != x->edge_u[i] || y->edge_v[i] != x->edge_v[i] ||
        !(y->edge_weight[i] == x->edge_weight[i] ||
          (y->edge_weight[i] != y->edge_weight[i] && x->edge_weight[i] != x->edge_weight[i])))
      cr_assert_fail("%s: edge %lld is (%d, %d, %.17g), cpu (%d, %d, %.17g)", what, (long long)i,
                     y->edge_u[i], y->edge_v[i], y->edge_weight[i], x->edge_u[i], x->edge_v[i],
                     x->edge_weight[i]);
  /* Without the edge arrays the totals are the same. */
  gnest_result only = {0};
  only.total_weight = -1;
  only.num_edges = -1;
  const gnest_options opts = case_options(c, &r->opts);
  gnest_status st = run_algo(env->ctx, c, d->algorithm, &only, &opts, NULL);
  cr_assert_eq(st, GNEST_OK, "%s without edges: %s", what, gnest_last_error_string(env->ctx));
  cr_assert_eq(only.num_edges, y->num_edges, "%s without edges: %lld edges", what,
               (long long)only.num_edges);
  cr_assert(x->total_weight == only.total_weight, "%s without edges: total %.17g", what,
            only.total_weight);
}

static void compare_counts(const gpu_env *env, const bm_run *r, const input_case *c,
                           const gnest_algorithm_desc *d, const outputs *ref, const outputs *got,
                           const char *what) {
  const gnest_result *x = &ref->r, *y = &got->r;
  cr_assert_eq(y->total, x->total, "%s: %llu %s, cpu %llu", what, (unsigned long long)y->total,
               d->value_name, (unsigned long long)x->total);
  expect_u64_equal(x->values_u64, y->values_u64, case_size(c), what);
  gnest_result only = {0}; /* per-vertex counts are optional */
  only.total = ~0ULL;
  const gnest_options opts = case_options(c, &r->opts);
  gnest_status st = run_algo(env->ctx, c, d->algorithm, &only, &opts, NULL);
  cr_assert_eq(st, GNEST_OK, "%s without per-vertex counts: %s", what,
               gnest_last_error_string(env->ctx));
  cr_assert_eq(only.total, x->total, "%s without per-vertex counts: %llu %s", what,
               (unsigned long long)only.total, d->value_name);
}

/* A run's result against the CPU's, by the result's kind (optional outputs: run again without). */
static void compare_kind(const gpu_env *env, const bm_run *r, const input_case *c,
                         const gnest_algorithm_desc *d, const outputs *ref, const outputs *got,
                         const char *what) {
  const gnest_result *x = &ref->r, *y = &got->r;
  const int32_t n = case_size(c);
  switch (d->result) {
    case GNEST_RESULT_DISTANCES:
      expect_dist_equal(x->values_f64, y->values_f64, n, what);
      break;
    case GNEST_RESULT_SCORES: expect_f64_close(x->values_f64, y->values_f64, n, 1e-6, what); break;
    case GNEST_RESULT_COLORING:
      expect_valid_coloring(c->g, y->values_i32, y->num_colors, what);
      cr_assert_eq(y->num_colors, x->num_colors, "%s: %d colors, cpu %d", what, y->num_colors,
                   x->num_colors);
      expect_i32_equal(x->values_i32, y->values_i32, n, what);
      break;
    case GNEST_RESULT_FOREST: compare_forest(env, r, c, d, ref, got, what); break;
    case GNEST_RESULT_COUNTS: compare_counts(env, r, c, d, ref, got, what); break;
    case GNEST_RESULT_COMPONENTS: /* exact: the labels are the components' smallest ids */
      cr_assert_eq(y->num_components, x->num_components, "%s: %d components, cpu %d", what,
                   y->num_components, x->num_components);
      expect_i32_equal(x->values_i32, y->values_i32, n, what);
      break;
    default: expect_i32_equal(x->values_i32, y->values_i32, n, what); break; /* exact */
  }
}

/* The predecessors of a run from one source (gnest.h, gnest_bfs_pred): exactly the CPU's where
 * the levels or distances are exactly the CPU's, and in any case exactly what the rule gives on
 * the run's own levels or distances (src/cpu/pred.c), so a distance within tolerance does not
 * hide a wrong parent. */
static void compare_pred(const input_case *c, const gnest_algorithm_desc *d, const outputs *ref,
                         const outputs *got, const char *what) {
  if (!got->r.pred) return;
  const int32_t n = case_size(c);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(c->g, &off, &col, &w);
  double *rounded = NULL; /* weights=float: the weights the run read */
  if (w && c->weights == GNEST_WEIGHTS_FLOAT && d->result == GNEST_RESULT_DISTANCES) {
    rounded = malloc((size_t)(off[n] > 0 ? off[n] : 1) * sizeof *rounded);
    cr_assert_not_null(rounded);
    for (int64_t e = 0; e < off[n]; e++) rounded[e] = (double)(float)w[e];
  }
  const gn_csr view = {.n = n, .m = off[n], .offsets = (int64_t *)off, .cols = (int32_t *)col,
                       .weights = rounded ? rounded : (double *)w};
  const int distances = d->result == GNEST_RESULT_DISTANCES;
  int32_t *want = malloc((size_t)(n > 0 ? n : 1) * sizeof *want);
  cr_assert_not_null(want);
  cr_assert_eq(gn_cpu_pred(&view, c->source, distances ? NULL : got->r.values_i32,
                           distances ? got->r.values_f64 : NULL, want, NULL),
               GNEST_OK);
  char which[600];
  snprintf(which, sizeof which, "%s: predecessors by the rule on its own result", what);
  expect_i32_equal(want, got->r.pred, n, which);
  snprintf(which, sizeof which, "%s: predecessors", what); /* distances are exact */
  expect_i32_equal(ref->r.pred, got->r.pred, n, which);
  free(want);
  free(rounded);
}

/* The levels of the predecessor tree: 1 + the most parents above a vertex (-1: no tree). */
static int32_t pred_tree_levels(const int32_t *pred, int32_t n, int32_t source) {
  int32_t *depth = malloc((size_t)n * sizeof *depth), *stack = malloc((size_t)n * sizeof *stack);
  cr_assert(depth && stack);
  for (int32_t v = 0; v < n; v++) depth[v] = -1;
  depth[source] = 0;
  int32_t deepest = 0;
  for (int32_t v = 0; v < n; v++) {
    int32_t top = 0, x = v;
    while (x >= 0 && depth[x] < 0 && top < n) { /* up to a vertex of known depth */
      stack[top++] = x;
      x = pred[x];
    }
    const int32_t base = x >= 0 && depth[x] >= 0 ? depth[x] : -1;
    if (base < 0) continue; /* unreached (the comparisons above catch any other case) */
    while (top > 0) {
      const int32_t y = stack[--top];
      depth[y] = depth[pred[y]] + 1;
      if (depth[y] > deepest) deepest = depth[y];
    }
  }
  free(depth);
  free(stack);
  return deepest + 1;
}

/* gnest_info of a device run without its predecessor step (pred.cu: BFS one backend pass; SSSP
 * the hops fill kernel, the hops loop's levels, as many as the tree's, and one pass), so that
 * the traversal's own counts are checked as they are without it; the reason says it ran. */
static gnest_info traversal_info(const input_case *c, gnest_algorithm a, const outputs *got,
                                 const gnest_info *info, const char *what) {
  gnest_info t = *info;
  if (!got->r.pred || info->backend == GNEST_BACKEND_CPU) return t;
  cr_assert_not_null(strstr(info->reason, "; predecessors: "), "%s: reason \"%s\"", what,
                     info->reason);
  t.backend_passes -= 1;
  if (a == GNEST_ALGO_SSSP) {
    t.own_passes -= 1;
    t.backend_passes -= pred_tree_levels(got->r.pred, case_size(c), c->source);
  }
  return t;
}

/* --- what is particular to one algorithm --- */

static void check_ref_descendants(const input_case *c, const outputs *ref, const char *what) {
  const int32_t *d = ref->r.values_i32;
  int32_t root = gnest_tree_root(c->t);
  cr_assert_eq(d[root], case_size(c), "%s: the root holds %d of %d nodes", what, d[root],
               case_size(c));
}

/* gnest_info of a forced device run: the forced backend, its name, a reason, counted launches. */
static void check_info(const bm_run *r, const gnest_info *info, const input_case *c,
                       const char *what) {
  cr_assert_eq(info->backend, r->backend, "%s: info.backend %d, forced %d", what,
               (int)info->backend, (int)r->backend);
  cr_assert_not_null(info->backend_name, "%s: no backend name", what);
  cr_assert_str_eq(info->backend_name, gnest_backend_name(r->backend), "%s", what);
  cr_assert_neq(info->reason[0], '\0', "%s: empty reason", what);
  cr_assert_geq(info->time_ms, 0.0, "%s: time %g ms", what, info->time_ms);
  if (case_has_work(c))
    cr_assert_gt(info->kernel_launches, 0, "%s: no kernel launch counted", what);
}

/* A tree run used the method asked for (auto: the rule's pick for this tree): named in the
 * reason, and its dependent passes in iterations (levels: the depth; the tour: its passes). */
static void check_tree_method(const input_case *c, gnest_algorithm algo, const gnest_info *info,
                              const char *what) {
  const int heights = algo == GNEST_ALGO_TREE_HEIGHTS;
  const int32_t n = case_size(c);
  const gnest_tree_method m = gn_tree_method_pick(c->tree_method, n, c->tree_depth, heights, NULL, 0);
  const int euler = m == GNEST_TREE_METHOD_EULER;
  cr_assert_not_null(strstr(info->reason, euler ? "method: euler tour" : "method: levels"),
                     "%s: reason \"%s\"", what, info->reason);
  const int32_t passes = euler ? gn_euler_passes(n, c->tree_splitters, heights) : c->tree_depth;
  cr_assert_eq(info->iterations, passes, "%s: %d iterations, %s takes %d", what, info->iterations,
               euler ? "the euler tour" : "the level schedule", passes);
}

/* A BFS run used the method asked for (a directed graph: top-down, and the reason says why;
 * auto: bfs_method.h's pick), named in the reason; iterations are the levels reached, as on the
 * CPU, whichever steps ran and wherever the rest was handed to the top-down loop. */
static void check_bfs_direction(const gpu_env *env, const input_case *c, const outputs *ref,
                                const gnest_info *info, const char *what) {
  int symmetric = 0;
  cr_assert_eq(gnest_graph_is_symmetric(env->ctx, c->g, &symmetric), GNEST_OK);
  const gnest_bfs_direction m = gn_bfs_method_pick(
      c->bfs_direction, symmetric, gnest_graph_num_vertices(c->g), gnest_graph_num_edges(c->g),
      NULL, 0);
  const char *named = m == GNEST_BFS_OPTIMIZING ? "; bfs: direction-optimizing" : "; bfs: top-down";
  cr_assert_not_null(strstr(info->reason, named), "%s: reason \"%s\"", what, info->reason);
  if (m == GNEST_BFS_OPTIMIZING)
    cr_assert_not_null(strstr(info->reason, "levels bottom-up"), "%s: reason \"%s\"", what,
                       info->reason);
  if (!symmetric && c->bfs_direction == GNEST_BFS_OPTIMIZING)
    cr_assert_not_null(strstr(info->reason, "directed graph"), "%s: reason \"%s\"", what,
                       info->reason);
  const int32_t *levels = ref->r.values_i32;
  int32_t deepest = 0;
  for (int32_t v = 0; v < case_size(c); v++)
    if (levels[v] > deepest) deepest = levels[v];
  cr_assert_eq(info->iterations, deepest + 1, "%s: %d iterations, %d levels reached", what,
               info->iterations, deepest + 1);
}


/* A device run of gnest_color names the method it ran (auto and async: async) and counts its
 * rounds or passes. */
static void check_color_method(const input_case *c, const gnest_info *info, const char *what) {
  gnest_backend_desc d;
  cr_assert_eq(gnest_backend_describe(info->backend, &d), GNEST_OK);
  if (!d.needs_device) return;
  const char *want = c->color_method == GNEST_COLOR_ROUNDS ? "method: rounds" : "method: async";
  cr_expect_not_null(strstr(info->reason, want), "%s: reason '%s' lacks '%s'", what, info->reason,
                     want);
  if (gnest_graph_num_vertices(c->g) > 0)
    cr_expect_gt(info->iterations, 0, "%s: no round or pass counted", what);
}

/* A device run of gnest_tc names the method it ran: auto runs hash, or search when no vertex has
 * more than 8 arcs (gnest.h). */
static void check_tc_method(const gpu_env *env, const input_case *c, const gnest_info *info,
                            const char *what) {
  gnest_backend_desc d;
  cr_assert_eq(gnest_backend_describe(info->backend, &d), GNEST_OK);
  if (!d.needs_device) return;
  gnest_degree_stats stats;
  cr_assert_eq(gnest_graph_stats(env->ctx, c->g, &stats), GNEST_OK);
  const int search =
      c->tc_method == GNEST_TC_SEARCH || (c->tc_method == GNEST_TC_AUTO && stats.max <= 8);
  const char *want = search ? "method: search" : "method: hash";
  cr_expect_not_null(strstr(info->reason, want), "%s: reason '%s' lacks '%s'", what, info->reason,
                     want);
}

/* ---- what ran: gnest_info.method_name, backend_passes, own_passes --------------------------- */

/* The method named, and the passes of the backend's loops and of the method's own kernels, each
 * exactly (own < 0 or backend < 0: that count is checked by the caller). */
static void expect_what_ran(const gnest_info *info, const char *method, int64_t backend,
                            int64_t own, const char *what) {
  cr_assert_str_eq(info->method_name, method, "%s: method %s, expected %s", what,
                   info->method_name, method);
  if (backend >= 0)
    cr_assert_eq(info->backend_passes, backend, "%s: %lld backend passes, expected %lld", what,
                 (long long)info->backend_passes, (long long)backend);
  if (own >= 0)
    cr_assert_eq(info->own_passes, own, "%s: %lld own passes, expected %lld", what,
                 (long long)info->own_passes, (long long)own);
}

/* Every run's split: the own passes are among the host launches, and a run whose backend ran no
 * pass while the method's kernels did says so in its reason (and only such a run). */
static void check_split(const gnest_info *info, const char *what) {
  cr_assert_not_null(info->method_name, "%s: no method name", what);
  cr_assert_geq(info->backend_passes, 0, "%s: %lld backend passes", what,
                (long long)info->backend_passes);
  cr_assert(info->own_passes >= 0 && info->own_passes <= info->kernel_launches,
            "%s: %lld own passes, %lld host launches", what, (long long)info->own_passes,
            (long long)info->kernel_launches);
  char note[128];
  snprintf(note, sizeof note, "; no backend pass: the %s method's own kernels", info->method_name);
  if (info->backend_passes == 0 && info->own_passes > 0)
    cr_assert_not_null(strstr(info->reason, note), "%s: reason \"%s\"", what, info->reason);
  else
    cr_assert_null(strstr(info->reason, "no backend pass"), "%s: reason \"%s\"", what,
                   info->reason);
}

/* BFS: top-down runs a backend pass a level, its only own kernel the levels' fill. The optimizing
 * loop hands the backend the top-down pass of every level it queues (without items when the level
 * goes bottom-up) and runs two kernels of its own after it: the bottom-up step (returning at once
 * on a top-down level) and the direction kernel; the levels after a hand-over are the backend's
 * frontier loop's, one pass each. */
static void check_bfs_ran(const gpu_env *env, const input_case *c, const gnest_info *info,
                          const char *what) {
  int symmetric = 0;
  cr_assert_eq(gnest_graph_is_symmetric(env->ctx, c->g, &symmetric), GNEST_OK);
  const gnest_bfs_direction m = gn_bfs_method_pick(
      c->bfs_direction, symmetric, gnest_graph_num_vertices(c->g), gnest_graph_num_edges(c->g),
      NULL, 0);
  if (m == GNEST_BFS_TOP_DOWN) {
    expect_what_ran(info, "top-down", info->iterations, 1, what);
    return;
  }
  expect_what_ran(info, "optimizing", -1, -1, what);
  const int64_t own = info->own_passes - 1; /* two kernels per level the optimizing loop queued */
  cr_assert(own >= 2 && own % 2 == 0, "%s: %lld own passes: not a fill plus two per level", what,
            (long long)info->own_passes);
  const int64_t queued = own / 2;
  const int64_t handed = info->iterations > queued ? info->iterations - queued : 0;
  cr_assert_eq(info->backend_passes, queued + handed,
               "%s: %lld backend passes; %lld levels queued, %d run", what,
               (long long)info->backend_passes, (long long)queued, info->iterations);
}

/* Whether color async lists the chunks of the wide rows' arcs before its split (one kernel
 * more): where rows of degree above 32 hold under 0.6 of the arcs (color.cu). */
static int color_lists_chunks(const gnest_degree_stats *stats) {
  return stats->edges_above_32 < 0.6;
}

/* Coloring: rounds runs everything through the backend (the row split, then a frontier level a
 * round); async runs only kernels of its own: where a vertex has 64 arcs or more, the arc
 * chunks' rows, the wide rows' chunks (color_lists_chunks), the row split, the wide vertices'
 * start, their priorities and sort, and their warp kernel, then always its narrow kernel; either runs the self-loop pass
 * through the backend where there are self-loops. */

/* 1 when coloring's reason says its wide vertices were sorted by priority (a keys kernel and a
 * sort more: color.cu, color_wide_order), which it does from 32,768 of them on. */
static int color_wide_sorted(const gnest_info *info) {
  const char *said = strstr(info->reason, " wide vertices");
  if (!said) return 0;
  const char *count = said;
  while (count > info->reason && count[-1] >= '0' && count[-1] <= '9') --count;
  const long wide = strtol(count, NULL, 10);
  const int sorted = strncmp(said, " wide vertices sorted by priority", 33) == 0;
  cr_assert_eq(sorted, wide >= 32768, "%ld wide vertices: %s", wide, info->reason);
  return sorted;
}

static void check_color_ran(const gpu_env *env, const input_case *c, const gnest_info *info,
                            const char *what) {
  const int rounds = c->color_method == GNEST_COLOR_ROUNDS;
  gnest_degree_stats stats;
  cr_assert_eq(gnest_graph_stats(env->ctx, c->g, &stats), GNEST_OK);
  const int64_t loops = stats.self_loops > 0, wide = stats.max >= 64;
  if (gnest_graph_num_vertices(c->g) == 0)
    expect_what_ran(info, rounds ? "rounds" : "async", 0, 0, what);
  else if (rounds)
    expect_what_ran(info, "rounds", loops + 1 + info->iterations, 0, what);
  else
    expect_what_ran(info, "async", loops, 1 + (4 + color_lists_chunks(&stats)) * wide +
                                             2 * color_wide_sorted(info), what);
}

/* Triangle counting: the backend orients the graph (one pass), then search counts through the
 * backend (a second pass) and hash by its own kernel, after summing each side's probes,
 * selecting the vertices blocks and warps take and scanning the blocks' chunks; own device
 * primitives either way: the oriented offsets' scan, the columns' select, the total's sum. The
 * runs checked here ask for the counts per vertex (outputs_alloc), which hash credits in copies
 * summed by one more kernel on graphs of at most 4 Mi vertices (tc.cu, tc_copies: 2 copies of 8
 * bytes a vertex within 64 MiB). */
static void check_tc_ran(const gpu_env *env, const input_case *c, const gnest_info *info,
                         const char *what) {
  gnest_degree_stats stats;
  cr_assert_eq(gnest_graph_stats(env->ctx, c->g, &stats), GNEST_OK);
  const int search =
      c->tc_method == GNEST_TC_SEARCH || (c->tc_method == GNEST_TC_AUTO && stats.max <= 8);
  const int32_t n = gnest_graph_num_vertices(c->g);
  const int copies_summed = n <= (4 << 20);
  if (search) expect_what_ran(info, "search", n == 0 ? 0 : 2, n == 0 ? 0 : 3, what);
  else expect_what_ran(info, "hash", n == 0 ? 0 : 1, n == 0 ? 0 : 8 + copies_summed, what);
}

/* Trees: levels runs the level schedule through the backend after its own fill; the Euler tour
 * runs no backend pass, its own passes being its dependent passes but the marks' zeroing (a
 * memset) and, on a single node, the owner scan. */
static void check_tree_ran(const input_case *c, gnest_algorithm algo, const gnest_info *info,
                           const char *what) {
  const int32_t n = case_size(c);
  const gnest_tree_method m = gn_tree_method_pick(c->tree_method, n, c->tree_depth,
                                                  algo == GNEST_ALGO_TREE_HEIGHTS, NULL, 0);
  if (m == GNEST_TREE_METHOD_EULER)
    expect_what_ran(info, "euler", 0, info->iterations - (n > 1 ? 1 : 2), what);
  else
    expect_what_ran(info, "levels", c->tree_depth, 1, what);
}

/* Connected components: a hook pass a round through the backend; its own kernels the labels'
 * start and a pointer-jumping kernel a round. */
static void check_cc_ran(const input_case *c, const gnest_info *info, const char *what) {
  if (gnest_graph_num_vertices(c->g) == 0) {
    expect_what_ran(info, "default", 0, 0, what);
    return;
  }
  cr_assert_eq(info->iterations, 1, "%s: %d linking passes", what, info->iterations);
  /* sampled: the init, two sampled links and their compressions, the probes' mode, the list
   * and the last compression; link: the init and the compression */
  const int sampled = strcmp(info->method_name, "sampled") == 0;
  expect_what_ran(info, sampled ? "sampled" : "link", 1, sampled ? 8 : 2, what);
}

/* Strongly connected components: the reverse graph's two passes and scan and the labels' start,
 * then every round a count pass, two peels (loops of no level when nothing is peeled) and four
 * kernels, and (all but the last round) a forward and a backward loop of at least a level each
 * and the roots' kernel. */
static void check_scc_ran(const input_case *c, const gnest_info *info, const char *what) {
  expect_what_ran(info, "default", -1, -1, what);
  if (gnest_graph_num_vertices(c->g) == 0) return;
  const int64_t rounds = info->iterations;
  cr_assert(rounds > 0, "%s: %lld rounds", what, (long long)rounds);
  cr_assert(info->backend_passes >= 2 + rounds + 2 * (rounds - 1),
            "%s: %lld backend passes in %lld rounds", what, (long long)info->backend_passes,
            (long long)rounds);
  cr_assert_eq(info->own_passes, 2 + 4 * rounds + (rounds - 1),
               "%s: %lld own passes in %lld rounds", what, (long long)info->own_passes,
               (long long)rounds);
}

/* What a successful run says it ran: the method and its split, by algorithm. */
static void check_what_ran(const gpu_env *env, const input_case *c, gnest_algorithm algo,
                           const gnest_info *info, const char *what) {
  check_split(info, what);
  if (info->backend == GNEST_BACKEND_CPU) {
    expect_what_ran(info, "cpu reference", 0, 0, what);
    return;
  }
  switch (algo) {
    case GNEST_ALGO_BFS: check_bfs_ran(env, c, info, what); break;
    case GNEST_ALGO_SSSP: /* the fill, and whole-number distances' conversion to doubles */
      expect_what_ran(info, "default", info->iterations,
                      strstr(info->reason, "distances: 32-bit whole") ? 2 : 1, what);
      break;
    case GNEST_ALGO_BC: /* a fill kernel a source; its levels forward, then backward */
      expect_what_ran(info, "default", -1, info->iterations, what);
      cr_assert(info->backend_passes >= 2 * (int64_t)info->iterations &&
                    info->backend_passes % 2 == 0,
                "%s: %lld backend passes for %d sources", what, (long long)info->backend_passes,
                info->iterations);
      break;
    case GNEST_ALGO_COLOR: check_color_ran(env, c, info, what); break;
    case GNEST_ALGO_MST:
      expect_what_ran(info, "default", -1, -1, what);
      if (gnest_graph_num_vertices(c->g) > 0)
        cr_assert(info->backend_passes > 0 && info->own_passes > 0,
                  "%s: %lld backend passes, %lld own", what, (long long)info->backend_passes,
                  (long long)info->own_passes);
      break;
    case GNEST_ALGO_TC: check_tc_ran(env, c, info, what); break;
    case GNEST_ALGO_BC_WEIGHTED:
      /* a source: its fill, start and cycle-check kernels; the SSSP's levels (one at least), the
       * in-arc count, Kahn's levels forward and back (one at least) */
      expect_what_ran(info, "default", -1, 3 * (int64_t)info->iterations, what);
      cr_assert(info->backend_passes >= 4 * (int64_t)info->iterations,
                "%s: %lld backend passes for %d sources", what, (long long)info->backend_passes,
                info->iterations);
      break;
    case GNEST_ALGO_CC: check_cc_ran(c, info, what); break;
    case GNEST_ALGO_SCC: check_scc_ran(c, info, what); break;
    default: check_tree_ran(c, algo, info, what); break;
  }
}

/* A weighted input's SSSP / MST names the weights' type on the device: float when asked, or
 * (auto) when every weight is exactly a float; else double. */
static void check_weights_type(const input_case *c, const gnest_info *info, const char *what) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(c->g, &off, &col, &w);
  if (!w || !strstr(info->reason, "weights: ")) {
    cr_assert(!w || info->backend == GNEST_BACKEND_CPU || gnest_graph_num_vertices(c->g) == 0,
              "%s: the weights' type is not named: %s", what, info->reason);
    return;
  }
  int float_exact = 1;
  for (int64_t k = 0; k < gnest_graph_num_edges(c->g); k++)
    float_exact &= (double)(float)w[k] == w[k];
  const int as_float = c->weights == GNEST_WEIGHTS_FLOAT ||
                       (c->weights == GNEST_WEIGHTS_AUTO && float_exact);
  const char *want = as_float ? "weights: float" : "weights: double";
  cr_assert(strstr(info->reason, want), "%s: expected '%s' in: %s", what, want, info->reason);
}

/* The checks of one algorithm beyond its result kind's, after a successful run. */
static void check_particular(const gpu_env *env, const input_case *c, gnest_algorithm a,
                             const outputs *ref, const gnest_info *info, gnest_status st,
                             const char *what) {
  if (c->t) check_tree_method(c, a, info, what);
  if (a == GNEST_ALGO_BFS && c->check_bfs_direction)
    check_bfs_direction(env, c, ref, info, what);
  if (a == GNEST_ALGO_COLOR && st == GNEST_OK) check_color_method(c, info, what);
  if (a == GNEST_ALGO_TC && st == GNEST_OK) check_tc_method(env, c, info, what);
  if ((a == GNEST_ALGO_SSSP || a == GNEST_ALGO_MST) && st == GNEST_OK)
    check_weights_type(c, info, what);
}

/* The coloring with color_tie=id (smaller id first among equal degrees, self-loops twice in the
 * degree): run r's colors against the CPU's with the same rule (tie_ref), exactly. */
static void check_color_id_ties(const gpu_env *env, const input_case *c, const bm_run *r,
                                const gnest_algorithm_desc *d, const outputs *tie_ref,
                                outputs *got, const char *what) {
  char tie_what[600];
  snprintf(tie_what, sizeof tie_what, "%s, color_tie=id", what);
  gnest_options opts = case_options(c, &r->opts);
  opts.color_tie = GNEST_COLOR_TIE_ID;
  outputs_poison(got);
  gnest_status st = run_algo(env->ctx, c, d->algorithm, &got->r, &opts, NULL);
  cr_assert_eq(st, GNEST_OK, "%s: %s", tie_what, gnest_last_error_string(env->ctx));
  compare_kind(env, r, c, d, tie_ref, got, tie_what);
}

/* The CPU's coloring with color_tie=id, for check_color_id_ties. */
static void color_id_reference(const gpu_env *env, const input_case *c, outputs *tie_ref) {
  gnest_options cpu = bm_cpu_options();
  cpu.color_tie = GNEST_COLOR_TIE_ID;
  gnest_status st = run_algo(env->ctx, c, GNEST_ALGO_COLOR, &tie_ref->r, &cpu, NULL);
  cr_assert_eq(st, GNEST_OK, "color/cpu color_tie=id on %s: %s", c->name,
               gnest_last_error_string(env->ctx));
}

/* One algorithm on one input: the CPU reference, then every selected run of the matrix. */
static void check_algo(const gpu_env *env, const input_case *c, gnest_algorithm a) {
  gnest_algorithm_desc d;
  cr_assert_eq(gnest_algorithm_describe(a, &d), GNEST_OK);
  char what[512];
  outputs ref, got, tie_ref = {.n = -1}; /* tie_ref: color_tie=id's CPU colors, when needed */
  outputs_alloc(&ref, c, &d);
  outputs_alloc(&got, c, &d);
  gnest_options cpu = bm_cpu_options();
  cpu.weights = c->weights; /* weights=float rounds them on the CPU reference too */
  gnest_status rs = run_algo(env->ctx, c, a, &ref.r, &cpu, NULL);
  if (c->t) /* every tree input is valid */
    cr_assert_eq(rs, GNEST_OK, "%s/cpu on %s: %s", d.name, c->name,
                 gnest_last_error_string(env->ctx));
  if (rs == GNEST_OK) {
    snprintf(what, sizeof what, "%s/cpu on %s", d.name, c->name);
    check_ref_kind(c, &d, &ref, what);
    if (a == GNEST_ALGO_TREE_DESCENDANTS) check_ref_descendants(c, &ref, what);
  }
  FOR_RUNS(env, c->configs, r) {
    snprintf(what, sizeof what, "%s/%s on %s", d.name, r->label, c->name);
    gnest_info info;
    const gnest_options opts = case_options(c, &r->opts);
    outputs_poison(&got);
    bm_trace(r, a, c->name);
    gnest_status st = run_algo(env->ctx, c, a, &got.r, &opts, &info);
    if (!bm_status_agrees(env, r, a, c->name, rs, st)) continue;
    check_info(r, &info, c, what);
    check_particular(env, c, a, &ref, &info, st, what);
    if (st == GNEST_OK) {
      const gnest_info traversal = traversal_info(c, a, &got, &info, what);
      check_what_ran(env, c, a, &traversal, what);
    }
    compare_kind(env, r, c, &d, &ref, &got, what);
    if (a == GNEST_ALGO_COLOR && st == GNEST_OK) {
      if (tie_ref.n < 0) {
        outputs_alloc(&tie_ref, c, &d);
        color_id_reference(env, c, &tie_ref);
      }
      check_color_id_ties(env, c, r, &d, &tie_ref, &got, what);
    }
    if (st == GNEST_OK) compare_pred(c, &d, &ref, &got, what);
  }
  if (tie_ref.n >= 0) outputs_free(&tie_ref);
  outputs_free(&ref);
  outputs_free(&got);
}

/* Every algorithm of the registry the case names (and GNEST_TEST_ALGOS selects), in its order. */
static void check_case(const gpu_env *env, const input_case *c) {
  for (int a = 0; a < GNEST_ALGO_COUNT; a++)
    if ((c->algos & GN_ALGO_BIT(a)) && bm_algo_selected((gnest_algorithm)a))
      check_algo(env, c, (gnest_algorithm)a);
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

/* The vertex of highest out-degree, lowest id on ties (the benchmark's source rule). */
static int32_t hub_of(const gnest_graph *g) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  int32_t best = 0, n = gnest_graph_num_vertices(g);
  for (int32_t v = 1; v < n; v++)
    if (off[v + 1] - off[v] > off[best + 1] - off[best]) best = v;
  return best;
}

/* BC over all sources only where it stays cheap; else a fixed sample. A GPU source costs about
 * one pass per BFS level both ways, so all sources are only taken on small graphs (a 5,000-vertex
 * directed path over all sources is 12.5 M levels; email-Eu-core's 1,005 sources took 100-300 s
 * over a backend's configurations on an H200). */
static int32_t bc_sample_for(const gnest_graph *g) {
  int64_t work = (int64_t)gnest_graph_num_vertices(g) * (gnest_graph_num_edges(g) + 1);
  if (work <= 4000000 && gnest_graph_num_vertices(g) <= 1200) return 0;
  return small_mode() ? 4 : 16;
}

static input_case make_case(const char *name, const gnest_graph *g, unsigned algos,
                            bm_configs which) {
  input_case c;
  memset(&c, 0, sizeof c);
  c.name = name;
  c.g = g;
  c.source = gnest_graph_num_vertices(g) > 0 ? hub_of(g) : 0;
  c.algos = algos;
  c.configs = which;
  c.bc_sample = bc_sample_for(g);
  return c;
}

/* Weights (lo..hi unless lo > hi), builds, runs every algorithm in algos; frees e. */
static void run_generated(const gpu_env *env, const char *name, gn_gen_edges *e, int wlo, int whi,
                          build_opts bo, unsigned algos, bm_configs which) {
  if (wlo <= whi) gen_ok(gn_gen_weights(e, wlo, whi, 7), "gn_gen_weights");
  gnest_graph *g = build(env, e, bo);
  gn_gen_edges_free(e);
  input_case c = make_case(name, g, algos, which);
  check_case(env, &c);
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

/* A family of inputs whose runs take thousands of levels: the primary configurations at the full
 * size, the other configurations at the reduced size, and every configuration of the
 * host_levels backends (the hybrids) at the host size (run time: see the top of this file). */
typedef void (*family_fn)(const gpu_env *env, int64_t size, bm_configs which);

static void split_family(const gpu_env *env, family_fn check, int64_t full, int64_t reduced,
                         int64_t host) {
  check(env, full, (bm_configs)(BM_PRIMARY | BM_DEVICE_LEVELS));
  check(env, reduced, (bm_configs)(BM_OTHERS | BM_DEVICE_LEVELS));
  if (!bm_any_selected(env, BM_HOST_LEVELS)) return; /* no hybrid in this run's matrix */
  cr_log_info("hybrid backends (host work every level): every configuration at size %lld, not "
              "%lld / %lld", (long long)host, (long long)full, (long long)reduced);
  check(env, host, BM_HOST_LEVELS);
}

/* ------------------------------------------------------------------------------------------ */
/* Backends                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* The matrix (bm_open checks every built device backend is available with loadable
 * configurations); planned backends are refused, never replaced by another. */
Test(gpu_backends, inventory) {
  gpu_env env;
  bm_open(&env);
  int device_backends = 0;
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    const gn_backend_entry *e = gn_backend_entry_of((gnest_backend)b);
    cr_assert_not_null(e, "registry entry %d", b);
    gnest_status st = gnest_backend_available(env.ctx, (gnest_backend)b);
    if (e->where == GN_WHERE_PLANNED)
      cr_assert_eq(st, GNEST_ERR_BACKEND_UNAVAILABLE, "planned backend %s: %s", e->name,
                   gnest_strerror(st));
    else
      cr_assert_eq(st, GNEST_OK, "backend %s: %s", e->name, gnest_strerror(st));
    device_backends += e->where == GN_WHERE_DEVICE || e->where == GN_WHERE_DEVICE_LAUNCH ||
                       e->where == GN_WHERE_HYBRID;
  }
  cr_assert_gt(device_backends, 0, "the registry has no built device backend");
  cr_assert_gt(env.count, 0);
  for (int i = 0; i < env.count; i++)
    cr_log_info("tested: %s%s", env.runs[i].label, env.runs[i].primary ? " (primary)" : "");
  bm_close(&env);
}

/* ------------------------------------------------------------------------------------------ */
/* Generated graphs                                                                            */
/* ------------------------------------------------------------------------------------------ */

Test(gpu_graphs, rmat_undirected_scales) {
  gpu_env env;
  bm_open(&env);
  int lo = small_mode() ? 7 : 10, hi = small_mode() ? 11 : 14;
  for (int scale = lo; scale <= hi; scale++) {
    gn_gen_edges e;
    gen_ok(gn_gen_rmat(scale, 16, (uint64_t)scale, &e), "gn_gen_rmat");
    char name[64];
    snprintf(name, sizeof name, "rmat%d undirected weighted", scale);
    run_generated(&env, name, &e, 1, 64, UNDIRECTED_CLEAN, A_ALL, BM_ALL);
  }
  bm_close(&env);
}

Test(gpu_graphs, rmat_directed) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  int scale = small_mode() ? 9 : 13;
  gen_ok(gn_gen_rmat(scale, 16, 99, &e), "gn_gen_rmat");
  /* Directed: traversals follow arcs as stored; undirected algorithms must refuse like the CPU. */
  run_generated(&env, "rmat directed weighted", &e, 1, 64, DIRECTED_CLEAN, A_ALL, BM_ALL);
  bm_close(&env);
}

Test(gpu_graphs, rmat_unweighted) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 9 : 12, 8, 5, &e), "gn_gen_rmat");
  run_generated(&env, "rmat12 unweighted", &e, 1, 0, UNDIRECTED_CLEAN, A_ALL, BM_ALL);
  bm_close(&env);
}

/* A graph over caller-owned CSR arrays (gnest_graph_from_csr), each row reversed so that the
 * device's paths for unsorted rows run too: the upload reads the caller's memory, and triangle
 * counting must refuse unsorted rows on every backend as it does on the CPU. */
Test(gpu_graphs, borrowed_csr_with_unsorted_rows) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 9 : 12, 16, 21, &e), "gn_gen_rmat");
  gen_ok(gn_gen_weights(&e, 1, 64, 7), "gn_gen_weights");
  gnest_graph *owned = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(owned, &off, &col, &w);
  const int32_t n = gnest_graph_num_vertices(owned);
  const int64_t m = gnest_graph_num_edges(owned);
  int32_t *reversed_col = xmalloc((size_t)m, sizeof *reversed_col);
  double *reversed_w = xmalloc((size_t)m, sizeof *reversed_w);
  for (int32_t u = 0; u < n; u++)
    for (int64_t k = off[u]; k < off[u + 1]; k++) {
      reversed_col[off[u] + off[u + 1] - 1 - k] = col[k];
      reversed_w[off[u] + off[u + 1] - 1 - k] = w[k];
    }
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_csr(env.ctx, n, m, off, reversed_col, reversed_w, &g), GNEST_OK,
               "gnest_graph_from_csr: %s", gnest_last_error_string(env.ctx));
  input_case c = make_case("rmat over borrowed CSR arrays, rows reversed", g, A_ALL, BM_ALL);
  check_case(&env, &c);
  gnest_graph_free(g); /* before owned, whose offsets it borrows */
  free(reversed_col);
  free(reversed_w);
  gnest_graph_free(owned);
  bm_close(&env);
}

Test(gpu_graphs, erdos_renyi) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  int32_t n = (int32_t)sized(100000, 1000);
  gen_ok(gn_gen_er(n, 4 * (int64_t)n, 11, &e), "gn_gen_er");
  run_generated(&env, "erdos-renyi", &e, 1, 64, UNDIRECTED_CLEAN, A_ALL, BM_ALL);
  bm_close(&env);
}

/* A side x side weighted grid and a side/3 x 3 side unweighted one: 2 to 3 side levels. */
static void check_grids(const gpu_env *env, int64_t side, bm_configs which) {
  gn_gen_edges e;
  char name[64];
  gen_ok(gn_gen_grid((int32_t)side, (int32_t)side, 1, &e), "gn_gen_grid");
  snprintf(name, sizeof name, "grid %lldx%lld weighted", (long long)side, (long long)side);
  run_generated(env, name, &e, 1, 64, UNDIRECTED_CLEAN, A_ALL, which);
  gen_ok(gn_gen_grid((int32_t)side / 3, 3 * (int32_t)side, 1, &e), "gn_gen_grid");
  snprintf(name, sizeof name, "grid %lldx%lld unweighted", (long long)side / 3, 3 * (long long)side);
  run_generated(env, name, &e, 1, 0, UNDIRECTED_CLEAN, A_BFS | A_SSSP | A_COLOR, which);
}

Test(gpu_graphs, grid_high_diameter) {
  gpu_env env;
  bm_open(&env);
  const int64_t reduced = small_mode() ? 32 : 100;
  split_family(&env, check_grids, small_mode() ? 95 : 300, reduced, reduced);
  bm_close(&env);
}

Test(gpu_graphs, star_huge_hub) {
  gpu_env env;
  bm_open(&env);
  int32_t leaves = (int32_t)sized(100000, 1000);
  gn_gen_edges e;
  gen_ok(gn_gen_star(leaves + 1, &e), "gn_gen_star");
  run_generated(&env, "star (source = hub)", &e, 1, 64, UNDIRECTED_CLEAN, A_ALL, BM_ALL);
  /* From a leaf: the hub is the only way on. */
  gen_ok(gn_gen_star(leaves + 1, &e), "gn_gen_star");
  gen_ok(gn_gen_weights(&e, 1, 64, 3), "gn_gen_weights");
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  input_case c = make_case("star (source = leaf)", g, A_TRAVERSALS, BM_ALL);
  c.source = leaves;
  check_case(&env, &c);
  gnest_graph_free(g);
  bm_close(&env);
}

/* Appends arcs src[i] -> dst[i], i < count, to e (its vertex count unchanged). */
static void append_arcs(gn_gen_edges *e, int64_t count, const int32_t *src, const int32_t *dst) {
  const int64_t m = e->m + count;
  e->src = realloc(e->src, (size_t)(m ? m : 1) * sizeof *e->src);
  e->dst = realloc(e->dst, (size_t)(m ? m : 1) * sizeof *e->dst);
  cr_assert(e->src && e->dst && !e->w, "out of host memory (or weights: add them afterwards)");
  memcpy(e->src + e->m, src, (size_t)count * sizeof *src);
  memcpy(e->dst + e->m, dst, (size_t)count * sizeof *dst);
  e->m = m;
}

/* A dense core, G(core, p about 0.85), whose greedy coloring needs over 64 colors (so vertices
 * with several bitmap words, and colors past 64 pushed to neighbours), linked to a sparse RMAT
 * periphery: every fifth periphery vertex has an arc to a core vertex. */
static void dense_core_edges(gn_gen_edges *e, int32_t core, int rim_scale) {
  gen_ok(gn_gen_er(core, 19 * (int64_t)core * core / 20, 41, e), "gn_gen_er");
  gn_gen_edges rim;
  gen_ok(gn_gen_rmat(rim_scale, 8, 43, &rim), "gn_gen_rmat");
  const int64_t links = (int64_t)rim.n / 5;
  concat_edges(e, &rim, 0);
  gn_gen_edges_free(&rim);
  int32_t *src = xmalloc((size_t)links, sizeof *src), *dst = xmalloc((size_t)links, sizeof *dst);
  for (int64_t i = 0; i < links; i++) {
    src[i] = core + (int32_t)(5 * i);
    dst[i] = (int32_t)(7 * i % core);
  }
  append_arcs(e, links, src, dst);
  free(src);
  free(dst);
}

Test(gpu_graphs, dense_core_and_sparse_periphery) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  dense_core_edges(&e, small_mode() ? 200 : 400, small_mode() ? 9 : 12);
  run_generated(&env, "dense core with an RMAT periphery", &e, 1, 64, UNDIRECTED_CLEAN, A_ALL,
                BM_ALL);
  bm_close(&env);
}

/* The GPU coloring's dependent rounds (gnest_info.iterations: frontier levels) against its CPU
 * simulation, tests/common/color_sim.c's variant shortcut-gpu (the same algorithm, each list read
 * by one thread, pushes landing after the round): at most the simulated rounds, one trailing
 * level of pushes, and kRoundSlack levels for what the simulation does not model (pushes that
 * land during a round, threads sharing a list that read past its blocker); and never more than
 * Jones-Plassmann's rounds (the proven bound for any order of the threads, docs/methods.md:
 * at most JP's rounds minus one, plus the trailing level). The colors equal the simulation's. */
static void check_coloring_rounds(const gpu_env *env, int scale, bm_configs which) {
  enum { kRoundSlack = 4 };
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(scale, 16, 8, &e), "gn_gen_rmat");
  gnest_graph *g = build(env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  proto_graph p = {.n = gnest_graph_num_vertices(g)};
  gnest_graph_csr(g, &p.offsets, &p.cols, NULL);
  int32_t *sim = xmalloc((size_t)p.n, sizeof *sim), *got = xmalloc((size_t)p.n, sizeof *got);
  const proto_shortcut_opts gpu_variant = {.push = 1, .chunk = 1, .in_place = 1};
  proto_totals sc, jp;
  cr_assert_eq(proto_jp_rounds(&p, got, NULL, NULL, &jp), GNEST_OK);
  cr_assert_eq(proto_shortcut_color(&p, &gpu_variant, sim, NULL, NULL, &sc), GNEST_OK);
  const int32_t bound = sc.rounds + 1 + kRoundSlack;
  cr_assert_lt(bound, jp.rounds, "rmat%d: %d simulated rounds, JP %d: the input must tell them apart",
               scale, sc.rounds, jp.rounds);
  FOR_RUNS(env, which, r) {
    char what[512];
    snprintf(what, sizeof what, "color/%s on rmat%d", r->label, scale);
    gnest_info info;
    int32_t num_colors = -1;
    gnest_options opts = r->opts;
    opts.color_method = GNEST_COLOR_ROUNDS;
    poison(got, (size_t)p.n * sizeof *got);
    gnest_status st = gnest_color(env->ctx, g, got, &num_colors, &opts, &info);
    if (!bm_status_agrees(env, r, GNEST_ALGO_COLOR, "rmat", GNEST_OK, st)) continue;
    expect_i32_equal(sim, got, p.n, what);
    cr_log_info("%s: %d levels (simulated: %d rounds, Jones-Plassmann %d)", what, info.iterations,
                sc.rounds, jp.rounds);
    cr_assert_leq(info.iterations, bound, "%s: %d levels, simulated %d rounds (+1 trailing, +%d)",
                  what, info.iterations, sc.rounds, kRoundSlack);
    cr_assert_leq(info.iterations, jp.rounds, "%s: %d levels, Jones-Plassmann %d rounds", what,
                  info.iterations, jp.rounds);
    cr_assert_gt(info.iterations, 0, "%s: no level run", what);
  }
  free(sim);
  free(got);
  gnest_graph_free(g);
}

Test(gpu_graphs, coloring_rounds_match_the_simulation) {
  gpu_env env;
  bm_open(&env);
  if (!bm_algo_selected(GNEST_ALGO_COLOR)) {
    bm_close(&env);
    cr_skip_test("GNEST_TEST_ALGOS leaves out color");
  }
  /* The primary configurations on scale 15, the others on scale 12: naive-dp launches a child
   * grid per vertex of each round (about 200 s a configuration on scale 15 on an H200). */
  if (small_mode()) {
    check_coloring_rounds(&env, 12, BM_ALL);
  } else {
    check_coloring_rounds(&env, 15, BM_PRIMARY);
    check_coloring_rounds(&env, 12, BM_OTHERS);
  }
  bm_close(&env);
}

/* A weighted path of n vertices from its end (n levels) and from its middle. */
static void check_paths(const gpu_env *env, int64_t n, bm_configs which) {
  gn_gen_edges e;
  gen_ok(gn_gen_path((int32_t)n, &e), "gn_gen_path");
  gen_ok(gn_gen_weights(&e, 1, 64, 5), "gn_gen_weights");
  gnest_graph *g = build(env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  char name[96];
  snprintf(name, sizeof name, "path of %lld", (long long)n);
  input_case c = make_case(name, g, A_ALL, which);
  c.source = 0;                       /* the far end: n levels */
  c.bc_sample = small_mode() ? 1 : 2; /* each source costs 2 n levels */
  check_case(env, &c);
  snprintf(name, sizeof name, "path of %lld (source in the middle)", (long long)n);
  c.source = (int32_t)n / 2;
  c.algos = A_BFS | A_SSSP;
  check_case(env, &c);
  gnest_graph_free(g);
}

Test(gpu_graphs, long_path) {
  gpu_env env;
  bm_open(&env);
  /* The hybrids: 500 levels from the far end, about 1.5 s a BFS at 3 ms a level. */
  split_family(&env, check_paths, sized(50000, 1000), sized(5000, 500), sized(500, 100));
  bm_close(&env);
}

Test(gpu_graphs, disconnected_pieces) {
  gpu_env env;
  bm_open(&env);
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
  input_case c = make_case("disconnected", g, A_ALL, BM_ALL);
  int32_t list[] = {c.source, first_grid, first_grid + 210, isolated};
  c.bc_list = list;
  c.bc_list_len = 4;
  check_case(&env, &c);
  c.name = "disconnected (source in the grid)";
  c.source = first_grid + 7;
  c.algos = A_TRAVERSALS;
  check_case(&env, &c);
  gnest_graph_free(g);
  bm_close(&env);
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
    e->w[i] = (double)(1 + gn_splitmix64(&st) % 64);
  }
}

Test(gpu_graphs, self_loops_and_duplicates) {
  gpu_env env;
  bm_open(&env);
  int32_t n = (int32_t)sized(20000, 500);
  build_opts keep_all_undirected = {1, 0, 0}, keep_all_directed = {0, 0, 0};
  gn_gen_edges e;
  multigraph_edges(&e, n);
  gnest_graph *g = build(&env, &e, keep_all_undirected);
  input_case c = make_case("multigraph undirected (loops, duplicates kept)", g, A_ALL, BM_ALL);
  check_case(&env, &c);
  gnest_graph_free(g);
  g = build(&env, &e, keep_all_directed);
  c = make_case("multigraph directed (loops, duplicates kept)", g, A_ALL, BM_ALL);
  check_case(&env, &c);
  gnest_graph_free(g);
  /* Self-loops kept but duplicates merged: TC's precondition holds again. */
  build_opts loops_only = {1, 0, 1};
  g = build(&env, &e, loops_only);
  c = make_case("undirected with self-loops", g, A_ALL, BM_ALL);
  check_case(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* The coloring matrix on the edges e symmetrized, self-loops and repeated arcs kept (e freed);
 * returns the graph's largest row. */
static int64_t check_coloring_of(const gpu_env *env, gn_gen_edges *e, const char *name) {
  build_opts loops_and_repeats = {1, 0, 0};
  gnest_graph *g = build(env, e, loops_and_repeats);
  gnest_degree_stats stats;
  cr_assert_eq(gnest_graph_stats(env->ctx, g, &stats), GNEST_OK);
  input_case c = make_case(name, g, A_COLOR, BM_ALL);
  check_case(env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(e);
  return stats.max;
}

/* Coloring's narrow vertices (degree below 64, self-loops left out) whose rows are longer than
 * a 64-bit word because of their self-loops: the narrow kernel lists their predecessors instead
 * of marking row positions in a mask (color_async.cuh). Vertex v has 20 + v % 40 neighbours on a
 * ring (both ways after symmetrizing: degrees 40 to 78, so some vertices are wide) and v % 37
 * self-loops; a few repeated arcs too. */
Test(gpu_graphs, coloring_rows_longer_than_a_word) {
  gpu_env env;
  bm_open(&env);
  const int32_t n = 3000;
  gn_gen_edges e = {0};
  int64_t m = 0, cap = 0;
  for (int32_t v = 0; v < n; v++) cap += (20 + v % 40) + v % 37 + 1;
  e.n = n;
  e.src = malloc((size_t)cap * sizeof *e.src);
  e.dst = malloc((size_t)cap * sizeof *e.dst);
  cr_assert(e.src && e.dst);
  for (int32_t v = 0; v < n; v++) {
    for (int32_t k = 1; k <= 20 + v % 40; k++) e.src[m] = v, e.dst[m++] = (v + 7 * k) % n;
    for (int32_t k = 0; k < v % 37; k++) e.src[m] = e.dst[m] = v, m++;
    if (v % 11 == 0) e.src[m] = v, e.dst[m++] = (v + 7) % n; /* a repeated arc */
  }
  e.m = m;
  const int64_t max = check_coloring_of(&env, &e, "narrow rows longer than a word (self-loops)");
  cr_assert_gt(max, 64, "rows longer than a word");
  bm_close(&env);
}

/* Self-loops that make vertices wide only under color_tie=id (a self-loop counts twice there):
 * every row has fewer than 64 arcs, but 10 ring neighbours both ways and 30 self-loops give
 * degree 80 with color_tie=id, 20 with hash. The async method must then color them as wide. */
Test(gpu_graphs, coloring_self_loops_widen_rows_under_id_ties) {
  gpu_env env;
  bm_open(&env);
  const int32_t n = 2000, ring = 10, loops = 30;
  gn_gen_edges e = {0};
  e.n = n;
  e.src = malloc((size_t)n * (ring + loops) * sizeof *e.src);
  e.dst = malloc((size_t)n * (ring + loops) * sizeof *e.dst);
  cr_assert(e.src && e.dst);
  int64_t m = 0;
  for (int32_t v = 0; v < n; v++) {
    for (int32_t k = 1; k <= ring; k++) e.src[m] = v, e.dst[m++] = (v + 3 * k) % n;
    for (int32_t k = 0; k < (v % 3 ? loops : 0); k++) e.src[m] = e.dst[m] = v, m++;
  }
  e.m = m;
  const int64_t max = check_coloring_of(&env, &e, "rows wide only with self-loops counted twice");
  cr_assert_lt(max, 64, "every row narrow as arcs");
  bm_close(&env);
}

/* ---- direction-optimizing BFS (bfs_direction) ------------------------------------------- */

/* BFS with bfs_direction = `direction` on every selected configuration from `source` (-1: the
 * hub): levels equal to the CPU's, the method named, the levels counted. */
static void check_bfs_direction_case(const gpu_env *env, const char *name, const gnest_graph *g,
                                     int32_t source, gnest_bfs_direction direction,
                                     bm_configs which) {
  static const char *const words[] = {"auto", "top-down", "optimizing"};
  char label[192];
  snprintf(label, sizeof label, "%s [bfs_direction=%s]", name, words[direction]);
  input_case c = make_case(label, g, A_BFS, which);
  if (source >= 0) c.source = source;
  c.bfs_direction = direction;
  c.check_bfs_direction = 1;
  check_case(env, &c);
}

/* Builds e (freed) as bo says and checks BFS optimizing from the hub and from `other`. */
static void check_bfs_optimizing_edges(const gpu_env *env, const char *name, gn_gen_edges *e,
                                       build_opts bo, int32_t other, bm_configs which) {
  gnest_graph *g = build(env, e, bo);
  gn_gen_edges_free(e);
  check_bfs_direction_case(env, name, g, -1, GNEST_BFS_OPTIMIZING, which);
  if (other >= 0 && other < gnest_graph_num_vertices(g)) {
    char label[160];
    snprintf(label, sizeof label, "%s, source %d", name, (int)other);
    check_bfs_direction_case(env, label, g, other, GNEST_BFS_OPTIMIZING, which);
  }
  gnest_graph_free(g);
}

/* Forced optimizing on RMAT (undirected: bottom-up levels in the middle; directed: top-down, the
 * reason says why) and Erdos-Renyi, from the hub and from an ordinary vertex (more levels). */
Test(gpu_bfs_direction, rmat_and_erdos_renyi) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  const int scale = small_mode() ? 10 : 13;
  gen_ok(gn_gen_rmat(scale, 16, 71, &e), "gn_gen_rmat");
  check_bfs_optimizing_edges(&env, "rmat undirected", &e, UNDIRECTED_CLEAN, (1 << scale) - 3,
                             BM_ALL);
  gen_ok(gn_gen_rmat(scale, 16, 72, &e), "gn_gen_rmat");
  check_bfs_optimizing_edges(&env, "rmat directed", &e, DIRECTED_CLEAN, -1, BM_ALL);
  const int32_t n = (int32_t)sized(100000, 2000);
  gen_ok(gn_gen_er(n, 4 * (int64_t)n, 73, &e), "gn_gen_er");
  check_bfs_optimizing_edges(&env, "erdos-renyi", &e, UNDIRECTED_CLEAN, n / 2, BM_ALL);
  bm_close(&env);
}

/* A star from its hub (one top-down level reaches everything) and from a leaf (the second level
 * is the hub alone: n arcs against n unexplored, bottom-up over every leaf). */
Test(gpu_bfs_direction, star_huge_hub) {
  gpu_env env;
  bm_open(&env);
  const int32_t leaves = (int32_t)sized(100000, 1000);
  gn_gen_edges e;
  gen_ok(gn_gen_star(leaves + 1, &e), "gn_gen_star");
  check_bfs_optimizing_edges(&env, "star", &e, UNDIRECTED_CLEAN, leaves, BM_ALL);
  bm_close(&env);
}

/* Rows a bottom-up step scans past its first lanes: a source whose only neighbour is the hub,
 * which has the largest id and so ends every sorted row. Level 1 is the hub alone, with every arc
 * of the graph but one: the level after it goes bottom-up, where each vertex finds its parent at
 * its row's last arc. Leaves have 2 arcs (one lane alone); wide vertices have 9 to 300 (one lane,
 * then the warp, the hit in its last 32 arcs; lengths across those boundaries). */
Test(gpu_bfs_direction, bottom_up_parent_at_row_end) {
  gpu_env env;
  bm_open(&env);
  const int32_t leaves = 4000, wide = 40, hub = leaves + wide + 1, source = leaves + wide;
  int64_t m = 1 + leaves;
  for (int32_t j = 0; j < wide; j++) m += 1 + (8 + 7 * j % 292);
  gn_gen_edges e = {hub + 1, 0, xmalloc((size_t)m, sizeof(int32_t)),
                    xmalloc((size_t)m, sizeof(int32_t)), NULL};
  e.src[e.m] = source, e.dst[e.m++] = hub;
  for (int32_t v = 0; v < leaves; v++) e.src[e.m] = v, e.dst[e.m++] = hub;
  for (int32_t j = 0; j < wide; j++) {
    const int32_t w = leaves + j, arcs = 8 + 7 * j % 292;
    e.src[e.m] = w, e.dst[e.m++] = hub;
    for (int32_t k = 0; k < arcs; k++) e.src[e.m] = w, e.dst[e.m++] = (j * 97 + k * 13) % leaves;
  }
  cr_assert_eq(e.m, m);
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  check_bfs_direction_case(&env, "parent at row end", g, source, GNEST_BFS_OPTIMIZING, BM_ALL);
  gnest_options o = bm_backend_options(GNEST_BACKEND_FLAT, "bfs_direction=optimizing");
  gnest_info info;
  int32_t *levels = xmalloc((size_t)hub + 1, sizeof *levels);
  cr_assert_eq(gnest_bfs(env.ctx, g, source, levels, &o, &info), GNEST_OK, "%s",
               gnest_last_error_string(env.ctx));
  cr_assert_not_null(strstr(info.reason, " of 3 levels bottom-up"), "%s", info.reason);
  cr_assert_null(strstr(info.reason, " 0 of 3 levels"), "%s", info.reason);
  cr_assert_eq(levels[hub], 1);
  for (int32_t v = 0; v < leaves + wide; v++) cr_assert_eq(levels[v], 2, "vertex %d", (int)v);
  free(levels);
  gnest_graph_free(g);
  bm_close(&env);
}

/* Pieces the source does not reach: an RMAT piece, a grid piece, isolated vertices; from each. */
Test(gpu_bfs_direction, disconnected_pieces) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges a, b;
  gen_ok(gn_gen_rmat(small_mode() ? 8 : 11, 16, 74, &a), "gn_gen_rmat");
  gen_ok(gn_gen_grid(20, 20, 1, &b), "gn_gen_grid");
  const int32_t first_grid = a.n;
  concat_edges(&a, &b, 100);
  gn_gen_edges_free(&b);
  const int32_t isolated = a.n - 50;
  gnest_graph *g = build(&env, &a, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&a);
  check_bfs_direction_case(&env, "disconnected", g, -1, GNEST_BFS_OPTIMIZING, BM_ALL);
  check_bfs_direction_case(&env, "disconnected, source in the grid", g, first_grid + 7,
                           GNEST_BFS_OPTIMIZING, BM_ALL);
  check_bfs_direction_case(&env, "disconnected, isolated source", g, isolated,
                           GNEST_BFS_OPTIMIZING, BM_ALL);
  gnest_graph_free(g);
  bm_close(&env);
}

/* A grid: no bottom-up step in the first GN_BFS_PROBE_LEVELS levels, then the rest handed to the
 * top-down loop (about 2 side levels in all). */
Test(gpu_bfs_direction, grid_hands_over) {
  gpu_env env;
  bm_open(&env);
  const int32_t side = (int32_t)sized(100, 32);
  gn_gen_edges e;
  gen_ok(gn_gen_grid(side, side, 1, &e), "gn_gen_grid");
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  check_bfs_direction_case(&env, "grid", g, 0, GNEST_BFS_OPTIMIZING, BM_ALL);
  gnest_options o = bm_backend_options(GNEST_BACKEND_FLAT, "bfs_direction=optimizing");
  gnest_info info;
  int32_t *levels = xmalloc((size_t)side * side, sizeof *levels);
  cr_assert_eq(gnest_bfs(env.ctx, g, 0, levels, &o, &info), GNEST_OK, "%s",
               gnest_last_error_string(env.ctx));
  char want[64];
  snprintf(want, sizeof want, "top-down loop from level %d", GN_BFS_PROBE_LEVELS);
  cr_assert_not_null(strstr(info.reason, want), "%s", info.reason);
  free(levels);
  gnest_graph_free(g);
  bm_close(&env);
}

/* Self-loops and repeated arcs kept (undirected and directed), and self-loops alone. */
Test(gpu_bfs_direction, self_loops_and_duplicates) {
  gpu_env env;
  bm_open(&env);
  const int32_t n = (int32_t)sized(20000, 500);
  const build_opts keep_all_undirected = {1, 0, 0}, keep_all_directed = {0, 0, 0},
                   loops_only = {1, 0, 1};
  gn_gen_edges e;
  multigraph_edges(&e, n);
  gnest_graph *g = build(&env, &e, keep_all_undirected);
  check_bfs_direction_case(&env, "multigraph undirected", g, -1, GNEST_BFS_OPTIMIZING, BM_ALL);
  gnest_graph_free(g);
  g = build(&env, &e, keep_all_directed);
  check_bfs_direction_case(&env, "multigraph directed", g, -1, GNEST_BFS_OPTIMIZING, BM_ALL);
  gnest_graph_free(g);
  g = build(&env, &e, loops_only);
  check_bfs_direction_case(&env, "undirected with self-loops", g, 7, GNEST_BFS_OPTIMIZING, BM_ALL);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* auto on an input large and dense enough for the optimizing method (rmat16: about 2 M arcs,
 * mean degree about 30): auto takes it on every backend. */
Test(gpu_bfs_direction, auto_on_rmat16) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(16, 16, 75, &e), "gn_gen_rmat");
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_bfs_method_pick(GNEST_BFS_AUTO, 1, gnest_graph_num_vertices(g),
                                  gnest_graph_num_edges(g), NULL, 0),
               GNEST_BFS_OPTIMIZING, "rmat16: %lld arcs", (long long)gnest_graph_num_edges(g));
  check_bfs_direction_case(&env, "rmat16", g, -1, GNEST_BFS_AUTO, BM_PRIMARY);
  check_bfs_direction_case(&env, "rmat16", g, -1, GNEST_BFS_TOP_DOWN, BM_PRIMARY);
  gnest_graph_free(g);
  bm_close(&env);
}

Test(gpu_graphs, empty_and_single_vertex) {
  gpu_env env;
  bm_open(&env);
  int32_t loop_src = 0, loop_dst = 0;
  double loop_w = 3.0;
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
    input_case c = make_case(cases[i].name, g, A_ALL, BM_ALL);
    c.source = 0; /* out of range on the empty graph: every backend must say so like the CPU */
    check_case(&env, &c);
    gnest_graph_free(g);
  }
  bm_close(&env);
}

/* Components of a directed graph built to need many rounds: `cycles` cycles of `len` vertices,
 * cycle k on ids k len .. (k + 1) len - 1, each with an arc to the next, so that only the lowest
 * remaining cycle's component is found per round; a 2-cycle between two of them; then a directed
 * path of `tail` vertices hanging off the last cycle (the trim's peel takes it in one round),
 * self-loops and a duplicate arc on it, and isolated vertices. */
static gnest_graph *chained_cycles(const gpu_env *env, int32_t cycles, int32_t len, int32_t tail) {
  const int32_t core = cycles * len, n = core + tail + 3;
  const int64_t cap = (int64_t)core + cycles + tail + 8;
  int32_t *src = xmalloc((size_t)cap, sizeof *src), *dst = xmalloc((size_t)cap, sizeof *dst);
  int64_t m = 0;
  for (int32_t k = 0; k < cycles; k++) {
    for (int32_t j = 0; j < len; j++) {
      src[m] = k * len + j;
      dst[m++] = k * len + (j + 1) % len;
    }
    src[m] = k * len + len / 2; /* to the next cycle, or to the path */
    dst[m++] = (k + 1) * len;
  }
  for (int32_t j = 0; j + 1 < tail; j++) {
    src[m] = core + j;
    dst[m++] = core + j + 1;
  }
  const int32_t loop = core + tail / 2;
  src[m] = loop, dst[m++] = loop;                 /* a self-loop on the path */
  src[m] = core, dst[m++] = core + 1;             /* a duplicate arc */
  src[m] = core + tail, dst[m++] = core + tail;   /* an isolated vertex with a self-loop */
  src[m] = len + 1, dst[m++] = 2 * len + 2;       /* a 2-cycle joining cycles 1 and 2 */
  src[m] = 2 * len + 2, dst[m++] = len + 1;
  gn_gen_edges e = {n, m, src, dst, NULL};
  gnest_graph *g = build(env, &e, (build_opts){0, 0, 0});
  free(src);
  free(dst);
  return g;
}

Test(gpu_graphs, components_directed) {
  gpu_env env;
  bm_open(&env);
  const unsigned components = GN_ALGO_BIT(GNEST_ALGO_CC) | GN_ALGO_BIT(GNEST_ALGO_SCC);
  gnest_graph *g = chained_cycles(&env, small_mode() ? 12 : 40, 7, small_mode() ? 300 : 3000);
  input_case c = make_case("chained directed cycles with a tail", g, components, BM_ALL);
  check_case(&env, &c);
  gnest_graph_free(g);
  bm_close(&env);
}

/* A directed path of n vertices (arcs i -> i + 1): from its last vertex nothing else is
 * reachable; from its first, n levels. */
static void check_directed_paths(const gpu_env *env, int64_t n, bm_configs which) {
  gn_gen_edges e;
  gen_ok(gn_gen_path((int32_t)n, &e), "gn_gen_path");
  int64_t k = 0;
  for (int64_t i = 0; i < e.m; i++)
    if (e.src[i] < e.dst[i]) {
      e.src[k] = e.src[i];
      e.dst[k] = e.dst[i];
      k++;
    }
  e.m = k;
  gnest_graph *g = build(env, &e, DIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  char name[96];
  snprintf(name, sizeof name, "directed path of %lld from its sink", (long long)n);
  input_case c = make_case(name, g, A_TRAVERSALS, which);
  c.source = (int32_t)n - 1;
  /* BC's sources do not depend on c.source: two sampled ones. All 1,000 sources of the short
   * path are 500,000 dependent levels a configuration, which with 42 configurations outran a
   * 500 s call on an H200 (about 20 us a level on the device-launching backends). */
  c.bc_sample = 2;
  check_case(env, &c);
  snprintf(name, sizeof name, "directed path of %lld from its start", (long long)n);
  c.source = 0;
  check_case(env, &c);
  gnest_graph_free(g);
}

Test(gpu_graphs, unreachable_source) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  int32_t n = (int32_t)sized(20000, 500);
  gen_ok(gn_gen_er(n, 6 * (int64_t)n, 41, &e), "gn_gen_er");
  gen_ok(gn_gen_weights(&e, 1, 64, 4), "gn_gen_weights");
  e.n += 10; /* ten isolated vertices at the end */
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  input_case c = make_case("isolated source", g, A_TRAVERSALS, BM_ALL);
  c.source = n + 5;
  check_case(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  split_family(&env, check_directed_paths, sized(5000, 500), sized(1000, 200), sized(1000, 200));
  bm_close(&env);
}

Test(gpu_graphs, zero_and_huge_weights) {
  gpu_env env;
  bm_open(&env);
  int32_t side = small_mode() ? 40 : 120;
  gn_gen_edges e;
  gen_ok(gn_gen_grid(side, side, 1, &e), "gn_gen_grid");
  gen_ok(gn_gen_weights(&e, 0, 3, 9), "gn_gen_weights");
  /* Map 0..3 to 0, 1, 7 and 1e30 (a float: the weights go as floats): the pair hash keeps both
   * arcs equal. Every backend's sums are the CPU's, in double. */
  const double map[4] = {0.0, 1.0, 7.0, (double)1e30f};
  for (int64_t i = 0; i < e.m; i++) e.w[i] = map[(int)e.w[i]];
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  input_case c = make_case("grid with zero and 1e30 weights", g, A_ALL, BM_ALL);
  check_case(&env, &c);
  gnest_graph_free(g);
  /* All weights zero: every reachable distance is 0 and the forest weighs 0. */
  for (int64_t i = 0; i < e.m; i++) e.w[i] = 0.0;
  g = build(&env, &e, UNDIRECTED_CLEAN);
  c = make_case("grid with zero weights", g, A_SSSP | A_MST, BM_ALL);
  check_case(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* Zero weights kept only on the arcs from a lower id to a higher one (others weigh 1): zero
 * weights that tie distances without a cycle of them. */
static void zero_weights_upward(gn_gen_edges *e) {
  for (int64_t i = 0; i < e->m; i++)
    if (e->w[i] == 0.0 && e->src[i] > e->dst[i]) e->w[i] = 1.0;
}

/* Weighted BC where zero weights tie distances, on a directed RMAT and on a grid both ways; the
 * undirected grids above, where a zero-weight edge is a cycle, check the error instead. */
Test(gpu_graphs, bc_weighted_zero_weight_ties) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 9 : 11, 8, 31, &e), "gn_gen_rmat");
  gen_ok(gn_gen_weights(&e, 0, 3, 13), "gn_gen_weights");
  zero_weights_upward(&e);
  gnest_graph *g = build(&env, &e, DIRECTED_CLEAN);
  input_case c = make_case("rmat directed, zero weights upward", g, A_SSSP | A_BCW, BM_ALL);
  c.source = hub_of(g);
  check_case(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);

  const int32_t side = small_mode() ? 12 : 30;
  gen_ok(gn_gen_grid(side, side, 1, &e), "gn_gen_grid");
  gen_ok(gn_gen_weights(&e, 0, 2, 5), "gn_gen_weights");
  zero_weights_upward(&e);
  g = build(&env, &e, DIRECTED_CLEAN);
  c = make_case("grid, zero weights upward", g, A_SSSP | A_BCW, BM_ALL);
  /* 8 sampled sources, not all 900: each costs a shortest-path search of about 60 levels both
   * ways, and all of them took 340-370 s over the dynamic-parallelism backends' configurations
   * (H200); the ties are in every source's search. */
  c.bc_sample = small_mode() ? 2 : 8;
  check_case(&env, &c);
  gnest_graph_free(g);
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* Weights that no float holds exactly (2^30 + k, k / 10): they go to the device as doubles, and
 * every backend's distances and forest must be the CPU's exactly. The same graphs forced to
 * weights=float (rounded on the device and in the CPU reference alike), and float-exact weights
 * forced to double. */
Test(gpu_graphs, double_weights) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 10 : 13, 8, 21, &e), "gn_gen_rmat");
  gen_ok(gn_gen_weights(&e, 1, 1000, 21), "gn_gen_weights");
  double *drawn = xmalloc((size_t)e.m, sizeof *drawn);
  memcpy(drawn, e.w, (size_t)e.m * sizeof *drawn);
  const struct { double base, step; const char *name; } families[] = {
      {1073741824.0, 1.0, "rmat with weights 2^30 + k (doubles)"},
      {0.0, 0.1, "rmat with weights k / 10 (doubles)"}};
  for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
    for (int64_t i = 0; i < e.m; i++) e.w[i] = families[f].base + families[f].step * drawn[i];
    gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
    input_case c = make_case(families[f].name, g, A_SSSP | A_MST, BM_ALL);
    check_case(&env, &c);
    char name[160];
    snprintf(name, sizeof name, "%s, weights=float", families[f].name);
    c.name = name;
    c.weights = GNEST_WEIGHTS_FLOAT;
    check_case(&env, &c);
    gnest_graph_free(g);
  }
  for (int64_t i = 0; i < e.m; i++) e.w[i] = drawn[i];
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  input_case c = make_case("rmat with weights 1..1000, weights=double", g, A_SSSP | A_MST, BM_ALL);
  c.weights = GNEST_WEIGHTS_DOUBLE;
  check_case(&env, &c);
  gnest_graph_free(g);
  free(drawn);
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* gnest_sssp by auto on g: the reason names the distances `want` ("32-bit whole" or "double"). */
static void expect_sssp_distances(const gpu_env *env, const gnest_graph *g, const char *want,
                                  const char *name) {
  double *dist = xmalloc((size_t)gnest_graph_num_vertices(g), sizeof *dist);
  gnest_info info;
  cr_assert_eq(gnest_sssp(env->ctx, g, 0, dist, NULL, &info), GNEST_OK, "%s: %s", name,
               gnest_last_error_string(env->ctx));
  char key[64];
  snprintf(key, sizeof key, "distances: %s", want);
  cr_assert(strstr(info.reason, key) != NULL, "%s: '%s' not in the reason: %s", name, key,
            info.reason);
  free(dist);
}

/* The case `name` (algos, every configuration) on e with weight map[drawn[i]] on edge i (drawn:
 * e's weights as first drawn, 0..3); sssp_distances (or NULL) the distances SSSP must name. */
static void check_mapped(const gpu_env *env, gn_gen_edges *e, const double *drawn,
                         const double *map, const char *name, unsigned algos,
                         const char *sssp_distances) {
  for (int64_t i = 0; i < e->m; i++) e->w[i] = map[(int)drawn[i]];
  gnest_graph *g = build(env, e, UNDIRECTED_CLEAN);
  if (sssp_distances) expect_sssp_distances(env, g, sssp_distances, name);
  input_case c = make_case(name, g, algos, BM_ALL);
  check_case(env, &c);
  gnest_graph_free(g);
}

/* MST's two key layouts (mst.cu): whole weights take the packed key, any fraction or negative
 * weight the split key and its tie pass. Few distinct weights, so ties are everywhere and the
 * forest's order (weight, u, v) decides most edges; quarters keep the float sums exact. */
Test(gpu_graphs, mst_key_layouts) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 10 : 14, 8, 5, &e), "gn_gen_rmat");
  gen_ok(gn_gen_weights(&e, 0, 3, 11), "gn_gen_weights");
  const double fractions[4] = {0.25, 1.5, 1.5, 2.75}, negatives[4] = {-2.0, 0.0, 3.0, 3.0};
  const double wholes[4] = {0.0, 5.0, 5.0, 4294967040.0}; /* the largest whole float packed */
  /* Doubles that no float holds: the double split key (and, whole, the packed key on doubles). */
  const double tenths[4] = {0.1, 0.3, 0.3, 1e300}, big_wholes[4] = {0.0, 16777217.0, 16777217.0,
                                                                    4294967295.0};
  const struct { const double *map; const char *name; } layouts[] = {
      {fractions, "rmat with weights in quarters (split key)"},
      {negatives, "rmat with negative weights (split key)"},
      {wholes, "rmat with whole weights up to 2^32 - 256 (packed key)"},
      {tenths, "rmat with double weights 0.1, 0.3, 1e300 (double split key)"},
      {big_wholes, "rmat with whole double weights up to 2^32 - 1 (packed key on doubles)"}};
  double *drawn = xmalloc((size_t)e.m, sizeof *drawn);
  memcpy(drawn, e.w, (size_t)e.m * sizeof *drawn);
  for (size_t k = 0; k < sizeof layouts / sizeof layouts[0]; k++)
    check_mapped(&env, &e, drawn, layouts[k].map, layouts[k].name, A_MST, NULL);
  free(drawn);
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* SSSP's two distance types (sssp.cu): 32-bit whole numbers when every weight is whole and
 * (n + 2) times the largest stays below 2^32 - 1, doubles otherwise. Each side of the bound on a
 * path whose far end lies just under 2^32 (a sum that 32 bits would wrap, were the bound wrong),
 * whole and fractional weights on an RMAT, all against the CPU on every configuration. */
Test(gpu_graphs, sssp_distance_types) {
  gpu_env env;
  bm_open(&env);
  const int32_t n = 1000;
  const double top = floor(4294967295.0 / (n + 2)) - 1; /* the largest whole weight under it */
  const struct { double w; const char *want, *name; } paths[] = {
      {top, "32-bit whole", "path of 1000 with whole weights just under the bound"},
      {top + 2, "double", "path of 1000 with whole weights just over the bound"}};
  for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++) {
    int32_t *src = xmalloc((size_t)n - 1, sizeof *src), *dst = xmalloc((size_t)n - 1, sizeof *dst);
    double *w = xmalloc((size_t)n - 1, sizeof *w);
    for (int32_t i = 0; i + 1 < n; i++) {
      src[i] = i;
      dst[i] = i + 1;
      w[i] = paths[k].w;
    }
    gnest_graph *g = NULL;
    cr_assert_eq(gnest_graph_from_edges(env.ctx, n, n - 1, src, dst, w, NULL, &g), GNEST_OK);
    expect_sssp_distances(&env, g, paths[k].want, paths[k].name);
    input_case c = make_case(paths[k].name, g, A_SSSP, BM_ALL);
    check_case(&env, &c);
    gnest_graph_free(g);
    free(src);
    free(dst);
    free(w);
  }
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 10 : 14, 8, 7, &e), "gn_gen_rmat");
  gen_ok(gn_gen_weights(&e, 0, 3, 11), "gn_gen_weights");
  const double wholes[4] = {0.0, 1.0, 7.0, 64.0}, quarters[4] = {0.25, 1.5, 1.5, 2.75};
  const struct { const double *map; const char *want, *name; } weights[] = {
      {wholes, "32-bit whole", "rmat with whole weights 0, 1, 7, 64"},
      {quarters, "double", "rmat with weights in quarters"}};
  double *drawn = xmalloc((size_t)e.m, sizeof *drawn);
  memcpy(drawn, e.w, (size_t)e.m * sizeof *drawn);
  for (size_t k = 0; k < sizeof weights / sizeof weights[0]; k++)
    check_mapped(&env, &e, drawn, weights[k].map, weights[k].name, A_SSSP, weights[k].want);
  free(drawn);
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* ------------------------------------------------------------------------------------------ */
/* Real graphs                                                                                 */
/* ------------------------------------------------------------------------------------------ */

typedef struct real_graph {
  const char *file;
  int large;          /* skipped in small mode */
  int real_weights;   /* the file's own weights (else 1..64 are drawn) */
  int32_t host_bc;    /* > 0: the host_levels runs (hybrids) take BC from this many sources
                       * (see check_real_case); 0: as every run */
} real_graph;

static const real_graph real_graphs[] = {
    {"karate.mtx", 0, 0, 0},          {"dolphins.mtx", 0, 0, 0},
    {"chesapeake.mtx", 0, 0, 0},      {"polbooks.mtx", 0, 0, 0},
    {"netscience.mtx", 0, 1, 0},      {"email-Eu-core.csv", 0, 0, 0},
    {"rome99.gr", 0, 0, 0},           {"facebook_combined.txt", 0, 0, 0},
    {"wiki-Vote.txt", 0, 0, 0},       {"ca-AstroPh.txt", 1, 0, 0},
    {"USA-road-NY.mtx", 1, 0, 0},     {"USA-road-FLA.mtx.xz", 1, 0, 2},
    {"cnr-2000.mtx.xz", 1, 0, 0},
};

/* The graph's arcs as an edge list (to re-weight or symmetrize through gnest_graph_from_edges). */
static void edges_of(const gnest_graph *g, gn_gen_edges *e) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
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

/* check_case, except that where r->host_bc is set the host_levels runs (the hybrids) take BC
 * from r->host_bc sources: on USA-road-FLA a BC source is about 2,900 dependent levels (forward
 * and back), 9 s at the 3 ms a level of lazynp-cross, so the 16 sources of the other backends
 * would be over 2 minutes a form of the graph for that one run (USA-road-NY, half as deep, took
 * 212 s with them). The other algorithms run on every selected run as usual. */
static void check_real_case(const gpu_env *env, const real_graph *r, const input_case *c) {
  const bm_configs host = (bm_configs)(c->configs | BM_HOST_LEVELS);
  if (r->host_bc <= 0 || !(c->algos & A_SOURCE_SETS) || !bm_any_selected(env, host) ||
      (c->bc_sample > 0 && c->bc_sample <= r->host_bc)) {
    check_case(env, c);
    return;
  }
  input_case rest = *c;
  rest.algos &= ~A_SOURCE_SETS;
  check_case(env, &rest);
  input_case bc = *c;
  bc.algos = c->algos & A_SOURCE_SETS;
  bc.configs = (bm_configs)(c->configs | BM_DEVICE_LEVELS);
  check_case(env, &bc);
  cr_log_info("%s: hybrid backends (host work every level): %s configurations, BC from %d "
              "sampled sources, not %d", c->name, (c->configs & BM_PRIMARY) ? "primary" : "all",
              r->host_bc, c->bc_sample);
  bc.configs = host;
  bc.bc_sample = r->host_bc;
  check_case(env, &bc);
}

/* 0 when the file is not there. The large graphs (thousands of levels on the road graphs) run
 * the primary configurations only; the others run on the small ones (rome99 is a road graph too).
 * The hybrids likewise, and on USA-road-FLA with fewer BC sources (check_real_case). */
static int check_real_graph(const gpu_env *env, const real_graph *r) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", DATA_DIR, r->file);
  if (access(path, R_OK) != 0) return 0;
  const bm_configs which = r->large ? BM_PRIMARY : BM_ALL;
  if (r->large && bm_any_selected(env, BM_HOST_LEVELS))
    cr_log_info("%s: hybrid backends (host work every level): primary configurations only, as "
                "every backend on this large graph", r->file);
  gnest_graph *g = NULL;
  gnest_status st = gnest_graph_load(env->ctx, path, NULL, &g);
  cr_assert_eq(st, GNEST_OK, "%s: %s", path, gnest_last_error_string(env->ctx));
  /* As stored (directed where the file is): traversals. */
  input_case c = make_case(r->file, g, A_TRAVERSALS, which);
  check_real_case(env, r, &c);
  /* Symmetrized, with integer weights 1..64 unless the file has its own: every algorithm. */
  gn_gen_edges e;
  edges_of(g, &e);
  gnest_graph_free(g);
  if (!r->real_weights) gen_ok(gn_gen_weights(&e, 1, 64, 17), "gn_gen_weights");
  g = build(env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  char name[300];
  snprintf(name, sizeof name, "%s symmetrized weighted", r->file);
  c = make_case(name, g, A_ALL, which);
  check_real_case(env, r, &c);
  gnest_graph_free(g);
  return 1;
}

/* One test per graph (gpu_real/<name>), so the graphs run in parallel under --jobs and each one
 * reports on its own: the whole set over every configuration takes longer than one test's limit. */
static void check_real_graph_named(const char *file) {
  const real_graph *r = NULL;
  for (size_t i = 0; i < sizeof real_graphs / sizeof real_graphs[0]; i++)
    if (strcmp(real_graphs[i].file, file) == 0) r = &real_graphs[i];
  cr_assert(r != NULL, "%s is not in real_graphs[]", file);
  if (r->large && small_mode()) cr_skip_test("%s: skipped in GNEST_TEST_SMALL mode", file);
  gpu_env env;
  bm_open(&env);
  const int found = check_real_graph(&env, r);
  bm_close(&env);
  /* not reported as a pass: the case did not run */
  if (!found) cr_skip_test("%s/%s not found (real graphs come with the project's shared data)", DATA_DIR, file);
}

#define REAL_GRAPH_TEST(test_name, file) \
  Test(gpu_real, test_name) { check_real_graph_named(file); }
REAL_GRAPH_TEST(karate, "karate.mtx")
REAL_GRAPH_TEST(dolphins, "dolphins.mtx")
REAL_GRAPH_TEST(chesapeake, "chesapeake.mtx")
REAL_GRAPH_TEST(polbooks, "polbooks.mtx")
REAL_GRAPH_TEST(netscience, "netscience.mtx")
REAL_GRAPH_TEST(email_eu_core, "email-Eu-core.csv")
REAL_GRAPH_TEST(rome99, "rome99.gr")
REAL_GRAPH_TEST(facebook_combined, "facebook_combined.txt")
REAL_GRAPH_TEST(wiki_vote, "wiki-Vote.txt")
REAL_GRAPH_TEST(ca_astroph, "ca-AstroPh.txt")
REAL_GRAPH_TEST(usa_road_ny, "USA-road-NY.mtx")
REAL_GRAPH_TEST(usa_road_fla, "USA-road-FLA.mtx.xz")
REAL_GRAPH_TEST(cnr_2000, "cnr-2000.mtx.xz")

_Static_assert(sizeof real_graphs / sizeof real_graphs[0] == 13,
               "a graph was added to real_graphs[]: add its REAL_GRAPH_TEST line");

/* ------------------------------------------------------------------------------------------ */
/* Trees                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/* The splitters the Euler tour picks on t (the device's spacing, the tree's salt): host side of
 * its count. */
static int32_t tour_splitters(const gnest_tree *t) {
  const int32_t n = gnest_tree_num_nodes(t), head = gn_euler_enter(gnest_tree_root(t));
  const uint32_t gap = gn_euler_gap(n);
  const int32_t *parent;
  gnest_tree_arrays(t, &parent, NULL, NULL);
  const uint64_t salt = gn_euler_salt(n, parent);
  int32_t count = 0;
  for (int32_t token = 0; token < 2 * n; token++)
    count += gn_euler_is_splitter(token, head, gap, salt);
  return count;
}

/* Both tree algorithms on the tree of the parent array, every run asking for `method`. */
static void check_tree_with(const gpu_env *env, const char *name, int32_t n, const int32_t *parent,
                            bm_configs which, gnest_tree_method method) {
  gnest_tree *t = NULL;
  gnest_status st = gnest_tree_from_parents(env->ctx, n, parent, &t);
  cr_assert_eq(st, GNEST_OK, "%s: %s", name, gnest_last_error_string(env->ctx));
  gnest_tree_stats ts;
  cr_assert_eq(gnest_tree_stats_get(env->ctx, t, &ts), GNEST_OK);
  static const char *const method_names[] = {"auto", "levels", "euler"};
  char label[160];
  snprintf(label, sizeof label, "%s [tree_method=%s]", name, method_names[method]);
  input_case c;
  memset(&c, 0, sizeof c);
  c.name = label;
  c.t = t;
  c.algos = A_TREES;
  c.configs = which;
  c.tree_method = method;
  c.tree_depth = ts.depth;
  c.tree_splitters = tour_splitters(t);
  check_case(env, &c);
  gnest_tree_free(t);
}

static void check_tree(const gpu_env *env, const char *name, int32_t n, const int32_t *parent,
                       bm_configs which) {
  check_tree_with(env, name, n, parent, which, GNEST_TREE_METHOD_AUTO);
}

/* The Euler tour uses no backend loop (only the block size): forced on each backend's primary
 * configuration it is checked on every block size the matrix has, beside auto's runs. */
static void check_tree_and_tour(const gpu_env *env, const char *name, int32_t n,
                                const int32_t *parent, bm_configs which) {
  check_tree(env, name, n, parent, which);
  if (!(which & BM_OTHERS))
    check_tree_with(env, name, n, parent, (bm_configs)(which | BM_PRIMARY), GNEST_TREE_METHOD_EULER);
}

/* ---- what ran, method by method ----------------------------------------------------------- */

/* One run on flat with the method `words` asks for: the result as the matrix checks it, then
 * the method it names and the split of its passes. */
static gnest_info run_method_on_flat(const gpu_env *env, input_case *c, gnest_algorithm algo,
                                     const char *words) {
  gnest_algorithm_desc d;
  cr_assert_eq(gnest_algorithm_describe(algo, &d), GNEST_OK);
  const gnest_options opts = bm_backend_options(GNEST_BACKEND_FLAT, words);
  c->tree_method = opts.tree_method;
  c->bfs_direction = opts.bfs_direction;
  c->color_method = opts.color_method;
  c->tc_method = opts.tc_method;
  char what[256];
  snprintf(what, sizeof what, "%s/flat [%s] on %s", d.name, words, c->name);
  outputs got;
  outputs_alloc(&got, c, &d);
  gnest_info info;
  const gnest_status st = run_algo(env->ctx, c, algo, &got.r, &opts, &info);
  cr_assert_eq(st, GNEST_OK, "%s: %s", what, gnest_last_error_string(env->ctx));
  cr_assert_eq(info.backend, GNEST_BACKEND_FLAT, "%s", what);
  const gnest_info traversal = traversal_info(c, algo, &got, &info, what);
  check_what_ran(env, c, algo, &traversal, what);
  outputs_free(&got);
  return info;
}

/* Each method on flat says what ran: the methods that run kernels of their own (tc hash, color
 * async, the Euler tour, the optimizing BFS's direction kernels) count them apart from the
 * backend's passes, the Euler tour runs no backend pass at all, and the methods that run through
 * the backend count only the kernels they launch themselves (an output's fill, device
 * primitives). RMAT (undirected, hubs of hundreds of arcs: color async has wide vertices) and a
 * chain. */
Test(gpu_what_ran, each_method_on_flat) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 10 : 12, 16, 76, &e), "gn_gen_rmat");
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  gnest_degree_stats stats;
  cr_assert_eq(gnest_graph_stats(env.ctx, g, &stats), GNEST_OK);
  cr_assert_geq(stats.max, 64, "rmat: the hub has %lld arcs", (long long)stats.max);
  input_case c = make_case("rmat", g, A_BFS | A_COLOR | A_TC, BM_PRIMARY);

  gnest_info i = run_method_on_flat(&env, &c, GNEST_ALGO_TC, "tc_method=hash");
  cr_expect(i.backend_passes >= 1 && i.own_passes >= 1, "tc hash: %lld / %lld",
            (long long)i.backend_passes, (long long)i.own_passes);
  i = run_method_on_flat(&env, &c, GNEST_ALGO_TC, "tc_method=search");
  cr_expect_eq(i.backend_passes, 2, "tc search: orientation and count through the backend");
  i = run_method_on_flat(&env, &c, GNEST_ALGO_COLOR, "color_method=async");
  cr_expect(i.own_passes == 5 + color_lists_chunks(&stats) + 2 * color_wide_sorted(&i) &&
                i.backend_passes == 0,
            "color async: the split's kernels, the wide start (and order) and loop, the narrow "
            "loop: %lld own, %lld backend passes", (long long)i.own_passes,
            (long long)i.backend_passes);
  i = run_method_on_flat(&env, &c, GNEST_ALGO_COLOR, "color_method=rounds");
  cr_expect_eq(i.own_passes, 0, "color rounds: nothing of its own");
  i = run_method_on_flat(&env, &c, GNEST_ALGO_BFS, "bfs_direction=optimizing");
  cr_expect_not_null(strstr(i.reason, "levels bottom-up"), "%s", i.reason);
  cr_expect(i.own_passes >= 2 && i.backend_passes >= i.iterations,
            "bfs optimizing: %lld backend passes, %lld own, %d levels",
            (long long)i.backend_passes, (long long)i.own_passes, i.iterations);
  i = run_method_on_flat(&env, &c, GNEST_ALGO_BFS, "bfs_direction=top-down");
  cr_expect_eq(i.own_passes, 1, "bfs top-down: the levels' fill only");
  gnest_graph_free(g);

  const int32_t n = (int32_t)sized(20000, 2000);
  int32_t *parent = xmalloc((size_t)n, sizeof *parent);
  for (int32_t v = 0; v < n; v++) parent[v] = v - 1;
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(env.ctx, n, parent, &t), GNEST_OK);
  free(parent);
  memset(&c, 0, sizeof c);
  c.name = "chain";
  c.t = t;
  c.algos = A_TREES;
  gnest_tree_stats ts;
  cr_assert_eq(gnest_tree_stats_get(env.ctx, t, &ts), GNEST_OK);
  c.tree_depth = ts.depth;
  c.tree_splitters = tour_splitters(t);
  i = run_method_on_flat(&env, &c, GNEST_ALGO_TREE_HEIGHTS, "tree_method=euler");
  cr_expect_eq(i.backend_passes, 0, "euler runs no backend pass");
  cr_expect_not_null(strstr(i.reason, "; no backend pass: the euler method's own kernels"), "%s",
                     i.reason);
  i = run_method_on_flat(&env, &c, GNEST_ALGO_TREE_DESCENDANTS, "tree_method=levels");
  cr_expect_eq(i.backend_passes, ts.depth, "levels: a backend pass a level");
  gnest_tree_free(t);
  bm_close(&env);
}

/* Connected components on flat, against the CPU: built symmetric, RMAT samples (its giant
 * component skipped, its isolated vertices and small pieces listed); built directed, the same
 * arcs one way are linked, every row, with no symmetry check asked of the graph. */
Test(gpu_what_ran, cc_sampled_and_link) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 10 : 14, 4, 83, &e), "gn_gen_rmat");
  const build_opts how[] = {UNDIRECTED_CLEAN, DIRECTED_CLEAN};
  const char *method[] = {"sampled", "link"};
  for (int k = 0; k < 2; k++) {
    gnest_graph *g = build(&env, &e, how[k]);
    const int32_t n = gnest_graph_num_vertices(g);
    int32_t *want = xmalloc((size_t)n, sizeof *want), *got = xmalloc((size_t)n, sizeof *got);
    int32_t want_count = 0, got_count = 0;
    gnest_options cpu = bm_backend_options(GNEST_BACKEND_CPU, ""),
                  flat = bm_backend_options(GNEST_BACKEND_FLAT, "");
    gnest_info info;
    cr_assert_eq(gnest_cc(env.ctx, g, want, &want_count, &cpu, NULL), GNEST_OK);
    cr_assert_eq(gnest_cc(env.ctx, g, got, &got_count, &flat, &info), GNEST_OK, "%s",
                 gnest_last_error_string(env.ctx));
    cr_expect_str_eq(info.method_name, method[k], "%s graph: %s", method[k], info.reason);
    cr_expect_gt(want_count, 1, "rmat has isolated vertices: more than one component");
    cr_expect_eq(got_count, want_count, "%s: %d components, the CPU %d", method[k], got_count,
                 want_count);
    for (int32_t v = 0; v < n; v++)
      cr_assert_eq(got[v], want[v], "%s: vertex %d label %d, the CPU %d", method[k], v, got[v],
                   want[v]);
    free(want);
    free(got);
    gnest_graph_free(g);
  }
  gn_gen_edges_free(&e);
  bm_close(&env);
}

/* The 25 Wu trees of one size cap, each with the runs `which` selects. Depth 4, out-degree
 * 32..512, sparsity 0..4; trees whose expected size passes the cap run with depth 3 instead
 * (depth 4 x 512 x sparsity 0 would be 134M nodes). */
static void check_wu_trees(const gpu_env *env, double cap, bm_configs which) {
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
      check_tree_and_tour(env, name, n, parent, which);
      free(parent);
    }
  }
}

Test(gpu_trees, wu_synthetic_trees) {
  gpu_env env;
  bm_open(&env);
  /* The hybrids take the small mode's cap: on the 3,000,000 cap their host-heavy configurations
   * did not finish in 170 s (H200). */
  const double cap = small_mode() ? 300000 : 3000000, host_cap = 300000;
  if (cap == host_cap || !bm_any_selected(&env, BM_HOST_LEVELS)) {
    check_wu_trees(&env, cap, BM_ALL);
  } else {
    check_wu_trees(&env, cap, BM_DEVICE_LEVELS);
    cr_log_info("hybrid backends (host work every level): Wu trees capped at %.0f nodes, not %.0f",
                host_cap, cap);
    check_wu_trees(&env, host_cap, BM_HOST_LEVELS);
  }
  bm_close(&env);
}

/* check_tree_and_tour on "<what> of <n>", then frees parent. */
static void check_parents(const gpu_env *env, const char *what, int32_t n, int32_t *parent,
                          bm_configs which) {
  char name[96];
  snprintf(name, sizeof name, "%s of %d", what, n);
  check_tree_and_tour(env, name, n, parent, which);
  free(parent);
}

/* The same by the level schedule on every backend: deep trees take one pass per level, so the
 * split of the top of this file applies (auto sends them to the Euler tour). */
static void check_parents_by_levels(const gpu_env *env, const char *what, int32_t n,
                                    int32_t *parent, bm_configs which) {
  char name[96];
  snprintf(name, sizeof name, "%s of %d", what, n);
  check_tree_with(env, name, n, parent, which, GNEST_TREE_METHOD_LEVELS);
  free(parent);
}

/* A chain of n nodes: n levels. */
static void check_chain_by_levels(const gpu_env *env, int64_t n, bm_configs which) {
  int32_t *parent;
  gen_ok(gn_gen_chain((int32_t)n, &parent), "gn_gen_chain");
  check_parents_by_levels(env, "chain", (int32_t)n, parent, which);
}

Test(gpu_trees, deep_chain) {
  gpu_env env;
  bm_open(&env);
  split_family(&env, check_chain_by_levels, sized(100000, 2000), sized(10000, 500),
               sized(10000, 500));
  int32_t *parent;
  const int32_t n = (int32_t)sized(1000000, 100000);
  gen_ok(gn_gen_chain(n, &parent), "gn_gen_chain");
  check_parents(&env, "chain", n, parent, BM_ALL); /* auto: the tour, every configuration */
  bm_close(&env);
}

/* A chain numbered against the unsalted splitter hash (gn_gen_chain_against_splitters): without
 * the tree's salt one thread would walk about 77% of its tour (gap 8); with it the walks stay
 * short. Checked against the CPU reference on every configuration (auto takes the tour) and
 * forced. The walk lengths themselves are tests/test_tree_euler.c's. */
Test(gpu_trees, chain_numbered_against_the_splitters) {
  gpu_env env;
  bm_open(&env);
  const int32_t n = (int32_t)sized(200000, 100000);
  int32_t *parent;
  gen_ok(gn_gen_chain_against_splitters(n, &parent), "gn_gen_chain_against_splitters");
  check_parents(&env, "chain numbered against the unsalted splitter hash", n, parent, BM_ALL);
  bm_close(&env);
}

/* Deep families at 10^5 - 10^6 nodes, where auto takes the Euler tour (the random recursive
 * tree, depth about e ln n, stays on levels; the tour is forced on it too). */
Test(gpu_trees, deep_brooms_caterpillars_random_recursive) {
  gpu_env env;
  bm_open(&env);
  const int32_t n = (int32_t)sized(1000000, 100000);
  int32_t *parent;
  gen_ok(gn_gen_broom(n, n / 2, &parent), "gn_gen_broom");
  check_parents(&env, "broom (handle n/2)", n, parent, BM_ALL);
  gen_ok(gn_gen_broom(n / 10, n / 10 - 3, &parent), "gn_gen_broom");
  check_parents(&env, "broom (3 bristles)", n / 10, parent, BM_ALL);
  gen_ok(gn_gen_caterpillar(n, 1, &parent), "gn_gen_caterpillar");
  check_parents(&env, "caterpillar", n, parent, BM_ALL);
  gen_ok(gn_gen_caterpillar(n / 10, 5, &parent), "gn_gen_caterpillar");
  check_parents(&env, "caterpillar (5 legs)", n / 10, parent, BM_ALL);
  gen_ok(gn_gen_random_recursive(n, 3, &parent), "gn_gen_random_recursive");
  check_parents(&env, "random recursive tree", n, parent, BM_ALL);
  bm_close(&env);
}

Test(gpu_trees, wide_star_tree) {
  gpu_env env;
  bm_open(&env);
  int32_t n, *parent;
  int leaves = (int)sized(1000000, 10000);
  gen_ok(gn_gen_tree(2, leaves, 0, 1, INT32_MAX, &n, &parent), "gn_gen_tree");
  check_parents(&env, "star tree", n, parent, BM_ALL);
  bm_close(&env);
}

/* Deep and irregular: parent[i] among the 3 nodes before i (depth about n/2, out-degrees 0..3). */
static int32_t *deep_random_parents(int64_t n) {
  int32_t *parent = xmalloc((size_t)n, sizeof *parent);
  parent[0] = -1;
  for (int32_t i = 1; i < (int32_t)n; i++) {
    uint64_t st = (uint64_t)i;
    int32_t back = (int32_t)(gn_splitmix64(&st) % (uint64_t)(i < 3 ? i : 3));
    parent[i] = i - 1 - back;
  }
  return parent;
}

static void check_deep_random_by_levels(const gpu_env *env, int64_t n, bm_configs which) {
  check_parents_by_levels(env, "deep random tree", (int32_t)n, deep_random_parents(n), which);
}

/* A random recursive tree with its ids shuffled: the root is not 0 and the tour visits ids in
 * no order (the generators number parents before children). */
static int32_t *shuffled_random_recursive(int32_t n, uint64_t seed) {
  int32_t *p;
  gen_ok(gn_gen_random_recursive(n, seed, &p), "gn_gen_random_recursive");
  gen_ok(gn_gen_shuffle_tree(n, seed, &p), "gn_gen_shuffle_tree");
  return p;
}

Test(gpu_trees, deep_binary_and_single_node) {
  gpu_env env;
  bm_open(&env);
  int32_t n, *parent;
  gen_ok(gn_gen_tree(small_mode() ? 16 : 20, 2, 0, 1, INT32_MAX, &n, &parent), "gn_gen_tree");
  check_parents(&env, "full binary tree", n, parent, BM_ALL);
  const int64_t deep = sized(200000, 2000);
  check_parents(&env, "deep random tree", (int32_t)deep, deep_random_parents(deep), BM_ALL);
  split_family(&env, check_deep_random_by_levels, deep, sized(20000, 500), sized(20000, 500));
  check_parents(&env, "shuffled random recursive tree", 100000,
                shuffled_random_recursive(100000, 5), BM_ALL);
  int32_t root_only = -1;
  check_tree_and_tour(&env, "single node", 1, &root_only, BM_ALL);
  const int32_t two_at_0[] = {-1, 0}, two_at_1[] = {1, -1};
  check_tree_and_tour(&env, "two nodes, root 0", 2, two_at_0, BM_ALL);
  check_tree_and_tour(&env, "two nodes, root 1", 2, two_at_1, BM_ALL);
  bm_close(&env);
}

/* A broom: a handle of n nodes ending in 2n bristles (deep and narrow, then one wide level). */
static void check_broom(const gpu_env *env, int64_t n, bm_configs which) {
  int32_t *parent;
  gen_ok(gn_gen_broom((int32_t)(3 * n), (int32_t)n, &parent), "gn_gen_broom");
  check_parents_by_levels(env, "broom (handle, 2x bristles)", (int32_t)(3 * n), parent, which);
}

/* A caterpillar: a spine of n nodes with 7 legs each (every level 8 nodes wide, n levels). */
static void check_caterpillar(const gpu_env *env, int64_t n, bm_configs which) {
  int32_t *parent;
  gen_ok(gn_gen_caterpillar((int32_t)(8 * n), 7, &parent), "gn_gen_caterpillar");
  check_parents_by_levels(env, "caterpillar (spine, 7 legs)", (int32_t)(8 * n), parent, which);
}

/* Deep narrow trees with a wide part, by the level schedule (auto would take the Euler tour,
 * which deep_brooms_caterpillars_random_recursive checks): every backend, and the static level
 * scheduler's CTA stretches and subtree batches. */
Test(gpu_trees, brooms_and_caterpillars) {
  gpu_env env;
  bm_open(&env);
  split_family(&env, check_broom, sized(30000, 2000), sized(3000, 500), sized(3000, 500));
  split_family(&env, check_caterpillar, sized(30000, 2000), sized(3000, 500), sized(3000, 500));
  bm_close(&env);
}

/* Random recursive trees (parent of i uniform in [0, i)): shallow (about e ln n levels) with
 * out-degrees from 0 to about ln n, and subtrees of every size. */
Test(gpu_trees, random_recursive_trees) {
  gpu_env env;
  bm_open(&env);
  const int64_t sizes[] = {sized(300000, 20000), 4097, 1000};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    int32_t *parent;
    gen_ok(gn_gen_random_recursive((int32_t)sizes[i], (uint64_t)(i + 3), &parent),
           "gn_gen_random_recursive");
    check_parents(&env, "random recursive tree", (int32_t)sizes[i], parent, BM_ALL);
  }
  bm_close(&env);
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

/* Asserts a run's status: `want` where the registry says the backend runs the algorithm,
 * GNEST_ERR_BACKEND_NOT_APPLICABLE elsewhere; the failure recorded in the context. */
static void expect_run_status(const gpu_env *env, const bm_run *r, gnest_algorithm algo, gnest_status got,
                              gnest_status want, const char *detail) {
  want = bm_expected(r, algo, want);
  cr_assert_eq(got, want, "%s/%s, %s: '%s' (%s), expected '%s'", gn_algo_name(algo), r->label,
               detail, gnest_strerror(got), gnest_last_error_string(env->ctx),
               gnest_strerror(want));
  if (want != GNEST_OK)
    cr_assert_eq(gnest_last_error(env->ctx)->status, want, "%s/%s, %s: last error",
                 gn_algo_name(algo), r->label, detail);
}

Test(gpu_api, source_out_of_range) {
  gpu_env env;
  bm_open(&env);
  gnest_graph *g = small_weighted_graph(&env);
  int32_t n = gnest_graph_num_vertices(g);
  int32_t *levels = xmalloc((size_t)n, sizeof *levels);
  double *dist = xmalloc((size_t)n, sizeof *dist);
  double *bc = xmalloc((size_t)n, sizeof *bc);
  const int32_t bad[] = {-1, n, INT32_MAX, INT32_MIN};
  FOR_RUNS(&env, BM_ALL, r) {
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
      char detail[64];
      snprintf(detail, sizeof detail, "source %d", bad[k]);
      expect_run_status(&env, r, GNEST_ALGO_BFS, gnest_bfs(env.ctx, g, bad[k], levels, &r->opts, NULL),
                        GNEST_ERR_OUT_OF_RANGE, detail);
      expect_run_status(&env, r, GNEST_ALGO_SSSP, gnest_sssp(env.ctx, g, bad[k], dist, &r->opts, NULL),
                        GNEST_ERR_OUT_OF_RANGE, detail);
      int32_t list[] = {0, bad[k]};
      gnest_bc_sources src = {GNEST_BC_LIST, list, 2, 0};
      expect_run_status(&env, r, GNEST_ALGO_BC, gnest_bc(env.ctx, g, &src, bc, &r->opts, NULL),
                        GNEST_ERR_OUT_OF_RANGE, detail);
    }
  }
  free(levels);
  free(dist);
  free(bc);
  gnest_graph_free(g);
  bm_close(&env);
}

Test(gpu_api, negative_weight_is_invalid_input) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_grid(30, 30, 1, &e), "gn_gen_grid");
  gen_ok(gn_gen_weights(&e, 1, 64, 3), "gn_gen_weights");
  e.w[e.m / 2] = -2.0; /* one arc, far from the source */
  gnest_graph *g = build(&env, &e, DIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  double dist[900];
  int32_t levels[900];
  gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_sssp(env.ctx, g, 0, dist, &cpu, NULL), GNEST_ERR_INVALID_INPUT);
  FOR_RUNS(&env, BM_ALL, r) {
    expect_run_status(&env, r, GNEST_ALGO_SSSP, gnest_sssp(env.ctx, g, 0, dist, &r->opts, NULL),
                      GNEST_ERR_INVALID_INPUT, "one negative weight");
    cr_assert_neq(gnest_last_error(env.ctx)->message[0], '\0', "%s: no message", r->label);
    /* BFS ignores weights and still runs. */
    expect_run_status(&env, r, GNEST_ALGO_BFS, gnest_bfs(env.ctx, g, 0, levels, &r->opts, NULL),
                      GNEST_OK, "one negative weight");
  }
  gnest_graph_free(g);
  bm_close(&env);
}

/* A relaxation whose finite sum overflows double: GNEST_ERR_OVERFLOW naming the arc, on every
 * backend as on the CPU; 3e38 + 3e38 (past float, fine in double) is a distance. */
Test(gpu_api, distance_overflow) {
  gpu_env env;
  bm_open(&env);
  const int32_t src[] = {0, 1, 0}, dst[] = {1, 2, 3};
  const double huge[] = {1e308, 1e308, 1.0}, big[] = {3e38, 3e38, 1.0};
  gnest_graph *overflowing = NULL, *fine = NULL;
  cr_assert_eq(gnest_graph_from_edges(env.ctx, 4, 3, src, dst, huge, NULL, &overflowing), GNEST_OK);
  cr_assert_eq(gnest_graph_from_edges(env.ctx, 4, 3, src, dst, big, NULL, &fine), GNEST_OK);
  double dist[4];
  FOR_RUNS(&env, BM_ALL, r) {
    gnest_status st = gnest_sssp(env.ctx, overflowing, 0, dist, &r->opts, NULL);
    expect_run_status(&env, r, GNEST_ALGO_SSSP, st, GNEST_ERR_OVERFLOW, "1e308 + 1e308");
    if (st == GNEST_ERR_OVERFLOW)
      cr_assert(strstr(gnest_last_error(env.ctx)->message, "arc 1 -> 2"), "%s: %s", r->label,
                gnest_last_error(env.ctx)->message);
    st = gnest_sssp(env.ctx, fine, 0, dist, &r->opts, NULL);
    expect_run_status(&env, r, GNEST_ALGO_SSSP, st, GNEST_OK, "3e38 + 3e38");
    if (st == GNEST_OK) cr_assert_eq(dist[2], 6e38, "%s: distance %.17g", r->label, dist[2]);
  }
  gnest_graph_free(overflowing);
  gnest_graph_free(fine);
  bm_close(&env);
}

Test(gpu_api, directed_graph_refused_by_undirected_algorithms) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_path(100, &e), "gn_gen_path");
  e.m = 1; /* the single arc 0 -> 1: not symmetric */
  gnest_graph *g = build(&env, &e, DIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  int32_t colors[100], num_colors;
  uint64_t tri;
  double total;
  int64_t count;
  const char *detail = "directed graph";
  FOR_RUNS(&env, BM_ALL, r) {
    expect_run_status(&env, r, GNEST_ALGO_COLOR,
                      gnest_color(env.ctx, g, colors, &num_colors, &r->opts, NULL),
                      GNEST_ERR_INVALID_INPUT, detail);
    expect_run_status(&env, r, GNEST_ALGO_MST,
                      gnest_mst(env.ctx, g, &total, &count, NULL, NULL, NULL, &r->opts, NULL),
                      GNEST_ERR_INVALID_INPUT, detail);
    expect_run_status(&env, r, GNEST_ALGO_TC, gnest_tc(env.ctx, g, &tri, NULL, &r->opts, NULL),
                      GNEST_ERR_INVALID_INPUT, detail);
  }
  gnest_graph_free(g);
  bm_close(&env);
}

/* Auto resolves to a backend of this build, says why (the selector's reason ends with the
 * backend's name) and gives the CPU's answer. */
Test(gpu_api, auto_backend_reports_what_ran) {
  gpu_env env;
  bm_open(&env);
  gnest_graph *g = small_weighted_graph(&env);
  int32_t n = gnest_graph_num_vertices(g), src = hub_of(g);
  int32_t *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_bfs(env.ctx, g, src, ref, &cpu, NULL), GNEST_OK);
  gnest_info info;
  memset(&info, 0, sizeof info);
  cr_assert_eq(gnest_bfs(env.ctx, g, src, got, NULL, &info), GNEST_OK, "%s",
               gnest_last_error_string(env.ctx));
  cr_assert_neq(info.backend, GNEST_BACKEND_AUTO);
  cr_assert_eq(gnest_backend_available(env.ctx, info.backend), GNEST_OK, "auto picked %d",
               (int)info.backend);
  cr_assert_not_null(info.backend_name);
  cr_assert_str_eq(info.backend_name, gnest_backend_name(info.backend));
  /* The selector's reason ends with ": NAME"; a backend may add its own account after "; "
   * (freelaunch: the mode it took and why). */
  char tail[64];
  snprintf(tail, sizeof tail, ": %s", info.backend_name);
  const char *at = strstr(info.reason, tail);
  cr_assert(at != NULL && (at[strlen(tail)] == '\0' || at[strlen(tail)] == ';'),
            "reason \"%s\": no \"%s\" at its end or before \"; \"", info.reason, tail);
  if (!gn_backend_on_host(info.backend)) {
    cr_assert_gt(info.kernel_launches, 0);
    /* The first device call on g uploads it before the timed part; the call holds both (the
     * events' interval lies inside the host clock's). */
    cr_assert_gt(info.setup_ms, 0.0, "setup_ms %g on a first call", info.setup_ms);
    cr_assert_geq(info.call_ms + 0.01, info.setup_ms + info.time_ms,
                  "call_ms %g < setup_ms %g + time_ms %g", info.call_ms, info.setup_ms,
                  info.time_ms);
    /* The upload is the graph's offsets and columns (no weights: BFS), within setup_ms. */
    const int64_t bytes = ((int64_t)n + 1) * 8 + gnest_graph_num_edges(g) * 4;
    cr_assert_eq(info.upload_bytes, bytes, "upload_bytes %lld, expected %lld",
                 (long long)info.upload_bytes, (long long)bytes);
    cr_assert(info.upload_ms > 0.0 && info.upload_ms <= info.setup_ms + 0.01,
              "upload_ms %g, setup_ms %g", info.upload_ms, info.setup_ms);
    memset(&info, 0, sizeof info);
    cr_assert_eq(gnest_bfs(env.ctx, g, src, got, NULL, &info), GNEST_OK);
    cr_assert(info.upload_bytes == 0 && info.upload_ms == 0.0,
              "a second call uploaded %lld bytes in %g ms", (long long)info.upload_bytes,
              info.upload_ms);
    /* Released, the copy is made again by the next call, which gives the same answer. */
    gnest_graph_release_device(g);
    gnest_graph_release_device(g); /* nothing left: nothing done */
    memset(got, 0xff, sizeof(int32_t) * (size_t)n);
    cr_assert_eq(gnest_bfs(env.ctx, g, src, got, NULL, &info), GNEST_OK);
    cr_assert_eq(info.upload_bytes, bytes, "after the release: upload_bytes %lld",
                 (long long)info.upload_bytes);
    cr_assert_geq(info.device_bytes, bytes, "device_bytes %lld without the graph's copy",
                  (long long)info.device_bytes);
  }
  char what[96];
  snprintf(what, sizeof what, "bfs/auto (%s)", info.backend_name);
  expect_i32_equal(ref, got, n, what);
  free(ref);
  free(got);
  gnest_graph_free(g);
  bm_close(&env);
}

/* Copies of 32 MB and more go through pinned staging buffers in chunks, on several lanes
 * (src/core/staging.cu): the columns and the float weights up (the weights narrowed on the way),
 * the levels and distances down. Results equal to the CPU's, and the upload counted. */
Test(gpu_api, large_copies_are_staged_exactly, .timeout = 300) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  const int32_t n = 9000000; /* levels of 36 MB, columns of 72 MB */
  gen_ok(gn_gen_er(n, n, 11, &e), "gn_gen_er");
  gen_ok(gn_gen_weights(&e, 1, 1000, 11), "gn_gen_weights");
  gnest_graph *g = build(&env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  const int32_t src = hub_of(g);
  int32_t *ref = xmalloc((size_t)n, sizeof *ref), *got = xmalloc((size_t)n, sizeof *got);
  double *dref = xmalloc((size_t)n, sizeof *dref), *dgot = xmalloc((size_t)n, sizeof *dgot);
  gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_bfs(env.ctx, g, src, ref, &cpu, NULL), GNEST_OK);
  cr_assert_eq(gnest_sssp(env.ctx, g, src, dref, &cpu, NULL), GNEST_OK);
  gnest_info info;
  cr_assert_eq(gnest_bfs(env.ctx, g, src, got, NULL, &info), GNEST_OK, "%s",
               gnest_last_error_string(env.ctx));
  const int64_t bytes = ((int64_t)n + 1) * 8 + gnest_graph_num_edges(g) * 4;
  cr_assert_eq(info.upload_bytes, bytes, "upload_bytes %lld, expected %lld",
               (long long)info.upload_bytes, (long long)bytes);
  expect_i32_equal(ref, got, n, "bfs levels through the staging");
  cr_assert_eq(gnest_sssp(env.ctx, g, src, dgot, NULL, &info), GNEST_OK, "%s",
               gnest_last_error_string(env.ctx));
  cr_assert_gt(info.upload_bytes, 0, "the weights' upload was not counted");
  expect_dist_equal(dref, dgot, n, "sssp distances through the staging");
  free(ref);
  free(got);
  free(dref);
  free(dgot);
  gnest_graph_free(g);
  bm_close(&env);
}

/* An ER graph of 4.2 M vertices and 67 M arcs, 286 MB of offsets and columns: an upload of 256 MB
 * or more. *bytes: their size; *src: its hub; *ref: the CPU's BFS levels from it (freed by the
 * caller). */
static gnest_graph *long_upload_graph(const gpu_env *env, int64_t *bytes, int32_t *src,
                                      int32_t **ref) {
  gn_gen_edges e;
  const int32_t n = 1 << 22;
  gen_ok(gn_gen_er(n, (int64_t)n * 8, 13, &e), "gn_gen_er");
  gnest_graph *g = build(env, &e, UNDIRECTED_CLEAN);
  gn_gen_edges_free(&e);
  *bytes = ((int64_t)n + 1) * 8 + gnest_graph_num_edges(g) * 4;
  cr_assert_geq(*bytes, (int64_t)256 << 20, "the graph is too small for a long upload");
  *src = hub_of(g);
  *ref = xmalloc((size_t)n, sizeof **ref);
  gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_bfs(env->ctx, g, *src, *ref, &cpu, NULL), GNEST_OK);
  return g;
}

/* g saved as a .gnest file of 256 MB or more, which has its first upload's staging made while it
 * loads (gn_device_stage_ahead): a context freed right after such a load (the helper joined at
 * close), and a BFS after one, equal to the CPU (ref) with the graph uploaded through it. */
static void check_staging_ahead(gpu_env *env, const gnest_graph *g, int64_t bytes, int32_t src,
                                const int32_t *ref) {
  const int32_t n = gnest_graph_num_vertices(g);
  char path[] = "/tmp/gnest-ahead-XXXXXX.gnest";
  const int fd = mkstemps(path, 6);
  cr_assert_geq(fd, 0);
  close(fd);
  cr_assert_eq(gnest_graph_save(env->ctx, g, path), GNEST_OK, "%s",
               gnest_last_error_string(env->ctx));
  int32_t *got = xmalloc((size_t)n, sizeof *got);
  for (int use = 0; use < 2; use++) {
    gnest_ctx *ctx = NULL;
    cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
    gnest_graph *loaded = NULL;
    cr_assert_eq(gnest_graph_load(ctx, path, NULL, &loaded), GNEST_OK, "%s",
                 gnest_last_error_string(ctx));
    if (use) {
      gnest_info info;
      cr_assert_eq(gnest_bfs(ctx, loaded, src, got, NULL, &info), GNEST_OK, "%s",
                   gnest_last_error_string(ctx));
      cr_assert_eq(info.upload_bytes, bytes);
      expect_i32_equal(ref, got, n, "bfs levels after a load with the staging made ahead");
    }
    gnest_graph_free(loaded);
    gnest_ctx_free(ctx);
  }
  unlink(path);
  free(got);
}

/* A graph's first upload of 256 MB or more lets the selector choose from the offsets while the
 * columns go up (sched/run.c): the first call, which uploads, and the next, which finds the copy
 * and the whole statistics, choose the same backend for the same reason, and both equal the CPU.
 * Then the same graph from a file (check_staging_ahead). */
Test(gpu_api, long_first_uploads, .timeout = 300) {
  gpu_env env;
  bm_open(&env);
  int64_t bytes = 0;
  int32_t src = 0, *ref = NULL;
  gnest_graph *g = long_upload_graph(&env, &bytes, &src, &ref);
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t *got = xmalloc((size_t)n, sizeof *got);
  gnest_info first, next;
  cr_assert_eq(gnest_bfs(env.ctx, g, src, got, NULL, &first), GNEST_OK, "%s",
               gnest_last_error_string(env.ctx));
  cr_assert_eq(first.upload_bytes, bytes, "the first call did not upload the graph");
  expect_i32_equal(ref, got, n, "bfs levels, first call");
  memset(got, 0xff, sizeof(int32_t) * (size_t)n);
  cr_assert_eq(gnest_bfs(env.ctx, g, src, got, NULL, &next), GNEST_OK, "%s",
               gnest_last_error_string(env.ctx));
  cr_assert_eq(next.upload_bytes, 0);
  expect_i32_equal(ref, got, n, "bfs levels, next call");
  cr_assert_eq(first.backend, next.backend, "%s against %s", first.backend_name,
               next.backend_name);
  cr_assert_str_eq(first.reason, next.reason);
  check_staging_ahead(&env, g, bytes, src, ref);
  free(ref);
  free(got);
  gnest_graph_free(g);
  bm_close(&env);
}

/* ---- coloring and triangle counting methods (color_method, tc_method) ------------------- */

/* gnest_color and / or gnest_tc (algos: A_COLOR, A_TC or both) by each of their two methods --
 * the values 1 and 2 of color_method (rounds, async) and of tc_method (search, hash) -- on every
 * selected configuration: results equal to the CPU's, the method named (check_color_method,
 * check_tc_method), coloring's rounds or passes counted. Builds from e (freed). */
static void check_methods_edges(const gpu_env *env, const char *name, gn_gen_edges *e,
                                build_opts bo, unsigned algos, bm_configs which) {
  gnest_graph *g = build(env, e, bo);
  gn_gen_edges_free(e);
  for (int color = 1; color >= 0; color--) {
    const unsigned algo = color ? A_COLOR : A_TC;
    for (int m = 1; m <= 2 && (algos & algo); m++) {
      char label[192];
      snprintf(label, sizeof label, "%s [%s=%s]", name, color ? "color_method" : "tc_method",
               color ? gn_color_method_word((gnest_color_method)m)
                   : gn_tc_method_word((gnest_tc_method)m));
      input_case c = make_case(label, g, algo, which);
      if (color) c.color_method = (gnest_color_method)m;
      else c.tc_method = (gnest_tc_method)m;
      check_case(env, &c);
    }
  }
  gnest_graph_free(g);
}

static void add_edge(gn_gen_edges *e, int64_t *at, int32_t a, int32_t b) {
  e->src[*at] = a;
  e->dst[*at] = b;
  ++*at;
}

/* A clique of k vertices (colors 0 .. k - 1: with k > 64 wide vertices take colors of 64 and
 * more), each with two pendant leaves; narrow vertices joined to three clique vertices each
 * (their wide predecessors' colors are above 64 for most); a path of narrow vertices through
 * them. */
static void clique_with_pendants(gn_gen_edges *e, int32_t k) {
  const int32_t joined = 3 * k, n = k + 2 * k + joined;
  const int64_t m = (int64_t)k * (k - 1) / 2 + 2 * k + 3 * (int64_t)joined + joined - 1;
  e->n = n;
  e->src = xmalloc((size_t)m, sizeof *e->src);
  e->dst = xmalloc((size_t)m, sizeof *e->dst);
  e->w = NULL;
  int64_t at = 0;
  for (int32_t a = 0; a < k; a++)
    for (int32_t b = a + 1; b < k; b++) add_edge(e, &at, a, b);
  for (int32_t a = 0; a < k; a++) {
    add_edge(e, &at, a, k + 2 * a);
    add_edge(e, &at, a, k + 2 * a + 1);
  }
  const int32_t first = 3 * k;
  for (int32_t j = 0; j < joined; j++) {
    for (int32_t t = 0; t < 3; t++) add_edge(e, &at, first + j, (j * 7 + t * 13) % k);
    if (j > 0) add_edge(e, &at, first + j - 1, first + j);
  }
  cr_assert_eq(at, m);
  e->m = m;
}

/* RMAT: wide and narrow vertices mixed, chains of dependences through both. */
Test(gpu_methods, rmat_wide_and_narrow) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 9 : 13, 16, 81, &e), "gn_gen_rmat");
  check_methods_edges(&env, "rmat", &e, UNDIRECTED_CLEAN, A_COLOR, BM_ALL);
  bm_close(&env);
}

/* Coloring: wide vertices whose colors reach past 64, seen by narrow ones; a clique of exactly
 * 64 (every vertex wide at degree 65 with its leaves) and ones of 100 and more. Triangles:
 * oriented lists just below, at and above a warp's hash table (128: cliques of 129 and 130), and
 * the block's (300); the pendants give lists of one and two. */
Test(gpu_methods, clique_with_pendants) {
  gpu_env env;
  bm_open(&env);
  const int32_t sizes[] = {63, 64, 100, 129, 130, 300};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "clique %d with pendants", (int)sizes[i]);
    gn_gen_edges e;
    clique_with_pendants(&e, sizes[i]);
    check_methods_edges(&env, name, &e, UNDIRECTED_CLEAN, A_COLOR | A_TC, BM_ALL);
  }
  bm_close(&env);
}

/* Every vertex wide (mean degree about 100), every vertex narrow and no triangle (a grid), a star
 * (one wide hub, narrow leaves, no triangle). */
Test(gpu_methods, dense_sparse_and_star) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  const int32_t n = (int32_t)sized(4000, 600);
  gen_ok(gn_gen_er(n, 50 * (int64_t)n, 82, &e), "gn_gen_er");
  check_methods_edges(&env, "dense erdos-renyi", &e, UNDIRECTED_CLEAN, A_COLOR | A_TC, BM_ALL);
  const int32_t side = (int32_t)sized(200, 30);
  gen_ok(gn_gen_grid(side, side, 1, &e), "gn_gen_grid");
  check_methods_edges(&env, "grid", &e, UNDIRECTED_CLEAN, A_COLOR | A_TC, BM_ALL);
  gen_ok(gn_gen_star((int32_t)sized(100000, 1000), &e), "gn_gen_star");
  check_methods_edges(&env, "star", &e, UNDIRECTED_CLEAN, A_COLOR | A_TC, BM_ALL);
  bm_close(&env);
}

/* Self-loops (priorities from degrees without them) and repeated arcs (counted predecessors),
 * on a sparse graph and on RMAT's wide hubs. */
Test(gpu_methods, self_loops_and_duplicates) {
  gpu_env env;
  bm_open(&env);
  const build_opts keep_all_undirected = {1, 0, 0};
  gn_gen_edges e;
  multigraph_edges(&e, (int32_t)sized(20000, 500));
  check_methods_edges(&env, "multigraph", &e, keep_all_undirected, A_COLOR, BM_ALL);
  gen_ok(gn_gen_rmat(small_mode() ? 9 : 12, 16, 83, &e), "gn_gen_rmat"); /* hubs with loops */
  check_methods_edges(&env, "rmat multigraph", &e, keep_all_undirected, A_COLOR, BM_ALL);
  bm_close(&env);
}

/* Oriented lists longer than the block's hash table holds (tc_hash.cuh: kTcBlockMax, 2048),
 * whose probes binary-search the list in device memory: vertex 0 and `len` fillers, each adjacent
 * to all of `len` middle vertices, which form a path and so outrank them (degree len + 2 or 3
 * against len). Every oriented list of vertex 0 and the fillers is the len middle vertices; the
 * triangles are (len + 1)(len - 1), each with two middle vertices. */
static void long_oriented_lists(gn_gen_edges *e, int32_t len) {
  const int32_t n = 2 * len + 1;
  const int64_t m = (int64_t)(len + 1) * len + (len - 1);
  e->n = n;
  e->m = m;
  e->src = malloc((size_t)m * sizeof *e->src);
  e->dst = malloc((size_t)m * sizeof *e->dst);
  e->w = NULL;
  cr_assert(e->src && e->dst);
  int64_t k = 0;
  for (int32_t f = 0; f <= len; f++) { /* f: vertex 0, then the fillers len + 1 .. 2 len */
    const int32_t corner = f == 0 ? 0 : len + f;
    for (int32_t x = 1; x <= len; x++, k++) e->src[k] = corner, e->dst[k] = x;
  }
  for (int32_t x = 1; x < len; x++, k++) e->src[k] = x, e->dst[k] = x + 1;
}

/* RMAT: oriented lists short (a warp's table) and long (over 128: the block's table); lists too
 * long for the block's table (not in small mode: 8.4 M arcs). */
Test(gpu_methods, rmat_tc_short_and_long_lists) {
  gpu_env env;
  bm_open(&env);
  gn_gen_edges e;
  gen_ok(gn_gen_rmat(small_mode() ? 10 : 14, 24, 91, &e), "gn_gen_rmat");
  check_methods_edges(&env, "rmat", &e, UNDIRECTED_CLEAN, A_TC, BM_ALL);
  if (!small_mode()) {
    long_oriented_lists(&e, 2100);
    check_methods_edges(&env, "lists too long to hash", &e, UNDIRECTED_CLEAN, A_TC, BM_PRIMARY);
  }
  bm_close(&env);
}
