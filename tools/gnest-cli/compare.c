/* gnest-cli --compare: every backend on the same input in one process. The rows come from the
 * registry: the CPU reference first, then every entry but the selector, in registry order. Each
 * backend that can run here gets warm-up runs (warm_up), then --runs timed runs (median of
 * gnest_info.time_ms), and its result is checked against the reference. The others get a row
 * saying why: not built yet, no CUDA device, not applicable to this algorithm. With --sweep
 * KEY=V1,V2,... a backend that reads KEY gets a row per value (tools/common/sweep.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/sweep.h"
#include "common/warmup.h"

typedef struct cmp_row {
  gnest_backend backend;
  char setting[2 * GN_SWEEP_WORD + 2]; /* --sweep: "KEY=V" of this row; "" otherwise */
  gnest_options opts;                  /* what the row runs with */
  int available;      /* gnest_backend_available said yes */
  int ran;            /* every run succeeded */
  int failed;         /* a run failed for a reason other than "not applicable" */
  int agrees;
  double median_ms;
  int64_t launches, device_launches, edges;
  int64_t grid_barriers, barriers_saved;
  const char *method;             /* gnest_info.method_name (the library's static text) */
  int64_t backend_passes, own_passes;
  char reason[512];
} cmp_row;

typedef struct cmp_table {
  cmp_row *rows;      /* the reference's, then one per backend (or per backend and value) */
  int count;
  int first_failure;  /* row index, -1 when none */
} cmp_table;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Warm-up runs until they took CMP_WARMUP_MS of calls, at least one (gn_warmup_due). */
#define CMP_WARMUP_MS 20.0

static gnest_status warm_up(const cli_input *in, const cmp_row *row, cli_result *r) {
  double spent = 0.0;
  gnest_status st = GNEST_OK;
  for (int k = 0; st == GNEST_OK && gn_warmup_due(k, 1, spent, CMP_WARMUP_MS); ++k) {
    st = cli_run_algorithm(in, &row->opts, r);
    spent += r->info.call_ms;
  }
  return st;
}

/* Warm-up plus runs timed runs of the row's options into r (allocated). Fills the row's
 * numbers. */
static gnest_status time_backend(const cli_args *a, const cli_input *in, cli_result *r,
                                 cmp_row *row) {
  double *times = malloc((size_t)a->runs * sizeof *times);
  if (times == NULL) return GNEST_ERR_OUT_OF_MEMORY;
  gnest_status st = warm_up(in, row, r);
  for (int k = 0; st == GNEST_OK && k < a->runs; ++k) {
    st = cli_run_algorithm(in, &row->opts, r);
    times[k] = r->info.time_ms;
  }
  if (st == GNEST_OK) {
    row->median_ms = median(times, a->runs);
    row->launches = r->info.kernel_launches;
    row->device_launches = r->info.device_launches;
    row->edges = r->info.edges_visited;
    row->grid_barriers = r->info.grid_barriers;
    row->barriers_saved = r->info.barriers_saved;
    row->method = r->info.method_name;
    row->backend_passes = r->info.backend_passes;
    row->own_passes = r->info.own_passes;
    snprintf(row->reason, sizeof row->reason, "%s", r->info.reason);
  }
  free(times);
  return st;
}

static void note_failure(const cli_input *in, gnest_status st, cmp_row *row) {
  const gnest_error *e = gnest_last_error(in->ctx);
  const char *detail = e->status == st ? gnest_last_error_string(in->ctx) : gnest_strerror(st);
  if (st == GNEST_ERR_BACKEND_NOT_APPLICABLE) {
    snprintf(row->reason, sizeof row->reason, "not applicable: %s", detail);
  } else {
    row->failed = 1;
    snprintf(row->reason, sizeof row->reason, "failed: %s", detail);
  }
}

/* One row for a backend other than the reference. */
static void compare_backend(const cli_args *a, const cli_input *in, const cli_result *ref,
                            cmp_row *row) {
  const char *why;
  gnest_status st = cli_backend_check(in->ctx, row->backend, &why);
  if (st != GNEST_OK) {
    snprintf(row->reason, sizeof row->reason, "%s", why);
    return;
  }
  row->available = 1;
  cli_result r;
  st = cli_result_alloc(a->cmd, in, &r);
  if (st == GNEST_OK) st = time_backend(a, in, &r, row);
  if (st == GNEST_OK) {
    row->ran = 1;
    row->agrees = cli_results_agree(in, ref, &r);
  } else {
    note_failure(in, st, row);
  }
  cli_result_free(&r);
}

/* Appends a row for backend b with --sweep's value k (k < 0: none). */
static void add_row(const cli_args *a, cmp_table *t, gnest_backend b, int k) {
  cmp_row *row = &t->rows[t->count++];
  memset(row, 0, sizeof *row);
  row->backend = b;
  row->opts = a->opts;
  row->opts.backend = b;
  if (k >= 0) {
    gn_sweep_setting(&a->sweep, k, row->setting, sizeof row->setting);
    gn_sweep_apply(&a->sweep, k, &row->opts); /* checked when --sweep was parsed */
  }
}

