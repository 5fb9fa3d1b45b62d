/* gnest-cli: the --json form of the summary: one object with the same fields as the text. */
#include <stdio.h>

#include "cli.h"
#include "common/result.h"

static void json_input(cli_json *j, const cli_args *a, const cli_input *in) {
  cli_json_key(j, "input");
  cli_json_str(j, a->input);
  if (in->graph) {
    cli_json_key(j, "graph");
    cli_json_open(j, '{');
    cli_json_key(j, "n"); cli_json_i64(j, gnest_graph_num_vertices(in->graph));
    cli_json_key(j, "m"); cli_json_i64(j, gnest_graph_num_edges(in->graph));
    cli_json_key(j, "weighted"); cli_json_bool(j, gnest_graph_is_weighted(in->graph));
    cli_json_key(j, "symmetrized"); cli_json_bool(j, a->load.symmetrize);
    cli_json_close(j, '}');
  }
  if (in->tree) {
    cli_json_key(j, "tree");
    cli_json_open(j, '{');
    cli_json_key(j, "n"); cli_json_i64(j, gnest_tree_num_nodes(in->tree));
    cli_json_key(j, "root"); cli_json_i64(j, gnest_tree_root(in->tree));
    cli_json_close(j, '}');
  }
  cli_json_key(j, "load_ms"); cli_json_f64(j, in->load_ms);
  cli_json_key(j, "device"); cli_json_str(j, gnest_ctx_device_name(in->ctx));
  cli_json_key(j, "has_device"); cli_json_bool(j, gnest_ctx_has_device(in->ctx));
}

static void json_info(cli_json *j, const gnest_info *i) {
  cli_json_key(j, "backend"); cli_json_str(j, i->backend_name);
  cli_json_key(j, "reason"); cli_json_str(j, i->reason);
  cli_json_key(j, "time_ms"); cli_json_f64(j, i->time_ms);
  cli_json_key(j, "setup_ms"); cli_json_f64(j, i->setup_ms);
  cli_json_key(j, "call_ms"); cli_json_f64(j, i->call_ms);
  cli_json_key(j, "upload_ms"); cli_json_f64(j, i->upload_ms);
  cli_json_key(j, "upload_bytes"); cli_json_i64(j, i->upload_bytes);
  cli_json_key(j, "kernel_launches"); cli_json_i64(j, i->kernel_launches);
  cli_json_key(j, "device_launches"); cli_json_i64(j, i->device_launches);
  cli_json_key(j, "edges_visited"); cli_json_i64(j, i->edges_visited);
  cli_json_key(j, "iterations"); cli_json_i64(j, i->iterations);
  cli_json_key(j, "device_bytes"); cli_json_i64(j, i->device_bytes);
  cli_json_key(j, "grid_barriers"); cli_json_i64(j, i->grid_barriers);
  cli_json_key(j, "barriers_saved"); cli_json_i64(j, i->barriers_saved);
  cli_json_key(j, "method"); cli_json_str(j, i->method_name ? i->method_name : "?");
  cli_json_key(j, "backend_passes"); cli_json_i64(j, i->backend_passes);
  cli_json_key(j, "own_passes"); cli_json_i64(j, i->own_passes);
}

static void json_sources(cli_json *j, const cli_input *in, const cli_result *r) {
  static const char *modes[] = {"all", "list", "sample"};
  cli_json_key(j, "sources");
  cli_json_open(j, '{');
  cli_json_key(j, "mode"); cli_json_str(j, modes[in->bc.mode]);
  cli_json_key(j, "count"); cli_json_i64(j, in->bc.mode == GNEST_BC_ALL ? r->n : in->bc.count);
  if (in->bc.mode == GNEST_BC_SAMPLE) { cli_json_key(j, "seed"); cli_json_u64(j, in->bc.seed); }
  cli_json_close(j, '}');
}

