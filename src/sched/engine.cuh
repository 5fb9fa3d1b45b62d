/* The nested-loop engine (DESIGN.md section 3; contract in src/sched/README.md). An algorithm
 * describes its loop nest with a *visitor*; a backend runs one pass of it; the engine owns the
 * loops around the passes. Algorithms include this header and never name a backend; backends
 * include it and never name an algorithm.
 *
 *   for each item i of a work list                 -- outer loop (pass)
 *       if (!v.pre(i, s)) continue
 *       for e in [v.begin(i), v.end(i))            -- inner loop, trip count highly irregular
 *           v.edge(i, e, s)
 *       v.post(i, s)
 *
 * Visitor contract (a trivially copyable struct passed by value to kernels; all members const):
 *   static constexpr bool kHasPost;                 false: post is never called (saves a barrier)
 *   static constexpr unsigned kLoops;               the entry points it is run with (GN_LOOP_*):
 *                                                   backends instantiate only those
 *   __device__ int64_t begin(int32_t i) const;      inner range of item i
 *   __device__ int64_t end(int32_t i) const;
 *   __device__ bool pre(int32_t i, const gn_step &s) const;      false = skip edges and post
 *   __device__ void edge(int32_t i, int64_t e, const gn_step &s) const;
 *   __device__ void post(int32_t i, const gn_step &s) const;
 * Guarantees given by every backend:
 *   - pre(i) runs once per item per pass, before any edge(i, .), by the thread that then decides
 *     how i's inner loop is run; begin/end may be called any number of times by any thread.
 *   - edge(i, e) runs exactly once for every e of a pre-accepted item, possibly on many threads at
 *     once and in any order (including concurrently with other items' edges).
 *   - post(i) runs once after every edge(i, .) has completed, with their global writes visible.
 *   - Items of one pass run concurrently in any order. Work pushed with s.push() during pass l is
 *     the work list of pass l+1 (frontier loop). Nothing else is ordered: visitors use atomics for
 *     shared writes.
 *   - s.level is the pass / level index (0-based) of the frontier or level loop.
 * Host-runnable visitors (src/sched/README.md, rule 6): kHostRunnable = true, the members
 * __host__ __device__ and templated on the step (template <class S> ... const S &s), every shared
 * write through s.cas / s.add / s.min / s.max / s.push; the hybrid backends (WHERE HYBRID) run
 * only those, on the host too.
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

namespace cg = cooperative_groups;

/* The entry points a visitor is run with (V::kLoops). */
enum : unsigned {
  GN_LOOP_PASS = 1u,
  GN_LOOP_FRONTIER = 2u,
  GN_LOOP_LEVELS = 4u,
  GN_LOOP_RECURSIVE = 8u, /* gn_run_recursive: runs as a level schedule, deepest level first */
};

/* ---- device helpers shared by backends and algorithms ------------------------------------ */

/* The scope of the atomics a pass's visitor and pushes use on the GPU (rule 6 of
 * src/sched/README.md): DEVICE for every pass the GPU runs alone; SYSTEM for a GPU pass that host
 * threads run beside on the same managed memory (the hybrid backends), where only system-scope
 * atomics are atomic across the two sides. Chosen at compile time by the step type a backend
 * instantiates the visitor with (gn_step_t<kScope>). */
enum gn_scope : int { GN_SCOPE_DEVICE = 0, GN_SCOPE_SYSTEM = 1 };

/* Reserves one slot of a device list: one atomic per converged group of threads. */
template <int kScope = GN_SCOPE_DEVICE>
__device__ __forceinline__ int32_t gn_append_slot(int32_t *count) {
  cg::coalesced_group g = cg::coalesced_threads();
  int32_t base = 0;
  if (g.thread_rank() == 0) {
    if constexpr (kScope == GN_SCOPE_SYSTEM) base = atomicAdd_system(count, (int32_t)g.size());
    else base = atomicAdd(count, (int32_t)g.size());
  }
  return g.shfl(base, 0) + (int32_t)g.thread_rank();
}

/* body(i) for every i in [0, n), spread over the whole grid (grid-stride loop). */
template <class Body>
__device__ __forceinline__ void gn_for_each_index(int64_t n, Body body) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) body(i);
}

