/* CSR construction: a counting sort of the arcs by source (O(m)), then, when asked, each adjacency
 * list sorted (stably: equal neighbours keep their input order) and duplicates merged keeping the
 * minimum weight.
 *
 * Small inputs: direct scatter, then per-list insertion sort (short lists) or radix sort (long).
 * Large inputs (gn_csr_blocked_min_arcs arcs and more): a cache-blocked scatter (below), because a direct
 * scatter writes every arc to a random place of a large array, a cache miss per arc. */
#include <stdlib.h>
#include <string.h>
#include "io/io_internal.h"
#include "base/parallel.h"

enum {
  kInsertionMax = 32,        /* lists up to this length: insertion sort, longer: radix sort */
  kBuckets = 1024            /* blocked scatter: source ranges */
};

/* Measured crossover on the 2-core dev box (RMAT): below ~4-8M arcs the direct
 * scatter is as fast or faster (and much faster on inputs with locality such as road networks). */
int64_t gn_csr_blocked_min_arcs = (int64_t)1 << 23;
/* > 0: the most keys a round of the blocked build holds (tests); 0: from the host's memory. */
int64_t gn_csr_blocked_round_arcs = 0;

/* The row-order scan on host threads (a cache of 2 billion arcs took 80 s on one): each thread
 * owns a fixed share of the rows, so the answer does not depend on the thread count. */
typedef struct order_job {
  const gn_csr *c;
  int32_t bound[kGnMaxThreads + 1]; /* thread t's rows */
  int sorted[kGnMaxThreads], merged[kGnMaxThreads];
} order_job;

static void order_rows(void *arg, int t) {
  order_job *j = arg;
  const gn_csr *c = j->c;
  int sorted = 1, merged = 1;
  for (int32_t u = j->bound[t]; u < j->bound[t + 1] && sorted; u++)
    for (int64_t k = c->offsets[u] + 1; k < c->offsets[u + 1]; k++) {
      if (c->cols[k] < c->cols[k - 1]) sorted = 0;
      else if (c->cols[k] == c->cols[k - 1]) merged = 0;
    }
  j->sorted[t] = sorted;
  j->merged[t] = merged;
}

void gn_csr_note_order(gn_csr *c) {
  order_job j;
  memset(&j, 0, sizeof j);
  j.c = c;
  const int threads = gn_split_rows_by_arcs(c->offsets, c->n, j.bound);
  gn_parallel_run(threads, order_rows, &j);
  c->sorted = c->merged = 1;
  for (int t = 0; t < threads; t++) {
    c->sorted = c->sorted && j.sorted[t];
    c->merged = c->merged && j.merged[t];
  }
  c->merged = c->merged && c->sorted;
}

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

static gnest_status bad_endpoint(gnest_ctx *ctx, const char *source, const gn_edges *e, int64_t i) {
  return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, source, 0, "edge %lld (%d -> %d) has a vertex outside [0, %d)",
                  (long long)i, e->src[i], e->dst[i], e->n);
}

static inline int endpoints_ok(const gn_edges *e, int64_t i) {
  return (uint32_t)e->src[i] < (uint32_t)e->n && (uint32_t)e->dst[i] < (uint32_t)e->n;
}

/* Checks every endpoint and counts out-degrees into offsets[u + 1]. */
static gnest_status count_degrees(gnest_ctx *ctx, const char *source, const build_plan *b, int64_t *offsets) {
  const gn_edges *e = b->e;
  for (int64_t i = 0; i < e->m; i++) {
    int32_t u = e->src[i], v = e->dst[i];
    if (!endpoints_ok(e, i)) return bad_endpoint(ctx, source, e, i);
    if (u == v && b->drop_self_loops) continue;
    offsets[u + 1]++;
    if (b->symmetrize && u != v) offsets[v + 1]++;
  }
  return GNEST_OK;
}

/* Places arcs into their lists in input order. On entry offsets[u + 1] is the start of u's list;
 * each placement advances it, so on exit offsets[u + 1] is the end of u's list = the start of
 * u + 1's: the finished CSR offsets. */
