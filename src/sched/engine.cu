/* Non-template parts of the nested-loop engine: per-call state, work-list buffers, and the loops
 * (frontier in swap and history modes, fixed level schedules) that run a backend's passes when
 * it has no fused device-side loop of its own. */
#include "sched/engine_impl.cuh"
#include "core/stats.h"

gnest_status gn_engine_init(gn_engine *e, gn_call *call, gn_scratch *scratch) {
  gnest_ctx *ctx = call->ctx;
  if (!ctx->dev)
    return gn_error(ctx, GNEST_ERR_NO_DEVICE, call->fn, 0, "backend %s needs a CUDA device",
                    gnest_backend_name(call->backend));
  *e = gn_engine{};
  e->ctx = ctx;
  e->call = call;
  e->scratch = scratch;
  e->stream = ctx->dev->stream;
  e->backend = call->backend;
  e->dynamic = call->opts.schedule == GNEST_SCHEDULE_DYNAMIC;
  e->block = call->opts.block_size;
  e->sm_count = ctx->dev->sm_count;
  /* Device memory even in a managed scratch: only kernels and copies touch them, and every CTA of
   * every pass takes its chunks from e->pass, so a page of theirs on the host would cost a GPU
   * fault on each SM each pass. */
  GN_TRY(scratch->alloc_device(&e->pass, 1, "engine pass counters"));
  GN_TRY(scratch->alloc_device(&e->edges, 1, "engine edge counter"));
  GN_TRY(scratch->alloc_device(&e->flags, 1, "engine flags"));
  GN_TRY(gn_memset(ctx, e->pass, 0, sizeof *e->pass));
  GN_TRY(gn_memset(ctx, e->edges, 0, sizeof *e->edges));
  return gn_memset(ctx, e->flags, 0, sizeof *e->flags);
}

gnest_status gn_engine_finish(gn_engine *e) {
  gn_engine_flags flags;
  unsigned long long edges = 0;
  GN_TRY(gn_to_host(e->ctx, &flags, e->flags, sizeof flags));
  GN_TRY(gn_to_host(e->ctx, &edges, e->edges, sizeof edges));
  if (flags.push_overflow || e->host_overflow)
    return gn_error(e->ctx, GNEST_ERR_INTERNAL, e->call->fn, 0,
                    "a work list overflowed its capacity (results discarded)");
  if (e->finish_backend) GN_TRY(e->finish_backend(*e));
  e->call->launches += e->launches;
  e->call->backend_passes += e->backend_passes;
  e->call->own_passes += e->launches - e->backend_launches;
  e->call->grid_barriers -= flags.barriers_skipped;
  e->call->edges_visited += (int64_t)(edges + e->host_edges);
  return GNEST_OK;
}

gnest_status gn_engine_check(gn_engine *e) {
  return e->check_backend ? e->check_backend(*e) : GNEST_OK;
}

/* A backend whose passes run on host threads too (registry WHERE HYBRID) gets the call's memory
 * managed, so that algorithms, which know nothing of backends, hand both sides addressable
 * buffers; every other backend keeps the pool's device memory and the cached input copy. */
static bool gn_engine_host_work(const gn_call *call) {
  return gn_backend_host_work(call->backend) != 0;
}

gnest_status gn_engine_open(gn_engine *e, gn_call *call, gn_scratch *scratch,
                            const gnest_graph *g, const gn_device_graph **dg) {
  if (gn_engine_host_work(call)) {
    GN_TRY(scratch->set_managed());
    GN_TRY(gn_engine_init(e, call, scratch));
    e->host_work = true;
    GN_TRY(gn_graph_in_scratch(call->ctx, g, *scratch, &e->host_graph));
    *dg = &e->host_graph;
  } else {
    GN_TRY(gn_graph_on_device(call->ctx, g, dg));
    GN_TRY(gn_engine_init(e, call, scratch));
  }
  e->input_offsets = g->csr.offsets;
  e->input_device_offsets = e->host_work ? nullptr : (*dg)->offsets;
  e->input_n = g->csr.n;
  e->input_census = &((gnest_graph *)g)->census;
  return GNEST_OK;
}

gnest_status gn_engine_offsets32(gn_engine &e, const gn_device_graph *dg, const int32_t **out) {
  if (e.host_work) {
    *out = nullptr;
    return GNEST_OK;
  }
  return gn_graph_offsets32(e.ctx, dg, out);
}

gnest_status gn_engine_open(gn_engine *e, gn_call *call, gn_scratch *scratch,
                            const gnest_tree *t, const gn_device_tree **dt) {
  if (gn_engine_host_work(call)) {
    GN_TRY(scratch->set_managed());
    GN_TRY(gn_engine_init(e, call, scratch));
    e->host_work = true;
    GN_TRY(gn_tree_in_scratch(call->ctx, t, *scratch, &e->host_tree));
    *dt = &e->host_tree;
  } else {
    GN_TRY(gn_tree_on_device(call->ctx, t, dt));
    GN_TRY(gn_engine_init(e, call, scratch));
  }
  e->input_offsets = t->child_offsets;
  e->input_device_offsets = e->host_work ? nullptr : (*dt)->child_offsets;
  e->input_n = t->n;
  e->input_census = &((gnest_tree *)t)->census;
  e->input_tree = t;
  return GNEST_OK;
}

