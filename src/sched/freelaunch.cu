/* Backend "freelaunch": Free Launch (Chen & Shen, "Free Launch: Optimizing GPU Dynamic Kernel
 * Launches through Thread Reuse", MICRO 2015). Where a dynamic-parallelism code launches a child
 * kernel for a heavy item (inner trip count above the threshold), the threads of a persistent
 * grid take the child's work themselves: no device launch at all, so no -rdc and no launch pool.
 * The paper's four assignments of a child's work to threads, each forcible
 * (the setting freelaunch_mode):
 *   T1  the child split into subtasks of one child block (blockDim iterations), each put in a
 *       grid-wide queue and taken by any CTA; the CTA that finishes an item's last subtask runs
 *       its post (a per-item count of subtasks left, with fences on both sides);
 *   T2  the whole child ("kernel") put in the grid-wide queue, taken by any CTA, whose threads
 *       stride over it; that CTA runs its post after a barrier. A giant child (more than
 *       kGnFlGiantRounds rounds of a CTA) goes to the queue as T1's subtasks instead: on one CTA
 *       it would hold the whole pass (measured on an H200: the first level of a BFS from rmat24's
 *       hub, one child of 406,794 iterations, took 2.13 ms on one CTA, where a grid of one-block
 *       subtasks takes it in a few rounds); the paper does not split children in T2;
 *   T3  the child run by the parent's own CTA after the CTA's parent work (a queue in shared
 *       memory, cta_queue.cuh);
 *   T4  the child run by the parent thread itself, serially: flat's mapping of that item. The
 *       paper's T4 gains by removing the launch; flat never launched, so T4 equals flat's
 *       mapping inside this backend's loops.
 * AUTO applies the selection rule below (gn_freelaunch_rule) to the input's rows and says in
 * gnest_info.reason which assignment it chose and why.
 *
 * The grid is the resident grid (occupancy API), launched cooperatively; the frontier and level
 * loops are one persistent kernel each, as flat's, levels separated by grid.sync(). A level of
 * T1 or T2 has two phases: the parents (light items serially, heavy items queued), a grid-wide
 * barrier, then the CTAs drain the queue. The paper's threads take queued work as soon as they
 * are free; a barrier between the phases instead needs no concurrent queue with termination
 * detection (no spinning), at the cost of one grid barrier per level (counted in
 * gnest_info.grid_barriers). An item that finds the queue full runs serially in its thread.
 *
 * Options read: freelaunch_mode, threshold (default 32), schedule, block_size. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sched/cta_queue.cuh"
#include "sched/flat.cuh"
#include "sched/plans.h"

/* ---- the selection rule (host) ----------------------------------------------------------- */

/* Thresholds of the rule (quoted in the reasons). */
static const double kGnFlEvenSpread = 0.5;  /* cv of the children's sizes at most this: even */
static const double kGnFlBusyShare = 0.5;   /* share of items with a child for T4 */
/* A queue operation (a ticket atomic and two barriers) costs about one round of a CTA over a
 * child's iterations. */
static const double kGnFlQueueRounds = 1.0;
/* T2 splits a child of more than this many CTA rounds into one-block subtasks (the header). */
static const int64_t kGnFlGiantRounds = 64;

extern "C" const char *gn_freelaunch_mode_name(gn_freelaunch_mode m) {
  static const char *const names[] = {"auto", "T1", "T2", "T3", "T4"};
  return (int)m >= 0 && (int)m <= (int)GN_FL_T4 ? names[m] : "?";
}

/* T1 or T2: the grid takes the children. Time estimates in CTA rounds (one round: a CTA's
 * threads over `block` iterations): T2 is bounded below by its largest child on one CTA, T1 by
 * one subtask, and pays a queue operation per subtask instead of per child (a tie goes to T2:
 * children of one subtask each make the two the same). */
