/* gnest-bench output: CSV rows as they finish, the JSON record, the inputs table and the summary. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

static int row_unavailable(const bench_row *r) {
  return r->status == GNEST_ERR_BACKEND_UNAVAILABLE || r->status == GNEST_ERR_NO_DEVICE ||
         r->status == GNEST_ERR_BACKEND_NOT_APPLICABLE;
}

static int row_succeeded(const bench_row *r) {
  return r->status == GNEST_OK && !r->skipped && !r->is_load && r->runs > 0;
}

const char *bench_row_status_text(const bench_row *row) {
  if (row->skipped) return "skipped (cpu-max-edges)";
  if (row->status == GNEST_OK) return "ok";
  return gnest_strerror(row->status);
}

static const char *check_text(bench_check c) {
  switch (c) {
    case BENCH_CHECK_AGREE: return "yes";
    case BENCH_CHECK_DISAGREE: return "no";
    case BENCH_CHECK_REFERENCE: return "ref";
    default: return "-";
  }
}

const bench_row *bench_best_row(const bench_report *r, const char *input, gnest_algorithm a) {
  const bench_row *best = NULL;
  for (int i = 0; i < r->num_rows; i++) {
    const bench_row *row = &r->rows[i];
    if (row->algo != a || strcmp(row->input, input) != 0 || !row_succeeded(row)) continue;
    if (row->check == BENCH_CHECK_DISAGREE) continue;
    if (!best || row->median_ms < best->median_ms) best = row;
  }
  return best;
}

/* ------------------------------------------------------------------------------------------ */
/* CSV                                                                                         */
/* ------------------------------------------------------------------------------------------ */

static const char *const csv_header =
    "input,algorithm,backend,ran,status,ok,runs,median_ms,min_ms,max_ms,launches,device_launches,edges_visited,"
    "iterations,edges_per_s,device_bytes,vertices,arcs,grid_barriers,barriers_saved,detail,setting,"
    "method,backend_passes,own_passes,setup_ms,first_setup_ms,first_call_ms,cell_ms\n";

/* A CSV field, quoted when it holds a comma, a quote or a line break. */
static void csv_text(FILE *f, const char *s) {
  if (!strpbrk(s, ",\"\r\n")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void csv_row(FILE *f, const bench_row *r) {
  csv_text(f, r->input);
  fprintf(f, ",%s,%s,", r->is_load ? "load" : gnest_algorithm_name(r->algo),
          r->is_load ? "-" : gnest_backend_name(r->backend));
  csv_text(f, r->ran[0] ? r->ran : "-");
  fputc(',', f);
  csv_text(f, bench_row_status_text(r));
  fprintf(f, ",%s,%d,", check_text(r->check), r->runs);
  if (r->runs > 0)
    fprintf(f, "%.6f,%.6f,%.6f,%lld,%lld,%lld,%d,%.6g,%lld,", r->median_ms, r->min_ms, r->max_ms,
            (long long)r->launches, (long long)r->device_launches, (long long)r->edges_visited,
            r->iterations, r->edges_per_s, (long long)r->device_bytes);
  else
    fputs(",,,,,,,,,", f);
  if (r->is_load) fputs(",,", f);
  else fprintf(f, "%d,%lld,", r->vertices, (long long)r->arcs);
  if (r->runs > 0)
    fprintf(f, "%lld,%lld,", (long long)r->grid_barriers, (long long)r->barriers_saved);
  else
    fputs(",,", f);
  csv_text(f, r->detail);
  fputc(',', f);
  csv_text(f, r->setting);
  fputc(',', f);
  csv_text(f, r->method);
  if (r->runs > 0)
    fprintf(f, ",%lld,%lld,%.6f,%.6f,%.6f", (long long)r->backend_passes, (long long)r->own_passes,
            r->setup_ms, r->first_setup_ms, r->first_call_ms);
  else
    fputs(",,,,,", f);
  if (r->is_load) fputs(",", f);
  else fprintf(f, ",%.6f", r->cell_ms);
  fputc('\n', f);
}

int bench_report_open(bench_report *r, const bench_config *cfg, int num_inputs) {
  memset(r, 0, sizeof *r);
  r->started_unix = (double)time(NULL);
  r->started_ms = bench_now_ms();
  r->inputs = calloc((size_t)(num_inputs > 0 ? num_inputs : 1), sizeof *r->inputs);
  if (!r->inputs) {
    fprintf(stderr, "gnest-bench: out of host memory\n");
    return BENCH_EXIT_FAIL;
  }
  if (cfg->csv_path) {
    if (gnest_output_open(NULL, cfg->csv_path, &r->csv_out, &r->csv) != GNEST_OK) {
      fprintf(stderr, "gnest-bench: %s\n", gnest_last_error_string(NULL));
      free(r->inputs);
      r->inputs = NULL;
      return BENCH_EXIT_FAIL;
    }
    fputs(csv_header, r->csv);
    fflush(r->csv);
  }
  return BENCH_EXIT_OK;
}

int bench_report_add(bench_report *r, const bench_row *row) {
  if (r->num_rows == r->cap_rows) {
    int cap = r->cap_rows ? 2 * r->cap_rows : 64;
    bench_row *grown = realloc(r->rows, (size_t)cap * sizeof *grown);
    if (!grown) return -1;
    r->rows = grown;
    r->cap_rows = cap;
  }
  r->rows[r->num_rows++] = *row;
  if (r->csv) {
    csv_row(r->csv, row);
    fflush(r->csv); /* a long run that dies still leaves its finished rows in the temporary */
  }
  return 0;
}

int bench_report_close(bench_report *r) {
  int rc = BENCH_EXIT_OK;
  if (r->csv_out && gnest_output_commit(r->csv_out) != GNEST_OK) {
    fprintf(stderr, "gnest-bench: %s\n", gnest_last_error_string(NULL));
    rc = BENCH_EXIT_FAIL;
  }
  r->csv_out = NULL;
  r->csv = NULL;
  return rc;
}

/* ------------------------------------------------------------------------------------------ */
/* JSON                                                                                        */
/* ------------------------------------------------------------------------------------------ */

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", f);
    else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
    else fputc(*p, f);
  }
  fputc('"', f);
}

