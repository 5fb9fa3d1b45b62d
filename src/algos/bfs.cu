/* gnest_bfs: breadth-first search. Oracle: src/cpu/bfs.c.
 *
 * Two methods (gnest_options.bfs_direction; bfs_method.h picks for auto and decides per level):
 *   top-down      a frontier loop (gn_run_frontier): level l's vertices scan their out-arcs and
 *                 claim unvisited neighbours for level l + 1 with one compare-and-swap.
 *   optimizing    direction-optimizing (Beamer, Asanovic and Patterson, SC 2012, section 3;
 *                 ideas only): every level is a top-down pass of the backend over its frontier
 *                 list, or a bottom-up step over all vertices, whichever the device decided after
 *                 the level before. Both are queued for every level, the unchosen one finding no
 *                 work on the device, so the host queues levels in batches without waiting for a
 *                 decision and reads each batch's sizes and directions back once. After each
 *                 level an accounting kernel sums the new frontier's out-arcs and its last CTA
 *                 picks the next level's direction (gn_bfs_next_direction). When the next level
 *                 is top-down again after the bottom-up phase (or none came in
 *                 GN_BFS_PROBE_LEVELS levels) the rest of the traversal is handed to
 *                 gn_run_frontier, the backend's fused loop where it has one, from that level on.
 *
 * The bottom-up step is this file's own kernel (bfs_bottom_up), not a backend pass: its point is
 * that a vertex stops at its first parent, and the nested-loop contract has no way to end an
 * inner loop early (src/sched/README.md). It reads the frontier as a bitmap (n / 8 bytes: 2 MB at
 * 2^24 vertices, resident in L2), where a test of a neighbour's level would be a scattered read
 * of the level array; a warp owns 32 consecutive vertices, so the next frontier's bitmap word is
 * the warp's vote, written without atomics. gnest_info.own_passes counts its launches.
 *
 * Both give the same levels: a vertex's level is its distance from the source whichever step
 * finds it (a bottom-up step of level l takes a vertex exactly when it is unvisited and has a
 * neighbour at level l). */
#include "algos/algo.cuh"
#include "algos/bfs.cuh"
#include "algos/bfs_method.h"
#include "algos/pred_driver.cuh"

/* One level of the optimizing loop (device): its direction, as the item counts of its top-down
 * pass and its bottom-up step (one of them 0), and its frontier's size. */
struct bfs_do_level {
  int32_t top_down;  /* the top-down pass's items: the frontier's count, or 0 */
  int32_t bottom_up; /* the bottom-up step's vertices: n, or 0 */
  int32_t count;     /* the level's vertices (its work list, clamped to the capacity) */
};

/* The accounting kernel's sums (device). */
struct bfs_do_sums {
  unsigned long long unexplored;    /* arcs of the vertices not reached yet */
  unsigned long long frontier_arcs; /* the new frontier's out-arcs, summed by the accounting's
                                       CTAs or by the bottom-up step */
  unsigned int done;                /* CTAs finished; the last one decides and resets */
};

/* After level k: sums the out-arcs of level k + 1's list (next[0 .. *next_count)) after a
 * top-down level (a bottom-up step summed them itself), and its last CTA decides level k + 1's
 * direction: levels[k + 1]. The bitmaps: a top-down level k leaves only its list, so its vertices
 * are set here in level k + 1's bitmap (`next_bits`, cleared by the accounting of level k - 1)
 * and in `done`; a bottom-up step wrote both itself. Level k's own bitmap (`front_bits`) is read
 * by nothing after level k's step: it is cleared for level k + 2. */
