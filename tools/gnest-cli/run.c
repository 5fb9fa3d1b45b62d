/* gnest-cli: running one algorithm into a cli_result (gnest_run, its arrays by the registry's
 * result kind), and the plain (non --compare) command. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/result.h"

static int32_t input_size(const cli_input *in) {
  return in->tree ? gnest_tree_num_nodes(in->tree) : gnest_graph_num_vertices(in->graph);
}

gnest_status cli_result_alloc(cli_cmd cmd, const cli_input *in, cli_result *r) {
  memset(r, 0, sizeof *r);
  gnest_status st = gnest_algorithm_describe((gnest_algorithm)cmd, &r->algo);
  if (st != GNEST_OK) return st;
  r->n = input_size(in);
  r->ids = in->ids;
  st = gn_result_alloc(r->algo.result, r->n, in->optional_outputs, &r->out);
  if (st == GNEST_OK && in->predecessors) st = gn_result_alloc_pred(r->n, &r->out);
  return st;
}

void cli_result_free(cli_result *r) {
  gn_result_free(&r->out);
  memset(r, 0, sizeof *r);
}

/* An algorithm over a set of sources (GNEST_SOURCES_SET: a score summed over the sources) runs
 * many sources as about SOURCE_BATCHES calls over consecutive slices of them, summed (the total
 * is the same up to the order of the additions), so that a run of minutes can show its progress
 * and ETA. The first slices grow from one source (1, 2, 4, ... up to a batch), so that the time
 * of a run over all sources is known early: the estimate below. Every source is in exactly one
 * slice. */
enum { SOURCE_BATCHES = 100 };

/* The estimate of a run over all sources, made once from the first slices: after ESTIMATE_MS of
 * them (the first slice, which may carry the graph's upload and warm-up, left out of the rate)
 * or once the slices reach a whole batch. A run estimated above the limit (10 s, or
 * $GNEST_CLI_LONG_RUN_S seconds) is said on stderr with how --samples shortens it, terminal or
 * not, before the rest runs. */
enum { ESTIMATE_MS = 200 };

typedef struct source_estimate {
  int pending;         /* not yet made */
  double start_ms;     /* when the first slice began */
  double first_ms;     /* when it ended */
  int32_t first_count; /* its sources */
} source_estimate;

static double long_run_limit_s(void) {
  const char *text = getenv("GNEST_CLI_LONG_RUN_S");
  char *end = NULL;
  const double limit = text && *text ? strtod(text, &end) : 10.0;
  return end && *end == '\0' && limit >= 0 ? limit : 10.0;
}

/* "2.5 s", "14 min", "3.1 h". */
static const char *duration_text(double s, char *buf, size_t size) {
  if (s < 120) snprintf(buf, size, "%.1f s", s);
  else if (s < 7200) snprintf(buf, size, "%.0f min", s / 60);
  else snprintf(buf, size, "%.1f h", s / 3600);
  return buf;
}

/* After a slice: done of count sources ran. Makes the estimate when it is due. */
static void estimate_after_slice(source_estimate *e, const cli_result *r, gn_progress_line *line,
                                 int32_t done, int32_t count, int32_t batch) {
  const double now = cli_now_ms();
  if (done == e->first_count) e->first_ms = now;
  const int32_t later = done - e->first_count; /* sources after the first slice */
  if (!e->pending || later <= 0 || (now - e->first_ms < ESTIMATE_MS && done < batch)) return;
  e->pending = 0;
  const double per_source_s = (now - e->first_ms) / later / 1000.0;
  const double total_s = (now - e->start_ms) / 1000.0 + per_source_s * (count - done);
  if (total_s <= long_run_limit_s()) return;
  const int32_t samples = (int32_t)(10.0 / per_source_s) > 1 ? (int32_t)(10.0 / per_source_s) : 1;
  char total[32], sampled[32];
  gn_progress_finish(line); /* the message on a line of its own; progress redraws below it */
  fprintf(stderr,
          "gnest-cli %s: over all %d sources this takes about %s (estimated from the first %d); "
          "--samples K runs K sampled sources instead (e.g. --samples %d: about %s)\n",
          r->algo.name, count, duration_text(total_s, total, sizeof total), done,
          samples < count ? samples : count,
          duration_text(per_source_s * (samples < count ? samples : count), sampled,
                        sizeof sampled));
}

