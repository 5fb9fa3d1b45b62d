/* Breadth-first search, the textbook queue version.
 *
 * levels[v] = number of arcs on a shortest path source -> v following arcs as stored, -1 when v
 * is unreachable. Counters: edges_visited = arcs scanned (the out-arcs of every reached vertex),
 * iterations = number of levels (1 when the source reaches nothing). */
#include <stdlib.h>
#include "cpu/cpu.h"

gnest_status gn_cpu_bfs(const gn_csr *g, int32_t source, int32_t *levels, gn_cpu_counts *c) {
  const int32_t n = g->n;
  if (source < 0 || source >= n) return GNEST_ERR_OUT_OF_RANGE; /* the API layer checks first */

  int32_t *queue = malloc((size_t)n * sizeof *queue);
  if (queue == NULL) return GNEST_ERR_OUT_OF_MEMORY;

  for (int32_t v = 0; v < n; v++) levels[v] = -1;
  int64_t head = 0, tail = 0, scanned = 0;
  levels[source] = 0;
  queue[tail++] = source;
  int32_t deepest = 0;

  while (head < tail) {
    const int32_t u = queue[head++];
    const int32_t next = levels[u] + 1;
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t v = g->cols[e];
      scanned++;
      if (levels[v] == -1) {
        levels[v] = next;
        if (next > deepest) deepest = next;
        queue[tail++] = v;
      }
    }
  }

  free(queue);
  if (c != NULL) {
    c->edges_visited = scanned;
    c->iterations = deepest + 1;
  }
  return GNEST_OK;
}