static void scatter_direct(const build_plan *b, int64_t *offsets, int32_t *cols, double *weights) {
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
 * Blocked build, on host threads (src/base/parallel.h). Vertices are grouped in "buckets" of
 * 2^shift consecutive ids; arcs become keys (source - bucket base) << col_bits | column.
 *   Pass 1, threads over contiguous chunks of the edges: endpoints checked, arcs counted per chunk
 *     and bucket. Bucket k's arcs take positions after those of buckets < k, and inside bucket k
 *     chunk t's arcs follow those of chunks < t: the keys of a bucket stay in input order.
 *   Pass 2, threads over the same chunks: every key written at its chunk's cursor in its bucket.
 *   Pass 3, threads taking buckets from a shared counter: a bucket (in cache) counts its vertices'
 *     degrees, sets their offsets, and places its keys by source in input order, or, when sorted
 *     lists are wanted, radix-sorts them (stable), which puts every arc at its final position,
 *     sorted by (source, column). Buckets own disjoint vertices and positions.
 * The keys take 8 bytes an arc (16 with weights) beside the CSR's own 4 (12): when they do not fit
 * in the host's available memory, passes 2 and 3 run in rounds, each over a range of consecutive
 * buckets whose keys fit, every round reading all the edges (RMAT scale 27 with weights: 4.3 G
 * arcs, 69 GB of keys beside the 52 GB CSR and the 34 GB edge list, on a 128 GB host).
 * A direct scatter writes every arc to a random place of a large array (a cache miss per arc);
 * this writes sequentially within each bucket. The result is the same for any thread count.
 * ------------------------------------------------------------------------------------------- */
enum { kDigitBits = 11 };

typedef struct blocked {
  const build_plan *b;
  int shift, col_bits, buckets, sort;
  int threads;             /* passes 1 and 2 */
  int64_t *cursor;         /* [threads][kBuckets]: chunk t's count in bucket k, then its cursor */
  int64_t *first_bad;      /* [threads]: first edge of chunk t with a bad endpoint, -1 if none */
  int64_t start[kBuckets + 1];
  int rounds;              /* passes 2 and 3 in rounds of buckets: round r ends at round_end[r] */
  int round_end[kBuckets];
  int round_lo, round_hi;  /* this round's buckets */
  int64_t key_origin;      /* this round's first position: keys[0] holds it */
  uint64_t *keys;          /* the round's keys, bucket by bucket */
  double *w;               /* weights alongside, when weighted */
  int sorters;             /* pass 3 threads: one radix scratch each (largest bucket's size) */
  uint64_t *scratch_keys[kGnMaxThreads];
  double *scratch_w[kGnMaxThreads];
  int next_bucket;         /* pass 3's shared counter */
  int64_t *offsets;
  int32_t *cols;
  double *weights;
} blocked;

static int bits_for(uint32_t max_value) {
  const int bits = gn_bit_width(max_value);
  return bits > 0 ? bits : 1;
}

static void chunk_range(const blocked *bl, int t, int64_t *begin, int64_t *end) {
  gn_parallel_share(bl->b->e->m, t, bl->threads, begin, end);
}

static void count_chunk(void *arg, int t) {
  blocked *bl = arg;
  const build_plan *b = bl->b;
  const gn_edges *e = b->e;
  int64_t *count = bl->cursor + (size_t)t * kBuckets, begin, end;
  chunk_range(bl, t, &begin, &end);
  bl->first_bad[t] = -1;
  for (int64_t i = begin; i < end; i++) {
    if (!endpoints_ok(e, i)) {
      bl->first_bad[t] = i;
      return;
    }
    uint32_t u = (uint32_t)e->src[i], v = (uint32_t)e->dst[i];
    if (u == v && b->drop_self_loops) continue;
    count[u >> bl->shift]++;
    if (b->symmetrize && u != v) count[v >> bl->shift]++;
  }
}

static void distribute_chunk(void *arg, int t) {
  blocked *bl = arg;
  const build_plan *b = bl->b;
  const gn_edges *e = b->e;
  const uint32_t low = (1u << bl->shift) - 1;
  int64_t *cursor = bl->cursor + (size_t)t * kBuckets, begin, end;
  chunk_range(bl, t, &begin, &end);
  const uint32_t lo = (uint32_t)bl->round_lo, hi = (uint32_t)bl->round_hi;
  for (int64_t i = begin; i < end; i++) {
    uint32_t u = (uint32_t)e->src[i], v = (uint32_t)e->dst[i];
    if (u == v && b->drop_self_loops) continue;
    if (u >> bl->shift >= lo && u >> bl->shift < hi) {
      const int64_t at = cursor[u >> bl->shift]++ - bl->key_origin;
      bl->keys[at] = (uint64_t)(u & low) << bl->col_bits | v;
      if (bl->w) bl->w[at] = e->w[i];
    }
    if (b->symmetrize && u != v && v >> bl->shift >= lo && v >> bl->shift < hi) {
      const int64_t at = cursor[v >> bl->shift]++ - bl->key_origin;
      bl->keys[at] = (uint64_t)(v & low) << bl->col_bits | u;
      if (bl->w) bl->w[at] = e->w[i];
    }
  }
}

/* Bucket totals into start[], each chunk's count into its cursor; returns the total arcs. */
static int64_t bucket_layout(blocked *bl) {
  int64_t total = 0;
  for (int k = 0; k < bl->buckets; k++) {
    bl->start[k] = total;
    for (int t = 0; t < bl->threads; t++) {
      int64_t *c = &bl->cursor[(size_t)t * kBuckets + k], count = *c;
      *c = total;
      total += count;
    }
  }
  bl->start[bl->buckets] = total;
  return total;
}

static int keys_sorted(const uint64_t *k, int64_t len) {
  for (int64_t i = 1; i < len; i++)
    if (k[i - 1] > k[i]) return 0;
  return 1;
}

/* Stable LSD radix sort of k[0, len) (and w alongside) by kDigitBits digits. Returns 1 when the
 * result ended in the scratch arrays. */
static int radix_sort_bucket(uint64_t *k, double *w, uint64_t *k2, double *w2, int64_t len, int key_bits) {
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
    double *tw = w; w = w2; w2 = tw;
    in_scratch = !in_scratch;
  }
  return in_scratch;
}

