/* The default source vertex (see source.h). */
#include "source.h"

int32_t gn_default_source(const gnest_graph *g, int64_t *degree) {
  const int64_t *off;
  const int32_t *cols;
  const double *w;
  gnest_graph_csr(g, &off, &cols, &w);
  int32_t n = gnest_graph_num_vertices(g), best = 0;
  int64_t best_degree = n > 0 ? off[1] - off[0] : 0;
  for (int32_t v = 1; v < n; ++v)
    if (off[v + 1] - off[v] > best_degree) {
      best = v;
      best_degree = off[v + 1] - off[v];
    }
  if (degree) *degree = best_degree;
  return best;
}
