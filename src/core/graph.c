/* Graph handles: loading, building from edge arrays, wrapping caller CSR arrays, saving,
 * accessors, symmetry and statistics. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/device_api.h"
#include "core/internal.h"
#include "base/parallel.h"
#include "core/stats.h"

void gnest_load_options_init(gnest_load_options *opts) {
  if (!opts) return;
  opts->format = GNEST_FORMAT_AUTO;
  opts->one_based = 0;
  opts->symmetrize = 0;
  opts->drop_self_loops = 0;
  opts->merge_duplicates = 1;
  opts->sort_adjacency = 1;
  opts->relabel = 0;
  opts->max_vertices = 0;
  opts->progress = NULL;
  opts->progress_user = NULL;
  opts->refuse_negative_weights = 0;
}

/* Moves csr into a new handle (internal.h). */
gnest_status gn_graph_wrap(gnest_ctx *ctx, gn_csr *csr, int borrowed, gnest_graph **out) {
  gnest_status st;
  gnest_graph *g = gn_alloc(ctx, 1, sizeof *g, "the graph handle", &st);
  if (!g) {
    if (!borrowed) gn_csr_free(csr);
    return st;
  }
  g->ctx = ctx;
  g->csr = *csr;
  g->borrowed = borrowed;
  memset(csr, 0, sizeof *csr);
  if (g->csr.symmetric) {
    g->symmetric_known = 1;
    g->symmetric = 1;
  }
  *out = g;
  return GNEST_OK;
}

static gnest_status gn_check_format(gnest_ctx *ctx, const char *fn, gnest_format f) {
  if ((int)f >= (int)GNEST_FORMAT_AUTO && (int)f <= (int)GNEST_FORMAT_BINARY) return GNEST_OK;
  return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                  "load option format = %d is not a gnest_format value", (int)f);
}

gnest_status gnest_graph_load(gnest_ctx *ctx, const char *path, const gnest_load_options *opts,
                              gnest_graph **out) {
  const char *fn = "gnest_graph_load";
  if (out) *out = NULL;
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "path is NULL");
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  gnest_load_options o;
  gnest_load_options_init(&o);
  if (opts) o = *opts;
  gnest_status st = gn_check_format(ctx, fn, o.format);
  if (st != GNEST_OK) return st;
  struct stat file; /* a large file's first upload: its staging is made while it loads */
  if (ctx->has_device && stat(path, &file) == 0 && S_ISREG(file.st_mode))
    gn_device_stage_ahead(ctx, (size_t)file.st_size);
  gn_csr csr;
  memset(&csr, 0, sizeof csr);
  st = gn_load_csr(ctx, path, &o, &csr);
  if (st != GNEST_OK) return st;
  return gn_graph_wrap(ctx, &csr, 0, out);
}

/* The checks every graph builder starts with; *out is NULL until a handle exists. */
static gnest_status gn_check_build_args(gnest_ctx *ctx, const char *fn, int32_t n, int64_t m,
                                        gnest_graph **out) {
  if (out) *out = NULL;
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  if (n < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "negative vertex count n = %d", (int)n);
  if (m < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "negative edge count m = %lld",
                    (long long)m);
  return GNEST_OK;
}

static gnest_status gn_check_edge_ids(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *src,
                                      const int32_t *dst) {
  for (int64_t i = 0; i < m; ++i) {
    if (src[i] < 0 || src[i] >= n)
      return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, "gnest_graph_from_edges", 0,
                      "edge %lld: source %d is outside [0, %d)", (long long)i, (int)src[i], (int)n);
    if (dst[i] < 0 || dst[i] >= n)
      return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, "gnest_graph_from_edges", 0,
                      "edge %lld: destination %d is outside [0, %d)", (long long)i, (int)dst[i],
                      (int)n);
  }
  return GNEST_OK;
}

