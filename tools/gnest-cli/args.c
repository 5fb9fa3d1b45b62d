/* gnest-cli: command-line parsing into cli_args. Flags come from the table cli_flags, which also
 * produces the usage texts (usage.c), so a flag cannot be accepted without being documented. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/backends.h"
#include "common/result.h"
#include "common/wrap.h"
#include "cli.h"

int cli_usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("gnest-cli: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return CLI_EXIT_USAGE;
}

/* ---- numbers ------------------------------------------------------------------------------- */

/* Decimal digits only: no sign, no spaces, no hex; ERANGE beyond 2^64-1. */
static int parse_u64(const char *v, uint64_t *out) {
  if (v == NULL || *v == '\0') return 0;
  for (const char *p = v; *p; ++p)
    if (!isdigit((unsigned char)*p)) return 0;
  errno = 0;
  unsigned long long x = strtoull(v, NULL, 10);
  if (errno == ERANGE) return 0;
  *out = (uint64_t)x;
  return 1;
}

static int parse_bounded(const char *flag, const char *v, uint64_t min, uint64_t max,
                         uint64_t *out) {
  const char *what = min > 0 ? "a positive integer" : "a non-negative integer";
  if (!parse_u64(v, out) || *out < min) return cli_usage_error("%s: expected %s, got '%s'", flag, what, v);
  if (*out > max)
    return cli_usage_error("%s: %s is too large (at most %llu)", flag, v, (unsigned long long)max);
  return CLI_EXIT_OK;
}

static int parse_i32(const char *flag, const char *v, int32_t min, int32_t *out) {
  uint64_t x = 0;
  int rc = parse_bounded(flag, v, (uint64_t)min, INT32_MAX, &x);
  if (rc == CLI_EXIT_OK) *out = (int32_t)x;
  return rc;
}

static int compare_i32(const void *x, const void *y) {
  int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
  return (a > b) - (a < b);
}

/* A vertex that list[0..count) holds twice (counting it twice would be a silent surprise), or
 * -1; -2 when out of memory. */
static int32_t first_duplicate(const int32_t *list, int32_t count) {
  int32_t *sorted = malloc((size_t)(count > 0 ? count : 1) * sizeof *sorted);
  if (!sorted) return -2;
  memcpy(sorted, list, (size_t)count * sizeof *sorted);
  qsort(sorted, (size_t)count, sizeof *sorted, compare_i32);
  int32_t dup = -1;
  for (int32_t k = 1; k < count && dup < 0; ++k)
    if (sorted[k] == sorted[k - 1]) dup = sorted[k];
  free(sorted);
  return dup;
}

/* "3,17,42": non-negative integers separated by commas. */
static int parse_list(const char *flag, const char *v, int32_t **out, int32_t *count) {
  size_t len = strlen(v), cap = 1;
  for (size_t i = 0; i < len; ++i) cap += v[i] == ',';
  int32_t *list = malloc(cap * sizeof *list);
  char *copy = malloc(len + 1);
  if (list == NULL || copy == NULL) {
    free(list); free(copy);
    return cli_usage_error("%s: out of memory", flag);
  }
  memcpy(copy, v, len + 1);
  int32_t k = 0;
  char *item = copy;
  for (;;) {
    char *comma = strchr(item, ',');
    if (comma) *comma = '\0';
    uint64_t x = 0;
    if (!parse_u64(item, &x) || x > INT32_MAX) {
      free(list); free(copy);
      return cli_usage_error("%s: expected a comma-separated list of non-negative integers, got '%s'",
                             flag, v);
    }
    list[k++] = (int32_t)x;
    if (!comma) break;
    item = comma + 1;
  }
  free(copy);
  free(*out);
  *out = list;
  *count = k;
  return CLI_EXIT_OK;
}

/* ---- setters ------------------------------------------------------------------------------- */

static int set_backend(cli_args *a, const char *f, const char *v) {
  if (gnest_backend_from_name(v, &a->opts.backend) != GNEST_OK) {
    char names[512];
    return cli_usage_error("%s: unknown backend '%s' (one of: %s)", f, v,
                           gn_backend_choices(names, sizeof names));
  }
  a->backend_given = 1;
  return CLI_EXIT_OK;
}

/* --backend's help: the registry's names, built and planned. */
static const char *backend_help(char *buf, size_t size) {
  char names[512];
  snprintf(buf, size,
           "the backend to run, default %s (the selector picks): %s. gnest-cli backends describes "
           "each. A backend that cannot run here is an error, never a silent fallback",
           gnest_backend_name(GNEST_BACKEND_AUTO), gn_backend_choices(names, sizeof names));
  return buf;
}

