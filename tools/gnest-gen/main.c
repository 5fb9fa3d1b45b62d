/* gnest-gen: deterministic synthetic graphs and trees (RMAT, Erdős–Rényi, grid, star, path,
 * Wu-thesis trees, chains, brooms, caterpillars, random recursive trees) written as Matrix
 * Market, edge list, binary CSR or tree files.
 *
 * Exit status: 0 on success, 2 for bad arguments (one line on stderr), 1 when generating, building
 * or writing fails (one line on stderr with the library's error detail). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/gen.h"
#include "gnest.h"
#include "common/paths.h"

enum gen_kind {
  K_RMAT, K_ER, K_GRID, K_STAR, K_PATH, K_TREE, K_CHAIN, K_BROOM, K_CATERPILLAR, K_RECURSIVE,
  K_COUNT
};

#define KIND_BIT(k) (1u << (k))
#define GRAPH_KINDS (KIND_BIT(K_RMAT) | KIND_BIT(K_ER) | KIND_BIT(K_GRID) | KIND_BIT(K_STAR) | \
                     KIND_BIT(K_PATH))
/* Trees of n nodes given by --n. */
#define SIZED_TREE_KINDS (KIND_BIT(K_CHAIN) | KIND_BIT(K_BROOM) | KIND_BIT(K_CATERPILLAR) | \
                          KIND_BIT(K_RECURSIVE))
#define TREE_KINDS (KIND_BIT(K_TREE) | SIZED_TREE_KINDS)
#define SEEDED_KINDS (GRAPH_KINDS | KIND_BIT(K_TREE) | KIND_BIT(K_RECURSIVE))
#define ALL_KINDS (GRAPH_KINDS | TREE_KINDS)

static const char *const kind_names[K_COUNT] = {"rmat",  "er",    "grid",  "star",
                                                "path",  "tree",  "chain", "broom",
                                                "caterpillar", "recursive"};

/* Everything the command line can set. Integer options are kept as int64 and range-checked. */
typedef struct gen_args {
  int kind;
  const char *output;
  int64_t scale, edge_factor, n, m, rows, cols, depth, out_degree, sparsity, max_nodes;
  int64_t handle, legs; /* broom: handle length (-1 = n / 2); caterpillar: leaves per spine node */
  uint64_t seed;
  int weighted;
  int64_t weight_lo, weight_hi;
  int undirected, keep_self_loops, keep_duplicates;
  gn_gen_part part; /* rmat, er: the share of the edge list to write (--part P/N) */
} gen_args;

typedef enum opt_type { OPT_INT, OPT_SEED, OPT_WEIGHTS, OPT_FLAG, OPT_STRING, OPT_PART } opt_type;

typedef struct opt_spec {
  const char *name;
  opt_type type;
  unsigned kinds;      /* subcommands that accept it */
  size_t offset;       /* field in gen_args */
  int64_t min, max;    /* OPT_INT range */
} opt_spec;