/* offsets[v + 1] = start of v's list for the bucket's vertices [base, base + count), from its
 * keys k[0, len) at position lo. */
static void bucket_offsets(const blocked *bl, const uint64_t *k, int64_t len, int64_t lo, uint32_t base,
                           uint32_t count) {
  int64_t *deg = bl->offsets + base + 1;
  memset(deg, 0, (size_t)count * sizeof *deg);
  for (int64_t i = 0; i < len; i++) deg[k[i] >> bl->col_bits]++;
  for (uint32_t j = 0; j < count; j++) {
    int64_t d = deg[j];
    deg[j] = lo;
    lo += d;
  }
}

/* Pass 3 for bucket kb with the radix scratch of sorter t (each placement advances offsets[v + 1]
 * from the start of v's list to its end = the start of v + 1's: the finished CSR offsets). */
static void place_bucket(const blocked *bl, int kb, int t) {
  const int64_t lo = bl->start[kb], len = bl->start[kb + 1] - lo;
  const uint32_t base = (uint32_t)kb << bl->shift, n = (uint32_t)bl->b->e->n;
  const uint32_t count = n - base < (1u << bl->shift) ? n - base : (1u << bl->shift);
  const uint64_t col_mask = ((uint64_t)1 << bl->col_bits) - 1;
  uint64_t *keys = bl->keys + (lo - bl->key_origin);
  double *kw = bl->w ? bl->w + (lo - bl->key_origin) : NULL;
  const uint64_t *k = keys;
  const double *w = kw;
  int64_t *offsets = bl->offsets + base + 1;
  bucket_offsets(bl, k, len, lo, base, count);
  if (!bl->sort) {
    for (int64_t i = 0; i < len; i++) {
      int64_t at = offsets[k[i] >> bl->col_bits]++;
      bl->cols[at] = (int32_t)(k[i] & col_mask);
      if (w) bl->weights[at] = w[i];
    }
    return;
  }
  if (len > 0 && !keys_sorted(k, len) &&
      radix_sort_bucket(keys, kw, bl->scratch_keys[t], bl->scratch_w[t], len,
                        bl->shift + bl->col_bits)) {
    k = bl->scratch_keys[t];
    w = w ? bl->scratch_w[t] : NULL;
  }
  for (int64_t i = 0; i < len; i++) { /* sorted by (source, column): final positions */
    offsets[k[i] >> bl->col_bits]++;
    bl->cols[lo + i] = (int32_t)(k[i] & col_mask);
    if (w) bl->weights[lo + i] = w[i];
  }
}

