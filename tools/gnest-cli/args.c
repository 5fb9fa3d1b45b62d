/* gnest-cli: command-line parsing into cli_args. Flags come from the table cli_flags, which also
 * produces the usage texts (usage.c), so a flag cannot be accepted without being documented. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/backends.h"
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
  return parse_list(f, v, &a->sources, &a->num_sources);
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
static int set_threshold(cli_args *a, const char *f, const char *v) { return parse_i32(f, v, 0, &a->opts.threshold); }

static int set_sweep(cli_args *a, const char *f, const char *v) {
  char err[400];
  if (a->sweep.count > 0) return cli_usage_error("%s: given twice (one key is swept at a time)", f);
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

static int set_tree_method(cli_args *a, const char *f, const char *v) {
  if (gn_set_option_word(&a->opts, "tree_method", v)) return CLI_EXIT_OK;
  return cli_usage_error("%s: expected auto, levels or euler, got '%s'", f, v);
}

static int set_bfs_direction(cli_args *a, const char *f, const char *v) {
  if (gn_set_option_word(&a->opts, "bfs_direction", v)) return CLI_EXIT_OK;
  return cli_usage_error("%s: expected auto, top-down or optimizing, got '%s'", f, v);
}

static int set_color_method(cli_args *a, const char *f, const char *v) {
  if (gn_set_option_word(&a->opts, "color_method", v)) return CLI_EXIT_OK;
  return cli_usage_error("%s: expected auto, rounds or async, got '%s'", f, v);
}

static int set_tc_method(cli_args *a, const char *f, const char *v) {
  if (gn_set_option_word(&a->opts, "tc_method", v)) return CLI_EXIT_OK;
  return cli_usage_error("%s: expected auto, search or hash, got '%s'", f, v);
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

#define LOADING (CLI_ALGOS | CLI_BIT(CMD_STATS) | CLI_BIT(CMD_CONVERT))
#define DIRECTED_LOADING (LOADING & ~UNDIRECTED_ALGOS)
#define UNDIRECTED_ALGOS (CLI_BIT(CMD_COLOR) | CLI_BIT(CMD_MST) | CLI_BIT(CMD_TC))
#define GRAPH_LOADING (CLI_GRAPH_ALGOS | CLI_BIT(CMD_STATS) | CLI_BIT(CMD_CONVERT))
#define SINGLE_SOURCE (CLI_BIT(CMD_BFS) | CLI_BIT(CMD_SSSP))
#define ROOTED (CLI_TREE_ALGOS | CLI_BIT(CMD_STATS))
#define ON_DEVICE (CLI_ALGOS | CLI_BIT(CMD_STATS))

/* A flag may have several rows, one per group of commands, each with the help text that fits
 * them: a command's --help shows only its own rows. */
