/* gnest-bench: command line and the main loop (inputs outer, algorithms, backends inner). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/backends.h"
#include "bench.h"
#include "common/progress.h"
#include "common/wrap.h"

/* The usage text, around the --backends line (built from the backend registry). */
static const char *const usage_head =
    "usage: gnest-bench [INPUTS] [OPTIONS]\n"
    "Runs algorithms x backends x inputs in one process; writes CSV/JSON and a summary table.\n"
    "\n"
    "inputs (repeatable, run in the order given; --suite inputs come last):\n"
    "  --graph PATH          graph file (.mtx .gr .txt .el .csv .gnest, .gz/.xz) or tree file (.tree)\n"
    "  --gen RECIPE          rmat:SCALE[:EDGE_FACTOR]  grid:ROWSxCOLS  er:N:M  tree:D:K:S  chain:N\n"
    "                        broom:N[:HANDLE]  caterpillar:N[:LEGS]  recursive:N\n"
    "  --suite bench         rmat20, cnr-2000, USA-road-FLA (from --data), tree:4:128:0, chain:100000\n"
    "  --suite scale         rmat24, rmat26, urand26 (er:67108864:1073741824), grid:4096x4096\n"
    "  --data DIR            where --suite finds its files (default ../shared/data)\n"
    "  --cache DIR           keep each generated graph as DIR/NAME-seedS-vVERSION.gnest after\n"
    "                        building it, and load it from there when it exists\n"
    "\n"
    "options:\n";
static const char *const usage_tail =
    "  --no-cpu              do not run the CPU reference (GPU results are then not checked)\n"
    "  --quiet               no per-cell lines on stderr and no progress line (the report still prints)\n"
    "  --all-outputs         also compute (and time, and check) the optional outputs: tc's\n"
    "                        per-vertex counts, mst's forest edges (default: the required ones)\n"
    "  --cpu-max-edges N     skip the CPU reference on graphs of more than N arcs (default: no limit)\n"
    "  --runs N              timed runs per cell (default 7); --warmup N untimed runs first (1)\n"
    "  --warmup-ms T         then more until T ms have passed in them (default 20; none after\n"
    "                        --warmup 0): a device left idle clocks down, one short run does not\n"
    "                        wake it\n"
    "  --cpu-runs N          the CPU reference: N timed runs, no warm-up (default: as the others)\n"
    "  --threshold N         nesting threshold passed to the GPU backends (0 = library default)\n"
    "  --schedule S          dynamic (default) or static loop scheduling\n"
    "  --options WORDS       key=value words applied after the flags above, to every backend:\n"
    "                        threshold block_size schedule tree_method bfs_direction\n"
    "                        color_method tc_method, and the backends' own settings, e.g.\n"
    "                        \"threshold=8 granularity=warp\" (gnest-cli backends NAME lists\n"
    "                        NAME's settings; a backend ignores those it does not read)\n"
    "  --sweep KEY=V1,V2,... a column per value of one --options key for every backend that\n"
    "                        reads it (e.g. threshold=32,128,512); the others run once\n"
    "  --csv FILE            one row per (input, algorithm, backend), appended as they finish\n"
    "  --json FILE           everything: inputs, rows, summary, device, command line\n"
    "  --device N            CUDA device index (default: $GNEST_DEVICE, else 0)\n"
    "  --seed N              seed of the generators and of the random weights (default 1)\n"
    "  --peers FILE          the peer table to compare with, for every input it names (default:\n"
    "                        bench/peers.tsv as compiled in, with --suite only)\n"
    "  --print-peers         print the peer table (compiled in, or --peers FILE) as JSON; run nothing\n"
    "  --time-limit S        start no input and no cell after S seconds; the tables, CSV and JSON\n"
    "                        then hold what ran and say how many cells did not start\n"
    "  --help\n"
    "\n"
    "exit status: 0 all fine, 1 a run or an input failed, 2 usage error, 3 a result disagreed\n"
    "with the CPU reference, 4 --time-limit stopped the run (what ran was fine). See\n"
    "bench/README.md.\n";

/* "bfs,sssp,...": the registry's algorithms, as --algos takes them. */
static const char *algo_names(char *buf, size_t size) {
  size_t len = 0;
  buf[0] = '\0';
  for (int a = 0; a < (int)GNEST_ALGO_COUNT && len < size; a++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s", a ? "," : "",
                            gnest_algorithm_name((gnest_algorithm)a));
  return buf;
}

