/* gnest-cli: context, loading of the input graph or tree, source resolution, error lines. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/backends.h"
#include "cli.h"
#include "common/paths.h"
#include "common/source.h"

double cli_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* 1 when the library's error source is something the user named: a file of the command line, or
 * an environment variable (GNEST_...). */
static int user_named(const cli_args *a, const char *source) {
  const char *files[] = {a->input, a->output, a->convert_out};
  if (strncmp(source, "GNEST_", 6) == 0) return 1;
  for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
    if (files[i] && *files[i] && strcmp(source, files[i]) == 0) return 1;
  }
  return 0;
}

/* Without a context (gnest_ctx_create failed) the detail is in the thread's record: ctx NULL. */
int cli_fail(const cli_args *a, const gnest_ctx *ctx, gnest_status st) {
  const gnest_error *e = gnest_last_error(ctx);
  const char *cmd = cli_command_of(a->cmd)->name;
  if (!e || e->status != st) fprintf(stderr, "gnest-cli: %s: %s\n", cmd, gnest_strerror(st));
  else if (user_named(a, e->source)) fprintf(stderr, "gnest-cli: %s\n", gnest_last_error_string(ctx));
  else fprintf(stderr, "gnest-cli: %s: %s\n", cmd, e->message);
  return CLI_EXIT_FAIL;
}

gnest_status cli_backend_check(const gnest_ctx *ctx, gnest_backend b, const char **why) {
  *why = "";
  if (!gn_backend_built(b)) {
    *why = gn_backend_kind_text(GN_KIND_PLANNED);
    return GNEST_ERR_BACKEND_UNAVAILABLE;
  }
  gnest_status st = gnest_backend_available(ctx, b);
  if (st == GNEST_ERR_NO_DEVICE) *why = "no CUDA device";
  else if (st != GNEST_OK) *why = gnest_strerror(st);
  return st;
}

int cli_is_tree_file(const char *path) { return gn_is_tree_path(path); }

int cli_open_context(const cli_args *a, int force_cpu, gnest_ctx **ctx) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.device = a->device;
  o.force_cpu = force_cpu;
  *ctx = NULL;
  gnest_status st = gnest_ctx_create(ctx, &o);
  if (st != GNEST_OK) {
    int rc = cli_fail(a, *ctx, st);
    if (*ctx) gnest_ctx_free(*ctx);
    *ctx = NULL;
    return rc;
  }
  return CLI_EXIT_OK;
}

const char *cli_no_device_why(const gnest_ctx *ctx, char *buf, size_t size) {
  /* The context names itself "CPU (no CUDA device: <why>)": keep the why. */
  const char *name = gnest_ctx_device_name(ctx), *prefix = "CPU (no CUDA device: ";
  size_t lp = strlen(prefix), ln = strlen(name);
  if (ln > lp && strncmp(name, prefix, lp) == 0 && name[ln - 1] == ')')
    snprintf(buf, size, "%.*s", (int)(ln - lp - 1), name + lp);
  else
    snprintf(buf, size, "%s", name);
  return buf;
}

/* Said once: the text output has its "device:" line, so only JSON output (on stdout, for
 * programs) gets the notice on stderr, for the person who runs it. */
void cli_cpu_notice(const cli_args *a, const gnest_ctx *ctx) {
  char why[512];
  if (a->quiet || !a->json || gnest_ctx_has_device(ctx)) return;
  fprintf(stderr, "running on the CPU: no CUDA device (%s)\n", cli_no_device_why(ctx, why, sizeof why));
}

/* The vertex of the file's id `id`: itself, or with --relabel its number (the ids are
 * increasing); -1 when the graph has no such vertex. */
static int32_t vertex_of(const cli_input *in, int32_t id) {
  const int32_t n = gnest_graph_num_vertices(in->graph);
  if (!in->ids) return id < n ? id : -1;
  int32_t lo = 0, hi = n;
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (in->ids[mid] < id) lo = mid + 1; else hi = mid;
  }
  return lo < n && in->ids[lo] == id ? lo : -1;
}

/* A vertex named on the command line that the graph does not have: a usage-like failure in the
 * command's words. */
