/* Whole-graph loading (format detection, parse, CSR build) and the text writers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "io/io_internal.h"

/* Format named by the extension after any .gz / .xz. */
static gnest_format format_from_name(const char *path) {
  static const struct { const char *ext; gnest_format format; } kExt[] = {
      {".mtx", GNEST_FORMAT_MTX},        {".gr", GNEST_FORMAT_DIMACS},     {".txt", GNEST_FORMAT_EDGELIST},
      {".el", GNEST_FORMAT_EDGELIST},    {".csv", GNEST_FORMAT_EDGELIST},  {".tsv", GNEST_FORMAT_EDGELIST},
      {".edges", GNEST_FORMAT_EDGELIST}, {".gnest", GNEST_FORMAT_BINARY},
  };
  size_t len = strlen(path);
  if (gn_path_compression(path) != GN_COMPRESS_NONE) len -= 3;
  for (size_t i = 0; i < sizeof kExt / sizeof kExt[0]; i++) {
    size_t le = strlen(kExt[i].ext);
    if (len >= le && strncasecmp(path + len - le, kExt[i].ext, le) == 0) return kExt[i].format;
  }
  return GNEST_FORMAT_AUTO;
}

/* A tree file's name (.tree, before any .gz / .xz): it holds parent ids, not a graph. */
static int is_tree_name(const char *path) {
  size_t len = strlen(path);
  if (gn_path_compression(path) != GN_COMPRESS_NONE) len -= 3;
  return len >= 5 && strncasecmp(path + len - 5, ".tree", 5) == 0;
}

/* Format from the content: the binary magic, a Matrix Market banner, DIMACS 'c' / 'p sp' lines
 * (after a UTF-8 byte order mark); anything else is read as an edge list. */
static gnest_format format_from_content(const gn_buffer *b) {
  if (b->size >= 8 && memcmp(b->data, GN_BINARY_MAGIC, 8) == 0) return GNEST_FORMAT_BINARY;
  const size_t bom = gn_bom_length(b->data, b->size);
  const char *p = b->data + bom;
  if (b->size - bom >= 14 && strncasecmp(p, "%%MatrixMarket", 14) == 0) return GNEST_FORMAT_MTX;
  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
  if ((p[0] == 'c' || p[0] == 'p') && (p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || p[1] == '\r'))
    return GNEST_FORMAT_DIMACS;
  return GNEST_FORMAT_EDGELIST;
}

static gnest_status parse_text(gnest_ctx *ctx, const char *path, gnest_format format, const gn_buffer *b,
                               const gnest_load_options *opts, gn_edges *e) {
  switch (format) {
    case GNEST_FORMAT_MTX: return gn_parse_mtx(ctx, path, b->data, b->size, opts, e);
    case GNEST_FORMAT_DIMACS: return gn_parse_dimacs(ctx, path, b->data, b->size, opts, e);
    case GNEST_FORMAT_EDGELIST: return gn_parse_edgelist(ctx, path, b->data, b->size, opts, e);
    default: return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, path, 0, "unknown format %d", (int)format);
  }
}

/* 1 when c has a self-loop. */
static int has_self_loop(const gn_csr *c) {
  for (int32_t u = 0; u < c->n; u++)
    for (int64_t k = c->offsets[u]; k < c->offsets[u + 1]; k++)
      if (c->cols[k] == u) return 1;
  return 0;
}

/* A binary cache is already built; the builder options the caller asked for are applied by
 * rebuilding it when they would change it (never silently ignored). */
static gnest_status apply_options_to_cache(gnest_ctx *ctx, const char *path,
                                           const gnest_load_options *opts, gn_csr *c) {
  const int rebuild = opts->relabel || (opts->symmetrize && c->symmetric != 1) ||
                      (opts->merge_duplicates && !c->merged) ||
                      (opts->sort_adjacency && !c->sorted) ||
                      (opts->drop_self_loops && has_self_loop(c));
  if (!rebuild) return GNEST_OK;
  gnest_status st = GNEST_OK;
  int32_t *src = gn_alloc(ctx, (size_t)c->m, sizeof *src, "cache arc sources", &st);
  if (!src) return st;
  for (int32_t u = 0; u < c->n; u++)
    for (int64_t k = c->offsets[u]; k < c->offsets[u + 1]; k++) src[k] = u;
  gn_edges e = {c->n, c->m, src, c->cols, c->weights, 0}; /* borrows the cache's arrays */
  gn_csr rebuilt;
  st = gn_csr_build(ctx, path, &e, opts, &rebuilt);
  free(src);
  if (st != GNEST_OK) return st;
  gn_csr_free(c);
  *c = rebuilt;
  return GNEST_OK;
}

