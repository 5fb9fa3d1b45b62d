/* gnest-bench: one (input, algorithm, backend) cell — warm-up, timed runs, checks against the CPU
 * reference. The algorithm runs through gnest_run, its output allocated and checked by the
 * registry's result kind.
 *
 * Agreement rules (those of gnest-cli --compare), by kind: levels exact; distances exact (every
 * backend computes the same double path sums); scores within 1e-6 relative; a coloring valid and
 * equal to the reference's (the order is deterministic); a forest's total weight (summed in the
 * same order everywhere: exact) and edge count; a count's total exact; node values exact. Every timed run is
 * checked, not only the last, so that a race that shows up once in seven runs is caught. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "common/result.h"
#include "common/warmup.h"

#define SCORE_RELATIVE_TOLERANCE 1e-6

/* The reference's name in the texts of a disagreement. */
static const char *ref_name(void) { return gnest_backend_name(GNEST_BACKEND_CPU); }

void bench_output_free(bench_output *o) {
  gn_result_free(&o->out);
  memset(o, 0, sizeof *o);
}

/* The per-vertex array of a's result kind, n entries, and with optional (--all-outputs) the
 * optional ones (tc's per-vertex counts, mst's forest edges), which the time then covers. */
static gnest_status output_alloc(gnest_algorithm a, int32_t n, int optional, bench_output *o) {
  memset(o, 0, sizeof *o);
  o->algo = bench_algo_desc(a);
  o->n = n;
  return gn_result_alloc(o->algo.result, n, optional, &o->out);
}

/* One run: a set of sources is the input's one source (the highest out-degree vertex). */
static gnest_status run_once(gnest_ctx *ctx, const bench_input *in, gnest_algorithm a,
                             const gnest_options *opts, bench_output *o, gnest_info *info) {
  gnest_bc_sources one = {GNEST_BC_LIST, &in->source, 1, 0};
  const gnest_run_input run = {bench_input_graph(in, a), in->tree, in->source, &one};
  return gnest_run(ctx, a, &run, &o->out, opts, info);
}

/* ------------------------------------------------------------------------------------------ */
/* Agreement                                                                                   */
/* ------------------------------------------------------------------------------------------ */

static int compare_ints(const char *what, const int32_t *ref, const int32_t *got, int32_t n,
                        char *why, size_t size) {
  int64_t differ = 0;
  int32_t first = -1;
  for (int32_t v = 0; v < n; v++)
    if (ref[v] != got[v] && differ++ == 0) first = v;
  if (differ == 0) return 1;
  snprintf(why, size, "%s differ at %lld vertices; first %d: %d, %s %d", what, (long long)differ,
           first, got[first], ref_name(), ref[first]);
  return 0;
}

static int compare_dist(const double *ref, const double *got, int32_t n, char *why, size_t size) {
  int64_t differ = 0;
  int32_t first = -1;
  for (int32_t v = 0; v < n; v++)
    if (ref[v] != got[v] && !(isnan(ref[v]) && isnan(got[v])) && differ++ == 0) first = v;
  if (differ == 0) return 1;
  snprintf(why, size, "distances differ at %lld vertices; first %d: %.17g, %s %.17g",
           (long long)differ, first, got[first], ref_name(), ref[first]);
  return 0;
}

static int compare_scores(const char *what, const double *ref, const double *got, int32_t n,
                          char *why, size_t size) {
  int64_t differ = 0;
  int32_t first = -1;
  for (int32_t v = 0; v < n; v++) {
    double scale = fmax(fabs(ref[v]), fabs(got[v]));
    /* the small absolute floor only lets exact zeros meet rounding residue */
    if (!(fabs(ref[v] - got[v]) <= SCORE_RELATIVE_TOLERANCE * scale + 1e-12) && differ++ == 0)
      first = v;
  }
  if (differ == 0) return 1;
  snprintf(why, size,
           "%s differs (beyond 1e-6 relative) at %lld vertices; first %d: %.12g, %s %.12g", what,
           (long long)differ, first, got[first], ref_name(), ref[first]);
  return 0;
}