/* Words for gnest_options_parse, applied after every other flag (apply_options). */
static int set_options(cli_args *a, const char *f, const char *v) {
  if (!gn_append_words(a->options, sizeof a->options, v))
    return cli_usage_error("%s: too long (at most %zu characters in all)", f, sizeof a->options - 1);
  return CLI_EXIT_OK;
}

static int set_source(cli_args *a, const char *f, const char *v) {
  a->source_given = 1;
  return parse_i32(f, v, 0, &a->source);
}
static int set_sources(cli_args *a, const char *f, const char *v) {
  int rc = parse_list(f, v, &a->sources, &a->num_sources);
  if (rc != CLI_EXIT_OK) return rc;
  int32_t dup = first_duplicate(a->sources, a->num_sources);
  if (dup == -2) return cli_usage_error("%s: out of memory", f);
  if (dup >= 0)
    return cli_usage_error("%s: %s: vertex %d is listed twice in '%s'", cli_command_of(a->cmd)->name, f,
                           dup, v);
  return CLI_EXIT_OK;
}
static int set_samples(cli_args *a, const char *f, const char *v) { return parse_i32(f, v, 1, &a->samples); }
static int set_seed(cli_args *a, const char *f, const char *v) {
  a->seed_given = 1;
  return parse_bounded(f, v, 0, UINT64_MAX, &a->seed);
}
static int set_root(cli_args *a, const char *f, const char *v) {
  a->root_given = 1;
  return parse_i32(f, v, 0, &a->root);
}
static int set_output(cli_args *a, const char *f, const char *v) {
  if (*v == '\0') return cli_usage_error("%s: expected a file name", f);
  a->output = v;
  return CLI_EXIT_OK;
}
static int set_output_format(cli_args *a, const char *f, const char *v) {
  static const char *names[] = {"text", "csv", "json"};
  static const cli_output_format values[] = {CLI_OUTPUT_TEXT, CLI_OUTPUT_CSV, CLI_OUTPUT_JSON};
  a->output_format_given = 1;
  for (int i = 0; i < 3; ++i)
    if (strcmp(v, names[i]) == 0) { a->output_format = values[i]; return CLI_EXIT_OK; }
  return cli_usage_error("%s: expected text, csv or json, got '%s'", f, v);
}
static int set_threshold(cli_args *a, const char *f, const char *v) { return parse_i32(f, v, 0, &a->opts.threshold); }

static int set_sweep(cli_args *a, const char *f, const char *v) {
  (void)f; /* gn_sweep_parse's messages name --sweep */
  char err[400];
  if (!gn_sweep_parse(v, &a->sweep, err, sizeof err)) return cli_usage_error("%s", err);
  return CLI_EXIT_OK;
}
/* 0 (the default) or a whole number of warps the GPU can launch in one block. */
static int set_block_size(cli_args *a, const char *f, const char *v) {
  uint64_t x = 0;
  if (!parse_u64(v, &x) || (x != 0 && (x < 32 || x > 1024 || x % 32 != 0)))
    return cli_usage_error("%s: expected 0 or a multiple of 32 from 32 to 1024, got '%s'", f, v);
  a->opts.block_size = (int32_t)x;
  return CLI_EXIT_OK;
}

static int set_schedule(cli_args *a, const char *f, const char *v) {
  if (strcmp(v, "dynamic") == 0) a->opts.schedule = GNEST_SCHEDULE_DYNAMIC;
  else if (strcmp(v, "static") == 0) a->opts.schedule = GNEST_SCHEDULE_STATIC;
  else return cli_usage_error("%s: expected dynamic or static, got '%s'", f, v);
  return CLI_EXIT_OK;
}

/* The weights' type on a device backend (gnest_options.weights). */
static int set_weights(cli_args *a, const char *f, const char *v) {
  if (gn_set_option_word(&a->opts, "weights", v)) return CLI_EXIT_OK;
  return cli_usage_error("%s: expected auto, float or double, got '%s'", f, v);
}

/* The command's method flag: one of its registry row's method words. */
static int set_method(cli_args *a, const char *f, const char *v) {
  if (gn_set_option_word(&a->opts, a->algo.method_key, v)) return CLI_EXIT_OK;
  char words[128];
  return cli_usage_error("%s: expected %s, got '%s'", f,
                         gn_words_as_choices(a->algo.methods, words, sizeof words), v);
}