gnest_status gn_engine_census(gn_engine &e, int32_t chunk, const gn_row_census **out) {
  gn_row_census &census = *e.input_census;
  *out = &census;
  const int32_t threshold = e.call->opts.threshold;
  if (census.known && census.threshold == threshold && census.chunk == chunk) return GNEST_OK;
  if (e.input_device_offsets)
    return gn_device_row_census(e.ctx, e.input_device_offsets, e.input_n, threshold, chunk,
                                &census);
  gn_row_census_count(e.input_offsets, e.input_n, threshold, chunk, &census);
  return GNEST_OK;
}

gnest_status gn_engine_close(gn_engine *e) {
  GN_TRY(gn_timer_stop(e->ctx, &e->call->time_ms));
  return gn_engine_finish(e);
}

gnest_status gn_frontier_alloc(gn_engine *e, gn_frontier *f, int32_t capacity, int32_t max_levels,
                               bool keep_history) {
  if (capacity < 1) capacity = 1;
  if (max_levels < 1) max_levels = 1;
  f->capacity = capacity;
  f->keep_history = keep_history;
  f->max_levels = max_levels;
  const size_t slots = keep_history ? (size_t)capacity : 2 * (size_t)capacity;
  GN_TRY(e->scratch->alloc(&f->items, slots, "frontier items"));
  GN_TRY(e->scratch->alloc(&f->counts, (size_t)max_levels + 2, "frontier counts"));
  return gn_memset(e->ctx, f->counts, 0, sizeof(int32_t) * ((size_t)max_levels + 2));
}

gnest_status gn_frontier_seed(gn_engine *e, gn_frontier *f, const int32_t *items, int32_t count) {
  if (count > f->capacity)
    return gn_error(e->ctx, GNEST_ERR_INTERNAL, "gn_frontier_seed", 0,
                    "%d seed items exceed the frontier capacity %d", count, f->capacity);
  GN_TRY(gn_to_device(e->ctx, f->items, items, sizeof(int32_t) * (size_t)count));
  return gn_to_device(e->ctx, f->counts, &count, sizeof count);
}

gnest_status gn_frontier_counts(gn_engine *e, const gn_frontier *f, int32_t levels, int32_t *out) {
  if (levels <= 0) return GNEST_OK;
  return gn_to_host(e->ctx, out, f->counts, sizeof(int32_t) * (size_t)levels);
}

gnest_status gn_engine_level_offsets(gn_engine *e, const int64_t *h_offsets, int32_t num_levels,
                                     int64_t **d_offsets) {
  if (!e->level_offsets || e->level_offsets_capacity < num_levels + 1) {
    /* Geometric growth: a call that meets ever deeper schedules (BC over many sources) keeps a
     * logarithmic number of buffers in its scratch. */
    int64_t cap = 2 * (int64_t)e->level_offsets_capacity;
    if (cap < 1024) cap = 1024;
    if (cap < (int64_t)num_levels + 1) cap = (int64_t)num_levels + 1;
    GN_TRY(e->scratch->alloc(&e->level_offsets, (size_t)cap, "level offsets"));
    e->level_offsets_capacity = (int32_t)(cap < INT32_MAX ? cap : INT32_MAX);
  }
  *d_offsets = e->level_offsets;
  return gn_to_device(e->ctx, e->level_offsets, h_offsets,
                      sizeof(int64_t) * ((size_t)num_levels + 1));
}

/* ---- loops ---------------------------------------------------------------------------- */

/* Before a loop: the backend sizes its state, and will check its own flags at the end. */
gnest_status gn_engine_prepare(gn_engine &e, const gn_ops &ops, int64_t max_items) {
  e.finish_backend = ops.finish;
  e.check_backend = ops.check;
  return ops.prepare ? ops.prepare(e, max_items < 1 ? 1 : max_items) : GNEST_OK;
}

static gnest_status gn_no_pass(gn_engine &e) {
  return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0,
                  "backend %s was not instantiated with a pass for this visitor (kLoops)",
                  gnest_backend_name(e.backend));
}

/* After a loop of the engine that began when e.launches was `before`: its launches were the
 * backend's, and it ran `passes` passes (gnest_info.backend_passes, own_passes). */
static void gn_engine_tally(gn_engine &e, int64_t before, int64_t passes) {
  e.backend_launches += e.launches - before;
  e.backend_passes += passes;
}

gnest_status gn_engine_pass(gn_engine &e, const gn_ops &ops, const void *v, const gn_items &items,
                            const gn_step &s) {
  if (!ops.pass) return gn_no_pass(e);
  const int64_t before = e.launches;
  GN_TRY(gn_engine_prepare(e, ops, items.n));
  GN_TRY(ops.pass(e, v, items, s));
  gn_engine_tally(e, before, 1);
  return GNEST_OK;
}

/* History mode: a pass per level, then the next level's size is read back, because the next
 * level's position in the history depends on it. */