static void print_usage(FILE *f) {
  char names[512], text[1024];
  fputs(usage_head, f);
  fprintf(f, "  --algos LIST          %s (default all)\n", algo_names(names, sizeof names));
  snprintf(text, sizeof text,
           "comma-separated, of: %s (default: every built backend that can run here, the CPU "
           "reference first); gnest-cli backends describes each", gn_backend_choices(names, sizeof names));
  fputs("  --backends LIST       ", f);
  gn_print_wrapped(f, text, 24, 96);
  fputs(usage_tail, f);
}

/* Parses a whole decimal integer within [lo, hi]. */
static int parse_int(const char *flag, const char *text, long long lo, long long hi,
                     long long *out) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi)
    return bench_usage_error("%s expects an integer in [%lld, %lld], got '%s'", flag, lo, hi,
                             text);
  *out = v;
  return BENCH_EXIT_OK;
}

static int parse_algos(bench_config *cfg, const char *list) {
  char buf[BENCH_TEXT_MAX];
  snprintf(buf, sizeof buf, "%s", list);
  cfg->algos = 0;
  for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    gnest_algorithm a;
    if (strcmp(tok, "all") == 0) cfg->algos = BENCH_ALL_ALGOS;
    else if (gnest_algorithm_from_name(tok, &a) == GNEST_OK) cfg->algos |= BENCH_ALGO_BIT(a);
    else return bench_usage_error("--algos: unknown algorithm '%s'", tok);
  }
  if (cfg->algos == 0) return bench_usage_error("--algos: empty list");
  return BENCH_EXIT_OK;
}

static void add_backend(bench_config *cfg, gnest_backend b) {
  for (int i = 0; i < cfg->num_backends; i++)
    if (cfg->backends[i] == b) return;
  if (cfg->num_backends < GNEST_BACKEND_COUNT) cfg->backends[cfg->num_backends++] = b;
}

static int parse_backends(bench_config *cfg, const char *list) {
  char buf[BENCH_TEXT_MAX];
  snprintf(buf, sizeof buf, "%s", list);
  cfg->num_backends = 0;
  for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    gnest_backend b;
    char names[512];
    if (gnest_backend_from_name(tok, &b) != GNEST_OK)
      return bench_usage_error("--backends: unknown backend '%s' (one of: %s)", tok,
                               gn_backend_choices(names, sizeof names));
    add_backend(cfg, b);
  }
  if (cfg->num_backends == 0) return bench_usage_error("--backends: empty list");
  cfg->backends_given = 1;
  return BENCH_EXIT_OK;
}

static int parse_schedule(bench_config *cfg, const char *text) {
  if (strcmp(text, "dynamic") == 0) cfg->opts.schedule = GNEST_SCHEDULE_DYNAMIC;
  else if (strcmp(text, "static") == 0) cfg->opts.schedule = GNEST_SCHEDULE_STATIC;
  else return bench_usage_error("--schedule expects dynamic or static, got '%s'", text);
  return BENCH_EXIT_OK;
}

static int parse_sweep(bench_config *cfg, const char *text) {
  char err[400];
  if (cfg->sweep.count > 0) return bench_usage_error("--sweep given twice (one key at a time)");
  if (!gn_sweep_parse(text, &cfg->sweep, err, sizeof err)) return bench_usage_error("%s", err);
  return BENCH_EXIT_OK;
}

/* --options: the words accumulate here and are applied after every other flag (apply_options). */
static int add_options(bench_config *cfg, const char *words) {
  if (!gn_append_words(cfg->options, sizeof cfg->options, words))
    return bench_usage_error("--options: too long (at most %zu characters in all)",
                             sizeof cfg->options - 1);
  return BENCH_EXIT_OK;
}

/* A bad word is a usage error with the library's message. Each cell runs one of --backends, so a
 * backend= word would be ignored: it is refused. */
static int apply_options(bench_config *cfg) {
  if (cfg->options[0] == '\0') return BENCH_EXIT_OK;
  if (gnest_options_parse(&cfg->opts, cfg->options) != GNEST_OK)
    return bench_usage_error("--options: %s", gnest_last_error_string(NULL));
  if (cfg->opts.backend != GNEST_BACKEND_AUTO)
    return bench_usage_error("--options: backend= does not apply to gnest-bench (use --backends)");
  return BENCH_EXIT_OK;
}