/* A proper coloring of g: colors in [0, num_colors), no arc (u, v), u != v, with equal colors. */
static int coloring_valid(const gnest_graph *g, const bench_output *o, char *why, size_t size) {
  const int64_t *off;
  const int32_t *col;
  const double *w;
  const int32_t *c = o->out.values_i32;
  gnest_graph_csr(g, &off, &col, &w);
  for (int32_t u = 0; u < o->n; u++) {
    if (c[u] < 0 || c[u] >= o->out.num_colors) {
      snprintf(why, size, "vertex %d has color %d outside [0, %d)", u, c[u], o->out.num_colors);
      return 0;
    }
    for (int64_t k = off[u]; k < off[u + 1]; k++)
      if (col[k] != u && c[col[k]] == c[u]) {
        snprintf(why, size, "invalid coloring: %d and %d both have color %d", u, col[k], c[u]);
        return 0;
      }
  }
  return 1;
}

static int compare_coloring(const bench_input *in, const bench_output *ref, const bench_output *got,
                            char *why, size_t size) {
  if (!coloring_valid(bench_input_graph(in, got->algo.algorithm), got, why, size)) return 0;
  if (got->out.num_colors != ref->out.num_colors) {
    snprintf(why, size, "%d colors, %s %d", got->out.num_colors, ref_name(), ref->out.num_colors);
    return 0;
  }
  return compare_ints("colors", ref->out.values_i32, got->out.values_i32, got->n, why, size);
}

static int compare_forest(const gnest_result *ref, const gnest_result *got, char *why,
                          size_t size) {
  if (got->num_edges == ref->num_edges && got->total_weight == ref->total_weight) return 1;
  snprintf(why, size, "forest weight %.17g with %lld edges, %s %.17g with %lld edges",
           got->total_weight, (long long)got->num_edges, ref_name(), ref->total_weight,
           (long long)ref->num_edges);
  return 0;
}

static int compare_counts(const uint64_t *ref, const uint64_t *got, int32_t n, char *why,
                          size_t size) {
  int64_t differ = 0;
  int32_t first = -1;
  for (int32_t v = 0; v < n; v++)
    if (ref[v] != got[v] && differ++ == 0) first = v;
  if (differ == 0) return 1;
  snprintf(why, size, "per-vertex counts differ at %lld vertices; first %d: %llu, %s %llu",
           (long long)differ, first, (unsigned long long)got[first], ref_name(),
           (unsigned long long)ref[first]);
  return 0;
}