#define FIELD(f) offsetof(gen_args, f)
static const opt_spec options[] = {
    {"--scale", OPT_INT, KIND_BIT(K_RMAT), FIELD(scale), 0, 30},
    {"--edge-factor", OPT_INT, KIND_BIT(K_RMAT), FIELD(edge_factor), 1, INT32_MAX},
    {"--n", OPT_INT, KIND_BIT(K_ER) | KIND_BIT(K_STAR) | KIND_BIT(K_PATH), FIELD(n), 0, INT32_MAX},
    {"--n", OPT_INT, SIZED_TREE_KINDS, FIELD(n), 1, INT32_MAX},
    {"--handle", OPT_INT, KIND_BIT(K_BROOM), FIELD(handle), 1, INT32_MAX},
    {"--legs", OPT_INT, KIND_BIT(K_CATERPILLAR), FIELD(legs), 0, INT32_MAX},
    {"--m", OPT_INT, KIND_BIT(K_ER), FIELD(m), 0, INT64_MAX / 8},
    {"--rows", OPT_INT, KIND_BIT(K_GRID), FIELD(rows), 0, INT32_MAX},
    {"--cols", OPT_INT, KIND_BIT(K_GRID), FIELD(cols), 0, INT32_MAX},
    {"--depth", OPT_INT, KIND_BIT(K_TREE), FIELD(depth), 1, INT32_MAX},
    {"--out-degree", OPT_INT, KIND_BIT(K_TREE), FIELD(out_degree), 0, INT32_MAX},
    {"--sparsity", OPT_INT, KIND_BIT(K_TREE), FIELD(sparsity), 0, 64},
    {"--max-nodes", OPT_INT, KIND_BIT(K_TREE), FIELD(max_nodes), 1, INT32_MAX},
    {"--seed", OPT_SEED, SEEDED_KINDS, FIELD(seed), 0, 0},
    {"--weights", OPT_WEIGHTS, GRAPH_KINDS, 0, 0, 0},
    {"--undirected", OPT_FLAG, GRAPH_KINDS, FIELD(undirected), 0, 0},
    {"--keep-self-loops", OPT_FLAG, KIND_BIT(K_ER), FIELD(keep_self_loops), 0, 0},
    {"--keep-duplicates", OPT_FLAG, KIND_BIT(K_ER), FIELD(keep_duplicates), 0, 0},
    {"--part", OPT_PART, KIND_BIT(K_RMAT) | KIND_BIT(K_ER), FIELD(part), 0, 0},
    {"-o", OPT_STRING, ALL_KINDS, FIELD(output), 0, 0},
    {"--output", OPT_STRING, ALL_KINDS, FIELD(output), 0, 0},
};
#define NUM_OPTIONS (sizeof options / sizeof options[0])

/* ------------------------------------------------------------------------------------------ */
/* Help                                                                                        */
/* ------------------------------------------------------------------------------------------ */

static const char usage_text[] =
    "usage: gnest-gen KIND [options] -o FILE\n"
    "\n"
    "Deterministic synthetic inputs: the same parameters and seed give the same file on every\n"
    "machine. KIND is one of:\n"
    "  rmat   --scale S [--edge-factor 16]       RMAT/Kronecker, Graph500 a=.57 b=.19 c=.19\n"
    "  er     --n N --m M                        Erdos-Renyi G(n, m)\n"
    "  grid   --rows R --cols C                  2-D grid, 4-neighbour, both directions\n"
    "  star   --n N                              vertex 0 linked both ways to 1..N-1\n"
    "  path   --n N                              0-1-...-(N-1), both directions\n"
    "  tree   --depth D --out-degree K --sparsity S   synthetic tree (Wu thesis)\n"
    "  chain  --n N                              tree: parent[i] = i-1\n"
    "  broom  --n N [--handle H]                 tree: a chain of H nodes, N-H leaves at its end\n"
    "  caterpillar --n N [--legs K]              tree: a chain with K leaves on every node\n"
    "  recursive --n N                           random recursive tree: parent[i] in [0, i)\n"
    "\n"
    "The output format follows the extension of FILE: .mtx (Matrix Market), .txt or .el (edge\n"
    "list), .gnest (binary CSR cache) for graphs; .tree (parent array) for the trees (tree,\n"
    "chain, broom, caterpillar, recursive).\n"
    "Run 'gnest-gen KIND --help' for the options of one kind.\n";

static const char graph_common_help[] =
    "  --seed N          random seed (default 1)\n"
    "  --weights LO:HI   integer weights in [LO, HI] (within +-2^24); both arcs of an\n"
    "                    undirected edge get the same weight (hash of the pair and the seed)\n"
    "  --undirected      symmetrize: add (v,u) for every (u,v)\n"
    "  -o, --output FILE .mtx | .txt | .el | .gnest\n"
    "  -h, --help        this text\n";