/* The default vertex limit of a text of `bytes` bytes: far more vertices than any arc of it could
 * name (an arc takes at least 4 bytes and names two), so only isolated vertices can make up the
 * difference, and a count beyond it is a corrupt or hostile header or id, refused before its
 * arrays (8 bytes a vertex and more) are allocated. */
static int64_t default_vertex_limit(size_t bytes) {
  const int64_t floor = (int64_t)1 << 24, scaled = bytes < ((size_t)1 << 59) ? (int64_t)bytes * 8 : INT64_MAX;
  return scaled > floor ? scaled : floor;
}

static gnest_status check_vertex_count(gnest_ctx *ctx, const char *path, gnest_format format,
                                       const gn_edges *e, size_t bytes, const gnest_load_options *opts) {
  if (opts->relabel) return GNEST_OK; /* relabelled: at most two vertices an arc */
  const int64_t limit = opts->max_vertices > 0 ? opts->max_vertices : default_vertex_limit(bytes);
  if (e->n <= limit) return GNEST_OK;
  const char *what = format == GNEST_FORMAT_EDGELIST ? "vertices (the largest id + 1, or the '# gnest edge list' count)"
                                                     : "vertices declared by the header";
  if (opts->max_vertices > 0)
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, path, 0, "%lld %s: more than max_vertices = %lld",
                    (long long)e->n, what, (long long)limit);
  return gn_error(ctx, GNEST_ERR_TOO_LARGE, path, 0,
                  "%lld %s, far more than %zu bytes of text describe (at most %lld): refused "
                  "before allocating; raise max_vertices to load it, or relabel to number only the "
                  "ids that appear",
                  (long long)e->n, what, bytes, (long long)limit);
}

/* The load itself, with the caller's progress callback installed by gn_load_csr. */
static gnest_status load_csr(gnest_ctx *ctx, const char *path, const gnest_load_options *opts, gn_csr *out);

gnest_status gn_load_csr(gnest_ctx *ctx, const char *path, const gnest_load_options *opts, gn_csr *out) {
  gn_progress_begin(opts);
  gnest_status st = load_csr(ctx, path, opts, out);
  gn_progress_end();
  return st;
}

static gnest_status load_csr(gnest_ctx *ctx, const char *path, const gnest_load_options *opts, gn_csr *out) {
  if (!out || !path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_load_csr", 0, "NULL path or output");
  memset(out, 0, sizeof *out);
  gnest_load_options defaults;
  if (!opts) {
    memset(&defaults, 0, sizeof defaults);
    defaults.merge_duplicates = 1;
    defaults.sort_adjacency = 1;
    opts = &defaults;
  }
  if ((unsigned)opts->format > GNEST_FORMAT_BINARY)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_load_csr", 0, "unknown format %d", (int)opts->format);
  if (opts->format == GNEST_FORMAT_AUTO && is_tree_name(path))
    return gn_error(ctx, GNEST_ERR_UNSUPPORTED_FORMAT, path, 0,
                    "a tree file (a node count, then the parent ids), not a graph: load it with "
                    "gnest_tree_load");
  if (opts->format == GNEST_FORMAT_AUTO && gn_is_stdin_path(path))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, path, 0,
                    "standard input has no file name to tell its format: give the format "
                    "(mtx, dimacs, edgelist or binary)");
  gnest_format format = opts->format != GNEST_FORMAT_AUTO ? opts->format : format_from_name(path);
  gnest_status st;
  if (format == GNEST_FORMAT_BINARY) {
    st = gn_binary_read(ctx, path, out);
    if (st == GNEST_OK) st = apply_options_to_cache(ctx, path, opts, out);
    if (st != GNEST_OK) gn_csr_free(out);
    return st;
  }
  gn_buffer b;
  st = gn_read_file(ctx, path, &b);
  if (st != GNEST_OK) return st;
  if (format == GNEST_FORMAT_AUTO) format = format_from_content(&b);
  if (format == GNEST_FORMAT_BINARY) {
    st = gn_binary_read_memory(ctx, path, b.data, b.size, out);
    gn_buffer_free(&b);
    if (st == GNEST_OK) st = apply_options_to_cache(ctx, path, opts, out);
    if (st != GNEST_OK) gn_csr_free(out);
    return st;
  }
  gn_edges e;
  memset(&e, 0, sizeof e);
  st = parse_text(ctx, path, format, &b, opts, &e);
  size_t text_bytes = b.size;
  if (st == GNEST_OK) gn_progress_report("parsing", text_bytes, text_bytes);
  gn_buffer_free(&b); /* before building: the text is the largest allocation */
  if (st == GNEST_OK) st = check_vertex_count(ctx, path, format, &e, text_bytes, opts);
  if (st != GNEST_OK) {
    gn_edges_free(&e);
    return st;
  }
  const uint64_t arcs = (uint64_t)e.m;
  gn_progress_report("building", 0, arcs);
  st = gn_csr_build(ctx, path, &e, opts, out);
  gn_edges_free(&e);
  if (st == GNEST_OK) gn_progress_report("building", arcs, arcs);
  return st;
}