static const char *const value_flags[] = {
    "--graph", "--gen", "--suite", "--data", "--algos", "--backends", "--schedule", "--csv",
    "--json", "--cpu-max-edges", "--cpu-runs", "--runs", "--warmup", "--warmup-ms", "--threshold",
    "--device", "--seed", "--options", "--peers", "--sweep", "--cache", "--time-limit"};

static int is_value_flag(const char *flag) {
  for (size_t i = 0; i < sizeof value_flags / sizeof value_flags[0]; i++)
    if (strcmp(flag, value_flags[i]) == 0) return 1;
  return 0;
}

static int set_number_flag(bench_config *cfg, const char *flag, const char *v) {
  long long x = 0;
  int rc = BENCH_EXIT_OK;
  if (strcmp(flag, "--cpu-max-edges") == 0) {
    if ((rc = parse_int(flag, v, 0, INT64_MAX, &x)) == 0) cfg->cpu_max_edges = x;
  } else if (strcmp(flag, "--runs") == 0) {
    if ((rc = parse_int(flag, v, 1, 100000, &x)) == 0) cfg->runs = (int)x;
  } else if (strcmp(flag, "--cpu-runs") == 0) {
    if ((rc = parse_int(flag, v, 1, 100000, &x)) == 0) cfg->cpu_runs = (int)x;
  } else if (strcmp(flag, "--warmup") == 0) {
    if ((rc = parse_int(flag, v, 0, 100000, &x)) == 0) cfg->warmup = (int)x;
  } else if (strcmp(flag, "--warmup-ms") == 0) {
    if ((rc = parse_int(flag, v, 0, 600000, &x)) == 0) cfg->warmup_ms = (int)x;
  } else if (strcmp(flag, "--threshold") == 0) {
    if ((rc = parse_int(flag, v, 0, INT32_MAX, &x)) == 0) cfg->opts.threshold = (int32_t)x;
  } else if (strcmp(flag, "--device") == 0) {
    if ((rc = parse_int(flag, v, 0, 1023, &x)) == 0) cfg->device = (int)x;
  } else if (strcmp(flag, "--time-limit") == 0) {
    if ((rc = parse_int(flag, v, 1, 100000000, &x)) == 0) cfg->time_limit_s = x;
  } else { /* --seed */
    if ((rc = parse_int(flag, v, 0, INT64_MAX, &x)) == 0) cfg->seed = (uint64_t)x;
  }
  return rc;
}

static int set_value_flag(bench_config *cfg, const char *flag, const char *v, const char **suite) {
  if (strcmp(flag, "--graph") == 0) return bench_add_file(cfg, v);
  if (strcmp(flag, "--gen") == 0) return bench_add_gen(cfg, v);
  if (strcmp(flag, "--algos") == 0) return parse_algos(cfg, v);
  if (strcmp(flag, "--backends") == 0) return parse_backends(cfg, v);
  if (strcmp(flag, "--schedule") == 0) return parse_schedule(cfg, v);
  if (strcmp(flag, "--options") == 0) return add_options(cfg, v);
  if (strcmp(flag, "--sweep") == 0) return parse_sweep(cfg, v);
  if (strcmp(flag, "--suite") == 0) *suite = v;
  else if (strcmp(flag, "--data") == 0) cfg->data_dir = v;
  else if (strcmp(flag, "--cache") == 0) cfg->cache_dir = v;
  else if (strcmp(flag, "--csv") == 0) cfg->csv_path = v;
  else if (strcmp(flag, "--json") == 0) cfg->json_path = v;
  else if (strcmp(flag, "--peers") == 0) cfg->peers_path = v;
  else return set_number_flag(cfg, flag, v);
  return BENCH_EXIT_OK;
}

static int set_switch(bench_config *cfg, const char *flag) {
  if (strcmp(flag, "--no-cpu") == 0) cfg->no_cpu = 1;
  else if (strcmp(flag, "--quiet") == 0) cfg->quiet = 1;
  else if (strcmp(flag, "--all-outputs") == 0) cfg->all_outputs = 1;
  else if (strcmp(flag, "--print-peers") == 0) cfg->print_peers = 1;
  else if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) cfg->help = 1;
  else return bench_usage_error("unknown option '%s'", flag);
  return BENCH_EXIT_OK;
}

