/* Symmetry of a CSR: whether every arc (u, v, w) has an arc (v, u, w) (gn_csr_symmetric, io.h),
 * asked by gnest_graph_is_symmetric and by the binary cache's loader, which checks the symmetry a
 * file claims. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "io/io_internal.h"
#include "base/parallel.h"

/* ---------------------------------------------------------------------------------------------
 * Symmetry: every arc (u, v, w) needs an arc (v, u, w); where a row repeats a column, any one of
 * the repeats with the equal weight will do. Rows sorted by column (a sorted copy of unsorted
 * ones) go to one of two checks:
 *  - the search check: a binary search in row v per arc (u, v), O(m log d). Exact with repeated
 *    columns and needs no memory, but its reads are scattered over the whole graph: on RMAT
 *    graphs, whose arcs mostly land in long hub rows, it waits on cache misses (2^24 vertices,
 *    521 M arcs: 11 s on 16 cores).
 *  - the mirror check (gn_mirror_symmetric), for rows that never repeat a column: it matches
 *    each row against the arcs into it in order, in cache-sized pieces, O(m).
 * ------------------------------------------------------------------------------------------- */

/* 1 when row [b, e) of sorted cols holds u (with weight wu when weights are given). A repeated
 * column may carry other weights: every one of its repeats is looked at. */
static int gn_sorted_row_has(const int32_t *cols, const double *w, int64_t b, int64_t e, int32_t u,
                             double wu) {
  for (int64_t i = gn_first_at_least(cols, b, e, u); i < e && cols[i] == u; ++i)
    if (!w || w[i] == wu) return 1;
  return 0;
}

/* The search check runs on host threads, each a share of about m / threads arcs (2.1 billion
 * arcs took 190 s on one). A thread stops at the first arc without its reverse, or when another
 * thread has found one. */
typedef struct gn_symmetry_job {
  const int64_t *off;
  const int32_t *cols;
  const double *w;
  int32_t bound[kGnMaxThreads + 1];
  atomic_int asymmetric;
} gn_symmetry_job;

static void gn_check_rows(void *arg, int t) {
  gn_symmetry_job *j = arg;
  for (int32_t u = j->bound[t]; u < j->bound[t + 1]; ++u) {
    if (atomic_load_explicit(&j->asymmetric, memory_order_relaxed)) return;
    for (int64_t e = j->off[u]; e < j->off[u + 1]; ++e) {
      const int32_t v = j->cols[e];
      if (!gn_sorted_row_has(j->cols, j->w, j->off[v], j->off[v + 1], u, j->w ? j->w[e] : 0.0)) {
        atomic_store(&j->asymmetric, 1);
        return;
      }
    }
  }
}

static int gn_search_symmetric(int32_t n, const int64_t *off, const int32_t *cols,
                               const double *w) {
  gn_symmetry_job j = {.off = off, .cols = cols, .w = w};
  atomic_init(&j.asymmetric, 0);
  const int threads = gn_split_rows_by_arcs(off, n, j.bound);
  gn_parallel_run(threads, gn_check_rows, &j);
  return !atomic_load(&j.asymmetric);
}

/* Call an arc (u, v) upper when u < v and lower when u > v; a self-loop is its own reverse.
 * The census counts both kinds and, unless the rows are known not to, whether a row repeats a
 * column: the mirror check's preconditions, in one pass on host threads. */
typedef struct gn_census_job {
  const int64_t *off;
  const int32_t *cols;
  int find_repeats;
  int32_t bound[kGnMaxThreads + 1];
  int64_t upper[kGnMaxThreads], lower[kGnMaxThreads];
  int repeats[kGnMaxThreads];
} gn_census_job;

static void gn_census_rows(void *arg, int t) {
  gn_census_job *j = arg;
  int64_t upper = 0, lower = 0;
  int repeats = 0;
  for (int32_t u = j->bound[t]; u < j->bound[t + 1]; ++u) {
    const int64_t b = j->off[u], e = j->off[u + 1];
    lower += gn_first_at_least(j->cols, b, e, u) - b; /* the row's lower arcs come first */
    upper += e - gn_first_at_least(j->cols, b, e, u + 1); /* u + 1 <= n - 1 + 1: no overflow */
    if (j->find_repeats)
      for (int64_t k = b + 1; k < e; ++k) repeats |= j->cols[k] == j->cols[k - 1];
  }
  j->upper[t] = upper;
  j->lower[t] = lower;
  j->repeats[t] = repeats;
}