static gn_freelaunch_mode gn_fl_grid_rule(const gn_row_census *c, int64_t ctas, int32_t block,
                                          double cv, const char *why, char *reason,
                                          size_t size) {
  const double work = (double)c->chunks_above / (double)ctas;
  const double largest = ceil((double)c->max_row / block);
  const double t2 = fmax(largest, work) + kGnFlQueueRounds * (double)c->rows_above / (double)ctas;
  const double t1 = fmax(1.0, work) + kGnFlQueueRounds * work;
  const gn_freelaunch_mode m = t1 < t2 ? GN_FL_T1 : GN_FL_T2;
  snprintf(reason, size,
           "%s: %s (cv %.2f); the grid takes them: %lld extra subtasks (T1, about %.1f rounds) "
           "vs the largest child on one CTA (T2, about %.1f rounds)",
           gn_freelaunch_mode_name(m), why, cv,
           (long long)(c->chunks_above - c->rows_above), t1, t2);
  return m;
}

extern "C" gn_freelaunch_mode gn_freelaunch_rule(const gn_row_census *c, int64_t resident_ctas,
                                                 int32_t block, char *reason,
                                                 size_t reason_size) {
  char scratch[8];
  if (!reason || reason_size == 0) {
    reason = scratch;
    reason_size = sizeof scratch;
  }
  const int64_t ctas = resident_ctas < 1 ? 1 : resident_ctas;
  if (block < 1) block = 1;
  if (c->rows_above == 0) {
    snprintf(reason, reason_size, "T4: no item has more than %d inner iterations: no child",
             (int)c->threshold);
    return GN_FL_T4;
  }
  const double share = (double)c->rows_above / (double)(c->rows > 0 ? c->rows : 1);
  const double mean = (double)c->arcs_above / (double)c->rows_above;
  const double var = c->arcs_above_sq / (double)c->rows_above - mean * mean;
  const double cv = var > 0 ? sqrt(var) / mean : 0.0;
  if (c->rows_above < ctas)
    return gn_fl_grid_rule(c, ctas, block, cv, "fewer items with a child than resident CTAs",
                           reason, reason_size);
  if (cv <= kGnFlEvenSpread && share >= kGnFlBusyShare) {
    snprintf(reason, reason_size,
             "T4: children even (cv %.2f <= %.2f) and %.1f%% of the items have one (>= %.0f%%)",
             cv, kGnFlEvenSpread, 100.0 * share, 100.0 * kGnFlBusyShare);
    return GN_FL_T4;
  }
  if (cv <= kGnFlEvenSpread) {
    /* The paper keeps these children in their parents' CTAs (T3). Measured on an H200, T3 lost
     * to T1 and T2 on every input with children: the parents of a level cluster in a few CTAs
     * (a Wu tree 4-64-0: T3 0.224 ms, T2 0.059 ms). */
    char why[96];
    snprintf(why, sizeof why, "children even but on %.1f%% of the items only (< %.0f%%)",
             100.0 * share, 100.0 * kGnFlBusyShare);
    return gn_fl_grid_rule(c, ctas, block, cv, why, reason, reason_size);
  }
  if (c->max_row <= block) {
    snprintf(reason, reason_size,
             "T3: children uneven (cv %.2f > %.2f) but none longer than one CTA round (%lld <= "
             "%d iterations)",
             cv, kGnFlEvenSpread, (long long)c->max_row, (int)block);
    return GN_FL_T3;
  }
  return gn_fl_grid_rule(c, ctas, block, cv, "children uneven, some longer than a CTA round",
                         reason, reason_size);
}

/* ---- device ------------------------------------------------------------------------------ */

/* One level's counters. Levels rotate over three slots as flat's chunk counters do (level l
 * uses slot l % 3 and zeroes slot (l + 2) % 3); a single pass uses slot 0, which its last CTA
 * zeroes. */
struct gn_fl_slot {
  unsigned int chunk;    /* parent chunks taken */
  int32_t items;         /* heavy items queued (T1, T2) */
  int32_t giants;        /* T2: giant children queued as subtasks (entries from the end) */
  int32_t subtasks;      /* subtasks queued (T1; T2's giant children) */
  unsigned int ticket;   /* queue entries taken (T1: subtasks, T2: items) */
  unsigned int sub_ticket; /* T2: subtasks taken */
};