const cli_flag cli_flags[] = {
  {"--backend", "NAME", CLI_ALGOS, set_backend, NULL},
  {"--source", "N", SINGLE_SOURCE, set_source,
   "source vertex (default: the vertex of highest out-degree, lowest id on ties)"},
  {"--source", "N", CLI_BIT(CMD_BC), set_source, "one source vertex instead of all"},
  {"--sources", "LIST", CLI_BIT(CMD_BC), set_sources, "comma-separated source vertices, e.g. 0,5,9"},
  {"--samples", "K", CLI_BIT(CMD_BC), set_samples, "K distinct sources sampled with --seed (sum, no rescaling)"},
  {"--seed", "N", CLI_BIT(CMD_BC), set_seed, "seed of --samples (default 1)"},
  {"--root", "N", ROOTED, set_root,
   "read FILE as a graph and root the tree at node N (graph files only; default 0)"},
  {"--tree", NULL, CLI_BIT(CMD_STATS), set_tree, "also print tree statistics (implied for .tree files)"},
  {"--json", NULL, CLI_ALGOS, set_json, "print one JSON object instead of the text (with --compare: an array of rows)"},
  {"--json", NULL, CLI_BIT(CMD_STATS), set_json, "print one JSON object instead of the text"},
  {"--json", NULL, CLI_BIT(CMD_BACKENDS), set_json,
   "print an array of JSON objects instead of the text (with NAME: one object)"},
  {"--output", "FILE", CLI_ALGOS, set_output,
   "write the full result to FILE (format below); with --relabel each line starts with the "
   "vertex's id in FILE"},
  {"--threshold", "N", CLI_ALGOS, set_threshold, "inner trip count above which an item is nested (0 = default: 32; bfs, sssp, bc on a GPU backend: the power of two nearest the mean degree, 8..32)"},
  {"--schedule", "S", CLI_ALGOS, set_schedule, "outer-loop scheduling: dynamic (default) or static"},
  {"--block-size", "N", CLI_ALGOS, set_block_size, "threads per block: 0 (default 256) or a multiple of 32 up to 1024"},
  {"--tree-method", "M", CLI_TREE_ALGOS, set_tree_method,
   "on a GPU backend: auto (default: euler when the tree is deep for its size), levels (one pass "
   "per level through the backend) or euler (Euler tour + list ranking, about 2 log2(n) passes)"},
  {"--bfs-direction", "D", CLI_BIT(CMD_BFS), set_bfs_direction,
   "bfs on a GPU backend: auto (default: optimizing on a large symmetric graph of mean degree "
   ">= 8), top-down (every level expands its frontier) or optimizing (per level top-down or "
   "bottom-up, Beamer et al.; symmetric graphs only)"},
  {"--color-method", "M", CLI_BIT(CMD_COLOR), set_color_method,
   "color on a GPU backend: auto (default: async), rounds (the shortcut rounds through the "
   "backend) or async (persistent kernels without rounds; the backend runs only the wide "
   "vertices' split pass)"},
  {"--tc-method", "M", CLI_BIT(CMD_TC), set_tc_method,
   "tc on a GPU backend: auto (default: hash), search (the backend's loop over the oriented "
   "graph, binary search per arc) or hash (on-chip hash tables, as TRUST; the backend runs only "
   "the orientation pass)"},
  {"--options", "WORDS", CLI_ALGOS, set_options,
   "key=value words, applied after the flags above (--compare: to every backend): the keys of "
   "those flags (backend threshold block_size schedule tree_method bfs_direction color_method "
   "tc_method, e.g. \"threshold=8 schedule=static\") and the backends' own settings, which "
   "gnest-cli backends NAME lists for NAME with their values, defaults and test configurations "
   "(each one runnable as --backend NAME --options \"CONFIGURATION\"); a setting the backend that "
   "runs does not read is ignored. Repeatable: a key given again replaces its earlier word"},
  {"--format", "F", LOADING, set_format, "input format: mtx, dimacs, edgelist or binary (default: from the name)"},
  {"--one-based", NULL, LOADING, set_one_based, "edge lists: vertex ids start at 1"},
  {"--symmetrize", NULL, DIRECTED_LOADING, set_symmetrize,
   "take the graph as undirected: add the reverse of every arc (default: arcs as stored)"},
  {"--undirected", NULL, DIRECTED_LOADING, set_symmetrize, "the same as --symmetrize"},
  {"--no-symmetrize", NULL, DIRECTED_LOADING, set_no_symmetrize, "keep arcs as stored (the default)"},
  {"--symmetrize", NULL, UNDIRECTED_ALGOS, set_symmetrize, "add the reverse of every arc (the default here)"},
  {"--undirected", NULL, UNDIRECTED_ALGOS, set_symmetrize, "the same as --symmetrize"},
  {"--no-symmetrize", NULL, UNDIRECTED_ALGOS, set_no_symmetrize,
   "keep arcs as stored: the file must then hold every edge both ways"},
  {"--relabel", NULL, GRAPH_LOADING, set_relabel,
   "number only the ids that appear in an arc, 0..k-1 in increasing order (sparse ids: no "
   "phantom isolated vertices); ids on the command line and in the output stay the file's"},
  {"--max-vertices", "N", LOADING, set_max_vertices,
   "allow up to N vertices: a file declaring (or, as an edge list, implying by its largest id) "
   "more vertices than max(2^24, 8 x its size in bytes) is refused before allocating unless N "
   "allows them"},
  {"--keep-self-loops", NULL, LOADING, set_keep_loops, "keep arcs u->u (default)"},
  {"--drop-self-loops", NULL, LOADING, set_drop_loops, "remove arcs u->u while loading"},
  {"--keep-duplicates", NULL, LOADING & ~CLI_BIT(CMD_TC), set_keep_dups,
   "keep parallel arcs (default: merge them, keeping the minimum weight)"},
  {"--device", "N", ON_DEVICE, set_device, "CUDA device index (default: $GNEST_DEVICE, else 0)"},
  {"--compare", NULL, CLI_ALGOS, set_compare,
   "run every backend, compare time and results with the CPU reference (exit 3 if one disagrees)"},
  {"--runs", "N", CLI_ALGOS, set_runs, "with --compare: timed runs per backend after one warm-up (default 5)"},
  {"--reference-limit", "N", CLI_ALGOS, set_reference_limit,
   "with --compare: refuse (exit 2, before running anything) when the CPU reference would visit "
   "more than N arcs, estimated from the input (default 20000000000, about a minute; 0 = no limit)"},
  {"--sweep", "KEY=V1,V2,...", CLI_ALGOS, set_sweep,
   "with --compare: a row per value of one --options key (e.g. threshold=32,128,512) for every "
   "backend that reads it (gnest-cli backends NAME), in one process; the others run once"},
  {"--quiet", NULL, ON_DEVICE, set_quiet,
   "no summary, no hints and no progress (errors and --json still print)"},
  {"--quiet", NULL, CLI_BIT(CMD_CONVERT), set_quiet, "no 'wrote' line and no progress (errors still print)"},
  {"--help", NULL, CLI_ALL, set_help, "this text"},
};
const int cli_flag_count = (int)(sizeof cli_flags / sizeof cli_flags[0]);

