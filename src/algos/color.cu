/* gnest_color: exactly the CPU's greedy first-fit coloring in gn_color_priority order
 * (src/cpu/color.c), by one of two methods (gnest_options.color_method):
 *   rounds: the shortcut rounds (visitors and their invariant: color.cuh), far fewer
 *     dependent rounds than Jones-Plassmann (rmat20, simulated: 200 instead of 1,534): one pass
 *     over every arc (the row split, which also seeds level 0) and one frontier level per round;
 *   async: no rounds, and kernels of its own only (color_async.cuh): the row split of the wide
 *     vertices (degree >= kColorWide), arc-parallel, and a persistent kernel that colors them, a
 *     warp each; then one persistent kernel for the others, a thread each, which first sets them
 *     up.
 * Plus a self-loop pass through the backend, only for graphs that have self-loops (the graph's
 * cached statistics say so): the degrees of the order (gn_color_degree) count them out, or twice
 * with color_tie=id. The tie rule (gn_color_priority) is the only other place color_tie enters.
 * No memset of the call's per-vertex state: the passes' pre(), the start kernel and the narrow
 * kernel (all ones, then the setup: color_narrow_all_ones) write what they count on; the
 * counters (the split's among them) and the list of chunks are zeroed before. */
#include "algos/prims.cuh"
#include "algos/color.cuh"
#include "algos/color_async.cuh"
#include "base/parallel.h"

/* The device state, from the call's scratch; wide: the row split's and the rounds' arrays too
 * (color_method=async on a graph without wide vertices needs only the lists and the colors). */
static gnest_status color_alloc(gn_engine &e, const gn_device_graph *dg, bool wide,
                                color_state *st) {
  gn_scratch &scratch = *e.scratch;
  const size_t n = (size_t)dg->n;
  *st = color_state{};
  st->offsets = dg->offsets;
  st->n = dg->n;
  GN_TRY(scratch.alloc(&st->adj, (size_t)dg->m + 1, "coloring predecessor and successor lists"));
  GN_TRY(scratch.alloc(&st->color, n, "colors"));
  if (!wide) return GNEST_OK;
  GN_TRY(scratch.alloc(&st->split, n, "coloring list lengths"));
  GN_TRY(scratch.alloc(&st->vx, n, "coloring vertex states"));
  GN_TRY(scratch.alloc(&st->tail, (size_t)(dg->m / 64) + 1, "coloring possible-color words"));
  return scratch.alloc(&st->rec, 2 * n, "coloring records");
}

/* The largest degree of the order (gn_color_degree) any vertex can have: its arcs, plus with
 * color_tie=id its self-loops once more. */
static int64_t color_degree_bound(const gn_call *call, const gnest_degree_stats &stats) {
  if (call->opts.color_tie != GNEST_COLOR_TIE_ID) return stats.max;
  return stats.max + (stats.self_loops < stats.max ? stats.self_loops : stats.max);
}

/* The list lengths and the narrow kernel's degrees are int32: a larger one is refused, not
 * wrapped. */
static gnest_status color_check_rows(gn_call *call, const gnest_degree_stats &stats) {
  const int64_t bound = color_degree_bound(call, stats);
  if (bound <= INT32_MAX) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_TOO_LARGE, call->fn, 0,
                  "a vertex may have degree %lld (arcs, self-loops twice with color_tie=id); the "
                  "GPU coloring handles degrees of at most %d", (long long)bound, INT32_MAX);
}

/* The method of this call, appended to the reason. */
static gnest_color_method color_pick(gn_call *call) {
  const gnest_color_method asked = call->opts.color_method;
  const gnest_color_method method = asked == GNEST_COLOR_ROUNDS ? asked : GNEST_COLOR_ASYNC;
  gn_note_method(call, "color_method", gn_color_method_word(asked), gn_color_method_word(method),
                 NULL);
  return method;
}

/* color_method=rounds: the row split through the backend (color_split_visitor), then the
 * shortcut rounds. */
static gnest_status color_rounds(gn_engine &e, const gn_device_graph *dg,
                                 const int32_t *self_loops, const color_state &st) {
  gn_frontier f;
  GN_TRY(gn_frontier_alloc(&e, &f, dg->n, gn_level_bound(dg->n), false));
  /* The split pass pushes level 0 of the swap-mode frontier: items[0 ..), its length counts[0]. */
  const color_split_visitor split = {{dg->offsets, dg->cols}, self_loops, st,
                                     e.call->opts.color_tie};
  GN_TRY(gn_run_pass(e, split, gn_all_items(dg->n), 0, f.items, f.counts, f.capacity));
  const color_round_visitor rounds = {st};
  return gn_run_frontier(e, rounds, f, &e.call->iterations);
}