/* Everything the kernels need, passed by value. */
struct gn_fl_run {
  int32_t mode;          /* gn_freelaunch_mode, never AUTO */
  int32_t threshold;
  bool dynamic;
  int32_t *items;        /* [item_cap] heavy items (T1, T2); T2's giant children from the end
                            (a pass pushes each item once, so the two ends never meet) */
  int32_t *remaining;    /* [item_cap] T1, T2's giant children: subtasks not finished yet */
  int2 *subtasks;        /* [sub_cap] T1, T2: (item entry, subtask index); x < 0: not to run */
  int64_t giant;         /* T2: a child of more iterations runs as subtasks */
  int32_t item_cap, sub_cap;
  gn_fl_slot *slots;     /* [3] */
  unsigned int *pass_done; /* CTAs finished with a single pass */
  gn_engine_flags *flags;
  unsigned long long *edges;
};

/* T1 and T2 hand children to the whole grid (a queue phase after a grid barrier). */
__host__ __device__ __forceinline__ bool gn_fl_grid_mode(const gn_fl_run &r) {
  return r.mode == GN_FL_T1 || r.mode == GN_FL_T2;
}

/* Marks subtask entries [first, first + count) of an overflowing reservation as not to run
 * (those past the capacity were never stored and are never read). */
__device__ __forceinline__ void gn_fl_void_subtasks(const gn_fl_run &r, int64_t first,
                                                    int64_t count) {
  for (int64_t k = first < 0 ? 0 : first; k < first + count && k < r.sub_cap; ++k)
    r.subtasks[k] = make_int2(-1, 0);
}

/* Queues item i's child [b, en) as one-block subtasks under entry j; false when the subtask
 * queue is full (its reserved entries are then voided). */
__device__ __forceinline__ bool gn_fl_push_subtasks(const gn_fl_run &r, gn_fl_slot *slot, int32_t j,
                                                    int32_t i, int64_t b, int64_t en) {
  const int64_t count = (en - b + blockDim.x - 1) / blockDim.x;
  const int64_t first = atomicAdd(&slot->subtasks, (int32_t)count);
  if (first < 0 || first + count > r.sub_cap) {
    gn_fl_void_subtasks(r, first, count);
    return false;
  }
  r.items[j] = i;
  r.remaining[j] = (int32_t)count;
  for (int64_t k = 0; k < count; ++k) r.subtasks[first + k] = make_int2(j, (int32_t)k);
  return true;
}

/* Queues heavy item i (inner range [b, en)) for the grid; false when a queue is full (the
 * caller then runs it itself, so nothing is lost). T1: as subtasks; T2: whole, or as subtasks
 * when giant. */
__device__ __forceinline__ bool gn_fl_push(const gn_fl_run &r, gn_fl_slot *slot, int32_t i,
                                           int64_t b, int64_t en) {
  if (r.mode == GN_FL_T2 && en - b > r.giant)
    return gn_fl_push_subtasks(r, slot, r.item_cap - 1 - atomicAdd(&slot->giants, 1), i, b, en);
  const int32_t j = atomicAdd(&slot->items, 1);
  if (j >= r.item_cap) return false;
  if (r.mode == GN_FL_T1) return gn_fl_push_subtasks(r, slot, j, i, b, en);
  r.items[j] = i;
  return true;
}

/* One T1 subtask. The item's post runs on the CTA that finishes its last subtask: every thread
 * fences its edges' writes before the barrier; thread 0 then counts the subtask off and, when
 * it was the last, fences again (so the other CTAs' edges are visible to it) and runs post. */
template <class V>
__device__ __forceinline__ void gn_fl_subtask(const V &v, const gn_fl_run &r, int2 task,
                                              const gn_step &s, unsigned long long &edges) {
  if (task.x < 0) return;
  const int32_t i = r.items[task.x];
  const int64_t b = v.begin(i) + (int64_t)task.y * blockDim.x;
  const int64_t en = min(v.end(i), b + (int64_t)blockDim.x);
  gn_cta_stride(v, i, b, en, s, edges);
  if constexpr (V::kHasPost) {
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0 && atomicSub(&r.remaining[task.x], 1) == 1) {
      __threadfence();
      v.post(i, s);
    }
  }
}

/* The queue phase of a T1 / T2 level (after the barrier that ends its parent phase): CTAs take
 * entries until none is left; in T2 the giant children's subtasks first, then the whole
 * children. */
