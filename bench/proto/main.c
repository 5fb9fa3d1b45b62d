/* gnest-proto-color: counts the dependent rounds and the arc reads of today's Jones-Plassmann
 * coloring and of the shortcut rounds (README.md) on one graph, and checks that the shortcut
 * rounds give exactly the CPU reference's colors. A CPU simulation: nothing is timed.
 *
 * Exit status: 0 when the colors are identical, 1 when they differ or a step fails (one line on
 * stderr), 2 for bad arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "color_sim.h"
#include "gnest.h"

static const char usage[] =
    "usage: gnest-proto-color GRAPH [--symmetrize] [--rounds FILE.csv] [--tail N]\n"
    "  GRAPH          any file gnest reads; it must be symmetric unless --symmetrize is given\n"
    "  --symmetrize   add the reverse of every arc and drop self-loops (as gnest-bench does for\n"
    "                 coloring when a file is not symmetric)\n"
    "  --rounds FILE  one CSV row per round and algorithm:\n"
    "                 algo,round,vertices,arcs,push,words,colored\n"
    "  --tail N       also count the rounds that process at most N vertices (default 2048)\n";

typedef struct args {
  const char *graph, *rounds;
  int symmetrize;
  long tail;
} args;

/* One simulated algorithm: its name, totals and what the round callback gathers. */
typedef struct variant {
  const char *name;
  int push;      /* shortcut options; JP when chunk == 0 */
  int32_t chunk;
  int in_place;
  FILE *csv;     /* NULL: no per-round rows */
  long tail;     /* rounds processing at most this many vertices ... */
  int32_t tail_rounds; /* ... are counted here */
  proto_totals t;
} variant;

/* --tail's value: a whole number >= 0. */
static int parse_tail(const char *text, long *out) {
  char *end = NULL;
  *out = strtol(text, &end, 10);
  if (end != text && *end == '\0' && *out >= 0) return 1;
  fprintf(stderr, "gnest-proto-color: --tail: expected a non-negative integer, got '%s'\n", text);
  return 0;
}

static int parse_args(int argc, char **argv, args *a) {
  memset(a, 0, sizeof *a);
  a->tail = 2048;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--symmetrize") == 0) a->symmetrize = 1;
    else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) a->rounds = argv[++i];
    else if (strcmp(argv[i], "--tail") == 0 && i + 1 < argc) {
      if (!parse_tail(argv[++i], &a->tail)) return 0;
    } else if (argv[i][0] != '-' && a->graph == NULL) a->graph = argv[i];
    else return fprintf(stderr, "gnest-proto-color: bad argument '%s'\n%s", argv[i], usage), 0;
  }
  if (a->graph == NULL) return fprintf(stderr, "gnest-proto-color: no GRAPH given\n%s", usage), 0;
  return 1;
}

static void on_round(void *user, const proto_round *r) {
  variant *x = user;
  x->tail_rounds += r->vertices <= x->tail;
  if (x->csv == NULL) return;
  fprintf(x->csv, "%s,%d,%lld,%lld,%lld,%lld,%lld\n", x->name, r->round, (long long)r->vertices,
          (long long)r->arcs, (long long)r->push, (long long)r->words, (long long)r->colored);
}

static int fail(gnest_ctx *ctx, const char *what, gnest_status st) {
  fprintf(stderr, "gnest-proto-color: %s: %s\n", what,
          ctx != NULL && gnest_last_error_string(ctx)[0] ? gnest_last_error_string(ctx)
                                                          : gnest_strerror(st));
  return 1;
}

/* Loads the graph; returns 0, or 1 after saying why on stderr. */
static int load(gnest_ctx *ctx, const args *a, gnest_graph **g) {
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = a->symmetrize;
  lo.drop_self_loops = a->symmetrize;
  gnest_status st = gnest_graph_load(ctx, a->graph, &lo, g);
  int symmetric = 0;
  if (st == GNEST_OK) st = gnest_graph_is_symmetric(ctx, *g, &symmetric);
  if (st != GNEST_OK) return fail(ctx, "load", st);
  if (!symmetric) {
    fprintf(stderr, "gnest-proto-color: %s is not symmetric (give --symmetrize)\n", a->graph);
    return 1;
  }
  return 0;
}