/* The rows, unrun: the reference, then each other backend but the selector, once per --sweep
 * value when it reads the swept key. Exit code on out of memory. */
static int plan_table(const cli_args *a, cmp_table *t) {
  memset(t, 0, sizeof *t);
  t->first_failure = -1;
  const int per_sweep = a->sweep.count > 0 ? a->sweep.count : 1;
  t->rows = calloc((size_t)GNEST_BACKEND_COUNT * (size_t)per_sweep, sizeof *t->rows);
  if (!t->rows) {
    fprintf(stderr, "gnest-cli: out of host memory for the --compare table\n");
    return CLI_EXIT_FAIL;
  }
  add_row(a, t, GNEST_BACKEND_CPU, -1);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    if (b == GNEST_BACKEND_AUTO || b == GNEST_BACKEND_CPU) continue;
    if (!gn_sweep_reads(&a->sweep, (gnest_backend)b)) add_row(a, t, (gnest_backend)b, -1);
    else
      for (int k = 0; k < a->sweep.count; ++k) add_row(a, t, (gnest_backend)b, k);
  }
  return CLI_EXIT_OK;
}

/* Runs the CPU reference (its own row) and then every other row. Exit code when the reference
 * fails. */
static int fill_table(const cli_args *a, const cli_input *in, cli_result *ref, cmp_table *t) {
  int rc = plan_table(a, t);
  if (rc != CLI_EXIT_OK) return rc;
  cmp_row *ref_row = &t->rows[0];
  gnest_status st = cli_result_alloc(a->cmd, in, ref);
  if (st == GNEST_OK) st = time_backend(a, in, ref, ref_row);
  if (st != GNEST_OK) return cli_fail(a, in->ctx, st);
  ref_row->available = ref_row->ran = ref_row->agrees = 1;
  for (int i = 1; i < t->count; ++i) {
    compare_backend(a, in, ref, &t->rows[i]);
    if (t->rows[i].failed && t->first_failure < 0) t->first_failure = i;
  }
  return CLI_EXIT_OK;
}

/* The row's name: the backend's, with its --sweep setting. */
static const char *row_name(const cmp_row *row, char *buf, size_t size) {
  if (!row->setting[0]) return gnest_backend_name(row->backend);
  snprintf(buf, size, "%s %s", gnest_backend_name(row->backend), row->setting);
  return buf;
}

static int name_width(const cmp_table *t) {
  int w = 12;
  char buf[160];
  for (int i = 0; i < t->count; ++i) {
    const int len = (int)strlen(row_name(&t->rows[i], buf, sizeof buf));
    if (len > w) w = len;
  }
  return w;
}

static double edges_per_second(const cmp_row *row) {
  return row->median_ms > 0 && row->edges > 0 ? (double)row->edges / (row->median_ms / 1e3) : 0.0;
}

/* The method column's width: "cpu reference" and every device method's name fit. */
#define CMP_METHOD_WIDTH 13

static void print_row(FILE *f, const cmp_row *row, int width) {
  char buf[160];
  const char *name = row_name(row, buf, sizeof buf);
  if (!row->ran) {
    fprintf(f, "%-*s %-*s %10s %12s %10s %10s %9s %9s %11s  %-6s %s\n", width, name,
            CMP_METHOD_WIDTH, "-", "-", "-", "-", "-", "-", "-", "-", "-", row->reason);
    return;
  }
  /* backend passes / own passes: the row's backend ran only the first (gnest_info) */
  char eps[32] = "-", ms[32], split[48];
  if (edges_per_second(row) > 0) snprintf(eps, sizeof eps, "%.3g", edges_per_second(row));
  snprintf(split, sizeof split, "%" PRId64 "/%" PRId64, row->backend_passes, row->own_passes);
  fprintf(f,
          "%-*s %-*s %10s %12s %10" PRId64 " %10" PRId64 " %9" PRId64 " %9" PRId64
          " %11s  %-6s %s\n",
          width, name, CMP_METHOD_WIDTH, row->method ? row->method : "?", split,
          cli_format_ms(row->median_ms, ms, sizeof ms), row->launches, row->device_launches,
          row->grid_barriers, row->barriers_saved, eps, row->agrees ? "yes" : "NO", row->reason);
}