static void place_buckets(void *arg, int t) {
  blocked *bl = arg;
  for (;;) {
    int kb = __atomic_fetch_add(&bl->next_bucket, 1, __ATOMIC_RELAXED);
    if (kb >= bl->round_hi) return;
    place_bucket(bl, kb, t);
  }
}

/* Radix scratch for as many sorters as fit in a quarter of the keys' size (`total`: a round's
 * largest, at least one); none: the lists are placed unsorted and sorted afterwards. */
static void alloc_sorters(blocked *bl, int64_t total) {
  int64_t largest = 1;
  for (int k = 0; k < bl->buckets; k++)
    if (bl->start[k + 1] - bl->start[k] > largest) largest = bl->start[k + 1] - bl->start[k];
  const int64_t per = largest * (int64_t)(sizeof(uint64_t) + (bl->w ? sizeof(double) : 0));
  int64_t fit = total * (int64_t)sizeof(uint64_t) / 4 / per;
  int want = gn_parallel_threads();
  if (fit < want) want = fit < 1 ? 1 : (int)fit;
  bl->sorters = 0;
  for (int t = 0; t < want; t++) {
    bl->scratch_keys[t] = malloc((size_t)largest * sizeof(uint64_t));
    bl->scratch_w[t] = bl->w ? malloc((size_t)largest * sizeof(double)) : NULL;
    if (!bl->scratch_keys[t] || (bl->w && !bl->scratch_w[t])) {
      free(bl->scratch_keys[t]);
      free(bl->scratch_w[t]);
      break;
    }
    bl->sorters++;
  }
  if (bl->sorters == 0) bl->sort = 0;
}

static void free_blocked(blocked *bl) {
  free(bl->cursor);
  free(bl->first_bad);
  free(bl->keys);
  free(bl->w);
  for (int t = 0; t < bl->sorters; t++) {
    free(bl->scratch_keys[t]);
    free(bl->scratch_w[t]);
  }
}

/* The most keys a round may hold (gn_csr_blocked_round_arcs when set): what the host's available
 * memory leaves beside the CSR's columns and weights (allocated, not yet touched, so not yet
 * counted as used), with the sorters' quarter and a tenth to spare. */
static int64_t round_budget(const blocked *bl, int64_t total) {
  if (gn_csr_blocked_round_arcs > 0) return gn_csr_blocked_round_arcs;
  const uint64_t avail = gn_host_memory_available();
  if (avail == UINT64_MAX) return total;
  const int weighted = bl->b->e->w != NULL;
  const uint64_t csr = (uint64_t)total * (sizeof(int32_t) + (weighted ? sizeof(double) : 0));
  const uint64_t per_key = sizeof(uint64_t) + (weighted ? sizeof(double) : 0);
  if (avail <= csr) return 0;
  return (int64_t)((avail - csr) / 10 * 9 / (per_key + per_key / 4));
}

/* Rounds of consecutive buckets whose keys fit in `most`: 0 when one bucket alone does not. */
static int plan_rounds(blocked *bl, int64_t most, int64_t *largest) {
  bl->rounds = 0;
  *largest = 0;
  for (int k = 0; k < bl->buckets;) {
    const int first = k;
    while (k < bl->buckets && bl->start[k + 1] - bl->start[first] <= most) k++;
    if (k == first) return 0;
    bl->round_end[bl->rounds++] = k;
    if (bl->start[k] - bl->start[first] > *largest) *largest = bl->start[k] - bl->start[first];
  }
  return 1;
}

