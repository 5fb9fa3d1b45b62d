/* The nested-loop engine as an algorithm's driver sees it (DESIGN.md section 3; contract in
 * src/sched/README.md): work lists (frontiers, item lists, level schedules), the engine of a call,
 * its set-up and tear-down, kernel launches, and the entry points that run a visitor
 * (sched/visitor.cuh) with the call's backend. Algorithms include this header and never name a
 * backend; backends include sched/engine_impl.cuh (this header and what only they use) and never
 * name an algorithm.
 *
 * Build structure: the backends' kernels are instantiated once, in each backend's own
 * translation unit, for every visitor of visitors.cuh; an algorithm's file sees only the
 * declarations below (gn_ops_<ID><V>() for every device backend of backends.def). */
#ifndef GNEST_ENGINE_CUH
#define GNEST_ENGINE_CUH

#include <cooperative_groups.h>
#include <cstring>
#include <type_traits>
#include "core/device.cuh"
#include "sched/run.h"
#include "sched/visitor.cuh"

/* A frontier (work list sequence) for gn_run_frontier. Level l's items: in history mode
 * items[sum counts[0..l-1] ...] (every level kept, in order, for a later backward pass); in swap
 * mode one of two halves of items, alternating. counts[l] is level l's length (device). */
struct gn_frontier {
  int32_t *items;
  int32_t capacity;    /* history: total over all levels; swap: per level */
  bool keep_history;
  int32_t *counts;     /* device [max_levels + 2], zeroed by gn_frontier_alloc */
  int32_t max_levels;
};

/* The layout of frontier level l, in one place for the engine's host loop and for backends'
 * fused device loops. base: history mode, the first position of level l (the sum of the earlier
 * levels' counts); ignored in swap mode. */
__host__ __device__ __forceinline__ int32_t *gn_level_items(const gn_frontier &f, int32_t l,
                                                            int64_t base) {
  return f.keep_history ? f.items + base : f.items + (int64_t)(l & 1) * f.capacity;
}
/* The step of level l holding count items: pushes go to level l + 1. */
__host__ __device__ __forceinline__ gn_step gn_level_step(const gn_frontier &f, int32_t l,
                                                          int64_t base, int64_t count,
                                                          int32_t *overflow) {
  gn_step s;
  s.level = l;
  s.out_count = &f.counts[l + 1];
  s.overflow = overflow;
  if (f.keep_history) {
    s.out_items = f.items + base + count;
    s.out_capacity = (int32_t)(f.capacity - (base + count));
  } else {
    s.out_items = f.items + (int64_t)((l + 1) & 1) * f.capacity;
    s.out_capacity = f.capacity;
  }
  return s;
}

/* Items of a single pass: the identity range [0, n) when list is NULL, else list[0 .. count)
 * where count is read from d_count on the device when non-NULL, or is n. */
struct gn_items {
  const int32_t *list;
  int32_t n;
  const int32_t *d_count;
};
static inline gn_items gn_all_items(int32_t n) { gn_items r = {nullptr, n, nullptr}; return r; }

/* A fixed level schedule: level l is items[h_offsets[l] .. h_offsets[l+1]) (device items, host
 * offsets); levels run one after another, deepest first when reverse. tree: set by
 * gn_run_recursive when the schedule is that tree's own level order; its parent/child arcs are
 * then the only dependencies, so a backend may run it in any order that finishes a node's
 * children before the node (the static level scheduler runs small subtrees bottom-up inside
 * one CTA); NULL for gn_run_levels. */
struct gn_schedule {
  const int32_t *items;
  const int64_t *h_offsets;
  int32_t num_levels;
  bool reverse;
  const gnest_tree *tree;
};

/* ---- the engine ------------------------------------------------------------------------- */

/* Device flags of a call, each with one meaning. */
struct gn_engine_flags {
  int32_t push_overflow; /* a push exceeded its work list's capacity */
  int32_t levels_run;    /* written by fused frontier loops: levels run */
  int32_t barriers_saved; /* written by flat's frontier loop: of one grid barrier a level, those
                             its one-CTA stretches did without (flat.cuh) */
  int32_t barriers_skipped; /* grid barriers counted on the host for passes that found no items
                               on the device and returned at once (freelaunch.cu) */
};

