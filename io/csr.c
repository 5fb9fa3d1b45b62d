/* CSR construction: counting sort of the arcs by source (O(m)), then, when asked, each adjacency
 * list sorted (insertion sort for short lists, LSD radix sort for long ones) and duplicates merged
 * keeping the minimum weight. */
#include <stdlib.h>
#include <string.h>
#include "io_internal.h"

enum { kInsertionMax = 32 };

void gn_csr_free(gn_csr *c) {
  if (!c) return;
  free(c->offsets);
  free(c->cols);
  free(c->weights);
  memset(c, 0, sizeof *c);
}

static void default_options(gnest_load_options *o) {
  memset(o, 0, sizeof *o);
  o->merge_duplicates = 1;
  o->sort_adjacency = 1;
}

/* Checks every endpoint and counts out-degrees into offsets[u + 1]. */
static gnest_status count_degrees(gnest_ctx *ctx, const char *source, const gn_edges *e, int symmetrize,
                                  int drop_self_loops, int64_t *offsets) {
  const uint32_t n = (uint32_t)e->n;
  for (int64_t i = 0; i < e->m; i++) {
    int32_t u = e->src[i], v = e->dst[i];
    if ((uint32_t)u >= n || (uint32_t)v >= n)
      return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, source, 0,
                      "edge %lld (%d -> %d) has a vertex outside [0, %d)", (long long)i, u, v, e->n);
    if (u == v && drop_self_loops) continue;
    offsets[u + 1]++;
    if (symmetrize && u != v) offsets[v + 1]++;
  }
  return GNEST_OK;
}

/* Scatters the arcs into their lists (input order inside each list). On entry offsets[u + 1] is
 * the start of u's list; each placement advances it, so on exit offsets[u + 1] is the end of u's
 * list = the start of u + 1's: the finished CSR offsets. */
static void scatter(const gn_edges *e, int symmetrize, int drop_self_loops, int64_t *offsets, int32_t *cols,
                    float *weights) {
  for (int64_t i = 0; i < e->m; i++) {
    int32_t u = e->src[i], v = e->dst[i];
    if (u == v && drop_self_loops) continue;
    int64_t at = offsets[u + 1]++;
    cols[at] = v;
    if (weights) weights[at] = e->w[i];
    if (symmetrize && u != v) {
      at = offsets[v + 1]++;
      cols[at] = u;
      if (weights) weights[at] = e->w[i];
    }
  }
}

/* Sort keys: the column in the high 32 bits, the weight's bits in the low ones. Both sorts below
 * are stable on the column alone. */
static void insertion_sort(uint64_t *k, int64_t len) {
  for (int64_t i = 1; i < len; i++) {
    uint64_t x = k[i];
    int64_t j = i;
    while (j > 0 && (k[j - 1] >> 32) > (x >> 32)) {
      k[j] = k[j - 1];
      j--;
    }
    k[j] = x;
  }
}

/* LSD radix sort on the column bytes, skipping bytes where every key agrees. */
static void radix_sort(uint64_t *k, uint64_t *tmp, int64_t len) {
  int64_t count[4][256];
  memset(count, 0, sizeof count);
  for (int64_t i = 0; i < len; i++)
    for (int b = 0; b < 4; b++) count[b][(k[i] >> (32 + 8 * b)) & 0xff]++;
  for (int b = 0; b < 4; b++) {
    int64_t *c = count[b];
    if (c[(k[0] >> (32 + 8 * b)) & 0xff] == len) continue; /* one bucket holds all */
    int64_t sum = 0;
    for (int d = 0; d < 256; d++) {
      int64_t x = c[d];
      c[d] = sum;
      sum += x;
    }
    for (int64_t i = 0; i < len; i++) tmp[c[(k[i] >> (32 + 8 * b)) & 0xff]++] = k[i];
    memcpy(k, tmp, (size_t)len * sizeof *k);
  }
}

static int list_is_sorted(const int32_t *cols, int64_t len) {
  for (int64_t i = 1; i < len; i++)
    if (cols[i - 1] > cols[i]) return 0;
  return 1;
}

static void sort_list(int32_t *cols, float *weights, int64_t len, uint64_t *keys, uint64_t *tmp) {
  for (int64_t i = 0; i < len; i++) {
    uint32_t wbits = 0;
    if (weights) memcpy(&wbits, &weights[i], sizeof wbits);
    keys[i] = (uint64_t)(uint32_t)cols[i] << 32 | wbits;
  }
  if (len <= kInsertionMax) insertion_sort(keys, len);
  else radix_sort(keys, tmp, len);
  for (int64_t i = 0; i < len; i++) {
    cols[i] = (int32_t)(keys[i] >> 32);
    if (weights) {
      uint32_t wbits = (uint32_t)keys[i];
      memcpy(&weights[i], &wbits, sizeof wbits);
    }
  }
}

