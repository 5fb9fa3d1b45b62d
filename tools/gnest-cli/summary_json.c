/* gnest-cli: the --json form of the summary: one object with the same fields as the text. */
#include "cli.h"

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

static void json_bc(cli_json *j, const cli_input *in, const cli_result *r, const cli_digest *d) {
  static const char *modes[] = {"all", "list", "sample"};
  cli_json_key(j, "sources");
  cli_json_open(j, '{');
  cli_json_key(j, "mode"); cli_json_str(j, modes[in->bc.mode]);
  cli_json_key(j, "count"); cli_json_i64(j, in->bc.mode == GNEST_BC_ALL ? r->n : in->bc.count);
  if (in->bc.mode == GNEST_BC_SAMPLE) { cli_json_key(j, "seed"); cli_json_u64(j, in->bc.seed); }
  cli_json_close(j, '}');
  cli_json_key(j, "top");
  cli_json_open(j, '[');
  for (int k = 0; k < d->top_count; ++k) {
    cli_json_open(j, '{');
    cli_json_key(j, "vertex"); cli_json_i64(j, r->ids ? r->ids[d->top[k]] : d->top[k]);
    cli_json_key(j, "bc"); cli_json_f64(j, r->bc[d->top[k]]);
    cli_json_close(j, '}');
  }
  cli_json_close(j, ']');
}

static void json_algorithm(cli_json *j, const cli_input *in, const cli_result *r) {
  cli_digest d;
  cli_digest_compute(r, &d);
  switch (r->cmd) {
    case CMD_BFS:
      cli_json_key(j, "reached"); cli_json_i64(j, d.reached);
      cli_json_key(j, "max_level"); cli_json_i64(j, d.max_level);
      break;
    case CMD_SSSP:
      cli_json_key(j, "reached"); cli_json_i64(j, d.reached);
      cli_json_key(j, "max_distance"); cli_json_f64(j, d.max_dist);
      break;
    case CMD_BC: json_bc(j, in, r, &d); break;
    case CMD_COLOR: cli_json_key(j, "colors"); cli_json_i64(j, r->num_colors); break;
    case CMD_MST:
      cli_json_key(j, "total_weight"); cli_json_f64(j, r->mst_weight);
      cli_json_key(j, "edges"); cli_json_i64(j, r->mst_edges);
      cli_json_key(j, "components"); cli_json_i64(j, d.components);
      break;
    case CMD_TC: cli_json_key(j, "triangles"); cli_json_u64(j, r->tc_total); break;
    case CMD_TREE_DESCENDANTS:
    case CMD_TREE_HEIGHTS:
      cli_json_key(j, r->cmd == CMD_TREE_HEIGHTS ? "max_height" : "max_descendants");
      cli_json_i64(j, d.max_value);
      cli_json_key(j, "max_node"); cli_json_i64(j, d.max_node);
      break;
    default: break;
  }
}

void cli_print_summary_json(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r) {
  cli_json j;
  cli_json_init(&j, f);
  cli_json_open(&j, '{');
  cli_json_key(&j, "command"); cli_json_str(&j, cli_commands[r->cmd].name);
  json_input(&j, a, in);
  json_info(&j, &r->info);
  if (r->cmd == CMD_BFS || r->cmd == CMD_SSSP) {
    cli_json_key(&j, "source"); cli_json_i64(&j, cli_vertex_id(in, in->source));
    cli_json_key(&j, "source_rule"); cli_json_str(&j, in->source_rule);
  }
  json_algorithm(&j, in, r);
  cli_json_key(&j, "output");
  if (a->output) cli_json_str(&j, a->output);
  else cli_json_null(&j);
  cli_json_close(&j, '}');
}
