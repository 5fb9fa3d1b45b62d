/* Predecessors on shortest paths, by the rule of gnest_bfs_pred (gnest.h): the oracle of the
 * device passes (src/algos/pred.cu) and the cpu backend's own.
 *
 * An arc u -> v is on a shortest path ("tight") when u is reached and, for SSSP,
 * dist[u] + w(u,v) == dist[v] < +inf, the sum in double exactly as gn_cpu_sssp and the device
 * relaxation compute it; for BFS (dist NULL) every arc of a reached vertex is. hops[v] is the
 * fewest tight arcs from the source to v (a BFS over the tight arcs; for BFS, the levels).
 * pred[v] is the smallest u of a tight arc u -> v with hops[u] + 1 == hops[v]. Ranking by hops
 * keeps the parents a tree: zero weights (or a weight that does not change a rounded sum) make
 * tight arcs between vertices of equal distance, and "the smallest tight u" alone could then
 * point two vertices at each other. */
#include <math.h>
#include <stdlib.h>
#include "cpu/cpu.h"

/* Whether arc e = u -> v is on a shortest path (u reached); every arc when dist is NULL. */
static int tight_arc(const gn_csr *g, const double *dist, int32_t u, int64_t e, int32_t v) {
  if (dist == NULL) return 1;
  const double sum = dist[u] + (g->weights != NULL ? g->weights[e] : 1.0);
  return sum == dist[v] && dist[v] < INFINITY;
}

static gnest_status shortest_hops(const gn_csr *g, int32_t source, const double *dist,
                                 int32_t *hops, gn_cpu_counts *c) {
  const int32_t n = g->n;
  int32_t *queue = malloc((size_t)n * sizeof *queue);
  if (queue == NULL) return GNEST_ERR_OUT_OF_MEMORY;
  for (int32_t v = 0; v < n; v++) hops[v] = -1;
  int64_t head = 0, tail = 0, scanned = 0;
  hops[source] = 0;
  queue[tail++] = source;
  while (head < tail) {
    const int32_t u = queue[head++];
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t v = g->cols[e];
      scanned++;
      if (hops[v] == -1 && tight_arc(g, dist, u, e, v)) {
        hops[v] = hops[u] + 1;
        queue[tail++] = v;
      }
    }
  }
  free(queue);
  if (c != NULL) c->edges_visited += scanned;
  return GNEST_OK;
}

static void predecessors(const gn_csr *g, const int32_t *hops, const double *dist, int32_t *pred,
                         gn_cpu_counts *c) {
  const int32_t n = g->n;
  int64_t scanned = 0;
  for (int32_t v = 0; v < n; v++) pred[v] = -1;
  for (int32_t u = 0; u < n; u++) {
    if (hops[u] < 0) continue;
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t v = g->cols[e];
      scanned++;
      if (pred[v] != -1 || hops[v] != hops[u] + 1) continue; /* u ascends: the first is least */
      if (tight_arc(g, dist, u, e, v)) pred[v] = u;
    }
  }
  if (c != NULL) c->edges_visited += scanned;
}

gnest_status gn_cpu_pred(const gn_csr *g, int32_t source, const int32_t *levels, const double *dist,
                         int32_t *pred, gn_cpu_counts *c) {
  if (dist == NULL) {
    predecessors(g, levels, NULL, pred, c);
    return GNEST_OK;
  }
  int32_t *hops = malloc((size_t)g->n * sizeof *hops);
  if (hops == NULL) return GNEST_ERR_OUT_OF_MEMORY;
  const gnest_status st = shortest_hops(g, source, dist, hops, c);
  if (st == GNEST_OK) predecessors(g, hops, dist, pred, c);
  free(hops);
  return st;
}