static void record_command(bench_config *cfg, int argc, char **argv) {
  size_t used = 0;
  cfg->command[0] = '\0';
  for (int i = 0; i < argc && used + 1 < sizeof cfg->command; i++) {
    int w = snprintf(cfg->command + used, sizeof cfg->command - used, "%s%s", i ? " " : "",
                     argv[i]);
    if (w < 0) break;
    used += (size_t)w;
  }
}

static void config_defaults(bench_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->algos = BENCH_ALL_ALGOS;
  cfg->cpu_max_edges = -1;
  cfg->runs = 7;
  cfg->warmup = 1;
  cfg->warmup_ms = 20;
  cfg->cpu_runs = -1;
  gnest_options_init(&cfg->opts);
  cfg->data_dir = "../shared/data";
  cfg->device = -1;
  cfg->seed = 1;
}

/* The peer table: the --peers file for every input, else the compiled-in one for the suite. A
 * malformed table stops the run before anything runs (exit 1, "FILE:LINE: what was expected"). */
static int load_peers(bench_config *cfg) {
  if (!cfg->peers_path && !cfg->suite && !cfg->print_peers) return BENCH_EXIT_OK;
  char err[BENCH_TEXT_MAX + 256];
  if (bench_peers_load(&cfg->peers, cfg->peers_path, err, sizeof err) == 0) return BENCH_EXIT_OK;
  fprintf(stderr, "gnest-bench: %s\n", err);
  return BENCH_EXIT_FAIL;
}

/* One option at argv[*i]: "--flag=value", "--flag value" or a switch. */
static int parse_one(bench_config *cfg, int argc, char **argv, int *i, const char **suite) {
  char flag[64];
  const char *arg = argv[*i], *eq = strchr(arg, '=');
  if (strncmp(arg, "--", 2) != 0 && strcmp(arg, "-h") != 0)
    return bench_usage_error("unexpected argument '%s' (inputs are given with --graph)", arg);
  size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
  if (len >= sizeof flag) return bench_usage_error("unknown option '%s'", arg);
  memcpy(flag, arg, len);
  flag[len] = '\0';
  if (!is_value_flag(flag)) {
    if (eq) return bench_usage_error("option '%s' takes no value", flag);
    return set_switch(cfg, flag);
  }
  if (eq) return set_value_flag(cfg, flag, eq + 1, suite);
  if (*i + 1 >= argc) return bench_usage_error("option '%s' needs a value", flag);
  ++*i;
  return set_value_flag(cfg, flag, argv[*i], suite);
}

int bench_parse_args(int argc, char **argv, bench_config *cfg) {
  config_defaults(cfg);
  record_command(cfg, argc, argv);
  const char *suite = NULL;
  int rc = BENCH_EXIT_OK;
  for (int i = 1; i < argc && rc == BENCH_EXIT_OK; i++) rc = parse_one(cfg, argc, argv, &i, &suite);
  if (rc != BENCH_EXIT_OK) return rc;
  if (cfg->help) {
    print_usage(stdout);
    return BENCH_EXIT_OK;
  }
  if ((rc = apply_options(cfg)) != BENCH_EXIT_OK) return rc;
  if (suite && (rc = bench_add_suite(cfg, suite)) != BENCH_EXIT_OK) return rc;
  if (cfg->print_peers && cfg->num_specs > 0)
    return bench_usage_error("--print-peers prints the peer table and runs nothing: give no input");
  if (!cfg->print_peers && cfg->num_specs == 0)
    return bench_usage_error("no input: give --graph, --gen or --suite bench");
  return load_peers(cfg);
}

void bench_config_free(bench_config *cfg) {
  bench_peers_free(&cfg->peers);
  free(cfg->specs);
  cfg->specs = NULL;
  cfg->num_specs = cfg->cap_specs = 0;
  free(cfg->variants);
  cfg->variants = NULL;
  cfg->num_variants = 0;
}

