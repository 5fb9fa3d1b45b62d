/* Device out of memory, provoked on purpose with the testing limit (gnest_ctx_options'
 * device_memory_limit and $GNEST_DEVICE_MEMORY_LIMIT): a graph too large for the limit gives
 * GNEST_ERR_DEVICE_OUT_OF_MEMORY with how much was needed and how much was free; nothing leaks
 * (what gnest holds on the device returns to its value before the context once everything is
 * freed), and a second call in the same context succeeds on a graph that fits; the same for the
 * tree algorithms' Euler tour, whose device memory stays a small multiple of the node count.
 * Skips without a CUDA device (the reason: the device text). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "core/device_api.h" /* gn_device_bytes_held */
#include "sched/registry.h"    /* gn_backend_host_work */
#include "gnest.h"

/* A context with the limit (0: from the environment, or none); skips without a device. */
static gnest_ctx *open_ctx(size_t limit) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.device_memory_limit = limit;
  return bm_device_ctx_with(&o);
}

/* The path 0 -> 1 -> ... -> n-1. */
static gnest_graph *path_graph(gnest_ctx *ctx, int32_t n) {
  int32_t *src = malloc((size_t)n * sizeof *src), *dst = malloc((size_t)n * sizeof *dst);
  cr_assert(src && dst);
  for (int32_t v = 0; v + 1 < n; v++) src[v] = v, dst[v] = v + 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, n, n - 1, src, dst, NULL, NULL, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  free(src);
  free(dst);
  return g;
}

/* BFS on backend b (on the device); levels must be 0..n-1 on success. */
static gnest_status bfs_with(gnest_ctx *ctx, const gnest_graph *g, gnest_backend b) {
  const int32_t n = gnest_graph_num_vertices(g);
  int32_t *levels = malloc((size_t)n * sizeof *levels);
  cr_assert_not_null(levels);
  gnest_options o;
  gnest_options_init(&o);
  o.backend = b;
  gnest_status st = gnest_bfs(ctx, g, 0, levels, &o, NULL);
  for (int32_t v = 0; st == GNEST_OK && v < n; v++) cr_assert_eq(levels[v], v, "level of %d", v);
  free(levels);
  return st;
}

static gnest_status bfs_on_device(gnest_ctx *ctx, const gnest_graph *g) {
  return bfs_with(ctx, g, GNEST_BACKEND_FLAT);
}

static void expect_oom_message(const gnest_ctx *ctx, const char *limit_text) {
  const gnest_error *e = gnest_last_error(ctx);
  cr_expect_eq(e->status, GNEST_ERR_DEVICE_OUT_OF_MEMORY);
  cr_expect_not_null(strstr(e->message, "out of device memory: "), "%s", e->message);
  cr_expect_not_null(strstr(e->message, " bytes needed for "), "%s", e->message);
  cr_expect_not_null(strstr(e->message, " free under the device memory limit of "), "%s", e->message);
  cr_expect_not_null(strstr(e->message, limit_text), "%s", e->message);
}