/* Host-side atomics of gn_step_t (GCC / Clang builtins, relaxed: the passes order nothing else
 * through them; a pass's end is a join or a stream synchronization). min / max / floating add
 * are compare-and-swap loops. */
template <class T>
inline T gn_host_cas(T *p, T expected, T desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected; /* the old value, as atomicCAS */
}
template <class T, class F>
inline T gn_host_update(T *p, F f) {
  T old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, f(old), false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return old;
}
inline double gn_host_add(double *p, double v) {
  uint64_t *bits = reinterpret_cast<uint64_t *>(p);
  uint64_t old = __atomic_load_n(bits, __ATOMIC_RELAXED), next;
  double o;
  do {
    memcpy(&o, &old, sizeof o);
    const double sum = o + v;
    memcpy(&next, &sum, sizeof next);
  } while (!__atomic_compare_exchange_n(bits, &old, next, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  return o;
}
template <class T>
inline T gn_host_add(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }

/* What a visitor sees of the pass it runs in: the level, the next work list, and the atomics it
 * writes shared values with. A visitor that runs on the host (kHostRunnable, rule 6 of
 * src/sched/README.md) takes its step as a template parameter and writes shared values only
 * through these members: on the GPU they are the device-scope atomics every device backend has
 * always used (kScope DEVICE) or system-scope ones (kScope SYSTEM: the GPU side of a pass that
 * host threads run beside); on the host, host atomics. Each returns the old value. */
template <int kScope>
struct gn_step_t {
  static constexpr int scope = kScope;
  int32_t level;
  int32_t *out_items;    /* next work list (NULL when the pass has none) */
  int32_t *out_count;    /* its length so far */
  int32_t out_capacity;
  int32_t *overflow;     /* raised when a push would exceed out_capacity */

  /* Appends item to the next work list (warp-aggregated on the GPU; on the host one atomic on
   * the same count, so both sides of a pass append to one list). */
  __host__ __device__ void push(int32_t item) const {
#ifdef __CUDA_ARCH__
    const int32_t at = gn_append_slot<kScope>(out_count);
#else
    const int32_t at = __atomic_fetch_add(out_count, 1, __ATOMIC_RELAXED);
#endif
    if (at < out_capacity) {
      out_items[at] = item;
    } else {
#ifdef __CUDA_ARCH__
      *overflow = 1;
#else
      __atomic_store_n(overflow, 1, __ATOMIC_RELAXED); /* host threads may all raise it at once */
#endif
    }
  }

  template <class T>
  __host__ __device__ static T cas(T *p, T expected, T desired) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicCAS_system(p, expected, desired);
    else return atomicCAS(p, expected, desired);
#else
    return gn_host_cas(p, expected, desired);
#endif
  }
  template <class T>
  __host__ __device__ static T add(T *p, T v) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicAdd_system(p, v);
    else return atomicAdd(p, v);
#else
    return gn_host_add(p, v);
#endif
  }
  template <class T>
  __host__ __device__ static T min(T *p, T v) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicMin_system(p, v);
    else return atomicMin(p, v);
#else
    return gn_host_update(p, [v](T o) { return v < o ? v : o; });
#endif
  }
  template <class T>
  __host__ __device__ static T max(T *p, T v) {
#ifdef __CUDA_ARCH__
    if constexpr (kScope == GN_SCOPE_SYSTEM) return atomicMax_system(p, v);
    else return atomicMax(p, v);
#else
    return gn_host_update(p, [v](T o) { return v > o ? v : o; });
#endif
  }
};
/* The step of every pass that runs on the GPU alone. */
typedef gn_step_t<GN_SCOPE_DEVICE> gn_step;

/* The same step with another scope (the GPU side of a hybrid pass). */
template <int kScope>
__host__ __device__ inline gn_step_t<kScope> gn_step_with_scope(const gn_step &s) {
  gn_step_t<kScope> r = {s.level, s.out_items, s.out_count, s.out_capacity, s.overflow};
  return r;
}

