/* CSR construction: a counting sort of the arcs by source (O(m)), then, when asked, each adjacency
 * list sorted (stably: equal neighbours keep their input order) and duplicates merged keeping the
 * minimum weight.
 *
 * Small inputs: direct scatter, then per-list insertion sort (short lists) or radix sort (long).
 * Large inputs (gn_csr_blocked_min_arcs arcs and more): a cache-blocked scatter (below), because a direct
 * scatter writes every arc to a random place of a large array, a cache miss per arc. */
#include <stdlib.h>
#include <string.h>
#include "io_internal.h"

enum {
  kInsertionMax = 32,        /* lists up to this length: insertion sort, longer: radix sort */
  kBuckets = 1024            /* blocked scatter: source ranges */
};

/* Measured crossover on the 2-core dev box (RMAT, 2026-11-22): below ~4-8M arcs the direct
 * scatter is as fast or faster (and much faster on inputs with locality such as road networks). */
int64_t gn_csr_blocked_min_arcs = (int64_t)1 << 23;

void gn_csr_free(gn_csr *c) {
  if (!c) return;
  free(c->offsets);
  free(c->cols);
  free(c->weights);
  free(c->original_ids);
  memset(c, 0, sizeof *c);
}

static void default_options(gnest_load_options *o) {
  memset(o, 0, sizeof *o);
  o->merge_duplicates = 1;
  o->sort_adjacency = 1;
}

/* ---------------------------------------------------------------------------------------------
 * Counting and scattering. Arc k of edge i is (src, dst) and, when symmetrizing a non-loop,
 * (dst, src); self-loops are skipped when dropped.
 * ------------------------------------------------------------------------------------------- */
typedef struct build_plan {
  const gn_edges *e;
  int symmetrize, drop_self_loops;
} build_plan;

/* Checks every endpoint and counts out-degrees into offsets[u + 1]. */
static gnest_status count_degrees(gnest_ctx *ctx, const char *source, const build_plan *b, int64_t *offsets) {
  const gn_edges *e = b->e;
  const uint32_t n = (uint32_t)e->n;
  for (int64_t i = 0; i < e->m; i++) {
    int32_t u = e->src[i], v = e->dst[i];
    if ((uint32_t)u >= n || (uint32_t)v >= n)
      return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, source, 0,
                      "edge %lld (%d -> %d) has a vertex outside [0, %d)", (long long)i, u, v, e->n);
    if (u == v && b->drop_self_loops) continue;
    offsets[u + 1]++;
    if (b->symmetrize && u != v) offsets[v + 1]++;
  }
  return GNEST_OK;
}

/* Places arcs into their lists in input order. On entry offsets[u + 1] is the start of u's list;
 * each placement advances it, so on exit offsets[u + 1] is the end of u's list = the start of
 * u + 1's: the finished CSR offsets. */