static void json_num(FILE *f, double v) {
  if (isfinite(v)) fprintf(f, "%.9g", v);
  else fputs("null", f);
}

/* ', "key": v' */
static void json_then_num(FILE *f, const char *key, double v) {
  fprintf(f, ", \"%s\": ", key);
  json_num(f, v);
}

static void json_key_str(FILE *f, const char *key, const char *value, int comma) {
  fprintf(f, "\"%s\": ", key);
  json_str(f, value);
  if (comma) fputs(", ", f);
}

static void json_input(FILE *f, const bench_input *in) {
  fputs("    {", f);
  json_key_str(f, "name", in->spec->name, 1);
  json_key_str(f, "origin", in->spec->text, 1);
  json_key_str(f, "kind", in->spec->is_tree ? "tree" : "graph", 1);
  json_key_str(f, "status", in->status == GNEST_OK ? "ok" : gnest_strerror(in->status), 1);
  json_key_str(f, "detail", in->detail, 1);
  fputs("\"load_ms\": ", f);
  json_num(f, in->load_ms);
  fprintf(f, ", \"vertices\": %d, \"arcs\": %lld", in->vertices, (long long)in->arcs);
  if (!in->spec->is_tree && in->status == GNEST_OK)
    fprintf(f, ", \"symmetrized_arcs\": %lld, \"mst_vertices\": %d, \"mst_arcs\": %lld, "
               "\"source\": %d, \"source_degree\": %lld",
            (long long)in->sym_arcs, in->mst_vertices, (long long)in->mst_arcs, in->source,
            (long long)in->source_degree);
  fputs("}", f);
}

