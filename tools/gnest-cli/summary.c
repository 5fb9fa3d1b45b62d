/* gnest-cli: the human-readable summary of one run. */
#include <inttypes.h>
#include <string.h>

#include "cli.h"
#include "common/result.h"

const char *cli_bc_mode_text(const gnest_bc_sources *s, int32_t n, char *buf, size_t size) {
  switch (s->mode) {
    case GNEST_BC_LIST: snprintf(buf, size, "%" PRId32 " listed", s->count); break;
    case GNEST_BC_SAMPLE:
      snprintf(buf, size, "%" PRId32 " sampled (seed %" PRIu64 ")", s->count, s->seed);
      break;
    default: snprintf(buf, size, "all %" PRId32, n); break;
  }
  return buf;
}

const char *cli_format_ms(double ms, char *buf, size_t size) {
  if (ms >= 100) snprintf(buf, size, "%.1f", ms);
  else if (ms >= 1) snprintf(buf, size, "%.3f", ms);
  else snprintf(buf, size, "%.3g", ms); /* tiny inputs: keep three significant digits */
  return buf;
}

void cli_print_input_line(FILE *f, const cli_args *a, const cli_input *in) {
  char ms[32];
  cli_format_ms(in->load_ms, ms, sizeof ms);
  if (in->tree && !in->graph) {
    fprintf(f, "tree: %s  n=%" PRId32 " nodes  root %" PRId32 "  loaded in %s ms\n", a->input,
            gnest_tree_num_nodes(in->tree), gnest_tree_root(in->tree), ms);
    return;
  }
  const gnest_graph *g = in->graph;
  fprintf(f, "graph: %s  n=%" PRId32 "  m=%" PRId64 " arcs (%s%s%s)  loaded in %s ms\n", a->input,
          gnest_graph_num_vertices(g), gnest_graph_num_edges(g),
          gnest_graph_is_weighted(g) ? "weighted" : "unweighted",
          a->load.symmetrize ? ", symmetrized" : "", in->ids ? ", relabelled" : "", ms);
  if (in->tree)
    fprintf(f, "tree: rooted at %" PRId32 ", %" PRId32 " nodes\n", gnest_tree_root(in->tree),
            gnest_tree_num_nodes(in->tree));
}

/* The method line: the method that ran, and where its passes ran (gnest_info's split), so that
 * the backend line never takes the credit for the method's own kernels. */
static void print_method_line(FILE *f, const gnest_info *i) {
  const char *method = i->method_name ? i->method_name : "?";
  fprintf(f, "method: %s (", method);
  if (i->backend == GNEST_BACKEND_CPU)
    fputs("the host ran it: no backend pass, no kernel", f);
  else if (i->backend_passes == 0 && i->own_passes == 0)
    fputs("no pass: nothing to compute", f);
  else if (i->backend_passes == 0)
    fprintf(f, "no backend pass: the %s method's own kernels; own passes: %" PRId64, method,
            i->own_passes);
  else
    fprintf(f, "%" PRId64 " backend pass%s on %s; own passes: %" PRId64, i->backend_passes,
            i->backend_passes == 1 ? "" : "es", i->backend_name ? i->backend_name : "?",
            i->own_passes);
  fputs(")\n", f);
}

static void print_top_scores(FILE *f, const cli_result *r, const cli_digest *d) {
  fprintf(f, "top vertices by %s:", r->algo.value_name);
  for (int i = 0; i < d->top_count; ++i)
    fprintf(f, "%s %" PRId32 " (%.6g)", i ? "," : "", r->ids ? r->ids[d->top[i]] : d->top[i],
            r->out.values_f64[d->top[i]]);
  fputc('\n', f);
}

