/* gnest-cli: shared types and helpers. The tool uses only the public API (gnest.h) plus the io
 * writers for `convert`. Exit codes: 0 success, 1 library (or file) failure, 2 usage error,
 * 3 --compare found a backend that disagrees with the CPU reference. Backends are named only
 * through the registry (gnest_backend_describe, tools/common/backends.h). */
#ifndef GNEST_CLI_H
#define GNEST_CLI_H

#include <stdint.h>
#include <stdio.h>
#include "gnest.h"
#include "common/progress.h"
#include "common/sweep.h"

#define CLI_EXIT_OK 0
#define CLI_EXIT_FAIL 1
#define CLI_EXIT_USAGE 2
#define CLI_EXIT_DISAGREE 3

typedef enum cli_cmd {
  CMD_BFS = 0, CMD_SSSP, CMD_BC, CMD_COLOR, CMD_MST, CMD_TC, CMD_TREE_DESCENDANTS,
  CMD_TREE_HEIGHTS, CMD_STATS, CMD_CONVERT, CMD_BACKENDS, CMD_COUNT
} cli_cmd;

#define CLI_BIT(c) (1u << (c))
#define CLI_GRAPH_ALGOS                                                                         \
  (CLI_BIT(CMD_BFS) | CLI_BIT(CMD_SSSP) | CLI_BIT(CMD_BC) | CLI_BIT(CMD_COLOR) | CLI_BIT(CMD_MST) | \
   CLI_BIT(CMD_TC))
#define CLI_TREE_ALGOS (CLI_BIT(CMD_TREE_DESCENDANTS) | CLI_BIT(CMD_TREE_HEIGHTS))
#define CLI_ALGOS (CLI_GRAPH_ALGOS | CLI_TREE_ALGOS)
#define CLI_ALL ((1u << CMD_COUNT) - 1)

/* Everything the command line says, parsed and checked. */
typedef struct cli_args {
  cli_cmd cmd;
  const char *input;        /* first operand */
  const char *convert_out;  /* convert's second operand */
  const char *output;       /* --output FILE */
  gnest_options opts;       /* --backend, --threshold, ..., then --options */
  char options[1024];       /* --options WORDS (every one given, in order; "" = none) */
  gnest_load_options load;  /* --format, --symmetrize, ... */
  int symmetrize_flag;      /* -1 not given, 0 --no-symmetrize, 1 --symmetrize */
  int device;               /* --device, -1 = library default */
  int32_t source;           /* --source */
  int source_given;
  int32_t *sources;         /* --sources LIST (owned) */
  int32_t num_sources;
  int32_t samples;          /* --samples K (0 = not given) */
  uint64_t seed;            /* --seed (default 1) */
  int seed_given;
  int32_t root;             /* --root */
  int root_given;
  int tree;                 /* stats --tree */
  int json, quiet, compare, help;
  int runs;                 /* --runs (default 5) */
  int runs_given;
  double reference_limit;   /* --reference-limit: most arc visits --compare's CPU reference may make */
  int reference_limit_given;
  int backend_given;
  gn_sweep sweep;           /* --sweep KEY=V1,V2,... (count 0 = none) */
} cli_args;

/* ---- args.c, commands.c, usage.c ---------------------------------------------------------- */
typedef int (*cli_flag_setter)(cli_args *a, const char *flag, const char *value);

typedef struct cli_flag {
  const char *name;      /* "--source" */
  const char *arg;       /* "N", or NULL for a switch */
  unsigned commands;     /* CLI_BIT mask of the commands that accept it */
  cli_flag_setter set;
  const char *help;      /* NULL: built at run time (cli_flag_help) */
} cli_flag;

typedef struct cli_command {
  const char *name;
  const char *operands;  /* "FILE", "IN OUT", or "" for none */
  const char *summary;   /* one line */
  const char *notes;     /* extra paragraph for CMD --help, or NULL */
} cli_command;