static void print_row(const variant *x) {
  const proto_totals *t = &x->t;
  printf("%-16s %11lld %9lld %7d %6d %10lld %11lld %10lld %10lld\n", x->name,
         (long long)t->setup_arcs, (long long)t->setup_colored, t->rounds, x->tail_rounds,
         (long long)t->vertices, (long long)t->arcs, (long long)t->push, (long long)t->words);
}

/* Runs one simulation; for the shortcut variants, counts the vertices whose color differs from
 * the reference into *differ. */
static gnest_status run_variant(const proto_graph *g, variant *x, const int32_t *reference,
                                int32_t *out, int64_t *differ) {
  if (x->chunk == 0) return proto_jp_rounds(g, out, on_round, x, &x->t);
  proto_shortcut_opts opts = {.push = x->push, .chunk = x->chunk, .in_place = x->in_place};
  gnest_status st = proto_shortcut_color(g, &opts, out, on_round, x, &x->t);
  for (int32_t v = 0; st == GNEST_OK && v < g->n; v++) *differ += out[v] != reference[v];
  return st;
}

/* Runs the reference and the simulations; returns the exit status. */
static int simulate(gnest_ctx *ctx, const gnest_graph *graph, const args *a, FILE *csv) {
  proto_graph g = {.n = gnest_graph_num_vertices(graph)};
  gnest_graph_csr(graph, &g.offsets, &g.cols, NULL);
  variant x[] = {{"jones-plassmann", 0, 0, 0, csv, a->tail, 0, {0}},
                 {"shortcut-full", 0, 1, 0, csv, a->tail, 0, {0}},
                 {"shortcut-push", 1, 1, 0, csv, a->tail, 0, {0}},
                 {"shortcut-push32", 1, 32, 0, csv, a->tail, 0, {0}},
                 {"shortcut-gpu", 1, 1, 1, csv, a->tail, 0, {0}}};
  const int count = (int)(sizeof x / sizeof x[0]);
  int32_t *reference = malloc(((size_t)g.n + 1) * sizeof *reference);
  int32_t *out = malloc(((size_t)g.n + 1) * sizeof *out), num_colors = 0;
  int64_t differ = 0;
  gnest_options opts;
  gnest_options_init(&opts);
  opts.backend = GNEST_BACKEND_CPU;
  gnest_status st = reference && out ? GNEST_OK : GNEST_ERR_OUT_OF_MEMORY;
  if (st == GNEST_OK) st = gnest_color(ctx, graph, reference, &num_colors, &opts, NULL);
  for (int i = 0; st == GNEST_OK && i < count; i++) st = run_variant(&g, &x[i], reference, out, &differ);
  free(reference), free(out);
  if (st != GNEST_OK) return fail(ctx, "simulation", st);
  printf("%s: %d vertices, %lld arcs, %d colors (CPU reference)\n", a->graph, g.n,
         (long long)g.offsets[g.n], num_colors);
  printf("%-16s %11s %9s %7s %6s %10s %11s %10s %10s\n", "algorithm", "setup arcs", "setup col",
         "rounds", "tail", "vertices", "arcs read", "push arcs", "own words");
  for (int i = 0; i < count; i++) print_row(&x[i]);
  printf("tail = rounds processing at most %ld vertices\n", a->tail);
  printf("shortcut colors identical to the CPU reference: %s (%lld differences in %d runs)\n",
         differ == 0 ? "yes" : "NO", (long long)differ, count - 1);
  return differ == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  args a;
  if (!parse_args(argc, argv, &a)) return 2;
  FILE *rounds = NULL;
  if (a.rounds != NULL && (rounds = fopen(a.rounds, "w")) == NULL) {
    perror(a.rounds);
    return 1;
  }
  if (rounds != NULL) fprintf(rounds, "algo,round,vertices,arcs,push,words,colored\n");
  gnest_ctx *ctx = NULL;
  gnest_graph *graph = NULL;
  gnest_status st = gnest_ctx_create(&ctx, NULL);
  int rc = st == GNEST_OK ? 0 : fail(NULL, "context", st);
  if (rc == 0) rc = load(ctx, &a, &graph);
  if (rc == 0) rc = simulate(ctx, graph, &a, rounds);
  gnest_graph_free(graph);
  gnest_ctx_free(ctx);
  if (rounds != NULL && fclose(rounds) != 0) {
    perror(a.rounds);
    rc = 1;
  }
  return rc;
}
