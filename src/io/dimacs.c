/* DIMACS shortest-path .gr reader: "c" comments, "p sp n m", "a u v w" (1-based, weight integer
 * or real). Every arc has a weight. */
#include <stdio.h>
#include <string.h>
#include "io/io_internal.h"

static gnest_status problem_number(gn_scan *s, const char *name, int64_t *v) {
  gn_skip_blanks(s);
  char what[80];
  snprintf(what, sizeof what, "problem line 'p sp n m': expected the %s count", name);
  if (!gn_scan_int(s, v)) return gn_scan_expected(s, what);
  if (*v < 0)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "negative %s count %lld in the problem line",
                    name, (long long)*v);
  return GNEST_OK;
}

/* "p sp n m": s->p is just after the 'p'. */
static gnest_status parse_problem(gn_scan *s, int64_t *n, int64_t *m) {
  char kind[32];
  gn_skip_blanks(s);
  gn_token_text(s, kind, sizeof kind);
  if (strcmp(kind, "sp") != 0) {
    if (!*kind) return gn_scan_expected(s, "problem line: expected 'p sp n m'");
    return gn_error(s->ctx, GNEST_ERR_UNSUPPORTED_FORMAT, s->path, s->line,
                    "DIMACS problem type '%s' is not supported: only 'sp' (shortest path)", kind);
  }
  s->p += 2;
  gnest_status st;
  if ((st = problem_number(s, "vertex", n)) || (st = problem_number(s, "arc", m))) return st;
  gn_skip_blanks(s);
  if (!gn_at_eol(s)) return gn_scan_expected(s, "expected the end of the problem line 'p sp n m'");
  if (*n > INT32_MAX)
    return gn_error(s->ctx, GNEST_ERR_TOO_LARGE, s->path, s->line,
                    "%lld vertices: gnest supports fewer than 2^31", (long long)*n);
  /* An arc line takes at least 8 bytes ("a 1 1 1\n"), the last one 7: refuse before allocating. */
  size_t rest = (size_t)(s->end - s->p);
  if ((uint64_t)*m > ((uint64_t)rest + 1) / 8)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                    "the problem line declares %lld arcs but only %zu bytes follow it (truncated?)",
                    (long long)*m, rest);
  return GNEST_OK;
}

static gnest_status arc_vertex(gn_scan *s, int64_t n, int32_t *out) {
  gn_skip_blanks(s);
  const char *start = s->p;
  uint64_t v;
  if (gn_scan_uint(s, &v) && v >= 1 && v <= (uint64_t)n) {
    *out = (int32_t)(v - 1);
    return GNEST_OK;
  }
  s->p = start;
  int64_t iv;
  char tok[48];
  gn_token_text(s, tok, sizeof tok);
  if (gn_scan_int(s, &iv))
    return gn_error(s->ctx, GNEST_ERR_OUT_OF_RANGE, s->path, s->line, "vertex %s out of range [1, %lld]",
                    tok, (long long)n);
  return gn_scan_expected(s, "arc line 'a u v w': expected a vertex id");
}

/* "a u v w": s->p is just after the 'a'. refuse_negative: a negative w is an error. */
static gnest_status parse_arc(gn_scan *s, int64_t n, int refuse_negative, int32_t *u, int32_t *v,
                              double *w) {
  const char *line = s->p - 1;
  gnest_status st;
  gn_skip_blanks(s);
  const char *tail = s->p;
  if ((st = arc_vertex(s, n, u))) return st;
  gn_skip_blanks(s);
  const char *head = s->p;
  if ((st = arc_vertex(s, n, v))) return st;
  gn_skip_blanks(s);
  const char *weight = s->p;
  if ((st = gn_scan_weight(s, w, "arc line 'a u v w': expected a weight"))) return st;
  if (*w < 0.0 && refuse_negative) return gn_negative_weight(s, line, tail, head, weight);
  gn_skip_blanks(s);
  if (!gn_at_eol(s)) return gn_scan_expected(s, "expected the end of the arc line 'a u v w'");
  return GNEST_OK;
}

static gnest_status allocate(gnest_ctx *ctx, int64_t m, gn_edges *e) {
  gnest_status st = GNEST_OK;
  e->src = gn_alloc_big(ctx, (size_t)m, sizeof(int32_t), "DIMACS arc tails", &st);
  if (e->src) e->dst = gn_alloc_big(ctx, (size_t)m, sizeof(int32_t), "DIMACS arc heads", &st);
  if (e->dst) e->w = gn_alloc_big(ctx, (size_t)m, sizeof(double), "DIMACS arc weights", &st);
  if (st == GNEST_OK && !e->w) st = GNEST_ERR_OUT_OF_MEMORY;
  return st;
}

static gnest_status parse_lines(gn_scan *s, int refuse_negative, gn_edges *e) {
  int have_problem = 0;
  int64_t n = 0, m = 0, k = 0;
  gnest_status st;
  while (gn_skip_to_data(s, "c")) {
    char c = *s->p;
    int64_t line = s->line;
    if (c == 'a' && gn_is_blank(s->p[1])) {
      if (!have_problem)
        return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, line, "arc line before the problem line 'p sp n m'");
      s->p++;
      if ((k & (GN_PROGRESS_EVERY - 1)) == 0) gn_scan_progress(s);
      if (k < m) {
        if ((st = parse_arc(s, n, refuse_negative, &e->src[k], &e->dst[k], &e->w[k]))) return st;
      }
      k++; /* arcs beyond m are only counted, for the message */
    } else if (c == 'p' && gn_is_blank(s->p[1])) {
      if (have_problem)
        return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, line, "second problem line 'p ...'");
      s->p++;
      if ((st = parse_problem(s, &n, &m)) || (st = allocate(s->ctx, m, e))) return st;
      have_problem = 1;
      e->n = (int32_t)n;
      e->m = m;
    } else {
      return gn_scan_expected(s, "expected a DIMACS line 'c ...', 'p sp n m' or 'a u v w'");
    }
    gn_skip_line(s);
  }
  if (!have_problem) return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, 0, "missing problem line 'p sp n m'");
  if (k != m)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, k < m ? s->line : 0,
                    "the problem line declares %lld arcs but the file has %lld", (long long)m, (long long)k);
  return GNEST_OK;
}

gnest_status gn_parse_dimacs(gnest_ctx *ctx, const char *path, const char *text, size_t len,
                             const gnest_load_options *opts, gn_edges *out) {
  if (!out || (!text && len)) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_parse_dimacs", 0, "NULL argument");
  memset(out, 0, sizeof *out);
  if (!path) path = "(DIMACS text)";
  if (len == 0) return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "empty file: expected a DIMACS problem line 'p sp n m'");
  gn_scan s;
  gn_scan_init(&s, ctx, path, text, len);
  gnest_status st = parse_lines(&s, opts && opts->refuse_negative_weights, out);
  if (st != GNEST_OK) gn_edges_free(out);
  return st;
}
