/* gnest-cli --compare: the cost of the CPU reference, estimated before it runs. --compare runs
 * src/cpu first to check every backend against it; on a large input that is the whole run (BC over
 * all 4,194,304 sources of RMAT scale 22 would take the CPU days), so the estimate is checked
 * against --reference-limit and an input over it is refused before anything runs, with the ways
 * out: fewer BC sources (the same sampled sources are then given to every backend and to the
 * reference, so the check stays exact), or a higher limit. */
#include <inttypes.h>
#include <math.h>

#include "cli.h"

/* The CPU references' speed, measured (triangle counting on RMAT scale 20, one core of the 2-core
 * development machine): only used to put the estimate in seconds in the message. */
static const double kVisitsPerSecond = 4e8;

/* Arc visits of the forward triangle count (src/cpu/tc.c): each edge is oriented towards the
 * higher (degree, id) rank, and every oriented arc a -> b costs one lookup per oriented
 * out-neighbour of b, so the lookups are the sum over b of in(b) x out(b). One pass over the arcs
 * (RMAT scale 20: 4.45e9 counted by the reference, the same here). */
static int ranks_higher(const int64_t *off, int32_t u, int32_t v) {
  const int64_t du = off[u + 1] - off[u], dv = off[v + 1] - off[v];
  return dv > du || (dv == du && v > u);
}

static double tc_work(const gnest_graph *g) {
  const int64_t *off;
  const int32_t *col;
  const float *w;
  gnest_graph_csr(g, &off, &col, &w);
  double lookups = 0;
  for (int32_t v = 0; v < gnest_graph_num_vertices(g); v++) {
    int64_t out = 0, in = 0;
    for (int64_t k = off[v]; k < off[v + 1]; k++) {
      if (col[k] == v) continue;
      if (ranks_higher(off, v, col[k])) out++;
      else in++;
    }
    lookups += (double)in * (double)out;
  }
  return (double)gnest_graph_num_edges(g) + lookups;
}

static int32_t bc_source_count(const cli_input *in) {
  return in->bc.mode == GNEST_BC_ALL ? gnest_graph_num_vertices(in->graph) : in->bc.count;
}

double cli_reference_work(cli_cmd cmd, const cli_input *in, char *how, size_t size) {
  if (!in->graph) { /* tree commands: one visit per node */
    const double n = in->tree ? (double)gnest_tree_num_nodes(in->tree) : 0;
    snprintf(how, size, "%.0f tree nodes", n);
    return n;
  }
  const double m = (double)gnest_graph_num_edges(in->graph);
  const double n = (double)gnest_graph_num_vertices(in->graph);
  switch (cmd) {
    case CMD_BC:
      snprintf(how, size, "%" PRId32 " sources x 2 passes x %.0f arcs", bc_source_count(in), m);
      return (double)bc_source_count(in) * 2 * (m + n);
    case CMD_TC:
      snprintf(how, size, "forward algorithm on %.0f arcs", m);
      return tc_work(in->graph);
    default:
      snprintf(how, size, "one pass over %.0f arcs", m);
      return m + n;
  }
}

int cli_check_reference_limit(const cli_args *a, const cli_input *in) {
  if (a->reference_limit <= 0) return CLI_EXIT_OK;
  char how[160];
  const double work = cli_reference_work(a->cmd, in, how, sizeof how);
  if (work <= a->reference_limit) return CLI_EXIT_OK;
  const char *cmd = cli_commands[a->cmd].name;
  return cli_usage_error(
      "%s --compare: the CPU reference would visit about %.2g arcs (%s: about %.0f s of one CPU "
      "core), over --reference-limit %.0f; %s", cmd, work, how, work / kVisitsPerSecond,
      a->reference_limit,
      a->cmd == CMD_BC ? "compare on fewer sources (--samples 64, --sources LIST or --source N: "
                         "every backend then runs the same sources) or raise --reference-limit "
                         "(0 = no limit)"
                       : "raise --reference-limit (0 = no limit), or run one backend without "
                         "--compare");
}