gnest_status gnest_graph_from_edges(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *src,
                                    const int32_t *dst, const double *weights,
                                    const gnest_load_options *opts, gnest_graph **out) {
  const char *fn = "gnest_graph_from_edges";
  gnest_status st = gn_check_build_args(ctx, fn, n, m, out);
  if (st != GNEST_OK) return st;
  if (m > 0 && (!src || !dst))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "%s is NULL with m = %lld",
                    !src ? "src" : "dst", (long long)m);
  st = gn_check_edge_ids(ctx, n, m, src, dst);
  if (st != GNEST_OK) return st;

  gnest_load_options o;
  gnest_load_options_init(&o);
  if (opts) o = *opts;
  o.format = GNEST_FORMAT_AUTO; /* ignored here */
  o.one_based = 0;              /* the arrays are 0-based by contract */
  /* The builder only reads the edges: the const arrays are not written through these pointers. */
  gn_edges e = {n, m, (int32_t *)src, (int32_t *)dst, (double *)weights, 0};
  gn_csr csr;
  memset(&csr, 0, sizeof csr);
  st = gn_csr_build(ctx, fn, &e, &o, &csr);
  if (st != GNEST_OK) return st;
  return gn_graph_wrap(ctx, &csr, 0, out);
}

/* ---------------------------------------------------------------------------------------------
 * Borrowed CSR arrays (gnest_graph_from_csr): checked once, never copied, never freed.
 * ------------------------------------------------------------------------------------------- */

static gnest_status gn_check_csr_offsets(gnest_ctx *ctx, const char *fn, int32_t n, int64_t m,
                                         const int64_t *offsets) {
  if (offsets[0] != 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "offsets[0] = %lld: expected 0",
                    (long long)offsets[0]);
  for (int32_t v = 0; v < n; ++v)
    if (offsets[v + 1] < offsets[v])
      return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                      "offsets[%d] = %lld is below offsets[%d] = %lld: offsets must not decrease",
                      (int)v + 1, (long long)offsets[v + 1], (int)v, (long long)offsets[v]);
  if (offsets[n] != m)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "offsets[%d] = %lld: expected m = %lld (the number of arcs)", (int)n,
                    (long long)offsets[n], (long long)m);
  return GNEST_OK;
}

/* The arcs' checks of borrowed arrays, on host threads (each a fixed share of the arcs): a Python
 * caller's first call on 2 G arcs would otherwise wait seconds on one core. Each thread notes its
 * first bad column and weight; the earliest over all threads is the one reported, as a serial
 * scan would. */
typedef struct gn_arc_scan {
  const gn_csr *c;
  int threads;
  int64_t bad_col[kGnMaxThreads], bad_w[kGnMaxThreads]; /* m when none */
} gn_arc_scan;

static void gn_arc_scan_part(void *arg, int t) {
  gn_arc_scan *j = arg;
  const gn_csr *c = j->c;
  int64_t begin, end;
  gn_parallel_share(c->m, t, j->threads, &begin, &end);
  int64_t bad_col = c->m, bad_w = c->m;
  for (int64_t e = begin; e < end && bad_col == c->m; ++e)
    if (c->cols[e] < 0 || c->cols[e] >= c->n) bad_col = e;
  for (int64_t e = begin; c->weights && e < end && bad_w == c->m; ++e)
    if (!isfinite(c->weights[e])) bad_w = e;
  j->bad_col[t] = bad_col;
  j->bad_w[t] = bad_w;
}

/* Columns in [0, n) and finite weights: the first bad entry is named. */
static gnest_status gn_check_csr_arcs(gnest_ctx *ctx, const char *fn, const gn_csr *c) {
  gn_arc_scan j = {c, gn_parallel_threads_for(c->m), {0}, {0}};
  gn_parallel_run(j.threads, gn_arc_scan_part, &j);
  int64_t bad_col = c->m, bad_w = c->m;
  for (int t = 0; t < j.threads; ++t) {
    if (j.bad_col[t] < bad_col) bad_col = j.bad_col[t];
    if (j.bad_w[t] < bad_w) bad_w = j.bad_w[t];
  }
  if (bad_col < c->m)
    return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, fn, 0, "columns[%lld] = %d is outside [0, %d)",
                    (long long)bad_col, (int)c->cols[bad_col], (int)c->n);
  if (bad_w < c->m)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "weights[%lld] = %g: expected a finite number", (long long)bad_w,
                    c->weights[bad_w]);
  return GNEST_OK;
}