Test(gpu_oom, a_graph_too_large_fails_and_the_context_still_works) {
  gnest_ctx *watch = open_ctx(0); /* unlimited: reads what gnest holds on the device */
  const size_t before = gn_device_bytes_held(watch);
  gnest_ctx *ctx = open_ctx((size_t)64 << 20);
  gnest_graph *big = path_graph(ctx, 8 << 20); /* 64 MiB of offsets + 32 MiB of columns */
  cr_expect_eq(bfs_on_device(ctx, big), GNEST_ERR_DEVICE_OUT_OF_MEMORY, "%s", gnest_last_error_string(ctx));
  expect_oom_message(ctx, "limit of 67108864 bytes");
  cr_expect_leq(gn_device_bytes_held(watch), before + ((size_t)64 << 20), "held beyond the limit");
  /* the same context, a graph that fits: runs, twice (the pool's blocks are reused) */
  gnest_graph *small = path_graph(ctx, 100000);
  cr_expect_eq(bfs_on_device(ctx, small), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(bfs_on_device(ctx, small), GNEST_OK, "%s", gnest_last_error_string(ctx));
  /* and the large one still fails the same way, without growing what is held */
  const size_t held = gn_device_bytes_held(watch);
  cr_expect_eq(bfs_on_device(ctx, big), GNEST_ERR_DEVICE_OUT_OF_MEMORY);
  cr_expect_leq(gn_device_bytes_held(watch), held + ((size_t)64 << 20));
  gnest_graph_free(big);
  gnest_graph_free(small);
  gnest_ctx_free(ctx);
  cr_expect_eq(gn_device_bytes_held(watch), before, "leaked %zd bytes on the device",
               (ssize_t)(gn_device_bytes_held(watch) - before));
  gnest_ctx_free(watch);
}

/* The hybrid backends' managed memory (the call's scratch and the input's copy) is counted and
 * limited as device memory: too large fails with the out-of-memory status, nothing leaks, and
 * the same context then runs a graph that fits. */
Test(gpu_oom, hybrid_managed_memory_is_limited_and_freed) {
  gnest_ctx *watch = open_ctx(0);
  const size_t before = gn_device_bytes_held(watch);
  gnest_ctx *ctx = open_ctx((size_t)4 << 20);
  gnest_graph *big = path_graph(ctx, 1 << 20); /* 8 MiB of offsets: beyond 4 MiB */
  gnest_graph *small = path_graph(ctx, 1000);
  int hybrids = 0;
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    if (!gn_backend_host_work((gnest_backend)b)) continue;
    const char *name = gnest_backend_name((gnest_backend)b);
    cr_assert_eq(gnest_backend_available(ctx, (gnest_backend)b), GNEST_OK, "%s", name);
    hybrids++;
    cr_expect_eq(bfs_with(ctx, big, (gnest_backend)b), GNEST_ERR_DEVICE_OUT_OF_MEMORY, "%s: %s",
                 name, gnest_last_error_string(ctx));
    expect_oom_message(ctx, "limit of 4194304 bytes");
    cr_expect_eq(bfs_with(ctx, small, (gnest_backend)b), GNEST_OK, "%s: %s", name,
                 gnest_last_error_string(ctx));
  }
  cr_expect_gt(hybrids, 0, "the registry has no hybrid backend");
  gnest_graph_free(big);
  gnest_graph_free(small);
  gnest_ctx_free(ctx);
  cr_expect_eq(gn_device_bytes_held(watch), before, "leaked %zd bytes on the device",
               (ssize_t)(gn_device_bytes_held(watch) - before));
  gnest_ctx_free(watch);
}

Test(gpu_oom, the_environment_variable_sets_the_limit) {
  cr_assert_eq(setenv("GNEST_DEVICE_MEMORY_LIMIT", "4194304", 1), 0);
  gnest_ctx *ctx = open_ctx(0);
  unsetenv("GNEST_DEVICE_MEMORY_LIMIT");
  gnest_graph *big = path_graph(ctx, 1 << 20); /* 8 MiB of offsets: beyond 4 MiB */
  cr_expect_eq(bfs_on_device(ctx, big), GNEST_ERR_DEVICE_OUT_OF_MEMORY, "%s", gnest_last_error_string(ctx));
  expect_oom_message(ctx, "limit of 4194304 bytes");
  gnest_graph *small = path_graph(ctx, 1000);
  cr_expect_eq(bfs_on_device(ctx, small), GNEST_OK, "%s", gnest_last_error_string(ctx));
  gnest_graph_free(big);
  gnest_graph_free(small);
  gnest_ctx_free(ctx);
}