/* The columns: each backend of the run order, once per --sweep value when it reads the key. */
static int build_variants(bench_config *cfg) {
  const int per = cfg->sweep.count > 0 ? cfg->sweep.count : 1;
  cfg->variants = calloc((size_t)cfg->num_backends * (size_t)per, sizeof *cfg->variants);
  if (!cfg->variants) {
    fprintf(stderr, "gnest-bench: out of host memory\n");
    return BENCH_EXIT_FAIL;
  }
  for (int i = 0; i < cfg->num_backends; i++) {
    const gnest_backend b = cfg->backends[i];
    const int values = gn_sweep_reads(&cfg->sweep, b) ? cfg->sweep.count : 0;
    for (int k = values ? 0 : -1; k < values; k++) {
      bench_variant *v = &cfg->variants[cfg->num_variants++];
      v->backend = b;
      v->opts = cfg->opts;
      v->opts.backend = b;
      if (k < 0) continue;
      gn_sweep_setting(&cfg->sweep, k, v->setting, sizeof v->setting);
      gn_sweep_apply(&cfg->sweep, k, &v->opts); /* checked when --sweep was parsed */
    }
  }
  return BENCH_EXIT_OK;
}

/* The run order: the CPU reference first, then the others as given. Default: from the registry,
 * every built backend the context can run (the selector aside), and the reference. */
static int resolve_backends(gnest_ctx *ctx, bench_config *cfg) {
  gnest_backend given[GNEST_BACKEND_COUNT];
  int count = 0;
  if (cfg->backends_given) {
    memcpy(given, cfg->backends, sizeof given);
    count = cfg->num_backends;
  } else {
    for (int b = 0; b < GNEST_BACKEND_COUNT; b++)
      if (b != GNEST_BACKEND_AUTO && gn_backend_built((gnest_backend)b) &&
          gnest_backend_available(ctx, (gnest_backend)b) == GNEST_OK)
        given[count++] = (gnest_backend)b;
  }
  cfg->num_backends = 0;
  int has_cpu = 0;
  for (int i = 0; i < count; i++) has_cpu |= given[i] == GNEST_BACKEND_CPU;
  if (has_cpu && !cfg->no_cpu) add_backend(cfg, GNEST_BACKEND_CPU);
  for (int i = 0; i < count; i++)
    if (given[i] != GNEST_BACKEND_CPU) add_backend(cfg, given[i]);
  if (cfg->num_backends == 0) {
    fprintf(stderr, "gnest-bench: no backend to run (--no-cpu, and no other backend can run here)\n");
    return BENCH_EXIT_USAGE;
  }
  return BENCH_EXIT_OK;
}

static int algo_applies(const bench_spec *spec, gnest_algorithm a) {
  return spec->is_tree == (bench_algo_desc(a).input == GNEST_INPUT_TREE);
}

static int planned_cells(const bench_config *cfg) {
  int cells = 0;
  for (int s = 0; s < cfg->num_specs; s++)
    for (int a = 0; a < GNEST_ALGO_COUNT; a++)
      if ((cfg->algos & BENCH_ALGO_BIT(a)) && algo_applies(&cfg->specs[s], (gnest_algorithm)a))
        cells += cfg->num_variants;
  return cells;
}

static void print_progress(int done, int total, const bench_row *row) {
  char label[160];
  fprintf(stderr, "[%d/%d] %s %s %s ... ", done, total, gnest_algorithm_name(row->algo), row->input,
          bench_variant_label(row->backend, row->setting, label, sizeof label));
  if (row->status == GNEST_OK && !row->skipped) {
    char ms[32];
    bench_fmt_ms(row->median_ms, ms, sizeof ms);
    fprintf(stderr, "%s ms", ms);
    if (row->check == BENCH_CHECK_AGREE)
      fprintf(stderr, " (agrees with %s)", gnest_backend_name(GNEST_BACKEND_CPU));
    if (row->check == BENCH_CHECK_DISAGREE) fprintf(stderr, " DISAGREES: %s", row->detail);
    if (row->backend != GNEST_BACKEND_CPU && strcmp(row->ran, gnest_backend_name(row->backend)))
      fprintf(stderr, " [ran %s]", row->ran);
  } else {
    fputs(bench_row_status_text(row), stderr);
    int unavailable = row->status == GNEST_ERR_NO_DEVICE || row->status == GNEST_ERR_BACKEND_UNAVAILABLE;
    if (row->detail[0] && !unavailable) fprintf(stderr, ": %s", row->detail);
  }
  fputc('\n', stderr);
}

