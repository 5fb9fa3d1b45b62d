/* gnest-bench inputs: parsing --graph / --gen / --suite, and building what each algorithm runs on.
 *
 * Every graph input follows ../shared/BENCH.md: random integer weights 1..64 on each undirected
 * edge (gn_gen_weights hashes the unordered pair, so both directions agree), given before the graph
 * is built. Generated graphs are undirected (symmetrized, self-loops and duplicates removed). A
 * file is used as stored by the directed algorithms and symmetrized for the undirected ones (the
 * registry's word) when it is not already symmetric. A spanning forest (MST) is computed on the
 * largest connected component. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "common/gen.h"
#include "common/paths.h"
#include "common/source.h"

#define WEIGHT_LO 1
#define WEIGHT_HI 64

/* 1 when a selected algorithm's registry row has the property keep. */
static int selected_any(const bench_config *cfg, int (*keep)(const gnest_algorithm_desc *d)) {
  for (int a = 0; a < (int)GNEST_ALGO_COUNT; a++) {
    const gnest_algorithm_desc d = bench_algo_desc((gnest_algorithm)a);
    if ((cfg->algos & BENCH_ALGO_BIT(a)) && keep(&d)) return 1;
  }
  return 0;
}

static int is_undirected(const gnest_algorithm_desc *d) { return d->undirected; }
static int is_forest(const gnest_algorithm_desc *d) { return d->result == GNEST_RESULT_FOREST; }

/* ------------------------------------------------------------------------------------------ */
/* Specs                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static int name_taken(const bench_config *cfg, const char *name) {
  for (int i = 0; i < cfg->num_specs; i++)
    if (strcmp(cfg->specs[i].name, name) == 0) return 1;
  return 0;
}

/* Appends a spec; a repeated name gets "-2", "-3", ... so that rows stay distinguishable. */
static int add_spec(bench_config *cfg, const char *name, const char *text, int is_gen, int is_tree) {
  if (cfg->num_specs == cfg->cap_specs) {
    int cap = cfg->cap_specs ? 2 * cfg->cap_specs : 8;
    bench_spec *grown = realloc(cfg->specs, (size_t)cap * sizeof *grown);
    if (!grown) return bench_usage_error("out of memory for the input list");
    cfg->specs = grown;
    cfg->cap_specs = cap;
  }
  if (strlen(text) >= BENCH_TEXT_MAX) return bench_usage_error("input name too long: '%.60s...'", text);
  bench_spec *s = &cfg->specs[cfg->num_specs];
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", name);
  for (int k = 2; name_taken(cfg, s->name); k++)
    snprintf(s->name, sizeof s->name, "%.100s-%d", name, k);
  snprintf(s->text, sizeof s->text, "%s", text);
  s->is_gen = is_gen;
  s->is_tree = is_tree;
  cfg->num_specs++;
  return BENCH_EXIT_OK;
}

/* "dir/cnr-2000.mtx.xz" -> "cnr-2000": basename without .gz/.xz and without the format extension. */
static void name_from_path(const char *path, char *name, size_t size) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  snprintf(name, size, "%s", base);
  size_t len = strlen(name);
  if (gn_has_suffix(name, ".gz") || gn_has_suffix(name, ".xz")) name[len - 3] = '\0';
  char *dot = strrchr(name, '.');
  if (dot && dot != name) *dot = '\0';
  if (name[0] == '\0') snprintf(name, size, "input");
}

int bench_add_file(bench_config *cfg, const char *path) {
  if (path[0] == '\0') return bench_usage_error("--graph needs a file path");
  char name[BENCH_NAME_MAX];
  name_from_path(path, name, sizeof name);
  int is_tree = gn_is_tree_path(path);
  return add_spec(cfg, name, path, 0, is_tree);
}

/* Splits the part after "kind:" into at most max whole non-negative integers separated by any
 * character of seps. Returns the field count, or -1 when a field is bad. */
