/* Betweenness centrality: Brandes (2001), unweighted, arcs as stored, over a list of sources.
 *
 *   bc[v] = sum over listed sources s != v, targets t != v, s of sigma_st(v) / sigma_st
 *
 * For each source: a BFS that counts shortest paths (sigma), then a pass in reverse BFS order that
 * accumulates dependencies through successors:
 *   delta[v] = sum over arcs v->w with dist[w] == dist[v] + 1 of sigma[v] / sigma[w] * (1 + delta[w])
 * sigma and delta are doubles (path counts overflow any integer type on large graphs). A parallel
 * arc counts as a separate path, a self-loop never lies on a shortest path. A source listed twice
 * counts twice. Counters: edges_visited = arcs scanned in both passes, iterations = sources. */
#include <stdlib.h>
#include "cpu/cpu.h"

typedef struct brandes_work {
  int32_t *dist;  /* -1 = not reached from the current source */
  int32_t *order; /* BFS order, also the queue */
  double *sigma;
  double *delta;
} brandes_work;

/* Forward pass: fills dist, sigma and order; returns the number of vertices reached. */
static int32_t count_shortest_paths(const gn_csr *g, int32_t s, brandes_work *w, int64_t *scanned) {
  int32_t head = 0, tail = 0;
  w->dist[s] = 0;
  w->sigma[s] = 1.0;
  w->order[tail++] = s;
  while (head < tail) {
    const int32_t u = w->order[head++];
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t v = g->cols[e];
      if (w->dist[v] < 0) {
        w->dist[v] = w->dist[u] + 1;
        w->order[tail++] = v;
      }
      if (w->dist[v] == w->dist[u] + 1) w->sigma[v] += w->sigma[u];
    }
    *scanned += g->offsets[u + 1] - g->offsets[u];
  }
  return tail;
}

/* Backward pass over the reached vertices, farthest first; adds delta into bc except for s. */
static void accumulate_dependencies(const gn_csr *g, int32_t s, int32_t reached, brandes_work *w,
                                    double *bc, int64_t *scanned) {
  for (int32_t i = reached - 1; i >= 0; i--) {
    const int32_t v = w->order[i];
    double dependency = 0.0;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
      const int32_t x = g->cols[e];
      if (w->dist[x] == w->dist[v] + 1) dependency += w->sigma[v] / w->sigma[x] * (1.0 + w->delta[x]);
    }
    *scanned += g->offsets[v + 1] - g->offsets[v];
    w->delta[v] = dependency;
    if (v != s) bc[v] += dependency;
  }
}

/* Resets only what the last source touched, so all-sources BC stays O(n m), not O(n^2) extra. */
static void reset_reached(int32_t reached, brandes_work *w) {
  for (int32_t i = 0; i < reached; i++) {
    const int32_t v = w->order[i];
    w->dist[v] = -1;
    w->sigma[v] = 0.0;
    w->delta[v] = 0.0;
  }
}

gnest_status gn_cpu_bc(const gn_csr *g, const int32_t *sources, int32_t num_sources, double *bc,
                       gn_cpu_counts *c) {
  const int32_t n = g->n;
  for (int32_t i = 0; i < num_sources; i++)
    if (sources[i] < 0 || sources[i] >= n) return GNEST_ERR_OUT_OF_RANGE; /* API layer checks first */

  const size_t count = n > 0 ? (size_t)n : 1;
  brandes_work w = {malloc(count * sizeof(int32_t)), malloc(count * sizeof(int32_t)),
                    malloc(count * sizeof(double)), malloc(count * sizeof(double))};
  gnest_status st = GNEST_OK;
  if (w.dist == NULL || w.order == NULL || w.sigma == NULL || w.delta == NULL) {
    st = GNEST_ERR_OUT_OF_MEMORY;
    goto done;
  }

  for (int32_t v = 0; v < n; v++) {
    bc[v] = 0.0;
    w.dist[v] = -1;
    w.sigma[v] = 0.0;
    w.delta[v] = 0.0;
  }
  int64_t scanned = 0;
  for (int32_t i = 0; i < num_sources; i++) {
    const int32_t reached = count_shortest_paths(g, sources[i], &w, &scanned);
    accumulate_dependencies(g, sources[i], reached, &w, bc, &scanned);
    reset_reached(reached, &w);
  }
  if (c != NULL) {
    c->edges_visited = scanned;
    c->iterations = num_sources;
  }

done:
  free(w.dist);
  free(w.order);
  free(w.sigma);
  free(w.delta);
  return st;
}