static void json_row(FILE *f, const bench_row *r) {
  fputs("    {", f);
  json_key_str(f, "input", r->input, 1);
  json_key_str(f, "algorithm", r->is_load ? "load" : gnest_algorithm_name(r->algo), 1);
  json_key_str(f, "backend", r->is_load ? "-" : gnest_backend_name(r->backend), 1);
  json_key_str(f, "ran", r->ran[0] ? r->ran : "-", 1);
  json_key_str(f, "status", bench_row_status_text(r), 1);
  json_key_str(f, "ok", check_text(r->check), 1);
  fprintf(f, "\"runs\": %d, \"warmup_runs\": %d", r->runs, r->warmup_runs);
  if (r->runs > 0) {
    json_then_num(f, "median_ms", r->median_ms);
    json_then_num(f, "min_ms", r->min_ms);
    json_then_num(f, "max_ms", r->max_ms);
    fprintf(f, ", \"launches\": %lld, \"device_launches\": %lld, \"edges_visited\": %lld, "
               "\"iterations\": %d, \"edges_per_s\": ",
            (long long)r->launches, (long long)r->device_launches, (long long)r->edges_visited,
            r->iterations);
    json_num(f, r->edges_per_s);
    fprintf(f, ", \"device_bytes\": %lld", (long long)r->device_bytes);
    fprintf(f, ", \"grid_barriers\": %lld, \"barriers_saved\": %lld, ",
            (long long)r->grid_barriers, (long long)r->barriers_saved);
    json_key_str(f, "method", r->method, 0);
    fprintf(f, ", \"backend_passes\": %lld, \"own_passes\": %lld",
            (long long)r->backend_passes, (long long)r->own_passes);
    json_then_num(f, "setup_ms", r->setup_ms);
    json_then_num(f, "first_setup_ms", r->first_setup_ms);
    json_then_num(f, "first_call_ms", r->first_call_ms);
    json_then_num(f, "cell_ms", r->cell_ms);
    fputs(", ", f);
    json_key_str(f, "reason", r->reason, 0);
  }
  if (!r->is_load) fprintf(f, ", \"vertices\": %d, \"arcs\": %lld", r->vertices, (long long)r->arcs);
  fputs(", ", f);
  json_key_str(f, "detail", r->detail, 1);
  json_key_str(f, "setting", r->setting, 0);
  fputs("}", f);
}

/* Unique (input, algorithm) pairs of successful or failed algorithm rows, in order of appearance. */
static int is_first_of_pair(const bench_report *r, int i) {
  for (int j = 0; j < i; j++)
    if (r->rows[j].algo == r->rows[i].algo && r->rows[j].is_load == r->rows[i].is_load &&
        strcmp(r->rows[j].input, r->rows[i].input) == 0)
      return 0;
  return 1;
}

/* ---- the selector's oracle ratio: auto's time over the fastest row of each cell ------------- */

/* The row of `auto` (no --sweep setting) for the cell, or NULL. */
static const bench_row *auto_row(const bench_report *r, const char *input, gnest_algorithm a) {
  for (int i = 0; i < r->num_rows; i++) {
    const bench_row *row = &r->rows[i];
    if (!row->is_load && row->algo == a && row->backend == GNEST_BACKEND_AUTO &&
        row->setting[0] == '\0' && strcmp(row->input, input) == 0)
      return row;
  }
  return NULL;
}

/* auto / fastest for the cell, or 0 when auto did not run it (or failed, or disagreed). */
static double auto_over_best(const bench_report *r, const char *input, gnest_algorithm a) {
  const bench_row *au = auto_row(r, input, a), *best = bench_best_row(r, input, a);
  if (!au || !best || !row_succeeded(au) || au->check == BENCH_CHECK_DISAGREE) return 0;
  return au->median_ms / best->median_ms;
}

/* Whether every row of the cell that ran on a device made no backend pass, and one did: the
 * method's own kernels ran the same on every backend (gnest_info.backend_passes), so the cell
 * offers the selector no choice, and auto's ratio there only measures the spread between runs of
 * the same kernels (up to 20 % on 0.1 ms cells, H200). */
static int cell_without_choice(const bench_report *r, const char *input, gnest_algorithm a) {
  int device_rows = 0;
  for (int i = 0; i < r->num_rows; i++) {
    const bench_row *row = &r->rows[i];
    if (row->is_load || row->algo != a || strcmp(row->input, input) != 0 || !row_succeeded(row) ||
        strcmp(row->ran, gnest_backend_name(GNEST_BACKEND_CPU)) == 0)
      continue;
    if (row->backend_passes > 0) return 0;
    device_rows++;
  }
  return device_rows > 0;
}

typedef struct bench_oracle {
  int cells, above;         /* cells with a ratio; those above BENCH_ORACLE_GOOD */
  int left_out;             /* cells with a ratio but no choice (cell_without_choice) */
  double geomean, worst;
  const bench_row *worst_cell; /* the first row of the worst cell */
} bench_oracle;

