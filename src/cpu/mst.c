/* Minimum spanning forest: Kruskal with union-find (path halving, union by size).
 *
 * Every arc u->v with u != v is an undirected candidate edge {min(u,v), max(u,v)} of its weight
 * (unweighted: 1); a symmetric graph thus offers each edge twice, which changes nothing. Candidates
 * are taken in (weight, min, max) order, so the chosen forest is deterministic even with ties.
 * total = sum of the chosen weights as doubles, in that order (the device backends sort their
 * forest into that order and sum it the same way: bit-identical). num_edges = n - components.
 * Counters: edges_visited = arcs scanned, iterations = 1. */
#include <math.h>
#include <stdlib.h>
#include "cpu/cpu.h"

typedef struct candidate_edge {
  double w;
  int32_t a, b; /* a < b */
} candidate_edge;

/* Total order on weights: NaN after every number, so qsort always sees a consistent comparator. */
static int compare_weights(double x, double y) {
  const int x_nan = isnan(x), y_nan = isnan(y);
  if (x_nan || y_nan) return x_nan - y_nan;
  return (x > y) - (x < y);
}

static int by_weight_then_ends(const void *pa, const void *pb) {
  const candidate_edge *p = pa, *q = pb;
  const int by_weight = compare_weights(p->w, q->w);
  if (by_weight != 0) return by_weight;
  if (p->a != q->a) return (p->a > q->a) - (p->a < q->a);
  return (p->b > q->b) - (p->b < q->b);
}

static int32_t find_root(int32_t *parent, int32_t v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]]; /* path halving */
    v = parent[v];
  }
  return v;
}

/* Joins the sets of a and b; returns 0 when they were already one set. */
static int unite(int32_t *parent, int32_t *size, int32_t a, int32_t b) {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a == b) return 0;
  if (size[a] < size[b]) {
    const int32_t t = a;
    a = b;
    b = t;
  }
  parent[b] = a;
  size[a] += size[b];
  return 1;
}

/* A graph known to be symmetric has every arc's reverse with the same weight, so the arcs with
 * u < v already offer every candidate: taking only those halves the memory and the sort. */
static int64_t collect_candidates(const gn_csr *g, candidate_edge *out) {
  int64_t k = 0;
  for (int32_t u = 0; u < g->n; u++) {
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t v = g->cols[e];
      if (v == u || (g->symmetric && v < u)) continue;
      out[k].w = g->weights != NULL ? g->weights[e] : 1.0;
      out[k].a = u < v ? u : v;
      out[k].b = u < v ? v : u;
      k++;
    }
  }
  return k;
}

gnest_status gn_cpu_mst(const gn_csr *g, double *total, int64_t *num_edges, int32_t *edge_u,
                        int32_t *edge_v, double *edge_w, gn_cpu_counts *c) {
  const int32_t n = g->n;
  const size_t vertices = n > 0 ? (size_t)n : 1;
  const size_t arcs = g->m > 0 ? (size_t)g->m : 1;
  candidate_edge *cand = malloc(arcs * sizeof *cand);
  int32_t *parent = malloc(vertices * sizeof *parent);
  int32_t *size = malloc(vertices * sizeof *size);
  if (cand == NULL || parent == NULL || size == NULL) {
    free(cand);
    free(parent);
    free(size);
    return GNEST_ERR_OUT_OF_MEMORY;
  }

  const int64_t num_cand = collect_candidates(g, cand);
  qsort(cand, (size_t)num_cand, sizeof *cand, by_weight_then_ends);
  for (int32_t v = 0; v < n; v++) {
    parent[v] = v;
    size[v] = 1;
  }

  double sum = 0.0;
  int64_t chosen = 0;
  for (int64_t i = 0; i < num_cand && chosen < (int64_t)n - 1; i++) {
    if (!unite(parent, size, cand[i].a, cand[i].b)) continue;
    sum += cand[i].w;
    if (edge_u != NULL) edge_u[chosen] = cand[i].a;
    if (edge_v != NULL) edge_v[chosen] = cand[i].b;
    if (edge_w != NULL) edge_w[chosen] = cand[i].w;
    chosen++;
  }

  free(cand);
  free(parent);
  free(size);
  *total = sum;
  *num_edges = chosen;
  if (c != NULL) {
    c->edges_visited = g->m;
    c->iterations = 1;
  }
  return GNEST_OK;
}