static const char *const kind_help[K_COUNT] = {
    "usage: gnest-gen rmat --scale S [--edge-factor K] [--seed N] [--weights LO:HI] [--undirected]"
    " -o FILE\n"
    "RMAT/Kronecker graph with the Graph500 parameters a=.57 b=.19 c=.19 (d=.05): 2^S vertices,\n"
    "K*2^S generated arcs, vertex ids permuted by a random permutation of the seed. As in\n"
    "Graph500 and bench recipes, self-loops are always dropped and duplicate arcs merged, so the\n"
    "stored arc count is a little below K*2^S (with --undirected: below 2*K*2^S).\n"
    "  --scale S         0..30\n"
    "  --edge-factor K   arcs per vertex before cleaning (default 16)\n"
    "  --part P/N        only part P (0..N-1) of the generated arcs, for one rank of N: the N\n"
    "                    parts of one seed, read together, are the whole graph (parts are whole\n"
    "                    chunks of 2^20 arcs: with fewer chunks than parts, some are empty)\n",
    "usage: gnest-gen er --n N --m M [--seed N] [--weights LO:HI] [--undirected]"
    " [--keep-self-loops] [--keep-duplicates] -o FILE\n"
    "Erdos-Renyi G(n, m): M arcs with independent uniform endpoints. By default self-loops are\n"
    "dropped and duplicate arcs merged (the stored count may be below M).\n"
    "  --n N             vertices\n"
    "  --m M             generated arcs\n"
    "  --keep-self-loops keep arcs (v,v)\n"
    "  --keep-duplicates keep parallel arcs\n"
    "  --part P/N        only part P (0..N-1) of the generated arcs, for one rank of N: the N\n"
    "                    parts of one seed, read together, are the whole graph (parts are whole\n"
    "                    chunks of 2^20 arcs: with fewer chunks than parts, some are empty)\n",
    "usage: gnest-gen grid --rows R --cols C [--weights LO:HI] [--seed N] -o FILE\n"
    "R x C grid, vertex r*C+c linked both ways to its right and lower neighbours (high diameter,\n"
    "road-like). Add random weights with --weights 1:64.\n",
    "usage: gnest-gen star --n N [--weights LO:HI] [--seed N] -o FILE\n"
    "Star: vertex 0 (the hub) linked both ways to 1..N-1.\n",
    "usage: gnest-gen path --n N [--weights LO:HI] [--seed N] -o FILE\n"
    "Path 0-1-...-(N-1), linked both ways.\n",
    "usage: gnest-gen tree --depth D --out-degree K --sparsity S [--seed N] [--max-nodes N]"
    " -o FILE.tree\n"
    "Synthetic tree as in the Wu thesis: D levels (the root alone is depth 1); every node above\n"
    "the last level has K candidate children, each present with probability 0.5^S (S = 0: full\n"
    "tree of sum K^l nodes). Nodes are numbered level by level, root 0.\n"
    "  --depth D         levels, >= 1\n"
    "  --out-degree K    candidate children per node\n"
    "  --sparsity S      0..64\n"
    "  --max-nodes N     refuse when the expected node count exceeds N (default 2^31-1)\n"
    "  --seed N          random seed (default 1)\n"
    "  -o, --output FILE .tree\n"
    "  -h, --help        this text\n",
    "usage: gnest-gen chain --n N -o FILE.tree\n"
    "Chain (a path as a tree) of N >= 1 nodes: parent[i] = i-1, root 0.\n"
    "  -o, --output FILE .tree\n"
    "  -h, --help        this text\n",
    "usage: gnest-gen broom --n N [--handle H] -o FILE.tree\n"
    "Broom of N >= 1 nodes: a handle 0-1-...-(H-1) (a chain, root 0) and N-H bristles, all\n"
    "children of node H-1. Depth H+1 (H when H = N).\n"
    "  --handle H        1..N (default N/2, at least 1)\n"
    "  -o, --output FILE .tree\n"
    "  -h, --help        this text\n",
    "usage: gnest-gen caterpillar --n N [--legs K] -o FILE.tree\n"
    "Caterpillar of N >= 1 nodes: a spine 0-1-...-(S-1) (a chain, root 0), S = ceil(N/(K+1)),\n"
    "and K leaves on each spine node in spine order (leaf S+j hangs from spine node j/K).\n"
    "  --legs K          leaves per spine node, >= 0 (default 1; 0 = a chain)\n"
    "  -o, --output FILE .tree\n"
    "  -h, --help        this text\n",
    "usage: gnest-gen recursive --n N [--seed N] -o FILE.tree\n"
    "Random recursive tree of N >= 1 nodes: node i > 0 hangs from a node drawn uniformly from\n"
    "0..i-1 (root 0). Depth about e ln N (44 for N = 10^7).\n"
    "  --seed N          random seed (default 1)\n"
    "  -o, --output FILE .tree\n"
    "  -h, --help        this text\n",
};