const char *cli_flag_help(const cli_flag *f, char *buf, size_t size) {
  if (f->help) return f->help;
  if (f->set == set_backend) return backend_help(buf, size);
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

/* The row of the flag for cmd; else any row of it (the flag exists but does not apply); NULL
 * for an unknown flag. */
static const cli_flag *find_flag(const char *name, size_t len, cli_cmd cmd) {
  const cli_flag *any = NULL;
  for (int i = 0; i < cli_flag_count; ++i) {
    if (strlen(cli_flags[i].name) != len || strncmp(cli_flags[i].name, name, len) != 0) continue;
    if (cli_flags[i].commands & CLI_BIT(cmd)) return &cli_flags[i];
    any = &cli_flags[i];
  }
  return any;
}

/* One flag at argv[*i] ("--name", "--name=value" or "--name value"); advances *i past its value. */
static int parse_flag(cli_args *a, int argc, char **argv, int *i) {
  const char *word = argv[*i], *eq = strchr(word, '=');
  const char *cmd = cli_commands[a->cmd].name;
  size_t len = eq ? (size_t)(eq - word) : strlen(word);
  const cli_flag *f = strcmp(word, "-h") == 0 ? find_flag("--help", 6, a->cmd) : find_flag(word, len, a->cmd);
  if (f == NULL)
    return cli_usage_error("%s: unknown flag '%.*s' (see gnest-cli %s --help)", cmd, (int)len, word, cmd);
  if (!(f->commands & CLI_BIT(a->cmd)))
    return cli_usage_error("%s: %s does not apply to this command (see gnest-cli %s --help)", cmd,
                           f->name, cmd);
  if (f->arg == NULL) {
    if (eq) return cli_usage_error("%s: takes no value", f->name);
    return f->set(a, f->name, NULL);
  }
  if (eq) return f->set(a, f->name, eq + 1);
  if (*i + 1 >= argc) return cli_usage_error("%s: missing argument %s", f->name, f->arg);
  *i += 1;
  return f->set(a, f->name, argv[*i]);
}

/* A command's operands: "FILE", "IN OUT", "[NAME]" (optional) or "" (none). */
static int operand_required(cli_cmd cmd) {
  const char *operands = cli_commands[cmd].operands;
  return operands[0] != '\0' && operands[0] != '[';
}

static int take_operand(cli_args *a, const char *word) {
  const char *cmd = cli_commands[a->cmd].name;
  if (a->input == NULL && cli_commands[a->cmd].operands[0]) a->input = word;
  else if (a->cmd == CMD_CONVERT && a->convert_out == NULL) a->convert_out = word;
  else return cli_usage_error("%s: unexpected argument '%s'", cmd, word);
  return CLI_EXIT_OK;
}

/* Combinations the table cannot express. */
static int check_combinations(cli_args *a) {
  const char *cmd = cli_commands[a->cmd].name;
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
  if (a->runs_given && !a->compare)
    return cli_usage_error("%s: --runs applies to --compare only (see gnest-cli %s --help)", cmd, cmd);
  if (a->reference_limit_given && !a->compare)
    return cli_usage_error("%s: --reference-limit applies to --compare only (see gnest-cli %s --help)",
                           cmd, cmd);
  if (a->sweep.count > 0 && !a->compare)
    return cli_usage_error("%s: --sweep applies to --compare only (see gnest-cli %s --help)", cmd, cmd);
  int bc_choices = a->source_given + (a->num_sources > 0) + (a->samples > 0);
  if (a->cmd == CMD_BC && bc_choices > 1)
    return cli_usage_error("bc: give only one of --source, --sources and --samples");
  if (a->seed_given && a->samples == 0) return cli_usage_error("bc: --seed applies to --samples only");
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

/* color, mst and tc take their input as undirected: symmetrized unless --no-symmetrize. */
static void resolve_symmetrize(cli_args *a) {
  int undirected = a->cmd == CMD_COLOR || a->cmd == CMD_MST || a->cmd == CMD_TC;
  a->load.symmetrize = a->symmetrize_flag >= 0 ? a->symmetrize_flag : undirected;
}

int cli_parse_args(int argc, char **argv, cli_args *a) {
  int cmd = 0;
  while (cmd < CMD_COUNT && strcmp(argv[1], cli_commands[cmd].name) != 0) ++cmd;
  if (cmd == CMD_COUNT) {
    memset(a, 0, sizeof *a);
    return cli_usage_error("unknown command '%s' (see gnest-cli --help)", argv[1]);
  }
  args_defaults(a, (cli_cmd)cmd);
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
