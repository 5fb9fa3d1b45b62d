/* Tests of tests/common/color_sim.c: the shortcut rounds must give exactly the CPU reference's
 * colors (gnest_color with the cpu backend) on every kind of graph, in every variant, in no more
 * rounds than Jones-Plassmann; the JP simulation must number its rounds as JP's levels. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "common/color_sim.h"
#include "common/gen.h"
#include "gnest.h"

static gnest_ctx *ctx;

static void open_ctx(void) {
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
}

static void close_ctx(void) {
  gnest_ctx_free(ctx);
}

TestSuite(color_sim, .init = open_ctx, .fini = close_ctx);

/* A graph from directed edges: symmetrized; duplicates and self-loops kept when asked. */
static gnest_graph *graph_of(int32_t n, int64_t m, const int32_t *src, const int32_t *dst,
                             int keep_multi) {
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = 1;
  lo.merge_duplicates = !keep_multi;
  lo.drop_self_loops = !keep_multi;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, n, m, src, dst, NULL, &lo, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  return g;
}

static gnest_graph *generated(gnest_status st, gn_gen_edges *e, int keep_multi) {
  cr_assert_eq(st, GNEST_OK);
  gnest_graph *g = graph_of(e->n, e->m, e->src, e->dst, keep_multi);
  gn_gen_edges_free(e);
  return g;
}

static gnest_graph *complete(int32_t n) {
  int32_t *src = malloc(sizeof *src * (size_t)(n * n + 1)), *dst = malloc(sizeof *dst * (size_t)(n * n + 1));
  int64_t m = 0;
  for (int32_t u = 0; u < n; u++)
    for (int32_t v = u + 1; v < n; v++) src[m] = u, dst[m++] = v;
  gnest_graph *g = graph_of(n, m, src, dst, 0);
  free(src), free(dst);
  return g;
}

static proto_graph view(const gnest_graph *g) {
  proto_graph p = {.n = gnest_graph_num_vertices(g)};
  gnest_graph_csr(g, &p.offsets, &p.cols, NULL);
  return p;
}

/* The callback's sums must equal the totals. */
typedef struct round_sums {
  int32_t rounds;
  int64_t vertices, arcs, push, colored;
} round_sums;

static void add_round(void *user, const proto_round *r) {
  round_sums *s = user;
  cr_assert_eq(r->round, ++s->rounds, "rounds are numbered 1, 2, ...");
  cr_assert_gt(r->colored, 0, "round %d colored nothing", r->round);
  s->vertices += r->vertices, s->arcs += r->arcs, s->push += r->push, s->colored += r->colored;
}

static void check_sums(const round_sums *s, const proto_totals *t, int32_t n) {
  cr_assert_eq(s->rounds, t->rounds);
  cr_assert_eq(s->vertices, t->vertices);
  cr_assert_eq(s->arcs, t->arcs);
  cr_assert_eq(s->colored + t->setup_colored, n, "every vertex colored exactly once");
}

/* JP's round of v is 1 + the latest round of its higher-priority neighbours: checked against
 * the colors' greedy order, vertex by vertex (a neighbour colored in a later round must have
 * lower priority, hence a later or equal round is impossible for a predecessor). */
static void check_jp(const proto_graph *p, const int32_t *round_of, const proto_totals *t) {
  for (int32_t v = 0; v < p->n; v++) {
    int32_t latest = 0;
    for (int64_t e = p->offsets[v]; e < p->offsets[v + 1]; e++)
      if (p->cols[e] != v && round_of[p->cols[e]] < round_of[v] && round_of[p->cols[e]] > latest)
        latest = round_of[p->cols[e]];
    cr_assert_eq(round_of[v], latest + 1, "JP round of %d", v);
    cr_assert_leq(round_of[v], t->rounds);
  }
  cr_assert_eq(t->arcs, p->offsets[p->n], "JP reads every arc once in the rounds");
  cr_assert_eq(t->vertices, p->n);
}

/* The reference, JP, and the shortcut rounds in each variant on one graph; returns JP's rounds
 * and (through sc_rounds) the default variant's. */