__global__ void bfs_do_account(const int64_t *offsets, const int32_t *next,
                               const int32_t *next_count, int32_t capacity, int32_t n, int32_t k,
                               bfs_do_level *levels, bfs_do_sums *sums, uint32_t *next_bits,
                               uint32_t *front_bits, uint32_t *done, int32_t words) {
  int32_t count = *next_count;
  if (count > capacity) count = capacity; /* pushes past it were dropped and flagged */
  const bool was_top_down = levels[k].bottom_up == 0;
  unsigned long long arcs = 0;
  if (was_top_down)
    gn_for_each_index(count, [&](int64_t j) {
      const int32_t w = next[j];
      arcs += (unsigned long long)(offsets[w + 1] - offsets[w]);
      atomicOr(&next_bits[w >> 5], 1u << (w & 31));
      atomicOr(&done[w >> 5], 1u << (w & 31));
    });
  gn_for_each_index(words, [&](int64_t j) { front_bits[j] = 0; });
  for (int o = 16; o > 0; o >>= 1) arcs += __shfl_down_sync(0xffffffffu, arcs, o);
  __shared__ unsigned long long warp_arcs[32];
  if ((threadIdx.x & 31) == 0) warp_arcs[threadIdx.x >> 5] = arcs;
  __syncthreads();
  if (threadIdx.x != 0) return;
  unsigned long long block = 0;
  for (unsigned w = 0; w < (blockDim.x + 31) / 32; ++w) block += warp_arcs[w];
  if (block) atomicAdd(&sums->frontier_arcs, block);
  __threadfence();
  if (atomicAdd(&sums->done, 1u) != gridDim.x - 1) return;
  __threadfence();
  const unsigned long long total = atomicAdd(&sums->frontier_arcs, 0ull);
  const unsigned long long unexplored = sums->unexplored;
  const bfs_do_level now = levels[k];
  const int bottom_up = gn_bfs_next_direction(now.bottom_up > 0, n, count, now.count,
                                              (int64_t)total, (int64_t)unexplored);
  bfs_do_level next_level;
  next_level.top_down = bottom_up ? 0 : count;
  next_level.bottom_up = bottom_up ? n : 0;
  next_level.count = count;
  levels[k + 1] = next_level;
  sums->unexplored = unexplored > total ? unexplored - total : 0;
  sums->frontier_arcs = 0;
  sums->done = 0;
}

/* A lane scans this many of its vertex's arcs alone before its warp joins in (below), in
 * rounds of BFS_BOTTOM_UP_BATCH arcs whose loads are issued together: a round costs two
 * dependent memory latencies (the columns, then their bitmap words), not two per arc. */
#define BFS_BOTTOM_UP_SOLO 8
#define BFS_BOTTOM_UP_BATCH 4
/* Its block: fixed, so that 8 CTAs (64 warps, the most an SM holds) fit in the registers: its
 * reads are scattered and it lives on the warps in flight. */
#define BFS_BOTTOM_UP_BLOCK 256

__device__ __forceinline__ bool bfs_in_frontier(const uint32_t *bits, int32_t u) {
  return (__ldg(&bits[u >> 5]) >> (u & 31)) & 1u;
}

/* Arcs [p, end) of one vertex, at most BFS_BOTTOM_UP_BATCH: the position of the first into the
 * frontier, or -1; *looked: the arcs examined (up to and including that one). */
__device__ __forceinline__ int bfs_batch_hit(const int32_t *cols, const uint32_t *front, int64_t p,
                                             int64_t end, int *looked) {
  int32_t u[BFS_BOTTOM_UP_BATCH];
#pragma unroll
  for (int j = 0; j < BFS_BOTTOM_UP_BATCH; ++j) u[j] = p + j < end ? __ldg(&cols[p + j]) : -1;
  unsigned hits = 0;
#pragma unroll
  for (int j = 0; j < BFS_BOTTOM_UP_BATCH; ++j)
    if (u[j] >= 0 && bfs_in_frontier(front, u[j])) hits |= 1u << j;
  const int64_t left = end - p;
  *looked = hits ? __ffs(hits) : (int)(left < BFS_BOTTOM_UP_BATCH ? left : BFS_BOTTOM_UP_BATCH);
  return hits ? __ffs(hits) - 1 : -1;
}

