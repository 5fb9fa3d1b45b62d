/* gnest-cli: shared types and helpers. The tool uses only the public API (gnest.h) plus the io
 * writers for `convert`. Exit codes: 0 success, 1 library (or file) failure, 2 usage error,
 * 3 --compare found a backend that disagrees with the CPU reference. Backends are named only
 * through the registry (gnest_backend_describe, tools/common/backends.h); algorithms only through
 * theirs (gnest_algorithm_describe): an algorithm command is a row of it, and its result is
 * handled by the row's result kind, never by the algorithm. */
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

/* The commands: first one per gnest_algorithm value (cli_cmd c runs algorithm c: the registry's
 * rows, in its order), then the tool's own. */
typedef enum cli_cmd {
  CMD_STATS = GNEST_ALGO_COUNT, CMD_CONVERT, CMD_BACKENDS, CMD_COUNT
} cli_cmd;

static inline int cli_is_algorithm(cli_cmd c) { return (int)c < (int)GNEST_ALGO_COUNT; }

/* The commands a flag applies to (cli_flag.commands): classes, ORed. An algorithm command is in
 * the classes its registry row gives it (cli_command_classes), each other command in its own. */
#define CLI_ALGOS (1u << 0)          /* every algorithm */
#define CLI_GRAPH_ALGOS (1u << 1)    /* algorithms on a graph */
#define CLI_TREE_ALGOS (1u << 2)     /* algorithms on a tree */
#define CLI_AS_STORED (1u << 3)      /* algorithms that take arcs as stored */
#define CLI_UNDIRECTED (1u << 4)     /* algorithms that take the input as undirected */
#define CLI_DUPLICATES_OK (1u << 5)  /* algorithms that accept parallel arcs */
#define CLI_SOURCE (1u << 6)         /* algorithms from one source */
#define CLI_SOURCE_SET (1u << 7)     /* algorithms over a set of sources */
#define CLI_METHOD (1u << 8)         /* algorithms with a method to choose */
#define CLI_STATS (1u << 9)
#define CLI_CONVERT (1u << 10)
#define CLI_BACKENDS (1u << 11)
#define CLI_COLORING (1u << 12)      /* algorithms whose result is a coloring */
#define CLI_WEIGHTED (1u << 13)      /* algorithms that read the weights */
#define CLI_OPTIONAL_OUT (1u << 14) /* algorithms with optional outputs (gn_result_optional_name) */
#define CLI_ALL ((1u << 15) - 1)

/* The classes of command c. */
unsigned cli_command_classes(cli_cmd c);

/* --output-format: how --output writes the result (output.c). */
typedef enum cli_output_format {
  CLI_OUTPUT_TEXT = 0, CLI_OUTPUT_CSV, CLI_OUTPUT_JSON
} cli_output_format;

/* Everything the command line says, parsed and checked. */
typedef struct cli_args {
  cli_cmd cmd;
  gnest_algorithm_desc algo; /* the algorithm of an algorithm command (zeroed otherwise) */
  const char *input;        /* first operand */
  const char *convert_out;  /* convert's second operand */
  const char *output;       /* --output FILE ("-": standard output) */
  cli_output_format output_format; /* --output-format */
  int output_format_given;
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
  int32_t parts;            /* stats --parts K (0: none) */
  gnest_partition_method partition; /* stats --partition */
  int partition_given;
  int json, quiet, compare, help;
  int predecessors;          /* --predecessors */
  int all_outputs;           /* --all-outputs */
  int runs;                 /* --runs (default 5) */
  int runs_given;
  double reference_limit;   /* --reference-limit: most arc visits --compare's CPU reference may make */
  int reference_limit_given;
  int backend_given;
  gn_sweep sweep;           /* --sweep KEY=V1,V2,... (count 0 = none) */
  struct {                  /* the flags given so far that have a setting (cli_flag.setting) */
    const struct cli_flag *row;
    char name[40];          /* as spelled */
    const char *value;      /* NULL for a switch */
  } given[32];
  int num_given;
} cli_args;

