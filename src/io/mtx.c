/* Matrix Market coordinate reader: pattern | integer | real, general | symmetric, 1-based.
 * Rows are sources and columns destinations: entry "i j" is the arc i-1 -> j-1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "io/io_internal.h"

typedef enum mtx_field { MTX_PATTERN, MTX_INTEGER, MTX_REAL } mtx_field;

void gn_edges_free(gn_edges *e) {
  if (!e) return;
  free(e->src);
  free(e->dst);
  free(e->w);
  memset(e, 0, sizeof *e);
}

/* Next header word (lower-cased into buf); empty when the line ends. */
static const char *header_word(gn_scan *s, char *buf, size_t size) {
  gn_skip_blanks(s);
  size_t k = 0;
  while (!gn_is_token_end(s, s->p)) {
    char c = *s->p++;
    if (k + 1 < size) buf[k++] = (char)((c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
  }
  buf[k] = '\0';
  return buf;
}

static gnest_status parse_header(gn_scan *s, mtx_field *field, int *symmetric) {
  char banner[32], object[32], format[32], fld[32], sym[32];
  header_word(s, banner, sizeof banner);
  if (strcmp(banner, "%%matrixmarket") != 0)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, 1,
                    "expected the Matrix Market header '%%%%MatrixMarket matrix coordinate <field> <symmetry>', found '%s'",
                    banner);
  header_word(s, object, sizeof object);
  header_word(s, format, sizeof format);
  header_word(s, fld, sizeof fld);
  header_word(s, sym, sizeof sym);
  if (!*object || !*format || !*fld || !*sym)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, 1,
                    "incomplete header: expected '%%%%MatrixMarket matrix coordinate <field> <symmetry>'");
  gn_skip_blanks(s);
  if (!gn_at_eol(s)) return gn_scan_expected(s, "expected the end of the header line");
  if (strcmp(object, "matrix") != 0)
    return gn_error(s->ctx, GNEST_ERR_UNSUPPORTED_FORMAT, s->path, 1,
                    "Matrix Market object '%s' is not supported (only 'matrix')", object);
  if (strcmp(format, "array") == 0)
    return gn_error(s->ctx, GNEST_ERR_UNSUPPORTED_FORMAT, s->path, 1,
                    "Matrix Market format 'array' (dense) is not supported: only 'coordinate'");
  if (strcmp(format, "coordinate") != 0)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, 1,
                    "unknown Matrix Market format '%s': expected 'coordinate'", format);
  if (strcmp(fld, "pattern") == 0) *field = MTX_PATTERN;
  else if (strcmp(fld, "integer") == 0) *field = MTX_INTEGER;
  else if (strcmp(fld, "real") == 0 || strcmp(fld, "double") == 0) *field = MTX_REAL;
  else if (strcmp(fld, "complex") == 0)
    return gn_error(s->ctx, GNEST_ERR_UNSUPPORTED_FORMAT, s->path, 1,
                    "Matrix Market field 'complex' is not supported: use pattern, integer or real");
  else
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, 1,
                    "unknown Matrix Market field '%s': expected pattern, integer or real", fld);
  if (strcmp(sym, "general") == 0) *symmetric = 0;
  else if (strcmp(sym, "symmetric") == 0) *symmetric = 1;
  else if (strcmp(sym, "skew-symmetric") == 0 || strcmp(sym, "hermitian") == 0)
    return gn_error(s->ctx, GNEST_ERR_UNSUPPORTED_FORMAT, s->path, 1,
                    "Matrix Market symmetry '%s' is not supported: use general or symmetric", sym);
  else
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, 1,
                    "unknown Matrix Market symmetry '%s': expected general or symmetric", sym);
  return GNEST_OK;
}

/* One size field: a non-negative integer. */
static gnest_status size_field(gn_scan *s, const char *name, int64_t *v) {
  gn_skip_blanks(s);
  int64_t x;
  char what[96];
  snprintf(what, sizeof what, "size line 'rows cols entries': expected the %s count", name);
  if (!gn_scan_int(s, &x)) return gn_scan_expected(s, what);
  if (x < 0)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "negative %s count %lld in the size line",
                    name, (long long)x);
  if (x == INT64_MAX)
    return gn_error(s->ctx, GNEST_ERR_TOO_LARGE, s->path, s->line, "%s count in the size line is too large", name);
  *v = x;
  return GNEST_OK;
}

static gnest_status parse_size_line(gn_scan *s, int64_t *n, int64_t *nnz) {
  if (!gn_skip_to_data(s, "%"))
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "missing size line 'rows cols entries' after the header");
  int64_t rows, cols;
  gnest_status st;
  if ((st = size_field(s, "row", &rows)) || (st = size_field(s, "column", &cols)) ||
      (st = size_field(s, "entry", nnz)))
    return st;
  gn_skip_blanks(s);
  if (!gn_at_eol(s)) return gn_scan_expected(s, "expected the end of the size line 'rows cols entries'");
  if (rows > INT32_MAX || cols > INT32_MAX)
    return gn_error(s->ctx, GNEST_ERR_TOO_LARGE, s->path, s->line,
                    "%lld x %lld matrix: gnest supports fewer than 2^31 vertices", (long long)rows, (long long)cols);
  if (rows != cols)
    return gn_error(s->ctx, GNEST_ERR_INVALID_INPUT, s->path, s->line,
                    "%lld x %lld matrix is not square: a graph's adjacency matrix has rows == columns",
                    (long long)rows, (long long)cols);
  if (*nnz > rows * cols) /* rows, cols < 2^31: no overflow */
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                    "declares %lld entries, more than a %lld x %lld matrix holds", (long long)*nnz,
                    (long long)rows, (long long)cols);
  *n = rows;
  return GNEST_OK;
}

