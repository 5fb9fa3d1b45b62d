/* Triangle counting on a symmetric graph without duplicate arcs (self-loops ignored).
 *
 * The "forward" algorithm (Schank and Wagner 2005): vertices are ranked by (degree, id) and each
 * undirected edge is oriented from the lower to the higher rank, which keeps every oriented list
 * short (at most sqrt(2m) entries on any graph). A triangle whose corners rank a < b < c is then
 * found exactly once: at a, for its oriented neighbour b, as an oriented neighbour c of b that a
 * also points to (a's out-list is marked in an array, so the test is one lookup).
 *
 * The oriented graph is stored with vertices renamed by rank and each list sorted: the lookups
 * then sweep the small high-rank end of the mark array, where the hubs are, and stay in cache
 * (RMAT scale 20, 31M arcs: 13 s of CPU against 19 s with the original ids; merging sorted lists
 * instead of the lookups was 3x slower). per_vertex (optional) receives, for each vertex, the
 * triangles it lies on. Counters: edges_visited = m + lookups, iterations = 1. */
#include <stdio.h>
#include <stdlib.h>
#include "cpu/cpu.h"

/* The oriented graph on ranks: out-lists of higher ranks; vertex[r] is the original id of rank r. */
typedef struct ranked_graph {
  int64_t *offsets;
  int32_t *cols;
  int32_t *vertex;
  int32_t *rank;
} ranked_graph;

static void free_ranked(ranked_graph *o) {
  free(o->offsets);
  free(o->cols);
  free(o->vertex);
  free(o->rank);
}

static int64_t degree(const gn_csr *g, int32_t v) { return g->offsets[v + 1] - g->offsets[v]; }

/* vertex[] = ids in increasing (degree, id): a counting sort by degree, stable in id. */
static gnest_status rank_by_degree(const gn_csr *g, ranked_graph *o) {
  int64_t max_degree = 0;
  for (int32_t v = 0; v < g->n; v++)
    if (degree(g, v) > max_degree) max_degree = degree(g, v);
  int64_t *start = calloc((size_t)max_degree + 2, sizeof *start);
  if (start == NULL) return GNEST_ERR_OUT_OF_MEMORY;
  for (int32_t v = 0; v < g->n; v++) start[degree(g, v) + 1]++;
  for (int64_t d = 0; d <= max_degree; d++) start[d + 1] += start[d];
  for (int32_t v = 0; v < g->n; v++) {
    const int32_t r = (int32_t)start[degree(g, v)]++;
    o->vertex[r] = v;
    o->rank[v] = r;
  }
  free(start);
  return GNEST_OK;
}

static gnest_status orient_by_rank(const gn_csr *g, ranked_graph *o) {
  const size_t n = (size_t)g->n;
  o->offsets = malloc((n + 1) * sizeof *o->offsets);
  o->cols = malloc(((size_t)g->m + 1) * sizeof *o->cols); /* half of it on a symmetric graph */
  o->vertex = malloc((n + 1) * sizeof *o->vertex);
  o->rank = malloc((n + 1) * sizeof *o->rank);
  if (o->offsets == NULL || o->cols == NULL || o->vertex == NULL || o->rank == NULL)
    return GNEST_ERR_OUT_OF_MEMORY;
  gnest_status st = rank_by_degree(g, o);
  if (st != GNEST_OK) return st;

  /* Two passes so that every out-list comes out sorted (its lookups then sweep the mark array
   * once, in order): count the out-degrees, then hand each rank c to its lower neighbours in
   * increasing c. Self-loops drop out (rank[u] > r is false for u itself). */
  for (int32_t r = 0; r <= g->n; r++) o->offsets[r] = 0;
  for (int32_t r = 0; r < g->n; r++) {
    const int32_t u = o->vertex[r];
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) o->offsets[r + 1] += o->rank[g->cols[e]] > r;
  }
  for (int32_t r = 0; r < g->n; r++) o->offsets[r + 1] += o->offsets[r];
  int64_t *fill = malloc(((size_t)g->n + 1) * sizeof *fill); /* next free slot of each list */
  if (fill == NULL) return GNEST_ERR_OUT_OF_MEMORY;
  for (int32_t r = 0; r < g->n; r++) fill[r] = o->offsets[r];
  for (int32_t c = 0; c < g->n; c++) {
    const int32_t w = o->vertex[c];
    for (int64_t e = g->offsets[w]; e < g->offsets[w + 1]; e++) {
      const int32_t r = o->rank[g->cols[e]];
      if (r < c && fill[r] < o->offsets[r + 1]) o->cols[fill[r]++] = c; /* bound: if not symmetric */
    }
  }
  free(fill);
  return GNEST_OK;
}