static int recipe_fields(const char *args, const char *seps, long long *v, int max) {
  int count = 0;
  const char *p = args;
  while (*p) {
    if (count == max) return -1;
    char *end = NULL;
    if (*p < '0' || *p > '9') return -1;
    v[count++] = strtoll(p, &end, 10);
    if (v[count - 1] < 0 || v[count - 1] > INT32_MAX) return -1;
    if (*end == '\0') break;
    if (!strchr(seps, *end)) return -1;
    p = end + 1;
    if (*p == '\0') return -1;
  }
  return count;
}

int bench_add_gen(bench_config *cfg, const char *recipe) {
  const char *colon = strchr(recipe, ':');
  size_t kind_len = colon ? (size_t)(colon - recipe) : strlen(recipe);
  long long v[4] = {0};
  int is_grid = strncmp(recipe, "grid:", 5) == 0;
  int nf = colon ? recipe_fields(colon + 1, is_grid ? "x" : ":", v, 4) : 0;
  char name[BENCH_NAME_MAX];
#define KIND_IS(k) (kind_len == strlen(k) && strncmp(recipe, k, kind_len) == 0)
  if (KIND_IS("rmat") && (nf == 1 || nf == 2) && v[0] <= 30) {
    if (nf == 2 && v[1] != 16) snprintf(name, sizeof name, "rmat%lld-e%lld", v[0], v[1]);
    else snprintf(name, sizeof name, "rmat%lld", v[0]);
  } else if (KIND_IS("grid") && nf == 2) {
    snprintf(name, sizeof name, "grid%lldx%lld", v[0], v[1]);
  } else if (KIND_IS("er") && nf == 2 && v[0] > 0) {
    snprintf(name, sizeof name, "er%lld-%lld", v[0], v[1]);
  } else if (KIND_IS("tree") && nf == 3 && v[0] >= 1) {
    snprintf(name, sizeof name, "tree%lld-%lld-%lld", v[0], v[1], v[2]);
  } else if (KIND_IS("chain") && nf == 1 && v[0] >= 1) {
    snprintf(name, sizeof name, "chain%lld", v[0]);
  } else if (KIND_IS("broom") && (nf == 1 || (nf == 2 && v[1] >= 1 && v[1] <= v[0])) &&
             v[0] >= 1 && v[0] <= INT32_MAX) {
    if (nf == 2) snprintf(name, sizeof name, "broom%lld-h%lld", v[0], v[1]);
    else snprintf(name, sizeof name, "broom%lld", v[0]);
  } else if (KIND_IS("caterpillar") && (nf == 1 || (nf == 2 && v[1] >= 0 && v[1] <= INT32_MAX)) &&
             v[0] >= 1 && v[0] <= INT32_MAX) {
    if (nf == 2 && v[1] != 1) snprintf(name, sizeof name, "caterpillar%lld-l%lld", v[0], v[1]);
    else snprintf(name, sizeof name, "caterpillar%lld", v[0]);
  } else if (KIND_IS("recursive") && nf == 1 && v[0] >= 1 && v[0] <= INT32_MAX) {
    snprintf(name, sizeof name, "recursive%lld", v[0]);
  } else {
    return bench_usage_error("bad --gen recipe '%s' (rmat:SCALE[:EF], grid:RxC, er:N:M, "
                             "tree:D:K:S, chain:N, broom:N[:H], caterpillar:N[:K], "
                             "recursive:N)", recipe);
  }
  const int is_tree = !KIND_IS("rmat") && !KIND_IS("grid") && !KIND_IS("er");
#undef KIND_IS
  return add_spec(cfg, name, recipe, 1, is_tree);
}

/* Adds DIR/NAME.mtx.xz, or DIR/NAME.mtx(.gz) when only that exists. A missing file is still
 * added (under the first name), so that it is reported as missing instead of dropped. */
static int add_data_file(bench_config *cfg, const char *stem) {
  static const char *const exts[] = {".mtx.xz", ".mtx.gz", ".mtx"};
  char path[BENCH_TEXT_MAX];
  for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
    snprintf(path, sizeof path, "%s/%s%s", cfg->data_dir, stem, exts[i]);
    FILE *f = fopen(path, "rb");
    if (f) {
      fclose(f);
      return add_spec(cfg, stem, path, 0, 0);
    }
  }
  snprintf(path, sizeof path, "%s/%s%s", cfg->data_dir, stem, exts[0]);
  return add_spec(cfg, stem, path, 0, 0);
}

