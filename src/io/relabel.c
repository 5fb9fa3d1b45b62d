/* relabel: the vertices of a graph with sparse ids are the ids that appear in an arc, numbered
 * 0..k-1 in increasing order of id. A bitmap of the ids seen (n bits) and a count of set bits
 * before each 64-bit word give every id its new number in O(1): memory n/8 + n/16 bytes, one
 * pass over the arcs to mark and one to renumber, whatever the ids' spread. */
#include <stdlib.h>
#include <string.h>
#include "io/io_internal.h"

typedef struct id_rank {
  uint64_t *seen;   /* bit v: id v appears in an arc */
  int32_t *before;  /* set bits in the words before word w */
  int64_t words;
} id_rank;

static inline int32_t rank_of(const id_rank *r, int32_t v) {
  const uint64_t word = r->seen[v >> 6], below = ((uint64_t)1 << (v & 63)) - 1;
  return r->before[v >> 6] + (int32_t)__builtin_popcountll(word & below);
}

static gnest_status rank_build(gnest_ctx *ctx, const gn_edges *e, id_rank *r, int32_t *k) {
  gnest_status st = GNEST_OK;
  r->words = ((int64_t)e->n + 63) / 64;
  r->seen = gn_alloc(ctx, (size_t)r->words, sizeof(uint64_t), "the relabel bitmap", &st);
  if (r->seen) r->before = gn_alloc(ctx, (size_t)r->words, sizeof(int32_t), "the relabel ranks", &st);
  if (st != GNEST_OK) return st;
  for (int64_t i = 0; i < e->m; i++) {
    r->seen[e->src[i] >> 6] |= (uint64_t)1 << (e->src[i] & 63);
    r->seen[e->dst[i] >> 6] |= (uint64_t)1 << (e->dst[i] & 63);
  }
  int32_t total = 0;
  for (int64_t w = 0; w < r->words; w++) {
    r->before[w] = total;
    total += (int32_t)__builtin_popcountll(r->seen[w]);
  }
  *k = total;
  return GNEST_OK;
}

static gnest_status renumber(gnest_ctx *ctx, const gn_edges *e, const id_rank *r, int32_t k,
                             gn_edges *out, int32_t **ids) {
  gnest_status st = GNEST_OK;
  memset(out, 0, sizeof *out);
  out->n = k;
  out->m = e->m;
  out->symmetric = e->symmetric;
  out->src = gn_alloc_big(ctx, (size_t)e->m, sizeof(int32_t), "relabelled arc sources", &st);
  if (out->src) out->dst = gn_alloc_big(ctx, (size_t)e->m, sizeof(int32_t), "relabelled arc targets", &st);
  if (out->dst && e->w) out->w = gn_alloc_big(ctx, (size_t)e->m, sizeof(double), "relabelled weights", &st);
  if (st == GNEST_OK) *ids = gn_alloc(ctx, (size_t)k, sizeof(int32_t), "the original ids", &st);
  if (st != GNEST_OK) {
    gn_edges_free(out);
    return st;
  }
  for (int64_t i = 0; i < e->m; i++) {
    out->src[i] = rank_of(r, e->src[i]);
    out->dst[i] = rank_of(r, e->dst[i]);
  }
  if (e->w) memcpy(out->w, e->w, (size_t)e->m * sizeof(double));
  int32_t next = 0; /* the words' set bits, lowest first: ids in increasing order */
  for (int64_t w = 0; w < r->words; w++)
    for (uint64_t bits = r->seen[w]; bits; bits &= bits - 1)
      (*ids)[next++] = (int32_t)(w * 64 + __builtin_ctzll(bits));
  return GNEST_OK;
}

gnest_status gn_relabel_edges(gnest_ctx *ctx, const gn_edges *e, gn_edges *out, int32_t **ids) {
  id_rank r = {NULL, NULL, 0};
  int32_t k = 0;
  *ids = NULL;
  gnest_status st = rank_build(ctx, e, &r, &k);
  if (st == GNEST_OK) st = renumber(ctx, e, &r, k, out, ids);
  free(r.seen);
  free(r.before);
  return st;
}