/* The bottom-up step of level k (when levels[k] chose it): every unvisited vertex i looks among
 * its arcs for one into level k's bitmap `front` and, at the first, takes level k + 1. A warp
 * owns the 32 vertices of one bitmap word at a time (a grid-stride loop over words). `done`
 * marks the vertices no bottom-up step need look at again: reached, or without arcs (never
 * reached: they are marked the first time a step reads their row bounds); a word of 32 such is
 * skipped whole, so the later bottom-up levels read little more than the bitmaps. Each lane scans
 * its vertex's first BFS_BOTTOM_UP_SOLO arcs alone, then the warp scans the rest of each row still
 * without a parent 32 arcs at a time, stopping at the first hit (a vote), so a long row does not
 * hold 31 idle lanes for its whole length. The warp's vote over its 32 vertices is level k + 1's
 * bitmap word (written whole: no clearing, no atomics); the vertices found are appended to the
 * next list (one atomic per warp), which a later top-down step reads.
 * Race-freedom: level[i], i's bits of `next` and `done` are written only by the warp that owns i;
 * `front` is only read during the step. Counts the arcs it examined into *edges and adds the
 * out-arcs of the vertices it found to sums->frontier_arcs, for the accounting (one atomic each
 * per warp). */
__global__ void __launch_bounds__(BFS_BOTTOM_UP_BLOCK, 8)
    bfs_bottom_up(const int64_t *offsets, const int32_t *cols, int32_t n, int32_t k,
                  const bfs_do_level *levels, const uint32_t *front, uint32_t *next,
                  uint32_t *done, int32_t *level, int32_t *out_items, int32_t *out_count,
                  int32_t out_capacity, int32_t *overflow, unsigned long long *edges,
                  bfs_do_sums *sums) {
  if (levels[k].bottom_up == 0) return;
  const int lane = threadIdx.x & 31;
  const int64_t warps = (int64_t)gridDim.x * (blockDim.x >> 5);
  const int64_t words = ((int64_t)n + 31) >> 5;
  unsigned long long examined = 0, found_arcs = 0;
  for (int64_t w = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5; w < words; w += warps) {
    const uint32_t was_done = done[w];
    if (was_done == 0xffffffffu) {
      if (lane == 0) next[w] = 0;
      continue;
    }
    const int32_t i = (int32_t)(w * 32 + lane);
    int64_t p = 0, end = 0;
    const bool open = i < n && !((was_done >> lane) & 1u);
    if (open) p = offsets[i], end = offsets[i + 1];
    const int64_t arcs = end - p;
    bool found = false;
    const int64_t solo_end = arcs > BFS_BOTTOM_UP_SOLO ? p + BFS_BOTTOM_UP_SOLO : end;
    while (p < solo_end) {
      int looked = 0;
      const int hit = bfs_batch_hit(cols, front, p, solo_end, &looked);
      examined += (unsigned long long)looked;
      if (hit >= 0) {
        found = true;
        break;
      }
      p += looked;
    }
    unsigned rest = __ballot_sync(0xffffffffu, !found && p < end);
    while (rest) {
      const int src = __ffs(rest) - 1;
      rest &= rest - 1;
      const int64_t from = __shfl_sync(0xffffffffu, p, src);
      const int64_t to = __shfl_sync(0xffffffffu, end, src);
      bool hit = false;
      for (int64_t q = from; q < to; q += 32) {
        const int64_t a = q + lane;
        const bool hit_here = a < to && bfs_in_frontier(front, cols[a]);
        const unsigned votes = __ballot_sync(0xffffffffu, hit_here);
        if (votes) {
          hit = true;
          if (lane == 0) examined += (unsigned long long)(q - from + __ffs(votes));
          break;
        }
      }
      if (!hit && lane == 0) examined += (unsigned long long)(to - from);
      if (lane == src) found = hit;
    }
    const unsigned word = __ballot_sync(0xffffffffu, found);
    const unsigned dead = __ballot_sync(0xffffffffu, !open || arcs == 0);
    if (lane == 0) {
      next[w] = word;
      done[w] = was_done | word | dead;
    }
    if (!word) continue;
    int32_t at = 0;
    if (lane == 0) at = atomicAdd(out_count, __popc(word));
    at = __shfl_sync(0xffffffffu, at, 0) + __popc(word & ((1u << lane) - 1u));
    if (found) {
      found_arcs += (unsigned long long)arcs;
      level[i] = k + 1;
      if (at < out_capacity) out_items[at] = i;
      else *overflow = 1;
    }
  }
  for (int o = 16; o > 0; o >>= 1) {
    examined += __shfl_down_sync(0xffffffffu, examined, o);
    found_arcs += __shfl_down_sync(0xffffffffu, found_arcs, o);
  }
  if (lane == 0 && examined) atomicAdd(edges, examined);
  if (lane == 0 && found_arcs) atomicAdd(&sums->frontier_arcs, found_arcs);
}

