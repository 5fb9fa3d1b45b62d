/* gnest_graph_subgraph: the subgraph induced by a set of vertices, built on host threads, with
 * what the library knows of the graph carried over where it holds for every induced subgraph. */
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "base/parallel.h"

/* Two passes over g's rows, each thread a share of about m / threads arcs: the kept arcs of each
 * kept row are counted, then copied with their heads renumbered. */
typedef struct gn_subgraph_job {
  const gn_csr *g;
  const uint8_t *keep;
  const int32_t *new_id; /* [g->n]: the vertex's id in the subgraph, -1 when not kept */
  gn_csr *sub;           /* offsets[new id + 1] holds the row's count after the first pass */
  int32_t bound[kGnMaxThreads + 1];
} gn_subgraph_job;

static void gn_subgraph_count(void *arg, int t) {
  gn_subgraph_job *j = arg;
  const gn_csr *g = j->g;
  for (int32_t u = j->bound[t]; u < j->bound[t + 1]; ++u) {
    if (j->new_id[u] < 0) continue;
    int64_t kept = 0;
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) kept += j->keep[g->cols[e]] != 0;
    j->sub->offsets[j->new_id[u] + 1] = kept;
  }
}

static void gn_subgraph_copy(void *arg, int t) {
  gn_subgraph_job *j = arg;
  const gn_csr *g = j->g;
  gn_csr *sub = j->sub;
  for (int32_t u = j->bound[t]; u < j->bound[t + 1]; ++u) {
    if (j->new_id[u] < 0) continue;
    int64_t at = sub->offsets[j->new_id[u]];
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
      const int32_t v = j->new_id[g->cols[e]];
      if (v < 0) continue;
      sub->cols[at] = v;
      if (sub->weights) sub->weights[at] = g->weights[e];
      ++at;
    }
  }
}

gnest_status gnest_graph_subgraph(gnest_ctx *ctx, const gnest_graph *g, const uint8_t *keep,
                                  gnest_graph **out) {
  const char *fn = "gnest_graph_subgraph";
  if (out) *out = NULL;
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!g) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "graph is NULL");
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  if (!keep && g->csr.n > 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "keep is NULL");
  const gn_csr *c = &g->csr;
  gnest_status st = GNEST_OK;
  gn_csr sub;
  memset(&sub, 0, sizeof sub);
  int32_t *new_id = gn_alloc(ctx, (size_t)(c->n > 0 ? c->n : 1), sizeof *new_id,
                             "the subgraph's vertex ids", &st);
  if (new_id)
    for (int32_t v = 0; v < c->n; ++v) new_id[v] = keep[v] ? sub.n++ : -1;
  if (st == GNEST_OK)
    sub.offsets = gn_alloc(ctx, (size_t)sub.n + 1, sizeof *sub.offsets, "the subgraph's offsets",
                           &st);
  gn_subgraph_job j = {.g = c, .keep = keep, .new_id = new_id, .sub = &sub};
  const int threads = st == GNEST_OK ? gn_split_rows_by_arcs(c->offsets, c->n, j.bound) : 0;
  if (st == GNEST_OK) {
    sub.offsets[0] = 0;
    gn_parallel_run(threads, gn_subgraph_count, &j);
    for (int32_t v = 0; v < sub.n; ++v) sub.offsets[v + 1] += sub.offsets[v];
    sub.m = sub.offsets[sub.n];
    sub.cols = gn_alloc(ctx, (size_t)(sub.m > 0 ? sub.m : 1), sizeof *sub.cols,
                        "the subgraph's columns", &st);
  }
  if (st == GNEST_OK && c->weights)
    sub.weights = gn_alloc(ctx, (size_t)(sub.m > 0 ? sub.m : 1), sizeof *sub.weights,
                           "the subgraph's weights", &st);
  if (st == GNEST_OK) gn_parallel_run(threads, gn_subgraph_copy, &j);
  free(new_id);
  if (st != GNEST_OK) {
    gn_csr_free(&sub);
    return st;
  }
  /* Renumbering in increasing id keeps each row's order; dropping arcs keeps it too, and a kept
   * arc's reverse joins two kept vertices, so it is kept. */
  sub.sorted = c->sorted;
  sub.merged = c->merged;
  sub.symmetric = g->symmetric_known && g->symmetric;
  return gn_graph_wrap(ctx, &sub, 0, out);
}