static void scatter_direct(const build_plan *b, int64_t *offsets, int32_t *cols, float *weights) {
  const gn_edges *e = b->e;
  for (int64_t i = 0; i < e->m; i++) {
    int32_t u = e->src[i], v = e->dst[i];
    if (u == v && b->drop_self_loops) continue;
    int64_t at = offsets[u + 1]++;
    cols[at] = v;
    if (weights) weights[at] = e->w[i];
    if (b->symmetrize && u != v) {
      at = offsets[v + 1]++;
      cols[at] = u;
      if (weights) weights[at] = e->w[i];
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * Blocked scatter. Pass 1 distributes the arcs by source range ("bucket": 2^shift vertices) into
 * the bucket's region of the final arrays' positions, as keys (source - bucket base) << col_bits
 * | column. Pass 2 handles one bucket at a time, in cache: either places its arcs by source (input
 * order kept), or, when sorted lists are wanted, radix-sorts the bucket's keys (stable), which puts
 * every arc exactly at its final CSR position, sorted by (source, column) — no per-list sort.
 * ------------------------------------------------------------------------------------------- */
enum { kDigitBits = 11 };

typedef struct blocked {
  int shift, col_bits, buckets;
  uint64_t *keys, *keys2;  /* arcs; radix ping-pong scratch (max bucket size) */
  float *w, *w2;           /* weights alongside, when weighted */
} blocked;

static int bits_for(uint32_t max_value) {
  int bits = 1;
  while (bits < 32 && (max_value >> bits) != 0) bits++;
  return bits;
}

static void distribute(const build_plan *b, const blocked *bl, int64_t *cursor) {
  const gn_edges *e = b->e;
  const uint32_t low = (1u << bl->shift) - 1;
  for (int64_t i = 0; i < e->m; i++) {
    uint32_t u = (uint32_t)e->src[i], v = (uint32_t)e->dst[i];
    if (u == v && b->drop_self_loops) continue;
    int64_t at = cursor[u >> bl->shift]++;
    bl->keys[at] = (uint64_t)(u & low) << bl->col_bits | v;
    if (bl->w) bl->w[at] = e->w[i];
    if (b->symmetrize && u != v) {
      at = cursor[v >> bl->shift]++;
      bl->keys[at] = (uint64_t)(v & low) << bl->col_bits | u;
      if (bl->w) bl->w[at] = e->w[i];
    }
  }
}

static int keys_sorted(const uint64_t *k, int64_t len) {
  for (int64_t i = 1; i < len; i++)
    if (k[i - 1] > k[i]) return 0;
  return 1;
}

/* Stable LSD radix sort of k[0, len) (and w alongside) by kDigitBits digits. Returns 1 when the
 * result ended in the scratch arrays. */
static int radix_sort_bucket(uint64_t *k, float *w, uint64_t *k2, float *w2, int64_t len, int key_bits) {
  static _Thread_local int64_t count[1 << kDigitBits];
  int in_scratch = 0;
  for (int shift = 0; shift < key_bits; shift += kDigitBits) {
    const uint64_t mask = (1u << kDigitBits) - 1;
    memset(count, 0, sizeof count);
    for (int64_t i = 0; i < len; i++) count[(k[i] >> shift) & mask]++;
    if (count[(k[0] >> shift) & mask] == len) continue; /* every key has this digit */
    int64_t sum = 0;
    for (int d = 0; d <= (int)mask; d++) {
      int64_t x = count[d];
      count[d] = sum;
      sum += x;
    }
    for (int64_t i = 0; i < len; i++) {
      int64_t at = count[(k[i] >> shift) & mask]++;
      k2[at] = k[i];
      if (w) w2[at] = w[i];
    }
    uint64_t *tk = k; k = k2; k2 = tk;
    float *tw = w; w = w2; w2 = tw;
    in_scratch = !in_scratch;
  }
  return in_scratch;
}

/* Pass 2 for bucket [lo, hi) whose first vertex is base. */
static void place_bucket(const blocked *bl, int sort, int64_t lo, int64_t hi, uint32_t base, int64_t *offsets,
                         int32_t *cols, float *weights) {
  const uint64_t col_mask = ((uint64_t)1 << bl->col_bits) - 1;
  const uint64_t *k = bl->keys + lo;
  const float *w = bl->w ? bl->w + lo : NULL;
  if (!sort) {
    for (int64_t i = 0; i < hi - lo; i++) {
      int64_t at = offsets[base + (k[i] >> bl->col_bits) + 1]++;
      cols[at] = (int32_t)(k[i] & col_mask);
      if (w) weights[at] = w[i];
    }
    return;
  }
  if (!keys_sorted(k, hi - lo) &&
      radix_sort_bucket(bl->keys + lo, w ? bl->w + lo : NULL, bl->keys2, bl->w2, hi - lo, bl->shift + bl->col_bits)) {
    k = bl->keys2;
    w = w ? bl->w2 : NULL;
  }
  for (int64_t i = 0; i < hi - lo; i++) { /* sorted by (source, column): final positions */
    offsets[base + (k[i] >> bl->col_bits) + 1]++;
    cols[lo + i] = (int32_t)(k[i] & col_mask);
    if (w) weights[lo + i] = w[i];
  }
}

static void free_blocked(blocked *bl) {
  free(bl->keys);
  free(bl->keys2);
  free(bl->w);
  free(bl->w2);
}

/* Returns 0 when the scratch memory is not available (the caller scatters directly), else 1, or
 * 2 when the lists came out sorted. */
static int scatter_blocked(const build_plan *b, int sort, int64_t total, int64_t *offsets, int32_t *cols,
                           float *weights) {
  const int32_t n = b->e->n;
  blocked bl = {0, bits_for((uint32_t)n - 1), 0, NULL, NULL, NULL, NULL};
  while (((uint32_t)(n - 1) >> bl.shift) >= kBuckets) bl.shift++;
  bl.buckets = (int)((uint32_t)(n - 1) >> bl.shift) + 1;
  if ((uint64_t)total > SIZE_MAX / sizeof *bl.keys) return 0;
  bl.keys = malloc((size_t)total * sizeof *bl.keys);
  if (weights) bl.w = malloc((size_t)total * sizeof *bl.w);
  if (!bl.keys || (weights && !bl.w)) {
    free_blocked(&bl);
    return 0;
  }
  gn_advise_huge(bl.keys, (size_t)total * sizeof *bl.keys);
  int64_t start[kBuckets + 1], cursor[kBuckets], largest = 0;
  for (int k = 0; k < bl.buckets; k++) start[k] = cursor[k] = offsets[((int64_t)k << bl.shift) + 1];
  start[bl.buckets] = total;
  for (int k = 0; k < bl.buckets; k++)
    if (start[k + 1] - start[k] > largest) largest = start[k + 1] - start[k];
  distribute(b, &bl, cursor);
  if (sort) {
    bl.keys2 = malloc((size_t)largest * sizeof *bl.keys2);
    if (weights) bl.w2 = malloc((size_t)largest * sizeof *bl.w2);
    if (!bl.keys2 || (weights && !bl.w2)) sort = 0; /* place unsorted; the lists get sorted later */
  }
  for (int k = 0; k < bl.buckets; k++)
    place_bucket(&bl, sort, start[k], start[k + 1], (uint32_t)k << bl.shift, offsets, cols, weights);
  free_blocked(&bl);
  return sort ? 2 : 1;
}

/* ---------------------------------------------------------------------------------------------
 * Sorting one list, stably by column (equal columns keep their input order). Keys: the column in
 * the high 32 bits, the weight's bits in the low ones.
 * ------------------------------------------------------------------------------------------- */
static void insertion_sort(uint64_t *k, int64_t len) {
  for (int64_t i = 1; i < len; i++) {
    uint64_t x = k[i];
    int64_t j = i;
    for (; j > 0 && (k[j - 1] >> 32) > (x >> 32); j--) k[j] = k[j - 1];
    k[j] = x;
  }
}

/* LSD radix sort on the low col_bytes bytes of the column, skipping a byte on which every key
 * agrees. */
static void radix_sort(uint64_t *k, uint64_t *tmp, int64_t len, int col_bytes) {
  int64_t count[4][256];
  memset(count, 0, sizeof count[0] * (size_t)col_bytes);
  for (int64_t i = 0; i < len; i++)
    for (int b = 0; b < col_bytes; b++) count[b][(k[i] >> (32 + 8 * b)) & 0xff]++;
  for (int b = 0; b < col_bytes; b++) {
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

static void sort_list(int32_t *cols, float *weights, int64_t len, int col_bytes, uint64_t *keys, uint64_t *tmp) {
  for (int64_t i = 0; i < len; i++) {
    uint32_t wbits = 0;
    if (weights) memcpy(&wbits, &weights[i], sizeof wbits);
    keys[i] = (uint64_t)(uint32_t)cols[i] << 32 | wbits;
  }
  if (len <= kInsertionMax) insertion_sort(keys, len);
  else radix_sort(keys, tmp, len, col_bytes);
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
  int col_bytes = 1; /* bytes that column ids in [0, n) can differ in */
  while (col_bytes < 4 && ((uint32_t)(c->n > 0 ? c->n - 1 : 0) >> (8 * col_bytes)) != 0) col_bytes++;
  for (int32_t v = 0; v < c->n; v++) {
    int64_t b = c->offsets[v], len = c->offsets[v + 1] - b;
    if (len > 1 && !list_is_sorted(c->cols + b, len))
      sort_list(c->cols + b, c->weights ? c->weights + b : NULL, len, col_bytes, keys, keys + max_len);
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
  if (e->m > INT64_MAX / 4) /* symmetrizing doubles it */
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, source, 0, "%lld edges: too many", (long long)e->m);
  return GNEST_OK;
}

/* offsets[v + 1] = degree of v  ->  offsets[v + 1] = start of v's list (see scatter_direct). */
static int64_t shifted_prefix_sum(int64_t *offsets, int32_t n) {
  int64_t total = 0;
  for (int32_t v = 0; v < n; v++) {
    int64_t d = offsets[v + 1];
    offsets[v + 1] = total;
    total += d;
  }
  return total;
}

/* relabel: builds from the renumbered edges (the other options as given) and keeps the ids. */
static gnest_status build_relabelled(gnest_ctx *ctx, const char *source, const gn_edges *e,
                                     const gnest_load_options *o, gn_csr *out) {
  gn_edges renumbered;
  int32_t *ids = NULL;
  gnest_status st = gn_relabel_edges(ctx, e, &renumbered, &ids);
  if (st != GNEST_OK) return st;
  gnest_load_options plain = *o;
  plain.relabel = 0;
  st = gn_csr_build(ctx, source, &renumbered, &plain, out);
  gn_edges_free(&renumbered);
  if (st == GNEST_OK) out->original_ids = ids;
  else free(ids);
  return st;
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
  if (o.relabel) return build_relabelled(ctx, source, e, &o, out);
  build_plan plan = {e, o.symmetrize || e->symmetric, o.drop_self_loops};
  out->n = e->n;
  out->offsets = gn_alloc_big(ctx, (size_t)e->n + 1, sizeof(int64_t), "CSR offsets", &st);
  if (!out->offsets) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  if ((st = count_degrees(ctx, source, &plan, out->offsets)) != GNEST_OK) goto fail;
  out->m = shifted_prefix_sum(out->offsets, e->n);
  out->cols = gn_alloc_big(ctx, (size_t)out->m, sizeof(int32_t), "CSR columns", &st);
  if (out->cols && e->w) out->weights = gn_alloc_big(ctx, (size_t)out->m, sizeof(float), "CSR weights", &st);
  if (!out->cols || (e->w && !out->weights)) {
    if (st == GNEST_OK) st = GNEST_ERR_OUT_OF_MEMORY;
    goto fail;
  }
  const int want_sorted = o.sort_adjacency || o.merge_duplicates;
  int placed = out->m >= gn_csr_blocked_min_arcs && e->n > 0
                   ? scatter_blocked(&plan, want_sorted, out->m, out->offsets, out->cols, out->weights)
                   : 0;
  if (!placed) scatter_direct(&plan, out->offsets, out->cols, out->weights);
  if (placed == 2) out->sorted = 1;
  else if (want_sorted && (st = sort_lists(ctx, out)) != GNEST_OK) goto fail;
  if (o.merge_duplicates) merge_duplicates(out);
  out->symmetric = plan.symmetrize;
  return GNEST_OK;
fail:
  gn_csr_free(out);
  return st;
}