static void print_table(FILE *f, const cli_args *a, const cli_input *in, const cmp_table *t) {
  cli_print_input_line(f, a, in);
  fprintf(f, "device: %s\n", gnest_ctx_device_name(in->ctx));
  fprintf(f, "%s", a->algo.name);
  if (a->algo.sources == GNEST_SOURCES_ONE)
    fprintf(f, ", source %" PRId32 " (%s)", cli_vertex_id(in, in->source), in->source_rule);
  if (a->algo.sources == GNEST_SOURCES_SET) {
    char buf[96];
    fprintf(f, ", sources: %s", cli_bc_mode_text(&in->bc, gnest_graph_num_vertices(in->graph), buf, sizeof buf));
  }
  fprintf(f, "; median of %d timed runs after %.0f ms of warm-up runs\n", a->runs, CMP_WARMUP_MS);
  char optional[128];
  if (cli_optional_outputs_text(in, a->algo.result, "--all-outputs", optional, sizeof optional))
    fprintf(f, "optional outputs: %s\n", optional);
  fputs("bk/own: passes the row's backend ran / passes of the method's own kernels\n\n", f);
  const int width = name_width(t);
  fprintf(f, "%-*s %-*s %10s %12s %10s %10s %9s %9s %11s  %-6s %s\n", width, "backend",
          CMP_METHOD_WIDTH, "method", "bk/own", "median ms", "host lnch", "dev lnch", "grid sync",
          "saved", "edges/s", "agrees", "reason");
  for (int i = 0; i < t->count; ++i) print_row(f, &t->rows[i], width);
}

static void json_row(cli_json *j, const cli_input *in, gnest_result_kind kind, const cmp_row *row) {
  cli_json_open(j, '{');
  cli_json_key(j, "backend"); cli_json_str(j, gnest_backend_name(row->backend));
  cli_json_key(j, "available"); cli_json_bool(j, row->available);
  cli_json_key(j, "ran"); cli_json_bool(j, row->ran);
  cli_json_key(j, "median_ms");
  if (row->ran) cli_json_f64(j, row->median_ms); else cli_json_null(j);
  cli_json_key(j, "launches");
  if (row->ran) cli_json_i64(j, row->launches); else cli_json_null(j);
  cli_json_key(j, "device_launches");
  if (row->ran) cli_json_i64(j, row->device_launches); else cli_json_null(j);
  cli_json_key(j, "edges_visited");
  if (row->ran) cli_json_i64(j, row->edges); else cli_json_null(j);
  cli_json_key(j, "grid_barriers");
  if (row->ran) cli_json_i64(j, row->grid_barriers); else cli_json_null(j);
  cli_json_key(j, "barriers_saved");
  if (row->ran) cli_json_i64(j, row->barriers_saved); else cli_json_null(j);
  cli_json_key(j, "method");
  if (row->ran) cli_json_str(j, row->method ? row->method : "?"); else cli_json_null(j);
  cli_json_key(j, "backend_passes");
  if (row->ran) cli_json_i64(j, row->backend_passes); else cli_json_null(j);
  cli_json_key(j, "own_passes");
  if (row->ran) cli_json_i64(j, row->own_passes); else cli_json_null(j);
  cli_json_key(j, "edges_per_s");
  if (row->ran && edges_per_second(row) > 0) cli_json_f64(j, edges_per_second(row)); else cli_json_null(j);
  cli_json_key(j, "agrees");
  if (row->ran) cli_json_bool(j, row->agrees); else cli_json_null(j);
  cli_json_key(j, "reason"); cli_json_str(j, row->reason);
  cli_json_key(j, "setting");
  if (row->setting[0]) cli_json_str(j, row->setting); else cli_json_null(j);
  cli_json_optional_outputs(j, in, kind);
  cli_json_close(j, '}');
}

static void print_table_json(FILE *f, const cli_args *a, const cli_input *in, const cmp_table *t) {
  cli_json j;
  cli_json_init(&j, f);
  cli_json_open(&j, '[');
  for (int i = 0; i < t->count; ++i) json_row(&j, in, a->algo.result, &t->rows[i]);
  cli_json_close(&j, ']');
}

/* After the table: a failed backend is exit 1 (its error on stderr), a disagreement exit 3. */
static int table_exit_code(const cmp_table *t) {
  if (t->first_failure >= 0) {
    const cmp_row *row = &t->rows[t->first_failure];
    char buf[160];
    fprintf(stderr, "gnest-cli: backend %s %s\n", row_name(row, buf, sizeof buf), row->reason);
    return CLI_EXIT_FAIL;
  }
  for (int i = 0; i < t->count; ++i)
    if (t->rows[i].ran && !t->rows[i].agrees) return CLI_EXIT_DISAGREE;
  return CLI_EXIT_OK;
}

int cli_cmd_compare(const cli_args *a) {
  cli_input in;
  memset(&in, 0, sizeof in);
  int rc = cli_open_context(a, 0, &in.ctx);
  if (rc == CLI_EXIT_OK) rc = cli_load_input(a, &in);
  if (rc == CLI_EXIT_OK) rc = cli_check_reference_limit(a, &in);
  cli_result ref;
  memset(&ref, 0, sizeof ref);
  cmp_table t = {0};
  if (rc == CLI_EXIT_OK) rc = fill_table(a, &in, &ref, &t);
  if (rc == CLI_EXIT_OK) {
    cli_cpu_notice(a, in.ctx);
    if (a->json) print_table_json(stdout, a, &in, &t);
    else if (!a->quiet) print_table(stdout, a, &in, &t);
    rc = table_exit_code(&t);
  }
  free(t.rows);
  cli_result_free(&ref);
  cli_input_free(&in);
  return rc;
}
