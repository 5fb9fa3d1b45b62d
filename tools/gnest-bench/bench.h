/* gnest-bench: algorithms x backends x inputs in one process; CSV, JSON and a summary table.
 * Uses only the public API (gnest.h) and the shared generators (tools/common/gen.h).
 * Exit codes: 0 every checked result agreed and nothing failed, 1 a run or an input failed (or the
 * tool could not start / write its output), 2 usage error, 3 a result disagreed with the CPU
 * reference. Backends are named only through the registry (tools/common/backends.h). */
#ifndef GNEST_BENCH_H
#define GNEST_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include "gnest.h"
#include "common/sweep.h"

#define BENCH_EXIT_OK 0
#define BENCH_EXIT_FAIL 1
#define BENCH_EXIT_USAGE 2
#define BENCH_EXIT_DISAGREE 3
#define BENCH_EXIT_TIME_LIMIT 4 /* --time-limit stopped the run: what ran is reported */

#define BENCH_NAME_MAX 128
#define BENCH_TEXT_MAX 1024
#define BENCH_DETAIL_MAX 640

/* The algorithms come from the library's registry (gnest_algorithm_describe): a mask of them. */
#define BENCH_ALGO_BIT(a) (1u << (a))
#define BENCH_ALL_ALGOS ((1u << GNEST_ALGO_COUNT) - 1)

/* ---- bench.c: what every file shares ------------------------------------------------------ */
/* The registry's row of a (a is a gnest_algorithm value). */
gnest_algorithm_desc bench_algo_desc(gnest_algorithm a);
/* Prints "gnest-bench: <message>" on stderr and returns BENCH_EXIT_USAGE. */
int bench_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
double bench_now_ms(void);

/* ---- peers.c: the peer table (bench/peers.tsv compiled in, or --peers FILE) ---------------- */
/* One cell's best peer time. The texts point into the table's text. */
typedef struct bench_peer {
  const char *input;
  gnest_algorithm algo;
  double ms;
  const char *peer, *timer, *device, *date, *source;
  const char *note;                  /* "" when the line has none */
  int line;                          /* its line in the table's file */
} bench_peer;

typedef struct bench_peers {
  char *text;                        /* the file's text, split in place into the fields */
  bench_peer *cells;
  int count, cap;
  char origin[BENCH_TEXT_MAX];       /* the --peers path, or "bench/peers.tsv (compiled in)" */
} bench_peers;

/* Reads the table from path, or the compiled-in bench/peers.tsv when path is NULL. Returns 0, or
 * -1 with "FILE:LINE: what was expected" (or why the file cannot be read) in err. */
int bench_peers_load(bench_peers *t, const char *path, char *err, size_t size);
/* The cell of (input name, algorithm), or NULL when the table has none. */
const bench_peer *bench_peers_find(const bench_peers *t, const char *input, gnest_algorithm a);
void bench_peers_free(bench_peers *t);

/* One input as named on the command line (or by --suite). */
typedef struct bench_spec {
  char name[BENCH_NAME_MAX]; /* "rmat20", "cnr-2000", ... */
  char text[BENCH_TEXT_MAX]; /* file path, or generator recipe "rmat:20" */
  int is_gen;
  int is_tree;               /* tree input: only the tree algorithms apply */
} bench_spec;

/* One column of the run: a backend, with one value of --sweep when it reads the swept key. */
typedef struct bench_variant {
  gnest_backend backend;
  char setting[2 * GN_SWEEP_WORD + 2]; /* "KEY=V", or "" */
  gnest_options opts;                  /* the options it runs with (backend set) */
} bench_variant;

