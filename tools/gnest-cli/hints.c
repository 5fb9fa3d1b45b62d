/* gnest-cli: one-line hints on stderr after a run from one source (bfs, sssp), for two habits
 * of real files:
 *   - an undirected graph stored as an edge list with each edge once (SNAP's facebook_combined,
 *     every arc from the lower to the higher id, or every one the other way) is read as directed,
 *     so a traversal reaches only part of it: say that --undirected exists;
 *   - a file with unused ids (wiki-Vote: ids up to 8,297 for 7,115 vertices) has phantom isolated
 *     vertices, and a given source may be one: say that --relabel exists. */
#include <stdlib.h>

#include "cli.h"

/* +1 when every arc that is not a self-loop goes from a lower to a higher id, -1 when every one
 * goes the other way, 0 otherwise (or without such arcs). */
static int one_way_arcs(const gnest_graph *g) {
  const int64_t *off;
  const int32_t *cols;
  const double *w;
  gnest_graph_csr(g, &off, &cols, &w);
  int up = 0, down = 0;
  for (int32_t u = 0; u < gnest_graph_num_vertices(g); ++u)
    for (int64_t e = off[u]; e < off[u + 1]; ++e) {
      up |= cols[e] > u;
      down |= cols[e] < u;
      if (up && down) return 0;
    }
  return up ? 1 : down ? -1 : 0;
}

/* 1 when v has no arc in or out. */
static int has_no_arc(const gnest_graph *g, int32_t v) {
  const int64_t *off;
  const int32_t *cols;
  const double *w;
  gnest_graph_csr(g, &off, &cols, &w);
  if (off[v + 1] > off[v]) return 0;
  for (int64_t e = 0; e < gnest_graph_num_edges(g); ++e)
    if (cols[e] == v) return 0;
  return 1;
}

void cli_print_hints(const cli_args *a, const cli_input *in, int64_t reached) {
  const gnest_graph *g = in->graph;
  const int32_t n = gnest_graph_num_vertices(g);
  const char *cmd = a->algo.name;
  if (a->quiet || reached >= n || a->load.symmetrize) return;
  if (a->source_given && !in->ids && has_no_arc(g, in->source)) {
    fprintf(stderr, "hint: source %d has no arc at all in %s (ids without arcs are isolated vertices): "
                    "--relabel numbers only the ids that appear\n", a->source, a->input);
    return;
  }
  const int way = one_way_arcs(g);
  if (way != 0)
    fprintf(stderr, "hint: %s reached %lld of %d vertices, and every arc of %s goes from a %s to a %s "
                    "id, as in an undirected graph stored with each edge once: if it is undirected, "
                    "%s --undirected follows the edges both ways\n",
            cmd, (long long)reached, n, a->input, way > 0 ? "lower" : "higher", way > 0 ? "higher" : "lower", cmd);
}