/* The suite at scale: RMAT at 0.5 and 2.1 G arcs, a uniform random graph of rmat26's size (GAP's
 * urand: 2^26 vertices, 2^30 edges, about 2.1 G arcs once symmetrized) and a high-diameter mesh
 * of 67 M arcs (a 4096 x 4096 grid, 8190 BFS levels from a corner). */
static int add_scale_suite(bench_config *cfg) {
  int rc = bench_add_gen(cfg, "rmat:24");
  if (rc == BENCH_EXIT_OK) rc = bench_add_gen(cfg, "rmat:26");
  if (rc == BENCH_EXIT_OK) rc = add_spec(cfg, "urand26", "er:67108864:1073741824", 1, 0);
  if (rc == BENCH_EXIT_OK) rc = bench_add_gen(cfg, "grid:4096x4096");
  return rc;
}

int bench_add_suite(bench_config *cfg, const char *suite) {
  if (strcmp(suite, "scale") == 0) {
    cfg->suite = 1;
    return add_scale_suite(cfg);
  }
  if (strcmp(suite, "bench") != 0)
    return bench_usage_error("unknown --suite '%s' (the suites are 'bench' and 'scale')", suite);
  cfg->suite = 1;
  int rc = bench_add_gen(cfg, "rmat:20");
  if (rc == BENCH_EXIT_OK) rc = add_data_file(cfg, "cnr-2000");
  if (rc == BENCH_EXIT_OK) rc = add_data_file(cfg, "USA-road-FLA");
  if (rc == BENCH_EXIT_OK) rc = bench_add_gen(cfg, "tree:4:128:0");
  if (rc == BENCH_EXIT_OK) rc = bench_add_gen(cfg, "chain:100000");
  return rc;
}

/* ------------------------------------------------------------------------------------------ */
/* Loading                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/* Records a failure of the library (detail from the context) in in. */
static gnest_status lib_fail(gnest_ctx *ctx, bench_input *in, gnest_status st) {
  in->status = st;
  snprintf(in->detail, sizeof in->detail, "%s", gnest_last_error_string(ctx));
  return st;
}

/* Records a failure with our own text (the generators have no context to hold a message). */
static gnest_status own_fail(bench_input *in, gnest_status st, const char *what) {
  in->status = st;
  snprintf(in->detail, sizeof in->detail, "%s: %s", what, gnest_strerror(st));
  return st;
}

/* Parsed recipe numbers (the recipe was validated by bench_add_gen). */
static void recipe_numbers(const char *recipe, long long *v) {
  const char *colon = strchr(recipe, ':');
  memset(v, 0, 4 * sizeof *v);
  if (colon) recipe_fields(colon + 1, strncmp(recipe, "grid:", 5) == 0 ? "x" : ":", v, 4);
}

static gnest_status generate_edges(const bench_config *cfg, const bench_spec *spec,
                                   gn_gen_edges *e) {
  long long v[4];
  recipe_numbers(spec->text, v);
  if (strncmp(spec->text, "rmat:", 5) == 0)
    return gn_gen_rmat((int)v[0], v[1] ? (int)v[1] : 16, cfg->seed, e);
  if (strncmp(spec->text, "grid:", 5) == 0) return gn_gen_grid((int32_t)v[0], (int32_t)v[1], cfg->seed, e);
  return gn_gen_er((int32_t)v[0], (int64_t)v[1], cfg->seed, e);
}

/* Copies a graph's arcs out as an edge list (weights dropped: new ones are generated). */
static gnest_status arcs_of(const gnest_graph *g, gn_gen_edges *e) {
  memset(e, 0, sizeof *e);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  int32_t n = gnest_graph_num_vertices(g);
  int64_t m = gnest_graph_num_edges(g);
  e->src = malloc((size_t)(m > 0 ? m : 1) * sizeof(int32_t));
  e->dst = malloc((size_t)(m > 0 ? m : 1) * sizeof(int32_t));
  if (!e->src || !e->dst) {
    gn_gen_edges_free(e);
    return GNEST_ERR_OUT_OF_MEMORY;
  }
  for (int32_t u = 0; u < n; u++)
    for (int64_t k = off[u]; k < off[u + 1]; k++) {
      e->src[k] = u;
      e->dst[k] = col[k];
    }
  e->n = n;
  e->m = m;
  return GNEST_OK;
}