typedef struct bench_config {
  bench_spec *specs;
  int num_specs, cap_specs;
  unsigned algos;                                /* BENCH_ALGO_BIT mask */
  gnest_backend backends[GNEST_BACKEND_COUNT];   /* run order: the CPU reference first when present */
  int num_backends;
  int backends_given, no_cpu;
  int all_outputs;                               /* --all-outputs: the optional outputs too */
  int quiet;                                     /* --quiet: no per-cell lines, no progress */
  int64_t cpu_max_edges;                         /* < 0: no limit */
  int runs, warmup;
  int warmup_ms;                                 /* --warmup-ms: warm-up runs until this long */
  int cpu_runs;                                  /* --cpu-runs: reference's timed runs; < 0: as others */
  gnest_options opts;                            /* --threshold, --schedule, then --options */
  char options[BENCH_TEXT_MAX];                  /* --options WORDS, every one given ("" = none) */
  gn_sweep sweep;                                /* --sweep KEY=V1,V2,... (count 0 = none) */
  bench_variant *variants;                       /* the backends x sweep values, in run order */
  int num_variants;
  const char *csv_path, *json_path, *data_dir;
  const char *cache_dir;                         /* --cache DIR: generated graphs as .gnest */
  int device;
  int suite;                                     /* --suite bench given */
  const char *peers_path;                        /* --peers FILE (NULL: the compiled-in table) */
  int print_peers;                               /* --print-peers: print the table and exit */
  bench_peers peers;                             /* loaded for --suite, --peers, --print-peers */
  uint64_t seed;                                 /* generators and weights */
  int64_t time_limit_s;                          /* --time-limit: no input or cell starts after
                                                    this many seconds (0: no limit) */
  int help;                                      /* --help was given (usage printed) */
  char command[2048];                            /* the command line, for the JSON record */
} bench_config;

/* ---- main.c: arguments -------------------------------------------------------------------- */
int bench_parse_args(int argc, char **argv, bench_config *cfg);
void bench_config_free(bench_config *cfg);

/* ---- inputs.c: loading and generating ----------------------------------------------------- */
typedef struct bench_input {
  const bench_spec *spec;
  gnest_status status;       /* GNEST_OK when loaded */
  char detail[BENCH_DETAIL_MAX];
  double load_ms;            /* load or generation + every derived graph below */
  gnest_graph *stored;       /* arcs as stored, random weights 1..64: the directed algorithms */
  gnest_graph *sym;          /* symmetrized (== stored when already symmetric): the undirected */
  gnest_graph *mst;          /* largest connected component of sym (== sym when connected): the
                                forests (GNEST_RESULT_FOREST) */
  gnest_tree *tree;
  int32_t source;            /* highest out-degree of stored, lowest id on ties */
  int64_t source_degree;
  int32_t vertices;          /* of stored, or the tree's nodes */
  int64_t arcs;              /* of stored, or the tree's n - 1 edges */
  int64_t sym_arcs;
  int32_t mst_vertices;
  int64_t mst_arcs;
} bench_input;

/* Adds an input parsed from a --graph path or a --gen recipe. Returns BENCH_EXIT_OK or a usage
 * error. */
int bench_add_file(bench_config *cfg, const char *path);
int bench_add_gen(bench_config *cfg, const char *recipe);
int bench_add_suite(bench_config *cfg, const char *suite);
/* Loads spec into in, building only what the selected algorithms need. Failures are recorded in
 * in->status / in->detail (the input is then skipped). */
void bench_input_load(gnest_ctx *ctx, const bench_config *cfg, const bench_spec *spec,
                      bench_input *in);
void bench_input_free(bench_input *in);
/* The graph an algorithm runs on (NULL for tree algorithms). */
const gnest_graph *bench_input_graph(const bench_input *in, gnest_algorithm a);

/* ---- run.c: one (input, algorithm, backend) cell ------------------------------------------ */
typedef enum bench_check {
  BENCH_CHECK_NONE = 0, /* no CPU reference (or this row is the reference, or it failed) */
  BENCH_CHECK_AGREE,
  BENCH_CHECK_DISAGREE,
  BENCH_CHECK_REFERENCE /* the CPU reference row the others were checked against */
} bench_check;

/* One algorithm's output, kept for comparison with the CPU reference: its per-vertex arrays by
 * the registry's result kind (the optional ones, per-vertex counts and forest edges, are not
 * asked for). */
typedef struct bench_output {
  gnest_algorithm_desc algo;
  int32_t n;
  gnest_result out;
} bench_output;