static gnest_status check_csr(gnest_ctx *ctx, const char *fn, const char *path, const gn_csr *c) {
  if (!path || !c || c->n < 0 || c->m < 0 || !c->offsets || (c->m > 0 && !c->cols))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "NULL path or invalid CSR");
  return GNEST_OK;
}

/* The text formats hold finite weights only (gn_scan_weight reads no inf or nan): refuses the
 * first arc with another weight, before any output is created. */
static gnest_status check_finite_weights(gnest_ctx *ctx, const char *path, const gn_csr *c) {
  if (!c->weights) return GNEST_OK;
  for (int32_t u = 0; u < c->n; u++)
    for (int64_t i = c->offsets[u]; i < c->offsets[u + 1]; i++)
      if (!isfinite(c->weights[i]))
        return gn_error(ctx, GNEST_ERR_INVALID_INPUT, path, 0,
                        "arc %d -> %d has weight %s: text formats need finite weights", u, c->cols[i],
                        isnan(c->weights[i]) ? "nan" : c->weights[i] > 0 ? "inf" : "-inf");
  return GNEST_OK;
}

/* One "u v [w]" line per arc, ids shifted by base. */
static void write_arcs(gn_writer *w, const gn_csr *c, int base) {
  for (int32_t u = 0; u < c->n; u++) {
    for (int64_t i = c->offsets[u]; i < c->offsets[u + 1]; i++) {
      char *q = gn_writer_reserve(w, 96);
      q = gn_format_int(q, (int64_t)u + base);
      *q++ = ' ';
      q = gn_format_int(q, (int64_t)c->cols[i] + base);
      if (c->weights) {
        *q++ = ' ';
        q = gn_format_double(q, c->weights[i]);
      }
      *q++ = '\n';
      gn_writer_commit(w, q);
    }
  }
}

gnest_status gn_write_mtx(gnest_ctx *ctx, const char *path, const gn_csr *c) {
  gnest_status st = check_csr(ctx, "gn_write_mtx", path, c);
  if (st == GNEST_OK) st = check_finite_weights(ctx, path, c);
  if (st != GNEST_OK) return st;
  gn_writer *w;
  if ((st = gn_writer_open(ctx, path, &w)) != GNEST_OK) return st;
  char *q = gn_writer_reserve(w, 256);
  q += sprintf(q, "%%%%MatrixMarket matrix coordinate %s general\n%% written by gnest\n",
               c->weights ? "real" : "pattern");
  q += sprintf(q, "%d %d %lld\n", c->n, c->n, (long long)c->m);
  gn_writer_commit(w, q);
  write_arcs(w, c, 1);
  return gn_writer_close(w, 1);
}

gnest_status gn_write_edgelist(gnest_ctx *ctx, const char *path, const gn_csr *c) {
  gnest_status st = check_csr(ctx, "gn_write_edgelist", path, c);
  if (st == GNEST_OK) st = check_finite_weights(ctx, path, c);
  if (st != GNEST_OK) return st;
  gn_writer *w;
  if ((st = gn_writer_open(ctx, path, &w)) != GNEST_OK) return st;
  char *q = gn_writer_reserve(w, 256);
  q += sprintf(q, "# gnest edge list: %d vertices, %lld arcs, 0-based 'u v%s'\n", c->n, (long long)c->m,
               c->weights ? " w" : "");
  gn_writer_commit(w, q);
  write_arcs(w, c, 0);
  return gn_writer_close(w, 1);
}