static int set_color_tie(cli_args *a, const char *f, const char *v) {
  if (gn_set_option_word(&a->opts, "color_tie", v)) return CLI_EXIT_OK;
  return cli_usage_error("%s: expected hash or id, got '%s'", f, v);
}

static int set_parts(cli_args *a, const char *f, const char *v) {
  return parse_i32(f, v, 1, &a->parts);
}

static int set_partition(cli_args *a, const char *f, const char *v) {
  static const char *names[] = {"ranges", "random", "metis"};
  static const gnest_partition_method values[] = {GNEST_PARTITION_RANGES, GNEST_PARTITION_RANDOM,
                                                  GNEST_PARTITION_METIS};
  a->partition_given = 1;
  for (int i = 0; i < 3; ++i)
    if (strcmp(v, names[i]) == 0) { a->partition = values[i]; return CLI_EXIT_OK; }
  return cli_usage_error("%s: expected ranges, random or metis, got '%s'", f, v);
}

static int set_format(cli_args *a, const char *f, const char *v) {
  static const char *names[] = {"mtx", "dimacs", "edgelist", "binary"};
  static const gnest_format values[] = {GNEST_FORMAT_MTX, GNEST_FORMAT_DIMACS,
                                        GNEST_FORMAT_EDGELIST, GNEST_FORMAT_BINARY};
  for (int i = 0; i < 4; ++i)
    if (strcmp(v, names[i]) == 0) { a->load.format = values[i]; return CLI_EXIT_OK; }
  return cli_usage_error("%s: expected mtx, dimacs, edgelist or binary, got '%s'", f, v);
}

static int set_device(cli_args *a, const char *f, const char *v) {
  int32_t d = 0;
  int rc = parse_i32(f, v, 0, &d);
  a->device = d;
  return rc;
}
static int set_runs(cli_args *a, const char *f, const char *v) {
  int32_t r = 0;
  int rc = parse_i32(f, v, 1, &r);
  a->runs = r;
  a->runs_given = 1;
  return rc;
}
static int set_reference_limit(cli_args *a, const char *f, const char *v) {
  uint64_t x = 0;
  int rc = parse_bounded(f, v, 0, INT64_MAX, &x);
  a->reference_limit = (double)x;
  a->reference_limit_given = 1;
  return rc;
}
static int set_max_vertices(cli_args *a, const char *f, const char *v) {
  uint64_t x = 0;
  int rc = parse_bounded(f, v, 1, INT32_MAX, &x);
  a->load.max_vertices = (int64_t)x;
  return rc;
}

/* Switches: value is NULL. */
static int set_json(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->json = 1; return 0; }
static int set_quiet(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->quiet = 1; return 0; }
static int set_compare(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->compare = 1; return 0; }
static int set_tree(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->tree = 1; return 0; }
static int set_help(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->help = 1; return 0; }
static int set_one_based(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->load.one_based = 1; return 0; }
static int set_symmetrize(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->symmetrize_flag = 1; return 0; }
static int set_no_symmetrize(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->symmetrize_flag = 0; return 0; }
static int set_keep_loops(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->load.drop_self_loops = 0; return 0; }
static int set_drop_loops(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->load.drop_self_loops = 1; return 0; }
static int set_keep_dups(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->load.merge_duplicates = 0; return 0; }
static int set_relabel(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->load.relabel = 1; return 0; }
static int set_predecessors(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->predecessors = 1; return 0; }
static int set_all_outputs(cli_args *a, const char *f, const char *v) { (void)f; (void)v; a->all_outputs = 1; return 0; }

#define LOADING (CLI_ALGOS | CLI_STATS | CLI_CONVERT)
#define DIRECTED_LOADING (CLI_AS_STORED | CLI_STATS | CLI_CONVERT)
#define UNDIRECTED_ALGOS CLI_UNDIRECTED
#define GRAPH_LOADING (CLI_GRAPH_ALGOS | CLI_STATS | CLI_CONVERT)
#define SINGLE_SOURCE CLI_SOURCE
#define ROOTED (CLI_TREE_ALGOS | CLI_STATS)
#define ON_DEVICE (CLI_ALGOS | CLI_STATS)

/* A flag may have several rows, one per group of commands, each with the help text that fits
 * them: a command's --help shows only its own rows. */