static int32_t check_graph(const char *name, gnest_graph *g, int32_t *sc_rounds) {
  const proto_graph p = view(g);
  const size_t n = (size_t)p.n + 1;
  int32_t *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got), num = 0;
  gnest_options opts;
  gnest_options_init(&opts);
  opts.backend = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_color(ctx, g, want, &num, &opts, NULL), GNEST_OK, "%s", name);

  proto_totals jp;
  round_sums sums = {0};
  cr_assert_eq(proto_jp_rounds(&p, got, add_round, &sums, &jp), GNEST_OK);
  check_sums(&sums, &jp, p.n);
  check_jp(&p, got, &jp);
  int32_t sources = 0;
  int64_t successor_arcs = 0; /* arcs to lower-priority neighbours: those JP colors later */
  for (int32_t v = 0; v < p.n; v++) {
    sources += got[v] == 1;
    for (int64_t e = p.offsets[v]; e < p.offsets[v + 1]; e++) successor_arcs += got[p.cols[e]] > got[v];
  }

  /* Full scans, push (chunks of 1, 3, 32), and push with the GPU code's list handling. */
  const proto_shortcut_opts variants[] = {{0, 1, 0}, {1, 1, 0}, {1, 3, 0}, {1, 32, 0}, {1, 1, 1}};
  for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
    proto_totals sc;
    round_sums s = {0};
    for (int32_t v = 0; v < p.n; v++) got[v] = -7;
    cr_assert_eq(proto_shortcut_color(&p, &variants[k], got, add_round, &s, &sc), GNEST_OK);
    for (int32_t v = 0; v < p.n; v++)
      cr_assert_eq(got[v], want[v], "%s, variant %zu: vertex %d has color %d, reference %d", name,
                   k, v, got[v], want[v]);
    check_sums(&s, &sc, p.n);
    cr_assert_eq(sc.setup_colored, sources, "%s: setup colors exactly JP's first level", name);
    cr_assert_leq(sc.rounds, jp.rounds > 0 ? jp.rounds - 1 : 0, "%s: %d rounds, JP %d", name,
                  sc.rounds, jp.rounds);
    cr_assert_eq(sc.push, variants[k].push ? successor_arcs : 0, "%s: every colored vertex pushes once", name);
    if (k == 1) *sc_rounds = sc.rounds;
  }
  free(want), free(got);
  gnest_graph_free(g);
  return jp.rounds;
}

Test(color_sim, generated_graphs_get_the_reference_colors) {
  gn_gen_edges e;
  int32_t sc;
  for (int scale = 8; scale <= 11; scale++) {
    const int32_t jp = check_graph("rmat", generated(gn_gen_rmat(scale, 16, 1, &e), &e, 0), &sc);
    cr_assert_lt(sc, jp, "rmat scale %d: the shortcut must save rounds (%d vs %d)", scale, sc, jp);
  }
  check_graph("er", generated(gn_gen_er(3000, 20000, 5, &e), &e, 0), &sc);
  check_graph("er with loops and duplicates", generated(gn_gen_er(500, 6000, 6, &e), &e, 1), &sc);
  check_graph("grid", generated(gn_gen_grid(23, 31, 1, &e), &e, 0), &sc);
  check_graph("path", generated(gn_gen_path(200, &e), &e, 0), &sc);
}

Test(color_sim, hand_counted_rounds) {
  int32_t sc;
  /* Star: the hub is colored by the setup; every leaf sees it colored in round 1. */
  gn_gen_edges e;
  cr_assert_eq(check_graph("star", generated(gn_gen_star(300, &e), &e, 0), &sc), 2);
  cr_assert_eq(sc, 1);
  /* Clique: the i-th vertex in priority order needs the (i-1)-th's color, one round each: n - 1
   * rounds against JP's n (a clique is where shortcuts cannot help). */
  cr_assert_eq(check_graph("K40", complete(40), &sc), 40);
  cr_assert_eq(sc, 39);
}

Test(color_sim, degenerate_graphs) {
  int32_t sc;
  cr_assert_eq(check_graph("empty", graph_of(0, 0, NULL, NULL, 0), &sc), 0);
  cr_assert_eq(sc, 0);
  cr_assert_eq(check_graph("one vertex", graph_of(1, 0, NULL, NULL, 0), &sc), 1);
  cr_assert_eq(sc, 0);
  const int32_t loops[] = {0, 1, 2, 3, 4};
  cr_assert_eq(check_graph("self-loops only", graph_of(5, 5, loops, loops, 1), &sc), 1);
  cr_assert_eq(sc, 0);
  /* A triangle with a self-loop at 2 and the edge 0-1 stored three times one way, once the
   * other (symmetric as a set, as gnest_color requires, but not arc for arc). */
  const int32_t src[] = {0, 0, 0, 1, 1, 2, 0, 2, 2}, dst[] = {1, 1, 1, 0, 2, 1, 2, 0, 2};
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.merge_duplicates = 0;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, 3, 9, src, dst, NULL, &lo, &g), GNEST_OK);
  cr_assert_eq(check_graph("multi-arcs", g, &sc), 3);
  cr_assert_eq(sc, 2);
}

Test(color_sim, bad_arguments) {
  proto_graph p = {.n = 0};
  const int64_t off[1] = {0};
  p.offsets = off;
  proto_totals t;
  int32_t out[1];
  const proto_shortcut_opts zero_chunk = {1, 0, 0}, in_place_chunk = {1, 32, 1};
  const proto_shortcut_opts in_place_without_push = {0, 1, 1};
  cr_assert_eq(proto_shortcut_color(&p, &zero_chunk, out, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_shortcut_color(&p, &in_place_chunk, out, NULL, NULL, &t),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_shortcut_color(&p, &in_place_without_push, out, NULL, NULL, &t),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_shortcut_color(NULL, NULL, out, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_shortcut_color(&p, NULL, NULL, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_jp_rounds(&p, out, NULL, NULL, NULL), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_shortcut_color(&p, NULL, out, NULL, NULL, &t), GNEST_OK);
  cr_assert_eq(t.rounds, 0);
}