static gnest_status sort_lists(gnest_ctx *ctx, gn_csr *c) {
  int64_t max_len = 0;
  for (int32_t v = 0; v < c->n; v++)
    if (c->offsets[v + 1] - c->offsets[v] > max_len) max_len = c->offsets[v + 1] - c->offsets[v];
  gnest_status st = GNEST_OK;
  uint64_t *keys = gn_alloc(ctx, (size_t)max_len * 2, sizeof(uint64_t), "adjacency sort buffer", &st);
  if (!keys) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  for (int32_t v = 0; v < c->n; v++) {
    int64_t b = c->offsets[v], len = c->offsets[v + 1] - b;
    if (len > 1 && !list_is_sorted(c->cols + b, len))
      sort_list(c->cols + b, c->weights ? c->weights + b : NULL, len, keys, keys + max_len);
  }
  free(keys);
  c->sorted = 1;
  return GNEST_OK;
}

/* Sorted lists: equal neighbours become one arc with the smallest weight. Compacts in place. */
static void merge_duplicates(gn_csr *c) {
  int64_t out = 0, begin = 0;
  for (int32_t v = 0; v < c->n; v++) {
    int64_t end = c->offsets[v + 1];
    c->offsets[v] = out;
    for (int64_t i = begin; i < end; i++) {
      if (i > begin && c->cols[i] == c->cols[out - 1]) {
        if (c->weights && c->weights[i] < c->weights[out - 1]) c->weights[out - 1] = c->weights[i];
        continue;
      }
      c->cols[out] = c->cols[i];
      if (c->weights) c->weights[out] = c->weights[i];
      out++;
    }
    begin = end;
  }
  c->offsets[c->n] = out;
  c->m = out;
  c->merged = 1;
  void *p;
  if (out > 0 && (p = realloc(c->cols, (size_t)out * sizeof *c->cols))) c->cols = p;
  if (out > 0 && c->weights && (p = realloc(c->weights, (size_t)out * sizeof *c->weights))) c->weights = p;
}

static gnest_status check_edges(gnest_ctx *ctx, const char *source, const gn_edges *e) {
  if (!e) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, source, 0, "no edges given");
  if (e->n < 0 || e->m < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, source, 0, "negative vertex or edge count (n %d, m %lld)",
                    e->n, (long long)e->m);
  if (e->m > 0 && (!e->src || !e->dst))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, source, 0, "NULL source or target array");
  if (e->m > INT64_MAX / 4)
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, source, 0, "%lld edges: too many", (long long)e->m);
  return GNEST_OK;
}

gnest_status gn_csr_build(gnest_ctx *ctx, const char *source, const gn_edges *e,
                          const gnest_load_options *opts, gn_csr *out) {
  if (!source) source = "gn_csr_build";
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, source, 0, "out is NULL");
  memset(out, 0, sizeof *out);
  gnest_status st = check_edges(ctx, source, e);
  if (st != GNEST_OK) return st;
  gnest_load_options o;
  if (opts) o = *opts;
  else default_options(&o);
  const int symmetrize = o.symmetrize || e->symmetric;
  out->n = e->n;
  out->offsets = gn_alloc_big(ctx, (size_t)e->n + 1, sizeof(int64_t), "CSR offsets", &st);
  if (!out->offsets) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  memset(out->offsets, 0, ((size_t)e->n + 1) * sizeof(int64_t));
  if ((st = count_degrees(ctx, source, e, symmetrize, o.drop_self_loops, out->offsets)) != GNEST_OK) goto fail;
  /* exclusive prefix shifted by one: offsets[u + 1] = start of u's list (see scatter) */
  int64_t total = 0;
  for (int32_t v = 0; v < e->n; v++) {
    int64_t d = out->offsets[v + 1];
    out->offsets[v + 1] = total;
    total += d;
  }
  out->m = total;
  out->cols = gn_alloc_big(ctx, (size_t)total, sizeof(int32_t), "CSR columns", &st);
  if (!out->cols) goto fail_oom;
  if (e->w && !(out->weights = gn_alloc_big(ctx, (size_t)total, sizeof(float), "CSR weights", &st))) goto fail_oom;
  scatter(e, symmetrize, o.drop_self_loops, out->offsets, out->cols, e->w ? out->weights : NULL);
  if ((o.sort_adjacency || o.merge_duplicates) && (st = sort_lists(ctx, out)) != GNEST_OK) goto fail;
  if (o.merge_duplicates) merge_duplicates(out);
  out->symmetric = symmetrize;
  return GNEST_OK;
fail_oom:
  if (st == GNEST_OK) st = GNEST_ERR_OUT_OF_MEMORY;
fail:
  gn_csr_free(out);
  return st;
}