/* The chunks that hold a wide row's arcs (color_wide_chunks_kernel), as chunks->wanted. */
static gnest_status color_wanted_chunks(gn_engine &e, const gn_device_graph *dg,
                                        const int32_t *self_loops, gn_arc_chunks *chunks) {
  uint8_t *wanted = nullptr;
  GN_TRY(e.scratch->alloc(&wanted, (size_t)chunks->count, "coloring wide rows' chunks"));
  GN_TRY(gn_memset(e.ctx, wanted, 0, (size_t)chunks->count));
  int grid = 0;
  GN_TRY(gn_resident_grid(e, color_wide_chunks_kernel, dg->n, &grid));
  GN_KERNEL(e, grid, e.block, color_wide_chunks_kernel, dg->offsets, self_loops, dg->n, wanted);
  chunks->wanted = wanted;
  return GNEST_OK;
}

/* Whether the split reads only the chunks that color_wide_chunks_kernel lists: where the rows of
 * degree above 32 hold less than this share of the arcs, many chunks may hold no wide row's arc.
 * H200, the whole gnest_color: a uniform random graph (16.8 M vertices, mean degree 32, 0.52 of
 * the arcs in such rows) 86.8 to 83.2 ms; RMAT scale 24 (0.90) 76.8 to 78.2 ms, so not there;
 * cnr-2000 (0.66) not measured with the list. */
static const double kColorListChunksBelow = 0.6;

/* The uncolored wide vertices (*items, *count of them) in decreasing priority: every pass of the
 * wide loop then visits each warp's share predecessors first. H200, the whole gnest_color,
 * against the order of the start kernel's appends: RMAT scale 24 77.8 to 77.4 ms, scale 20
 * (60,600 wide vertices) 3.31 to 3.16 ms (medians, three alternations at 24), though the loop
 * makes more passes (2,600-3,500 against 2,400-2,500 at 24). Below kColorOrderMin wide vertices
 * the kernel and the sort cost more than the order saves (cnr-2000, 7,000 wide vertices: 0.51 to
 * 0.60 ms with them), and the start kernel's order stays. The reason says which. */
static const int32_t kColorOrderMin = 1 << 15;

static gnest_status color_wide_order(gn_engine &e, const color_state &st,
                                     const int32_t *self_loops, const int32_t *count,
                                     int32_t **items) {
  int32_t h_count = 0;
  GN_TRY(gn_to_host(e.ctx, &h_count, count, sizeof h_count));
  gn_reason_appendf(e.call, "; %d wide vertices%s", (int)h_count,
                    h_count >= kColorOrderMin ? " sorted by priority" : "");
  if (h_count < kColorOrderMin) return GNEST_OK;
  const size_t room = (size_t)h_count;
  uint64_t *keys = nullptr, *sorted_keys = nullptr;
  int32_t *sorted = nullptr;
  GN_TRY(e.scratch->alloc(&keys, room, "coloring wide priorities"));
  GN_TRY(e.scratch->alloc(&sorted_keys, room, "coloring sorted wide priorities"));
  GN_TRY(e.scratch->alloc(&sorted, room, "coloring wide vertices in order"));
  GN_KERNEL(e, gn_grid_for((int64_t)room, e.block), e.block, color_wide_keys_kernel, st,
            self_loops, e.call->opts.color_tie, *items, h_count, keys);
  const int32_t *in = *items;
  GN_TRY(gn_cub(e, "coloring wide order", [&](void *tmp, size_t &bytes) {
    return cub::DeviceRadixSort::SortPairsDescending(tmp, bytes, keys, sorted_keys, in, sorted,
                                                     h_count, 0, 64, e.stream);
  }));
  *items = sorted;
  return GNEST_OK;
}

/* color_method=async, the wide vertices (degree >= kColorWide): their rows split by
 * color_wide_split_kernel (in the chunks that color_wide_chunks_kernel lists when list_chunks),
 * their state started, then color_wide_async_kernel colors them and counts its passes at
 * passes. */
