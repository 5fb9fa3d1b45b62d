/* What the planning backends report and keep, on a device (the GPU matrix, test_gpu_algos, checks
 * their results on every family): the static level scheduler's grid barriers against flat's one
 * a level, its plan cached on the tree and rebuilt for another block size, its refusal of
 * algorithms without a fixed level schedule; Free Launch's mode in gnest_info.reason (the rule's
 * or the caller's) and the barriers each mode costs. Every result is compared with the cpu
 * backend. Without a CUDA device every test skips with the context's device text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "common/gen.h"
#include "algos/registry.h"    /* gn_algo_traits_of */
#include "core/device_api.h" /* gn_device_graph_row_census, gn_graph_upload_with_shape */
#include "sched/run.h"       /* gn_select_backend */
#include "gnest.h"

static gnest_tree *chain(gnest_ctx *ctx, int32_t n) {
  int32_t *parent;
  cr_assert_eq(gn_gen_chain(n, &parent), GNEST_OK);
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, parent, &t), GNEST_OK);
  free(parent);
  return t;
}

/* Heights with o, compared with the cpu's; the run's info into *info. */
static void heights_agree(gnest_ctx *ctx, const gnest_tree *t, const gnest_options *o,
                          gnest_info *info, const char *what) {
  const int32_t n = gnest_tree_num_nodes(t);
  int32_t *ref = malloc((size_t)n * sizeof *ref), *got = malloc((size_t)n * sizeof *got);
  cr_assert(ref && got);
  const gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_tree_heights(ctx, t, ref, &cpu, NULL), GNEST_OK);
  memset(got, 0x5b, (size_t)n * sizeof *got);
  cr_assert_eq(gnest_tree_heights(ctx, t, got, o, info), GNEST_OK, "%s: %s", what,
               gnest_last_error_string(ctx));
  for (int32_t v = 0; v < n; v++)
    if (got[v] != ref[v]) cr_assert_fail("%s: node %d: got %d, cpu %d", what, v, got[v], ref[v]);
  free(ref);
  free(got);
}

/* The graph of generated edges (freed). */
static gnest_graph *graph_of_edges(gnest_ctx *ctx, gn_gen_edges *e) {
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, e->n, e->m, e->src, e->dst, NULL, NULL, &g), GNEST_OK);
  gn_gen_edges_free(e);
  return g;
}

/* A path of n vertices, linked both ways. */
static gnest_graph *path_graph(gnest_ctx *ctx, int32_t n) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_path(n, &e), GNEST_OK);
  return graph_of_edges(ctx, &e);
}

/* The row census the backends size their queues and pick their modes from is counted on the
 * device when the graph is there: the same numbers as the host's count, at thresholds that
 * take none, some and all rows and at chunks of one, a power of two and an odd size. */
Test(gpu_sched, device_row_census_equals_the_hosts) {
  gnest_ctx *ctx = bm_device_ctx();
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(14, 16, 3, &e), GNEST_OK);
  gnest_graph *g = graph_of_edges(ctx, &e);
  const int32_t thresholds[] = {0, 32, 1000, 1 << 30}, chunks[] = {1, 256, 100, 0};
  for (size_t t = 0; t < sizeof thresholds / sizeof thresholds[0]; t++) {
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
      gn_row_census host, dev;
      gn_row_census_count(g->csr.offsets, g->csr.n, thresholds[t], chunks[c], &host);
      memset(&dev, 0x5a, sizeof dev);
      cr_assert_eq(gn_device_graph_row_census(ctx, g, thresholds[t], chunks[c], &dev), GNEST_OK,
                   "%s", gnest_last_error_string(ctx));
      cr_assert_eq(dev.known, 1);
      cr_assert_eq(dev.rank_known, 0);
      cr_assert_eq(dev.threshold, host.threshold);
      cr_assert_eq(dev.chunk, host.chunk);
      cr_assert_eq(dev.rows, host.rows);
      cr_assert_eq(dev.rows_above, host.rows_above, "threshold %d", thresholds[t]);
      cr_assert_eq(dev.arcs_above, host.arcs_above, "threshold %d", thresholds[t]);
      cr_assert_eq(dev.arcs_above_sq, host.arcs_above_sq, "threshold %d", thresholds[t]);
      cr_assert_eq(dev.max_row, host.max_row);
      cr_assert_eq(dev.chunks_above, host.chunks_above, "threshold %d chunk %d", thresholds[t],
                   chunks[c]);
    }
  }
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