static gnest_status load_file_edges(gnest_ctx *ctx, bench_input *in, gn_gen_edges *e) {
  gnest_graph *g = NULL;
  gnest_status st = gnest_graph_load(ctx, in->spec->text, NULL, &g);
  if (st != GNEST_OK) return lib_fail(ctx, in, st);
  st = arcs_of(g, e);
  gnest_graph_free(g);
  return st == GNEST_OK ? GNEST_OK : own_fail(in, st, "copying the arcs");
}

static gnest_status build_graph(gnest_ctx *ctx, bench_input *in, const gn_gen_edges *e,
                                int symmetrize, gnest_graph **out) {
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.symmetrize = symmetrize;
  o.drop_self_loops = symmetrize;
  gnest_status st = gnest_graph_from_edges(ctx, e->n, e->m, e->src, e->dst, e->w, &o, out);
  return st == GNEST_OK ? GNEST_OK : lib_fail(ctx, in, st);
}

/* component[v] = the smallest id of v's component, by gnest_cc (auto: on the device when there
 * is one; a serial union-find took tens of seconds at 2 G arcs); returns the label of the largest
 * component (the smallest label on ties) and its vertices in *vertices, or -1 on failure
 * (recorded in in). */
static int32_t largest_component(gnest_ctx *ctx, bench_input *in, const gnest_graph *g,
                                 int32_t *component, int32_t *vertices) {
  gnest_status st = gnest_cc(ctx, g, component, NULL, NULL, NULL);
  if (st != GNEST_OK) {
    lib_fail(ctx, in, st);
    return -1;
  }
  int32_t n = gnest_graph_num_vertices(g);
  int32_t *size = calloc((size_t)(n > 0 ? n : 1), sizeof *size);
  if (!size) {
    own_fail(in, GNEST_ERR_OUT_OF_MEMORY, "largest connected component");
    return -1;
  }
  int32_t best = 0;
  for (int32_t v = 0; v < n; v++)
    if (++size[component[v]] > size[best] || (size[component[v]] == size[best] && component[v] < best))
      best = component[v];
  *vertices = n > 0 ? size[best] : 0;
  free(size);
  return best;
}

/* in->mst = the largest connected component of in->sym (in->sym itself when connected). */
static gnest_status build_mst_graph(gnest_ctx *ctx, bench_input *in) {
  int32_t n = gnest_graph_num_vertices(in->sym), k = 0;
  int32_t *component = malloc((size_t)(n > 0 ? n : 1) * sizeof(int32_t));
  if (!component) return own_fail(in, GNEST_ERR_OUT_OF_MEMORY, "largest connected component");
  const int32_t keep = largest_component(ctx, in, in->sym, component, &k);
  if (keep < 0 || k == n) { /* failed, or connected: sym itself */
    free(component);
    if (keep >= 0) in->mst = in->sym;
    return keep >= 0 ? GNEST_OK : in->status;
  }
  /* The subgraph is known symmetric (sym is), so MST's first call has nothing to check. */
  uint8_t *kept = malloc((size_t)n);
  if (kept)
    for (int32_t v = 0; v < n; v++) kept[v] = component[v] == keep;
  free(component);
  if (!kept) return own_fail(in, GNEST_ERR_OUT_OF_MEMORY, "largest connected component");
  const gnest_status st = gnest_graph_subgraph(ctx, in->sym, kept, &in->mst);
  free(kept);
  return st == GNEST_OK ? GNEST_OK : lib_fail(ctx, in, st);
}