/* The result's lines, by its kind, in the registry's words for it (value_name). */
static void print_result_lines(FILE *f, const cli_input *in, const cli_result *r) {
  cli_digest d;
  cli_digest_compute(r, &d);
  const gnest_result *o = &r->out;
  const char *value = r->algo.value_name;
  char buf[96];
  if (r->algo.sources == GNEST_SOURCES_SET)
    fprintf(f, "sources: %s\n", cli_bc_mode_text(&in->bc, r->n, buf, sizeof buf));
  switch (r->algo.result) {
    case GNEST_RESULT_LEVELS:
      fprintf(f, "reached %" PRId64 " of %" PRId32 " vertices, max %s %" PRId32 "\n", d.reached,
              r->n, value, d.max_level);
      break;
    case GNEST_RESULT_DISTANCES:
      fprintf(f, "reached %" PRId64 " of %" PRId32 " vertices, max finite %s %s\n", d.reached,
              r->n, value, gn_result_number(buf, sizeof buf, d.max_dist));
      break;
    case GNEST_RESULT_SCORES: print_top_scores(f, r, &d); break;
    case GNEST_RESULT_COLORING: fprintf(f, "%s: %" PRId32 "\n", value, o->num_colors); break;
    case GNEST_RESULT_FOREST:
      fprintf(f, "%s: total weight %s, %" PRId64 " edges, %" PRId64 " components\n", value,
              gn_result_number(buf, sizeof buf, o->total_weight), o->num_edges, d.components);
      break;
    case GNEST_RESULT_COUNTS: fprintf(f, "%s: %" PRIu64 "\n", value, o->total); break;
    case GNEST_RESULT_NODE_VALUES:
      fprintf(f, "max %s %" PRId32 " (node %" PRId32 ")\n", value, d.max_value, d.max_node);
      break;
    case GNEST_RESULT_COMPONENTS:
      fprintf(f, "%s: %" PRId32 " (largest: %" PRId64 " vertices)\n", value, o->num_components,
              d.largest);
      break;
  }
}

const char *cli_optional_outputs_text(const cli_input *in, gnest_result_kind kind,
                                      const char *flags, char *buf, size_t size) {
  const char *name = gn_result_optional_name(kind);
  if (!name) return NULL;
  if (in->optional_outputs) snprintf(buf, size, "%s computed", name);
  else snprintf(buf, size, "%s not computed (%s computes them)", name, flags);
  return buf;
}

void cli_print_summary(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r) {
  const gnest_info *i = &r->info;
  cli_print_input_line(f, a, in);
  fprintf(f, "device: %s\n", gnest_ctx_device_name(in->ctx));
  fprintf(f, "backend: %s (%s)\n", i->backend_name ? i->backend_name : "?", i->reason);
  print_method_line(f, i);
  if (r->algo.sources == GNEST_SOURCES_ONE)
    fprintf(f, "%s: source %" PRId32 " (%s)\n", r->algo.name, cli_vertex_id(in, in->source),
            in->source_rule);
  char ms[32];
  fprintf(f, "time: %s ms  launches: %" PRId64 " host, %" PRId64 " device  edges visited: %" PRId64
             "  iterations: %" PRId32 "\n",
          cli_format_ms(i->time_ms, ms, sizeof ms), i->kernel_launches, i->device_launches,
          i->edges_visited, i->iterations);
  char setup[32], call[32], upload[96] = "";
  if (i->upload_bytes > 0 && i->upload_ms > 0)
    snprintf(upload, sizeof upload, ", of which the upload %.1f ms (%.2f GB, %.1f GB/s)",
             i->upload_ms, (double)i->upload_bytes / 1e9,
             (double)i->upload_bytes / 1e6 / i->upload_ms);
  if (i->setup_ms > 0 || i->call_ms > i->time_ms)
    fprintf(f, "setup: %s ms before the timed part (upload and first-use copies, kept for later "
               "calls%s)  call: %s ms in all\n",
            cli_format_ms(i->setup_ms, setup, sizeof setup), upload,
            cli_format_ms(i->call_ms, call, sizeof call));
  char optional[128];
  if (cli_optional_outputs_text(in, r->algo.result, "--output or --all-outputs", optional,
                                sizeof optional))
    fprintf(f, "optional outputs: %s\n", optional);
  if (i->device_bytes > 0) {
    const double arcs = in->graph ? (double)gnest_graph_num_edges(in->graph) : 0;
    fprintf(f, "device memory: %.1f MiB at most", (double)i->device_bytes / (1 << 20));
    if (arcs > 0) fprintf(f, " (%.1f bytes per arc)", (double)i->device_bytes / arcs);
    fputc('\n', f);
  }
  if (i->grid_barriers > 0 || i->barriers_saved > 0) {
    fprintf(f, "grid barriers: %" PRId64, i->grid_barriers);
    if (i->barriers_saved > 0)
      fprintf(f, " (%" PRId64 " fewer than one a level: levels run inside one CTA)",
              i->barriers_saved);
    fputc('\n', f);
  }
  print_result_lines(f, in, r);
}
