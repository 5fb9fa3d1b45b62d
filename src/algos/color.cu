/* gnest_color: Jones–Plassmann coloring with the priorities of gn_color_priority, which gives
 * exactly the CPU's greedy first-fit coloring in priority order (src/cpu/color.c).
 *
 * Data-driven form: waiting[v] counts v's arcs from higher-priority neighbours. A vertex enters
 * the frontier when its count reaches zero, i.e. when all its higher-priority neighbours have their
 * final colors; in that pass its arcs both gather those colors (into a per-vertex bitmap of
 * forbidden colors) and release its lower-priority neighbours for the next pass; post() takes the
 * smallest free color. Every arc is visited once in the whole loop and each round costs only its
 * frontier: no rescanning of uncolored vertices. */
#include "prims.cuh"
#include "color.cuh"

__global__ void color_priority_kernel(const int64_t *offsets, const int32_t *self_loops, int32_t n,
                                      uint64_t *priority) {
  gn_for_each_index(n, [&](int64_t v) {
    priority[v] = gn_color_priority(offsets[v + 1] - offsets[v] - self_loops[v], (int32_t)v);
  });
}

/* Bitmap words per vertex (words[n] = 0 so that the scan's last entry is the total), and level 0
 * of the frontier: the vertices that wait for nobody. */
__global__ void color_seed_kernel(const int32_t *waiting, int32_t n, int32_t *words,
                                  int32_t *level0, int32_t *level0_count) {
  gn_for_each_index((int64_t)n + 1, [&](int64_t v) {
    if (v == n) { words[n] = 0; return; }
    words[v] = waiting[v] / 64 + 1;
    if (waiting[v] == 0) level0[gn_append_slot(level0_count)] = (int32_t)v;
  });
}

static gnest_status color_on_device(gn_engine &e, const gn_device_graph *dg, int32_t *colors_out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  const int64_t max_words = (int64_t)n + dg->m / 64 + 1; /* >= sum of words[v] */
  int32_t *self_loops = nullptr, *waiting = nullptr, *words = nullptr, *color = nullptr;
  uint64_t *priority = nullptr;
  int64_t *window = nullptr;
  unsigned long long *forbidden = nullptr;
  gn_frontier f;
  GN_TRY(scratch.alloc(&self_loops, (size_t)n + 1, "coloring self-loop counts"));
  GN_TRY(scratch.alloc(&waiting, (size_t)n + 1, "coloring wait counts"));
  GN_TRY(scratch.alloc(&words, (size_t)n + 1, "coloring bitmap sizes"));
  GN_TRY(scratch.alloc(&color, (size_t)n + 1, "colors"));
  GN_TRY(scratch.alloc(&priority, (size_t)n + 1, "coloring priorities"));
  GN_TRY(scratch.alloc(&window, (size_t)n + 1, "coloring bitmap offsets"));
  GN_TRY(scratch.alloc(&forbidden, (size_t)max_words, "coloring forbidden-color bitmaps"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));
  const int grid = gn_grid_for((int64_t)n + 1, e.block);

  GN_TRY(gn_timer_start(ctx));
  GN_TRY(gn_memset(ctx, self_loops, 0, sizeof(int32_t) * (size_t)n));
  GN_TRY(gn_memset(ctx, waiting, 0, sizeof(int32_t) * (size_t)n));
  GN_TRY(gn_memset(ctx, forbidden, 0, sizeof(unsigned long long) * (size_t)max_words));
  GN_KERNEL(e, grid, e.block, gn_fill_kernel<int32_t>, color, n, -1, -1, 0);
  const self_loop_visitor loops = {{dg->offsets, dg->cols}, self_loops};
  GN_TRY(gn_run_pass(e, loops, gn_all_items(n), 0, nullptr, nullptr, 0));
  GN_KERNEL(e, grid, e.block, color_priority_kernel, dg->offsets, self_loops, n, priority);
  const waiting_visitor wait = {{dg->offsets, dg->cols}, priority, waiting};
  GN_TRY(gn_run_pass(e, wait, gn_all_items(n), 0, nullptr, nullptr, 0));
  /* Level 0 of a swap-mode frontier is items[0 ..) with its length in counts[0]. */
  GN_KERNEL(e, grid, e.block, color_seed_kernel, waiting, n, words, f.items, f.counts);
  GN_TRY(gn_cub(e, "coloring bitmap offsets", [&](void *tmp, size_t &bytes) {
    return cub::DeviceScan::ExclusiveScan(tmp, bytes, words, window, cuda::std::plus<>{},
                                          (int64_t)0, (int64_t)n + 1, e.stream);
  }));
  const jones_plassmann_visitor jp = {{dg->offsets, dg->cols}, priority, waiting, window,
                                      forbidden, color};
  GN_TRY(gn_run_frontier(e, jp, f, &call->iterations));
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(ctx, colors_out, color, sizeof(int32_t) * (size_t)n);
}

/* Color count, and a guard: a vertex left uncolored would be a bug in the rounds above. */
static gnest_status count_colors(gn_call *call, const int32_t *colors, int32_t n,
                                 int32_t *num_colors) {
  int32_t highest = -1;
  for (int32_t v = 0; v < n; ++v) {
    if (colors[v] < 0)
      return gn_error(call->ctx, GNEST_ERR_INTERNAL, call->fn, 0,
                      "vertex %d was left uncolored by the %s backend", v,
                      gnest_backend_name(call->backend));
    if (colors[v] > highest) highest = colors[v];
  }
  *num_colors = highest + 1;
  return GNEST_OK;
}

gnest_status gnest_color(gnest_ctx *ctx, const gnest_graph *g, int32_t *colors,
                         int32_t *num_colors, const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_call_begin(&call, ctx, GN_ALGO_COLOR, "gnest_color", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, colors, "colors"));
        GN_TRY(gn_need_output(&call, num_colors, "num_colors"));
        return gn_need_undirected(&call, g, "coloring");
      },
      [&](gn_cpu_counts *c) { return gn_cpu_color(&g->csr, colors, num_colors, c); },
      [&](gn_engine &e, const gn_device_graph *dg) {
        if (g->csr.n > 0) GN_TRY(color_on_device(e, dg, colors));
        return count_colors(&call, colors, g->csr.n, num_colors);
      });
}