/* Pass 1 and the rounds' plan into bl; out->m, cols and weights and the keys allocated. *placed =
 * 0 when the keys do not fit in memory even a bucket at a time (nothing allocated then but out's
 * arrays: the caller builds directly). */
static gnest_status distribute_blocked(gnest_ctx *ctx, const char *source, blocked *bl, gn_csr *out,
                                       int *placed) {
  const gn_edges *e = bl->b->e;
  bl->cursor = calloc((size_t)bl->threads * kBuckets, sizeof *bl->cursor);
  bl->first_bad = calloc((size_t)bl->threads, sizeof *bl->first_bad);
  if (!bl->cursor || !bl->first_bad) return GNEST_OK;
  gn_parallel_run(bl->threads, count_chunk, bl);
  for (int t = 0; t < bl->threads; t++) /* chunks in input order: the first bad edge overall */
    if (bl->first_bad[t] >= 0) return bad_endpoint(ctx, source, e, bl->first_bad[t]);
  const int64_t total = bucket_layout(bl);
  int64_t largest = 0;
  if (!plan_rounds(bl, round_budget(bl, total), &largest)) return GNEST_OK;
  if ((uint64_t)largest > SIZE_MAX / sizeof *bl->keys) return GNEST_OK;
  const size_t keys = (size_t)(largest > 0 ? largest : 1);
  bl->keys = malloc(keys * sizeof *bl->keys);
  if (e->w) bl->w = malloc(keys * sizeof *bl->w);
  if (!bl->keys || (e->w && !bl->w)) return GNEST_OK;
  gn_advise_huge(bl->keys, keys * sizeof *bl->keys);
  gnest_status st = GNEST_OK;
  out->m = total;
  out->cols = gn_alloc_big(ctx, (size_t)total, sizeof(int32_t), "CSR columns", &st);
  if (out->cols && e->w) out->weights = gn_alloc_big(ctx, (size_t)total, sizeof(double), "CSR weights", &st);
  if (!out->cols || (e->w && !out->weights)) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  if (bl->sort) alloc_sorters(bl, largest);
  *placed = 1;
  return GNEST_OK;
}

/* The blocked build into out (offsets allocated). *placed: 0 = not done (no memory for the
 * keys; out untouched but for m), 1 = lists in input order, 2 = lists sorted. */