/* Dynamic loop scheduling counters of single passes (sched/engine_impl.cuh). */
struct gn_pass_counters;

/* The state of one algorithm call's engine. */
struct gn_engine {
  gnest_ctx *ctx;
  gn_call *call;
  gn_scratch *scratch;
  cudaStream_t stream;
  gnest_backend backend;
  bool dynamic;           /* dynamic loop scheduling (else static cyclic) */
  int32_t block;          /* threads per block */
  int sm_count;
  int64_t launches;       /* host launches made through the engine and by the algorithm */
  int64_t backend_launches; /* those made inside the engine's loops (the backend's) */
  int64_t backend_passes;   /* passes the engine's loops ran (gnest_info.backend_passes) */
  gn_pass_counters *pass;     /* device */
  unsigned long long *edges;  /* device: inner iterations */
  gn_engine_flags *flags;     /* device */
  int64_t *level_offsets;     /* device copy of a level schedule's offsets (grow-only) */
  int32_t level_offsets_capacity;
  gnest_status (*finish_backend)(gn_engine &e); /* the running backend's gn_ops::finish */
  gnest_status (*check_backend)(gn_engine &e);  /* and its gn_ops::check */
  const int64_t *input_offsets; /* host: the input's rows (graph CSR, tree children) [n + 1] */
  const int64_t *input_device_offsets; /* the same on the device; NULL with host_work */
  int32_t input_n;
  gn_row_census *input_census;  /* the input's cached row census (mutable cache of a const input) */
  const gnest_tree *input_tree; /* the tree of a tree algorithm's call, else NULL */
  /* Backends whose passes also run on host threads (WHERE HYBRID): the call's scratch is managed
   * memory, and the input's copy for the call is made in it (host_graph / host_tree, handed to
   * the algorithm instead of the cached device copy). The engine's own counters above stay
   * device memory (gn_scratch::alloc_device): the host threads keep theirs here, in host memory,
   * so that no pass moves a managed page for bookkeeping; gn_engine_finish adds them in. */
  bool host_work;
  gn_device_graph host_graph;
  gn_device_tree host_tree;
  unsigned long long host_edges; /* inner iterations run on host threads */
  int32_t host_overflow;         /* a host thread's push exceeded its work list (gn_host_step) */
  /* The running backend's own state (gn_backend_state); zeroed by gn_engine_init. */
  alignas(16) unsigned char backend_state[256];
};

/* GNEST_OK unless the running backend has dropped work so far (a refused device-side launch:
 * GNEST_ERR_LAUNCH_LIMIT). An algorithm that reads results back between loops and acts on them
 * (indexes with them, counts them) calls it there, so that a partial result is reported as the
 * error it is rather than acted on. Free for the backends without a check; one small
 * synchronising copy for the others. */
gnest_status gn_engine_check(gn_engine *e);

/* The set-up every algorithm's device path starts with: the graph's (or tree's) device copy,
 * then the engine on the call's scratch (then gn_engine_ready). */
gnest_status gn_engine_open(gn_engine *e, gn_call *call, gn_scratch *scratch,
                            const gnest_graph *g, const gn_device_graph **dg);
gnest_status gn_engine_open(gn_engine *e, gn_call *call, gn_scratch *scratch,
                            const gnest_tree *t, const gn_device_tree **dt);
/* The graph's row offsets in 32 bits for dg, the graph gn_engine_open handed out
 * (gn_graph_offsets32), or *out NULL: past INT32_MAX arcs, and for a call with its own copy of
 * the input (host_work: no such call asks yet, coloring does not run on the hybrids), where the
 * caller reads the 64-bit offsets. */
gnest_status gn_engine_offsets32(gn_engine &e, const gn_device_graph *dg, const int32_t **out);
/* The type of an input's device copy (declarations only, for decltype). */
const gn_device_graph *gn_device_copy_of(const gnest_graph *);
const gn_device_tree *gn_device_copy_of(const gnest_tree *);
/* The tear-down: stops the call's timer (started by the algorithm after its allocations) and
 * finishes the engine. */