/* ---- args.c, commands.c, usage.c ---------------------------------------------------------- */
typedef int (*cli_flag_setter)(cli_args *a, const char *flag, const char *value);

typedef struct cli_flag {
  const char *name;      /* "--source"; NULL: the method flag (cli_method_flag) */
  const char *arg;       /* "N", or NULL for a switch */
  unsigned commands;     /* CLI_* classes of the commands that accept it */
  cli_flag_setter set;
  const char *help;      /* NULL: built at run time (cli_flag_help) */
  /* What the flag sets, shared by the rows of flags that set the same thing ("symmetrize" for
   * --symmetrize, --undirected and --no-symmetrize): a second flag for it is a usage error,
   * unless both are the same switch (or two spellings of it). NULL: repeatable (--options). */
  const char *setting;
} cli_flag;

typedef struct cli_command {
  const char *name;
  const char *operands;  /* "FILE", "IN OUT", or "" for none */
  const char *summary;   /* one line */
  const char *notes;     /* extra paragraph for CMD --help, or NULL */
} cli_command;

extern const cli_flag cli_flags[];          /* args.c */
extern const int cli_flag_count;
/* The command's entry: the tool's own, or built from the algorithm's registry row
 * (commands.c). */
const cli_command *cli_command_of(cli_cmd c);

/* Fills a from argv[1..] (argv[1] is the command). Returns CLI_EXIT_OK, or CLI_EXIT_USAGE after
 * printing one line on stderr. */
int cli_parse_args(int argc, char **argv, cli_args *a);
void cli_args_free(cli_args *a);
void cli_print_usage(FILE *f);
/* The flag's help text for command cmd: the table's, or the one built from the registries. */
const char *cli_flag_help(const cli_flag *f, cli_cmd cmd, char *buf, size_t size);
/* The flag's name for command cmd ("--bfs-direction": the method flag of bfs, into buf); NULL
 * when cmd has no method. */
const char *cli_flag_name(const cli_flag *f, cli_cmd cmd, char *buf, size_t size);
/* The flag's value name for command cmd (the method flag's: the initial of its key's last word,
 * "--bfs-direction D"); NULL for a switch. */
const char *cli_flag_arg(const cli_flag *f, cli_cmd cmd, char *buf, size_t size);
/* The method flag of algorithm a, "--" and its registry key with '-' for '_' ("--tree-method"),
 * into buf; NULL when a has one method. */
const char *cli_method_flag(gnest_algorithm a, char *buf, size_t size);
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
  int32_t source;           /* GNEST_SOURCES_ONE: resolved source */
  const char *source_rule;  /* "highest out-degree" or "given" */
  gnest_bc_sources bc;      /* GNEST_SOURCES_SET */
  int32_t *bc_list;         /* GNEST_SOURCES_SET: --source / --sources as vertex numbers (owned) */
  const int32_t *ids;       /* --relabel: the file's id of each vertex; NULL otherwise */
  gn_progress_line progress;/* loading */
  int quiet;                /* --quiet: no progress either */
  int estimate;             /* say on stderr when a run over all sources will be long (plain run) */
  int predecessors;         /* --predecessors: results carry gnest_result.pred */
  int optional_outputs;     /* ask for the optional outputs (tc's per-vertex counts, mst's forest
                               edges): --output writes them, or --all-outputs */
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
/* CLI_EXIT_OK, or CLI_EXIT_USAGE after one line saying what to do when the CPU reference's
 * estimated work (gnest_reference_work) is over the limit. */
int cli_check_reference_limit(const cli_args *a, const cli_input *in);

/* ---- run.c -------------------------------------------------------------------------------- */
typedef struct cli_result {
  gnest_algorithm_desc algo; /* what runs: out's arrays are those of algo.result */
  int32_t n;                /* entries of the per-vertex (per-node) arrays */
  gnest_result out;         /* the optional arrays allocated with in->optional_outputs (pred:
                               with --predecessors) */
  gnest_info info;
  const int32_t *ids;       /* --relabel: the file's id of each vertex (cli_input's); else NULL */
} cli_result;

