/* Greedy first-fit coloring in gn_color_priority order, highest key first: largest degree
 * (gn_color_degree) first, ties as gnest_color_tie says.
 *
 * Each vertex, in that order, takes the smallest color that none of its already-colored
 * neighbours has (self-loops ignored). Jones-Plassmann with the same priorities colors a vertex
 * once all its higher-priority neighbours are colored, with the smallest color they leave free:
 * exactly this coloring, which is why every backend must use gn_color_priority unchanged.
 * Neighbours are the out-arcs as stored (the API layer requires a symmetric graph).
 * Counters: edges_visited = arcs scanned (degrees + coloring), iterations = 1 (one pass). */
#include <stdlib.h>
#include "cpu/cpu.h"

typedef struct ranked_vertex {
  uint64_t key;
  int32_t v;
} ranked_vertex;

static int by_key_descending(const void *a, const void *b) {
  const uint64_t ka = ((const ranked_vertex *)a)->key, kb = ((const ranked_vertex *)b)->key;
  return (ka < kb) - (ka > kb);
}

static int64_t color_degree(const gn_csr *g, int32_t v, gnest_color_tie tie) {
  int64_t loops = 0;
  for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) loops += g->cols[e] == v;
  return gn_color_degree(g->offsets[v + 1] - g->offsets[v], loops, tie);
}

/* Smallest color not used by a colored neighbour of v. used_by[c] == v marks color c as taken
 * for v; a vertex with d neighbours finds a free color among 0..d, so n + 1 marks suffice. */
static int32_t first_free_color(const gn_csr *g, int32_t v, const int32_t *colors, int32_t *used_by) {
  for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
    const int32_t u = g->cols[e];
    if (u != v && colors[u] >= 0) used_by[colors[u]] = v;
  }
  int32_t color = 0;
  while (used_by[color] == v) color++;
  return color;
}

gnest_status gn_cpu_color(const gn_csr *g, gnest_color_tie tie, int32_t *colors,
                          int32_t *num_colors, gn_cpu_counts *c) {
  const int32_t n = g->n;
  const size_t count = n > 0 ? (size_t)n : 1;
  ranked_vertex *ranked = malloc(count * sizeof *ranked);
  int32_t *used_by = malloc((count + 1) * sizeof *used_by);
  if (ranked == NULL || used_by == NULL) {
    free(ranked);
    free(used_by);
    return GNEST_ERR_OUT_OF_MEMORY;
  }

  for (int32_t v = 0; v < n; v++) {
    ranked[v].key = gn_color_priority(color_degree(g, v, tie), v, tie);
    ranked[v].v = v;
    colors[v] = -1;
  }
  for (size_t i = 0; i <= count; i++) used_by[i] = -1;
  qsort(ranked, (size_t)n, sizeof *ranked, by_key_descending);

  int32_t max_color = -1;
  for (int32_t i = 0; i < n; i++) {
    const int32_t v = ranked[i].v;
    colors[v] = first_free_color(g, v, colors, used_by);
    if (colors[v] > max_color) max_color = colors[v];
  }

  free(ranked);
  free(used_by);
  *num_colors = max_color + 1;
  if (c != NULL) {
    c->edges_visited = 2 * g->m;
    c->iterations = 1;
  }
  return GNEST_OK;
}
