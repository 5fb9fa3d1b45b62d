/* gnest-cli: does a backend's result agree with the CPU reference? The rules of --compare, by the
 * result's kind: levels exact; distances exact (every backend computes the same double sums);
 * scores within 1e-6 relative; a coloring valid and equal to the reference's; a forest's total
 * (summed in the same order everywhere: exact) and edge count; counts exact, total and per
 * vertex; node values exact; predecessors exact (their rule is deterministic). */
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

static int same_f64(const double *a, const double *b, int32_t n) {
  for (int32_t v = 0; v < n; ++v)
    if (!(a[v] == b[v])) return 0;
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
  const double *w;
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
  const gnest_result *x = &ref->out, *y = &r->out;
  if (x->pred && y->pred && !same_i32(x->pred, y->pred, r->n)) return 0;
  switch (r->algo.result) {
    case GNEST_RESULT_DISTANCES: return same_f64(x->values_f64, y->values_f64, r->n);
    case GNEST_RESULT_SCORES: return close_f64(x->values_f64, y->values_f64, r->n);
    case GNEST_RESULT_COLORING:
      return valid_coloring(in->graph, y->values_i32, y->num_colors) &&
             y->num_colors == x->num_colors && same_i32(x->values_i32, y->values_i32, r->n);
    case GNEST_RESULT_FOREST:
      return y->num_edges == x->num_edges && x->total_weight == y->total_weight;
    case GNEST_RESULT_COUNTS:
      if (y->total != x->total || !x->values_u64 != !y->values_u64) return 0;
      return !x->values_u64 || /* per-vertex counts: only where asked (--all-outputs) */
             memcmp(x->values_u64, y->values_u64, (size_t)r->n * sizeof(uint64_t)) == 0;
    case GNEST_RESULT_COMPONENTS:
      return y->num_components == x->num_components &&
             same_i32(x->values_i32, y->values_i32, r->n);
    default: return same_i32(x->values_i32, y->values_i32, r->n); /* LEVELS, NODE_VALUES */
  }
}
