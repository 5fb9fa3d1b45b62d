/* gnest_scc: strongly connected components by forward-backward coloring (Orzan 2004; Slota,
 * Rajamanickam & Madduri, "BFS and coloring-based parallel algorithms for strongly connected
 * components and related problems", IPDPS 2014). Rounds over the active vertices (those whose
 * component is not found yet):
 *   1. trim: an active vertex without an arc from or to another active vertex is a component of
 *      its own, and so, once it is found, may be its neighbours: a count pass, then a peel from
 *      the sources over the graph and one from the sinks over the reverse graph (frontier loops,
 *      scc_peel_visitor), so a chain of single-vertex components goes in one round;
 *   2. forward coloring (scc_forward_visitor, a frontier loop from every active vertex): color[v]
 *      = the smallest active id that reaches v;
 *   3. backward search (scc_backward_visitor, a frontier loop over the reverse graph from every
 *      root r, color[r] == r) through the vertices of r's color: exactly r's component, whose
 *      smallest id is r.
 * Found vertices leave the active set (color -1); every round finds at least the component of
 * the smallest active id. The labels are the CPU's (Tarjan, src/cpu/cc.c) on every backend. The
 * reverse graph is built on the device once per call (two passes and a scan). */
#include "algos/prims.cuh"
#include "algos/components.cuh"
#include "algos/scc.cuh"

struct scc_state {
  int32_t *label;    /* the component's smallest id; -1 while not found */
  int32_t *color;    /* scc.cuh: -1 once found */
  int32_t *queued;   /* scc_forward_visitor's stamps */
  int32_t *in, *out; /* scc_count_visitor's counts */
  int64_t *roffsets; /* the reverse graph [n + 1] */
  int32_t *rcols;    /* [m] */
};

__global__ void scc_unfound_kernel(int32_t *label, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) { label[v] = -1; });
}

/* A round's start: active vertices take their id as color, found ones -1; counts cleared. */
__global__ void scc_reset_kernel(scc_state s, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) {
    s.color[v] = s.label[v] < 0 ? (int32_t)v : -1;
    s.in[v] = 0;
    s.out[v] = 0;
    s.queued[v] = -1;
  });
}

/* A peel's start (scc_peel_visitor): the active vertices whose count is 0 are found (each its
 * own component) and listed in items (count zeroed before). */
__global__ void scc_peel_seed_kernel(scc_state s, const int32_t *arcs, int32_t n, int32_t *items,
                                     int32_t *count) {
  gn_for_each_index(n, [&](int64_t i) {
    const int32_t v = (int32_t)i;
    if (s.color[v] < 0 || arcs[v] != 0) return;
    s.label[v] = v;
    s.color[v] = -1;
    items[gn_append_slot(count)] = v;
  });
}

/* The active vertices after the trim, listed in items (count zeroed before): the forward loop's
 * level 0. */
__global__ void scc_active_kernel(scc_state s, const int32_t *, int32_t n, int32_t *items,
                                  int32_t *count) {
  gn_for_each_index(n, [&](int64_t i) {
    if (s.color[i] >= 0) items[gn_append_slot(count)] = (int32_t)i;
  });
}

/* The roots of the forward colors (color[r] == r: no smaller active id reaches r) label
 * themselves and are listed in items (count zeroed before): the backward loop's level 0. */
__global__ void scc_roots_kernel(scc_state s, const int32_t *, int32_t n, int32_t *items,
                                 int32_t *count) {
  gn_for_each_index(n, [&](int64_t i) {
    const int32_t v = (int32_t)i;
    if (s.color[v] != v) return;
    s.label[v] = v;
    items[gn_append_slot(count)] = v;
  });
}

/* The reverse graph (scc_reverse_visitor): in-arc counts, their scan into roffsets, the rows. */
static gnest_status scc_reverse(gn_engine &e, const gn_device_graph *dg, const scc_state &s,
                                int32_t *fill) {
  const int32_t n = dg->n;
  const size_t fill_bytes = sizeof(int32_t) * ((size_t)n + 1);
  GN_TRY(gn_memset(e.ctx, fill, 0, fill_bytes));
  const scc_reverse_visitor count = {{dg->offsets, dg->cols}, fill, nullptr, nullptr};
  GN_TRY(gn_run_pass(e, count, gn_all_items(n), 0, nullptr, nullptr, 0));
  GN_TRY(gn_engine_check(&e)); /* a dropped row's counts would misplace every row after it */
  GN_TRY(gn_cub(e, "SCC reverse offsets", [&](void *tmp, size_t &bytes) {
    return cub::DeviceScan::ExclusiveScan(tmp, bytes, fill, s.roffsets, cuda::std::plus<>{},
                                          (int64_t)0, (int64_t)n + 1, e.stream);
  }));
  GN_TRY(gn_memset(e.ctx, fill, 0, fill_bytes));
  const scc_reverse_visitor place = {{dg->offsets, dg->cols}, fill, s.roffsets, s.rcols};
  return gn_run_pass(e, place, gn_all_items(n), 0, nullptr, nullptr, 0);
}

