/* gnest_bfs: breadth-first search as a frontier loop. Level l's vertices scan their out-arcs and
 * claim unvisited neighbours for level l + 1 with one compare-and-swap. Oracle: src/cpu/bfs.c. */
#include "algo.cuh"
#include "bfs.cuh"

static gnest_status bfs_on_device(gn_engine &e, const gn_device_graph *dg, int32_t source,
                                  int32_t *levels) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
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
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(ctx, levels, level, sizeof(int32_t) * (size_t)n);
}

gnest_status gnest_bfs(gnest_ctx *ctx, const gnest_graph *g, int32_t source, int32_t *levels,
                       const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_call_begin(&call, ctx, GN_ALGO_BFS, "gnest_bfs", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, levels, "levels"));
        return gn_check_source(&call, g, source);
      },
      [&](gn_cpu_counts *c) { return gn_cpu_bfs(&g->csr, source, levels, c); },
      [&](gn_engine &e, const gn_device_graph *dg) { return bfs_on_device(e, dg, source, levels); });
}