/* A cell where auto's pick is within 5 % of the fastest counts as a right pick. */
#define BENCH_ORACLE_GOOD 1.05

static bench_oracle oracle_of(const bench_report *r) {
  bench_oracle o = {0, 0, 0, 0, 0, NULL};
  double log_sum = 0;
  for (int i = 0; i < r->num_rows; i++) {
    const bench_row *row = &r->rows[i];
    if (row->is_load || !is_first_of_pair(r, i)) continue;
    const double ratio = auto_over_best(r, row->input, row->algo);
    if (ratio <= 0) continue;
    if (cell_without_choice(r, row->input, row->algo)) {
      o.left_out++;
      continue;
    }
    o.cells++;
    o.above += ratio > BENCH_ORACLE_GOOD;
    log_sum += log(ratio);
    if (ratio > o.worst) o.worst = ratio, o.worst_cell = row;
  }
  if (o.cells) o.geomean = exp(log_sum / o.cells);
  return o;
}

/* A peer's fields, as the summary entries and --print-peers write them. */
static void json_peer_fields(FILE *f, const bench_peer *p) {
  fputs("\"peer_ms\": ", f);
  json_num(f, p->ms);
  fputs(", ", f);
  json_key_str(f, "peer", p->peer, 1);
  json_key_str(f, "peer_timer", p->timer, 1);
  json_key_str(f, "peer_device", p->device, 1);
  json_key_str(f, "peer_date", p->date, 1);
  json_key_str(f, "peer_source", p->source, 1);
  json_key_str(f, "peer_note", p->note, 0);
}

static void json_summary_entry(FILE *f, const bench_report *r, const bench_config *cfg,
                               const bench_row *first) {
  const bench_row *best = bench_best_row(r, first->input, first->algo);
  const bench_peer *peer = bench_peers_find(&cfg->peers, first->input, first->algo);
  fputs("    {", f);
  json_key_str(f, "input", first->input, 1);
  json_key_str(f, "algorithm", gnest_algorithm_name(first->algo), 1);
  if (best) {
    json_key_str(f, "best_backend", gnest_backend_name(best->backend), 1);
    json_key_str(f, "best_ran", best->ran, 1);
    json_key_str(f, "best_method", best->method, 1);
    fputs("\"best_ms\": ", f);
    json_num(f, best->median_ms);
  } else {
    fputs("\"best_backend\": null, \"best_ran\": null, \"best_method\": null, "
          "\"best_ms\": null", f);
  }
  const double oracle = auto_over_best(r, first->input, first->algo);
  if (oracle > 0) {
    fputs(", \"auto_over_best\": ", f);
    json_num(f, oracle);
    if (cell_without_choice(r, first->input, first->algo)) fputs(", \"no_backend_pass\": true", f);
  }
  if (peer) {
    fputs(", ", f);
    json_peer_fields(f, peer);
    fputs(", \"best_over_peer\": ", f);
    if (best) json_num(f, best->median_ms / peer->ms);
    else fputs("null", f);
  }
  fputs("}", f);
}

void bench_peers_print_json(FILE *f, const bench_peers *t) {
  fputs("{", f);
  json_key_str(f, "tool", "gnest-bench", 1);
  json_key_str(f, "peers", t->origin, 0);
  fputs(", \"cells\": [", f);
  for (int i = 0; i < t->count; i++) {
    const bench_peer *p = &t->cells[i];
    fputs(i ? ",\n  {" : "\n  {", f);
    json_key_str(f, "input", p->input, 1);
    json_key_str(f, "algorithm", gnest_algorithm_name(p->algo), 1);
    fprintf(f, "\"line\": %d, ", p->line);
    json_peer_fields(f, p);
    fputs("}", f);
  }
  fputs(t->count ? "\n]}\n" : "]}\n", f);
}

