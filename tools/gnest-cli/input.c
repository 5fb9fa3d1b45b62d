/* gnest-cli: context, loading of the input graph or tree, source resolution, error lines. */
#include <string.h>
#include <time.h>

#include "backends.h"
#include "cli.h"
#include "paths.h"
#include "source.h"

double cli_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Without a context (gnest_ctx_create failed) the detail is in the thread's record: ctx NULL. */
int cli_fail(const gnest_ctx *ctx, gnest_status st) {
  const gnest_error *e = gnest_last_error(ctx);
  if (e && e->status == st) fprintf(stderr, "gnest-cli: %s\n", gnest_last_error_string(ctx));
  else fprintf(stderr, "gnest-cli: %s\n", gnest_strerror(st));
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
    int rc = cli_fail(*ctx, st);
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

static void resolve_sources(const cli_args *a, cli_input *in) {
  memset(&in->bc, 0, sizeof in->bc);
  in->source = a->source;
  in->source_rule = "given";
  if (!a->source_given && in->graph) {
    in->source = gn_default_source(in->graph, NULL);
    in->source_rule = "highest out-degree";
  }
  if (a->cmd != CMD_BC) return;
  in->bc.mode = GNEST_BC_ALL;
  if (a->source_given) {
    in->bc.mode = GNEST_BC_LIST;
    in->bc.list = &a->source;
    in->bc.count = 1;
  } else if (a->num_sources > 0) {
    in->bc.mode = GNEST_BC_LIST;
    in->bc.list = a->sources;
    in->bc.count = a->num_sources;
  } else if (a->samples > 0) {
    in->bc.mode = GNEST_BC_SAMPLE;
    in->bc.count = a->samples;
    in->bc.seed = a->seed;
  }
}

/* Tree commands and stats --tree: a tree file, or a graph rooted at --root (default 0). */
static gnest_status load_tree(const cli_args *a, cli_input *in) {
  if (cli_is_tree_file(a->input)) return gnest_tree_load(in->ctx, a->input, &in->tree);
  gnest_status st = gnest_graph_load(in->ctx, a->input, &a->load, &in->graph);
  if (st != GNEST_OK) return st;
  return gnest_tree_from_graph(in->ctx, in->graph, a->root_given ? a->root : 0, &in->tree);
}

int cli_load_input(const cli_args *a, cli_input *in) {
  int wants_tree = (CLI_BIT(a->cmd) & CLI_TREE_ALGOS) ||
                   (a->cmd == CMD_STATS && (a->tree || a->root_given || cli_is_tree_file(a->input)));
  double t0 = cli_now_ms();
  gnest_status st = wants_tree ? load_tree(a, in) : gnest_graph_load(in->ctx, a->input, &a->load, &in->graph);
  in->load_ms = cli_now_ms() - t0;
  if (st != GNEST_OK) return cli_fail(in->ctx, st);
  resolve_sources(a, in);
  return CLI_EXIT_OK;
}

void cli_input_free(cli_input *in) {
  if (in->tree) gnest_tree_free(in->tree);
  if (in->graph) gnest_graph_free(in->graph);
  if (in->ctx) gnest_ctx_free(in->ctx);
  memset(in, 0, sizeof *in);
}
