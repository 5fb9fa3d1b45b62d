/* gnest-cli stats: out-degree statistics of a graph, depth and per-level profile of a tree. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* --parts: a partition's parts, their vertices and out-arcs, and the arcs cut. */
typedef struct partition_data {
  int32_t parts;
  const char *method;
  int64_t *vertices, *arcs; /* per part */
  int64_t cut;
  double ms;                /* gnest_graph_partition's wall time */
} partition_data;

typedef struct stats_data {
  int have_graph, have_tree, symmetric;
  gnest_degree_stats g;
  gnest_tree_stats t;
  partition_data p;         /* parts 0: none asked */
} stats_data;

static const char *partition_word(gnest_partition_method m) {
  return m == GNEST_PARTITION_METIS ? "metis" : m == GNEST_PARTITION_RANDOM ? "random" : "ranges";
}

static gnest_status gather_partition(const cli_args *a, const cli_input *in, partition_data *p) {
  const int32_t n = gnest_graph_num_vertices(in->graph);
  p->parts = a->parts;
  p->method = partition_word(a->partition);
  int32_t *part = malloc((size_t)(n > 0 ? n : 1) * sizeof *part);
  p->vertices = calloc((size_t)a->parts, sizeof *p->vertices);
  p->arcs = calloc((size_t)a->parts, sizeof *p->arcs);
  if (!part || !p->vertices || !p->arcs) {
    free(part);
    return GNEST_ERR_OUT_OF_MEMORY;
  }
  const double t0 = cli_now_ms();
  gnest_status st = gnest_graph_partition(in->ctx, in->graph, a->parts, a->partition, part, &p->cut);
  p->ms = cli_now_ms() - t0;
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(in->graph, &off, &col, &w);
  for (int32_t v = 0; st == GNEST_OK && v < n; ++v) {
    p->vertices[part[v]]++;
    p->arcs[part[v]] += off[v + 1] - off[v];
  }
  free(part);
  return st;
}

static void partition_free(partition_data *p) {
  free(p->vertices);
  free(p->arcs);
}

/* The largest entry over the mean (1: perfectly even). */
static double max_over_mean(const int64_t *v, int32_t count) {
  int64_t max = 0, sum = 0;
  for (int32_t i = 0; i < count; ++i) {
    sum += v[i];
    if (v[i] > max) max = v[i];
  }
  return sum > 0 ? (double)max * count / (double)sum : 1.0;
}

static gnest_status gather(const cli_args *a, const cli_input *in, stats_data *s) {
  memset(s, 0, sizeof *s);
  gnest_status st = GNEST_OK;
  if (in->graph) {
    s->have_graph = 1;
    st = gnest_graph_stats(in->ctx, in->graph, &s->g);
    if (st == GNEST_OK) st = gnest_graph_is_symmetric(in->ctx, in->graph, &s->symmetric);
    if (st == GNEST_OK && a->parts > 0) st = gather_partition(a, in, &s->p);
  }
  if (st == GNEST_OK && in->tree) {
    s->have_tree = 1;
    st = gnest_tree_stats_get(in->ctx, in->tree, &s->t);
  }
  return st;
}

static void print_graph_stats(FILE *f, const cli_input *in, const stats_data *s) {
  const gnest_degree_stats *g = &s->g;
  fprintf(f, "vertices: %" PRId64 "\narcs: %" PRId64 " (%s, %s)\n", g->n, g->m,
          gnest_graph_is_weighted(in->graph) ? "weighted" : "unweighted",
          s->symmetric ? "symmetric" : "not symmetric");
  fprintf(f, "out-degree: mean %.4g, max %" PRId64 ", stddev %.4g, cv %.4g\n", g->mean, g->max,
          g->stddev, g->cv);
  fprintf(f, "degree > 32: %.4g%% of vertices, %.4g%% of arcs\n", 100 * g->vertices_above_32,
          100 * g->edges_above_32);
  fprintf(f, "degree > 1024: %.4g%% of vertices, %.4g%% of arcs\n", 100 * g->vertices_above_1024,
          100 * g->edges_above_1024);
  fprintf(f, "self-loops: %" PRId64 "\nisolated (no out-arc): %" PRId64 "\n", g->self_loops, g->isolated);
  const partition_data *p = &s->p;
  if (p->parts == 0) return;
  char ms[32];
  fprintf(f, "partition: %" PRId32 " parts (%s, %s ms): arcs cut %" PRId64 " (%.4g%% of arcs); "
             "largest part over the mean: vertices %.4g, out-arcs %.4g\n",
          p->parts, p->method, cli_format_ms(p->ms, ms, sizeof ms), p->cut,
          g->m > 0 ? 100.0 * (double)p->cut / (double)g->m : 0.0,
          max_over_mean(p->vertices, p->parts), max_over_mean(p->arcs, p->parts));
  fprintf(f, "%8s %14s %16s\n", "part", "vertices", "out-arcs");
  for (int32_t i = 0; i < p->parts; ++i)
    fprintf(f, "%8" PRId32 " %14" PRId64 " %16" PRId64 "\n", i, p->vertices[i], p->arcs[i]);
}

static void print_tree_stats(FILE *f, const gnest_tree_stats *t) {
  fprintf(f, "tree: %" PRId32 " nodes, root %" PRId32 ", depth %" PRId32 ", %" PRId32
             " leaves, max out-degree %" PRId32 "\n",
          t->n, t->root, t->depth, t->leaves, t->max_out_degree);
  fprintf(f, "%8s %12s %12s %14s\n", "level", "nodes", "children", "max out-deg");
  for (int32_t l = 0; l < t->depth; ++l)
    fprintf(f, "%8" PRId32 " %12" PRId64 " %12" PRId64 " %14" PRId32 "\n", l + 1, t->nodes_per_level[l],
            t->children_per_level[l], t->max_degree_per_level[l]);
}

