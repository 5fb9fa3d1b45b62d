/* SNAP-style edge lists: one "u v [w]" per line, '#' or '%' comments (whole lines, or a token
 * after the last column to the line's end), blanks, TABs, commas and CRLF between tokens. 0-based
 * ids by default, 1-based on request; n = largest id + 1 (0-based).
 * A comment "# gnest edge list: N vertices, M arcs[, ...]" before the first data line (as
 * gn_write_edgelist writes it) declares n = N: trailing isolated vertices survive, every id must
 * be below N, and a list with no data lines is a graph of N vertices and no arcs. */
#include <stdlib.h>
#include <string.h>
#include "io/io_internal.h"

typedef struct edgelist_state {
  int one_based;
  int refuse_negative;  /* a negative weight is an error at its line */
  int64_t capacity, count;
  int columns;          /* 2 or 3, fixed by the first data line; 0 before it */
  int64_t first_line;   /* line that fixed columns */
  int64_t max_id;       /* largest id seen, 0-based */
  int64_t declared_n;   /* N of a "# gnest edge list: N vertices, M arcs" comment, else -1 */
} edgelist_state;

static void skip_separators(gn_scan *s) {
  while (gn_is_blank(*s->p) || *s->p == ',') s->p++;
}

/* At the end of a line's data: the newline, the end of the text, or a '#' or '%' comment that
 * starts a token and runs to the end of the line (s->p is then moved to the newline). */
static int at_data_end(gn_scan *s) {
  if (*s->p == '#' || *s->p == '%') {
    const char *nl = memchr(s->p, '\n', (size_t)(s->end - s->p));
    s->p = nl ? nl : s->end;
  }
  return gn_at_eol(s);
}

/* Upper bound of the data lines: newlines + 1. */
static int64_t count_lines(const char *text, size_t len) {
  int64_t lines = 1;
  const char *p = text, *end = text + len;
  while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
    lines++;
    p++;
  }
  return lines;
}

static gnest_status vertex_id(gn_scan *s, edgelist_state *st, int32_t *out) {
  uint64_t v;
  if (!gn_scan_uint(s, &v)) {
    int64_t iv;
    char tok[48];
    gn_token_text(s, tok, sizeof tok);
    if (gn_scan_int(s, &iv) && iv < 0)
      return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "negative vertex id %s", tok);
    return gn_scan_expected(s, "expected a vertex id (a non-negative integer)");
  }
  if (st->one_based) {
    if (v == 0)
      return gn_error(s->ctx, GNEST_ERR_OUT_OF_RANGE, s->path, s->line,
                      "vertex id 0 in a 1-based edge list (ids start at 1)");
    v--;
  }
  if (v >= (uint64_t)INT32_MAX)
    return gn_error(s->ctx, GNEST_ERR_TOO_LARGE, s->path, s->line,
                    "vertex id %llu does not fit: gnest supports fewer than 2^31 vertices",
                    (unsigned long long)(st->one_based ? v + 1 : v));
  if (st->declared_n >= 0 && (int64_t)v >= st->declared_n)
    return gn_error(s->ctx, GNEST_ERR_OUT_OF_RANGE, s->path, s->line,
                    "vertex id %llu is outside the %lld vertices declared by the '# gnest edge list' comment",
                    (unsigned long long)(st->one_based ? v + 1 : v), (long long)st->declared_n);
  if ((int64_t)v > st->max_id) st->max_id = (int64_t)v;
  *out = (int32_t)v;
  return GNEST_OK;
}

/* Fixes (first line) or checks the column count: weights are on every data line or none. */
static gnest_status check_columns(gn_scan *s, edgelist_state *st, int columns, gn_edges *e) {
  if (st->columns == 0) {
    st->columns = columns;
    st->first_line = s->line;
    if (columns == 3) {
      gnest_status rc = GNEST_OK;
      e->w = gn_alloc_big(s->ctx, (size_t)st->capacity, sizeof(double), "edge list weights", &rc);
      if (!e->w) return rc != GNEST_OK ? rc : GNEST_ERR_OUT_OF_MEMORY;
    }
    return GNEST_OK;
  }
  if (columns == st->columns) return GNEST_OK;
  return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                  "this line has %d columns but line %lld has %d: the weight column must be on every line or none",
                  columns, (long long)st->first_line, st->columns);
}

static gnest_status parse_line(gn_scan *s, edgelist_state *st, gn_edges *e) {
  int64_t k = st->count;
  gnest_status rc;
  const char *u = s->p;
  if ((rc = vertex_id(s, st, &e->src[k]))) return rc;
  skip_separators(s);
  if (at_data_end(s))
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                    "expected 2 or 3 columns 'u v [w]', found 1");
  const char *v = s->p;
  if ((rc = vertex_id(s, st, &e->dst[k]))) return rc;
  skip_separators(s);
  double w = 0.0;
  int columns = 2;
  if (!at_data_end(s)) {
    const char *weight = s->p;
    const gnest_status bad = gn_scan_weight(s, &w, "expected a weight (third column)");
    if (bad != GNEST_OK) return bad;
    if (w < 0.0 && st->refuse_negative) return gn_negative_weight(s, u, u, v, weight);
    columns = 3;
    skip_separators(s);
    if (!at_data_end(s))
      return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                      "expected 2 or 3 columns 'u v [w]', found more than 3");
  }
  if ((rc = check_columns(s, st, columns, e))) return rc;
  if (columns == 3) e->w[k] = w;
  st->count++;
  return GNEST_OK;
}