static gnest_status build_blocked(gnest_ctx *ctx, const char *source, const build_plan *b, int sort, gn_csr *out,
                                  int *placed) {
  const int32_t n = b->e->n;
  blocked bl;
  memset(&bl, 0, sizeof bl);
  bl.b = b;
  bl.col_bits = bits_for((uint32_t)n - 1);
  while (((uint32_t)(n - 1) >> bl.shift) >= kBuckets) bl.shift++;
  bl.buckets = (int)((uint32_t)(n - 1) >> bl.shift) + 1;
  bl.sort = sort;
  bl.threads = gn_parallel_threads();
  if ((int64_t)bl.threads > b->e->m) bl.threads = b->e->m > 0 ? (int)b->e->m : 1;
  *placed = 0;
  gnest_status st = distribute_blocked(ctx, source, &bl, out, placed);
  if (st == GNEST_OK && *placed) {
    bl.offsets = out->offsets;
    bl.cols = out->cols;
    bl.weights = out->weights;
    out->offsets[0] = 0;
    for (int r = 0; r < bl.rounds; r++) {
      bl.round_lo = r ? bl.round_end[r - 1] : 0;
      bl.round_hi = bl.round_end[r];
      bl.key_origin = bl.start[bl.round_lo];
      gn_parallel_run(bl.threads, distribute_chunk, &bl);
      bl.next_bucket = bl.round_lo;
      gn_parallel_run(bl.sort ? bl.sorters : bl.threads, place_buckets, &bl);
    }
    *placed = bl.sort ? 2 : 1;
  }
  free_blocked(&bl);
  return st;
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

/* Sorts one list by column, stably. The keys carry the column and the arc's place in the list
 * (the sorts compare the column only); the weights then follow their arcs through w_tmp. */
static void sort_list(int32_t *cols, double *weights, int64_t len, int col_bytes, uint64_t *keys,
                      uint64_t *tmp, double *w_tmp) {
  for (int64_t i = 0; i < len; i++) keys[i] = (uint64_t)(uint32_t)cols[i] << 32 | (uint32_t)i;
  if (len <= kInsertionMax) insertion_sort(keys, len);
  else radix_sort(keys, tmp, len, col_bytes);
  if (weights) memcpy(w_tmp, weights, (size_t)len * sizeof *w_tmp);
  for (int64_t i = 0; i < len; i++) {
    cols[i] = (int32_t)(keys[i] >> 32);
    if (weights) weights[i] = w_tmp[(uint32_t)keys[i]];
  }
}

static gnest_status sort_lists(gnest_ctx *ctx, gn_csr *c) {
  int64_t max_len = 0;
  for (int32_t v = 0; v < c->n; v++)
    if (c->offsets[v + 1] - c->offsets[v] > max_len) max_len = c->offsets[v + 1] - c->offsets[v];
  gnest_status st = GNEST_OK;
  uint64_t *keys = gn_alloc(ctx, (size_t)max_len * 2, sizeof(uint64_t), "adjacency sort buffer", &st);
  if (!keys) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  if (max_len > (int64_t)UINT32_MAX) { /* the keys hold a place in the list in 32 bits */
    free(keys);
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, "gn_csr_build", 0,
                    "a vertex has %lld arcs; adjacency sorting takes at most 2^32 - 1 per vertex",
                    (long long)max_len);
  }
  double *w_tmp = c->weights ? gn_alloc(ctx, (size_t)max_len, sizeof(double),
                                        "adjacency sort weights", &st)
                             : NULL;
  if (c->weights && !w_tmp) {
    free(keys);
    return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  }
  int col_bytes = 1; /* bytes that column ids in [0, n) can differ in */
  while (col_bytes < 4 && ((uint32_t)(c->n > 0 ? c->n - 1 : 0) >> (8 * col_bytes)) != 0) col_bytes++;
  for (int32_t v = 0; v < c->n; v++) {
    int64_t b = c->offsets[v], len = c->offsets[v + 1] - b;
    if (len > 1 && !list_is_sorted(c->cols + b, len))
      sort_list(c->cols + b, c->weights ? c->weights + b : NULL, len, col_bytes, keys,
                keys + max_len, w_tmp);
  }
  free(keys);
  free(w_tmp);
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

/* Small inputs (or no memory for the blocked build's keys): degrees counted, then every arc placed
 * straight into its list. */
static gnest_status build_direct(gnest_ctx *ctx, const char *source, const build_plan *b, gn_csr *out) {
  memset(out->offsets, 0, ((size_t)b->e->n + 1) * sizeof *out->offsets);
  gnest_status st = count_degrees(ctx, source, b, out->offsets);
  if (st != GNEST_OK) return st;
  out->m = shifted_prefix_sum(out->offsets, b->e->n);
  out->cols = gn_alloc_big(ctx, (size_t)out->m, sizeof(int32_t), "CSR columns", &st);
  if (out->cols && b->e->w) out->weights = gn_alloc_big(ctx, (size_t)out->m, sizeof(double), "CSR weights", &st);
  if (!out->cols || (b->e->w && !out->weights)) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  scatter_direct(b, out->offsets, out->cols, out->weights);
  return GNEST_OK;
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
  const int want_sorted = o.sort_adjacency || o.merge_duplicates;
  const int64_t arcs_bound = plan.symmetrize ? 2 * e->m : e->m;
  int placed = 0;
  if (arcs_bound >= gn_csr_blocked_min_arcs && e->n > 0 &&
      (st = build_blocked(ctx, source, &plan, want_sorted, out, &placed)) != GNEST_OK)
    goto fail;
  if (!placed && (st = build_direct(ctx, source, &plan, out)) != GNEST_OK) goto fail;
  if (placed == 2) out->sorted = 1;
  else if (want_sorted && (st = sort_lists(ctx, out)) != GNEST_OK) goto fail;
  if (o.merge_duplicates) merge_duplicates(out);
  out->symmetric = plan.symmetrize;
  return GNEST_OK;
fail:
  gn_csr_free(out);
  return st;
}
