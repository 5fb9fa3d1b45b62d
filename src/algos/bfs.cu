/* gnest_bfs: breadth-first search as a frontier loop. Level l's vertices scan their out-arcs and
 * claim unvisited neighbours for level l + 1 with one compare-and-swap. Oracle: src/cpu/bfs.c. */
#include "visit.cuh"

/* Race-freedom: level[w] leaves -1 exactly once (the CAS), so exactly one arc pushes w, and w
 * gets the level of the first pass that reaches it: passes run one after another. */
struct bfs_visitor : gn_out_arcs {
  int32_t *level;
  static constexpr bool kHasPost = false;
  __device__ bool pre(int32_t, const gn_step &) const { return true; }
  __device__ void edge(int32_t, int64_t e, const gn_step &s) const {
    const int32_t w = cols[e];
    if (gn_load_now(&level[w]) != -1) return; /* visited: skip the atomic */
    if (atomicCAS(&level[w], -1, s.level + 1) == -1) s.push(w);
  }
  __device__ void post(int32_t, const gn_step &) const {}
};

static gnest_status bfs_on_device(gn_call *call, const gnest_graph *g, int32_t source,
                                  int32_t *levels) {
  gnest_ctx *ctx = call->ctx;
  const gn_device_graph *dg = nullptr;
  GN_TRY(gn_graph_on_device(ctx, g, &dg));
  gn_scratch scratch(ctx);
  gn_engine e;
  GN_TRY(gn_engine_init(&e, call, &scratch));
  const int32_t n = dg->n;
  int32_t *level = nullptr;
  gn_frontier f;
  GN_TRY(scratch.alloc(&level, (size_t)n, "BFS levels"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<int32_t>, level, n, -1, source, 0);
  GN_TRY(gn_frontier_seed(&e, &f, &source, 1));
  const bfs_visitor v = {{dg->offsets, dg->cols}, level};
  GN_TRY(gn_run_frontier(e, v, f, &call->iterations));
  GN_TRY(gn_timer_stop(ctx, &call->time_ms));

  GN_TRY(gn_engine_finish(&e));
  return gn_to_host(ctx, levels, level, sizeof(int32_t) * (size_t)n);
}

gnest_status gnest_bfs(gnest_ctx *ctx, const gnest_graph *g, int32_t source, int32_t *levels,
                       const gnest_options *opts, gnest_info *info) {
  gn_call call;
  gnest_status st = gn_call_begin(&call, ctx, GN_ALGO_BFS, "gnest_bfs", g, NULL, opts, info);
  if (st != GNEST_OK) return st;
  st = gn_need_output(&call, levels, "levels");
  if (st == GNEST_OK) st = gn_check_source(&call, g, source);
  if (st == GNEST_OK && call.backend == GNEST_BACKEND_CPU) {
    gn_cpu_counts c = {0, 0};
    st = gn_cpu_finish(&call, gn_cpu_bfs(&g->csr, source, levels, &c), c);
  } else if (st == GNEST_OK) {
    st = bfs_on_device(&call, g, source, levels);
  }
  return gn_call_end(&call, st);
}