static gnest_status gn_frontier_history(gn_engine &e, const gn_ops &ops, const void *v,
                                        gn_frontier &f, int32_t *levels) {
  int64_t base = 0;
  int32_t count = 0;
  GN_TRY(gn_to_host(e.ctx, &count, f.counts, sizeof count));
  int32_t l = 0;
  for (; l < f.max_levels && count > 0; ++l) {
    const int64_t room = gn_level_room(f, base);
    if (count > room) count = (int32_t)room;
    const gn_items in = {gn_level_items(f, l, base), count, nullptr};
    GN_TRY(ops.pass(e, v, in, gn_level_step(f, l, base, count, &e.flags->push_overflow)));
    base += count;
    GN_TRY(gn_to_host(e.ctx, &count, &f.counts[l + 1], sizeof count));
  }
  *levels = l;
  return GNEST_OK;
}

/* Swap mode. Each level's size stays on the device (the passes read it), so the host queues
 * levels in batches without waiting, and reads the batch's sizes back once: the first empty
 * level ends the loop, and levels queued after it find no work. Batches grow 2, 4, ..., 64
 * levels, so shallow graphs (rmat: 6 levels) queue few empty levels and deep ones (road
 * networks: 1,000+ levels) pay one round trip per 64 levels instead of one per level. */
static gnest_status gn_frontier_swap(gn_engine &e, const gn_ops &ops, const void *v,
                                     gn_frontier &f, int32_t *levels) {
  enum { kMaxBatch = 64 };
  int32_t sizes[kMaxBatch];
  GN_TRY(gn_to_host(e.ctx, sizes, f.counts, sizeof(int32_t)));
  if (sizes[0] == 0) { *levels = 0; return GNEST_OK; }
  int32_t l = 0, batch = 2;
  while (l < f.max_levels) {
    const int32_t end = f.max_levels - l < batch ? f.max_levels : l + batch;
    for (int32_t k = l; k < end; ++k) {
      const gn_items in = {gn_level_items(f, k, 0), f.capacity, &f.counts[k]};
      /* The count is on the device: the step's capacity does not depend on it in swap mode. */
      GN_TRY(ops.pass(e, v, in, gn_level_step(f, k, 0, 0, &e.flags->push_overflow)));
    }
    GN_TRY(gn_to_host(e.ctx, sizes, &f.counts[l + 1], sizeof(int32_t) * (size_t)(end - l)));
    for (int32_t k = l; k < end; ++k)
      if (sizes[k - l] == 0) { *levels = k + 1; return GNEST_OK; }
    l = end;
    if (batch < kMaxBatch) batch *= 2;
  }
  *levels = l;
  return GNEST_OK;
}

static gnest_status gn_frontier_run(gn_engine &e, const gn_ops &ops, const void *v,
                                    gn_frontier &f, int32_t *levels) {
  GN_TRY(gn_engine_prepare(e, ops, f.capacity));
  if (ops.frontier) return ops.frontier(e, v, f, levels);
  if (!ops.pass) return gn_no_pass(e);
  return f.keep_history ? gn_frontier_history(e, ops, v, f, levels)
                        : gn_frontier_swap(e, ops, v, f, levels);
}

/* A level counts as a pass when it ran (the levels swap mode queues past the last one find no
 * items and are not counted, as in gnest_info.iterations). */
gnest_status gn_engine_frontier(gn_engine &e, const gn_ops &ops, const void *v, gn_frontier &f,
                                int32_t *levels) {
  const int64_t before = e.launches;
  GN_TRY(gn_frontier_run(e, ops, v, f, levels));
  gn_engine_tally(e, before, *levels);
  return GNEST_OK;
}

static gnest_status gn_levels_run(gn_engine &e, const gn_ops &ops, const void *v,
                                  const gn_schedule &sched) {
  int64_t widest = 0;
  for (int32_t l = 0; l < sched.num_levels; ++l) {
    const int64_t width = sched.h_offsets[l + 1] - sched.h_offsets[l];
    if (width > widest) widest = width;
  }
  GN_TRY(gn_engine_prepare(e, ops, widest));
  if (sched.num_levels <= 0) return GNEST_OK;
  if (ops.levels) return ops.levels(e, v, sched);
  if (!ops.pass) return gn_no_pass(e);
  for (int32_t li = 0; li < sched.num_levels; ++li) {
    const int32_t l = sched.reverse ? sched.num_levels - 1 - li : li;
    const int64_t first = sched.h_offsets[l];
    const gn_items in = {sched.items + first, (int32_t)(sched.h_offsets[l + 1] - first), nullptr};
    const gn_step s = {l, nullptr, nullptr, 0, &e.flags->push_overflow};
    GN_TRY(ops.pass(e, v, in, s));
  }
  return GNEST_OK;
}

gnest_status gn_engine_levels(gn_engine &e, const gn_ops &ops, const void *v,
                              const gn_schedule &sched) {
  const int64_t before = e.launches;
  GN_TRY(gn_levels_run(e, ops, v, sched));
  gn_engine_tally(e, before, sched.num_levels > 0 ? sched.num_levels : 0);
  return GNEST_OK;
}