/* The optimizing loop's device state: records for max_levels + 2 levels, and the sums. */
struct bfs_do_state {
  bfs_do_level *recs;
  bfs_do_sums *sums;
  uint32_t *bits;     /* two frontier bitmaps of `words` words: level k's at (k & 1) * words */
  uint32_t *done;     /* vertices reached or without arcs (bfs_bottom_up), `words` words */
  int32_t words;
  int32_t max_levels; /* levels it may run before it hands over */
};

/* Allocates and sets the state before the timer: level 0 is the source alone, top-down; the
 * unexplored arcs are all but the source's. */
static gnest_status bfs_do_init(gn_engine &e, const gnest_graph *g, int32_t source,
                                const gn_frontier &f, bfs_do_state *st) {
  st->max_levels = f.max_levels < GN_BFS_MAX_DO_LEVELS ? f.max_levels : GN_BFS_MAX_DO_LEVELS;
  const size_t records = (size_t)st->max_levels + 2;
  GN_TRY(e.scratch->alloc(&st->recs, records, "BFS direction records"));
  GN_TRY(e.scratch->alloc(&st->sums, 1, "BFS direction sums"));
  st->words = (int32_t)(((int64_t)g->csr.n + 31) / 32);
  GN_TRY(e.scratch->alloc(&st->bits, 2 * (size_t)st->words, "BFS frontier bitmaps"));
  GN_TRY(e.scratch->alloc(&st->done, (size_t)st->words, "BFS bottom-up marks"));
  GN_TRY(gn_memset(e.ctx, st->bits, 0, sizeof *st->bits * 2 * (size_t)st->words));
  GN_TRY(gn_memset(e.ctx, st->done, 0, sizeof *st->done * (size_t)st->words));
  const uint32_t source_bit = 1u << (source & 31);
  GN_TRY(gn_to_device(e.ctx, st->done + (source >> 5), &source_bit, sizeof source_bit));
  GN_TRY(gn_memset(e.ctx, st->recs, 0, sizeof *st->recs * records));
  const bfs_do_level first = {1, 0, 1};
  GN_TRY(gn_to_device(e.ctx, st->recs, &first, sizeof first));
  const int64_t *off = g->csr.offsets;
  bfs_do_sums sums = {};
  sums.unexplored = (unsigned long long)(off[g->csr.n] - (off[source + 1] - off[source]));
  return gn_to_device(e.ctx, st->sums, &sums, sizeof sums);
}

/* What the optimizing loop did, for the reason. */
struct bfs_do_report {
  int32_t bottom_up_levels;
  int32_t handed_at; /* the level from which gn_run_frontier ran the rest; -1: none */
};