static int no_such_vertex(const cli_args *a, const cli_input *in, const char *flag, int32_t id) {
  const char *cmd = cli_command_of(a->cmd)->name;
  const int32_t n = gnest_graph_num_vertices(in->graph);
  if (in->ids)
    fprintf(stderr, "gnest-cli: %s: %s %d: no arc of %s has this id (--relabel keeps the %d ids that appear)\n",
            cmd, flag, id, a->input, n);
  else
    fprintf(stderr, "gnest-cli: %s: %s %d is outside the graph: %s has %d vertices (0..%d)\n", cmd, flag,
            id, a->input, n, n - 1);
  return CLI_EXIT_FAIL;
}

/* --source / --sources / --samples / --root checked against the loaded input, in the command's
 * words (the library would name its own arguments). */
static int resolve_sources(const cli_args *a, cli_input *in) {
  memset(&in->bc, 0, sizeof in->bc);
  in->source_rule = "given";
  if (!in->graph) return CLI_EXIT_OK;
  in->source = a->source_given ? vertex_of(in, a->source) : gn_default_source(in->graph, NULL);
  if (!a->source_given) in->source_rule = "highest out-degree";
  if (a->source_given && in->source < 0) return no_such_vertex(a, in, "--source", a->source);
  if (a->algo.sources != GNEST_SOURCES_SET) return CLI_EXIT_OK;
  in->bc.mode = GNEST_BC_ALL;
  const int32_t n = gnest_graph_num_vertices(in->graph);
  if (a->samples > n) {
    fprintf(stderr, "gnest-cli: %s: --samples %d is more than the graph's %d vertices\n",
            a->algo.name, a->samples, n);
    return CLI_EXIT_FAIL;
  }
  if (a->samples > 0) {
    in->bc = (gnest_bc_sources){GNEST_BC_SAMPLE, NULL, a->samples, a->seed};
    return CLI_EXIT_OK;
  }
  const int32_t count = a->source_given ? 1 : a->num_sources;
  if (count == 0) return CLI_EXIT_OK;
  in->bc_list = malloc((size_t)count * sizeof *in->bc_list);
  if (!in->bc_list) return cli_fail(a, NULL, GNEST_ERR_OUT_OF_MEMORY);
  for (int32_t i = 0; i < count; ++i) {
    int32_t id = a->source_given ? a->source : a->sources[i];
    if ((in->bc_list[i] = vertex_of(in, id)) < 0)
      return no_such_vertex(a, in, a->source_given ? "--source" : "--sources", id);
  }
  in->bc = (gnest_bc_sources){GNEST_BC_LIST, in->bc_list, count, 0};
  return CLI_EXIT_OK;
}

/* Tree commands and stats --tree: a tree file, or a graph rooted at --root (default 0). */
static int load_tree(const cli_args *a, cli_input *in, const gnest_load_options *lo) {
  const char *cmd = cli_command_of(a->cmd)->name;
  gnest_status st;
  if (cli_is_tree_file(a->input)) {
    st = gnest_tree_load(in->ctx, a->input, &in->tree);
    return st == GNEST_OK ? CLI_EXIT_OK : cli_fail(a, in->ctx, st);
  }
  if ((st = gnest_graph_load(in->ctx, a->input, lo, &in->graph)) != GNEST_OK) return cli_fail(a, in->ctx, st);
  int32_t root = a->root_given ? a->root : 0, n = gnest_graph_num_vertices(in->graph);
  if (root >= n) {
    fprintf(stderr, "gnest-cli: %s: --root %d is outside the graph: %s has %d vertices (0..%d)\n", cmd,
            root, a->input, n, n - 1);
    return CLI_EXIT_FAIL;
  }
  st = gnest_tree_from_graph(in->ctx, in->graph, root, &in->tree);
  if (st == GNEST_ERR_NOT_A_TREE) {
    fprintf(stderr, "gnest-cli: %s: %s is not a tree rooted at %d (its edges taken as undirected): %s\n",
            cmd, a->input, root, gnest_last_error(in->ctx)->message);
    return CLI_EXIT_FAIL;
  }
  return st == GNEST_OK ? CLI_EXIT_OK : cli_fail(a, in->ctx, st);
}

/* A failed graph load. A vertex count refused by the default limit names the flags that lift
 * it, and a refused negative weight the algorithm that needs weights >= 0, in place of the
 * library's option names. */