static gnest_status color_wide_vertices(gn_engine &e, const gn_device_graph *dg,
                                        const int32_t *self_loops, bool list_chunks,
                                        const color_state &st, int32_t *passes) {
  gn_arc_chunks chunks;
  GN_TRY(gn_arc_chunks_of(e, dg, &chunks));
  if (list_chunks) GN_TRY(color_wanted_chunks(e, dg, self_loops, &chunks));
  int32_t *items = nullptr, *count = nullptr;
  GN_TRY(e.scratch->alloc(&items, (size_t)dg->n, "coloring wide vertices"));
  GN_TRY(e.scratch->alloc(&count, 1, "coloring wide vertex count"));
  GN_TRY(gn_memset(e.ctx, count, 0, sizeof *count));
  GN_TRY(gn_memset(e.ctx, st.split, 0, sizeof(color_split) * (size_t)dg->n));
  int grid = 0;
  GN_TRY(gn_arc_grid(e, color_wide_split_kernel, chunks, &grid));
  GN_KERNEL(e, grid, kArcBlock, color_wide_split_kernel, st, dg->cols, self_loops,
            e.call->opts.color_tie, dg->m, chunks, e.edges);
  GN_TRY(gn_resident_grid(e, color_wide_start_kernel, dg->n, &grid));
  GN_KERNEL(e, grid, e.block, color_wide_start_kernel, st, self_loops, items, count);
  GN_TRY(color_wide_order(e, st, self_loops, count, &items));
  color_wide w = {st, items, count, passes, e.edges};
  void *args[] = {&w};
  return gn_cooperative_launch(e, color_wide_async_kernel, args, 0, kColorWideBlock);
}

/* The narrow vertices by color_async.cuh, once the wide ones are colored, with sets of Word and
 * the graph's row offsets as Off; counts: its pass count, then its arrivals (both zeroed). */
template <class Word, class Off>
static gnest_status color_narrow_run(gn_engine &e, const gn_device_graph *dg, const Off *offsets,
                                     const int32_t *self_loops, const color_state &st,
                                     int32_t *counts) {
  gn_scratch &scratch = *e.scratch;
  const size_t n = (size_t)dg->n;
  color_narrow<Word, Off> s = {offsets, dg->cols, self_loops, st.adj, nullptr, nullptr,
                          st.color, dg->n, counts, counts + 1, e.edges, e.call->opts.color_tie};
  GN_TRY(scratch.alloc(&s.poss, n, "coloring possible-color sets"));
  GN_TRY(scratch.alloc(&s.keep, n, "coloring predecessor masks"));
  void *args[] = {&s};
  return gn_cooperative_launch(e, color_narrow_async_kernel<Word, Off>, args, dg->n,
                               kColorNarrowBlock);
}

/* The narrow kernel's form (color_narrow_ctas says why): 32-bit sets where no vertex can have 32
 * predecessors, with the graph's 32-bit offsets where its arcs fit them. */
static gnest_status color_narrow_vertices(gn_engine &e, const gn_device_graph *dg,
                                          const gnest_degree_stats &stats,
                                          const int32_t *self_loops, const color_state &st,
                                          int32_t *counts) {
  if (stats.max >= 32)
    return color_narrow_run<unsigned long long>(e, dg, dg->offsets, self_loops, st, counts);
  const int32_t *offsets32 = nullptr;
  GN_TRY(gn_engine_offsets32(e, dg, &offsets32));
  if (offsets32) return color_narrow_run<unsigned>(e, dg, offsets32, self_loops, st, counts);
  return color_narrow_run<unsigned>(e, dg, dg->offsets, self_loops, st, counts);
}

