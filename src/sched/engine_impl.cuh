/* The engine's side that only src/sched sees: what the backends (through sched/backend.cuh) and
 * the engine's own loops (engine.cu) use beyond sched/engine.cuh: the step of a hybrid pass, the
 * device side of work lists, the engine's counters, a backend's state in the engine, and the
 * engine's set-up and caches. Algorithms never include it (scripts/check-layers.sh). */
#ifndef GNEST_ENGINE_IMPL_CUH
#define GNEST_ENGINE_IMPL_CUH

#include <type_traits>
#include "sched/engine.cuh"

/* ---- steps and visitors ------------------------------------------------------------------ */

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

/* ---- work lists on the device ------------------------------------------------------------ */

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

/* Item k of a single pass's list. */
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

/* ---- the engine ------------------------------------------------------------------------- */

/* Dynamic loop scheduling counters of single passes (self-resetting, see gn_last_cta_resets). */
struct gn_pass_counters {
  unsigned int chunk; /* next chunk of the pass */
  unsigned int done;  /* CTAs finished */
};

/* The running backend's own state, kept in the engine (gn_engine::backend_state). */
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
/* Device copy of a level schedule's num_levels + 1 offsets, in a buffer reused across calls of
 * the same engine (grown when needed). */
gnest_status gn_engine_level_offsets(gn_engine *e, const int64_t *h_offsets, int32_t num_levels,
                                     int64_t **d_offsets);
/* The input's row census at the call's threshold, counting chunks of `chunk` iterations
 * (computed once, on the device when the rows are there, then cached on the graph or tree for
 * that threshold and chunk). */
gnest_status gn_engine_census(gn_engine &e, int32_t chunk, const gn_row_census **out);

#endif
