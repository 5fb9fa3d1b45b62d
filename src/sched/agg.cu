/* gnest-build: rdc
 * Backend "agg": aggregated dynamic parallelism with thresholding, coarsening and aggregation
 * (Olabi et al., "A Compiler Framework for Optimizing Dynamic Parallelism on GPUs", CGO 2022).
 * A thread per item. The item's child grid would be a thread per inner iteration in blocks of
 * block_size threads.
 *   Thresholding: an item of at most `threshold` inner iterations runs serially in its thread;
 *     a heavier one becomes a child grid.
 *   Coarsening: a child block does the work of `coarsening` (C) original blocks, one after
 *     another, so a child grid has ceil(iterations / (block_size x C)) blocks.
 *   Aggregation: the child grids of the parents of one warp, one block (a chunk of block_size
 *     items: the paper's parent CTA), a group of `group_size` blocks or the whole grid become
 *     ONE aggregated grid: each parent appends a record (item, first block) to its group's
 *     region of the buffer with one atomic that also counts the group's blocks, so records are
 *     ordered by first block and a child block finds its record by binary search. Warp: the
 *     warp's first heavy lane launches. Block, multi-block, grid: the CTA that finishes the
 *     group's last chunk launches (a chunk counter per group; grid = one group of every chunk).
 *     A group with fewer than `agg_threshold` child grids launches each on its own.
 *     granularity=none: no aggregation, each heavy item's thread launches its own grid.
 * A record's post work runs in the child block that finishes it last (a counter per record),
 * so children launch nothing themselves. Every launch takes a ticket (devloop.cuh): the
 * launching thread, warp or CTA refused one runs the work itself, and nothing waits for a launch.
 * Unset options follow the paper's findings, computed from the input (agg_rule.h); the pick is
 * appended to gnest_info.reason. Passes and loops run on the device (devloop.cuh).
 *
 * Options read: threshold, coarsening, granularity, group_size, agg_threshold, schedule,
 * block_size, launch_limit. */
#include <stdio.h>
#include <string.h>

#include "sched/agg_rule.h"
#include "sched/devloop.cuh"

/* Child blocks of an item of `trip` inner iterations after coarsening. */
__device__ __forceinline__ uint32_t gn_agg_blocks(const gn_dp_call &c, int64_t trip) {
  const int64_t span = (int64_t)c.block * c.coarsening;
  return (uint32_t)((trip + span - 1) / span);
}

/* Counts one finished child block of record `done`; the record's last block runs its post
 * (every block's edges visible) and resets the counter for the next pass. Thread 0 of the block,
 * after a barrier. */
template <class V>
__device__ __forceinline__ void gn_agg_block_done(const V &v, int32_t i, int32_t *done,
                                                  uint32_t blocks, const gn_step &s) {
  __threadfence(); /* this block's edges before its count */
  if (atomicAdd(done, 1) != (int32_t)blocks - 1) return;
  __threadfence();
  v.post(i, s);
  *done = 0;
}

/* An aggregated grid over the records at .. at + count (count = 1: one item's own grid). Block
 * x belongs to the last record whose first block is <= x (first blocks rise with the record). */