static void add_info(gnest_info *total, const gnest_info *part, int first) {
  if (first) {
    *total = *part;
    return;
  }
  total->time_ms += part->time_ms;
  total->setup_ms += part->setup_ms;
  total->call_ms += part->call_ms;
  total->upload_ms += part->upload_ms;
  total->upload_bytes += part->upload_bytes;
  total->kernel_launches += part->kernel_launches;
  total->device_launches += part->device_launches;
  total->edges_visited += part->edges_visited;
  total->iterations += part->iterations;
  total->grid_barriers += part->grid_barriers;
  total->barriers_saved += part->barriers_saved;
}

static gnest_status run_source_batches(const cli_input *in, const gnest_options *o,
                                       cli_result *r, int32_t count) {
  const int32_t batch = (count + SOURCE_BATCHES - 1) / SOURCE_BATCHES;
  int32_t *list = malloc((size_t)batch * sizeof *list);
  double *part = malloc((size_t)(r->n > 0 ? r->n : 1) * sizeof *part);
  gnest_status st = list && part ? GNEST_OK : GNEST_ERR_OUT_OF_MEMORY;
  char tool[64];
  snprintf(tool, sizeof tool, "gnest-cli %s", r->algo.name);
  gn_progress_line line;
  gn_progress_start(&line, tool, in->quiet);
  gnest_run_input slice_in = cli_run_input(in);
  gnest_result slice_out = r->out;
  source_estimate estimate = {in->estimate && in->bc.mode == GNEST_BC_ALL && !in->quiet,
                              cli_now_ms(), 0, 1};
  int32_t k = 0;
  for (int32_t start = 0; start < count && st == GNEST_OK; start += k) {
    k = 2 * k > batch || k == 0 ? (k == 0 ? 1 : batch) : 2 * k; /* 1, 2, 4, ..., batch, batch */
    if (k > count - start) k = count - start;
    for (int32_t i = 0; i < k; ++i)
      list[i] = in->bc.mode == GNEST_BC_ALL ? start + i : in->bc.list[start + i];
    const gnest_bc_sources slice = {GNEST_BC_LIST, list, k, 0};
    slice_in.sources = &slice;
    slice_out.values_f64 = start == 0 ? r->out.values_f64 : part;
    gnest_info info;
    st = gnest_run(in->ctx, r->algo.algorithm, &slice_in, &slice_out, o, &info);
    if (st != GNEST_OK) break;
    if (start > 0)
      for (int32_t v = 0; v < r->n; ++v) r->out.values_f64[v] += part[v];
    add_info(&r->info, &info, start == 0);
    estimate_after_slice(&estimate, r, &line, start + k, count, batch);
    gn_progress_update(&line, "sources", start + k, count, "sources");
  }
  gn_progress_finish(&line);
  free(list);
  free(part);
  return st;
}

gnest_run_input cli_run_input(const cli_input *in) {
  gnest_run_input run = {in->graph, in->tree, in->source, &in->bc};
  return run;
}

gnest_status cli_run_algorithm(const cli_input *in, const gnest_options *o, cli_result *r) {
  memset(&r->info, 0, sizeof r->info);
  const gnest_run_input run = cli_run_input(in);
  if (r->algo.sources == GNEST_SOURCES_SET && r->algo.result == GNEST_RESULT_SCORES) {
    const int32_t count = in->bc.mode == GNEST_BC_ALL ? r->n : in->bc.count;
    if (in->bc.mode != GNEST_BC_SAMPLE && count > SOURCE_BATCHES)
      return run_source_batches(in, o, r, count);
  }
  return gnest_run(in->ctx, r->algo.algorithm, &run, &r->out, o, &r->info);
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

/* With --output - the result alone is on standard output (for a pipe): the summary, text or
 * --json, goes to standard error. */
static int report(const cli_args *a, const cli_input *in, const cli_result *r) {
  if (a->output) {
    int rc = cli_write_output(a, in, r);
    if (rc != CLI_EXIT_OK) return rc;
  }
  FILE *summary = a->output && strcmp(a->output, "-") == 0 ? stderr : stdout;
  cli_cpu_notice(a, in->ctx);
  if (a->json) cli_print_summary_json(summary, a, in, r);
  else if (!a->quiet) cli_print_summary(summary, a, in, r);
  if (r->algo.sources == GNEST_SOURCES_ONE) {
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
  in.estimate = 1;
  cli_result r;
  gnest_status st = cli_result_alloc(a->cmd, &in, &r);
  if (st == GNEST_OK) st = cli_run_algorithm(&in, &a->opts, &r);
  rc = st == GNEST_OK ? report(a, &in, &r) : cli_fail(a, in.ctx, st);
  cli_result_free(&r);
  cli_input_free(&in);
  return rc;
}
