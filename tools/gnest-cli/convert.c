/* gnest-cli convert IN OUT: OUT's name picks the format (.gnest binary cache, .mtx Matrix Market,
 * anything else an edge list; .tree for a tree file read from a .tree input). Written as every gnest
 * output is (gnest_output_open in gnest.h): a failure leaves no partial OUT. */
#include <inttypes.h>
#include <string.h>

#include "cli.h"
#include "common/paths.h"

typedef enum out_kind { OUT_BINARY, OUT_MTX, OUT_EDGELIST, OUT_TREE } out_kind;

static const char *kind_name(out_kind k) {
  static const char *names[] = {"binary CSR cache", "Matrix Market", "edge list", "tree file"};
  return names[k];
}

/* Usage errors for outputs gnest cannot write. */
static int pick_kind(const cli_args *a, out_kind *k) {
  const char *out = a->convert_out;
  if (gn_has_suffix(out, ".gz") || gn_has_suffix(out, ".xz"))
    return cli_usage_error("convert: %s: compressed output is not written (compress it afterwards)", out);
  if (gn_has_suffix(out, ".gr"))
    return cli_usage_error("convert: %s: DIMACS is not written; use .gnest, .mtx or an edge list", out);
  int tree_in = cli_is_tree_file(a->input), tree_out = gn_has_suffix(out, ".tree");
  if (tree_in != tree_out)
    return cli_usage_error("convert: a tree file converts only to a tree file (.tree), and a graph to a graph");
  *k = tree_out ? OUT_TREE : gn_has_suffix(out, ".gnest") ? OUT_BINARY : gn_has_suffix(out, ".mtx") ? OUT_MTX : OUT_EDGELIST;
  return CLI_EXIT_OK;
}

static gnest_status write_graph(gnest_ctx *ctx, const gnest_graph *g, out_kind k, const char *path) {
  const gnest_format format = k == OUT_BINARY ? GNEST_FORMAT_BINARY
                              : k == OUT_MTX  ? GNEST_FORMAT_MTX
                                              : GNEST_FORMAT_EDGELIST;
  return gnest_graph_write(ctx, g, path, format);
}

/* Loads IN and writes it to OUT. */
static gnest_status convert_to(const cli_args *a, gnest_ctx *ctx, out_kind k,
                               char *what, size_t what_size) {
  gnest_status st;
  if (k == OUT_TREE) {
    gnest_tree *t = NULL;
    st = gnest_tree_load(ctx, a->input, &t);
    if (st == GNEST_OK) st = gnest_tree_save(ctx, t, a->convert_out);
    if (st == GNEST_OK) snprintf(what, what_size, "%" PRId32 " nodes", gnest_tree_num_nodes(t));
    if (t) gnest_tree_free(t);
    return st;
  }
  gnest_graph *g = NULL;
  gn_progress_line line; /* loading a large IN shows its progress on a terminal */
  gn_progress_start(&line, "gnest-cli convert", a->quiet);
  gnest_load_options lo = a->load;
  lo.progress = gn_progress_load_callback;
  lo.progress_user = &line;
  st = gnest_graph_load(ctx, a->input, &lo, &g);
  gn_progress_finish(&line);
  if (st == GNEST_OK) st = write_graph(ctx, g, k, a->convert_out);
  if (st == GNEST_OK)
    snprintf(what, what_size, "%" PRId32 " vertices, %" PRId64 " arcs", gnest_graph_num_vertices(g),
             gnest_graph_num_edges(g));
  if (g) gnest_graph_free(g);
  return st;
}

int cli_cmd_convert(const cli_args *a) {
  out_kind k = OUT_EDGELIST;
  int rc = pick_kind(a, &k);
  if (rc != CLI_EXIT_OK) return rc;
  gnest_ctx *ctx = NULL;
  if ((rc = cli_open_context(a, 1, &ctx)) != CLI_EXIT_OK) return rc;
  char what[128] = "";
  gnest_status st = convert_to(a, ctx, k, what, sizeof what);
  if (st != GNEST_OK) rc = cli_fail(a, ctx, st);
  else if (!a->quiet && strcmp(a->convert_out, "-") != 0) /* stdout holds the data */
    printf("wrote %s (%s): %s\n", a->convert_out, kind_name(k), what);
  gnest_ctx_free(ctx);
  return rc;
}
