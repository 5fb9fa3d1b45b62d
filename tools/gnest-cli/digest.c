/* gnest-cli: the few numbers that summarise a result (reached vertices, top-5 bc, ...). */
#include <math.h>
#include <string.h>

#include "cli.h"

static void digest_levels(const cli_result *r, cli_digest *d) {
  d->max_level = -1;
  for (int32_t v = 0; v < r->n; ++v) {
    if (r->ivals[v] < 0) continue;
    d->reached++;
    if (r->ivals[v] > d->max_level) d->max_level = r->ivals[v];
  }
}

static void digest_distances(const cli_result *r, cli_digest *d) {
  d->max_dist = -1.0;
  for (int32_t v = 0; v < r->n; ++v) {
    if (!isfinite(r->dist[v])) continue;
    d->reached++;
    if (r->dist[v] > d->max_dist) d->max_dist = r->dist[v];
  }
}

/* a ranks above b: higher value, then lower id. */
static int bc_above(const double *bc, int32_t a, int32_t b) {
  return bc[a] > bc[b] || (bc[a] == bc[b] && a < b);
}

/* Keeps the 5 best in top[] by insertion: O(5 n). */
static void digest_top_bc(const cli_result *r, cli_digest *d) {
  for (int32_t v = 0; v < r->n; ++v) {
    int k = d->top_count < 5 ? d->top_count++ : 5;
    while (k > 0 && bc_above(r->bc, v, d->top[k - 1])) {
      if (k < 5) d->top[k] = d->top[k - 1];
      --k;
    }
    if (k < 5) d->top[k] = v;
  }
}

static void digest_tree(const cli_result *r, cli_digest *d) {
  d->max_value = 0;
  d->max_node = -1;
  for (int32_t v = 0; v < r->n; ++v)
    if (d->max_node < 0 || r->ivals[v] > d->max_value) {
      d->max_value = r->ivals[v];
      d->max_node = v;
    }
}

void cli_digest_compute(const cli_result *r, cli_digest *d) {
  memset(d, 0, sizeof *d);
  switch (r->cmd) {
    case CMD_BFS: digest_levels(r, d); break;
    case CMD_SSSP: digest_distances(r, d); break;
    case CMD_BC: digest_top_bc(r, d); break;
    case CMD_MST: d->components = (int64_t)r->n - r->mst_edges; break;
    case CMD_TREE_DESCENDANTS:
    case CMD_TREE_HEIGHTS: digest_tree(r, d); break;
    default: break;
  }
}