static gnest_status color_on_device(gn_engine &e, const gnest_graph *g, const gn_device_graph *dg,
                                    gnest_color_method method, int32_t *colors_out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  const int32_t n = dg->n;
  gnest_degree_stats stats; /* cached on the graph after the first call */
  GN_TRY(gnest_graph_stats(ctx, g, &stats));
  GN_TRY(color_check_rows(call, stats));
  const bool async = method == GNEST_COLOR_ASYNC;
  const bool wide = !async || color_degree_bound(call, stats) >= kColorWide; /* one may be */
  color_state st;
  GN_TRY(color_alloc(e, dg, wide, &st));
  /* counts: the wide and the narrow loop's passes, then the narrow kernel's arrivals */
  int32_t *self_loops = nullptr, *counts = nullptr;
  if (stats.self_loops > 0) GN_TRY(e.scratch->alloc(&self_loops, (size_t)n, "coloring self-loops"));
  if (async) {
    GN_TRY(e.scratch->alloc(&counts, 3, "coloring pass counts"));
    GN_TRY(gn_memset(ctx, counts, 0, 3 * sizeof(int32_t)));
  }

  GN_TRY(gn_timer_start(ctx));
  if (self_loops) {
    const gnest_color_tie tie = call->opts.color_tie;
    const self_loop_visitor loops = {{dg->offsets, dg->cols}, self_loops,
                                     tie == GNEST_COLOR_TIE_ID ? -1 : 1};
    GN_TRY(gn_run_pass(e, loops, gn_all_items(n), 0, nullptr, nullptr, 0));
  }
  if (!async) GN_TRY(color_rounds(e, dg, self_loops, st));
  else if (wide)
    GN_TRY(color_wide_vertices(e, dg, self_loops, stats.edges_above_32 < kColorListChunksBelow,
                               st, counts));
  if (async) GN_TRY(color_narrow_vertices(e, dg, stats, self_loops, st, counts + 1));
  GN_TRY(gn_engine_close(&e));
  if (async) { /* the asynchronous loops' passes count as the call's iterations */
    int32_t count[2] = {0, 0};
    GN_TRY(gn_to_host(ctx, count, counts, sizeof count));
    call->iterations = count[0] + count[1];
  }
  return gn_to_host(ctx, colors_out, st.color, sizeof(int32_t) * (size_t)n);
}

/* The colors' count on host threads (a serial pass over 16.8 M colors is milliseconds of the
 * call): thread t takes its share of the vertices (gn_parallel_share). */
struct color_count_job {
  const int32_t *colors;
  int32_t n, threads;
  int32_t highest[kGnMaxThreads];
  int32_t first_uncolored[kGnMaxThreads]; /* the share's first vertex without a color, or -1 */
};

static void color_count_share(void *arg, int t) {
  color_count_job &j = *static_cast<color_count_job *>(arg);
  int64_t from, to;
  gn_parallel_share(j.n, t, j.threads, &from, &to);
  int32_t highest = -1, lowest = 0;
  for (int64_t v = from; v < to; ++v) { /* no early exit: a branch-free loop vectorises */
    highest = j.colors[v] > highest ? j.colors[v] : highest;
    lowest = j.colors[v] < lowest ? j.colors[v] : lowest;
  }
  j.highest[t] = highest;
  j.first_uncolored[t] = -1;
  for (int64_t v = from; lowest < 0 && v < to; ++v)
    if (j.colors[v] < 0) {
      j.first_uncolored[t] = (int32_t)v;
      break;
    }
}

/* Color count, and a guard: a vertex left uncolored would be a bug in the rounds above. */
static gnest_status count_colors(gn_call *call, const int32_t *colors, int32_t n,
                                 int32_t *num_colors) {
  color_count_job j;
  j.colors = colors;
  j.n = n;
  j.threads = gn_parallel_threads_for(n);
  gn_parallel_run(j.threads, color_count_share, &j);
  int32_t highest = -1;
  for (int t = 0; t < j.threads; ++t) {
    if (j.first_uncolored[t] >= 0)
      return gn_error(call->ctx, GNEST_ERR_INTERNAL, call->fn, 0,
                      "vertex %d was left uncolored by the %s backend", j.first_uncolored[t],
                      gnest_backend_name(call->backend));
    if (j.highest[t] > highest) highest = j.highest[t];
  }
  *num_colors = highest + 1;
  return GNEST_OK;
}

gnest_status gnest_color(gnest_ctx *ctx, const gnest_graph *g, int32_t *colors,
                         int32_t *num_colors, const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_COLOR, "gnest_color", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, colors, "colors"));
        GN_TRY(gn_need_output(&call, num_colors, "num_colors"));
        return gn_need_undirected(&call, g, "coloring");
      },
      [&](gn_cpu_counts *c) {
        return gn_cpu_color(&g->csr, call.opts.color_tie, colors, num_colors, c);
      },
      [&](gn_engine &e, const gn_device_graph *dg) {
        const gnest_color_method method = color_pick(&call); /* named even for no vertex */
        if (g->csr.n > 0) GN_TRY(color_on_device(e, g, dg, method, colors));
        return count_colors(&call, colors, g->csr.n, num_colors);
      });
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_color(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                          const gnest_options *opts, gnest_info *info) {
  return gnest_color(ctx, in->graph, out->values_i32, &out->num_colors, opts, info);
}