static gnest_status index_error(gn_scan *s, const char *which, int64_t n) {
  int64_t v;
  char tok[48];
  gn_token_text(s, tok, sizeof tok);
  if (gn_scan_int(s, &v)) /* an integer, but not in [1, n] */
    return gn_error(s->ctx, GNEST_ERR_OUT_OF_RANGE, s->path, s->line,
                    "%s index %s out of range [1, %lld]", which, tok, (long long)n);
  char what[64];
  snprintf(what, sizeof what, "expected a %s index", which);
  return gn_scan_expected(s, what);
}

/* Counts the data lines left after the declared entries, for the message. */
static int64_t count_extra_entries(gn_scan *s) {
  int64_t extra = 0;
  while (gn_skip_to_data(s, "%")) {
    extra++;
    gn_skip_line(s);
  }
  return extra;
}

/* One index token in [1, n], stored 0-based; on failure s->p stays on the token. */
static inline int scan_index(gn_scan *s, int64_t n, int32_t *out) {
  const char *start = s->p;
  uint64_t v;
  if (!gn_scan_uint(s, &v) || v == 0 || v > (uint64_t)n) {
    s->p = start; /* the error message shows the token */
    return 0;
  }
  *out = (int32_t)(v - 1);
  return 1;
}

/* The hot loop: one entry per line. refuse_negative: a negative value is an error at its line. */
static gnest_status parse_entries(gn_scan *s, mtx_field field, int64_t n, int64_t nnz,
                                  int refuse_negative, gn_edges *e) {
  int64_t k = 0;
  while (k < nnz) {
    gn_skip_blanks(s);
    char c = *s->p;
    if (c == '\n') { s->p++; s->line++; continue; }
    if (c == '%') { gn_skip_line(s); continue; }
    if (s->p >= s->end) break;
    if ((k & (GN_PROGRESS_EVERY - 1)) == 0) gn_scan_progress(s);
    const char *row = s->p;
    if (!scan_index(s, n, &e->src[k])) return index_error(s, "row", n);
    gn_skip_blanks(s);
    const char *column = s->p;
    if (!scan_index(s, n, &e->dst[k])) return index_error(s, "column", n);
    if (field != MTX_PATTERN) {
      gn_skip_blanks(s);
      const char *value = s->p;
      const gnest_status bad = gn_scan_weight(
          s, &e->w[k], field == MTX_INTEGER ? "expected an integer value" : "expected a real value");
      if (bad != GNEST_OK) return bad;
      if (e->w[k] < 0.0 && refuse_negative) return gn_negative_weight(s, row, row, column, value);
    }
    gn_skip_blanks(s);
    if (*s->p == '\n') { s->p++; s->line++; }
    else if (s->p < s->end)
      return gn_scan_expected(s, field == MTX_PATTERN ? "expected the end of a pattern entry 'row column'"
                                                       : "expected the end of the entry 'row column value'");
    k++;
  }
  if (k < nnz)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                    "expected %lld entries as declared in the size line, found %lld (file truncated?)",
                    (long long)nnz, (long long)k);
  int64_t extra = count_extra_entries(s);
  if (extra > 0)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, 0,
                    "the size line declares %lld entries but the file has %lld", (long long)nnz,
                    (long long)(nnz + extra));
  return GNEST_OK;
}

gnest_status gn_parse_mtx(gnest_ctx *ctx, const char *path, const char *text, size_t len,
                          const gnest_load_options *opts, gn_edges *out) {
  if (!out || (!text && len)) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_parse_mtx", 0, "NULL argument");
  memset(out, 0, sizeof *out);
  if (!path) path = "(matrix market text)";
  if (len == 0) return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "empty file: expected a Matrix Market header");
  gn_scan s;
  gn_scan_init(&s, ctx, path, text, len);
  mtx_field field = MTX_PATTERN;
  int64_t n = 0, nnz = 0;
  gnest_status st = parse_header(&s, &field, &out->symmetric);
  if (st == GNEST_OK) st = parse_size_line(&s, &n, &nnz);
  if (st != GNEST_OK) return st;
  /* Refuse a declared size the text cannot hold before allocating it: an entry takes at least
   * 4 bytes ("1 1\n"), the last one 3. */
  size_t rest = (size_t)(s.end - s.p);
  if ((uint64_t)nnz > ((uint64_t)rest + 1) / 4)
    return gn_error(ctx, GNEST_ERR_PARSE, path, s.line,
                    "the size line declares %lld entries but the file has only %zu bytes (truncated?)",
                    (long long)nnz, len);
  out->n = (int32_t)n;
  out->m = nnz;
  out->src = gn_alloc_big(ctx, (size_t)nnz, sizeof(int32_t), "matrix market row indices", &st);
  if (out->src) out->dst = gn_alloc_big(ctx, (size_t)nnz, sizeof(int32_t), "matrix market column indices", &st);
  if (out->dst && field != MTX_PATTERN) out->w = gn_alloc_big(ctx, (size_t)nnz, sizeof(double), "matrix market values", &st);
  const int refuse_negative = opts && opts->refuse_negative_weights;
  if (st == GNEST_OK) st = parse_entries(&s, field, n, nnz, refuse_negative, out);
  if (st != GNEST_OK) gn_edges_free(out);
  return st;
}