/* Reads "<digits><word>" at *p (word e.g. " vertices"); returns the number (saturated) or -1. */
static int64_t header_count(const char **p, const char *word) {
  const char *q = *p;
  int64_t v = 0;
  if (!gn_is_digit(*q)) return -1;
  for (; gn_is_digit(*q); q++) v = v < INT64_MAX / 10 - 9 ? v * 10 + (*q - '0') : INT64_MAX;
  size_t len = strlen(word);
  if (strncmp(q, word, len) != 0) return -1;
  *p = q + len;
  return v;
}

/* Before the first data line: s->p is on a comment line. When it is the writer's header
 * "# gnest edge list: N vertices, M arcs" (end of line or ", ..." after it), records N. */
static gnest_status parse_header_comment(gn_scan *s, edgelist_state *st) {
  static const char kPrefix[] = "# gnest edge list: ";
  const char *q = s->p;
  if ((size_t)(s->end - q) < sizeof kPrefix || strncmp(q, kPrefix, sizeof kPrefix - 1) != 0) return GNEST_OK;
  q += sizeof kPrefix - 1;
  int64_t n = header_count(&q, " vertices, ");
  if (n < 0 || header_count(&q, " arcs") < 0) return GNEST_OK;
  if (!(*q == '\n' || *q == '\r' || *q == ',' || q >= s->end)) return GNEST_OK;
  if (n > INT32_MAX - 1)
    return gn_error(s->ctx, GNEST_ERR_TOO_LARGE, s->path, s->line,
                    "the edge list declares %lld vertices: gnest supports fewer than 2^31", (long long)n);
  st->declared_n = n;
  return GNEST_OK;
}

/* Gives back the unused tail of the arrays (comment lines were counted in the capacity). */
static void shrink(gn_edges *e, int64_t count) {
  const size_t slots = (size_t)(count > 0 ? count : 1);
  void *p;
  if ((p = realloc(e->src, slots * sizeof *e->src))) e->src = p;
  if ((p = realloc(e->dst, slots * sizeof *e->dst))) e->dst = p;
  if (e->w && (p = realloc(e->w, slots * sizeof *e->w))) e->w = p;
}

gnest_status gn_parse_edgelist(gnest_ctx *ctx, const char *path, const char *text, size_t len,
                               const gnest_load_options *opts, gn_edges *out) {
  if (!out || (!text && len)) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_parse_edgelist", 0, "NULL argument");
  memset(out, 0, sizeof *out);
  if (!path) path = "(edge list text)";
  if (len == 0) return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "empty file: expected edge lines 'u v [w]'");
  edgelist_state st = {opts && opts->one_based, opts && opts->refuse_negative_weights,
                       count_lines(text, len), 0, 0, 0, -1, -1};
  gnest_status rc = GNEST_OK;
  out->src = gn_alloc_big(ctx, (size_t)st.capacity, sizeof(int32_t), "edge list sources", &rc);
  if (out->src) out->dst = gn_alloc_big(ctx, (size_t)st.capacity, sizeof(int32_t), "edge list targets", &rc);
  gn_scan s;
  gn_scan_init(&s, ctx, path, text, len);
  s.sep = ',';
  /* the header comment counts only before the first data line */
  while (rc == GNEST_OK && st.declared_n < 0 && gn_skip_to_data(&s, "")) {
    if (*s.p != '#' && *s.p != '%') break;
    rc = parse_header_comment(&s, &st);
    gn_skip_line(&s);
  }
  while (rc == GNEST_OK && gn_skip_to_data(&s, "#%")) {
    if ((st.count & (GN_PROGRESS_EVERY - 1)) == 0) gn_scan_progress(&s);
    if ((rc = parse_line(&s, &st, out)) == GNEST_OK) {
      if (*s.p == '\n') {
        s.p++;
        s.line++;
      }
    }
  }
  if (rc == GNEST_OK && st.count == 0 && st.declared_n < 0)
    rc = gn_error(ctx, GNEST_ERR_PARSE, path, 0, "no edges: expected lines 'u v [w]'");
  if (rc != GNEST_OK) {
    gn_edges_free(out);
    return rc;
  }
  out->n = (int32_t)(st.max_id + 1 > st.declared_n ? st.max_id + 1 : st.declared_n);
  out->m = st.count;
  shrink(out, st.count);
  return GNEST_OK;
}