/* gnest_info.device_bytes: at least the graph's device copy on the device, 0 on the CPU. */
Test(gpu_oom, device_bytes_covers_the_graph_copy) {
  gnest_ctx *ctx = open_ctx(0);
  const int32_t n = 100000;
  gnest_graph *g = path_graph(ctx, n);
  int32_t *levels = malloc((size_t)n * sizeof *levels);
  cr_assert_not_null(levels);
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_FLAT;
  gnest_info info;
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &o, &info), GNEST_OK, "%s", gnest_last_error_string(ctx));
  const int64_t graph_bytes = (int64_t)(n - 1) * 4 + (int64_t)(n + 1) * 8;
  cr_expect_geq(info.device_bytes, graph_bytes, "device_bytes %lld", (long long)info.device_bytes);
  cr_expect_leq(info.device_bytes, (int64_t)gn_device_bytes_peak(ctx), "no more than the peak");
  o.backend = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &o, &info), GNEST_OK);
  cr_expect_eq(info.device_bytes, 0, "the CPU holds no device memory");
  free(levels);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* A chain of n nodes as a tree. */
static gnest_tree *chain_tree(gnest_ctx *ctx, int32_t n) {
  int32_t *parent = malloc((size_t)n * sizeof *parent);
  cr_assert_not_null(parent);
  for (int32_t v = 0; v < n; v++) parent[v] = v - 1;
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, parent, &t), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  free(parent);
  return t;
}

/* Heights by the Euler tour on flat; on success the chain's heights are n - v. */
static gnest_status heights_by_tour(gnest_ctx *ctx, const gnest_tree *t, gnest_info *info) {
  const int32_t n = gnest_tree_num_nodes(t);
  int32_t *h = malloc((size_t)n * sizeof *h);
  cr_assert_not_null(h);
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_FLAT;
  o.tree_method = GNEST_TREE_METHOD_EULER;
  gnest_status st = gnest_tree_heights(ctx, t, h, &o, info);
  for (int32_t v = 0; st == GNEST_OK && v < n; v++) cr_assert_eq(h[v], n - v, "height of %d", v);
  free(h);
  return st;
}

/* The Euler tour's arrays (about 40 bytes a node for heights) beyond the limit while the tree's
 * copy (16 bytes a node) fits: out of memory, nothing leaks, and a smaller tree then runs by the
 * tour in the same context, holding a small multiple of n bytes. */
Test(gpu_oom, the_euler_tour_runs_out_cleanly_and_stays_small) {
  gnest_ctx *watch = open_ctx(0);
  const size_t before = gn_device_bytes_held(watch);
  gnest_ctx *ctx = open_ctx((size_t)32 << 20);
  gnest_tree *big = chain_tree(ctx, 1 << 20); /* 16 MiB of copy, ~40 MiB of tour */
  cr_expect_eq(heights_by_tour(ctx, big, NULL), GNEST_ERR_DEVICE_OUT_OF_MEMORY, "%s",
               gnest_last_error_string(ctx));
  expect_oom_message(ctx, "limit of 33554432 bytes");
  cr_expect_not_null(strstr(gnest_last_error(ctx)->message, "euler tour"), "%s",
                     gnest_last_error(ctx)->message);
  /* device_bytes counts every buffer gnest holds on the device, the big tree's copy too */
  gnest_tree_free(big);
  const int32_t n = 100000;
  gnest_tree *small = chain_tree(ctx, n);
  gnest_info info;
  cr_expect_eq(heights_by_tour(ctx, small, &info), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_not_null(strstr(info.reason, "method: euler tour (tree_method=euler)"), "%s",
                     info.reason);
  /* The copy (16 B/node) and at least slot, owner, successors, positions, depths and output
   * (32 B/node); at most 100 B/node with the splitters, the table and the pool's rounding. */
  cr_expect_geq(info.device_bytes, 48 * (int64_t)n, "device_bytes %lld", (long long)info.device_bytes);
  cr_expect_leq(info.device_bytes, 100 * (int64_t)n, "device_bytes %lld (%.1f a node)",
                (long long)info.device_bytes, (double)info.device_bytes / n);
  gnest_tree_free(small);
  gnest_ctx_free(ctx);
  cr_expect_eq(gn_device_bytes_held(watch), before, "leaked %zd bytes on the device",
               (ssize_t)(gn_device_bytes_held(watch) - before));
  gnest_ctx_free(watch);
}