typedef struct shape_seen {
  int calls;
  gnest_degree_stats stats;
} shape_seen;

static void shape_ready(void *arg, const gnest_degree_stats *stats) {
  shape_seen *seen = arg;
  seen->calls++;
  seen->stats = *stats;
}

/* A graph's first long upload hands the selector the degree statistics read from the offsets
 * while the columns go up (sched/run.c): every field but the self-loops equal to the whole pass's
 * (to the bit), the same choice and reason for every graph algorithm, and nothing handed once the
 * graph is on the device. RMAT with self-loops and isolated vertices, and a path. */
Test(gpu_sched, statistics_during_the_upload_equal_the_whole_pass) {
  gnest_ctx *ctx = bm_device_ctx();
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(15, 24, 5, &e), GNEST_OK);
  gnest_graph *graphs[] = {graph_of_edges(ctx, &e), path_graph(ctx, 1000)};
  for (size_t k = 0; k < sizeof graphs / sizeof graphs[0]; k++) {
    gnest_graph *g = graphs[k];
    shape_seen seen = {0, {0}};
    cr_assert_eq(gn_graph_upload_with_shape(ctx, g, shape_ready, &seen), GNEST_OK, "%s",
                 gnest_last_error_string(ctx));
    cr_assert_eq(seen.calls, 1, "graph %zu: ready ran %d times", k, seen.calls);
    cr_assert_eq(gn_graph_upload_with_shape(ctx, g, shape_ready, &seen), GNEST_OK);
    cr_assert_eq(seen.calls, 1, "graph %zu: ready ran again with the graph on the device", k);
    gnest_degree_stats whole, shape = seen.stats;
    cr_assert_eq(gnest_graph_stats(ctx, g, &whole), GNEST_OK);
    cr_assert_eq(shape.self_loops, -1);
    if (k == 0) cr_assert_gt(whole.self_loops, 0, "the RMAT has no self-loop to leave out");
    shape.self_loops = whole.self_loops;
    cr_assert(memcmp(&shape, &whole, sizeof shape) == 0, "graph %zu: statistics differ", k);
    for (int a = 0; a < (int)GNEST_ALGO_COUNT; a++) {
      const gn_algo_traits *traits = gn_algo_traits_of((gnest_algorithm)a);
      if (traits->input != GNEST_INPUT_GRAPH) continue;
      char why_shape[512], why_whole[512];
      const gnest_backend b_shape =
          gn_select_backend(ctx, traits, &seen.stats, NULL, why_shape, sizeof why_shape);
      const gnest_backend b_whole =
          gn_select_backend(ctx, traits, &whole, NULL, why_whole, sizeof why_whole);
      cr_assert_eq(b_shape, b_whole, "%s on graph %zu", traits->name, k);
      cr_assert_str_eq(why_shape, why_whole, "%s on graph %zu", traits->name, k);
    }
    gnest_graph_free(g);
  }
  gnest_ctx_free(ctx);
}

/* A 5,000-node chain: flat syncs the grid after each of its 5,000 levels; the level scheduler
 * runs the deepest 1,024 nodes as one batch and the rest in one CTA: one barrier. Both by the
 * level schedule (tree_method=levels): auto would take the Euler tour on so deep a tree, and the
 * tour runs no backend loop (no grid barrier on either backend). */