static int load_failed(const cli_args *a, const cli_input *in, gnest_status st) {
  const gnest_error *e = gnest_last_error(in->ctx);
  const char *tail = st == GNEST_ERR_TOO_LARGE ? strstr(e->message, "; raise max_vertices") : NULL;
  if (tail) {
    fprintf(stderr, "gnest-cli: %s: %.*s; --max-vertices N loads it anyway, --relabel numbers only "
                    "the ids that appear\n", e->source, (int)(tail - e->message), e->message);
    return CLI_EXIT_FAIL;
  }
  tail = st == GNEST_ERR_INVALID_INPUT ? strstr(e->message, "; refuse_negative_weights") : NULL;
  if (!tail || e->line <= 0) return cli_fail(a, in->ctx, st);
  fprintf(stderr, "gnest-cli: %s:%lld: %.*s; %s needs weights >= 0\n", e->source,
          (long long)e->line, (int)(tail - e->message), e->message, a->algo.name);
  return CLI_EXIT_FAIL;
}

/* An undirected algorithm with --no-symmetrize: the file itself must hold every edge both ways. */
static int check_undirected(const cli_args *a, const cli_input *in) {
  if (!a->algo.undirected || a->load.symmetrize) return CLI_EXIT_OK;
  int symmetric = 0;
  gnest_status st = gnest_graph_is_symmetric(in->ctx, in->graph, &symmetric);
  if (st != GNEST_OK) return cli_fail(a, in->ctx, st);
  if (symmetric) return CLI_EXIT_OK;
  fprintf(stderr, "gnest-cli: %s: %s is not symmetric (an arc without its reverse of equal weight), and "
                  "%s needs an undirected graph: drop --no-symmetrize to add the reverse arcs while loading\n",
          a->algo.name, a->input, a->algo.name);
  return CLI_EXIT_FAIL;
}

/* A tree file given to a graph algorithm: say what it is and which commands read it (the
 * registry's tree algorithms, and stats). */
static int tree_file_for_graph(const cli_args *a) {
  char cmds[256] = "";
  size_t len = 0;
  for (int i = 0; i < (int)GNEST_ALGO_COUNT; ++i) {
    gnest_algorithm_desc d;
    if (gnest_algorithm_describe((gnest_algorithm)i, &d) != GNEST_OK || d.input != GNEST_INPUT_TREE) continue;
    len += (size_t)snprintf(cmds + len, len < sizeof cmds ? sizeof cmds - len : 0, "%s, ", d.name);
  }
  if (len >= 2 && len < sizeof cmds) cmds[len - 2] = '\0';
  fprintf(stderr, "gnest-cli: %s: %s is a tree file (a node count, then the parent ids), not a graph: "
                  "%s or stats read it\n", a->algo.name, a->input, cmds);
  return CLI_EXIT_FAIL;
}

int cli_load_input(const cli_args *a, cli_input *in) {
  int wants_tree = (cli_is_algorithm(a->cmd) && a->algo.input == GNEST_INPUT_TREE) ||
                   (a->cmd == CMD_STATS && (a->tree || a->root_given || cli_is_tree_file(a->input)));
  if (!wants_tree && cli_is_algorithm(a->cmd) && cli_is_tree_file(a->input)) return tree_file_for_graph(a);
  gnest_load_options lo = a->load;
  in->quiet = a->quiet;
  in->predecessors = a->predecessors;
  in->optional_outputs = a->output != NULL || a->all_outputs;
  char tool[64];
  snprintf(tool, sizeof tool, "gnest-cli %s", cli_command_of(a->cmd)->name);
  gn_progress_start(&in->progress, tool, a->quiet);
  lo.progress = gn_progress_load_callback;
  lo.progress_user = &in->progress;
  double t0 = cli_now_ms();
  int rc = CLI_EXIT_OK;
  if (wants_tree) {
    rc = load_tree(a, in, &lo);
  } else {
    gnest_status st = gnest_graph_load(in->ctx, a->input, &lo, &in->graph);
    if (st != GNEST_OK) rc = load_failed(a, in, st);
  }
  in->load_ms = cli_now_ms() - t0;
  gn_progress_finish(&in->progress);
  if (rc != CLI_EXIT_OK) return rc;
  if (in->graph) in->ids = gnest_graph_original_ids(in->graph);
  rc = check_undirected(a, in);
  return rc == CLI_EXIT_OK ? resolve_sources(a, in) : rc;
}

void cli_input_free(cli_input *in) {
  if (in->tree) gnest_tree_free(in->tree);
  if (in->graph) gnest_graph_free(in->graph);
  free(in->bc_list);
  if (in->ctx) gnest_ctx_free(in->ctx);
  memset(in, 0, sizeof *in);
}