static void print_load(const bench_input *in) {
  if (in->status != GNEST_OK) {
    fprintf(stderr, "load %s ... FAILED (%s): %s; skipped\n", in->spec->name,
            gnest_strerror(in->status), in->detail);
    return;
  }
  fprintf(stderr, "load %s ... %.1f ms (%ld %s, %ld arcs)\n", in->spec->name, in->load_ms,
          (long)in->vertices, in->tree ? "nodes" : "vertices", (long)in->arcs);
}

/* After each cell: its line (unless --quiet), then on a terminal the progress line with the
 * ETA of the remaining cells, erased before the next line is printed. */
static void cell_done(const bench_config *cfg, gn_progress_line *line, int done, int total,
                      const bench_row *row) {
  gn_progress_finish(line);
  if (!cfg->quiet) print_progress(done, total, row);
  gn_progress_update(line, "cells", done, total, "cells");
}

/* Every (algorithm, backend) cell of one loaded input. Returns -1 on out of memory. */
/* Whether --time-limit forbids starting more work (an input's load or a cell). */
static int out_of_time(const bench_config *cfg, const bench_report *rep) {
  return cfg->time_limit_s > 0 &&
         bench_now_ms() - rep->started_ms >= 1e3 * (double)cfg->time_limit_s;
}

static int run_input(gnest_ctx *ctx, const bench_config *cfg, const bench_input *in,
                     bench_report *rep, int *done, int total, gn_progress_line *line) {
  for (int ai = 0; ai < GNEST_ALGO_COUNT && !out_of_time(cfg, rep); ai++) {
    gnest_algorithm a = (gnest_algorithm)ai;
    if (!(cfg->algos & BENCH_ALGO_BIT(a)) || !algo_applies(in->spec, a)) continue;
    /* Each algorithm starts from graphs without device copies: its cells' device_bytes are then
     * its own (the copies another algorithm made, such as weights in another type or the
     * component MST runs on, would count too) and its first call's setup holds its upload. */
    gnest_graph_release_device(in->stored);
    gnest_graph_release_device(in->sym);
    gnest_graph_release_device(in->mst);
    bench_output ref = {0};
    int have_ref = 0;
    for (int vi = 0; vi < cfg->num_variants && !out_of_time(cfg, rep); vi++) {
      const bench_variant *var = &cfg->variants[vi];
      bench_row row;
      rep->cells_started++;
      int is_cpu = var->backend == GNEST_BACKEND_CPU;
      bench_run_cell(ctx, cfg, in, a, var, have_ref ? &ref : NULL, is_cpu ? &ref : NULL, &row);
      if (is_cpu && row.status == GNEST_OK && !row.skipped && row.runs > 0) {
        have_ref = 1;
        row.check = BENCH_CHECK_REFERENCE;
      }
      cell_done(cfg, line, ++*done, total, &row);
      if (bench_report_add(rep, &row) != 0) {
        bench_output_free(&ref);
        return -1;
      }
    }
    bench_output_free(&ref);
  }
  return 0;
}

static int run_all(gnest_ctx *ctx, const bench_config *cfg, bench_report *rep) {
  int total = planned_cells(cfg), done = 0;
  rep->cells_planned = total;
  gn_progress_line line;
  gn_progress_start(&line, "gnest-bench", cfg->quiet);
  int rc = 0;
  for (int s = 0; s < cfg->num_specs && rc == 0 && !out_of_time(cfg, rep); s++) {
    const bench_spec *spec = &cfg->specs[s];
    int cells = 0;
    for (int a = 0; a < GNEST_ALGO_COUNT; a++)
      if ((cfg->algos & BENCH_ALGO_BIT(a)) && algo_applies(spec, (gnest_algorithm)a))
        cells += cfg->num_variants;
    if (cells == 0) continue; /* no selected algorithm applies: nothing to load */
    bench_input *in = &rep->inputs[rep->num_inputs++];
    gn_progress_finish(&line);
    bench_input_load(ctx, cfg, spec, in);
    if (!cfg->quiet) print_load(in);
    if (in->status != GNEST_OK) {
      bench_row row = {0};
      snprintf(row.input, sizeof row.input, "%s", spec->name);
      row.is_load = 1;
      row.status = in->status;
      snprintf(row.detail, sizeof row.detail, "%s", in->detail);
      rc = bench_report_add(rep, &row);
      done += cells;
      rep->cells_started += cells; /* none of them can run: counted as started, not left out */
    } else {
      rc = run_input(ctx, cfg, in, rep, &done, total, &line);
    }
    bench_input_free(in); /* keeps the record, releases the graphs */
  }
  gn_progress_finish(&line);
  if (rep->cells_started < total)
    fprintf(stderr, "gnest-bench: the time limit of %lld s stopped the run: %d of %d cells did not "
                    "start\n", (long long)cfg->time_limit_s, total - rep->cells_started, total);
  return rc == 0 ? 0 : -1;
}

