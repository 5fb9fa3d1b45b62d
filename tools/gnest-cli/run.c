/* gnest-cli: running one algorithm into a cli_result, and the plain (non --compare) command. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int32_t input_size(const cli_input *in) {
  return in->tree ? gnest_tree_num_nodes(in->tree) : gnest_graph_num_vertices(in->graph);
}

/* calloc that never returns NULL for a zero count (so NULL always means failure). */
static void *zalloc(int64_t count, size_t size) {
  return calloc(count > 0 ? (size_t)count : 1, size);
}

gnest_status cli_result_alloc(cli_cmd cmd, const cli_input *in, cli_result *r) {
  memset(r, 0, sizeof *r);
  r->cmd = cmd;
  r->n = input_size(in);
  r->ids = in->ids;
  int ok = 1;
  switch (cmd) {
    case CMD_SSSP: ok = (r->dist = zalloc(r->n, sizeof *r->dist)) != NULL; break;
    case CMD_BC: ok = (r->bc = zalloc(r->n, sizeof *r->bc)) != NULL; break;
    case CMD_TC: ok = (r->tc_per_vertex = zalloc(r->n, sizeof *r->tc_per_vertex)) != NULL; break;
    case CMD_MST:
      r->mst_u = zalloc(r->n - 1, sizeof *r->mst_u);
      r->mst_v = zalloc(r->n - 1, sizeof *r->mst_v);
      r->mst_w = zalloc(r->n - 1, sizeof *r->mst_w);
      ok = r->mst_u && r->mst_v && r->mst_w;
      break;
    default: ok = (r->ivals = zalloc(r->n, sizeof *r->ivals)) != NULL; break;
  }
  if (!ok) {
    cli_result_free(r);
    return GNEST_ERR_OUT_OF_MEMORY;
  }
  return GNEST_OK;
}

void cli_result_free(cli_result *r) {
  free(r->ivals);
  free(r->dist);
  free(r->bc);
  free(r->tc_per_vertex);
  free(r->mst_u);
  free(r->mst_v);
  free(r->mst_w);
  memset(r, 0, sizeof *r);
}

/* bc over many sources runs as about BC_BATCHES calls over consecutive slices of the sources,
 * summed (betweenness is a sum over sources, so the total is the same up to the order of the
 * additions), so that a run of minutes can show its progress and ETA. */
enum { BC_BATCHES = 100 };

static void add_info(gnest_info *total, const gnest_info *part, int first) {
  if (first) {
    *total = *part;
    return;
  }
  total->time_ms += part->time_ms;
  total->kernel_launches += part->kernel_launches;
  total->device_launches += part->device_launches;
  total->edges_visited += part->edges_visited;
  total->iterations += part->iterations;
  total->grid_barriers += part->grid_barriers;
  total->barriers_saved += part->barriers_saved;
}

static gnest_status run_bc_batches(const cli_input *in, const gnest_options *o, cli_result *r,
                                   int32_t count) {
  const int32_t batch = (count + BC_BATCHES - 1) / BC_BATCHES;
  int32_t *list = malloc((size_t)batch * sizeof *list);
  double *part = malloc((size_t)(r->n > 0 ? r->n : 1) * sizeof *part);
  gnest_status st = list && part ? GNEST_OK : GNEST_ERR_OUT_OF_MEMORY;
  gn_progress_line line;
  gn_progress_start(&line, "gnest-cli bc", in->quiet);
  for (int32_t start = 0; start < count && st == GNEST_OK; start += batch) {
    const int32_t k = count - start < batch ? count - start : batch;
    for (int32_t i = 0; i < k; ++i)
      list[i] = in->bc.mode == GNEST_BC_ALL ? start + i : in->bc.list[start + i];
    const gnest_bc_sources slice = {GNEST_BC_LIST, list, k, 0};
    gnest_info info;
    st = gnest_bc(in->ctx, in->graph, &slice, start == 0 ? r->bc : part, o, &info);
    if (st != GNEST_OK) break;
    if (start > 0)
      for (int32_t v = 0; v < r->n; ++v) r->bc[v] += part[v];
    add_info(&r->info, &info, start == 0);
    gn_progress_update(&line, "sources", start + k, count, "sources");
  }
  gn_progress_finish(&line);
  free(list);
  free(part);
  return st;
}