static void print_kind_help(int kind) {
  fputs(kind_help[kind], stdout);
  if (KIND_BIT(kind) & GRAPH_KINDS) fputs(graph_common_help, stdout);
}

/* ------------------------------------------------------------------------------------------ */
/* Argument parsing                                                                            */
/* ------------------------------------------------------------------------------------------ */

/* Prints "gnest-gen: <message>" on one line and gives the bad-arguments exit status. */
static int bad_args(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static int bad_args(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("gnest-gen: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 2;
}

/* Strict decimal integer: the whole text, no overflow. */
static int parse_int64(const char *text, int64_t *out) {
  if (!text || !*text) return 0;
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno || *end || end == text) return 0;
  *out = (int64_t)v;
  return 1;
}

static int parse_uint64(const char *text, uint64_t *out) {
  if (!text || !*text || text[0] == '-') return 0;
  char *end = NULL;
  errno = 0;
  unsigned long long v = strtoull(text, &end, 0);
  if (errno || *end || end == text) return 0;
  *out = (uint64_t)v;
  return 1;
}

/* "LO:HI" with LO <= HI, both within +-2^24 (gn_gen_weights takes int bounds). */
/* "A<sep>B", two integers. */
static int parse_int_pair(const char *text, char sep, int64_t *a, int64_t *b) {
  const char *at = text ? strchr(text, sep) : NULL;
  if (!at) return 0;
  char left[64];
  size_t len = (size_t)(at - text);
  if (len == 0 || len >= sizeof left) return 0;
  memcpy(left, text, len);
  left[len] = '\0';
  return parse_int64(left, a) && parse_int64(at + 1, b);
}

static int parse_weights(const char *text, int64_t *lo, int64_t *hi) {
  const int64_t limit = 1 << 24;
  if (!parse_int_pair(text, ':', lo, hi)) return 0;
  return *lo <= *hi && *lo >= -limit && *hi <= limit;
}

/* "P/N" with 0 <= P < N <= 2^20. */
static int parse_part(const char *text, gn_gen_part *part) {
  int64_t p = 0, n = 0;
  if (!parse_int_pair(text, '/', &p, &n)) return 0;
  if (n < 1 || n > (1 << 20) || p < 0 || p >= n) return 0;
  part->part = (int)p;
  part->parts = (int)n;
  return 1;
}

static const opt_spec *find_option(const char *name, int kind, int *known_elsewhere) {
  *known_elsewhere = 0;
  for (size_t i = 0; i < NUM_OPTIONS; i++) {
    if (strcmp(options[i].name, name) != 0) continue;
    if (options[i].kinds & KIND_BIT(kind)) return &options[i];
    *known_elsewhere = 1;
  }
  return NULL;
}

/* Stores one option's value. Returns 0 or the exit status 2 after printing why. */
static int apply_option(gen_args *a, const opt_spec *o, const char *value) {
  char *base = (char *)a;
  switch (o->type) {
    case OPT_FLAG: *(int *)(base + o->offset) = 1; return 0;
    case OPT_STRING: *(const char **)(base + o->offset) = value; return 0;
    case OPT_SEED:
      if (!parse_uint64(value, &a->seed))
        return bad_args("%s: expected an unsigned integer, got '%s'", o->name, value);
      return 0;
    case OPT_PART:
      if (!parse_part(value, &a->part))
        return bad_args("%s: expected P/N with 0 <= P < N <= 1048576, got '%s'", o->name, value);
      return 0;
    case OPT_WEIGHTS:
      if (!parse_weights(value, &a->weight_lo, &a->weight_hi))
        return bad_args("%s: expected LO:HI integers with LO <= HI within +-2^24, got '%s'",
                        o->name, value);
      a->weighted = 1;
      return 0;
    case OPT_INT: {
      int64_t v;
      if (!parse_int64(value, &v) || v < o->min || v > o->max)
        return bad_args("%s: expected an integer in [%" PRId64 ", %" PRId64 "], got '%s'",
                        o->name, o->min, o->max, value);
      *(int64_t *)(base + o->offset) = v;
      return 0;
    }
  }
  return 0;
}

static void set_defaults(gen_args *a, int kind) {
  memset(a, 0, sizeof *a);
  a->kind = kind;
  a->scale = a->n = a->m = a->rows = a->cols = a->depth = a->out_degree = a->sparsity = -1;
  a->handle = -1;
  a->legs = 1;
  a->edge_factor = 16;
  a->max_nodes = INT32_MAX;
  a->seed = 1;
  a->part = GN_GEN_WHOLE;
}

/* The options each kind cannot run without. */
static int check_required(const gen_args *a) {
  struct { const char *name; int64_t value; unsigned kinds; } req[] = {
      {"--scale", a->scale, KIND_BIT(K_RMAT)},
      {"--n", a->n, KIND_BIT(K_ER) | KIND_BIT(K_STAR) | KIND_BIT(K_PATH) | SIZED_TREE_KINDS},
      {"--m", a->m, KIND_BIT(K_ER)},
      {"--rows", a->rows, KIND_BIT(K_GRID)},
      {"--cols", a->cols, KIND_BIT(K_GRID)},
      {"--depth", a->depth, KIND_BIT(K_TREE)},
      {"--out-degree", a->out_degree, KIND_BIT(K_TREE)},
      {"--sparsity", a->sparsity, KIND_BIT(K_TREE)},
  };
  for (size_t i = 0; i < sizeof req / sizeof req[0]; i++)
    if ((req[i].kinds & KIND_BIT(a->kind)) && req[i].value < 0)
      return bad_args("%s: missing required option %s", kind_names[a->kind], req[i].name);
  if (!a->output) return bad_args("%s: missing required option -o FILE", kind_names[a->kind]);
  if (a->kind == K_ER && a->n == 0 && a->m > 0)
    return bad_args("er: --m %" PRId64 " arcs need at least one vertex (--n is 0)", a->m);
  if (a->kind == K_BROOM && a->handle > a->n)
    return bad_args("broom: --handle %" PRId64 " is longer than the tree (--n %" PRId64 ")",
                    a->handle, a->n);
  return 0;
}

/* Parses argv after the kind. Returns -1 to go on, or an exit status (0 after --help). */
static int parse_args(int argc, char **argv, int kind, gen_args *a) {
  set_defaults(a, kind);
  for (int i = 2; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
      print_kind_help(kind);
      return 0;
    }
    char name[64];
    const char *value = NULL;
    const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (len >= sizeof name) return bad_args("%s: unknown option '%s'", kind_names[kind], arg);
    memcpy(name, arg, len);
    name[len] = '\0';
    int elsewhere;
    const opt_spec *o = find_option(name, kind, &elsewhere);
    if (!o && elsewhere)
      return bad_args("%s: option %s does not apply to this kind", kind_names[kind], name);
    if (!o) return bad_args("%s: unknown argument '%s' (see --help)", kind_names[kind], arg);
    if (o->type == OPT_FLAG) {
      if (eq) return bad_args("%s takes no value", name);
    } else if (eq) {
      value = eq + 1;
    } else {
      if (i + 1 >= argc) return bad_args("%s needs a value", name);
      value = argv[++i];
    }
    int rc = apply_option(a, o, value);
    if (rc) return rc;
  }
  int rc = check_required(a);
  return rc ? rc : -1;
}