static void json_top_scores(cli_json *j, const cli_result *r, const cli_digest *d) {
  cli_json_key(j, "top");
  cli_json_open(j, '[');
  for (int k = 0; k < d->top_count; ++k) {
    cli_json_open(j, '{');
    cli_json_key(j, "vertex"); cli_json_i64(j, r->ids ? r->ids[d->top[k]] : d->top[k]);
    cli_json_key(j, r->algo.value_name); cli_json_f64(j, r->out.values_f64[d->top[k]]);
    cli_json_close(j, '}');
  }
  cli_json_close(j, ']');
}

/* "max_" and the registry's name of the result ("max_level"). */
static void json_max_key(cli_json *j, const cli_result *r) {
  char key[64];
  snprintf(key, sizeof key, "max_%s", r->algo.value_name);
  cli_json_key(j, key);
}

/* The result's fields, by its kind, in the registry's words for it (value_name). */
static void json_result(cli_json *j, const cli_input *in, const cli_result *r) {
  cli_digest d;
  cli_digest_compute(r, &d);
  const gnest_result *o = &r->out;
  if (r->algo.sources == GNEST_SOURCES_SET) json_sources(j, in, r);
  switch (r->algo.result) {
    case GNEST_RESULT_LEVELS:
      cli_json_key(j, "reached"); cli_json_i64(j, d.reached);
      json_max_key(j, r); cli_json_i64(j, d.max_level);
      break;
    case GNEST_RESULT_DISTANCES:
      cli_json_key(j, "reached"); cli_json_i64(j, d.reached);
      json_max_key(j, r); cli_json_f64(j, d.max_dist);
      break;
    case GNEST_RESULT_SCORES: json_top_scores(j, r, &d); break;
    case GNEST_RESULT_COLORING:
      cli_json_key(j, r->algo.value_name); cli_json_i64(j, o->num_colors);
      break;
    case GNEST_RESULT_FOREST:
      cli_json_key(j, "total_weight"); cli_json_f64(j, o->total_weight);
      cli_json_key(j, "edges"); cli_json_i64(j, o->num_edges);
      cli_json_key(j, "components"); cli_json_i64(j, d.components);
      break;
    case GNEST_RESULT_COUNTS: cli_json_key(j, r->algo.value_name); cli_json_u64(j, o->total); break;
    case GNEST_RESULT_NODE_VALUES:
      json_max_key(j, r); cli_json_i64(j, d.max_value);
      cli_json_key(j, "max_node"); cli_json_i64(j, d.max_node);
      break;
    case GNEST_RESULT_COMPONENTS:
      cli_json_key(j, r->algo.value_name); cli_json_i64(j, o->num_components);
      cli_json_key(j, "largest_component"); cli_json_i64(j, d.largest);
      break;
  }
}

void cli_json_optional_outputs(cli_json *j, const cli_input *in, gnest_result_kind kind) {
  const char *name = gn_result_optional_name(kind);
  cli_json_key(j, "optional_outputs");
  if (!name) {
    cli_json_null(j);
    return;
  }
  cli_json_open(j, '{');
  cli_json_key(j, "name"); cli_json_str(j, name);
  cli_json_key(j, "computed"); cli_json_bool(j, in->optional_outputs);
  cli_json_close(j, '}');
}

void cli_summary_json_fields(cli_json *j, const cli_args *a, const cli_input *in,
                             const cli_result *r) {
  cli_json_key(j, "command"); cli_json_str(j, r->algo.name);
  json_input(j, a, in);
  json_info(j, &r->info);
  cli_json_optional_outputs(j, in, r->algo.result);
  if (r->algo.sources == GNEST_SOURCES_ONE) {
    cli_json_key(j, "source"); cli_json_i64(j, cli_vertex_id(in, in->source));
    cli_json_key(j, "source_rule"); cli_json_str(j, in->source_rule);
  }
  json_result(j, in, r);
  cli_json_key(j, "output");
  if (a->output) cli_json_str(j, a->output);
  else cli_json_null(j);
}

void cli_print_summary_json(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r) {
  cli_json j;
  cli_json_init(&j, f);
  cli_json_open(&j, '{');
  cli_summary_json_fields(&j, a, in, r);
  cli_json_close(&j, '}');
}