/* The mirror check. Without repeated columns, reversing maps distinct upper arcs to distinct
 * lower arcs, so the graph is symmetric iff it has as many upper arcs as lower arcs and every
 * upper arc (u, v, w) has its (v, u, w). Row v's lower arcs are its first ones, in increasing
 * order of column; the upper arcs into v, taken in increasing order of u, must be exactly
 * those, one for one. So row v gets a cursor, and each upper arc into v, in that order, must
 * find column u and weight w at the cursor: no search at all.
 *
 * Done straight, that is one scattered read per arc again. Instead the upper arcs are copied
 * out into buckets by the row range of their target (propagation blocking): the copy reads the
 * graph in order and writes a few thousand sequential streams, and a bucket is then matched
 * against rows few enough that their cursors and current cache lines stay in cache. Buckets
 * end where their rows' arcs reach an equal share (rows that draw many arcs, hubs, are spread
 * over the threads rather than matched by one) or where their row count reaches a share of n
 * (which bounds the rows a bucket's matching touches). Rows are cut in grains of 2^grain_bits,
 * so that a small table gives a row's bucket. The arcs are copied kGnMirrorChunk at a time, in
 * order, and the cursors carry over from chunk to chunk: the memory is 4 bytes per vertex for
 * the cursors and 8 per upper arc of a chunk (16 with weights), 256 MiB at most. Larger chunks
 * barely help: the page faults of a fresh buffer cost about what they save. */
enum {
  kGnMirrorBuckets = 2048,   /* at most this many buckets */
  kGnMirrorGrains = 1 << 16, /* and this many grains (a 128 KiB table) */
  kGnMirrorAhead = 16,       /* arcs between a prefetch and its use */
};
static const int64_t kGnMirrorChunk = (int64_t)1 << 24; /* arcs copied at a time */

typedef struct gn_mirror_arc {
  int32_t u, v;
} gn_mirror_arc;

typedef struct gn_mirror_job {
  int32_t n;
  const int64_t *off;
  const int32_t *cols;
  const double *w;
  int threads;
  int buckets;
  int grain_bits;
  uint16_t *bucket_of;               /* the bucket of each grain of rows */
  int64_t arc_lo[kGnMaxThreads + 1]; /* the chunk's arcs: thread t copies [lo[t], lo[t + 1]) */
  int64_t *at;                       /* [threads][buckets]: counts, then where copies go */
  int64_t *start;                    /* [buckets + 1]: where each bucket's copies begin */
  gn_mirror_arc *arc;                /* the chunk's upper arcs, by bucket */
  double *arc_w;                     /* and their weights (with weights) */
  int32_t *cursor;                   /* [n]: the next arc of row v to match, from its start */
  atomic_int next;                   /* the next bucket to match */
  atomic_int asymmetric;
} gn_mirror_job;

/* The row that holds arc e (0 <= e < off[n]): the last u with off[u] <= e. */
static int32_t gn_row_of_arc(const int64_t *off, int32_t n, int64_t e) {
  int32_t lo = 0, hi = n - 1;
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo + 1) / 2;
    if (off[mid] <= e) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/* Thread t's share of the chunk, its upper arcs only: counted (copy 0) or copied (copy 1). A
 * row split between two threads still reaches each target once, so the copies into a bucket,
 * thread after thread, keep the order of u for each target. */
static void gn_mirror_pass(gn_mirror_job *j, int t, int copy) {
  int64_t *at = j->at + (int64_t)t * j->buckets;
  int64_t e = j->arc_lo[t];
  const int64_t end = j->arc_lo[t + 1];
  const int bits = j->grain_bits;
  if (!copy) memset(at, 0, (size_t)j->buckets * sizeof *at);
  if (e >= end) return;
  for (int32_t u = gn_row_of_arc(j->off, j->n, e); e < end; ++u) {
    const int64_t row_end = j->off[u + 1] < end ? j->off[u + 1] : end;
    e = gn_first_at_least(j->cols, e, row_end, u + 1);
    if (!copy) {
      for (; e < row_end; ++e) ++at[j->bucket_of[j->cols[e] >> bits]];
    } else {
      for (; e < row_end; ++e) {
        const int32_t v = j->cols[e];
        const int64_t i = at[j->bucket_of[v >> bits]]++;
        j->arc[i] = (gn_mirror_arc){u, v};
        if (j->w) j->arc_w[i] = j->w[e];
      }
    }
  }
}

static void gn_mirror_count(void *arg, int t) { gn_mirror_pass(arg, t, 0); }
static void gn_mirror_copy(void *arg, int t) { gn_mirror_pass(arg, t, 1); }

/* Takes buckets in turn (they differ in size) and matches each arc against its target's
 * cursor. Only the thread matching a bucket touches its rows' cursors. The arcs at the cursors
 * have mostly left the cache since the previous chunk: each is prefetched kGnMirrorAhead arcs
 * before its use, so that those misses overlap (15% off the matching on rmat22). */