static gnest_status derive_graphs(gnest_ctx *ctx, const bench_config *cfg, bench_input *in,
                                  const gn_gen_edges *e) {
  if (selected_any(cfg, is_undirected)) {
    int symmetric = 0;
    gnest_status st = gnest_graph_is_symmetric(ctx, in->stored, &symmetric);
    if (st != GNEST_OK) return lib_fail(ctx, in, st);
    if (symmetric) in->sym = in->stored;
    else if ((st = build_graph(ctx, in, e, 1, &in->sym)) != GNEST_OK) return st;
    in->sym_arcs = gnest_graph_num_edges(in->sym);
  }
  return GNEST_OK;
}

/* --cache: DIR/NAME-seedS-vVERSION.gnest (the generators may change between versions). */
static void cache_path(const bench_config *cfg, const bench_spec *spec, char *path, size_t size) {
  snprintf(path, size, "%s/%s-seed%llu-v%s.gnest", cfg->cache_dir, spec->name,
           (unsigned long long)cfg->seed, GNEST_VERSION_STRING);
}

/* A generated graph from --cache, when its file is there: the built graph, as generated and
 * symmetrized with its weights (the binary cache's checksum and checks cover it). 1 when loaded,
 * 0 when there is no file, -1 on failure (recorded in in). */
static int load_cached(gnest_ctx *ctx, const bench_config *cfg, bench_input *in) {
  if (!cfg->cache_dir || !in->spec->is_gen) return 0;
  char path[BENCH_TEXT_MAX + 64];
  cache_path(cfg, in->spec, path, sizeof path);
  if (access(path, F_OK) != 0) return 0;
  gnest_status st = gnest_graph_load(ctx, path, NULL, &in->stored);
  int symmetric = 0;
  if (st == GNEST_OK) st = gnest_graph_is_symmetric(ctx, in->stored, &symmetric);
  if (st != GNEST_OK) {
    lib_fail(ctx, in, st);
    return -1;
  }
  if (!symmetric) { /* generated graphs are symmetrized: not one gnest-bench wrote */
    in->status = GNEST_ERR_INVALID_INPUT;
    snprintf(in->detail, sizeof in->detail, "--cache: %.400s is not symmetric, so not a generated "
             "graph: remove it", path);
    return -1;
  }
  return 1;
}

/* Writes a generated graph to --cache; a failure is said on stderr (the run goes on). */
static void save_cached(gnest_ctx *ctx, const bench_config *cfg, const bench_input *in) {
  if (!cfg->cache_dir || !in->spec->is_gen) return;
  char path[BENCH_TEXT_MAX + 64];
  cache_path(cfg, in->spec, path, sizeof path);
  if (gnest_graph_save(ctx, in->stored, path) != GNEST_OK)
    fprintf(stderr, "gnest-bench: --cache: %s\n", gnest_last_error_string(ctx));
}

/* The graph of a generator recipe or a file, with its weights (generated graphs symmetrized). */
static gnest_status build_stored(gnest_ctx *ctx, const bench_config *cfg, bench_input *in,
                                 gn_gen_edges *e) {
  gnest_status st;
  if (in->spec->is_gen) {
    st = generate_edges(cfg, in->spec, e);
    if (st != GNEST_OK) return own_fail(in, st, "generating the graph");
  } else if ((st = load_file_edges(ctx, in, e)) != GNEST_OK) {
    return st;
  }
  st = gn_gen_weights(e, WEIGHT_LO, WEIGHT_HI, cfg->seed);
  if (st != GNEST_OK) return own_fail(in, st, "generating the weights");
  /* Generated graphs are undirected: symmetrize, drop self-loops, merge duplicates. */
  st = build_graph(ctx, in, e, in->spec->is_gen, &in->stored);
  if (st == GNEST_OK) save_cached(ctx, cfg, in);
  return st;
}