gnest_status gnest_graph_from_csr(gnest_ctx *ctx, int32_t n, int64_t m, const int64_t *offsets,
                                  const int32_t *columns, const double *weights,
                                  gnest_graph **out) {
  const char *fn = "gnest_graph_from_csr";
  gnest_status st = gn_check_build_args(ctx, fn, n, m, out);
  if (st != GNEST_OK) return st;
  if (!offsets) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "offsets is NULL");
  if (m > 0 && !columns)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "columns is NULL with m = %lld",
                    (long long)m);
  st = gn_check_csr_offsets(ctx, fn, n, m, offsets);
  if (st != GNEST_OK) return st;
  /* The handle only reads these arrays: gnest_graph_free skips them (borrowed). */
  gn_csr csr;
  memset(&csr, 0, sizeof csr);
  csr.n = n;
  csr.m = m;
  csr.offsets = (int64_t *)offsets;
  csr.cols = (int32_t *)columns;
  csr.weights = (double *)weights;
  st = gn_check_csr_arcs(ctx, fn, &csr);
  if (st != GNEST_OK) return st;
  gn_csr_note_order(&csr);
  return gn_graph_wrap(ctx, &csr, 1, out);
}

gnest_status gnest_graph_save(gnest_ctx *ctx, const gnest_graph *g, const char *path) {
  const char *fn = "gnest_graph_save";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!g) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "graph is NULL");
  if (!path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "path is NULL");
  return gn_binary_write(ctx, path, &g->csr);
}

gnest_status gnest_graph_write(gnest_ctx *ctx, const gnest_graph *g, const char *path,
                               gnest_format format) {
  const char *fn = "gnest_graph_write";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!g) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "graph is NULL");
  if (!path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "path is NULL");
  switch (format) {
    case GNEST_FORMAT_MTX: return gn_write_mtx(ctx, path, &g->csr);
    case GNEST_FORMAT_EDGELIST: return gn_write_edgelist(ctx, path, &g->csr);
    case GNEST_FORMAT_BINARY: return gn_binary_write(ctx, path, &g->csr);
    case GNEST_FORMAT_AUTO:
    case GNEST_FORMAT_DIMACS:
      return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                      "%s is not written: GNEST_FORMAT_MTX, GNEST_FORMAT_EDGELIST or "
                      "GNEST_FORMAT_BINARY are", format == GNEST_FORMAT_AUTO ? "GNEST_FORMAT_AUTO"
                                                                             : "GNEST_FORMAT_DIMACS");
  }
  return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "format %d is not a gnest_format value",
                  (int)format);
}

void gnest_graph_free(gnest_graph *g) {
  if (!g) return;
  if (g->dev) gn_device_graph_free(g->ctx, g->dev);
  if (!g->borrowed) gn_csr_free(&g->csr);
  free(g);
}

void gnest_graph_release_device(gnest_graph *g) {
  if (!g || !g->dev) return;
  gn_device_graph_free(g->ctx, g->dev);
  g->dev = NULL;
}

int32_t gnest_graph_num_vertices(const gnest_graph *g) { return g ? g->csr.n : 0; }
const int32_t *gnest_graph_original_ids(const gnest_graph *g) { return g ? g->csr.original_ids : NULL; }
int64_t gnest_graph_num_edges(const gnest_graph *g) { return g ? g->csr.m : 0; }
int gnest_graph_is_weighted(const gnest_graph *g) { return g && g->csr.weights ? 1 : 0; }

void gnest_graph_csr(const gnest_graph *g, const int64_t **offsets, const int32_t **columns,
                     const double **weights) {
  if (offsets) *offsets = g ? g->csr.offsets : NULL;
  if (columns) *columns = g ? g->csr.cols : NULL;
  if (weights) *weights = g ? g->csr.weights : NULL;
}