gnest_status gn_engine_close(gn_engine *e);

gnest_status gn_frontier_alloc(gn_engine *e, gn_frontier *f, int32_t capacity, int32_t max_levels,
                               bool keep_history);
/* Sets level 0 to the given host items. */
gnest_status gn_frontier_seed(gn_engine *e, gn_frontier *f, const int32_t *items, int32_t count);
/* Copies counts[0..levels) to the host. */
gnest_status gn_frontier_counts(gn_engine *e, const gn_frontier *f, int32_t levels, int32_t *out);

/* Grid size for a simple element-wise kernel of the algorithm's own. */
static inline int gn_grid_for(int64_t n, int block) {
  int64_t g = (n + block - 1) / block;
  if (g < 1) g = 1;
  if (g > 65535LL * 32) g = 65535LL * 32;
  return (int)g;
}

/* CTA throttling (Ozen ch. 6): as many CTAs as the device holds at once for this kernel, from the
 * occupancy API; never more than `needed` items need (0 = unknown). block: threads per CTA, 0 for
 * the call's (e.block); an algorithm's kernel with a fixed block size names its own. */
template <class K>
gnest_status gn_resident_grid(gn_engine &e, K kernel, int64_t needed, int *grid, int block = 0) {
  if (block <= 0) block = e.block;
  int per_sm = 0;
  GN_CUDA(e.ctx, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
  if (per_sm < 1)
    return gn_error(e.ctx, GNEST_ERR_CUDA, "gn_resident_grid", 0,
                    "kernel cannot run with %d threads per block (registers/shared memory)",
                    block);
  int64_t g = (int64_t)per_sm * e.sm_count;
  if (needed > 0) {
    int64_t want = (needed + block - 1) / block;
    if (want < g) g = want;
  }
  *grid = (int)(g < 1 ? 1 : g);
  return GNEST_OK;
}

/* Launches a cooperative kernel with the resident grid (required for grid.sync), throttled to
 * `needed` items when that is known (0 = not known); block: threads per CTA, 0 for the call's.
 * Used by the persistent backends (flat, freelaunch, levelsched) and by algorithms' own
 * persistent kernels. */
template <class K>
static gnest_status gn_cooperative_launch(gn_engine &e, K kernel, void **args, int64_t needed = 0,
                                          int block = 0) {
  if (block <= 0) block = e.block;
  int grid = 0;
  GN_TRY(gn_resident_grid(e, kernel, needed, &grid, block));
  GN_CUDA(e.ctx, cudaLaunchCooperativeKernel((const void *)kernel, dim3(grid), dim3(block), args,
                                             0, e.stream));
  e.launches++;
  return GNEST_OK;
}

/* Every host-side kernel launch of a call, by backends and algorithms alike: on the engine's
 * stream, counted, and checked. */
#define GN_KERNEL(e, grid, block, kernel, ...)                               \
  do {                                                                       \
    kernel<<<(grid), (block), 0, (e).stream>>>(__VA_ARGS__);                 \
    (e).launches++;                                                          \
    GN_LAUNCHED((e).ctx);                                                    \
  } while (0)

/* ---- dispatch: what the entry points below compile to ----------------------------------- */

/* Algorithms call the entry points (gn_run_*), never these: they are here because the entry
 * points are templates, expanded in each algorithm's file. A backend's side of them is
 * sched/engine_impl.cuh. */

/* What a backend supplies for one visitor type (the visitor is passed type-erased; the backend's
 * instantiation casts it back). pass is required for the entry points that have no fused loop;
 * frontier / levels are optional fused device-side loops (NULL: the engine's host loop runs
 * pass per level). prepare (optional) sizes the backend's state for passes of up to max_items
 * items, before any loop; finish (optional) turns the backend's own device flags into a status
 * at the end of the call; check (optional) says, at any point of the call, whether work the
 * backend was handed has been dropped so far (a refused device-side launch), for the algorithms
 * that act on results between loops (gn_engine_check). */
struct gn_ops {
  gnest_status (*pass)(gn_engine &e, const void *v, const gn_items &items, const gn_step &s);
  gnest_status (*frontier)(gn_engine &e, const void *v, gn_frontier &f, int32_t *levels);
  gnest_status (*levels)(gn_engine &e, const void *v, const gn_schedule &sched);
  gnest_status (*prepare)(gn_engine &e, int64_t max_items);
  gnest_status (*finish)(gn_engine &e);
  gnest_status (*check)(gn_engine &e);
  /* A kernel of the backend's own file: touching it loads the file's device code, which a first
   * call does while its input uploads (gn_code_load_begin). */
  const void *code;
};

/* The engine's loops (engine.cu), run with a backend's gn_ops. */
gnest_status gn_engine_pass(gn_engine &e, const gn_ops &ops, const void *v, const gn_items &items,
                            const gn_step &s);
gnest_status gn_engine_frontier(gn_engine &e, const gn_ops &ops, const void *v, gn_frontier &f,
                                int32_t *levels);
gnest_status gn_engine_levels(gn_engine &e, const gn_ops &ops, const void *v,
                              const gn_schedule &sched);

/* gn_ops_<ID><V>() for every device backend of backends.def: defined, and instantiated for every
 * visitor, in the backend's own file (GN_BACKEND_OPS). */
#define GN_OPS_DECLARE_SELECTOR(ID)
#define GN_OPS_DECLARE_HOST(ID)
#define GN_OPS_DECLARE_PLANNED(ID)
#define GN_OPS_DECLARE_DEVICE(ID) \
  template <class V>              \
  gn_ops gn_ops_##ID();           \
  gn_ops gn_common_ops_##ID();
#define GN_OPS_DECLARE_DEVICE_LAUNCH(ID) GN_OPS_DECLARE_DEVICE(ID)
#define GN_OPS_DECLARE_HYBRID(ID) GN_OPS_DECLARE_DEVICE(ID)
#define GN_BACKEND(ID, NAME, WHERE, ...) GN_OPS_DECLARE_##WHERE(ID)
#include "sched/backends.def"
#undef GN_BACKEND

#define GN_OPS_CASE_SELECTOR(ID)
#define GN_OPS_CASE_HOST(ID)
#define GN_OPS_CASE_PLANNED(ID)
#define GN_OPS_CASE_DEVICE(ID) \
  case GNEST_BACKEND_##ID: *ops = gn_ops_##ID<V>(); return GNEST_OK;
#define GN_OPS_CASE_DEVICE_LAUNCH(ID) GN_OPS_CASE_DEVICE(ID)
#define GN_OPS_CASE_HYBRID(ID) GN_OPS_CASE_DEVICE(ID)

/* The running backend's gn_ops for visitor type V. */
template <class V>
gnest_status gn_ops_for(const gn_engine &e, gn_ops *ops) {
  switch (e.backend) {
#define GN_BACKEND(ID, NAME, WHERE, ...) GN_OPS_CASE_##WHERE(ID)
#include "sched/backends.def"
#undef GN_BACKEND
    default: break;
  }
  return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0, "backend %s has no device loops",
                  gnest_backend_name(e.backend));
}