const cli_flag cli_flags[] = {
  {"--backend", "NAME", CLI_ALGOS, set_backend, NULL, "backend"},
  {"--source", "N", SINGLE_SOURCE, set_source,
   "source vertex (default: the vertex of highest out-degree, lowest id on ties)", "source"},
  {"--predecessors", NULL, SINGLE_SOURCE, set_predecessors,
   "also compute each vertex's parent on a shortest path (the smallest id among the parents on "
   "the shortest paths of fewest arcs; -1 for the source and unreached vertices): --output "
   "writes it as a column after the value (csv pred, json \"pred\"), --compare compares it. "
   "The time includes it", NULL},
  {"--all-outputs", NULL, CLI_OPTIONAL_OUT, set_all_outputs,
   "also compute the optional outputs (tc: each vertex's count; mst: the forest's edges), which "
   "a run computes only when --output writes them; the time then includes them, and --compare "
   "compares them. The summary says which the time covers", NULL},
  {"--source", "N", CLI_SOURCE_SET, set_source, "one source vertex instead of all", "source"},
  {"--sources", "LIST", CLI_SOURCE_SET, set_sources,
   "comma-separated source vertices, e.g. 0,5,9 (each once)", "sources"},
  {"--samples", "K", CLI_SOURCE_SET, set_samples,
   "K distinct sources sampled with --seed (sum, no rescaling)", "samples"},
  {"--seed", "N", CLI_SOURCE_SET, set_seed, "seed of --samples (default 1)", "seed"},
  {"--root", "N", ROOTED, set_root,
   "read FILE as a graph and root the tree at node N (graph files only; default 0)", "root"},
  {"--tree", NULL, CLI_STATS, set_tree, "also print tree statistics (implied for .tree files)", NULL},
  {"--parts", "K", CLI_STATS, set_parts,
   "also cut the graph's vertices into K parts (--partition) and print each part's vertices and "
   "out-arcs and the arcs cut: how the graph would lie over K devices", NULL},
  {"--partition", "M", CLI_STATS, set_partition,
   "with --parts: ranges (default: consecutive ids, balanced by arcs + vertices), random (a hash "
   "of the id) or metis (METIS's k-way edge-cut partitioning, in a build with METIS: "
   "gnest-cli --version)", NULL},
  {"--json", NULL, CLI_ALGOS, set_json, "print one JSON object instead of the text (with --compare: an array of rows)", NULL},
  {"--json", NULL, CLI_STATS, set_json, "print one JSON object instead of the text", NULL},
  {"--json", NULL, CLI_BACKENDS, set_json,
   "print an array of JSON objects instead of the text (with NAME: one object)", NULL},
  {"--output", "FILE", CLI_ALGOS, set_output,
   "write the full result to FILE (format below and --output-format); with --relabel each line "
   "starts with the vertex's id in FILE. A regular file is written to a temporary beside it, "
   "then renamed over it keeping its mode (a failure leaves the old file); a symlink's target is "
   "written; '-' (standard output), a device or a FIFO is written in place. With '-' the summary "
   "(text or --json) goes to standard error, so standard output holds the result alone", "output"},
  {"--output-format", "F", CLI_ALGOS, set_output_format,
   "how --output writes the result: text (the default: the format below), csv (a header line, "
   "then the vertex id and its value on every row, e.g. vertex,level; a forest u,v,weight; ids "
   "as in FILE) or json (one object: the --json summary and \"result\", an array for each csv "
   "column under its name, null for an unreached distance)", "output_format"},
  {"--threshold", "N", CLI_ALGOS, set_threshold, "inner trip count above which an item is nested (0 = default: 32; bfs, sssp, bc on a GPU backend: the power of two nearest the mean degree, 8..32)",
   "threshold"},
  {"--schedule", "S", CLI_ALGOS, set_schedule, "outer-loop scheduling: dynamic (default) or static",
   "schedule"},
  {"--block-size", "N", CLI_ALGOS, set_block_size, "threads per block: 0 (default 256) or a multiple of 32 up to 1024",
   "block_size"},
  {NULL, "M", CLI_METHOD, set_method, NULL, "method"}, /* the registry's method: cli_flag_name */
  {"--color-tie", "T", CLI_COLORING, set_color_tie,
   "how vertices of equal degree are ordered: hash (default: by a fixed hash of the id; "
   "self-loops left out of the degree) or id (smaller id first, a self-loop counting 2 in the "
   "degree: NetworkX's greedy_color largest_first, with ids as node order); --options key "
   "color_tie", "color_tie"},
  {"--weights", "T", CLI_WEIGHTED, set_weights,
   "the weights' type on a GPU backend: auto (the default: float when every weight is exactly a "
   "float, else double), float (a weight no float holds is rounded to the nearest one, on the "
   "CPU reference too) or double. Distances and totals are doubles in every case", "weights"},
  {"--options", "WORDS", CLI_ALGOS, set_options,
   "key=value words, applied after the flags above (--compare: to every backend): the keys of "
   "those flags (backend threshold block_size schedule tree_method bfs_direction color_method "
   "tc_method, e.g. \"threshold=8 schedule=static\") and the backends' own settings, which "
   "gnest-cli backends NAME lists for NAME with their values, defaults and test configurations "
   "(each one runnable as --backend NAME --options \"CONFIGURATION\"); a setting the backend that "
   "runs does not read is ignored. Repeatable: a key given again replaces its earlier word", NULL},
  {"--format", "F", LOADING, set_format,
   "input format: mtx, dimacs, edgelist or binary (default: from the name; required when FILE "
   "is '-', standard input)", "format"},
  {"--one-based", NULL, LOADING, set_one_based, "edge lists: vertex ids start at 1", NULL},
  {"--symmetrize", NULL, DIRECTED_LOADING, set_symmetrize,
   "take the graph as undirected: add the reverse of every arc (default: arcs as stored)",
   "symmetrize"},
  {"--undirected", NULL, DIRECTED_LOADING, set_symmetrize, "the same as --symmetrize",
   "symmetrize"},
  {"--no-symmetrize", NULL, DIRECTED_LOADING, set_no_symmetrize, "keep arcs as stored (the default)",
   "symmetrize"},
  {"--symmetrize", NULL, UNDIRECTED_ALGOS, set_symmetrize, "add the reverse of every arc (the default here)",
   "symmetrize"},
  {"--undirected", NULL, UNDIRECTED_ALGOS, set_symmetrize, "the same as --symmetrize",
   "symmetrize"},
  {"--no-symmetrize", NULL, UNDIRECTED_ALGOS, set_no_symmetrize,
   "keep arcs as stored: the file must then hold every edge both ways", "symmetrize"},
  {"--relabel", NULL, GRAPH_LOADING, set_relabel,
   "number only the ids that appear in an arc, 0..k-1 in increasing order (sparse ids: no "
   "phantom isolated vertices); ids on the command line and in the output stay the file's", NULL},
  {"--max-vertices", "N", LOADING, set_max_vertices,
   "allow up to N vertices: a file declaring (or, as an edge list, implying by its largest id) "
   "more vertices than max(2^24, 8 x its size in bytes) is refused before allocating unless N "
   "allows them", "max_vertices"},
  {"--keep-self-loops", NULL, LOADING, set_keep_loops, "keep arcs u->u (default)", "self_loops"},
  {"--drop-self-loops", NULL, LOADING, set_drop_loops, "remove arcs u->u while loading",
   "self_loops"},
  {"--keep-duplicates", NULL, CLI_DUPLICATES_OK | CLI_STATS | CLI_CONVERT, set_keep_dups,
   "keep parallel arcs (default: merge them, keeping the minimum weight)", NULL},
  {"--device", "N", ON_DEVICE, set_device, "CUDA device index (default: $GNEST_DEVICE, else 0)",
   "device"},
  {"--compare", NULL, CLI_ALGOS, set_compare,
   "run every backend, compare time and results with the CPU reference (exit 3 if one disagrees)", NULL},
  {"--runs", "N", CLI_ALGOS, set_runs, "with --compare: timed runs per backend after 20 ms of warm-up runs (default 5)",
   "runs"},
  {"--reference-limit", "N", CLI_ALGOS, set_reference_limit,
   "with --compare: refuse (exit 2, before running anything) when the CPU reference would visit "
   "more than N arcs, estimated from the input (default 20000000000, about a minute; 0 = no limit)",
   "reference_limit"},
  {"--sweep", "KEY=V1,V2,...", CLI_ALGOS, set_sweep,
   "with --compare: a row per value of one --options key (e.g. threshold=32,128,512) for every "
   "backend that reads it (gnest-cli backends NAME), in one process; the others run once", "sweep"},
  {"--quiet", NULL, ON_DEVICE, set_quiet,
   "no summary, no hints and no progress (errors and --json still print)", NULL},
  {"--quiet", NULL, CLI_CONVERT, set_quiet, "no 'wrote' line and no progress (errors still print)", NULL},
  {"--help", NULL, CLI_ALL, set_help, "this text", NULL},
};
const int cli_flag_count = (int)(sizeof cli_flags / sizeof cli_flags[0]);