static void json_body(FILE *f, const bench_report *r, const bench_config *cfg) {
  char date[32];
  time_t t = (time_t)r->started_unix;
  struct tm tm;
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
  fputs("{\n  ", f);
  json_key_str(f, "tool", "gnest-bench", 1);
  json_key_str(f, "version", GNEST_VERSION_STRING, 1);
  json_key_str(f, "date", date, 0);
  fputs(",\n  ", f);
  json_key_str(f, "device", r->device_name ? r->device_name : "?", 1);
  json_key_str(f, "command", cfg->command, 0);
  fprintf(f, ",\n  \"runs\": %d, \"warmup\": %d, \"warmup_ms\": %d, \"cpu_runs\": %d, "
             "\"seed\": %llu, \"threshold\": %d, ",
          cfg->runs, cfg->warmup, cfg->warmup_ms, cfg->cpu_runs > 0 ? cfg->cpu_runs : cfg->runs,
          (unsigned long long)cfg->seed, cfg->opts.threshold);
  json_key_str(f, "schedule", cfg->opts.schedule == GNEST_SCHEDULE_STATIC ? "static" : "dynamic", 1);
  json_key_str(f, "options", cfg->options, 1);
  json_key_str(f, "settings", cfg->opts.settings, 1);
  char sweep[GN_SWEEP_TEXT];
  json_key_str(f, "sweep", gn_sweep_text(&cfg->sweep, sweep, sizeof sweep), 0);
  fprintf(f, ", \"cpu_max_edges\": %lld, \"all_outputs\": %s, \"peers\": ",
          (long long)cfg->cpu_max_edges, cfg->all_outputs ? "true" : "false");
  if (cfg->peers.text) json_str(f, cfg->peers.origin);
  else fputs("null", f);
  fprintf(f, ",\n  \"time_limit_s\": %lld, \"cells_planned\": %d, \"cells_not_started\": %d",
          (long long)cfg->time_limit_s, r->cells_planned, r->cells_planned - r->cells_started);
  fputs(",\n  \"inputs\": [\n", f);
  for (int i = 0; i < r->num_inputs; i++) {
    json_input(f, &r->inputs[i]);
    fputs(i + 1 < r->num_inputs ? ",\n" : "\n", f);
  }
  fputs("  ],\n  \"results\": [\n", f);
  for (int i = 0; i < r->num_rows; i++) {
    json_row(f, &r->rows[i]);
    fputs(i + 1 < r->num_rows ? ",\n" : "\n", f);
  }
  fputs("  ],\n  \"summary\": [", f);
  int any = 0;
  for (int i = 0; i < r->num_rows; i++) {
    if (r->rows[i].is_load || !is_first_of_pair(r, i)) continue;
    fputs(any++ ? ",\n" : "\n", f);
    json_summary_entry(f, r, cfg, &r->rows[i]);
  }
  fputs(any ? "\n  ]" : "]", f);
  const bench_oracle o = oracle_of(r);
  fprintf(f, ",\n  \"auto_cells\": %d, \"auto_cells_left_out\": %d, \"auto_over_best_geomean\": ",
          o.cells, o.left_out);
  if (o.cells) json_num(f, o.geomean);
  else fputs("null", f);
  fputs("\n}\n", f);
}

int bench_report_write_json(const bench_report *r, const bench_config *cfg) {
  if (!cfg->json_path) return BENCH_EXIT_OK;
  gnest_output *o = NULL;
  FILE *f = NULL;
  gnest_status st = gnest_output_open(NULL, cfg->json_path, &o, &f);
  if (st == GNEST_OK) {
    json_body(f, r, cfg);
    st = gnest_output_commit(o);
  }
  if (st == GNEST_OK) return BENCH_EXIT_OK;
  fprintf(stderr, "gnest-bench: %s\n", gnest_last_error_string(NULL));
  return BENCH_EXIT_FAIL;
}

/* ------------------------------------------------------------------------------------------ */
/* Tables on stdout                                                                            */
/* ------------------------------------------------------------------------------------------ */

/* Milliseconds with about four significant digits. */
void bench_fmt_ms(double ms, char *buf, size_t size) {
  if (ms < 1) snprintf(buf, size, "%.4f", ms);
  else if (ms < 10) snprintf(buf, size, "%.3f", ms);
  else if (ms < 100) snprintf(buf, size, "%.2f", ms);
  else if (ms < 1000) snprintf(buf, size, "%.1f", ms);
  else snprintf(buf, size, "%.0f", ms);
}