#define GN_COMMON_OPS_CASE_SELECTOR(ID)
#define GN_COMMON_OPS_CASE_HOST(ID)
#define GN_COMMON_OPS_CASE_PLANNED(ID)
#define GN_COMMON_OPS_CASE_DEVICE(ID) \
  case GNEST_BACKEND_##ID: return gn_common_ops_##ID();
#define GN_COMMON_OPS_CASE_DEVICE_LAUNCH(ID) GN_COMMON_OPS_CASE_DEVICE(ID)
#define GN_COMMON_OPS_CASE_HYBRID(ID) GN_COMMON_OPS_CASE_DEVICE(ID)

/* Backend b's entries that do not depend on the visitor (none for a backend without device
 * loops). */
inline gn_ops gn_common_ops_of(gnest_backend b) {
  switch (b) {
#define GN_BACKEND(ID, NAME, WHERE, ...) GN_COMMON_OPS_CASE_##WHERE(ID)
#include "sched/backends.def"
#undef GN_BACKEND
    default: break;
  }
  return gn_ops{};
}

/* The running backend's. */
inline gn_ops gn_common_ops_for(const gn_engine &e) { return gn_common_ops_of(e.backend); }

/* Before a loop (engine.cu): the backend sizes its state for passes of up to max_items items,
 * and will check its own flags at the end. */