unsigned cli_command_classes(cli_cmd c) {
  switch (c) {
    case CMD_STATS: return CLI_STATS;
    case CMD_CONVERT: return CLI_CONVERT;
    case CMD_BACKENDS: return CLI_BACKENDS;
    default: break;
  }
  gnest_algorithm_desc d;
  if (gnest_algorithm_describe((gnest_algorithm)c, &d) != GNEST_OK) return 0;
  unsigned k = CLI_ALGOS | (d.input == GNEST_INPUT_TREE ? CLI_TREE_ALGOS : CLI_GRAPH_ALGOS);
  k |= d.undirected ? CLI_UNDIRECTED : CLI_AS_STORED;
  if (!d.simple) k |= CLI_DUPLICATES_OK;
  if (d.sources == GNEST_SOURCES_ONE) k |= CLI_SOURCE;
  if (d.sources == GNEST_SOURCES_SET) k |= CLI_SOURCE_SET;
  if (d.method_key[0]) k |= CLI_METHOD;
  if (d.result == GNEST_RESULT_COLORING) k |= CLI_COLORING;
  if (d.weighted) k |= CLI_WEIGHTED;
  if (gn_result_optional_name(d.result)) k |= CLI_OPTIONAL_OUT;
  return k;
}

const char *cli_method_flag(gnest_algorithm a, char *buf, size_t size) {
  gnest_algorithm_desc d;
  if (gnest_algorithm_describe(a, &d) != GNEST_OK || !d.method_key[0]) return NULL;
  snprintf(buf, size, "--%s", d.method_key);
  for (char *p = buf; *p; ++p)
    if (*p == '_') *p = '-';
  return buf;
}