Test(gpu_sched, level_scheduler_saves_the_chains_barriers) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_tree *t = chain(ctx, 5000);
  gnest_info info;
  const gnest_options flat = bm_backend_options(GNEST_BACKEND_FLAT, "tree_method=levels");
  heights_agree(ctx, t, &flat, &info, "flat");
  cr_assert_eq(info.grid_barriers, 5000);
  cr_assert_eq(info.barriers_saved, 0);
  const gnest_options ls = bm_backend_options(GNEST_BACKEND_LEVELSCHED, "tree_method=levels");
  for (int run = 0; run < 2; run++) { /* the second run finds the plan cached on the tree */
    heights_agree(ctx, t, &ls, &info, "levelsched");
    cr_assert_eq(info.grid_barriers, 1, "run %d", run);
    cr_assert_eq(info.barriers_saved, 4999, "run %d", run);
    cr_assert_str_eq(info.backend_name, "levelsched");
  }
  /* Another block size: the plan is rebuilt (batches of 128 nodes), then the default again. */
  const gnest_options small =
      bm_backend_options(GNEST_BACKEND_LEVELSCHED, "block_size=32 tree_method=levels");
  heights_agree(ctx, t, &small, &info, "levelsched block_size=32");
  cr_assert_eq(info.grid_barriers, 1);
  heights_agree(ctx, t, &ls, &info, "levelsched after block_size=32");
  cr_assert_eq(info.grid_barriers, 1);
  /* The tour on the same backend: no grid barrier, none saved, its method in the reason. */
  const gnest_options tour = bm_backend_options(GNEST_BACKEND_LEVELSCHED, "tree_method=euler");
  heights_agree(ctx, t, &tour, &info, "levelsched tree_method=euler");
  cr_assert_eq(info.grid_barriers, 0);
  cr_assert_eq(info.barriers_saved, 0);
  cr_assert_not_null(strstr(info.reason, "method: euler tour"), "%s", info.reason);
  gnest_tree_free(t);
  gnest_ctx_free(ctx);
}

/* BC's backward pass on a path: every level one vertex wide, all in one CTA; the forward
 * frontier is flat's: one one-CTA stretch by default (cta_levels), a barrier a level with
 * cta_levels=off. */
Test(gpu_sched, level_scheduler_runs_bcs_backward_pass_in_one_cta) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = path_graph(ctx, 3000);
  const int32_t source = 0;
  const gnest_bc_sources one = {GNEST_BC_LIST, &source, 1, 0};
  double *ref = malloc(3000 * sizeof *ref), *got = malloc(3000 * sizeof *got);
  const gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_bc(ctx, g, &one, ref, &cpu, NULL), GNEST_OK);
  const char *words[] = {"tree_method=levels cta_levels=off", "tree_method=levels"};
  for (int k = 0; k < 2; k++) {
    const gnest_options ls = bm_backend_options(GNEST_BACKEND_LEVELSCHED, words[k]);
    gnest_info info;
    memset(got, 0, 3000 * sizeof *got);
    cr_assert_eq(gnest_bc(ctx, g, &one, got, &ls, &info), GNEST_OK, "%s: %s", words[k],
                 gnest_last_error_string(ctx));
    for (int v = 0; v < 3000; v++)
      cr_assert_float_eq(got[v], ref[v], 1e-6 * (ref[v] > 1 ? ref[v] : 1), "%s: vertex %d",
                         words[k], v);
    if (k == 0) {
      cr_assert_eq(info.grid_barriers, 3000, "the forward frontier's 3,000 levels");
      cr_assert_eq(info.barriers_saved, 3000, "the backward pass's 3,000 levels");
    } else {
      cr_assert_eq(info.grid_barriers, 1, "the forward frontier: one stretch, one barrier");
      cr_assert_eq(info.barriers_saved, 2999 + 3000, "forward stretch and backward pass");
    }
  }
  free(ref);
  free(got);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* flat's one-CTA stretches: BFS, SSSP and BC on a path (3,000 levels of one vertex),
 * on a star (a level of 20,000 leaves between levels of one vertex) and on two stretches with a
 * grid level after each (two_stretches_graph: a stretch that starts after a grid level, with a
 * history base, rotated chunk slots and a second quiet barrier in one kernel), with the
 * stretches off, at one item, at the default (one round: block_size / lanes) and with every level in one CTA, with one to 32
 * lanes per item.
 * Results equal the cpu's; a level costs one barrier, a stretch of s levels one for all s:
 * grid_barriers + barriers_saved = levels, none saved when off, one barrier in all when every
 * level fits. */