static void gn_mirror_match(void *arg, int t) {
  (void)t;
  gn_mirror_job *j = arg;
  for (;;) {
    const int b = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
    if (b >= j->buckets || atomic_load_explicit(&j->asymmetric, memory_order_relaxed)) return;
    const int64_t end = j->start[b + 1];
    for (int64_t i = j->start[b]; i < end; ++i) {
      if (i + kGnMirrorAhead < end) {
        const int32_t ahead = j->arc[i + kGnMirrorAhead].v;
        const int64_t later = j->off[ahead] + j->cursor[ahead];
        __builtin_prefetch(j->cols + later);
        if (j->w) __builtin_prefetch(j->w + later);
      }
      const int32_t u = j->arc[i].u, v = j->arc[i].v;
      const int64_t at = j->off[v] + j->cursor[v]++;
      if (at >= j->off[v + 1] || j->cols[at] != u || (j->w && !(j->w[at] == j->arc_w[i]))) {
        atomic_store(&j->asymmetric, 1);
        return;
      }
    }
  }
}

/* Memory a check can do without: NULL on failure, nothing recorded (the caller falls back to the
 * search check, and the call itself does not fail). */
static void *gn_alloc_optional(size_t count, size_t size) {
  return calloc(count ? count : 1, size);
}

/* Rows [0, n) in grains of 2^grain_bits, grouped into buckets (see above). */
static void gn_mirror_buckets(gn_mirror_job *j) {
  const int64_t n = j->n, m = j->off[n], half = kGnMirrorBuckets / 2;
  const int64_t arcs_cap = m / half + 1, rows_cap = n / half + 1;
  const int64_t grains = ((n - 1) >> j->grain_bits) + 1;
  int64_t arcs = 0, rows = 0;
  int b = 0;
  for (int64_t k = 0; k < grains; ++k) {
    const int64_t lo = k << j->grain_bits;
    const int64_t hi = (k + 1) << j->grain_bits < n ? (k + 1) << j->grain_bits : n;
    j->bucket_of[k] = (uint16_t)b;
    arcs += j->off[hi] - j->off[lo];
    rows += hi - lo;
    /* a closed bucket holds >= arcs_cap arcs or >= rows_cap rows: fewer than half of each */
    if ((arcs >= arcs_cap || rows >= rows_cap) && k + 1 < grains) {
      ++b;
      arcs = rows = 0;
    }
  }
  j->buckets = b + 1;
}

/* 1 when symmetric, 0 when not, -1 when the memory was not there. Needs sorted rows that never
 * repeat a column, with as many upper as lower arcs (upper > 0). */
static int gn_mirror_symmetric(int32_t n, const int64_t *off, const int32_t *cols,
                               const double *w, int64_t upper) {
  const int64_t m = off[n];
  gn_mirror_job *j = gn_alloc_optional(1, sizeof *j);
  if (!j) return -1;
  j->n = n;
  j->off = off;
  j->cols = cols;
  j->w = w;
  j->threads = m < ((int64_t)1 << 20) ? 1 : gn_parallel_threads();
  while (((int64_t)(n - 1) >> j->grain_bits) >= kGnMirrorGrains) ++j->grain_bits;
  const size_t grains = (size_t)(((int64_t)(n - 1) >> j->grain_bits) + 1);
  j->bucket_of = gn_alloc_optional(grains, sizeof *j->bucket_of);
  j->cursor = j->bucket_of ? gn_alloc_optional((size_t)n, sizeof *j->cursor) : NULL;
  j->at = j->cursor ? gn_alloc_optional((size_t)j->threads * kGnMirrorBuckets, sizeof *j->at)
                    : NULL;
  j->start = j->at ? gn_alloc_optional(kGnMirrorBuckets + 1, sizeof *j->start) : NULL;
  /* Smaller chunks when a large one is not to be had: only more passes. */
  int64_t chunk = m < kGnMirrorChunk ? m : kGnMirrorChunk;
  for (; j->start && chunk > 0; chunk = chunk >= ((int64_t)1 << 16) ? chunk / 4 : 0) {
    const size_t copies = (size_t)(upper < chunk ? upper : chunk);
    j->arc = gn_alloc_optional(copies, sizeof *j->arc);
    j->arc_w = j->arc && w ? gn_alloc_optional(copies, sizeof *j->arc_w) : NULL;
    if (j->arc && (!w || j->arc_w)) break;
    free(j->arc);
    j->arc = NULL;
  }
  int symmetric = -1;
  if (j->arc) {
    gn_mirror_buckets(j);
    atomic_init(&j->asymmetric, 0);
    for (int64_t lo = 0; lo < m && !atomic_load(&j->asymmetric); lo += chunk) {
      const int64_t hi = m - lo < chunk ? m : lo + chunk;
      for (int t = 0; t <= j->threads; ++t) j->arc_lo[t] = lo + (hi - lo) / j->threads * t;
      j->arc_lo[j->threads] = hi;
      gn_parallel_run(j->threads, gn_mirror_count, j);
      int64_t pos = 0;
      for (int b = 0; b < j->buckets; ++b) {
        j->start[b] = pos;
        for (int t = 0; t < j->threads; ++t) {
          int64_t *at = j->at + (int64_t)t * j->buckets + b;
          const int64_t count = *at;
          *at = pos;
          pos += count;
        }
      }
      j->start[j->buckets] = pos;
      gn_parallel_run(j->threads, gn_mirror_copy, j);
      atomic_init(&j->next, 0);
      gn_parallel_run(j->threads < j->buckets ? j->threads : j->buckets, gn_mirror_match, j);
    }
    /* every upper arc met its reverse at a distinct lower arc, and they are as many */
    symmetric = !atomic_load(&j->asymmetric);
  }
  free(j->arc);
  free(j->arc_w);
  free(j->start);
  free(j->at);
  free(j->cursor);
  free(j->bucket_of);
  free(j);
  return symmetric;
}