gnest_status gnest_graph_is_symmetric(gnest_ctx *ctx, const gnest_graph *g, int *symmetric) {
  const char *fn = "gnest_graph_is_symmetric";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!g) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "graph is NULL");
  if (!symmetric) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "symmetric is NULL");
  gnest_graph *cache = (gnest_graph *)g; /* the answer is cached in the const handle */
  if (!g->symmetric_known) {
    int sym = 0;
    gnest_status st = gn_csr_symmetric(ctx, &g->csr, &sym);
    if (st != GNEST_OK) return st;
    cache->symmetric = sym;
    cache->symmetric_known = 1;
  }
  *symmetric = g->symmetric;
  return GNEST_OK;
}

gnest_status gnest_graph_stats(gnest_ctx *ctx, const gnest_graph *g, gnest_degree_stats *out) {
  const char *fn = "gnest_graph_stats";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!g) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "graph is NULL");
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  gnest_graph *cache = (gnest_graph *)g;
  if (!g->stats_known) {
    gnest_degree_stats s;
    if (ctx->has_device) {
      gnest_status st = gn_device_degree_stats(ctx, g, &s);
      if (st != GNEST_OK) return st;
    } else {
      gn_degree_stats_cpu(&g->csr, &s);
    }
    cache->stats = s;
    cache->stats_known = 1;
  }
  *out = g->stats;
  return GNEST_OK;
}

typedef struct weight_facts_job {
  const double *w;
  int64_t m;
  int threads;
  gn_weight_facts part[kGnMaxThreads];
} weight_facts_job;

/* Thread t's share of the weights (a loop without branches: it vectorises). */
static void weight_facts_part(void *arg, int t) {
  weight_facts_job *j = arg;
  int64_t begin, end;
  gn_parallel_share(j->m, t, j->threads, &begin, &end);
  gn_weight_facts f = {1, 1, 0.0, 1, 1};
  for (int64_t e = begin; e < end; ++e) {
    const double x = j->w[e], a = fabs(x);
    f.float_exact &= (double)(float)x == x;
    f.nonnegative &= x >= 0.0; /* false for NaN too */
    f.max_abs = a > f.max_abs ? a : f.max_abs;
    /* 2^52 + a rounds a to a whole number when a < 2^52; from 2^52 on every double is one. */
    f.whole &= (a >= 0x1p52) | ((a + 0x1p52) - 0x1p52 == a);
  }
  j->part[t] = f;
}

/* One pass over the weights, on host threads for large graphs (a first SSSP call on rmat24 spent
 * about 1.7 s of its setup in one-core passes over them): whether float holds them exactly (the
 * device's weight type under gnest_weights AUTO), the largest magnitude (which bounds what
 * distances can reach), whether any is negative or NaN (which shortest paths refuse), and
 * whether all are whole numbers (which lets shortest paths add integers). */
gn_weight_facts gn_graph_weight_facts(const gnest_graph *g) {
  gnest_graph *cache = (gnest_graph *)g; /* computed once, cached in the const handle */
  if (g->weight_facts.known) return g->weight_facts;
  gn_weight_facts f = {1, 1, g->csr.m > 0 ? 1.0 : 0.0, 1, 1};
  if (g->csr.weights) {
    weight_facts_job j = {g->csr.weights, g->csr.m, 1, {{0}}};
    j.threads = g->csr.m < ((int64_t)1 << 22) ? 1 : gn_parallel_threads();
    gn_parallel_run(j.threads, weight_facts_part, &j);
    f.max_abs = 0.0;
    for (int t = 0; t < j.threads; ++t) {
      f.float_exact &= j.part[t].float_exact;
      f.nonnegative &= j.part[t].nonnegative;
      f.whole &= j.part[t].whole;
      if (j.part[t].max_abs > f.max_abs) f.max_abs = j.part[t].max_abs;
    }
  }
  cache->weight_facts = f;
  return f;
}
