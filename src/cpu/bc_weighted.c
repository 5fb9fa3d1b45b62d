/* Weighted betweenness centrality: Brandes (2001) over Dijkstra, arcs as stored, over a list of
 * sources, with gn_cpu_bc's sum (no normalization; a source listed twice counts twice).
 *
 * For each source: gn_cpu_sssp's distances, then the shortest-path DAG: the arcs u -> w with w
 * reached and dist[u] + weight == dist[w], summed in the distance type as gn_cpu_sssp sums (so
 * every distance is such a sum and every reached vertex but the source has a DAG in-arc). Path
 * counts go through the DAG in topological order (Kahn's: a vertex is taken once all its DAG
 * in-arcs are done), which, unlike Dijkstra's settling order, is right when zero weights make
 * equal distances; dependencies go through that order reversed:
 *   delta[v] = sum over DAG arcs v->w of sigma[v] / sigma[w] * (1 + delta[w])
 * A cycle of zero-weight arcs reached from the source lies on the DAG (its vertices have equal
 * distances) and makes the path counts infinite: Kahn's order then leaves a vertex with DAG
 * in-arcs never done (the source itself when the cycle runs through it, as arcs into the source
 * are not followed), and the call fails naming that source. sigma and delta are doubles.
 * Counters: edges_visited = arcs scanned by Dijkstra and the three passes, iterations = sources. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "cpu/cpu.h"

/* The distances' type: gn_cpu_sssp's. */
typedef double distance;

typedef struct weighted_work {
  distance *dist;   /* gn_cpu_sssp's; +INFINITY = not reached */
  int32_t *pending; /* DAG in-arcs not yet done */
  int32_t *order;   /* Kahn's order, also the queue */
  double *sigma;
  double *delta;
} weighted_work;

/* Arc e = u -> w lies on a shortest path from the source. */
static int on_dag(const gn_csr *g, const distance *dist, int32_t u, int64_t e) {
  const distance to = dist[g->cols[e]];
  const distance through = dist[u] + (g->weights != NULL ? (distance)g->weights[e] : 1);
  return through == to && to < INFINITY;
}

/* pending[w] = w's DAG in-arcs, for every w. */
static void count_dag_in_arcs(const gn_csr *g, weighted_work *w, int64_t *scanned) {
  for (int32_t v = 0; v < g->n; v++) w->pending[v] = 0;
  for (int32_t u = 0; u < g->n; u++) {
    if (!(w->dist[u] < INFINITY)) continue;
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
      if (on_dag(g, w->dist, u, e)) w->pending[g->cols[e]]++;
    *scanned += g->offsets[u + 1] - g->offsets[u];
  }
}

/* Path counts in Kahn's order from s; returns the number of vertices ordered. */
static int32_t count_shortest_paths(const gn_csr *g, int32_t s, weighted_work *w,
                                    int64_t *scanned) {
  int32_t head = 0, tail = 0;
  w->sigma[s] = 1.0;
  w->order[tail++] = s;
  while (head < tail) {
    const int32_t u = w->order[head++];
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t x = g->cols[e];
      if (x == s || !on_dag(g, w->dist, u, e)) continue;
      w->sigma[x] += w->sigma[u];
      if (--w->pending[x] == 0) w->order[tail++] = x;
    }
    *scanned += g->offsets[u + 1] - g->offsets[u];
  }
  return tail;
}

/* A vertex whose DAG in-arcs were not all done: a zero-weight cycle. */
static int left_pending(int32_t n, const weighted_work *w) {
  for (int32_t v = 0; v < n; v++)
    if (w->pending[v] != 0) return 1;
  return 0;
}

/* Dependencies in reverse Kahn order; adds delta into bc except for s. */
static void accumulate_dependencies(const gn_csr *g, int32_t s, int32_t ordered, weighted_work *w,
                                    double *bc, int64_t *scanned) {
  for (int32_t i = ordered - 1; i >= 0; i--) {
    const int32_t v = w->order[i];
    double dependency = 0.0;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
      const int32_t x = g->cols[e];
      if (on_dag(g, w->dist, v, e))
        dependency += w->sigma[v] / w->sigma[x] * (1.0 + w->delta[x]);
    }
    *scanned += g->offsets[v + 1] - g->offsets[v];
    w->delta[v] = dependency;
    if (v != s) bc[v] += dependency;
  }
  for (int32_t i = 0; i < ordered; i++) {
    w->sigma[w->order[i]] = 0.0;
    w->delta[w->order[i]] = 0.0;
  }
}

gnest_status gn_cpu_bc_weighted(const gn_csr *g, const int32_t *sources, int32_t num_sources,
                                double *bc, int32_t *cycle_source, gn_cpu_counts *c) {
  const int32_t n = g->n;
  for (int32_t i = 0; i < num_sources; i++)
    if (sources[i] < 0 || sources[i] >= n) return GNEST_ERR_OUT_OF_RANGE; /* API layer checks first */

  const size_t count = n > 0 ? (size_t)n : 1;
  weighted_work w = {malloc(count * sizeof(distance)), malloc(count * sizeof(int32_t)),
                     malloc(count * sizeof(int32_t)), calloc(count, sizeof(double)),
                     calloc(count, sizeof(double))};
  gnest_status st = GNEST_OK;
  if (w.dist == NULL || w.pending == NULL || w.order == NULL || w.sigma == NULL ||
      w.delta == NULL) {
    st = GNEST_ERR_OUT_OF_MEMORY;
    goto done;
  }
  for (int32_t v = 0; v < n; v++) bc[v] = 0.0;
  int64_t scanned = 0;
  for (int32_t i = 0; i < num_sources && st == GNEST_OK; i++) {
    gn_cpu_counts dijkstra = {0, 0};
    st = gn_cpu_sssp(g, sources[i], w.dist, &dijkstra);
    if (st != GNEST_OK) break;
    scanned += dijkstra.edges_visited;
    count_dag_in_arcs(g, &w, &scanned);
    const int32_t ordered = count_shortest_paths(g, sources[i], &w, &scanned);
    if (left_pending(n, &w)) {
      *cycle_source = sources[i];
      st = GNEST_ERR_INVALID_INPUT;
      break;
    }
    accumulate_dependencies(g, sources[i], ordered, &w, bc, &scanned);
  }
  if (c != NULL) {
    c->edges_visited = scanned;
    c->iterations = num_sources;
  }

done:
  free(w.dist);
  free(w.pending);
  free(w.order);
  free(w.sigma);
  free(w.delta);
  return st;
}

/* Per source: Dijkstra (its arcs and a heap operation of log2(n) steps per vertex), then three
 * passes over the arcs. */
double gn_cpu_work_bc_weighted(const gn_cpu_work_input *in, char *how, size_t size) {
  const double m = (double)in->graph->m, n = (double)in->graph->n;
  snprintf(how, size, "%lld sources x (Dijkstra + 3 passes) over %.0f arcs",
           (long long)in->sources, m);
  return (double)in->sources * (4 * m + n * (1 + log2(n > 1 ? n : 2)));
}