void bench_report_print_inputs(FILE *f, const bench_report *r) {
  fprintf(f, "\n%-16s %-6s %10s %11s %10s  %s\n", "input", "kind", "vertices", "arcs", "load_ms",
          "notes");
  for (int i = 0; i < r->num_inputs; i++) {
    const bench_input *in = &r->inputs[i];
    const char *kind = in->spec->is_tree ? "tree" : "graph";
    if (in->status != GNEST_OK) {
      fprintf(f, "%-16s %-6s %10s %11s %10.1f  FAILED (%s): %s\n", in->spec->name, kind, "-", "-",
              in->load_ms, gnest_strerror(in->status), in->detail);
      continue;
    }
    fprintf(f, "%-16s %-6s %10d %11lld %10.1f  ", in->spec->name, kind, in->vertices,
            (long long)in->arcs, in->load_ms);
    if (in->spec->is_tree) fprintf(f, "root %d", in->source);
    else fprintf(f, "source %d (out-degree %lld)", in->source, (long long)in->source_degree);
    if (in->sym_arcs && in->sym_arcs != in->arcs)
      fprintf(f, "; symmetrized %lld arcs", (long long)in->sym_arcs);
    if (in->mst_vertices && in->mst_vertices != in->vertices)
      fprintf(f, "; MST on the largest component: %d vertices, %lld arcs", in->mst_vertices,
              (long long)in->mst_arcs);
    fputc('\n', f);
  }
}

static const bench_row *find_row(const bench_report *r, const char *input, gnest_algorithm a,
                                 const bench_variant *var) {
  for (int i = 0; i < r->num_rows; i++)
    if (!r->rows[i].is_load && r->rows[i].algo == a && r->rows[i].backend == var->backend &&
        strcmp(r->rows[i].setting, var->setting) == 0 && strcmp(r->rows[i].input, input) == 0)
      return &r->rows[i];
  return NULL;
}

static void cell_text(const bench_row *row, char *buf, size_t size) {
  char ms[32];
  if (!row) snprintf(buf, size, "-");
  else if (row->skipped) snprintf(buf, size, "skip");
  else if (row_unavailable(row)) snprintf(buf, size, "n/a");
  else if (!row_succeeded(row)) snprintf(buf, size, "FAIL");
  else {
    bench_fmt_ms(row->median_ms, ms, sizeof ms);
    snprintf(buf, size, "%s%s", ms, row->check == BENCH_CHECK_DISAGREE ? "!" : "");
  }
}

/* The variant's label, or "ASKED:RAN" when the backend that ran is not the one asked for. */
static const char *best_label(const bench_row *r) {
  static char label[200];
  char buf[160];
  const char *asked = bench_variant_label(r->backend, r->setting, buf, sizeof buf);
  if (strcmp(asked, r->ran) == 0) return r->ran;
  if (strcmp(gnest_backend_name(r->backend), r->ran) == 0) {
    snprintf(label, sizeof label, "%s", asked);
    return label;
  }
  snprintf(label, sizeof label, "%s:%.31s", asked, r->ran);
  return label;
}

static int variant_width(const bench_variant *v) {
  char buf[160];
  int w = (int)strlen(bench_variant_label(v->backend, v->setting, buf, sizeof buf));
  return w < 9 ? 9 : w;
}

static void summary_header(FILE *f, const bench_config *cfg, int name_w) {
  fprintf(f, "\nmedian ms of %d run%s after %d warm-up%s", cfg->runs, cfg->runs == 1 ? "" : "s",
          cfg->warmup, cfg->warmup == 1 ? "" : "s");
  if (cfg->warmup > 0 && cfg->warmup_ms > 0) fprintf(f, " and more until %d ms", cfg->warmup_ms);
  if (cfg->cpu_runs > 0)
    fprintf(f, " (%s: %d run%s, no warm-up)", gnest_backend_name(GNEST_BACKEND_CPU), cfg->cpu_runs,
            cfg->cpu_runs == 1 ? "" : "s");
  fprintf(f, "; tc and mst %s their optional outputs (per-vertex counts, forest edges)%s",
          cfg->all_outputs ? "with" : "without", cfg->all_outputs ? "" : ": --all-outputs");
  fprintf(f, "\n%-*s %-16s", name_w, "input", "algorithm");
  char label[160];
  for (int b = 0; b < cfg->num_variants; b++)
    fprintf(f, " %*s", variant_width(&cfg->variants[b]),
            bench_variant_label(cfg->variants[b].backend, cfg->variants[b].setting, label,
                                sizeof label));
  if (cfg->peers.text) fprintf(f, "  %-20s %9s %9s  %s", "best", "peer", "best/peer", "peer is");
  else fprintf(f, "  best");
  fputc('\n', f);
}

