/* The algorithm registry (src/algos/algos.def) through the public API: every row is complete and
 * consistent with what the library parses and runs; gnest_run gives what the typed functions give;
 * gnest_reference_work counts what the CPU reference counts. CPU only: a context without a
 * device. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "common/gen.h"
#include "common/result.h"
#include "gnest.h"
#include "algos/registry.h"
#include "sched/registry.h"

static gnest_algorithm_desc describe(int a) {
  gnest_algorithm_desc d;
  cr_assert_eq(gnest_algorithm_describe((gnest_algorithm)a, &d), GNEST_OK, "algorithm %d", a);
  return d;
}

/* ---- the rows ----------------------------------------------------------------------------- */

Test(algos_registry, every_row_is_complete) {
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    const gnest_algorithm_desc d = describe(a);
    cr_assert_eq(d.algorithm, (gnest_algorithm)a, "row %d out of enum order", a);
    cr_assert(d.name && d.name[0], "algorithm %d has no name", a);
    cr_assert_str_eq(gnest_algorithm_name((gnest_algorithm)a), d.name);
    cr_assert(d.summary[0] && d.value_name[0] && d.python_name[0], "%s: empty text", d.name);
    cr_assert_not_null(d.notes, "%s", d.name);
    cr_assert_not_null(d.networkx_names, "%s", d.name);
    cr_assert(d.input == GNEST_INPUT_GRAPH || d.input == GNEST_INPUT_TREE, "%s", d.name);
    cr_assert(d.result >= GNEST_RESULT_LEVELS && d.result <= GNEST_RESULT_COMPONENTS, "%s",
              d.name);
    /* A tree algorithm has one value per node, no sources, nothing asked of a graph. */
    const int tree = d.input == GNEST_INPUT_TREE;
    cr_assert_eq(tree, d.result == GNEST_RESULT_NODE_VALUES, "%s: input and result disagree",
                 d.name);
    if (tree)
      cr_assert(d.sources == GNEST_SOURCES_NONE && !d.undirected && !d.simple && !d.weighted,
                "%s", d.name);
    /* Weights >= 0 are asked only of an algorithm that reads them. */
    if (d.nonnegative_weights) cr_assert(d.weighted, "%s", d.name);
    /* From a source: levels or distances, which say what was reached. */
    cr_assert_eq(d.sources == GNEST_SOURCES_ONE,
                 d.result == GNEST_RESULT_LEVELS || d.result == GNEST_RESULT_DISTANCES, "%s",
                 d.name);
    /* The names users type are unique. */
    for (int b = 0; b < a; b++) {
      const gnest_algorithm_desc e = describe(b);
      cr_assert_str_neq(d.name, e.name);
      cr_assert_str_neq(d.python_name, e.python_name);
    }
  }
}

/* A method key is a gnest_options_parse key whose words are the row's, "auto" first; a word not
 * in the row is refused. */
Test(algos_registry, methods_are_the_option_words) {
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    const gnest_algorithm_desc d = describe(a);
    const int has = d.method_key[0] != '\0';
    cr_assert_eq(has, d.methods[0] != '\0', "%s", d.name);
    cr_assert_eq(has, d.method_help[0] != '\0', "%s", d.name);
    if (!has) continue;
    cr_assert_eq(strncmp(d.methods, "auto ", 5), 0, "%s: '%s'", d.name, d.methods);
    char words[128];
    snprintf(words, sizeof words, "%s", d.methods);
    int count = 0;
    for (char *save = NULL, *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
      char text[160];
      snprintf(text, sizeof text, "%s=%s", d.method_key, w);
      gnest_options o;
      gnest_options_init(&o);
      cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: '%s': %s", d.name, text,
                   gnest_last_error_string(NULL));
      count++;
    }
    cr_assert_geq(count, 2, "%s: one method word", d.name);
    char bad[160];
    snprintf(bad, sizeof bad, "%s=no-such-method", d.method_key);
    gnest_options o;
    gnest_options_init(&o);
    cr_assert_eq(gnest_options_parse(&o, bad), GNEST_ERR_INVALID_ARGUMENT, "%s", d.name);
  }
}