static gnest_status load_graph(gnest_ctx *ctx, const bench_config *cfg, bench_input *in) {
  gn_gen_edges e = {0};
  const int cached = load_cached(ctx, cfg, in);
  if (cached < 0) return in->status;
  gnest_status st = cached ? GNEST_OK : build_stored(ctx, cfg, in, &e);
  /* a cached graph is symmetric: derive_graphs does not need its edges */
  if (st == GNEST_OK) st = derive_graphs(ctx, cfg, in, &e);
  gn_gen_edges_free(&e);
  if (st == GNEST_OK && selected_any(cfg, is_forest)) st = build_mst_graph(ctx, in);
  if (st != GNEST_OK) return st;
  in->vertices = gnest_graph_num_vertices(in->stored);
  in->arcs = gnest_graph_num_edges(in->stored);
  if (in->mst) {
    in->mst_vertices = gnest_graph_num_vertices(in->mst);
    in->mst_arcs = gnest_graph_num_edges(in->mst);
  }
  in->source = gn_default_source(in->stored, &in->source_degree); /* highest out-degree */
  return GNEST_OK;
}

/* The tree of a validated recipe (tree:, chain:, broom:, caterpillar:, recursive:). */
static gnest_status generate_tree(const bench_config *cfg, const char *recipe, int32_t *n,
                                  int32_t **parent) {
  long long v[4];
  recipe_numbers(recipe, v);
  *n = (int32_t)v[0];
  if (strncmp(recipe, "chain:", 6) == 0) return gn_gen_chain(*n, parent);
  if (strncmp(recipe, "broom:", 6) == 0)
    return gn_gen_broom(*n, v[1] ? (int32_t)v[1] : (*n > 1 ? *n / 2 : 1), parent);
  if (strncmp(recipe, "caterpillar:", 12) == 0)
    return gn_gen_caterpillar(*n, strchr(recipe + 12, ':') ? (int32_t)v[1] : 1, parent);
  if (strncmp(recipe, "recursive:", 10) == 0) return gn_gen_random_recursive(*n, cfg->seed, parent);
  return gn_gen_tree((int)v[0], (int)v[1], (int)v[2], cfg->seed, INT32_MAX, n, parent);
}

static gnest_status load_tree(gnest_ctx *ctx, const bench_config *cfg, bench_input *in) {
  gnest_status st;
  if (!in->spec->is_gen) {
    st = gnest_tree_load(ctx, in->spec->text, &in->tree);
    if (st != GNEST_OK) return lib_fail(ctx, in, st);
  } else {
    int32_t n = 0, *parent = NULL;
    st = generate_tree(cfg, in->spec->text, &n, &parent);
    if (st != GNEST_OK) return own_fail(in, st, "generating the tree");
    st = gnest_tree_from_parents(ctx, n, parent, &in->tree);
    free(parent);
    if (st != GNEST_OK) return lib_fail(ctx, in, st);
  }
  in->vertices = gnest_tree_num_nodes(in->tree);
  in->arcs = in->vertices > 0 ? in->vertices - 1 : 0;
  in->source = gnest_tree_root(in->tree);
  return GNEST_OK;
}

void bench_input_load(gnest_ctx *ctx, const bench_config *cfg, const bench_spec *spec,
                      bench_input *in) {
  memset(in, 0, sizeof *in);
  in->spec = spec;
  double t0 = bench_now_ms();
  gnest_status st = spec->is_tree ? load_tree(ctx, cfg, in) : load_graph(ctx, cfg, in);
  in->load_ms = bench_now_ms() - t0;
  if (st != GNEST_OK) {
    gnest_status keep = in->status;
    char detail[BENCH_DETAIL_MAX];
    memcpy(detail, in->detail, sizeof detail);
    bench_input_free(in); /* what was built before the failure */
    in->status = keep;
    memcpy(in->detail, detail, sizeof detail);
  }
}

void bench_input_free(bench_input *in) {
  if (in->mst && in->mst != in->sym) gnest_graph_free(in->mst);
  if (in->sym && in->sym != in->stored) gnest_graph_free(in->sym);
  gnest_graph_free(in->stored);
  gnest_tree_free(in->tree);
  in->mst = in->sym = in->stored = NULL;
  in->tree = NULL;
}

const gnest_graph *bench_input_graph(const bench_input *in, gnest_algorithm a) {
  const gnest_algorithm_desc d = bench_algo_desc(a);
  if (d.input == GNEST_INPUT_TREE) return NULL;
  if (d.result == GNEST_RESULT_FOREST) return in->mst;
  return d.undirected ? in->sym : in->stored;
}