gnest_status gn_engine_prepare(gn_engine &e, const gn_ops &ops, int64_t max_items);

/* The backend prepared for passes over the input's items before the timed region: the census of
 * the input's rows (kept with the input for later calls), rules read from it and buffers sized,
 * so that time_ms holds the algorithm's work and setup_ms this one-time work (a first freelaunch
 * call counted its census and queues in its time). A loop over more items grows the buffers. */
inline gnest_status gn_engine_ready(gn_engine &e) {
  return gn_engine_prepare(e, gn_common_ops_for(e), e.input_n);
}

/* ---- the entry points algorithms call ------------------------------------------------- */

/* One pass over items. out (may be NULL) receives pushes; level is passed to the visitor. */
template <class V>
gnest_status gn_run_pass(gn_engine &e, const V &v, gn_items items, int32_t level,
                         int32_t *out_items, int32_t *out_count, int32_t out_capacity) {
  static_assert(V::kLoops & GN_LOOP_PASS, "visitor not declared for passes (kLoops)");
  gn_ops ops;
  GN_TRY(gn_ops_for<V>(e, &ops));
  const gn_step s = {level, out_items, out_count, out_capacity, &e.flags->push_overflow};
  return gn_engine_pass(e, ops, &v, items, s);
}

/* Runs passes from level 0 until a level pushes nothing (or max_levels). *levels = levels run. */
template <class V>
gnest_status gn_run_frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
  static_assert(V::kLoops & GN_LOOP_FRONTIER, "visitor not declared for frontiers (kLoops)");
  gn_ops ops;
  GN_TRY(gn_ops_for<V>(e, &ops));
  return gn_engine_frontier(e, ops, &v, f, levels);
}

/* Fixed level schedule: level l is items[h_offsets[l] .. h_offsets[l+1]) (device items, host
 * offsets); levels run one after another, deepest first when reverse. */
template <class V>
gnest_status gn_run_levels(gn_engine &e, const V &v, const int32_t *items, const int64_t *h_offsets,
                           int32_t num_levels, bool reverse) {
  static_assert(V::kLoops & GN_LOOP_LEVELS, "visitor not declared for level schedules (kLoops)");
  gn_ops ops;
  GN_TRY(gn_ops_for<V>(e, &ops));
  const gn_schedule sched = {items, h_offsets, num_levels, reverse, nullptr};
  return gn_engine_levels(e, ops, &v, sched);
}

/* A tree in its recursive form (the seeds' visit(v) = pre(v); recurse into every child; fold the
 * children: edge(v, e) for each child arc e; post(v)). The children's subtrees are complete
 * before v's edges run, which a post-order over the tree's levels gives exactly: the backends
 * run it as the level schedule deepest level first (order / level_offsets / depth of the tree),
 * the device-launching backends on the device, each level's grid tail-launching the next
 * shallower one (no host round trip per level, no nesting-depth limit). Only that order is
 * promised: the static level scheduler runs small subtrees bottom-up by height, where s.level
 * is a step index, not the node's depth (recursive visitors must not read it). */
template <class V>
gnest_status gn_run_recursive(gn_engine &e, const V &v, const int32_t *order,
                              const int64_t *h_level_offsets, int32_t depth) {
  static_assert(V::kLoops & GN_LOOP_RECURSIVE, "visitor not declared recursive (kLoops)");
  gn_ops ops;
  GN_TRY(gn_ops_for<V>(e, &ops));
  const gnest_tree *t = e.input_tree;
  const bool own_order = t && t->level_offsets == h_level_offsets && t->depth == depth;
  const gn_schedule sched = {order, h_level_offsets, depth, true, own_order ? t : nullptr};
  return gn_engine_levels(e, ops, &v, sched);
}

#endif