static gnest_graph *star_graph(gnest_ctx *ctx);
static gnest_graph *two_stretches_graph(gnest_ctx *ctx);

/* The words of flat_stretches_on's runs, and what each must report of a frontier loop. */
static const char *const stretch_words[] = {
    "cta_levels=off", "cta_levels=1 lanes=8", "default", "cta_levels=100000 lanes=2",
    "cta_levels=100000 block_size=32 schedule=static lanes=32"};

static void expect_stretch_barriers(const gnest_info *info, int k, const char *what) {
  cr_assert_eq(info->grid_barriers + info->barriers_saved, info->iterations,
               "%s %s: %lld barriers + %lld saved over %d levels", what, stretch_words[k],
               (long long)info->grid_barriers, (long long)info->barriers_saved, info->iterations);
  if (k == 0) cr_assert_eq(info->barriers_saved, 0, "%s %s", what, stretch_words[k]);
  if (k >= 3) cr_assert_eq(info->grid_barriers, 1, "%s %s", what, stretch_words[k]);
  if (k == 2 && info->iterations > 2)
    cr_assert_gt(info->barriers_saved, 0, "%s %s", what, stretch_words[k]);
}

/* The first of n elements of size bytes where got and ref differ bit for bit, or -1. */
static int32_t first_difference(const void *got, const void *ref, size_t size, int32_t n) {
  for (int32_t v = 0; v < n; v++)
    if (memcmp((const char *)got + (size_t)v * size, (const char *)ref + (size_t)v * size, size))
      return v;
  return -1;
}

/* min_grid: the grid barriers a default-settings BFS / SSSP must at least report (0: no check). */
static void flat_stretches_on(gnest_ctx *ctx, gnest_graph *g, int32_t source, const char *name,
                              int64_t min_grid) {
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t *ref = malloc((size_t)n * sizeof *ref), *got = malloc((size_t)n * sizeof *got);
  double *dref = malloc((size_t)n * sizeof *dref), *dgot = malloc((size_t)n * sizeof *dgot);
  double *bref = malloc((size_t)n * sizeof *bref), *bgot = malloc((size_t)n * sizeof *bgot);
  cr_assert(ref && got && dref && dgot && bref && bgot);
  const gnest_options cpu = bm_cpu_options();
  const gnest_bc_sources one = {GNEST_BC_LIST, &source, 1, 0};
  cr_assert_eq(gnest_bfs(ctx, g, source, ref, &cpu, NULL), GNEST_OK);
  cr_assert_eq(gnest_sssp(ctx, g, source, dref, &cpu, NULL), GNEST_OK);
  cr_assert_eq(gnest_bc(ctx, g, &one, bref, &cpu, NULL), GNEST_OK);
  for (int k = 0; k < 5; k++) {
    const char *w = stretch_words[k];
    const gnest_options o = bm_backend_options(GNEST_BACKEND_FLAT, w);
    gnest_info info;
    memset(got, 0x5b, (size_t)n * sizeof *got);
    cr_assert_eq(gnest_bfs(ctx, g, source, got, &o, &info), GNEST_OK, "%s %s: %s", name, w,
                 gnest_last_error_string(ctx));
    int32_t v = first_difference(got, ref, sizeof *got, n);
    cr_assert_eq(v, -1, "%s bfs %s: vertex %d: %d, cpu %d", name, w, v, got[v < 0 ? 0 : v],
                 ref[v < 0 ? 0 : v]);
    expect_stretch_barriers(&info, k, name);
    if (k == 2 && min_grid > 0)
      cr_assert_geq(info.grid_barriers, min_grid, "%s bfs %s: %lld grid barriers", name, w,
                    (long long)info.grid_barriers);
    memset(dgot, 0, (size_t)n * sizeof *dgot);
    cr_assert_eq(gnest_sssp(ctx, g, source, dgot, &o, &info), GNEST_OK, "%s %s: %s", name, w,
                 gnest_last_error_string(ctx));
    v = first_difference(dgot, dref, sizeof *dgot, n);
    cr_assert_eq(v, -1, "%s sssp %s: vertex %d: %g, cpu %g", name, w, v, dgot[v < 0 ? 0 : v],
                 dref[v < 0 ? 0 : v]);
    expect_stretch_barriers(&info, k, name);
    memset(bgot, 0, (size_t)n * sizeof *bgot);
    cr_assert_eq(gnest_bc(ctx, g, &one, bgot, &o, &info), GNEST_OK, "%s %s: %s", name, w,
                 gnest_last_error_string(ctx));
    for (v = 0; v < n; v++)
      cr_assert_float_eq(bgot[v], bref[v], 1e-6 * (bref[v] > 1 ? bref[v] : 1),
                         "%s bc %s: vertex %d", name, w, v);
    if (k == 0) cr_assert_eq(info.barriers_saved, 0, "%s bc %s", name, w);
  }
  free(ref);
  free(got);
  free(dref);
  free(dgot);
  free(bref);
  free(bgot);
}