/* Allocates the result arrays of algorithm command cmd for the input. GNEST_ERR_OUT_OF_MEMORY on
 * failure. */
gnest_status cli_result_alloc(cli_cmd cmd, const cli_input *in, cli_result *r);
void cli_result_free(cli_result *r);
/* The input as gnest_run takes it. */
gnest_run_input cli_run_input(const cli_input *in);
/* Runs the command's algorithm once into r (allocated) with opts. */
gnest_status cli_run_algorithm(const cli_input *in, const gnest_options *opts, cli_result *r);

/* ---- digest.c: the summary numbers of a result, by its kind -------------------------------- */
typedef struct cli_digest {
  int64_t reached;          /* LEVELS, DISTANCES: vertices with a finite value */
  int32_t max_level;        /* LEVELS */
  double max_dist;          /* DISTANCES: largest finite distance */
  int32_t top[5];           /* SCORES: vertices of highest score, ties by lower id */
  int top_count;
  int64_t components;       /* FOREST: n - forest edges */
  int32_t max_value;        /* NODE_VALUES: largest value and the lowest node holding it */
  int32_t max_node;
  int64_t largest;          /* COMPONENTS: vertices of the largest component */
} cli_digest;

void cli_digest_compute(const cli_result *r, cli_digest *d);

/* ---- summary.c, summary_json.c, output.c -------------------------------------------------- */
void cli_print_summary(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r);
void cli_print_summary_json(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r);
/* Writes --output in --output-format through gnest_output (see gnest.h for how each kind of path
 * is written). Returns an exit code. */
int cli_write_output(const cli_args *a, const cli_input *in, const cli_result *r);
/* "all 34", "3 listed", "100 sampled (seed 1)" */
const char *cli_bc_mode_text(const gnest_bc_sources *s, int32_t n, char *buf, size_t size);
/* "12.345" / "0.00312": milliseconds with sensible precision. */
const char *cli_format_ms(double ms, char *buf, size_t size);
/* "graph: FILE  n=..  m=.. arcs (...)  loaded in .. ms" (and the tree line). */
void cli_print_input_line(FILE *f, const cli_args *a, const cli_input *in);
/* Whether the run's time covers the algorithm's optional outputs: "per-vertex counts computed"
 * or "per-vertex counts not computed (FLAGS computes them)" (mst: forest edges); NULL for an
 * algorithm without optional outputs. */
const char *cli_optional_outputs_text(const cli_input *in, gnest_result_kind kind,
                                      const char *flags, char *buf, size_t size);

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
void cli_json_number(cli_json *j, const char *digits); /* a number the caller formatted */
/* summary_json.c: the fields of the --json summary, into an object j has open (the --output
 * JSON form adds its arrays after them). */
void cli_summary_json_fields(cli_json *j, const cli_args *a, const cli_input *in,
                             const cli_result *r);
/* "optional_outputs": null, or {"name": gn_result_optional_name, "computed": in->optional_outputs}. */
void cli_json_optional_outputs(cli_json *j, const cli_input *in, gnest_result_kind kind);

/* ---- commands ----------------------------------------------------------------------------- */
int cli_cmd_run(const cli_args *a);      /* run.c: one algorithm, summary / json / output */
int cli_cmd_compare(const cli_args *a);  /* compare.c */
int cli_cmd_stats(const cli_args *a);    /* stats.c */
int cli_cmd_convert(const cli_args *a);  /* convert.c */
int cli_cmd_backends(const cli_args *a); /* backends.c: the registry, as text or JSON */

/* agree.c: 1 when r agrees with the CPU reference ref (the rules of --compare). */
int cli_results_agree(const cli_input *in, const cli_result *ref, const cli_result *r);

#endif