extern const cli_flag cli_flags[];          /* args.c */
extern const int cli_flag_count;
extern const cli_command cli_commands[CMD_COUNT]; /* commands.c */

/* Fills a from argv[1..] (argv[1] is the command). Returns CLI_EXIT_OK, or CLI_EXIT_USAGE after
 * printing one line on stderr. */
int cli_parse_args(int argc, char **argv, cli_args *a);
void cli_args_free(cli_args *a);
void cli_print_usage(FILE *f);
/* The flag's help text: the table's, or the one built from the backend registry. */
const char *cli_flag_help(const cli_flag *f, char *buf, size_t size);
void cli_print_command_usage(FILE *f, cli_cmd cmd);

/* Prints "gnest-cli: <message>" on stderr and returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* ---- input.c ------------------------------------------------------------------------------ */
typedef struct cli_input {
  gnest_ctx *ctx;
  gnest_graph *graph;       /* graph commands, stats, convert, tree commands read from a graph */
  gnest_tree *tree;         /* tree commands, stats --tree */
  double load_ms;
  int32_t source;           /* bfs, sssp: resolved source */
  const char *source_rule;  /* "highest out-degree" or "given" */
  gnest_bc_sources bc;      /* bc */
  int32_t *bc_list;         /* bc: --source / --sources as vertex numbers (owned) */
  const int32_t *ids;       /* --relabel: the file's id of each vertex; NULL otherwise */
  gn_progress_line progress;/* loading */
  int quiet;                /* --quiet: no progress either */
} cli_input;

int cli_open_context(const cli_args *a, int force_cpu, gnest_ctx **ctx);
/* Loads what the command needs into in (ctx already set). Returns an exit code. */
int cli_load_input(const cli_args *a, cli_input *in);
void cli_input_free(cli_input *in);
/* "running on the CPU: no CUDA device (...)" on stderr when the context has no device and the
 * output is JSON (the text output says it in its device line). */
void cli_cpu_notice(const cli_args *a, const gnest_ctx *ctx);
/* Why the context has no device, from its name "CPU (no CUDA device: <why>)". */
const char *cli_no_device_why(const gnest_ctx *ctx, char *buf, size_t size);
/* 1 when path names a tree file (*.tree, *.tree.gz, *.tree.xz). */
int cli_is_tree_file(const char *path);
double cli_now_ms(void);

/* Prints the failure of st on one line and returns CLI_EXIT_FAIL: "gnest-cli: FILE:LINE: what"
 * when the library's detail is about a file of the command line (or an environment variable),
 * else "gnest-cli: COMMAND: what" (the library's function names stay out). ctx may be NULL. */
int cli_fail(const cli_args *a, const gnest_ctx *ctx, gnest_status st);
/* The file's id of vertex v (v itself unless --relabel). */
static inline int32_t cli_vertex_id(const cli_input *in, int32_t v) { return in->ids ? in->ids[v] : v; }
/* Hints on stderr after a run (hints.c): a traversal that reached part of a graph whose file
 * looks undirected; a given source with no arc in a file with unused ids. */
void cli_print_hints(const cli_args *a, const cli_input *in, int64_t reached);
/* GNEST_OK when backend b can run on ctx; else its status, and *why says why in a few words:
 * "not built yet" (the registry's planned backends), "no CUDA device", ... */
gnest_status cli_backend_check(const gnest_ctx *ctx, gnest_backend b, const char **why);

/* ---- reference.c: --compare's CPU reference against --reference-limit ------------------- */
/* Estimated arc visits of cmd's CPU reference on the input; how = what the estimate counts. */
double cli_reference_work(cli_cmd cmd, const cli_input *in, char *how, size_t size);
/* CLI_EXIT_OK, or CLI_EXIT_USAGE after one line saying what to do when the estimate is over the
 * limit. */
int cli_check_reference_limit(const cli_args *a, const cli_input *in);