static void json_i64_array(cli_json *j, const char *key, const int64_t *v, int32_t n) {
  cli_json_key(j, key);
  cli_json_open(j, '[');
  for (int32_t i = 0; i < n; ++i) cli_json_i64(j, v[i]);
  cli_json_close(j, ']');
}

static void json_graph_stats(cli_json *j, const cli_input *in, const stats_data *s) {
  const gnest_degree_stats *g = &s->g;
  cli_json_key(j, "graph");
  cli_json_open(j, '{');
  cli_json_key(j, "n"); cli_json_i64(j, g->n);
  cli_json_key(j, "m"); cli_json_i64(j, g->m);
  cli_json_key(j, "weighted"); cli_json_bool(j, gnest_graph_is_weighted(in->graph));
  cli_json_key(j, "symmetric"); cli_json_bool(j, s->symmetric);
  cli_json_key(j, "mean_degree"); cli_json_f64(j, g->mean);
  cli_json_key(j, "max_degree"); cli_json_i64(j, g->max);
  cli_json_key(j, "stddev"); cli_json_f64(j, g->stddev);
  cli_json_key(j, "cv"); cli_json_f64(j, g->cv);
  cli_json_key(j, "vertices_above_32"); cli_json_f64(j, g->vertices_above_32);
  cli_json_key(j, "edges_above_32"); cli_json_f64(j, g->edges_above_32);
  cli_json_key(j, "vertices_above_1024"); cli_json_f64(j, g->vertices_above_1024);
  cli_json_key(j, "edges_above_1024"); cli_json_f64(j, g->edges_above_1024);
  cli_json_key(j, "self_loops"); cli_json_i64(j, g->self_loops);
  cli_json_key(j, "isolated"); cli_json_i64(j, g->isolated);
  cli_json_close(j, '}');
}

static void json_partition(cli_json *j, const partition_data *p) {
  if (p->parts == 0) return;
  cli_json_key(j, "partition");
  cli_json_open(j, '{');
  cli_json_key(j, "parts"); cli_json_i64(j, p->parts);
  cli_json_key(j, "method"); cli_json_str(j, p->method);
  cli_json_key(j, "ms"); cli_json_f64(j, p->ms);
  cli_json_key(j, "arcs_cut"); cli_json_i64(j, p->cut);
  json_i64_array(j, "vertices", p->vertices, p->parts);
  json_i64_array(j, "out_arcs", p->arcs, p->parts);
  cli_json_close(j, '}');
}

static void json_tree_stats(cli_json *j, const gnest_tree_stats *t) {
  cli_json_key(j, "tree");
  cli_json_open(j, '{');
  cli_json_key(j, "n"); cli_json_i64(j, t->n);
  cli_json_key(j, "root"); cli_json_i64(j, t->root);
  cli_json_key(j, "depth"); cli_json_i64(j, t->depth);
  cli_json_key(j, "leaves"); cli_json_i64(j, t->leaves);
  cli_json_key(j, "max_out_degree"); cli_json_i64(j, t->max_out_degree);
  json_i64_array(j, "nodes_per_level", t->nodes_per_level, t->depth);
  json_i64_array(j, "children_per_level", t->children_per_level, t->depth);
  cli_json_key(j, "max_degree_per_level");
  cli_json_open(j, '[');
  for (int32_t l = 0; l < t->depth; ++l) cli_json_i64(j, t->max_degree_per_level[l]);
  cli_json_close(j, ']');
  cli_json_close(j, '}');
}

static void print_stats_json(FILE *f, const cli_args *a, const cli_input *in, const stats_data *s) {
  cli_json j;
  cli_json_init(&j, f);
  cli_json_open(&j, '{');
  cli_json_key(&j, "command"); cli_json_str(&j, "stats");
  cli_json_key(&j, "input"); cli_json_str(&j, a->input);
  cli_json_key(&j, "load_ms"); cli_json_f64(&j, in->load_ms);
  cli_json_key(&j, "device"); cli_json_str(&j, gnest_ctx_device_name(in->ctx));
  if (s->have_graph) json_graph_stats(&j, in, s);
  if (s->have_graph) json_partition(&j, &s->p);
  if (s->have_tree) json_tree_stats(&j, &s->t);
  cli_json_close(&j, '}');
}

static void print_stats(FILE *f, const cli_args *a, const cli_input *in, const stats_data *s) {
  char ms[32];
  fprintf(f, "%s: %s  loaded in %s ms\n", s->have_graph ? "graph" : "tree file", a->input,
          cli_format_ms(in->load_ms, ms, sizeof ms));
  fprintf(f, "device: %s\n", gnest_ctx_device_name(in->ctx));
  if (s->have_graph) print_graph_stats(f, in, s);
  if (s->have_tree) print_tree_stats(f, &s->t);
}

int cli_cmd_stats(const cli_args *a) {
  cli_input in;
  memset(&in, 0, sizeof in);
  int rc = cli_open_context(a, 0, &in.ctx);
  if (rc == CLI_EXIT_OK) rc = cli_load_input(a, &in);
  stats_data s;
  memset(&s, 0, sizeof s);
  if (rc == CLI_EXIT_OK) {
    gnest_status st = gather(a, &in, &s);
    if (st != GNEST_OK) rc = cli_fail(a, in.ctx, st);
  }
  if (rc == CLI_EXIT_OK) {
    cli_cpu_notice(a, in.ctx);
    if (a->json) print_stats_json(stdout, a, &in, &s);
    else if (!a->quiet) print_stats(stdout, a, &in, &s);
  }
  partition_free(&s.p);
  cli_input_free(&in);
  return rc;
}