/* Sorted rows: the census, then the mirror check where it applies and its memory is there,
 * else the search check. repeats_known_absent: the rows are known never to repeat a column. */
static int gn_sorted_csr_symmetric(int32_t n, const int64_t *off, const int32_t *cols,
                                   const double *w, int repeats_known_absent) {
  if (n == 0 || off[n] == 0) return 1;
  gn_census_job c = {.off = off, .cols = cols, .find_repeats = !repeats_known_absent};
  const int threads = gn_split_rows_by_arcs(off, n, c.bound);
  gn_parallel_run(threads, gn_census_rows, &c);
  int64_t upper = 0, lower = 0;
  int repeats = 0;
  for (int t = 0; t < threads; ++t) {
    upper += c.upper[t];
    lower += c.lower[t];
    repeats |= c.repeats[t];
  }
  if (!repeats) {
    if (upper != lower) return 0; /* reversing is one to one without repeats */
    if (upper == 0) return 1;     /* self-loops only */
    const int symmetric = gn_mirror_symmetric(n, off, cols, w, upper);
    if (symmetric >= 0) return symmetric;
  }
  return gn_search_symmetric(n, off, cols, w);
}

typedef struct gn_arc {
  int32_t col;
  double w;
} gn_arc;

static int gn_arc_cmp(const void *a, const void *b) {
  int32_t x = ((const gn_arc *)a)->col, y = ((const gn_arc *)b)->col;
  return (x > y) - (x < y);
}

/* Unsorted rows: sorts a copy of every row (O(m log d)), then checks it like a sorted CSR. */
static gnest_status gn_unsorted_csr_symmetric(gnest_ctx *ctx, const gn_csr *c, int *symmetric) {
  gnest_status st;
  gn_arc *arcs = gn_alloc(ctx, (size_t)c->m, sizeof *arcs, "a sorted copy of the adjacency", &st);
  int32_t *cols = arcs ? gn_alloc(ctx, (size_t)c->m, sizeof *cols, "sorted columns", &st) : NULL;
  double *w = cols && c->weights ? gn_alloc(ctx, (size_t)c->m, sizeof *w, "sorted weights", &st)
                                : NULL;
  if (!arcs || !cols || (c->weights && !w)) {
    free(arcs);
    free(cols);
    return st;
  }
  for (int64_t e = 0; e < c->m; ++e) {
    arcs[e].col = c->cols[e];
    arcs[e].w = c->weights ? c->weights[e] : 0.0;
  }
  for (int32_t u = 0; u < c->n; ++u)
    qsort(arcs + c->offsets[u], (size_t)(c->offsets[u + 1] - c->offsets[u]), sizeof *arcs,
          gn_arc_cmp);
  for (int64_t e = 0; e < c->m; ++e) {
    cols[e] = arcs[e].col;
    if (w) w[e] = arcs[e].w;
  }
  free(arcs); /* before the check, which may want memory of its own */
  *symmetric = gn_sorted_csr_symmetric(c->n, c->offsets, cols, w, c->merged);
  free(cols);
  free(w);
  return GNEST_OK;
}

gnest_status gn_csr_symmetric(gnest_ctx *ctx, const gn_csr *c, int *symmetric) {
  if (c->sorted) {
    *symmetric = gn_sorted_csr_symmetric(c->n, c->offsets, c->cols, c->weights, c->merged);
    return GNEST_OK;
  }
  return gn_unsorted_csr_symmetric(ctx, c, symmetric);
}