/* ---- run.c -------------------------------------------------------------------------------- */
typedef struct cli_result {
  cli_cmd cmd;
  int32_t n;                /* entries of the per-vertex (per-node) arrays */
  int32_t *ivals;           /* bfs levels, colors, descendants, heights */
  float *dist;              /* sssp */
  double *bc;
  uint64_t *tc_per_vertex;
  uint64_t tc_total;
  int32_t num_colors;
  double mst_weight;
  int64_t mst_edges;
  int32_t *mst_u, *mst_v;
  float *mst_w;
  gnest_info info;
  const int32_t *ids;       /* --relabel: the file's id of each vertex (cli_input's); else NULL */
} cli_result;

/* Allocates the result arrays of cmd for the input. GNEST_ERR_OUT_OF_MEMORY on failure. */
gnest_status cli_result_alloc(cli_cmd cmd, const cli_input *in, cli_result *r);
void cli_result_free(cli_result *r);
/* Runs the command's algorithm once into r (allocated) with opts. */
gnest_status cli_run_algorithm(const cli_input *in, const gnest_options *opts, cli_result *r);

/* ---- digest.c: the algorithm-specific summary numbers ------------------------------------- */
typedef struct cli_digest {
  int64_t reached;          /* bfs, sssp: vertices with a finite value */
  int32_t max_level;        /* bfs */
  double max_dist;          /* sssp: largest finite distance */
  int32_t top[5];           /* bc: vertices of highest bc, ties by lower id */
  int top_count;
  int64_t components;       /* mst: n - forest edges */
  int32_t max_value;        /* tree commands: largest value and the lowest node holding it */
  int32_t max_node;
} cli_digest;

void cli_digest_compute(const cli_result *r, cli_digest *d);

/* ---- summary.c, summary_json.c, output.c -------------------------------------------------- */
void cli_print_summary(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r);
void cli_print_summary_json(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r);
/* Writes --output atomically (FILE.tmp then rename). Returns an exit code. */
int cli_write_output(const char *path, const cli_result *r);
/* malloc'd "path.tmp" (NULL when out of memory). */
char *cli_tmp_path(const char *path);
/* "all 34", "3 listed", "100 sampled (seed 1)" */
const char *cli_bc_mode_text(const gnest_bc_sources *s, int32_t n, char *buf, size_t size);
/* "12.345" / "0.00312": milliseconds with sensible precision. */
const char *cli_format_ms(double ms, char *buf, size_t size);
/* "graph: FILE  n=..  m=.. arcs (...)  loaded in .. ms" (and the tree line). */
void cli_print_input_line(FILE *f, const cli_args *a, const cli_input *in);

/* ---- json.c ------------------------------------------------------------------------------- */
typedef struct cli_json {
  FILE *f;
  int depth;
  int first[32];            /* no element written yet at this depth */
  int after_key;
} cli_json;

void cli_json_init(cli_json *j, FILE *f);
void cli_json_open(cli_json *j, char bracket);   /* '{' or '[' */
void cli_json_close(cli_json *j, char bracket);  /* '}' or ']' */
void cli_json_key(cli_json *j, const char *key);
void cli_json_str(cli_json *j, const char *s);
void cli_json_i64(cli_json *j, int64_t v);
void cli_json_u64(cli_json *j, uint64_t v);
void cli_json_f64(cli_json *j, double v);        /* null when not finite */
void cli_json_bool(cli_json *j, int v);
void cli_json_null(cli_json *j);

/* ---- commands ----------------------------------------------------------------------------- */
int cli_cmd_run(const cli_args *a);      /* run.c: one algorithm, summary / json / output */
int cli_cmd_compare(const cli_args *a);  /* compare.c */
int cli_cmd_stats(const cli_args *a);    /* stats.c */
int cli_cmd_convert(const cli_args *a);  /* convert.c */
int cli_cmd_backends(const cli_args *a); /* backends.c: the registry, as text or JSON */

/* agree.c: 1 when r agrees with the CPU reference ref (the rules of --compare). */
int cli_results_agree(const cli_input *in, const cli_result *ref, const cli_result *r);

#endif