static gnest_status run_bc(const cli_input *in, const gnest_options *o, cli_result *r) {
  const int32_t count = in->bc.mode == GNEST_BC_ALL ? r->n : in->bc.count;
  if (in->bc.mode == GNEST_BC_SAMPLE || count <= BC_BATCHES)
    return gnest_bc(in->ctx, in->graph, &in->bc, r->bc, o, &r->info);
  return run_bc_batches(in, o, r, count);
}

gnest_status cli_run_algorithm(const cli_input *in, const gnest_options *o, cli_result *r) {
  gnest_ctx *c = in->ctx;
  const gnest_graph *g = in->graph;
  gnest_info *info = &r->info;
  memset(info, 0, sizeof *info);
  switch (r->cmd) {
    case CMD_BFS: return gnest_bfs(c, g, in->source, r->ivals, o, info);
    case CMD_SSSP: return gnest_sssp(c, g, in->source, r->dist, o, info);
    case CMD_BC: return run_bc(in, o, r);
    case CMD_COLOR: return gnest_color(c, g, r->ivals, &r->num_colors, o, info);
    case CMD_MST:
      return gnest_mst(c, g, &r->mst_weight, &r->mst_edges, r->mst_u, r->mst_v, r->mst_w, o, info);
    case CMD_TC: return gnest_tc(c, g, &r->tc_total, r->tc_per_vertex, o, info);
    case CMD_TREE_DESCENDANTS: return gnest_tree_descendants(c, in->tree, r->ivals, o, info);
    case CMD_TREE_HEIGHTS: return gnest_tree_heights(c, in->tree, r->ivals, o, info);
    default: return GNEST_ERR_INVALID_ARGUMENT;
  }
}

/* A forced backend that cannot run here is reported in the CLI's own words before any work. */
static int check_forced_backend(const cli_args *a, const gnest_ctx *ctx) {
  gnest_backend b = a->opts.backend;
  if (b == GNEST_BACKEND_AUTO) return CLI_EXIT_OK;
  const char *why;
  gnest_status st = cli_backend_check(ctx, b, &why);
  if (st == GNEST_OK) return CLI_EXIT_OK;
  char detail[512];
  if (st == GNEST_ERR_NO_DEVICE)
    fprintf(stderr, "gnest-cli: backend %s: %s (%s)\n", gnest_backend_name(b), why,
            cli_no_device_why(ctx, detail, sizeof detail));
  else
    fprintf(stderr, "gnest-cli: backend %s: %s\n", gnest_backend_name(b), why);
  return CLI_EXIT_FAIL;
}

static int report(const cli_args *a, const cli_input *in, const cli_result *r) {
  if (a->output) {
    int rc = cli_write_output(a->output, r);
    if (rc != CLI_EXIT_OK) return rc;
  }
  cli_cpu_notice(a, in->ctx);
  if (a->json) cli_print_summary_json(stdout, a, in, r);
  else if (!a->quiet) cli_print_summary(stdout, a, in, r);
  if (r->cmd == CMD_BFS || r->cmd == CMD_SSSP) {
    cli_digest d;
    cli_digest_compute(r, &d);
    cli_print_hints(a, in, d.reached);
  }
  return CLI_EXIT_OK;
}

int cli_cmd_run(const cli_args *a) {
  cli_input in;
  memset(&in, 0, sizeof in);
  int rc = cli_open_context(a, 0, &in.ctx);
  if (rc == CLI_EXIT_OK) rc = check_forced_backend(a, in.ctx);
  if (rc == CLI_EXIT_OK) rc = cli_load_input(a, &in);
  if (rc != CLI_EXIT_OK) {
    cli_input_free(&in);
    return rc;
  }
  cli_result r;
  gnest_status st = cli_result_alloc(a->cmd, &in, &r);
  if (st == GNEST_OK) st = cli_run_algorithm(&in, &a->opts, &r);
  rc = st == GNEST_OK ? report(a, &in, &r) : cli_fail(a, in.ctx, st);
  cli_result_free(&r);
  cli_input_free(&in);
  return rc;
}