template <class V>
__device__ void gn_fl_children(const V &v, const gn_fl_run &r, gn_fl_slot *slot, const gn_step &s,
                               unsigned long long &edges) {
  const bool t1 = r.mode == GN_FL_T1;
  const int32_t subtasks = min(*(volatile int32_t *)&slot->subtasks, r.sub_cap);
  for (unsigned int *ticket = t1 ? &slot->ticket : &slot->sub_ticket;;) {
    const unsigned int t = gn_cta_ticket(ticket);
    if (t >= (unsigned int)subtasks) break;
    gn_fl_subtask(v, r, r.subtasks[t], s, edges);
  }
  if (t1) return;
  const int32_t count = min(*(volatile int32_t *)&slot->items, r.item_cap);
  for (;;) {
    const unsigned int t = gn_cta_ticket(&slot->ticket);
    if (t >= (unsigned int)count) break;
    const int32_t i = r.items[t];
    gn_cta_stride(v, i, v.begin(i), v.end(i), s, edges);
    if constexpr (V::kHasPost) {
      __syncthreads(); /* every edge of i done and visible to the CTA */
      if (threadIdx.x == 0) v.post(i, s);
    }
  }
}

/* The parents of one level (positions [0, count), in(k) maps a position to an item), then for
 * T1 / T2 a grid-wide barrier and the queue phase. Every thread of the grid calls it. */
template <class V, class In>
__device__ void gn_fl_level(const V &v, In in, int64_t count, const gn_step &s,
                            const gn_fl_run &r, gn_fl_slot *slot, gn_cta_queue &q,
                            uint32_t &round, unsigned long long &edges) {
  gn_chunk_loop(count, &slot->chunk, r.dynamic, [&](int64_t k, bool has) {
    const int32_t i = has ? in(k) : 0;
    if (r.mode == GN_FL_T3) {
      gn_cta_round(v, has, i, s, r.threshold, q, round, edges);
      return;
    }
    if (!has || !v.pre(i, s)) return;
    const int64_t b = v.begin(i), en = v.end(i);
    if (r.mode != GN_FL_T4 && en - b > r.threshold && gn_fl_push(r, slot, i, b, en)) return;
    gn_serial_item(v, i, b, en, s, edges);
  });
  if (gn_fl_grid_mode(r)) {
    cg::this_grid().sync(); /* every parent done: the queue is complete, pre's writes visible */
    gn_fl_children(v, r, slot, s, edges);
  }
}

/* Level l's slot; during level l, block 0 zeroes slot (l + 2) % 3 (last used by level l - 1,
 * before the previous barrier; next used by level l + 2, after the next one). */
__device__ __forceinline__ gn_fl_slot *gn_fl_level_slot(const gn_fl_run &r, int32_t l) {
  if (blockIdx.x == 0 && threadIdx.x == 0) r.slots[(l + 2) % 3] = gn_fl_slot{0, 0, 0, 0, 0, 0};
  return &r.slots[l % 3];
}

/* After the last level's barrier: its slot is left clean for the next loop. */
__device__ __forceinline__ void gn_fl_clear_last(const gn_fl_run &r, int32_t levels) {
  if (levels > 0 && blockIdx.x == 0 && threadIdx.x == 0)
    r.slots[(levels - 1) % 3] = gn_fl_slot{0, 0, 0, 0, 0, 0};
}

template <class V>
__global__ void gn_fl_pass_kernel(V v, gn_items items, gn_step s, gn_fl_run r) {
  /* No items (a count known only on the device: the direction-optimizing BFS launches both of a
   * level's passes, one of them empty): every CTA returns at once, before touching slot 0 or the
   * pass counter and before the T1 / T2 barrier, which the host counted (about 8 us a pass on
   * an H200). */
  const int64_t count = gn_items_count(items);
  if (count == 0) {
    if (gn_fl_grid_mode(r) && blockIdx.x == 0 && threadIdx.x == 0)
      atomicAdd(&r.flags->barriers_skipped, 1);
    return;
  }
  __shared__ gn_cta_queue q;
  gn_cta_queue_init(q);
  uint32_t round = 0;
  unsigned long long edges = 0;
  gn_fl_level(v, [&](int64_t k) { return gn_item_at(items, k); }, count, s, r, &r.slots[0], q,
              round, edges);
  gn_add_edges(r.edges, edges);
  __syncthreads(); /* the CTA is done with slot 0 */
  if (threadIdx.x != 0) return;
  __threadfence();
  if (atomicAdd(r.pass_done, 1u) == gridDim.x - 1) { /* the last CTA: slot 0 clean again */
    r.slots[0] = gn_fl_slot{0, 0, 0, 0, 0, 0};
    *r.pass_done = 0;
    __threadfence();
  }
}