/* 3 when any result disagreed, 1 when any row failed for a reason other than unavailability, else
 * 0. */
static int exit_status(const bench_report *rep) {
  int failed = 0;
  for (int i = 0; i < rep->num_rows; i++) {
    const bench_row *r = &rep->rows[i];
    if (r->check == BENCH_CHECK_DISAGREE) return BENCH_EXIT_DISAGREE;
    int unavailable = r->status == GNEST_ERR_BACKEND_UNAVAILABLE ||
                      r->status == GNEST_ERR_NO_DEVICE ||
                      r->status == GNEST_ERR_BACKEND_NOT_APPLICABLE;
    if (r->status != GNEST_OK && !unavailable) failed = 1;
  }
  return failed ? BENCH_EXIT_FAIL : BENCH_EXIT_OK;
}

static int open_context(const bench_config *cfg, gnest_ctx **ctx) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.device = cfg->device;
  gnest_status st = gnest_ctx_create(ctx, &o);
  if (st != GNEST_OK) {
    fprintf(stderr, "gnest-bench: %s (%s)\n", gnest_last_error_string(NULL), gnest_strerror(st));
    return BENCH_EXIT_FAIL;
  }
  return BENCH_EXIT_OK;
}

static int print_peers(const bench_config *cfg) {
  bench_peers_print_json(stdout, &cfg->peers);
  if (fflush(stdout) == 0 && !ferror(stdout)) return BENCH_EXIT_OK;
  fprintf(stderr, "gnest-bench: --print-peers: error while writing to stdout\n");
  return BENCH_EXIT_FAIL;
}

int main(int argc, char **argv) {
  bench_config cfg;
  int rc = bench_parse_args(argc, argv, &cfg);
  if (rc == BENCH_EXIT_OK && cfg.print_peers && !cfg.help) rc = print_peers(&cfg);
  if (rc != BENCH_EXIT_OK || cfg.help || cfg.print_peers) {
    bench_config_free(&cfg);
    return rc;
  }
  gnest_ctx *ctx = NULL;
  rc = open_context(&cfg, &ctx);
  if (rc == BENCH_EXIT_OK) rc = resolve_backends(ctx, &cfg);
  if (rc == BENCH_EXIT_OK) rc = build_variants(&cfg);
  bench_report rep;
  if (rc == BENCH_EXIT_OK) {
    fprintf(stderr, "gnest-bench %s on %s\n", GNEST_VERSION_STRING, gnest_ctx_device_name(ctx));
    rc = bench_report_open(&rep, &cfg, cfg.num_specs);
    rep.device_name = gnest_ctx_device_name(ctx);
    if (rc == BENCH_EXIT_OK) {
      if (run_all(ctx, &cfg, &rep) != 0) {
        fprintf(stderr, "gnest-bench: out of host memory while recording results\n");
        rc = BENCH_EXIT_FAIL;
      }
      bench_report_print_inputs(stdout, &rep);
      bench_report_print_summary(stdout, &rep, &cfg);
      int wrote = bench_report_write_json(&rep, &cfg);
      int closed = bench_report_close(&rep);
      if (rc == BENCH_EXIT_OK) rc = exit_status(&rep);
      if (rc == BENCH_EXIT_OK && (wrote != BENCH_EXIT_OK || closed != BENCH_EXIT_OK))
        rc = BENCH_EXIT_FAIL;
      if (rc == BENCH_EXIT_OK && rep.cells_started < rep.cells_planned) rc = BENCH_EXIT_TIME_LIMIT;
      free(rep.rows);
      free(rep.inputs);
    }
  }
  gnest_ctx_free(ctx);
  bench_config_free(&cfg);
  return rc;
}