/* Triangles closed by the oriented arc a -> b: the c in out(b) that a also points to
 * (marked[c] == a marks out(a)). Credits each c in per_vertex; the caller credits a and b. */
static uint64_t count_closing(const ranked_graph *o, int32_t a, int32_t b, const int32_t *marked,
                              uint64_t *per_vertex, int64_t *lookups) {
  uint64_t found = 0;
  for (int64_t e = o->offsets[b]; e < o->offsets[b + 1]; e++) {
    const int32_t c = o->cols[e];
    if (marked[c] == a) {
      if (per_vertex != NULL) per_vertex[o->vertex[c]]++;
      found++;
    }
  }
  *lookups += o->offsets[b + 1] - o->offsets[b];
  return found;
}

gnest_status gn_cpu_tc(const gn_csr *g, uint64_t *total, uint64_t *per_vertex, gn_cpu_counts *c) {
  ranked_graph o = {NULL, NULL, NULL, NULL};
  int32_t *marked = malloc(((size_t)g->n + 1) * sizeof *marked);
  gnest_status st = marked != NULL ? orient_by_rank(g, &o) : GNEST_ERR_OUT_OF_MEMORY;
  if (st != GNEST_OK) goto done;

  for (int32_t v = 0; v < g->n; v++) {
    marked[v] = -1;
    if (per_vertex != NULL) per_vertex[v] = 0;
  }
  uint64_t triangles = 0;
  int64_t lookups = 0;
  for (int32_t a = 0; a < g->n; a++) {
    for (int64_t e = o.offsets[a]; e < o.offsets[a + 1]; e++) marked[o.cols[e]] = a;
    for (int64_t e = o.offsets[a]; e < o.offsets[a + 1]; e++) {
      const int32_t b = o.cols[e];
      const uint64_t found = count_closing(&o, a, b, marked, per_vertex, &lookups);
      if (per_vertex != NULL) {
        per_vertex[o.vertex[a]] += found;
        per_vertex[o.vertex[b]] += found;
      }
      triangles += found;
    }
  }
  *total = triangles;
  if (c != NULL) {
    c->edges_visited = g->m + lookups;
    c->iterations = 1;
  }

done:
  free(marked);
  free_ranked(&o);
  return st;
}

/* 1 when v ranks above u in the orientation's order (degree, id). */
static int ranks_higher(const gn_csr *g, int32_t u, int32_t v) {
  return degree(g, v) > degree(g, u) || (degree(g, v) == degree(g, u) && v > u);
}

/* The reference's arc visits, counted without orienting: every oriented arc a -> b costs one
 * lookup per oriented out-neighbour of b, so the lookups are the sum over b of in(b) x out(b)
 * (RMAT scale 20: 4.45e9, as the reference counts). */
double gn_cpu_work_tc(const gn_cpu_work_input *in, char *how, size_t size) {
  const gn_csr *g = in->graph;
  double lookups = 0;
  for (int32_t v = 0; v < g->n; v++) {
    int64_t out = 0, into = 0;
    for (int64_t k = g->offsets[v]; k < g->offsets[v + 1]; k++) {
      if (g->cols[k] == v) continue;
      if (ranks_higher(g, v, g->cols[k])) out++;
      else into++;
    }
    lookups += (double)into * (double)out;
  }
  snprintf(how, size, "forward algorithm on %.0f arcs", (double)g->m);
  return (double)g->m + lookups;
}
