/* Non-template parts of the nested-loop engine: per-call state and work-list buffers. */
#include "engine.cuh"

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
  e->schedule = call->opts.schedule;
  e->block = call->opts.block_size;
  e->threshold = call->opts.threshold;
  e->wboost = call->opts.wboost;
  e->sm_count = ctx->dev->sm_count;
  GN_TRY(scratch->alloc(&e->sched, 8, "engine scheduling counters"));
  GN_TRY(scratch->alloc(&e->edges, 1, "engine edge counter"));
  GN_TRY(scratch->alloc(&e->flags, 4, "engine flags"));
  GN_TRY(gn_memset(ctx, e->sched, 0, 8 * sizeof(unsigned int)));
  GN_TRY(gn_memset(ctx, e->edges, 0, sizeof(unsigned long long)));
  return gn_memset(ctx, e->flags, 0, 4 * sizeof(int32_t));
}

gnest_status gn_engine_finish(gn_engine *e) {
  int32_t flags[4];
  unsigned long long edges = 0;
  GN_TRY(gn_to_host(e->ctx, flags, e->flags, sizeof flags));
  GN_TRY(gn_to_host(e->ctx, &edges, e->edges, sizeof edges));
  if (flags[0])
    return gn_error(e->ctx, GNEST_ERR_INTERNAL, e->call->fn, 0,
                    "a work list overflowed its capacity (results discarded)");
  if (flags[1])
    return gn_error(e->ctx, GNEST_ERR_INTERNAL, e->call->fn, 0,
                    "the lazynp saved-context buffer overflowed (results discarded)");
  e->call->launches += e->launches;
  e->call->edges_visited += (int64_t)edges;
  return GNEST_OK;
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

gnest_status gn_lazynp_reserve(gn_engine &e, int32_t capacity) {
  if (capacity < 1) capacity = 1;
  if (e.saved_items && e.saved_capacity >= capacity) return GNEST_OK;
  /* Earlier, smaller buffers stay in the scratch until the call ends. */
  GN_TRY(e.scratch->alloc(&e.saved_items, (size_t)capacity, "lazynp saved items"));
  GN_TRY(e.scratch->alloc(&e.saved_begin, (size_t)capacity, "lazynp saved contexts"));
  GN_TRY(e.scratch->alloc(&e.saved_count, 1, "lazynp saved count"));
  e.saved_capacity = capacity;
  return gn_memset(e.ctx, e.saved_count, 0, sizeof(int32_t));
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