/* The optimizing loop from the seeded level 0 (f: swap mode, level 0 = the source). */
static gnest_status bfs_optimizing(gn_engine &e, const gn_device_graph *dg, const bfs_do_state &st,
                                   int32_t *level, gn_frontier &f, int32_t *levels_run,
                                   bfs_do_report *report) {
  const int32_t n = dg->n;
  const int32_t max_do = st.max_levels;
  bfs_do_level *recs = st.recs;
  bfs_do_sums *sums = st.sums;

  const bfs_visitor top_down = {{dg->offsets, dg->cols}, level, 0};
  /* The accounting's reads are scattered (a row's offsets per listed vertex): latency-bound, so
   * as many threads as the device holds at once. */
  int account_grid = 0;
  GN_TRY(gn_resident_grid(e, bfs_do_account, f.capacity, &account_grid, e.block));
  int up_grid = 0;
  GN_TRY(gn_resident_grid(e, bfs_bottom_up, (int64_t)st.words * 32, &up_grid,
                          BFS_BOTTOM_UP_BLOCK));
  bfs_do_level got[GN_BFS_MAX_BATCH];
  int32_t l = 0;
  int next_bottom_up = 0; /* level l's direction */
  report->bottom_up_levels = 0;
  report->handed_at = -1;
  while (l < max_do) {
    int32_t end = l + gn_bfs_batch(l);
    if (end > max_do) end = max_do;
    for (int32_t k = l; k < end; ++k) {
      const gn_step s = gn_level_step(f, k, 0, 0, &e.flags->push_overflow);
      const gn_items down = {gn_level_items(f, k, 0), f.capacity, &recs[k].top_down};
      GN_TRY(gn_run_pass(e, top_down, down, k, s.out_items, s.out_count, s.out_capacity));
      uint32_t *front = st.bits + (size_t)(k & 1) * (size_t)st.words;
      uint32_t *next = st.bits + (size_t)((k + 1) & 1) * (size_t)st.words;
      GN_KERNEL(e, up_grid, BFS_BOTTOM_UP_BLOCK, bfs_bottom_up, dg->offsets, dg->cols, n, k, recs,
                front, next, st.done, level, s.out_items, s.out_count, s.out_capacity, s.overflow,
                e.edges, sums);
      GN_KERNEL(e, account_grid, e.block, bfs_do_account, dg->offsets, s.out_items, s.out_count,
                s.out_capacity, n, k, recs, sums, next, front, st.done, st.words);
    }
    GN_TRY(gn_to_host(e.ctx, got, recs + l + 1, sizeof *got * (size_t)(end - l)));
    for (int32_t k = l; k < end; ++k) {
      report->bottom_up_levels += next_bottom_up;
      if (got[k - l].count == 0) {
        *levels_run = k + 1;
        return GNEST_OK;
      }
      next_bottom_up = got[k - l].bottom_up > 0;
    }
    l = end;
    if (l < f.max_levels && gn_bfs_hand_over(l, report->bottom_up_levels, next_bottom_up)) break;
  }
  if (l >= f.max_levels) {
    *levels_run = l;
    return GNEST_OK;
  }
  /* The rest, top-down from level l (even: the first half of the frontier holds it), through
   * the backend's frontier loop: a view of f whose level 0 is level l. */
  report->handed_at = l;
  gn_frontier rest = f;
  rest.counts = f.counts + l;
  rest.max_levels = f.max_levels - l;
  const bfs_visitor tail = {{dg->offsets, dg->cols}, level, l};
  int32_t more = 0;
  GN_TRY(gn_run_frontier(e, tail, rest, &more));
  *levels_run = l + more;
  return GNEST_OK;
}

/* The method of this call (bfs_method.c), appended to the reason. */
static gnest_status bfs_pick(gn_call *call, const gnest_graph *g, gnest_bfs_direction *method,
                             char *why, size_t size) {
  const int64_t n = g->csr.n, m = g->csr.offsets[g->csr.n];
  gnest_bfs_direction d = gn_bfs_method_pick(call->opts.bfs_direction, -1, n, m, why, size);
  if (d == GNEST_BFS_AUTO) { /* only the symmetry is missing: computed once, cached */
    int symmetric = 0;
    GN_TRY(gnest_graph_is_symmetric(call->ctx, g, &symmetric));
    d = gn_bfs_method_pick(call->opts.bfs_direction, symmetric, n, m, why, size);
  }
  *method = d;
  call->method = d == GNEST_BFS_OPTIMIZING ? "optimizing" : "top-down";
  return GNEST_OK;
}

