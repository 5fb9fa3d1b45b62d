/* Deterministic graph and tree generators (see gen.h).
 *
 * Randomness: xoshiro256** seeded through splitmix64. Large edge sets are generated in fixed
 * chunks of GEN_CHUNK edges, chunk c drawing from its own stream derived from (seed, c), so the
 * output is the same whatever the number of threads used to compute it. */
#include "gen.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------------------------------ */
/* Random numbers                                                                              */
/* ------------------------------------------------------------------------------------------ */

typedef struct gen_rng {
  uint64_t s[4];
} gen_rng;

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** (Blackman & Vigna), written from its published definition. */
static inline uint64_t rng_next(gen_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl64(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl64(s[3], 45);
  return result;
}

/* Independent stream number `stream` of `seed`: both go through splitmix64 so that nearby seeds
 * and nearby stream numbers give unrelated states (and never the all-zero state). */
static void rng_seed_stream(gen_rng *r, uint64_t seed, uint64_t stream) {
  uint64_t st = seed;
  uint64_t base = gn_splitmix64(&st);
  st = base ^ (stream * 0xd1b54a32d192ed03ULL + 0x8bb84b93962eacc9ULL);
  for (int i = 0; i < 4; i++) r->s[i] = gn_splitmix64(&st);
}

/* Uniform integer in [0, bound), bound <= 2^32, without modulo bias (Lemire's multiply-shift
 * with rejection of the short leftover range). */
static inline uint32_t rng_below(gen_rng *r, uint64_t bound) {
  uint64_t x = rng_next(r) >> 32;
  uint64_t product = x * bound;
  uint32_t low = (uint32_t)product;
  if (low < (uint32_t)bound) {
    uint32_t reject_below = (uint32_t)((0x100000000ULL - bound) % bound);
    while (low < reject_below) {
      x = rng_next(r) >> 32;
      product = x * bound;
      low = (uint32_t)product;
    }
  }
  return (uint32_t)(product >> 32);
}

/* 64-bit finaliser (splitmix64's): a bijective mix used for hashing. */
static inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* ------------------------------------------------------------------------------------------ */
/* Edge buffers                                                                                */
/* ------------------------------------------------------------------------------------------ */

void gn_gen_edges_free(gn_gen_edges *e) {
  if (!e) return;
  free(e->src);
  free(e->dst);
  free(e->w);
  memset(e, 0, sizeof *e);
}

/* Allocates src/dst for m edges (at least one element each, so that m = 0 is a valid buffer). */
static gnest_status edges_alloc(gn_gen_edges *out, int32_t n, int64_t m) {
  memset(out, 0, sizeof *out);
  if (m < 0) return GNEST_ERR_INVALID_ARGUMENT;
  if ((uint64_t)m > SIZE_MAX / sizeof(int32_t)) return GNEST_ERR_TOO_LARGE;
  size_t count = m > 0 ? (size_t)m : 1;
  out->src = malloc(count * sizeof(int32_t));
  out->dst = malloc(count * sizeof(int32_t));
  if (!out->src || !out->dst) {
    gn_gen_edges_free(out);
    return GNEST_ERR_OUT_OF_MEMORY;
  }
  out->n = n;
  out->m = m;
  return GNEST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Chunked, threaded generation                                                                */
/* ------------------------------------------------------------------------------------------ */

#define GEN_CHUNK (1LL << 20)

/* Fills edges [begin, end) of out using the random stream of chunk, the chunk's number in the
 * whole list (out may hold a part of it: gn_gen_part). */
typedef void (*chunk_fn)(const void *params, gn_gen_edges *out, int64_t chunk, int64_t begin,
                         int64_t end);

typedef struct chunk_job {
  chunk_fn fn;
  const void *params;
  gn_gen_edges *out;
  int64_t num_chunks;
  int64_t first_chunk; /* the whole list's number of out's first chunk */
  int workers; /* worker t runs chunks t, t + workers, ... */
} chunk_job;

typedef struct chunk_worker_arg {
  const chunk_job *job;
  int t;
} chunk_worker_arg;

static void *chunk_worker(void *p) {
  const chunk_worker_arg *w = p;
  const chunk_job *job = w->job;
  for (int64_t c = w->t; c < job->num_chunks; c += job->workers) {
    int64_t begin = c * GEN_CHUNK;
    int64_t end = begin + GEN_CHUNK < job->out->m ? begin + GEN_CHUNK : job->out->m;
    job->fn(job->params, job->out, job->first_chunk + c, begin, end);
  }
  return NULL;
}

/* Generating threads, by the rule of the library's host loops: $GNEST_THREADS when it is a whole
 * number in [1, 256], else the online CPUs; at most GEN_MAX_THREADS. */
#define GEN_MAX_THREADS 64
static int gen_threads(void) {
  const char *env = getenv("GNEST_THREADS");
  char *end = NULL;
  const long wanted = env && *env ? strtol(env, &end, 10) : 0;
  long threads = sysconf(_SC_NPROCESSORS_ONLN);
  if (end && *end == '\0' && wanted >= 1 && wanted <= 256) threads = wanted;
  if (threads < 1) return 1;
  return threads < GEN_MAX_THREADS ? (int)threads : GEN_MAX_THREADS;
}

/* Runs fn over every chunk of out's m edges on plain pthreads, worker 0 on the calling thread; a
 * worker that cannot be started has its chunks run there too. Each chunk has its own random
 * stream, so the output does not depend on the thread count. out's first chunk is the whole
 * list's first_chunk (a part's: gn_gen_part). */
static void run_chunks(chunk_fn fn, const void *params, gn_gen_edges *out, int64_t first_chunk) {
  int64_t num_chunks = (out->m + GEN_CHUNK - 1) / GEN_CHUNK;
  int workers = gen_threads();
  if (workers > num_chunks) workers = num_chunks > 0 ? (int)num_chunks : 1;
  const chunk_job job = {fn, params, out, num_chunks, first_chunk, workers};
  chunk_worker_arg args[GEN_MAX_THREADS];
  pthread_t ids[GEN_MAX_THREADS];
  int started[GEN_MAX_THREADS] = {0};
  for (int t = 0; t < workers; t++) args[t] = (chunk_worker_arg){&job, t};
  for (int t = 1; t < workers; t++)
    started[t] = pthread_create(&ids[t], NULL, chunk_worker, &args[t]) == 0;
  chunk_worker(&args[0]);
  for (int t = 1; t < workers; t++) {
    if (started[t]) pthread_join(ids[t], NULL);
    else chunk_worker(&args[t]);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* RMAT                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/* Graph500 quadrant probabilities as 32-bit thresholds: a = .57, a+b = .76, a+b+c = .95. */
#define RMAT_T_A ((uint32_t)((57ULL << 32) / 100))
#define RMAT_T_AB ((uint32_t)((76ULL << 32) / 100))
#define RMAT_T_ABC ((uint32_t)((95ULL << 32) / 100))

typedef struct rmat_params {
  int scale;
  uint64_t seed;
  const int32_t *perm; /* applied in a second pass; NULL while generating */
} rmat_params;

/* One recursive quadrant choice from a 32-bit uniform u. Counting the thresholds below u gives
 * the quadrant as 0 = a, 1 = b, 2 = c, 3 = d, which is exactly (row bit << 1) | column bit: the
 * pairs are appended to an interleaved code and split into row and column at the end. */
static inline uint64_t rmat_step(uint64_t code, uint32_t u) {
  uint32_t quadrant = (uint32_t)(u >= RMAT_T_A) + (uint32_t)(u >= RMAT_T_AB) +
                      (uint32_t)(u >= RMAT_T_ABC);
  return (code << 2) | quadrant;
}

/* Gathers the even bits of x (bit 2i -> bit i). */
static inline uint32_t even_bits(uint64_t x) {
  x &= 0x5555555555555555ULL;
  x = (x | (x >> 1)) & 0x3333333333333333ULL;
  x = (x | (x >> 2)) & 0x0f0f0f0f0f0f0f0fULL;
  x = (x | (x >> 4)) & 0x00ff00ff00ff00ffULL;
  x = (x | (x >> 8)) & 0x0000ffff0000ffffULL;
  x = (x | (x >> 16)) & 0x00000000ffffffffULL;
  return (uint32_t)x;
}

static void rmat_chunk(const void *params, gn_gen_edges *out, int64_t chunk, int64_t begin,
                       int64_t end) {
  const rmat_params *p = params;
  gen_rng rng;
  rng_seed_stream(&rng, p->seed, (uint64_t)chunk);
  int pairs = p->scale / 2, odd = p->scale & 1;
  for (int64_t i = begin; i < end; i++) {
    uint64_t code = 0;
    for (int k = 0; k < pairs; k++) { /* two levels per 64-bit draw */
      uint64_t r = rng_next(&rng);
      code = rmat_step(rmat_step(code, (uint32_t)(r >> 32)), (uint32_t)r);
    }
    if (odd) code = rmat_step(code, (uint32_t)(rng_next(&rng) >> 32));
    out->src[i] = (int32_t)even_bits(code >> 1);
    out->dst[i] = (int32_t)even_bits(code);
  }
}

static void permute_chunk(const void *params, gn_gen_edges *out, int64_t chunk, int64_t begin,
                          int64_t end) {
  const rmat_params *p = params;
  (void)chunk;
  for (int64_t i = begin; i < end; i++) {
    out->src[i] = p->perm[out->src[i]];
    out->dst[i] = p->perm[out->dst[i]];
  }
}

/* A uniformly random permutation of [0, n) (Fisher-Yates) from its own stream of seed. */
static gnest_status random_permutation(int32_t n, uint64_t seed, int32_t **out) {
  int32_t *perm = malloc((size_t)(n > 0 ? n : 1) * sizeof(int32_t));
  if (!perm) return GNEST_ERR_OUT_OF_MEMORY;
  for (int32_t i = 0; i < n; i++) perm[i] = i;
  gen_rng rng;
  rng_seed_stream(&rng, seed, UINT64_MAX);
  for (int32_t i = n - 1; i > 0; i--) {
    int32_t j = (int32_t)rng_below(&rng, (uint64_t)i + 1);
    int32_t tmp = perm[i];
    perm[i] = perm[j];
    perm[j] = tmp;
  }
  *out = perm;
  return GNEST_OK;
}

/* Part `part` of `parts` of a list of m edges: its first chunk and its edges [*begin, *end). */
static gnest_status part_range(int64_t m, gn_gen_part part, int64_t *first_chunk, int64_t *begin,
                               int64_t *end) {
  if (part.parts < 1 || part.part < 0 || part.part >= part.parts) return GNEST_ERR_INVALID_ARGUMENT;
  const int64_t chunks = (m + GEN_CHUNK - 1) / GEN_CHUNK;
  /* floor(chunks * k / parts) without the product: (q parts + r) k / parts = q k + r k / parts */
  const int64_t q = chunks / part.parts, r = chunks % part.parts;
  const int64_t c0 = q * part.part + r * part.part / part.parts;
  const int64_t c1 = q * (part.part + 1) + r * (part.part + 1) / part.parts;
  *first_chunk = c0;
  *begin = c0 * GEN_CHUNK < m ? c0 * GEN_CHUNK : m;
  *end = c1 * GEN_CHUNK < m ? c1 * GEN_CHUNK : m;
  return GNEST_OK;
}

gnest_status gn_gen_rmat(int scale, int edge_factor, uint64_t seed, gn_gen_edges *out) {
  return gn_gen_rmat_part(scale, edge_factor, seed, GN_GEN_WHOLE, out);
}

gnest_status gn_gen_rmat_part(int scale, int edge_factor, uint64_t seed, gn_gen_part part,
                              gn_gen_edges *out) {
  if (!out) return GNEST_ERR_INVALID_ARGUMENT;
  memset(out, 0, sizeof *out);
  if (scale < 0 || edge_factor < 0) return GNEST_ERR_INVALID_ARGUMENT;
  if (scale > 30) return GNEST_ERR_TOO_LARGE; /* 2^31 vertices do not fit int32 ids */
  int32_t n = (int32_t)(INT64_C(1) << scale);
  int64_t m = (int64_t)edge_factor << scale, first = 0, begin = 0, end = 0;
  gnest_status st = part_range(m, part, &first, &begin, &end);
  if (st == GNEST_OK) st = edges_alloc(out, n, end - begin);
  if (st != GNEST_OK) return st;
  rmat_params p = {scale, seed, NULL};
  run_chunks(rmat_chunk, &p, out, first);
  int32_t *perm = NULL;
  st = random_permutation(n, seed, &perm);
  if (st != GNEST_OK) {
    gn_gen_edges_free(out);
    return st;
  }
  p.perm = perm;
  run_chunks(permute_chunk, &p, out, first);
  free(perm);
  return GNEST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Erdős–Rényi G(n, m)                                                                         */
/* ------------------------------------------------------------------------------------------ */

typedef struct er_params {
  int32_t n;
  uint64_t seed;
} er_params;

static void er_chunk(const void *params, gn_gen_edges *out, int64_t chunk, int64_t begin,
                     int64_t end) {
  const er_params *p = params;
  gen_rng rng;
  rng_seed_stream(&rng, p->seed, (uint64_t)chunk);
  for (int64_t i = begin; i < end; i++) {
    out->src[i] = (int32_t)rng_below(&rng, (uint64_t)p->n);
    out->dst[i] = (int32_t)rng_below(&rng, (uint64_t)p->n);
  }
}

gnest_status gn_gen_er(int32_t n, int64_t m, uint64_t seed, gn_gen_edges *out) {
  return gn_gen_er_part(n, m, seed, GN_GEN_WHOLE, out);
}

gnest_status gn_gen_er_part(int32_t n, int64_t m, uint64_t seed, gn_gen_part part,
                            gn_gen_edges *out) {
  if (!out) return GNEST_ERR_INVALID_ARGUMENT;
  memset(out, 0, sizeof *out);
  if (n < 0 || m < 0 || (n == 0 && m > 0)) return GNEST_ERR_INVALID_ARGUMENT;
  int64_t first = 0, begin = 0, end = 0;
  gnest_status st = part_range(m, part, &first, &begin, &end);
  if (st == GNEST_OK) st = edges_alloc(out, n, end - begin);
  if (st != GNEST_OK) return st;
  er_params p = {n, seed};
  run_chunks(er_chunk, &p, out, first);
  return GNEST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Regular shapes: grid, star, path                                                            */
/* ------------------------------------------------------------------------------------------ */

static inline void put_both_ways(gn_gen_edges *e, int64_t *k, int32_t u, int32_t v) {
  e->src[*k] = u;
  e->dst[*k] = v;
  ++*k;
  e->src[*k] = v;
  e->dst[*k] = u;
  ++*k;
}

/* The grid's layout is fixed (row-major ids, so neighbours in a row are adjacent ids as in road
 * graphs ordered by location); seed is accepted for interface symmetry and does not change it.
 * Random weights come from gn_gen_weights. */
gnest_status gn_gen_grid(int32_t rows, int32_t cols, uint64_t seed, gn_gen_edges *out) {
  (void)seed;
  if (!out) return GNEST_ERR_INVALID_ARGUMENT;
  memset(out, 0, sizeof *out);
  if (rows < 0 || cols < 0) return GNEST_ERR_INVALID_ARGUMENT;
  int64_t n64 = (int64_t)rows * cols;
  if (n64 > INT32_MAX) return GNEST_ERR_TOO_LARGE;
  int64_t undirected = n64 == 0 ? 0 : (int64_t)rows * (cols - 1) + (int64_t)(rows - 1) * cols;
  gnest_status st = edges_alloc(out, (int32_t)n64, 2 * undirected);
  if (st != GNEST_OK) return st;
  int64_t k = 0;
  for (int32_t r = 0; r < rows; r++) {
    for (int32_t c = 0; c < cols; c++) {
      int32_t v = (int32_t)((int64_t)r * cols + c);
      if (c + 1 < cols) put_both_ways(out, &k, v, v + 1);
      if (r + 1 < rows) put_both_ways(out, &k, v, v + cols);
    }
  }
  return GNEST_OK;
}

gnest_status gn_gen_star(int32_t n, gn_gen_edges *out) {
  if (!out) return GNEST_ERR_INVALID_ARGUMENT;
  memset(out, 0, sizeof *out);
  if (n < 0) return GNEST_ERR_INVALID_ARGUMENT;
  gnest_status st = edges_alloc(out, n, n > 0 ? 2 * (int64_t)(n - 1) : 0);
  if (st != GNEST_OK) return st;
  int64_t k = 0;
  for (int32_t v = 1; v < n; v++) put_both_ways(out, &k, 0, v);
  return GNEST_OK;
}

gnest_status gn_gen_path(int32_t n, gn_gen_edges *out) {
  if (!out) return GNEST_ERR_INVALID_ARGUMENT;
  memset(out, 0, sizeof *out);
  if (n < 0) return GNEST_ERR_INVALID_ARGUMENT;
  gnest_status st = edges_alloc(out, n, n > 0 ? 2 * (int64_t)(n - 1) : 0);
  if (st != GNEST_OK) return st;
  int64_t k = 0;
  for (int32_t v = 0; v + 1 < n; v++) put_both_ways(out, &k, v, v + 1);
  return GNEST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Weights                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/* Hash of the unordered pair {u, v} and the seed: both arcs of an undirected edge agree. */
static inline uint64_t pair_hash(int32_t u, int32_t v, uint64_t seed_mix) {
  uint32_t lo = (uint32_t)(u < v ? u : v), hi = (uint32_t)(u < v ? v : u);
  return mix64((((uint64_t)lo << 32) | hi) ^ seed_mix);
}

gnest_status gn_gen_weights(gn_gen_edges *e, int lo, int hi, uint64_t seed) {
  if (!e || lo > hi || (e->m > 0 && (!e->src || !e->dst))) return GNEST_ERR_INVALID_ARGUMENT;
  if ((uint64_t)e->m > SIZE_MAX / sizeof(double)) return GNEST_ERR_TOO_LARGE;
  double *w = malloc((size_t)(e->m > 0 ? e->m : 1) * sizeof(double));
  if (!w) return GNEST_ERR_OUT_OF_MEMORY;
  uint64_t range = (uint64_t)((int64_t)hi - lo + 1); /* 1 .. 2^32 */
  uint64_t st = seed ^ 0x5851f42d4c957f2dULL;
  uint64_t seed_mix = gn_splitmix64(&st);
  for (int64_t i = 0; i < e->m; i++) {
    uint64_t h = pair_hash(e->src[i], e->dst[i], seed_mix) >> 32;
    w[i] = (double)((int64_t)lo + (int64_t)((h * range) >> 32));
  }
  free(e->w);
  e->w = w;
  return GNEST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Trees                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/* Expected node count of the Wu synthetic tree: sum over levels l = 0 .. depth-1 of (K p)^l,
 * p = 0.5^sparsity. Stops early once it exceeds limit or the terms become negligible. */
static double tree_expected_nodes(int depth, int out_degree, int sparsity, double limit) {
  double branching = ldexp((double)out_degree, -sparsity);
  double term = 1.0, sum = 0.0;
  for (int l = 0; l < depth; l++) {
    sum += term;
    if (sum > limit || isinf(sum)) break;
    term *= branching;
    if (term < 1e-30) break;
  }
  return sum;
}

double gn_gen_tree_expected_nodes(int depth, int out_degree, int sparsity) {
  if (depth < 1 || out_degree < 0 || sparsity < 0) return 0.0;
  return tree_expected_nodes(depth, out_degree, sparsity, HUGE_VAL);
}

/* 1 with probability 2^-sparsity: the top `sparsity` bits of a draw are all zero. */
static inline int child_present(gen_rng *rng, int sparsity) {
  if (sparsity == 0) return 1;
  uint64_t r = rng_next(rng);
  if (sparsity >= 64) return 0; /* probability below 2^-64: treated as never */
  return (r >> (64 - sparsity)) == 0;
}

/* Makes room for `need` parents. Growth by half again keeps reallocation cheap and bounded. */
static gnest_status parents_reserve(int32_t **parent, int64_t *capacity, int64_t need) {
  if (need <= *capacity) return GNEST_OK;
  if (need > INT32_MAX) return GNEST_ERR_TOO_LARGE;
  int64_t cap = *capacity + *capacity / 2;
  if (cap < need) cap = need;
  if (cap > INT32_MAX) cap = INT32_MAX;
  int32_t *grown = realloc(*parent, (size_t)cap * sizeof(int32_t));
  if (!grown) return GNEST_ERR_OUT_OF_MEMORY;
  *parent = grown;
  *capacity = cap;
  return GNEST_OK;
}

/* Nodes are numbered level by level (root 0); a node's children are consecutive ids. */
static gnest_status grow_tree(int depth, int out_degree, int sparsity, uint64_t seed,
                              int64_t initial_capacity, int32_t *n, int32_t **parent) {
  int64_t capacity = 0, count = 1;
  int32_t *par = NULL;
  gnest_status st = parents_reserve(&par, &capacity, initial_capacity);
  if (st != GNEST_OK) return st;
  par[0] = -1;
  gen_rng rng;
  rng_seed_stream(&rng, seed, 0);
  int64_t level_begin = 0, level_end = 1;
  for (int level = 1; level < depth && level_begin < level_end; level++) {
    for (int64_t v = level_begin; v < level_end; v++) {
      st = parents_reserve(&par, &capacity, count + out_degree);
      if (st != GNEST_OK) {
        free(par);
        return st;
      }
      for (int k = 0; k < out_degree; k++)
        if (child_present(&rng, sparsity)) par[count++] = (int32_t)v;
    }
    level_begin = level_end;
    level_end = count;
  }
  *n = (int32_t)count;
  *parent = par;
  return GNEST_OK;
}

gnest_status gn_gen_tree(int depth, int out_degree, int sparsity, uint64_t seed, int64_t max_nodes,
                         int32_t *n, int32_t **parent) {
  if (!n || !parent) return GNEST_ERR_INVALID_ARGUMENT;
  *n = 0;
  *parent = NULL;
  if (depth < 1 || out_degree < 0 || sparsity < 0 || max_nodes < 1)
    return GNEST_ERR_INVALID_ARGUMENT;
  double limit = max_nodes < INT32_MAX ? (double)max_nodes : (double)INT32_MAX;
  double expected = tree_expected_nodes(depth, out_degree, sparsity, limit);
  if (expected > limit) return GNEST_ERR_TOO_LARGE;
  /* Room for the expected size plus some slack for the random part; grows if needed. */
  double initial = expected * 1.125 + 1024.0;
  int64_t initial_capacity = initial > (double)INT32_MAX ? INT32_MAX : (int64_t)initial;
  return grow_tree(depth, out_degree, sparsity, seed, initial_capacity, n, parent);
}

/* The parent array of an n-node tree whose nodes 0 .. chain-1 form a chain (root 0); the other
 * entries are the caller's to fill. */
static gnest_status chain_parents(int32_t n, int32_t chain, int32_t **parent) {
  if (!parent) return GNEST_ERR_INVALID_ARGUMENT;
  *parent = NULL;
  if (n < 1 || chain < 1 || chain > n) return GNEST_ERR_INVALID_ARGUMENT;
  int32_t *par = malloc((size_t)n * sizeof(int32_t));
  if (!par) return GNEST_ERR_OUT_OF_MEMORY;
  for (int32_t i = 0; i < chain; i++) par[i] = i - 1;
  *parent = par;
  return GNEST_OK;
}

gnest_status gn_gen_chain(int32_t n, int32_t **parent) { return chain_parents(n, n, parent); }

gnest_status gn_gen_broom(int32_t n, int32_t handle, int32_t **parent) {
  gnest_status st = chain_parents(n, handle, parent);
  if (st != GNEST_OK) return st;
  for (int32_t i = handle; i < n; i++) (*parent)[i] = handle - 1;
  return GNEST_OK;
}

gnest_status gn_gen_caterpillar(int32_t n, int32_t legs, int32_t **parent) {
  if (legs < 0) {
    if (parent) *parent = NULL;
    return GNEST_ERR_INVALID_ARGUMENT;
  }
  const int32_t spine = n < 1 ? n : (int32_t)(((int64_t)n + legs) / ((int64_t)legs + 1));
  gnest_status st = chain_parents(n, spine, parent);
  if (st != GNEST_OK) return st;
  for (int32_t i = spine; i < n; i++) (*parent)[i] = (i - spine) / legs;
  return GNEST_OK;
}

gnest_status gn_gen_shuffle_tree(int32_t n, uint64_t seed, int32_t **parent) {
  if (!parent || !*parent || n < 1) return GNEST_ERR_INVALID_ARGUMENT;
  int32_t *perm = NULL, *shuffled = malloc((size_t)n * sizeof(int32_t));
  gnest_status st = shuffled ? random_permutation(n, seed, &perm) : GNEST_ERR_OUT_OF_MEMORY;
  if (st != GNEST_OK) {
    free(shuffled);
    return st;
  }
  const int32_t *old = *parent;
  for (int32_t i = 0; i < n; i++) shuffled[perm[i]] = old[i] < 0 ? -1 : perm[old[i]];
  free(perm);
  free(*parent);
  *parent = shuffled;
  return GNEST_OK;
}

gnest_status gn_gen_random_recursive(int32_t n, uint64_t seed, int32_t **parent) {
  gnest_status st = chain_parents(n, 1, parent);
  if (st != GNEST_OK) return st;
  gen_rng rng;
  rng_seed_stream(&rng, seed, 0);
  for (int32_t i = 1; i < n; i++) (*parent)[i] = (int32_t)rng_below(&rng, (uint64_t)i);
  return GNEST_OK;
}
