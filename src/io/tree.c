/* Tree files: '#' or '%' comment lines, the node count n, then n parent ids (-1 for the root),
 * whitespace separated. Only syntax and ranges are checked here; gn_tree_build checks the shape. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "io/io_internal.h"

static gnest_status parse_count(gn_scan *s, int64_t *n) {
  if (!gn_skip_to_data(s, "#%"))
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "expected the node count, found end of file");
  if (!gn_scan_int(s, n)) return gn_scan_expected(s, "expected the node count");
  if (*n < 0) return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "negative node count %lld", (long long)*n);
  if (*n > INT32_MAX)
    return gn_error(s->ctx, GNEST_ERR_TOO_LARGE, s->path, s->line,
                    "%lld nodes: gnest supports fewer than 2^31", (long long)*n);
  /* each parent id takes at least 2 bytes ("0 "), the last one 1: refuse before allocating */
  size_t rest = (size_t)(s->end - s->p);
  if ((uint64_t)*n > (uint64_t)rest / 2)
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                    "declares %lld nodes but only %zu bytes follow: expected %lld parent ids (truncated?)",
                    (long long)*n, rest, (long long)*n);
  return GNEST_OK;
}

static gnest_status parse_parent(gn_scan *s, int64_t n, int32_t *out) {
  int64_t v;
  char tok[48];
  gn_token_text(s, tok, sizeof tok);
  if (!gn_scan_int(s, &v)) return gn_scan_expected(s, "expected a parent id (an integer, -1 for the root)");
  if (v < -1 || v >= n)
    return gn_error(s->ctx, GNEST_ERR_OUT_OF_RANGE, s->path, s->line,
                    "parent id %s out of range: expected -1 (root) or a node in [0, %lld)", tok, (long long)n);
  *out = (int32_t)v;
  return GNEST_OK;
}

/* Separators between ids: blanks, newlines and comment lines. Returns 0 at the end of the text. */
static int next_token(gn_scan *s) {
  gn_skip_blanks(s);
  return gn_skip_to_data(s, "#%");
}

static gnest_status parse_parents(gn_scan *s, int64_t n, int32_t *parent) {
  gnest_status rc;
  for (int64_t i = 0; i < n; i++) {
    if (!next_token(s))
      return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                      "expected %lld parent ids, found %lld (file truncated?)", (long long)n, (long long)i);
    if ((rc = parse_parent(s, n, &parent[i]))) return rc;
  }
  if (next_token(s))
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                    "more than the %lld parent ids declared by the node count", (long long)n);
  return GNEST_OK;
}

gnest_status gn_parse_tree(gnest_ctx *ctx, const char *path, const char *text, size_t len, int32_t *n,
                           int32_t **parent) {
  if (!n || !parent || (!text && len))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_parse_tree", 0, "NULL argument");
  *n = 0;
  *parent = NULL;
  if (!path) path = "(tree text)";
  if (len == 0) return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "empty file: expected the node count");
  gn_scan s;
  gn_scan_init(&s, ctx, path, text, len);
  int64_t count;
  gnest_status rc = parse_count(&s, &count);
  if (rc != GNEST_OK) return rc;
  int32_t *p = gn_alloc(ctx, (size_t)count, sizeof(int32_t), "tree parent ids", &rc);
  if (!p) return rc != GNEST_OK ? rc : GNEST_ERR_OUT_OF_MEMORY;
  if ((rc = parse_parents(&s, count, p)) != GNEST_OK) {
    free(p);
    return rc;
  }
  *n = (int32_t)count;
  *parent = p;
  return GNEST_OK;
}

gnest_status gn_write_tree(gnest_ctx *ctx, const char *path, int32_t n, const int32_t *parent) {
  if (!path || n < 0 || (n > 0 && !parent))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_write_tree", 0, "NULL path or parent array, or n < 0");
  gn_writer *w;
  gnest_status rc = gn_writer_open(ctx, path, &w);
  if (rc != GNEST_OK) return rc;
  char *q = gn_writer_reserve(w, 128);
  q += sprintf(q, "# gnest tree: node count, then the parent of each node 0..n-1 (-1 = root)\n");
  q = gn_format_int(q, n);
  *q++ = '\n';
  gn_writer_commit(w, q);
  for (int32_t i = 0; i < n; i++) {
    q = gn_writer_reserve(w, 16);
    q = gn_format_int(q, parent[i]);
    *q++ = '\n';
    gn_writer_commit(w, q);
  }
  return gn_writer_close(w, 1);
}