Test(gpu_sched, flat_runs_small_frontier_levels_in_one_cta) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = path_graph(ctx, 3000);
  flat_stretches_on(ctx, g, 0, "path", 0);
  gnest_graph_free(g);
  g = star_graph(ctx);
  flat_stretches_on(ctx, g, 5, "star", 0);
  gnest_graph_free(g);
  g = two_stretches_graph(ctx);
  flat_stretches_on(ctx, g, 0, "two stretches", 3);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(gpu_sched, level_scheduler_refuses_frontier_algorithms) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = path_graph(ctx, 10);
  const gnest_options ls = bm_backend_options(GNEST_BACKEND_LEVELSCHED, "tree_method=levels");
  int32_t levels[10];
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &ls, NULL), GNEST_ERR_BACKEND_NOT_APPLICABLE);
  const char *msg = gnest_last_error(ctx)->message;
  cr_assert(strstr(msg, "backend 'levelsched' cannot run bfs") && strstr(msg, "fixed level"),
            "%s", msg);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* A star of 20,000 leaves both ways plus a tail: BFS from a leaf reaches the hub (a child of
 * 20,000) on level 1. */
static gnest_graph *star_graph(gnest_ctx *ctx) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_star(20001, &e), GNEST_OK);
  return graph_of_edges(ctx, &e);
}

/* Both ways: a path 0..9, hub 10 with 2,000 leaves 11..2010, from leaf 11 a path 2011..2020,
 * hub 2021 with 2,000 leaves 2022..4021. BFS from 0: levels 0-10 one vertex each (a stretch), level
 * 11 the 2,000 leaves (above the default bound of 2 x 256: the grid), levels 12-22 one vertex each
 * (a stretch after a grid level), level 23 the second hub's leaves (the grid): four barriers. */
static gnest_graph *two_stretches_graph(gnest_ctx *ctx) {
  enum { kLeaves = 2000, kPath = 10 };
  const int32_t n = 2 * (kPath + 1 + kLeaves);
  gn_gen_edges e = {n, 0, NULL, NULL, NULL};
  e.src = malloc(2 * (size_t)n * sizeof *e.src);
  e.dst = malloc(2 * (size_t)n * sizeof *e.dst);
  cr_assert(e.src && e.dst);
  int32_t from = -1; /* the vertex the next part hangs off */
  for (int part = 0, v = 0; part < 2; part++) {
    for (int i = 0; i <= kPath; i++, v++) { /* the path, then its hub (i == kPath) */
      if (from >= 0) {
        e.src[e.m] = from, e.dst[e.m++] = v;
        e.src[e.m] = v, e.dst[e.m++] = from;
      }
      from = v;
    }
    const int32_t hub = v - 1;
    for (int i = 0; i < kLeaves; i++, v++) {
      e.src[e.m] = hub, e.dst[e.m++] = v;
      e.src[e.m] = v, e.dst[e.m++] = hub;
    }
    from = hub + 1; /* the first leaf */
  }
  return graph_of_edges(ctx, &e);
}

/* Every mode, forced, says so; auto says the rule's pick and why; a T1 / T2 level costs two grid
 * barriers (its parent phase ends with one), a T3 / T4 level one. */
