/* gnest-cli: the few numbers that summarise a result, by its kind (reached vertices, top-5
 * scores, ...). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void digest_levels(const cli_result *r, cli_digest *d) {
  d->max_level = -1;
  for (int32_t v = 0; v < r->n; ++v) {
    if (r->out.values_i32[v] < 0) continue;
    d->reached++;
    if (r->out.values_i32[v] > d->max_level) d->max_level = r->out.values_i32[v];
  }
}

static void digest_distances(const cli_result *r, cli_digest *d) {
  d->max_dist = -1.0;
  for (int32_t v = 0; v < r->n; ++v) {
    if (!isfinite(r->out.values_f64[v])) continue;
    d->reached++;
    if (r->out.values_f64[v] > d->max_dist) d->max_dist = r->out.values_f64[v];
  }
}

/* a ranks above b: higher score, then lower id. */
static int score_above(const double *score, int32_t a, int32_t b) {
  return score[a] > score[b] || (score[a] == score[b] && a < b);
}

/* Keeps the 5 best in top[] by insertion: O(5 n). */
static void digest_top_scores(const cli_result *r, cli_digest *d) {
  for (int32_t v = 0; v < r->n; ++v) {
    int k = d->top_count < 5 ? d->top_count++ : 5;
    while (k > 0 && score_above(r->out.values_f64, v, d->top[k - 1])) {
      if (k < 5) d->top[k] = d->top[k - 1];
      --k;
    }
    if (k < 5) d->top[k] = v;
  }
}

static void digest_node_values(const cli_result *r, cli_digest *d) {
  d->max_value = 0;
  d->max_node = -1;
  for (int32_t v = 0; v < r->n; ++v)
    if (d->max_node < 0 || r->out.values_i32[v] > d->max_value) {
      d->max_value = r->out.values_i32[v];
      d->max_node = v;
    }
}

/* Labels are vertex ids: one counter per vertex (without the memory for it, the largest
 * component is given as -1). */
static void digest_components(const cli_result *r, cli_digest *d) {
  int64_t *size = calloc(r->n > 0 ? (size_t)r->n : 1, sizeof *size);
  d->largest = size ? 0 : -1;
  for (int32_t v = 0; size && v < r->n; ++v) {
    const int64_t s = ++size[r->out.values_i32[v]];
    if (s > d->largest) d->largest = s;
  }
  free(size);
}

void cli_digest_compute(const cli_result *r, cli_digest *d) {
  memset(d, 0, sizeof *d);
  switch (r->algo.result) {
    case GNEST_RESULT_LEVELS: digest_levels(r, d); break;
    case GNEST_RESULT_DISTANCES: digest_distances(r, d); break;
    case GNEST_RESULT_SCORES: digest_top_scores(r, d); break;
    case GNEST_RESULT_FOREST: d->components = (int64_t)r->n - r->out.num_edges; break;
    case GNEST_RESULT_NODE_VALUES: digest_node_values(r, d); break;
    case GNEST_RESULT_COMPONENTS: digest_components(r, d); break;
    default: break;
  }
}