const char *cli_flag_name(const cli_flag *f, cli_cmd cmd, char *buf, size_t size) {
  if (f->name) return f->name;
  return cli_is_algorithm(cmd) ? cli_method_flag((gnest_algorithm)cmd, buf, size) : NULL;
}

const char *cli_flag_arg(const cli_flag *f, cli_cmd cmd, char *buf, size_t size) {
  gnest_algorithm_desc d;
  if (f->name || !cli_is_algorithm(cmd) ||
      gnest_algorithm_describe((gnest_algorithm)cmd, &d) != GNEST_OK || !d.method_key[0])
    return f->arg;
  const char *last = strrchr(d.method_key, '_');
  snprintf(buf, size, "%c", toupper((unsigned char)(last ? last[1] : d.method_key[0])));
  return buf;
}

const char *cli_flag_help(const cli_flag *f, cli_cmd cmd, char *buf, size_t size) {
  if (f->help) return f->help;
  if (f->set == set_backend) return backend_help(buf, size);
  gnest_algorithm_desc d;
  if (f->set == set_method && cli_is_algorithm(cmd) &&
      gnest_algorithm_describe((gnest_algorithm)cmd, &d) == GNEST_OK)
    return d.method_help;
  return "";
}

/* ---- parsing ------------------------------------------------------------------------------- */

static void args_defaults(cli_args *a, cli_cmd cmd) {
  memset(a, 0, sizeof *a);
  a->cmd = cmd;
  gnest_options_init(&a->opts);
  gnest_load_options_init(&a->load);
  a->symmetrize_flag = -1;
  a->device = -1;
  a->seed = 1;
  a->runs = 5;
  a->reference_limit = 2e10;
}

/* 1 when the method flag row is named word[0..len) for some algorithm's command. */
static int is_some_method_flag(const char *word, size_t len) {
  char name[40];
  for (int c = 0; c < (int)GNEST_ALGO_COUNT; ++c)
    if (cli_method_flag((gnest_algorithm)c, name, sizeof name) && strlen(name) == len &&
        strncmp(name, word, len) == 0)
      return 1;
  return 0;
}

/* 1 when row f is named word[0..len) for some command (the method row: for some algorithm's). */
static int row_named(const cli_flag *f, const char *word, size_t len) {
  if (f->name) return strlen(f->name) == len && strncmp(f->name, word, len) == 0;
  return is_some_method_flag(word, len);
}

/* 1 when row f, named word[0..len), applies to cmd. */
static int row_applies(const cli_flag *f, const char *word, size_t len, cli_cmd cmd) {
  if (!(f->commands & cli_command_classes(cmd))) return 0;
  char buf[40];
  const char *name = cli_flag_name(f, cmd, buf, sizeof buf);
  return name && strlen(name) == len && strncmp(name, word, len) == 0;
}

/* The row of the flag for cmd (*applies = 1); else any row of it (the flag exists but does not
 * apply); NULL for an unknown flag. */
static const cli_flag *find_flag(const char *word, size_t len, cli_cmd cmd, int *applies) {
  const cli_flag *any = NULL;
  *applies = 0;
  for (int i = 0; i < cli_flag_count; ++i) {
    if (!row_named(&cli_flags[i], word, len)) continue;
    if (row_applies(&cli_flags[i], word, len, cmd)) {
      *applies = 1;
      return &cli_flags[i];
    }
    any = &cli_flags[i];
  }
  return any;
}

