/* gnest-cli: does a backend's result agree with the CPU reference? The rules of --compare:
 * BFS levels exact; SSSP exact or within 1e-6 relative; BC within 1e-6 relative; coloring valid
 * and equal to the reference's; MST total (1e-6 relative) and edge count; TC exact; tree values exact. */
#include <math.h>
#include <string.h>

#include "cli.h"

#define REL_TOL 1e-6

static int close_enough(double a, double b) {
  if (a == b) return 1; /* also both +inf */
  if (!isfinite(a) || !isfinite(b)) return 0;
  double scale = fmax(fabs(a), fabs(b));
  return fabs(a - b) <= REL_TOL * scale + 1e-12; /* the floor keeps 0 vs 1e-300 "equal" */
}

static int same_i32(const int32_t *a, const int32_t *b, int32_t n) {
  return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

static int close_f32(const float *a, const float *b, int32_t n) {
  for (int32_t v = 0; v < n; ++v)
    if (!close_enough(a[v], b[v])) return 0;
  return 1;
}

static int close_f64(const double *a, const double *b, int32_t n) {
  for (int32_t v = 0; v < n; ++v)
    if (!close_enough(a[v], b[v])) return 0;
  return 1;
}

/* Every arc (u, v), u != v, joins different colors; every color in [0, num_colors). */
static int valid_coloring(const gnest_graph *g, const int32_t *colors, int32_t num_colors) {
  const int64_t *off;
  const int32_t *cols;
  const float *w;
  gnest_graph_csr(g, &off, &cols, &w);
  int32_t n = gnest_graph_num_vertices(g);
  for (int32_t u = 0; u < n; ++u) {
    if (colors[u] < 0 || colors[u] >= num_colors) return 0;
    for (int64_t e = off[u]; e < off[u + 1]; ++e)
      if (cols[e] != u && colors[cols[e]] == colors[u]) return 0;
  }
  return 1;
}

int cli_results_agree(const cli_input *in, const cli_result *ref, const cli_result *r) {
  if (ref->n != r->n) return 0;
  switch (r->cmd) {
    case CMD_SSSP: return close_f32(ref->dist, r->dist, r->n);
    case CMD_BC: return close_f64(ref->bc, r->bc, r->n);
    case CMD_COLOR:
      return valid_coloring(in->graph, r->ivals, r->num_colors) && r->num_colors == ref->num_colors &&
             same_i32(ref->ivals, r->ivals, r->n);
    case CMD_MST: return r->mst_edges == ref->mst_edges && close_enough(ref->mst_weight, r->mst_weight);
    case CMD_TC:
      return r->tc_total == ref->tc_total &&
             memcmp(ref->tc_per_vertex, r->tc_per_vertex, (size_t)r->n * sizeof(uint64_t)) == 0;
    default: return same_i32(ref->ivals, r->ivals, r->n); /* bfs levels, tree values */
  }
}