static void summary_line(FILE *f, const bench_report *r, const bench_config *cfg, int name_w,
                         const bench_row *first) {
  char cell[48], best_text[96];
  fprintf(f, "%-*s %-16s", name_w, first->input, gnest_algorithm_name(first->algo));
  for (int b = 0; b < cfg->num_variants; b++) {
    cell_text(find_row(r, first->input, first->algo, &cfg->variants[b]), cell, sizeof cell);
    fprintf(f, " %*s", variant_width(&cfg->variants[b]), cell);
  }
  const bench_row *best = bench_best_row(r, first->input, first->algo);
  if (best) {
    bench_fmt_ms(best->median_ms, cell, sizeof cell);
    snprintf(best_text, sizeof best_text, "%.30s %.60s", cell, best_label(best));
  } else {
    snprintf(best_text, sizeof best_text, "-");
  }
  const bench_peer *peer = bench_peers_find(&cfg->peers, first->input, first->algo);
  if (!peer) {
    fprintf(f, "  %s\n", best_text);
    return;
  }
  bench_fmt_ms(peer->ms, cell, sizeof cell);
  fprintf(f, "  %-20s %9s", best_text, cell);
  if (best) fprintf(f, " %9.3f  %s\n", best->median_ms / peer->ms, peer->peer);
  else fprintf(f, " %9s  %s\n", "-", peer->peer);
}

/* Where the peer figures come from, and the devices they were measured on (each named once). */
static void peers_footnote(FILE *f, const bench_peers *t) {
  fprintf(f, "peer figures: %s", t->origin);
  for (int i = 0; i < t->count; i++) {
    int first = 1;
    for (int j = 0; j < i && first; j++) first = strcmp(t->cells[j].device, t->cells[i].device) != 0;
    if (first) fprintf(f, "%s%s", i ? "; " : ", measured on ", t->cells[i].device);
  }
  fputs(" (each peer's timer and source: the JSON, or --print-peers)\n", f);
}

void bench_report_print_summary(FILE *f, const bench_report *r, const bench_config *cfg) {
  int name_w = 5;
  for (int i = 0; i < r->num_rows; i++) {
    int len = (int)strlen(r->rows[i].input);
    if (len > name_w) name_w = len;
  }
  summary_header(f, cfg, name_w);
  for (int i = 0; i < r->num_rows; i++) {
    const bench_row *row = &r->rows[i];
    if (!is_first_of_pair(r, i)) continue;
    if (row->is_load) fprintf(f, "%-*s %-16s (not loaded: %s)\n", name_w, row->input, "-",
                              gnest_strerror(row->status));
    else summary_line(f, r, cfg, name_w, row);
  }
  fprintf(f, "! = disagrees with %s (see CSV/JSON detail); n/a = backend unavailable or not applicable;"
          " skip = --cpu-max-edges; FAIL = error (see detail)", gnest_backend_name(GNEST_BACKEND_CPU));
  if (cfg->peers.text) fputs("; best/peer < 1 beats the peer", f);
  fputc('\n', f);
  if (cfg->peers.text) peers_footnote(f, &cfg->peers);
  const bench_oracle o = oracle_of(r);
  if (o.cells)
    fprintf(f, "auto / fastest of the cell: geometric mean %.3f over %d cell%s; %d above %.2f; "
            "worst %.3f (%s %s)", o.geomean, o.cells, o.cells == 1 ? "" : "s", o.above,
            BENCH_ORACLE_GOOD, o.worst, o.worst_cell->input,
            gnest_algorithm_name(o.worst_cell->algo));
  if (o.left_out)
    fprintf(f, "%s%d cell%s left out: no backend pass on any backend (the same kernels on all)",
            o.cells ? "; " : "auto / fastest of the cell: ", o.left_out,
            o.left_out == 1 ? "" : "s");
  if (o.cells || o.left_out) fputc('\n', f);
  if (r->cells_started < r->cells_planned)
    fprintf(f, "stopped by --time-limit %lld: %d of %d cells did not start\n",
            (long long)cfg->time_limit_s, r->cells_planned - r->cells_started, r->cells_planned);
}
