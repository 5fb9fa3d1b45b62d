/* gnest_color: the shortcut rounds of bench/proto/README.md (visitors: color.cuh), which give
 * exactly the CPU's greedy first-fit coloring in gn_color_priority order (src/cpu/color.c) in
 * far fewer dependent rounds than Jones-Plassmann (rmat20, simulated: 200 instead of 1,534).
 *
 * Device work of a call: one pass over every arc (the row split, which also seeds level 0) and
 * one frontier level per round, plus a self-loop pass only for graphs that have self-loops (the
 * graph's cached statistics say so). No memset and no element-wise kernel of its own: the
 * passes' pre() zero what their edges count. */
#include "prims.cuh"
#include "color.cuh"

/* The device state of the rounds, from the call's scratch. */
static gnest_status color_alloc(gn_engine &e, const gn_device_graph *dg, color_state *st) {
  gn_scratch &scratch = *e.scratch;
  const size_t n = (size_t)dg->n;
  *st = color_state{};
  st->offsets = dg->offsets;
  st->n = dg->n;
  GN_TRY(scratch.alloc(&st->adj, (size_t)dg->m + 1, "coloring predecessor and successor lists"));
  GN_TRY(scratch.alloc(&st->split, n, "coloring list lengths"));
  GN_TRY(scratch.alloc(&st->vx, n, "coloring vertex states"));
  GN_TRY(scratch.alloc(&st->tail, (size_t)(dg->m / 64) + 1, "coloring possible-color words"));
  GN_TRY(scratch.alloc(&st->rec, 2 * n, "coloring records"));
  return scratch.alloc(&st->color, n, "colors");
}

/* The list lengths are int32 counters: a row longer than that is refused, not wrapped. */
static gnest_status color_check_rows(gn_call *call, const gnest_degree_stats &stats) {
  if (stats.max <= INT32_MAX) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_TOO_LARGE, call->fn, 0,
                  "a vertex has %lld arcs; the GPU coloring handles rows of at most %d arcs",
                  (long long)stats.max, INT32_MAX);
}

static gnest_status color_on_device(gn_engine &e, const gnest_graph *g, const gn_device_graph *dg,
                                    int32_t *colors_out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  const int32_t n = dg->n;
  gnest_degree_stats stats; /* cached on the graph after the first call */
  GN_TRY(gnest_graph_stats(ctx, g, &stats));
  GN_TRY(color_check_rows(call, stats));
  color_state st;
  GN_TRY(color_alloc(e, dg, &st));
  int32_t *self_loops = nullptr;
  if (stats.self_loops > 0) GN_TRY(e.scratch->alloc(&self_loops, (size_t)n, "coloring self-loops"));
  gn_frontier f;
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));

  GN_TRY(gn_timer_start(ctx));
  if (self_loops) {
    const self_loop_visitor loops = {{dg->offsets, dg->cols}, self_loops};
    GN_TRY(gn_run_pass(e, loops, gn_all_items(n), 0, nullptr, nullptr, 0));
  }
  /* The split pass pushes level 0 of the swap-mode frontier: items[0 ..), its length counts[0]. */
  const color_split_visitor split = {{dg->offsets, dg->cols}, self_loops, st};
  GN_TRY(gn_run_pass(e, split, gn_all_items(n), 0, f.items, f.counts, f.capacity));
  const color_round_visitor rounds = {st};
  GN_TRY(gn_run_frontier(e, rounds, f, &call->iterations));
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(ctx, colors_out, st.color, sizeof(int32_t) * (size_t)n);
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
        if (g->csr.n > 0) GN_TRY(color_on_device(e, g, dg, colors));
        return count_colors(&call, colors, g->csr.n, num_colors);
      });
}