/* The frontier loop (as flat's): level l reads counts[l] items, pushes into level l + 1, stops
 * at the first empty level; flags->levels_run = levels run. */
template <class V>
__global__ void gn_fl_frontier_kernel(V v, gn_frontier f, gn_fl_run r) {
  __shared__ gn_cta_queue q;
  gn_cta_queue_init(q);
  cg::grid_group grid = cg::this_grid();
  uint32_t round = 0;
  unsigned long long edges = 0;
  int64_t base = 0;
  int32_t l = 0;
  for (; l < f.max_levels; ++l) {
    const int64_t count = gn_level_count(f, l, base);
    if (count == 0) break;
    const int32_t *in = gn_level_items(f, l, base);
    const gn_step s = gn_level_step(f, l, base, count, &r.flags->push_overflow);
    gn_fl_level(v, [&](int64_t k) { return in[k]; }, count, s, r, gn_fl_level_slot(r, l), q, round,
                edges);
    base += count;
    grid.sync();
  }
  gn_fl_clear_last(r, l);
  if (blockIdx.x == 0 && threadIdx.x == 0) r.flags->levels_run = l;
  gn_add_edges(r.edges, edges);
}

/* A fixed level schedule in one kernel. */
template <class V>
__global__ void gn_fl_levels_kernel(V v, const int32_t *items, const int64_t *offsets,
                                    int32_t num_levels, bool reverse, gn_fl_run r) {
  __shared__ gn_cta_queue q;
  gn_cta_queue_init(q);
  cg::grid_group grid = cg::this_grid();
  uint32_t round = 0;
  unsigned long long edges = 0;
  for (int32_t li = 0; li < num_levels; ++li) {
    const int32_t l = reverse ? num_levels - 1 - li : li;
    const int32_t *in = items + offsets[l];
    const gn_step s = {l, nullptr, nullptr, 0, &r.flags->push_overflow};
    gn_fl_level(v, [&](int64_t k) { return in[k]; }, offsets[l + 1] - offsets[l], s, r,
                gn_fl_level_slot(r, li), q, round, edges);
    grid.sync();
  }
  gn_fl_clear_last(r, num_levels);
  gn_add_edges(r.edges, edges);
}

/* ---- host ---------------------------------------------------------------------------------- */

struct gn_fl_state {
  gn_fl_run run;  /* run.slots is NULL until the call's first prepare */
};

/* The mode of this call into *mode: forced, or the rule's pick; either way said in the call's
 * reason. */
static gnest_status gn_fl_choose(gn_engine &e, gn_freelaunch_mode *mode) {
  gn_call &call = *e.call;
  char why[200];
  gn_freelaunch_mode m = (gn_freelaunch_mode)call.opts.freelaunch_mode;
  if (m == GN_FL_AUTO) {
    const int64_t ctas = (int64_t)e.sm_count * (e.ctx->dev->max_threads_per_sm / e.block);
    const gn_row_census *census = nullptr;
    GN_TRY(gn_engine_census(e, e.block, &census));
    m = gn_freelaunch_rule(census, ctas, e.block, why, sizeof why);
  } else {
    snprintf(why, sizeof why, "%s (forced)", gn_freelaunch_mode_name(m));
  }
  gn_reason_appendf(&call, "; free launch %s", why);
  *mode = m;
  return GNEST_OK;
}

/* The queues for passes of up to max_items items: every item may be heavy (item entries), and a
 * pass holds each input row at most once, so its subtasks (T1's, T2's giant children's) are at
 * most the census's chunks above the threshold (a visitor's inner range is at most its item's
 * row). Earlier, smaller buffers
 * stay in the scratch until the call ends. */