/* 1 when got agrees with the CPU reference; otherwise why says how it differs. */
static int outputs_agree(const bench_input *in, const bench_output *ref, const bench_output *got,
                         char *why, size_t size) {
  const gnest_result *x = &ref->out, *y = &got->out;
  const char *value = got->algo.value_name;
  switch (got->algo.result) {
    case GNEST_RESULT_LEVELS:
      return compare_ints("levels", x->values_i32, y->values_i32, got->n, why, size);
    case GNEST_RESULT_DISTANCES:
      return compare_dist(x->values_f64, y->values_f64, got->n, why, size);
    case GNEST_RESULT_SCORES:
      return compare_scores(value, x->values_f64, y->values_f64, got->n, why, size);
    case GNEST_RESULT_COLORING: return compare_coloring(in, ref, got, why, size);
    case GNEST_RESULT_FOREST: return compare_forest(x, y, why, size);
    case GNEST_RESULT_COUNTS:
      if (y->total != x->total) {
        snprintf(why, size, "%llu %s, %s %llu", (unsigned long long)y->total, value, ref_name(),
                 (unsigned long long)x->total);
        return 0;
      }
      return !x->values_u64 || !y->values_u64 || /* per vertex: with --all-outputs */
             compare_counts(x->values_u64, y->values_u64, got->n, why, size);
    case GNEST_RESULT_NODE_VALUES:
    case GNEST_RESULT_COMPONENTS:
      return compare_ints(got->algo.name, x->values_i32, y->values_i32, got->n, why, size);
  }
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The cell                                                                                    */
/* ------------------------------------------------------------------------------------------ */

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void fill_times(bench_row *row, double *times, int count) {
  if (count == 0) return;
  qsort(times, (size_t)count, sizeof *times, cmp_double);
  row->min_ms = times[0];
  row->max_ms = times[count - 1];
  row->median_ms = count % 2 ? times[count / 2] : 0.5 * (times[count / 2 - 1] + times[count / 2]);
  row->edges_per_s = row->median_ms > 0 ? (double)row->edges_visited / (row->median_ms / 1e3) : 0;
}

static void row_init(const bench_input *in, gnest_algorithm a, const bench_variant *var,
                     bench_row *row) {
  memset(row, 0, sizeof *row);
  snprintf(row->input, sizeof row->input, "%s", in->spec->name);
  row->algo = a;
  row->backend = var->backend;
  snprintf(row->setting, sizeof row->setting, "%s", var->setting);
  snprintf(row->ran, sizeof row->ran, "-");
  const gnest_graph *g = bench_input_graph(in, a);
  row->vertices = g ? gnest_graph_num_vertices(g) : in->vertices;
  row->arcs = g ? gnest_graph_num_edges(g) : in->arcs;
}

/* 1 when the cell cannot run at all (row filled with why). */
static int cell_unrunnable(gnest_ctx *ctx, const bench_config *cfg, gnest_backend b, bench_row *row) {
  if (b == GNEST_BACKEND_CPU && cfg->cpu_max_edges >= 0 && row->arcs > cfg->cpu_max_edges) {
    row->skipped = 1;
    snprintf(row->detail, sizeof row->detail, "%lld arcs > --cpu-max-edges %lld",
             (long long)row->arcs, (long long)cfg->cpu_max_edges);
    return 1;
  }
  if (b == GNEST_BACKEND_CPU || b == GNEST_BACKEND_AUTO) return 0;
  gnest_status st = gnest_backend_available(ctx, b);
  if (st == GNEST_OK) return 0;
  row->status = st;
  snprintf(row->detail, sizeof row->detail, "%s on %s", gnest_backend_name(b),
           gnest_ctx_device_name(ctx));
  return 1;
}

/* Whether backend b is the CPU reference with its own run count (--cpu-runs: no warm-up). */
static int cpu_own_runs(const bench_config *cfg, gnest_backend b) {
  return b == GNEST_BACKEND_CPU && cfg->cpu_runs > 0;
}

/* Timed runs of backend b. */
static int timed_run_count(const bench_config *cfg, gnest_backend b) {
  return cpu_own_runs(cfg, b) ? cfg->cpu_runs : cfg->runs;
}

/* Whether one more warm-up run is due after `done` of them that took `spent` ms of calls:
 * --warmup runs, then more until --warmup-ms (gn_warmup_due). The CPU reference with its own
 * --cpu-runs has no warm-up. */
static int warmup_due(const bench_config *cfg, gnest_backend b, int done, double spent) {
  return !cpu_own_runs(cfg, b) && gn_warmup_due(done, cfg->warmup, spent, cfg->warmup_ms);
}

/* Records run i's (0: the cell's first call) counters in row: the first call's setup, and for a
 * timed run what the report shows of it. */
static void note_run(bench_row *row, const gnest_info *info, int first, int timed) {
  snprintf(row->ran, sizeof row->ran, "%s", info->backend_name ? info->backend_name : "?");
  snprintf(row->method, sizeof row->method, "%s", info->method_name ? info->method_name : "?");
  if (first) {
    row->first_setup_ms = info->setup_ms;
    row->first_call_ms = info->call_ms;
  }
  if (!timed) return;
  row->setup_ms = info->setup_ms;
  row->launches = info->kernel_launches;
  row->device_launches = info->device_launches;
  row->edges_visited = info->edges_visited;
  row->iterations = info->iterations;
  row->device_bytes = info->device_bytes;
  row->grid_barriers = info->grid_barriers;
  row->barriers_saved = info->barriers_saved;
  row->backend_passes = info->backend_passes;
  row->own_passes = info->own_passes;
  snprintf(row->reason, sizeof row->reason, "%s", info->reason);
}

/* Checks a timed run's output against the reference (the first disagreement is kept). */
static void check_run(const bench_input *in, const bench_output *ref, const bench_output *o,
                      bench_row *row) {
  if (!ref || row->check == BENCH_CHECK_DISAGREE) return;
  char why[512];
  if (outputs_agree(in, ref, o, why, sizeof why)) {
    row->check = BENCH_CHECK_AGREE;
    return;
  }
  row->check = BENCH_CHECK_DISAGREE;
  snprintf(row->detail, sizeof row->detail, "run %d: %s", row->runs, why);
}

/* Runs the warm-up and timed runs into o; fills row's status, counters and check. */
static void timed_runs(gnest_ctx *ctx, const bench_config *cfg, const bench_input *in,
                       gnest_algorithm a, const gnest_options *opts, const bench_output *ref,
                       bench_output *o, double *times, bench_row *row) {
  const int runs = timed_run_count(cfg, opts->backend);
  int warmed = 0, calls = 0;
  double warm_ms = 0.0;
  while (row->runs < runs) {
    const int warming = row->runs == 0 && warmup_due(cfg, opts->backend, warmed, warm_ms);
    gnest_info info;
    memset(&info, 0, sizeof info);
    gnest_status st = run_once(ctx, in, a, opts, o, &info);
    if (st != GNEST_OK) {
      row->status = st;
      snprintf(row->detail, sizeof row->detail, "%s%s", warming ? "" : "in a timed run: ",
               gnest_last_error_string(ctx));
      return;
    }
    note_run(row, &info, calls++ == 0, !warming);
    if (warming) {
      row->warmup_runs = ++warmed;
      warm_ms += info.call_ms;
      continue;
    }
    times[row->runs++] = info.time_ms;
    check_run(in, ref, o, row);
  }
}

const char *bench_variant_label(gnest_backend b, const char *setting, char *buf, size_t size) {
  if (!setting[0]) return gnest_backend_name(b);
  snprintf(buf, size, "%s:%s", gnest_backend_name(b), setting);
  return buf;
}

static void run_cell(gnest_ctx *ctx, const bench_config *cfg, const bench_input *in,
                     gnest_algorithm a, const bench_variant *var, const bench_output *ref,
                     bench_output *keep, bench_row *row) {
  const gnest_backend b = var->backend;
  if (cell_unrunnable(ctx, cfg, b, row)) return;
  bench_output o;
  double *times = malloc((size_t)timed_run_count(cfg, b) * sizeof *times);
  gnest_status st = output_alloc(a, row->vertices, cfg->all_outputs, &o);
  if (st != GNEST_OK || !times) {
    row->status = GNEST_ERR_OUT_OF_MEMORY;
    snprintf(row->detail, sizeof row->detail, "gnest-bench: no memory for the output arrays");
    bench_output_free(&o);
    free(times);
    return;
  }
  timed_runs(ctx, cfg, in, a, &var->opts, ref, &o, times, row);
  fill_times(row, times, row->runs);
  free(times);
  if (keep && row->status == GNEST_OK) {
    *keep = o; /* ownership moves to the caller */
    return;
  }
  bench_output_free(&o);
}

void bench_run_cell(gnest_ctx *ctx, const bench_config *cfg, const bench_input *in,
                    gnest_algorithm a, const bench_variant *var, const bench_output *ref,
                    bench_output *keep, bench_row *row) {
  const double start = bench_now_ms();
  row_init(in, a, var, row);
  run_cell(ctx, cfg, in, a, var, ref, keep, row);
  row->cell_ms = bench_now_ms() - start;
}