/* The layers below src/algos read the same rows (sched/registry.h). */
Test(algos_registry, traits_are_the_rows) {
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    const gnest_algorithm_desc d = describe(a);
    const gn_algo_traits *t = gn_algo_traits_of((gnest_algorithm)a);
    cr_assert_not_null(t, "%s", d.name);
    cr_assert_str_eq(t->name, d.name);
    cr_assert_str_eq(gn_algo_name((gnest_algorithm)a), d.name);
    cr_assert_eq(t->input, d.input, "%s", d.name);
    /* Only algorithms from sources take the traversals' defaults. */
    if (t->select & GN_SELECT_TRAVERSAL)
      cr_assert_neq(d.sources, GNEST_SOURCES_NONE, "%s", d.name);
  }
  cr_assert_null(gn_algo_traits_of(GNEST_ALGO_COUNT));
  cr_assert_null(gn_algo_traits_of((gnest_algorithm)-1));
  cr_assert_str_eq(gn_algo_name(GNEST_ALGO_COUNT), "unknown");
}

Test(algos_registry, names_and_bad_values) {
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    gnest_algorithm got = GNEST_ALGO_COUNT;
    cr_assert_eq(gnest_algorithm_from_name(describe(a).name, &got), GNEST_OK);
    cr_assert_eq(got, (gnest_algorithm)a);
  }
  gnest_algorithm got;
  cr_assert_eq(gnest_algorithm_from_name("pagerank", &got), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(NULL)->message,
                   "unknown algorithm 'pagerank' (expected one of: bfs sssp bc color mst tc "
                   "tree-descendants tree-heights bc-weighted cc scc)");
  cr_assert_eq(gnest_algorithm_from_name(NULL, &got), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_algorithm_from_name("bfs", NULL), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(gnest_algorithm_name(GNEST_ALGO_COUNT));
  cr_assert_null(gnest_algorithm_name((gnest_algorithm)-1));
  gnest_algorithm_desc d;
  cr_assert_eq(gnest_algorithm_describe(GNEST_ALGO_COUNT, &d), GNEST_ERR_INVALID_ARGUMENT);
  char bad[64];
  snprintf(bad, sizeof bad, "%d is not a gnest_algorithm value (0..%d)", (int)GNEST_ALGO_COUNT,
           (int)GNEST_ALGO_COUNT - 1);
  cr_assert_str_eq(gnest_last_error(NULL)->message, bad);
  cr_assert_eq(gnest_algorithm_describe(GNEST_ALGO_BFS, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

/* ---- gnest_run ----------------------------------------------------------------------------- */

typedef struct inputs {
  gnest_ctx *ctx;
  gnest_graph *stored, *undirected;
  gnest_tree *tree;
} inputs;

/* A weighted RMAT graph as stored and as undirected, and a random tree, on a CPU context. */
static inputs make_inputs(void) {
  inputs in = {bm_cpu_ctx(), NULL, NULL, NULL};
  gn_gen_edges e = {0};
  cr_assert_eq(gn_gen_rmat(8, 8, 3, &e), GNEST_OK);
  cr_assert_eq(gn_gen_weights(&e, 1, 64, 5), GNEST_OK);
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.drop_self_loops = 1;
  cr_assert_eq(gnest_graph_from_edges(in.ctx, e.n, e.m, e.src, e.dst, e.w, &lo, &in.stored),
               GNEST_OK);
  lo.symmetrize = 1;
  cr_assert_eq(gnest_graph_from_edges(in.ctx, e.n, e.m, e.src, e.dst, e.w, &lo, &in.undirected),
               GNEST_OK);
  gn_gen_edges_free(&e);
  int32_t n = 0, *parent = NULL;
  cr_assert_eq(gn_gen_tree(4, 6, 1, 9, 100000, &n, &parent), GNEST_OK);
  cr_assert_eq(gnest_tree_from_parents(in.ctx, n, parent, &in.tree), GNEST_OK);
  free(parent);
  return in;
}

static void free_inputs(inputs *in) {
  gnest_graph_free(in->stored);
  gnest_graph_free(in->undirected);
  gnest_tree_free(in->tree);
  gnest_ctx_free(in->ctx);
}

/* The input of algorithm d: the tree, the undirected graph, or the graph as stored. */
static gnest_run_input run_input(const inputs *in, const gnest_algorithm_desc *d,
                                 const gnest_bc_sources *sources) {
  gnest_run_input r = {NULL, NULL, 3, sources};
  if (d->input == GNEST_INPUT_TREE) r.tree = in->tree;
  else r.graph = d->undirected ? in->undirected : in->stored;
  return r;
}

/* The typed function of algorithm a on the same input, into want. */
static gnest_status run_typed(gnest_ctx *ctx, gnest_algorithm a, const gnest_run_input *in,
                              gnest_result *want, const gnest_options *o) {
  switch (a) {
    case GNEST_ALGO_BFS: return gnest_bfs(ctx, in->graph, in->source, want->values_i32, o, NULL);
    case GNEST_ALGO_SSSP: return gnest_sssp(ctx, in->graph, in->source, want->values_f64, o, NULL);
    case GNEST_ALGO_BC: return gnest_bc(ctx, in->graph, in->sources, want->values_f64, o, NULL);
    case GNEST_ALGO_COLOR:
      return gnest_color(ctx, in->graph, want->values_i32, &want->num_colors, o, NULL);
    case GNEST_ALGO_MST:
      return gnest_mst(ctx, in->graph, &want->total_weight, &want->num_edges, want->edge_u,
                       want->edge_v, want->edge_weight, o, NULL);
    case GNEST_ALGO_TC: return gnest_tc(ctx, in->graph, &want->total, want->values_u64, o, NULL);
    case GNEST_ALGO_TREE_DESCENDANTS:
      return gnest_tree_descendants(ctx, in->tree, want->values_i32, o, NULL);
    case GNEST_ALGO_TREE_HEIGHTS:
      return gnest_tree_heights(ctx, in->tree, want->values_i32, o, NULL);
    case GNEST_ALGO_BC_WEIGHTED:
      return gnest_bc_weighted(ctx, in->graph, in->sources, want->values_f64, o, NULL);
    case GNEST_ALGO_CC:
      return gnest_cc(ctx, in->graph, want->values_i32, &want->num_components, o, NULL);
    case GNEST_ALGO_SCC:
      return gnest_scc(ctx, in->graph, want->values_i32, &want->num_components, o, NULL);
    default: break;
  }
  cr_assert_fail("algorithm %d has a row but no typed function here", (int)a);
  return GNEST_ERR_INTERNAL;
}

/* The arrays of d's result for n values, the optional ones too. */
static gnest_result result_alloc(const gnest_algorithm_desc *d, int32_t n) {
  gnest_result r;
  cr_assert_eq(gn_result_alloc(d->result, n, 1, &r), GNEST_OK);
  return r;
}

/* Every field a kind writes is equal (the CPU reference is deterministic: bitwise equal). */
static void expect_same_result(const gnest_algorithm_desc *d, int32_t n, const gnest_result *x,
                               const gnest_result *y) {
  const size_t k = (size_t)n;
  switch (d->result) {
    case GNEST_RESULT_DISTANCES: /* fall through: both are doubles */
    case GNEST_RESULT_SCORES:
      cr_assert_eq(memcmp(x->values_f64, y->values_f64, k * 8), 0, "%s", d->name);
      break;
    case GNEST_RESULT_FOREST:
      cr_assert(x->num_edges == y->num_edges && x->total_weight == y->total_weight, "%s", d->name);
      cr_assert_eq(memcmp(x->edge_u, y->edge_u, (size_t)x->num_edges * 4), 0, "%s", d->name);
      cr_assert_eq(memcmp(x->edge_v, y->edge_v, (size_t)x->num_edges * 4), 0, "%s", d->name);
      break;
    case GNEST_RESULT_COUNTS:
      cr_assert_eq(x->total, y->total, "%s", d->name);
      cr_assert_eq(memcmp(x->values_u64, y->values_u64, k * 8), 0, "%s", d->name);
      break;
    case GNEST_RESULT_COMPONENTS:
      cr_assert_eq(x->num_components, y->num_components, "%s", d->name);
      cr_assert_eq(memcmp(x->values_i32, y->values_i32, k * 4), 0, "%s", d->name);
      break;
    case GNEST_RESULT_COLORING:
      cr_assert_eq(x->num_colors, y->num_colors, "%s", d->name);
      /* fall through: the colors */
    default: cr_assert_eq(memcmp(x->values_i32, y->values_i32, k * 4), 0, "%s", d->name); break;
  }
}

Test(algos_run, gives_the_typed_functions_results) {
  inputs in = make_inputs();
  const int32_t list[] = {0, 5, 17};
  const gnest_bc_sources sources = {GNEST_BC_LIST, list, 3, 0};
  gnest_options cpu = bm_cpu_options();
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    const gnest_algorithm_desc d = describe(a);
    const gnest_run_input run = run_input(&in, &d, &sources);
    const int32_t n =
        run.tree ? gnest_tree_num_nodes(run.tree) : gnest_graph_num_vertices(run.graph);
    gnest_result got = result_alloc(&d, n), want = result_alloc(&d, n);
    gnest_info info;
    cr_assert_eq(gnest_run(in.ctx, (gnest_algorithm)a, &run, &got, &cpu, &info), GNEST_OK,
                 "%s: %s", d.name, gnest_last_error_string(in.ctx));
    cr_assert_str_eq(info.backend_name, "cpu");
    cr_assert_eq(run_typed(in.ctx, (gnest_algorithm)a, &run, &want, &cpu), GNEST_OK, "%s", d.name);
    expect_same_result(&d, n, &got, &want);
    gn_result_free(&got);
    gn_result_free(&want);
  }
  free_inputs(&in);
}

/* gnest_run's own checks; the typed function's checks and messages for the rest. */
Test(algos_run, bad_arguments) {
  inputs in = make_inputs();
  const gnest_algorithm_desc bfs = describe(GNEST_ALGO_BFS);
  gnest_result out = result_alloc(&bfs, gnest_graph_num_vertices(in.stored));
  const gnest_run_input run = {in.stored, NULL, 0, NULL};
  cr_assert_eq(gnest_run(NULL, GNEST_ALGO_BFS, &run, &out, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(NULL)->message, "ctx is NULL");
  cr_assert_eq(gnest_run(in.ctx, GNEST_ALGO_COUNT, &run, &out, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  char bad[64];
  snprintf(bad, sizeof bad, "%d is not a gnest_algorithm value (0..%d)", (int)GNEST_ALGO_COUNT,
           (int)GNEST_ALGO_COUNT - 1);
  cr_assert_str_eq(gnest_last_error(in.ctx)->message, bad);
  cr_assert_eq(gnest_run(in.ctx, GNEST_ALGO_BFS, NULL, &out, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(in.ctx)->message, "in is NULL");
  cr_assert_eq(gnest_run(in.ctx, GNEST_ALGO_BFS, &run, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(in.ctx)->message, "out is NULL");
  /* A tree algorithm without its tree: gnest_tree_heights says so. */
  cr_assert_eq(gnest_run(in.ctx, GNEST_ALGO_TREE_HEIGHTS, &run, &out, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error_string(in.ctx), "gnest_tree_heights: tree is NULL");
  /* A source outside the graph: gnest_bfs's status. */
  const gnest_run_input far = {in.stored, NULL, 1 << 20, NULL};
  cr_assert_eq(gnest_run(in.ctx, GNEST_ALGO_BFS, &far, &out, NULL, NULL), GNEST_ERR_OUT_OF_RANGE);
  gn_result_free(&out);
  free_inputs(&in);
}

/* ---- gnest_reference_work ------------------------------------------------------------------ */

/* The estimate of a forward count is the reference's own count of visits; the others follow
 * their one-pass rules. */
Test(algos_reference, work_counts_what_the_reference_counts) {
  inputs in = make_inputs();
  const gnest_options cpu = bm_cpu_options();
  const int32_t list[] = {0, 5, 17};
  const gnest_bc_sources sources = {GNEST_BC_LIST, list, 3, 0};
  const double n = gnest_graph_num_vertices(in.stored), m = gnest_graph_num_edges(in.stored);
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    const gnest_algorithm_desc d = describe(a);
    const gnest_run_input run = run_input(&in, &d, &sources);
    double visits = -1;
    char how[160];
    cr_assert_eq(gnest_reference_work(in.ctx, (gnest_algorithm)a, &run, &visits, how, sizeof how),
                 GNEST_OK, "%s: %s", d.name, gnest_last_error_string(in.ctx));
    cr_assert_neq(how[0], '\0', "%s", d.name);
    if (d.input == GNEST_INPUT_TREE) {
      cr_assert_eq(visits, gnest_tree_num_nodes(in.tree), "%s: %g", d.name, visits);
    } else if (a == GNEST_ALGO_BC_WEIGHTED) { /* Dijkstra's arcs and heap, 3 passes a source */
      cr_assert_eq(visits, 3 * (4 * m + n * (1 + log2(n))), "%s: %g (%s)", d.name, visits, how);
      gnest_result out = result_alloc(&d, (int32_t)n);
      gnest_info info;
      cr_assert_eq(gnest_run(in.ctx, (gnest_algorithm)a, &run, &out, &cpu, &info), GNEST_OK);
      cr_assert_geq(visits, (double)info.edges_visited, "%s: %g estimated, %lld counted", d.name,
                    visits, (long long)info.edges_visited);
      gn_result_free(&out);
    } else if (d.sources == GNEST_SOURCES_SET) {
      cr_assert_eq(visits, 3 * 2 * (m + n), "%s: %g (%s)", d.name, visits, how);
    } else if (d.result == GNEST_RESULT_COUNTS) {
      const int32_t k = gnest_graph_num_vertices(run.graph);
      gnest_result out = result_alloc(&d, k);
      gnest_info info;
      cr_assert_eq(gnest_run(in.ctx, (gnest_algorithm)a, &run, &out, &cpu, &info), GNEST_OK);
      cr_assert_eq(visits, (double)info.edges_visited, "%s: %g estimated, %lld counted", d.name,
                   visits, (long long)info.edges_visited);
      gn_result_free(&out);
    }
  }
  double visits = 0;
  const gnest_run_input none = {NULL, NULL, 0, NULL};
  cr_assert_eq(gnest_reference_work(in.ctx, GNEST_ALGO_BFS, &none, &visits, NULL, 0),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(in.ctx)->message, "in->graph is NULL");
  cr_assert_eq(gnest_reference_work(in.ctx, GNEST_ALGO_TREE_HEIGHTS, &none, &visits, NULL, 0),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_reference_work(in.ctx, GNEST_ALGO_BFS, &none, NULL, NULL, 0),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(in.ctx)->message, "visits is NULL");
  const gnest_run_input all = {in.stored, NULL, 0, NULL}; /* sources NULL: every vertex */
  cr_assert_eq(gnest_reference_work(in.ctx, GNEST_ALGO_BC, &all, &visits, NULL, 0), GNEST_OK);
  cr_assert_eq(visits, n * 2 * (m + n));
  free_inputs(&in);
}

/* The shortest-path algorithms need weights >= 0 (the tools load with refuse_negative_weights);
 * bfs reads no weights and mst takes any. */
Test(algos_registry, nonnegative_weights_rows) {
  cr_expect(describe(GNEST_ALGO_SSSP).nonnegative_weights);
  cr_expect(describe(GNEST_ALGO_BC_WEIGHTED).nonnegative_weights);
  cr_expect_not(describe(GNEST_ALGO_BFS).nonnegative_weights);
  cr_expect_not(describe(GNEST_ALGO_MST).nonnegative_weights);
}