static gnest_status gn_fl_queues(gn_engine &e, gn_fl_run &r, int64_t max_items) {
  if (max_items > INT32_MAX) max_items = INT32_MAX;
  if (r.mode == GN_FL_T3 || r.mode == GN_FL_T4 || r.item_cap >= max_items) return GNEST_OK;
  GN_TRY(e.scratch->alloc(&r.items, (size_t)max_items, "free launch item queue"));
  r.item_cap = (int32_t)max_items;
  GN_TRY(e.scratch->alloc(&r.remaining, (size_t)max_items, "free launch subtask counts"));
  if (r.subtasks) return GNEST_OK;
  const gn_row_census *census = nullptr;
  GN_TRY(gn_engine_census(e, e.block, &census));
  int64_t sub = census->chunks_above;
  if (sub > INT32_MAX) sub = INT32_MAX;
  if (sub < 1) sub = 1;
  GN_TRY(e.scratch->alloc(&r.subtasks, (size_t)sub, "free launch subtask queue"));
  r.sub_cap = (int32_t)sub;
  return GNEST_OK;
}

struct gn_freelaunch {
  static constexpr bool kFusedFrontier = true;
  static constexpr bool kFusedLevels = true;

  static gnest_status prepare(gn_engine &e, int64_t max_items) {
    gn_fl_run &r = gn_backend_state<gn_fl_state>(e).run;
    if (!r.slots) {
      gn_freelaunch_mode mode = GN_FL_AUTO;
      GN_TRY(gn_fl_choose(e, &mode));
      r.mode = mode;
      r.giant = kGnFlGiantRounds * e.block;
      if (r.mode == GN_FL_T2)
        gn_reason_appendf(e.call, "; children of more than %lld iterations split into subtasks",
                          (long long)r.giant);
      r.threshold = e.call->opts.threshold;
      r.dynamic = e.dynamic;
      r.flags = e.flags;
      r.edges = e.edges;
      GN_TRY(e.scratch->alloc(&r.slots, 3, "free launch level counters"));
      GN_TRY(gn_memset(e.ctx, r.slots, 0, 3 * sizeof(gn_fl_slot)));
      GN_TRY(e.scratch->alloc(&r.pass_done, 1, "free launch pass counter"));
      GN_TRY(gn_memset(e.ctx, r.pass_done, 0, sizeof *r.pass_done));
    }
    return gn_fl_queues(e, r, max_items);
  }
  static constexpr gnest_status (*finish)(gn_engine &) = nullptr;

  /* Grid barriers a level costs: the end of the level, and for T1 / T2 the end of its parent
   * phase. */
  static int64_t barriers_per_level(const gn_fl_run &r) {
    return gn_fl_grid_mode(r) ? 2 : 1;
  }

  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    gn_fl_run r = gn_backend_state<gn_fl_state>(e).run;
    V vv = v;
    gn_items in = items;
    gn_step st = s;
    void *args[] = {&vv, &in, &st, &r};
    /* T3 / T4 keep the children in the parents' CTAs: no more CTAs than the items need. */
    const int64_t needed = gn_fl_grid_mode(r) || items.d_count ? 0 : items.n;
    e.call->grid_barriers += barriers_per_level(r) - 1;
    return gn_cooperative_launch(e, gn_fl_pass_kernel<V>, args, needed);
  }

  template <class V>
  static gnest_status frontier(gn_engine &e, const V &v, gn_frontier &f, int32_t *levels) {
    gn_fl_run r = gn_backend_state<gn_fl_state>(e).run;
    V vv = v;
    void *args[] = {&vv, &f, &r};
    GN_TRY(gn_cooperative_launch(e, gn_fl_frontier_kernel<V>, args));
    GN_TRY(gn_to_host(e.ctx, levels, &e.flags->levels_run, sizeof(int32_t)));
    e.call->grid_barriers += barriers_per_level(r) * *levels;
    return GNEST_OK;
  }

  template <class V>
  static gnest_status levels(gn_engine &e, const V &v, const gn_schedule &sched) {
    int64_t *d_offsets = nullptr;
    GN_TRY(gn_engine_level_offsets(&e, sched.h_offsets, sched.num_levels, &d_offsets));
    gn_fl_run r = gn_backend_state<gn_fl_state>(e).run;
    V vv = v;
    const int32_t *items = sched.items;
    int32_t num_levels = sched.num_levels;
    bool reverse = sched.reverse;
    void *args[] = {&vv, &items, &d_offsets, &num_levels, &reverse, &r};
    e.call->grid_barriers += barriers_per_level(r) * num_levels;
    return gn_cooperative_launch(e, gn_fl_levels_kernel<V>, args);
  }
};

GN_BACKEND_OPS(FREELAUNCH, gn_freelaunch)