/* Appends "; WHY[: what the optimizing loop did]" to the reason, whole (gn_reason_append_whole). */
static void bfs_reason(gn_call *call, const char *why, const bfs_do_report *r, int32_t levels) {
  char tail[sizeof call->reason], handed[64] = "";
  if (!r) {
    snprintf(tail, sizeof tail, "; %s", why);
  } else {
    if (r->handed_at >= 0)
      snprintf(handed, sizeof handed, ", top-down loop from level %d", r->handed_at);
    snprintf(tail, sizeof tail, "; %s: %d of %d levels bottom-up%s", why,
             (int)r->bottom_up_levels, (int)levels, handed);
  }
  gn_reason_append_whole(call, tail);
}

static gnest_status bfs_on_device(gn_engine &e, const gn_device_graph *dg, const gnest_graph *g,
                                  int32_t source, int32_t *levels, int32_t *pred_out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  char why[128];
  gnest_bfs_direction method;
  GN_TRY(bfs_pick(call, g, &method, why, sizeof why));
  int32_t *level = nullptr;
  gn_frontier f;
  GN_TRY(scratch.alloc(&level, (size_t)n, "BFS levels"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));
  bfs_do_state st = {};
  if (method == GNEST_BFS_OPTIMIZING) GN_TRY(bfs_do_init(e, g, source, f, &st));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<int32_t>, level, n, -1, source, 0);
  GN_TRY(gn_frontier_seed(&e, &f, &source, 1));
  if (method == GNEST_BFS_OPTIMIZING) {
    bfs_do_report report;
    GN_TRY(bfs_optimizing(e, dg, st, level, f, &call->iterations, &report));
    bfs_reason(call, why, &report, call->iterations);
  } else {
    const bfs_visitor v = {{dg->offsets, dg->cols}, level, 0};
    GN_TRY(gn_run_frontier(e, v, f, &call->iterations));
    bfs_reason(call, why, nullptr, call->iterations);
  }
  int32_t *pred = nullptr;
  if (pred_out) GN_TRY(gn_bfs_pred_on_device(e, dg, level, &pred));
  GN_TRY(gn_engine_close(&e));
  if (pred_out) GN_TRY(gn_to_host(ctx, pred_out, pred, sizeof(int32_t) * (size_t)n));
  return gn_to_host(ctx, levels, level, sizeof(int32_t) * (size_t)n);
}

/* gnest_bfs and gnest_bfs_pred (pred NULL: no predecessors), as the function fn. */
static gnest_status bfs_call(gnest_ctx *ctx, const char *fn, const gnest_graph *g, int32_t source,
                             int32_t *levels, int32_t *pred, const gnest_options *opts,
                             gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_BFS, fn, g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, levels, "levels"));
        return gn_check_source(&call, g, source);
      },
      [&](gn_cpu_counts *c) {
        GN_TRY(gn_cpu_bfs(&g->csr, source, levels, c));
        return pred ? gn_pred_on_host(&call, &g->csr, source, levels, NULL, pred, c) : GNEST_OK;
      },
      [&](gn_engine &e, const gn_device_graph *dg) {
        return bfs_on_device(e, dg, g, source, levels, pred);
      });
}

gnest_status gnest_bfs(gnest_ctx *ctx, const gnest_graph *g, int32_t source, int32_t *levels,
                       const gnest_options *opts, gnest_info *info) {
  return bfs_call(ctx, "gnest_bfs", g, source, levels, NULL, opts, info);
}

gnest_status gnest_bfs_pred(gnest_ctx *ctx, const gnest_graph *g, int32_t source, int32_t *levels,
                            int32_t *pred, const gnest_options *opts, gnest_info *info) {
  return bfs_call(ctx, "gnest_bfs_pred", g, source, levels, pred, opts, info);
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_bfs(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                        const gnest_options *opts, gnest_info *info) {
  return gnest_bfs_pred(ctx, in->graph, in->source, out->values_i32, out->pred, opts, info);
}