template <class V>
__global__ void gn_agg_child(V v, int32_t at, int32_t count, gn_step s, gn_dp_call c) {
  const uint32_t *first = c.pool_first + at;
  const uint32_t x = first[0] + blockIdx.x;
  int32_t lo = 0, hi = count - 1;
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo + 1) / 2;
    if (first[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  const int32_t i = c.pool[at + lo];
  const int64_t b = v.begin(i), en = v.end(i);
  const int64_t span = (int64_t)blockDim.x * c.coarsening;
  const int64_t from = b + (int64_t)(x - first[lo]) * span;
  const int64_t to = from + span < en ? from + span : en;
  unsigned long long mine = 0;
  for (int64_t e = from + threadIdx.x; e < to; e += blockDim.x) {
    v.edge(i, e, s);
    ++mine;
  }
  gn_add_edges(c.edges, mine);
  if constexpr (V::kHasPost) {
    __syncthreads();
    if (threadIdx.x == 0) gn_agg_block_done(v, i, c.pool_done + at + lo, gn_agg_blocks(c, en - b), s);
  }
}

/* Launches the grid of `blocks` blocks over the records at .. at + count with a ticket. False
 * when the pass has no ticket left or the launch failed (recorded): the caller runs them. */
template <class V>
__device__ __forceinline__ bool gn_agg_launch(const V &v, int32_t at, int32_t count,
                                              uint32_t blocks, const gn_step &s,
                                              const gn_dp_call &c) {
  /* a grid has at most 2^31 - 1 blocks: more (no input that fits a GPU today) run here */
  if (blocks > 0x7fffffffu || !gn_dp_ticket(c)) return false;
  __threadfence(); /* the records and the parents' pre work reach the child */
  return GN_TICKET_LAUNCH(c, blocks, c.block, gn_agg_child<V>, v, at,
                          count, s, c);
}

/* Record `at` (item i, iterations [b, en)) launched as its own grid, or run here without a
 * ticket. Returns the inner iterations run here. */
template <class V>
__device__ __forceinline__ unsigned long long gn_agg_alone(const V &v, int32_t at, int32_t i,
                                                           int64_t b, int64_t en,
                                                           const gn_step &s, const gn_dp_call &c) {
  if (gn_agg_launch(v, at, 1, gn_agg_blocks(c, en - b), s, c)) return 0;
  return gn_dp_serial(v, i, b, en, s);
}

/* granularity=none: the heavy item's record sits at its own position k. */
template <class V>
__device__ __forceinline__ unsigned long long gn_agg_by_thread(const V &v, bool heavy,
                                                               int64_t k, int32_t i, int64_t b,
                                                               int64_t en, const gn_step &s,
                                                               const gn_dp_call &c) {
  if (!heavy) return 0;
  c.pool[k] = i;
  c.pool_first[k] = 0;
  return gn_agg_alone(v, (int32_t)k, i, b, en, s, c);
}

/* Warp granularity, every lane: the warp's records in its own positions (k - lane ...), first
 * blocks by a prefix sum over the lanes; the first heavy lane launches, or the warp runs them. */
template <class V>
__device__ __forceinline__ unsigned long long gn_agg_by_warp(const V &v, bool heavy, int64_t k,
                                                             int32_t i, int64_t b, int64_t en,
                                                             const gn_step &s,
                                                             const gn_dp_call &c) {
  const unsigned mask = __ballot_sync(0xffffffffu, heavy);
  if (!mask) return 0;
  const int lane = (int)(threadIdx.x & 31), leader = __ffs(mask) - 1;
  const int32_t region = (int32_t)(k - lane), n = __popc(mask);
  const uint32_t blocks = heavy ? gn_agg_blocks(c, en - b) : 0u;
  uint32_t upto = blocks; /* inclusive prefix sum of the lanes' blocks */
  for (int off = 1; off < 32; off *= 2) {
    const uint32_t below = __shfl_up_sync(0xffffffffu, upto, off);
    if (lane >= off) upto += below;
  }
  const uint32_t total = __shfl_sync(0xffffffffu, upto, 31);
  const int32_t at = region + __popc(mask & ((1u << lane) - 1u));
  if (heavy) {
    c.pool[at] = i;
    c.pool_first[at] = upto - blocks;
  }
  __syncwarp();
  if (n < c.agg_min) return heavy ? gn_agg_alone(v, at, i, b, en, s, c) : 0;
  int here = 0;
  if (lane == leader) here = !gn_agg_launch(v, region, n, total, s, c);
  if (!__shfl_sync(0xffffffffu, here, leader)) return 0;
  return gn_run_items<V, true>(v, c.pool + region, nullptr, n, 0, 1, s);
}

/* Block, multi-block and grid granularity, part 1 (a heavy thread): the record joins its group,
 * at the group's region + its rank, the rank and first block from one atomic on the group's
 * (records << 32 | blocks). A group's blocks stay below 2^32 (an input of 2^31 - 1 rows and
 * fewer than 2^37 arcs has fewer child blocks than that); above a grid's 2^31 - 1 blocks the
 * group's CTA runs the records itself (gn_agg_launch). */
__device__ __forceinline__ void gn_agg_join(const gn_dp_call &c, int64_t group, int32_t region,
                                            int32_t i, int64_t trip) {
  const uint32_t blocks = gn_agg_blocks(c, trip);
  const unsigned long long old = atomicAdd(&c.group_state[group], (1ull << 32) | blocks);
  const int32_t at = region + (int32_t)(old >> 32);
  c.pool[at] = i;
  c.pool_first[at] = (uint32_t)old;
}

/* Part 2 (thread 0, after the chunk's records are written): whether this CTA finished the
 * group's last chunk. */
__device__ __forceinline__ bool gn_agg_last_chunk(const gn_dp_call &c, int64_t group,
                                                  int64_t chunks) {
  const int64_t first = group * c.group_chunks;
  const int64_t in_group = chunks - first < c.group_chunks ? chunks - first : c.group_chunks;
  __threadfence(); /* the chunk's records before its count */
  return atomicAdd(&c.group_done[group], 1u) == (unsigned)(in_group - 1);
}

/* Part 3 (every thread of the CTA that finished the group): one aggregated grid, or a grid per
 * record when they are fewer than agg_threshold; without a ticket the CTA (or the thread) runs
 * them. The group's state is reset for the next pass. */
template <class V>
__device__ __forceinline__ unsigned long long gn_agg_launch_group(const V &v, int64_t group,
                                                                  int32_t region,
                                                                  const gn_step &s,
                                                                  const gn_dp_call &c) {
  __shared__ unsigned long long state;
  __shared__ int here;
  if (threadIdx.x == 0) {
    __threadfence();
    state = atomicExch(&c.group_state[group], 0ull);
    c.group_done[group] = 0;
  }
  __syncthreads();
  const int32_t n = (int32_t)(state >> 32);
  unsigned long long edges = 0;
  if (n < c.agg_min) {
    for (int32_t r = threadIdx.x; r < n; r += blockDim.x) {
      const int32_t i = c.pool[region + r];
      edges += gn_agg_alone(v, region + r, i, v.begin(i), v.end(i), s, c);
    }
    return edges;
  }
  if (threadIdx.x == 0) here = !gn_agg_launch(v, region, n, (uint32_t)state, s, c);
  __syncthreads();
  return here ? gn_run_items<V, false>(v, c.pool + region, nullptr, n, 0, 1, s) : 0;
}

template <class V>
__global__ void gn_agg_parent(V v, gn_items items, int32_t count, gn_step s, gn_dp_call c) {
  __shared__ int launcher;
  const int64_t chunks = ((int64_t)count + blockDim.x - 1) / blockDim.x;
  unsigned long long edges = 0;
  gn_chunk_loop(count, &c.pass->chunk, c.dynamic, [&](int64_t k, bool has) {
    const int32_t i = has ? gn_item_at(items, k) : 0;
    int64_t b = 0, en = 0;
    const bool heavy = gn_dp_split(v, has, i, s, c, b, en, edges);
    if (c.granularity == GN_GRAN_NONE) {
      edges += gn_agg_by_thread(v, heavy, k, i, b, en, s, c);
      return;
    }
    if (c.granularity == GN_GRAN_WARP) {
      edges += gn_agg_by_warp(v, heavy, k, i, b, en, s, c);
      return;
    }
    const int64_t group = (k - threadIdx.x) / blockDim.x / c.group_chunks;
    const int32_t region = (int32_t)(group * c.group_chunks * blockDim.x);
    if (heavy) gn_agg_join(c, group, region, i, en - b);
    __syncthreads(); /* the chunk's records are written */
    if (threadIdx.x == 0) launcher = gn_agg_last_chunk(c, group, chunks);
    __syncthreads();
    if (launcher) edges += gn_agg_launch_group(v, group, region, s, c);
  });
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
}

/* ---- host side ------------------------------------------------------------------------- */

/* The settings for this call: the caller's, the rest from the defaults rule; the threshold goes
 * into the call's options (the pool is sized from it), the pick into gnest_info.reason. */
static gnest_status gn_agg_configure(gn_engine &e, gn_agg_settings *set) {
  gn_call &call = *e.call;
  gn_opts asked = call.opts;
  asked.threshold = call.threshold_asked;
  int32_t rank_length = GN_AGG_MIN_THRESHOLD;
  if (asked.threshold == 0)
    GN_TRY(gn_dp_rank_length(e, GN_AGG_TARGET_LAUNCHES, GN_AGG_MIN_THRESHOLD, &rank_length));
  call.opts.threshold = gn_agg_threshold(asked.threshold, rank_length);
  int64_t heavy = 0;
  GN_TRY(gn_dp_heavy_items(e, &heavy));
  const gn_agg_facts facts = {e.input_n, rank_length, heavy, e.block};
  char why[sizeof call.reason];
  gn_agg_settle(&asked, &facts, set, why, sizeof why);
  gn_reason_appendf(&call, "; %s", why); /* after run.c's threshold note: agg's rule decides */
  return GNEST_OK;
}

/* The records' first blocks and post counters for max_items, and a group state per chunk (the
 * most groups a pass can have). Zeroed once; the kernels reset what they use. */
static gnest_status gn_agg_buffers(gn_engine &e, gn_dp_state &st) {
  gn_dp_call &c = st.call;
  if (c.pool_first && st.own_capacity >= c.pool_capacity) return GNEST_OK;
  const size_t items = (size_t)c.pool_capacity, groups = items / (size_t)c.block + 1;
  GN_TRY(e.scratch->alloc(&c.pool_first, items, "agg record blocks"));
  GN_TRY(e.scratch->alloc(&c.pool_done, items, "agg record counters"));
  GN_TRY(gn_memset(e.ctx, c.pool_done, 0, items * sizeof *c.pool_done));
  GN_TRY(e.scratch->alloc(&c.group_state, groups, "agg group states"));
  GN_TRY(gn_memset(e.ctx, c.group_state, 0, groups * sizeof *c.group_state));
  GN_TRY(e.scratch->alloc(&c.group_done, groups, "agg group counters"));
  GN_TRY(gn_memset(e.ctx, c.group_done, 0, groups * sizeof *c.group_done));
  st.own_capacity = c.pool_capacity;
  return GNEST_OK;
}

struct gn_agg {
  static constexpr int32_t kPendingPerHeavy = 1; /* at most one child grid per heavy item */
  static constexpr int32_t kDefaultKc = 1;       /* unused: aggregation replaces KC */

  static gnest_status prepare_own(gn_engine &e, int64_t max_items) {
    gn_dp_state &st = gn_backend_state<gn_dp_state>(e);
    const bool first = !st.call.flags;
    gn_agg_settings set = {};
    if (first) GN_TRY(gn_agg_configure(e, &set));
    GN_TRY(gn_dp_prepare(e, max_items, kPendingPerHeavy, kDefaultKc, true));
    gn_dp_call &c = st.call;
    if (first) {
      c.coarsening = set.coarsening;
      c.granularity = (int32_t)set.granularity;
      c.agg_min = set.agg_threshold;
      c.group_chunks = set.granularity == GN_GRAN_BLOCK ? 1
                       : set.granularity == GN_GRAN_MULTI_BLOCK ? set.group_size
                                                                   : INT32_MAX;
    }
    return gn_agg_buffers(e, st);
  }

  GN_DP_LAUNCH_PARENT(gn_agg_parent, c.block)
};

GN_BACKEND_OPS(AGG, gn_dp_backend<gn_agg>)