/* Whether visitor V declares itself host-runnable (rule 6; absent means no). */
template <class V, class = void>
struct gn_host_runnable : std::false_type {};
template <class V>
struct gn_host_runnable<V, std::void_t<decltype(V::kHostRunnable)>>
    : std::integral_constant<bool, V::kHostRunnable> {};

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
/* How many items level l can hold (a device count above it means pushes overflowed, flagged). */
__host__ __device__ __forceinline__ int64_t gn_level_room(const gn_frontier &f, int64_t base) {
  return f.keep_history ? f.capacity - base : f.capacity;
}
/* Level l's item count as a fused device loop reads it after the barrier that ended level l - 1
 * (base: history mode's first position of level l), clamped to the level's room: pushes past it
 * were dropped and flagged. */
__device__ __forceinline__ int64_t gn_level_count(const gn_frontier &f, int32_t l, int64_t base) {
  const int64_t count = *(volatile int32_t *)&f.counts[l];
  const int64_t room = gn_level_room(f, base);
  return count > room ? room : count;
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

__device__ __forceinline__ int32_t gn_item_at(const gn_items &items, int64_t k) {
  return items.list ? items.list[k] : (int32_t)k;
}
/* A device-side count above the list's capacity (items.n) means pushes overflowed (flagged and
 * turned into a status by gn_engine_finish): only the stored items are read. */
__device__ __forceinline__ int32_t gn_items_count(const gn_items &items) {
  if (!items.d_count) return items.n;
  const int32_t c = *(volatile const int32_t *)items.d_count;
  return c < items.n ? c : items.n;
}

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

/* Dynamic loop scheduling counters of single passes (self-resetting, see gn_last_cta_resets). */
struct gn_pass_counters {
  unsigned int chunk; /* next chunk of the pass */
  unsigned int done;  /* CTAs finished */
};

struct gn_engine;

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
};

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

template <class T>
T &gn_backend_state(gn_engine &e) {
  static_assert(sizeof(T) <= sizeof e.backend_state, "backend state too large for gn_engine");
  return *reinterpret_cast<T *>(e.backend_state);
}

/* Prepares the engine for call's resolved backend (allocates its scratch from the pool). */
gnest_status gn_engine_init(gn_engine *e, gn_call *call, gn_scratch *scratch);
/* Checks the overflow flags, copies launches / edges visited into the call, and how they split:
 * the passes the engine's loops ran, and the launches made outside them (the algorithm's own). */
gnest_status gn_engine_finish(gn_engine *e);
/* GNEST_OK unless the running backend has dropped work so far (a refused device-side launch:
 * GNEST_ERR_LAUNCH_LIMIT). An algorithm that reads results back between loops and acts on them
 * (indexes with them, counts them) calls it there, so that a partial result is reported as the
 * error it is rather than acted on. Free for the backends without a check; one small
 * synchronising copy for the others. */
gnest_status gn_engine_check(gn_engine *e);

/* The set-up every algorithm's device path starts with: the graph's (or tree's) device copy,
 * then the engine on the call's scratch. */
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
/* Device copy of a level schedule's num_levels + 1 offsets, in a buffer reused across calls of
 * the same engine (grown when needed). */
gnest_status gn_engine_level_offsets(gn_engine *e, const int64_t *h_offsets, int32_t num_levels,
                                     int64_t **d_offsets);

/* The engine's loops (engine.cu), run with a backend's gn_ops. */
gnest_status gn_engine_pass(gn_engine &e, const gn_ops &ops, const void *v, const gn_items &items,
                            const gn_step &s);
gnest_status gn_engine_frontier(gn_engine &e, const gn_ops &ops, const void *v, gn_frontier &f,
                                int32_t *levels);
gnest_status gn_engine_levels(gn_engine &e, const gn_ops &ops, const void *v,
                              const gn_schedule &sched);

/* The input's row census at the call's threshold, counting chunks of `chunk` iterations
 * (computed once, then cached on the graph or tree for that threshold and chunk). */
const gn_row_census &gn_engine_census(gn_engine &e, int32_t chunk);

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

/* ---- dispatch: the registry's device backends ------------------------------------------- */

/* gn_ops_<ID><V>() for every device backend of backends.def: defined, and instantiated for every
 * visitor, in the backend's own file (GN_BACKEND_OPS). */
#define GN_OPS_DECLARE_SELECTOR(ID)
#define GN_OPS_DECLARE_HOST(ID)
#define GN_OPS_DECLARE_PLANNED(ID)
#define GN_OPS_DECLARE_DEVICE(ID) template <class V> gn_ops gn_ops_##ID();
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