typedef struct bench_row {
  char input[BENCH_NAME_MAX];
  gnest_algorithm algo;
  gnest_backend backend;      /* requested */
  char setting[2 * GN_SWEEP_WORD + 2]; /* --sweep: "KEY=V" of this row, "" otherwise */
  char ran[32];               /* gnest_info.backend_name, "-" when nothing ran */
  char method[32];            /* gnest_info.method_name, "" when nothing ran */
  gnest_status status;
  int skipped;                /* --cpu-max-edges */
  int is_load;                /* a row for an input that could not be loaded */
  char detail[BENCH_DETAIL_MAX];
  bench_check check;
  int runs;                   /* timed runs completed */
  int warmup_runs;            /* untimed runs before them (--warmup, --warmup-ms) */
  double median_ms, min_ms, max_ms;
  int64_t launches, device_launches, edges_visited;
  int64_t device_bytes;   /* gnest_info.device_bytes of the last timed run */
  int32_t iterations;
  int64_t grid_barriers, barriers_saved;
  int64_t backend_passes, own_passes; /* gnest_info's split of the last timed run */
  double first_setup_ms, first_call_ms; /* gnest_info's setup_ms and call_ms of the cell's first
                                           run (its warm-up: the input's first cell uploads it) */
  double setup_ms;            /* of the last timed run */
  double cell_ms;             /* the whole cell's wall time: its output arrays, warm-up and timed
                                 runs and their checks (where a long run's time went) */
  char reason[512];           /* gnest_info.reason of the last timed run */
  double edges_per_s;
  int32_t vertices;
  int64_t arcs;
} bench_row;

/* Runs warm-up and timed runs of (in, a, b); compares every timed result with ref when ref is
 * non-NULL. When keep is non-NULL and every run succeeded, the last result is moved into it (the
 * caller frees it with bench_output_free). */
void bench_run_cell(gnest_ctx *ctx, const bench_config *cfg, const bench_input *in,
                    gnest_algorithm a, const bench_variant *var, const bench_output *ref,
                    bench_output *keep, bench_row *row);
/* "agg" or, with a --sweep setting, "agg:threshold=32": a variant's name in tables. */
const char *bench_variant_label(gnest_backend b, const char *setting, char *buf, size_t size);
void bench_output_free(bench_output *o);

/* ---- report.c ----------------------------------------------------------------------------- */
typedef struct bench_report {
  bench_row *rows;
  int num_rows, cap_rows;
  bench_input *inputs;        /* the loaded inputs' records (graphs already freed) */
  int num_inputs;
  gnest_output *csv_out;      /* --csv, committed by bench_report_close */
  FILE *csv;                  /* its stream: rows are appended as they finish */
  const char *device_name;
  double started_unix;
  double started_ms;          /* bench_now_ms at the start: --time-limit counts from here */
  int cells_planned;          /* the cells the inputs and options ask for */
  int cells_started;          /* those started (fewer when --time-limit stopped the run) */
} bench_report;

int bench_report_open(bench_report *r, const bench_config *cfg, int num_inputs);
/* Appends the row (CSV too). Returns 0, or -1 on out of memory. */
int bench_report_add(bench_report *r, const bench_row *row);
/* Text of a row's status: "ok", "no CUDA device", "skipped (cpu-max-edges)", ... */
const char *bench_row_status_text(const bench_row *row);
/* Writes the JSON file (through gnest_output) if asked; returns BENCH_EXIT_OK or BENCH_EXIT_FAIL. */
int bench_report_write_json(const bench_report *r, const bench_config *cfg);
void bench_report_print_inputs(FILE *f, const bench_report *r);
void bench_report_print_summary(FILE *f, const bench_report *r, const bench_config *cfg);
int bench_report_close(bench_report *r);
/* Milliseconds with about four significant digits ("0.0312", "1.920", "1287"). */
void bench_fmt_ms(double ms, char *buf, size_t size);
/* --print-peers: the peer table as one JSON object, with the summary's peer fields per cell. */
void bench_peers_print_json(FILE *f, const bench_peers *t);
/* Fastest successful row of (input, algo) that did not disagree; NULL when none. */
const bench_row *bench_best_row(const bench_report *r, const char *input, gnest_algorithm a);

#endif