/* "--flag value" or "--flag" for messages. */
static const char *spelled(const char *name, const char *value, char *buf, size_t size) {
  snprintf(buf, size, value ? "%s %s" : "%s", name, value ? value : "");
  return buf;
}

/* A flag with a setting (cli_flag.setting) given after another one for the same setting: the
 * same switch again (or another spelling of it) is harmless, anything else a usage error naming
 * both, never the last one silently winning. Else records it. */
static int check_setting(cli_args *a, const cli_flag *f, const char *name, const char *value) {
  if (!f->setting) return CLI_EXIT_OK;
  const char *cmd = cli_command_of(a->cmd)->name;
  for (int k = 0; k < a->num_given; ++k) {
    const cli_flag *g = a->given[k].row;
    if (strcmp(g->setting, f->setting) != 0) continue;
    if (!f->arg && g->set == f->set) return CLI_EXIT_OK;
    char first[300], second[300];
    spelled(a->given[k].name, a->given[k].value, first, sizeof first);
    spelled(name, value, second, sizeof second);
    if (strcmp(a->given[k].name, name) == 0)
      return cli_usage_error("%s: %s given twice (%s, then %s): give it once", cmd, name, first, second);
    return cli_usage_error("%s: %s and %s contradict each other: give one", cmd, first, second);
  }
  if (a->num_given == (int)(sizeof a->given / sizeof a->given[0]))
    return cli_usage_error("%s: too many flags", cmd);
  a->given[a->num_given].row = f;
  snprintf(a->given[a->num_given].name, sizeof a->given[0].name, "%s", name);
  a->given[a->num_given++].value = value;
  return CLI_EXIT_OK;
}

/* One flag at argv[*i] ("--name", "--name=value" or "--name value"); advances *i past its value. */
static int parse_flag(cli_args *a, int argc, char **argv, int *i) {
  const char *word = argv[*i], *eq = strchr(word, '=');
  const char *cmd = cli_command_of(a->cmd)->name;
  size_t len = eq ? (size_t)(eq - word) : strlen(word);
  if (strcmp(word, "-h") == 0) word = "--help", len = 6;
  int applies;
  const cli_flag *f = find_flag(word, len, a->cmd, &applies);
  if (f == NULL)
    return cli_usage_error("%s: unknown flag '%.*s' (see gnest-cli %s --help)", cmd, (int)len, word, cmd);
  char name[40]; /* the flag's name, as word spells it */
  snprintf(name, sizeof name, "%.*s", (int)len, word);
  if (!applies)
    return cli_usage_error("%s: %s does not apply to this command (see gnest-cli %s --help)", cmd,
                           name, cmd);
  const char *value = NULL;
  if (f->arg == NULL) {
    if (eq) return cli_usage_error("%s: takes no value", name);
  } else if (eq) {
    value = eq + 1;
  } else {
    char arg[8];
    if (*i + 1 >= argc)
      return cli_usage_error("%s: missing argument %s", name,
                             cli_flag_arg(f, a->cmd, arg, sizeof arg));
    value = argv[++*i];
  }
  int rc = check_setting(a, f, name, value);
  return rc == CLI_EXIT_OK ? f->set(a, name, value) : rc;
}

/* A command's operands: "FILE", "IN OUT", "[NAME]" (optional) or "" (none). */
static int operand_required(cli_cmd cmd) {
  const char *operands = cli_command_of(cmd)->operands;
  return operands[0] != '\0' && operands[0] != '[';
}

static int take_operand(cli_args *a, const char *word) {
  const cli_command *c = cli_command_of(a->cmd);
  if (a->input == NULL && c->operands[0]) a->input = word;
  else if (a->cmd == CMD_CONVERT && a->convert_out == NULL) a->convert_out = word;
  else return cli_usage_error("%s: unexpected argument '%s'", c->name, word);
  return CLI_EXIT_OK;
}