/* Level 0 of f from a kernel of ours: every count zeroed, then kernel(s, arcs, n, items,
 * &counts[0]); *count (when not NULL) receives that level's length. */
template <class K>
static gnest_status scc_seed(gn_engine &e, gn_frontier &f, K kernel, const scc_state &s,
                             const int32_t *arcs, int32_t n, int32_t *count) {
  GN_TRY(gn_memset(e.ctx, f.counts, 0, sizeof(int32_t) * ((size_t)f.max_levels + 2)));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, kernel, s, arcs, n, f.items, f.counts);
  if (!count) return GNEST_OK;
  GN_TRY(gn_to_host(e.ctx, count, f.counts, sizeof *count));
  return gn_engine_check(&e); /* dropped work makes wrong colors: stop before acting on them */
}

/* The trim (file comment, step 1): the count pass, the peel from the sources, the peel from the
 * sinks. */
static gnest_status scc_trim(gn_engine &e, const gn_device_graph *dg, const scc_state &s,
                             gn_frontier &f, int32_t round) {
  const int32_t n = dg->n;
  int32_t levels = 0;
  const scc_count_visitor count = {{dg->offsets, dg->cols}, s.color, s.in, s.out};
  GN_TRY(gn_run_pass(e, count, gn_all_items(n), round, nullptr, nullptr, 0));
  const scc_peel_visitor sources = {{dg->offsets, dg->cols}, s.color, s.label, s.in};
  GN_TRY(scc_seed(e, f, scc_peel_seed_kernel, s, s.in, n, nullptr));
  GN_TRY(gn_run_frontier(e, sources, f, &levels));
  const scc_peel_visitor sinks = {{s.roffsets, s.rcols}, s.color, s.label, s.out};
  GN_TRY(scc_seed(e, f, scc_peel_seed_kernel, s, s.out, n, nullptr));
  return gn_run_frontier(e, sinks, f, &levels);
}

static gnest_status scc_on_device(gn_engine &e, const gnest_graph *, const gn_device_graph *dg,
                                  int32_t *labels_out) {
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  scc_state s;
  int32_t *fill = nullptr;
  gn_frontier f;
  GN_TRY(scratch.alloc(&s.label, (size_t)n, "SCC labels"));
  GN_TRY(scratch.alloc(&s.color, (size_t)n, "SCC colors"));
  GN_TRY(scratch.alloc(&s.queued, (size_t)n, "SCC queue stamps"));
  GN_TRY(scratch.alloc(&s.in, (size_t)n, "SCC trim in-arc counts"));
  GN_TRY(scratch.alloc(&s.out, (size_t)n, "SCC trim out-arc counts"));
  GN_TRY(scratch.alloc(&s.roffsets, (size_t)n + 1, "SCC reverse offsets"));
  GN_TRY(scratch.alloc(&s.rcols, (size_t)dg->m + 1, "SCC reverse arcs"));
  GN_TRY(scratch.alloc(&fill, (size_t)n + 1, "SCC reverse fill"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));

  GN_TRY(gn_timer_start(ctx));
  GN_TRY(scc_reverse(e, dg, s, fill));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, scc_unfound_kernel, s.label, n);
  const scc_forward_visitor forward = {{dg->offsets, dg->cols}, s.color, s.queued};
  const scc_backward_visitor backward = {{s.roffsets, s.rcols}, s.color, s.label};
  for (int32_t round = 0;; ++round) { /* each round finds a component: at most n rounds */
    GN_KERNEL(e, gn_grid_for(n, e.block), e.block, scc_reset_kernel, s, n);
    GN_TRY(scc_trim(e, dg, s, f, round));
    int32_t active = 0, levels = 0;
    GN_TRY(scc_seed(e, f, scc_active_kernel, s, nullptr, n, &active));
    e.call->iterations = round + 1;
    if (active == 0) break;
    GN_TRY(gn_run_frontier(e, forward, f, &levels));
    int32_t roots = 0;
    GN_TRY(scc_seed(e, f, scc_roots_kernel, s, nullptr, n, &roots));
    GN_TRY(gn_run_frontier(e, backward, f, &levels));
  }
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(ctx, labels_out, s.label, sizeof(int32_t) * (size_t)n);
}

gnest_status gnest_scc(gnest_ctx *ctx, const gnest_graph *g, int32_t *labels,
                       int32_t *num_components, const gnest_options *opts, gnest_info *info) {
  return gn_components_call(ctx, GNEST_ALGO_SCC, "gnest_scc", g, labels, num_components, opts,
                            info, gn_cpu_scc, scc_on_device);
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_scc(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                        const gnest_options *opts, gnest_info *info) {
  return gnest_scc(ctx, in->graph, out->values_i32, &out->num_components, opts, info);
}