Test(gpu_sched, free_launch_reports_its_mode) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = star_graph(ctx);
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t *ref = malloc((size_t)n * sizeof *ref), *got = malloc((size_t)n * sizeof *got);
  const gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_bfs(ctx, g, 5, ref, &cpu, NULL), GNEST_OK);
  const char *words[] = {"freelaunch_mode=t1", "freelaunch_mode=t2", "freelaunch_mode=t3",
                         "freelaunch_mode=t4", "freelaunch_mode=auto"};
  const char *said[] = {"forced by caller; free launch T1 (forced)",
                        "forced by caller; free launch T2 (forced)",
                        "forced by caller; free launch T3 (forced)",
                        "forced by caller; free launch T4 (forced)",
                        "forced by caller; free launch T"};
  for (int m = 0; m < 5; m++) {
    const gnest_options o = bm_backend_options(GNEST_BACKEND_FREELAUNCH, words[m]);
    gnest_info info;
    memset(got, 0x5b, (size_t)n * sizeof *got);
    cr_assert_eq(gnest_bfs(ctx, g, 5, got, &o, &info), GNEST_OK, "%s: %s", words[m],
                 gnest_last_error_string(ctx));
    for (int32_t v = 0; v < n; v++)
      if (got[v] != ref[v]) cr_assert_fail("%s: vertex %d: %d, cpu %d", words[m], v, got[v], ref[v]);
    /* after "forced by caller" the traversals' threshold note (run.c), then the mode */
    const char *mode = said[m] + strlen("forced by caller");
    cr_assert(strncmp(info.reason, said[m], strlen("forced by caller")) == 0 &&
                  strstr(info.reason, mode) != NULL,
              "%s: reason \"%s\"", words[m], info.reason);
    cr_assert_eq(info.device_launches, 0, "%s: free launch launches nothing from the device",
                 words[m]);
    if (m < 4)
      cr_assert_eq(info.grid_barriers, (int64_t)(m < 2 ? 2 : 1) * info.iterations, "%s: %lld "
                   "barriers over %d levels", words[m], (long long)info.grid_barriers,
                   info.iterations);
  }
  free(ref);
  free(got);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* T1 splits the hub's 20,000 arcs into subtasks run by many CTAs; BC's backward post must wait
 * for the last of them (a per-item count): with subtasks of 32 iterations and every item heavy
 * (threshold 1), any post that ran early would give a wrong dependency. */
Test(gpu_sched, free_launch_t1_posts_after_the_last_subtask) {
  gnest_ctx *ctx = bm_device_ctx();
  gnest_graph *g = star_graph(ctx);
  const int32_t n = gnest_graph_num_vertices(g);
  double *ref = malloc((size_t)n * sizeof *ref), *got = malloc((size_t)n * sizeof *got);
  const int32_t sources[] = {0, 7, 19999};
  const gnest_bc_sources list = {GNEST_BC_LIST, sources, 3, 0};
  const gnest_options cpu = bm_cpu_options();
  cr_assert_eq(gnest_bc(ctx, g, &list, ref, &cpu, NULL), GNEST_OK);
  const char *configs[] = {"freelaunch_mode=t1 threshold=1 block_size=32",
                           "freelaunch_mode=t2 threshold=1 block_size=32",
                           "freelaunch_mode=t3 threshold=1 block_size=32"};
  for (int c = 0; c < 3; c++) {
    const gnest_options o = bm_backend_options(GNEST_BACKEND_FREELAUNCH, configs[c]);
    for (int run = 0; run < 3; run++) {
      cr_assert_eq(gnest_bc(ctx, g, &list, got, &o, NULL), GNEST_OK, "%s: %s", configs[c],
                   gnest_last_error_string(ctx));
      for (int32_t v = 0; v < n; v++)
        cr_assert_float_eq(got[v], ref[v], 1e-6 * (ref[v] > 1 ? ref[v] : 1),
                           "%s, run %d: vertex %d", configs[c], run, v);
    }
  }
  free(ref);
  free(got);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}