/* ------------------------------------------------------------------------------------------ */
/* Output                                                                                      */
/* ------------------------------------------------------------------------------------------ */

typedef enum out_format { OUT_UNKNOWN, OUT_MTX, OUT_EDGELIST, OUT_BINARY, OUT_TREE } out_format;

static out_format format_of(const char *path) {
  if (gn_has_suffix(path, ".mtx")) return OUT_MTX;
  if (gn_has_suffix(path, ".txt") || gn_has_suffix(path, ".el")) return OUT_EDGELIST;
  if (gn_has_suffix(path, ".gnest")) return OUT_BINARY;
  if (gn_has_suffix(path, ".tree")) return OUT_TREE;
  return OUT_UNKNOWN;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int lib_failure(gnest_ctx *ctx, const char *what) {
  fprintf(stderr, "gnest-gen: %s failed: %s\n", what, gnest_last_error_string(ctx));
  return 1;
}

static int gen_failure(const gen_args *a, gnest_status st, const char *detail) {
  fprintf(stderr, "gnest-gen: %s: %s%s%s\n", kind_names[a->kind], gnest_strerror(st),
          detail ? ": " : "", detail ? detail : "");
  return 1;
}

static gnest_status write_graph(gnest_ctx *ctx, const gnest_graph *g, const gen_args *a,
                                out_format fmt) {
  const gnest_format format = fmt == OUT_MTX        ? GNEST_FORMAT_MTX
                              : fmt == OUT_EDGELIST ? GNEST_FORMAT_EDGELIST
                                                    : GNEST_FORMAT_BINARY;
  return gnest_graph_write(ctx, g, a->output, format);
}

static gnest_status generate_edges(const gen_args *a, gn_gen_edges *e) {
  switch (a->kind) {
    case K_RMAT: return gn_gen_rmat_part((int)a->scale, (int)a->edge_factor, a->seed, a->part, e);
    case K_ER: return gn_gen_er_part((int32_t)a->n, a->m, a->seed, a->part, e);
    case K_GRID: return gn_gen_grid((int32_t)a->rows, (int32_t)a->cols, a->seed, e);
    case K_STAR: return gn_gen_star((int32_t)a->n, e);
    default: return gn_gen_path((int32_t)a->n, e);
  }
}

static int run_graph(const gen_args *a, out_format fmt) {
  double t0 = now_ms();
  gn_gen_edges e;
  gnest_status st = generate_edges(a, &e);
  if (st == GNEST_OK && a->weighted)
    st = gn_gen_weights(&e, (int)a->weight_lo, (int)a->weight_hi, a->seed);
  if (st != GNEST_OK) {
    gn_gen_edges_free(&e);
    return gen_failure(a, st, a->kind == K_GRID && st == GNEST_ERR_TOO_LARGE
                                  ? "rows * cols must stay below 2^31" : NULL);
  }
  double t1 = now_ms();
  gnest_ctx_options copts;
  gnest_ctx_options_init(&copts);
  copts.force_cpu = 1; /* generation never needs the GPU */
  gnest_ctx *ctx = NULL;
  if (gnest_ctx_create(&ctx, &copts) != GNEST_OK) {
    gn_gen_edges_free(&e);
    fprintf(stderr, "gnest-gen: cannot create a context\n");
    return 1;
  }
  gnest_load_options lo;
  gnest_load_options_init(&lo);
  lo.symmetrize = a->undirected;
  lo.drop_self_loops = !a->keep_self_loops;
  lo.merge_duplicates = !a->keep_duplicates;
  lo.sort_adjacency = 1;
  gnest_graph *g = NULL;
  int64_t generated = e.m;
  st = gnest_graph_from_edges(ctx, e.n, e.m, e.src, e.dst, e.w, &lo, &g);
  gn_gen_edges_free(&e);
  int rc = 0;
  if (st != GNEST_OK) rc = lib_failure(ctx, "building the graph");
  double t2 = now_ms();
  if (!rc && write_graph(ctx, g, a, fmt) != GNEST_OK) rc = lib_failure(ctx, "writing the graph");
  double t3 = now_ms();
  char part[48] = "";
  if (a->part.parts > 1)
    snprintf(part, sizeof part, " in part %d of %d", a->part.part, a->part.parts);
  if (!rc)
    fprintf(stderr,
            "gnest-gen: %s: n=%" PRId32 " m=%" PRId64 " arcs (%" PRId64 " generated%s)%s -> %s; "
            "generate %.1f ms, build %.1f ms, write %.1f ms\n",
            kind_names[a->kind], gnest_graph_num_vertices(g), gnest_graph_num_edges(g), generated,
            part, a->weighted ? " weighted" : "", a->output, t1 - t0, t2 - t1, t3 - t2);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  return rc;
}

static gnest_status generate_tree(const gen_args *a, int32_t *n, int32_t **parent) {
  *n = (int32_t)a->n;
  switch (a->kind) {
    case K_CHAIN: return gn_gen_chain(*n, parent);
    case K_BROOM:
      return gn_gen_broom(*n, a->handle > 0 ? (int32_t)a->handle : (*n > 1 ? *n / 2 : 1), parent);
    case K_CATERPILLAR: return gn_gen_caterpillar(*n, (int32_t)a->legs, parent);
    case K_RECURSIVE: return gn_gen_random_recursive(*n, a->seed, parent);
    default:
      return gn_gen_tree((int)a->depth, (int)a->out_degree, (int)a->sparsity, a->seed,
                         a->max_nodes, n, parent);
  }
}

static int run_tree(const gen_args *a) {
  double t0 = now_ms();
  int32_t n = 0;
  int32_t *parent = NULL;
  gnest_status st = generate_tree(a, &n, &parent);
  if (st != GNEST_OK) {
    char detail[200] = "";
    if (st == GNEST_ERR_TOO_LARGE)
      snprintf(detail, sizeof detail, "expected %.4g nodes, more than --max-nodes %" PRId64,
               gn_gen_tree_expected_nodes((int)a->depth, (int)a->out_degree, (int)a->sparsity),
               a->max_nodes);
    return gen_failure(a, st, detail[0] ? detail : NULL);
  }
  double t1 = now_ms();
  gnest_ctx_options copts;
  gnest_ctx_options_init(&copts);
  copts.force_cpu = 1;
  gnest_ctx *ctx = NULL;
  if (gnest_ctx_create(&ctx, &copts) != GNEST_OK) {
    free(parent);
    fprintf(stderr, "gnest-gen: cannot create a context\n");
    return 1;
  }
  int rc = 0;
  if (gnest_tree_write_parents(ctx, n, parent, a->output) != GNEST_OK)
    rc = lib_failure(ctx, "writing the tree");
  double t2 = now_ms();
  if (!rc)
    fprintf(stderr, "gnest-gen: %s: n=%" PRId32 " nodes -> %s; generate %.1f ms, write %.1f ms\n",
            kind_names[a->kind], n, a->output, t1 - t0, t2 - t1);
  free(parent);
  gnest_ctx_free(ctx);
  return rc;
}

static int kind_from_name(const char *name) {
  for (int k = 0; k < K_COUNT; k++)
    if (!strcmp(name, kind_names[k])) return k;
  return -1;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs(usage_text, stderr);
    return 2;
  }
  if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
    fputs(usage_text, stdout);
    return 0;
  }
  int kind = kind_from_name(argv[1]);
  if (kind < 0)
    return bad_args("unknown kind '%s' (rmat, er, grid, star, path, tree, chain, broom, "
                    "caterpillar, recursive; see --help)", argv[1]);
  gen_args a;
  int rc = parse_args(argc, argv, kind, &a);
  if (rc >= 0) return rc;
  out_format fmt = format_of(a.output);
  int is_tree = (KIND_BIT(kind) & TREE_KINDS) != 0;
  if (is_tree && fmt != OUT_TREE)
    return bad_args("%s: output '%s' must end in .tree", kind_names[kind], a.output);
  if (!is_tree && (fmt == OUT_UNKNOWN || fmt == OUT_TREE))
    return bad_args("%s: output '%s' must end in .mtx, .txt, .el or .gnest", kind_names[kind],
                    a.output);
  return is_tree ? run_tree(&a) : run_graph(&a, fmt);
}