/* Combinations the table cannot express. */
static int check_combinations(cli_args *a) {
  const char *cmd = cli_command_of(a->cmd)->name;
  if (a->help) return CLI_EXIT_OK;
  if (a->input == NULL && operand_required(a->cmd))
    return cli_usage_error("%s: missing input FILE (see gnest-cli %s --help)", cmd, cmd);
  if (a->cmd == CMD_CONVERT && a->convert_out == NULL)
    return cli_usage_error("convert: missing output file OUT (see gnest-cli convert --help)");
  if (a->compare && a->backend_given)
    return cli_usage_error("%s: --compare runs every backend; it cannot be combined with --backend "
                           "(nor with backend= in --options)", cmd);
  if (a->compare && a->output)
    return cli_usage_error("%s: --output cannot be combined with --compare", cmd);
  if (a->output_format_given && !a->output)
    return cli_usage_error("%s: --output-format applies to --output only (see gnest-cli %s --help)",
                           cmd, cmd);
  if (a->input && strcmp(a->input, "-") == 0 && a->load.format == GNEST_FORMAT_AUTO)
    return cli_usage_error("%s: reading standard input ('-') needs --format mtx, dimacs, edgelist "
                           "or binary: there is no file name to tell the format", cmd);
  if (a->runs_given && !a->compare)
    return cli_usage_error("%s: --runs applies to --compare only (see gnest-cli %s --help)", cmd, cmd);
  if (a->reference_limit_given && !a->compare)
    return cli_usage_error("%s: --reference-limit applies to --compare only (see gnest-cli %s --help)",
                           cmd, cmd);
  if (a->sweep.count > 0 && !a->compare)
    return cli_usage_error("%s: --sweep applies to --compare only (see gnest-cli %s --help)", cmd, cmd);
  int source_choices = a->source_given + (a->num_sources > 0) + (a->samples > 0);
  if (a->algo.sources == GNEST_SOURCES_SET && source_choices > 1)
    return cli_usage_error("%s: give only one of --source, --sources and --samples", cmd);
  if (a->partition_given && a->parts == 0)
    return cli_usage_error("%s: --partition applies with --parts K only", cmd);
  if (a->seed_given && a->samples == 0)
    return cli_usage_error("%s: --seed applies to --samples only", cmd);
  if (a->load.relabel && a->load.max_vertices > 0)
    return cli_usage_error("%s: --max-vertices does not apply with --relabel (a relabelled graph has "
                           "at most two vertices an arc)", cmd);
  if (a->root_given && a->input && cli_is_tree_file(a->input))
    return cli_usage_error("%s: --root applies to graph files, and %s is a tree file", cmd, a->input);
  return CLI_EXIT_OK;
}

/* --options: the words on top of the other flags. A bad word is a usage error with the library's
 * message; a backend= word counts as --backend. */
static int apply_options(cli_args *a) {
  if (a->help || a->options[0] == '\0') return CLI_EXIT_OK;
  gnest_backend before = a->opts.backend;
  if (gnest_options_parse(&a->opts, a->options) != GNEST_OK)
    return cli_usage_error("--options: %s", gnest_last_error_string(NULL));
  if (a->opts.backend != before) a->backend_given = 1;
  return CLI_EXIT_OK;
}

/* The algorithms the registry marks undirected take their input as undirected: symmetrized unless
 * --no-symmetrize. */
static void resolve_symmetrize(cli_args *a) {
  a->load.symmetrize = a->symmetrize_flag >= 0 ? a->symmetrize_flag : a->algo.undirected;
}

int cli_parse_args(int argc, char **argv, cli_args *a) {
  int cmd = 0;
  while (cmd < CMD_COUNT && strcmp(argv[1], cli_command_of((cli_cmd)cmd)->name) != 0) ++cmd;
  if (cmd == CMD_COUNT) {
    memset(a, 0, sizeof *a);
    return cli_usage_error("unknown command '%s' (see gnest-cli --help)", argv[1]);
  }
  args_defaults(a, (cli_cmd)cmd);
  if (cli_is_algorithm((cli_cmd)cmd)) gnest_algorithm_describe((gnest_algorithm)cmd, &a->algo);
  /* the loader names a negative weight by the file's line and text, which the algorithm's own
   * check, after loading, no longer knows */
  a->load.refuse_negative_weights = a->algo.nonnegative_weights;
  int only_operands = 0;
  for (int i = 2; i < argc; ++i) {
    const char *w = argv[i];
    int rc;
    if (!only_operands && strcmp(w, "--") == 0) { only_operands = 1; continue; }
    if (!only_operands && w[0] == '-' && w[1] != '\0') rc = parse_flag(a, argc, argv, &i);
    else rc = take_operand(a, w);
    if (rc != CLI_EXIT_OK) return rc;
  }
  resolve_symmetrize(a);
  int rc = apply_options(a);
  return rc == CLI_EXIT_OK ? check_combinations(a) : rc;
}

void cli_args_free(cli_args *a) {
  free(a->sources);
  a->sources = NULL;
}
