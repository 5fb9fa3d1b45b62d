/* Backend "levelsched": the static level scheduler (after Burrows et al., "A CUDA kernel
 * scheduler exploiting static data dependencies"). A fixed level schedule's dependencies are
 * known before it runs, so where a grid-wide barrier (or a relaunch) is really needed can be
 * decided once, on the host:
 *   - a level that one CTA finishes in a few rounds (gn_ls_segments: its items and inner
 *     iterations over the CTA's threads cost less than a grid barrier) needs no grid: runs of
 *     such consecutive levels go to ONE CTA, which separates them with __syncthreads();
 *   - in a tree's recursive form (gn_run_recursive) the only dependencies are parent/child arcs,
 *     so every subtree of at most GN_LS_BATCH_ROUNDS x blockDim nodes is finished bottom-up
 *     inside one CTA, in batches, all batches at once with no grid barrier at all; only the
 *     nodes above them ("top") run level by level.
 * A 100,000-node chain thus runs with ONE grid barrier instead of 100,000 (flat's fused loop
 * pays 3.6 us a level on an H100). The tree's plan is cached on the tree handle (host arrays and
 * their device copies), rebuilt only for another block size; a gn_run_levels schedule (BC's
 * backward pass) is split by its level widths on every call (O(levels) on the host).
 *
 * Every level, step or batch is run by a CTA with cta_queue.cuh's rounds: light items in their
 * thread, heavy ones (trip count above the threshold) by the whole CTA; consecutive steps of one
 * item each (a chain, a tree's long paths) run serially in the CTA's thread 0 with no barrier
 * between them (gn_ls_serial_run: a chain's step then costs its memory latencies only); a level that needs the
 * grid takes chunks of items from flat's rotating chunk counters. Frontier loops and single
 * passes are flat's (flat.cuh). Applies to the algorithms with a fixed level schedule (tree
 * descendants / heights, BC); the registry says why not to the others.
 *
 * Options read: threshold (default 32), schedule (grid levels only), block_size, cta_levels (its
 * frontier loops, BC's forward pass: flat's one-CTA stretches, flat.cuh). */
#include <stdlib.h>
#include <string.h>

#include "sched/cta_queue.cuh"
#include "sched/flat.cuh"
#include "sched/plans.h"

/* ---- host: the schedules (pure functions, plans.h) -------------------------------------- */

/* The level of step st of a schedule (deepest first when reverse). */
__host__ __device__ __forceinline__ int32_t gn_ls_level(int32_t st, int32_t num_levels,
                                                        bool reverse) {
  return reverse ? num_levels - 1 - st : st;
}

/* Rounds of a CTA for n units of work (items or iterations). */
static int64_t gn_ls_rounds(int64_t n, int32_t block) { return (n + block - 1) / block; }

extern "C" int32_t gn_ls_segments(const int64_t *offsets, const int64_t *work, int32_t num_levels,
                                  int reverse, int32_t block, gn_ls_segment *out) {
  if (block < 1) block = 1;
  int32_t count = 0;
  for (int32_t s = 0; s < num_levels; ++s) {
    const int32_t l = gn_ls_level(s, num_levels, reverse != 0);
    const int64_t width = offsets[l + 1] - offsets[l];
    const int64_t iterations = work ? work[l] : width;
    const int fits =
        gn_ls_rounds(width, block) + gn_ls_rounds(iterations, block) <= GN_LS_BARRIER_ROUNDS;
    if (fits && count > 0 && out[count - 1].cta) {
      out[count - 1].count++;
    } else {
      out[count].first = s;
      out[count].count = 1;
      out[count].cta = fits;
      ++count;
    }
  }
  return count;
}

extern "C" int64_t gn_ls_barriers(const gn_ls_segment *segments, int32_t count) {
  int64_t barriers = 0;
  for (int32_t k = 0; k < count; ++k) barriers += !segments[k].cta || k + 1 < count;
  return barriers;
}

extern "C" void gn_tree_plan_free(gn_tree_plan *plan) {
  if (!plan) return;
  free(plan->items);
  free(plan->step_offsets);
  free(plan->batch_steps);
  free(plan->segments);
  memset(plan, 0, sizeof *plan);
}

/* Host arrays a plan is built with, freed on every path. */
struct gn_plan_scratch {
  int32_t *size = nullptr;    /* subtree sizes */
  int32_t *height = nullptr;  /* subtree heights (a leaf: 1) */
  int32_t *nodes = nullptr;   /* one batch's nodes before they are sorted by height */
  int64_t *per_height = nullptr;
  int64_t *work = nullptr;    /* inner iterations of each top step */
  ~gn_plan_scratch() {
    free(size);
    free(height);
    free(nodes);
    free(per_height);
    free(work);
  }
};

static int32_t gn_out_degree(const gnest_tree *t, int32_t v) {
  return (int32_t)(t->child_offsets[v + 1] - t->child_offsets[v]);
}

/* Subtree sizes and heights: children come after their parent in the level order, so a reverse
 * sweep finishes every node before adding it to its parent. */
static void gn_plan_subtrees(const gnest_tree *t, gn_plan_scratch &w) {
  for (int32_t v = 0; v < t->n; ++v) w.size[v] = w.height[v] = 1;
  for (int32_t pos = t->n - 1; pos > 0; --pos) {
    const int32_t v = t->order[pos], p = t->parent[v];
    w.size[p] += w.size[v];
    if (w.height[v] + 1 > w.height[p]) w.height[p] = w.height[v] + 1;
  }
}

/* The roots of the maximal subtrees of at most cap nodes ("low"), in level order. */
static bool gn_plan_is_batch_root(const gnest_tree *t, const gn_plan_scratch &w, int32_t v,
                                  int32_t cap) {
  if (w.size[v] > cap) return false;
  return t->parent[v] < 0 || w.size[t->parent[v]] > cap;
}

/* Counts the batches and their steps: roots packed greedily in level order, at most cap nodes a
 * batch; a batch's steps are its tallest root's height. */
static void gn_plan_count_batches(const gnest_tree *t, const gn_plan_scratch &w, int32_t cap,
                                  gn_tree_plan *p) {
  int64_t nodes = 0, height = 0;
  for (int32_t pos = 0; pos < t->n; ++pos) {
    const int32_t v = t->order[pos];
    if (!gn_plan_is_batch_root(t, w, v, cap)) continue;
    if (p->num_batches == 0 || nodes + w.size[v] > cap) {
      p->num_steps += (int32_t)height;
      p->num_batches++;
      nodes = height = 0;
    }
    nodes += w.size[v];
    if (w.height[v] > height) height = w.height[v];
  }
  p->num_steps += (int32_t)height;
}

/* Appends the subtree of root (all of it is low) to w.nodes[*count ...]. */
static void gn_plan_collect(const gnest_tree *t, gn_plan_scratch &w, int32_t root,
                            int32_t *count) {
  int32_t head = *count;
  w.nodes[(*count)++] = root;
  while (head < *count) {
    const int32_t u = w.nodes[head++];
    for (int64_t e = t->child_offsets[u]; e < t->child_offsets[u + 1]; ++e)
      w.nodes[(*count)++] = t->children[e];
  }
}

/* Writes one batch (its nodes in w.nodes[0 .. count), tallest height `steps`) as steps by
 * height, leaves first, from items[*at] and step *step on. */
static void gn_plan_emit_batch(const gn_plan_scratch &w, int32_t count, int32_t steps,
                               gn_tree_plan *p, int64_t *at, int32_t *step) {
  for (int32_t h = 0; h <= steps; ++h) w.per_height[h] = 0;
  for (int32_t k = 0; k < count; ++k) w.per_height[w.height[w.nodes[k]]]++;
  int64_t pos = *at;
  for (int32_t h = 1; h <= steps; ++h) {
    p->step_offsets[*step + h - 1] = pos;
    const int64_t here = w.per_height[h];
    w.per_height[h] = pos; /* from now on: where height h's next node goes */
    pos += here;
  }
  for (int32_t k = 0; k < count; ++k) p->items[w.per_height[w.height[w.nodes[k]]]++] = w.nodes[k];
  *at = pos;
  *step += steps;
}

/* Fills the batches' items and steps (the same packing as gn_plan_count_batches). */
static void gn_plan_fill_batches(const gnest_tree *t, gn_plan_scratch &w, gn_tree_plan *p,
                                 int64_t *at) {
  int32_t count = 0, tallest = 0, step = 0, batch = 0;
  for (int32_t pos = 0; pos < t->n; ++pos) {
    const int32_t v = t->order[pos];
    if (!gn_plan_is_batch_root(t, w, v, p->batch_cap)) continue;
    if (count > 0 && count + w.size[v] > p->batch_cap) {
      p->batch_steps[batch++] = step;
      gn_plan_emit_batch(w, count, tallest, p, at, &step);
      count = tallest = 0;
    }
    gn_plan_collect(t, w, v, &count);
    if (w.height[v] > tallest) tallest = w.height[v];
  }
  if (count > 0) {
    p->batch_steps[batch++] = step;
    gn_plan_emit_batch(w, count, tallest, p, at, &step);
  }
  p->batch_steps[batch] = step;
}

/* The top: nodes above the batches, level by level, deepest first; each level's inner
 * iterations into w.work. */
static void gn_plan_fill_top(const gnest_tree *t, gn_plan_scratch &w, gn_tree_plan *p,
                             int64_t *at) {
  int32_t step = p->top_first;
  for (int32_t l = t->depth - 1; l >= 0; --l) {
    const int64_t first = *at;
    int64_t iterations = 0;
    for (int64_t pos = t->level_offsets[l]; pos < t->level_offsets[l + 1]; ++pos) {
      const int32_t v = t->order[pos];
      if (w.size[v] <= p->batch_cap) continue;
      p->items[(*at)++] = v;
      iterations += gn_out_degree(t, v);
    }
    if (*at == first) continue;
    p->step_offsets[step] = first;
    w.work[step - p->top_first] = iterations;
    ++step;
  }
  p->num_steps = step;
  p->step_offsets[step] = *at;
}

/* 1 when level l holds a node whose subtree has more than cap nodes (a top node). */
static bool gn_plan_level_has_top(const gnest_tree *t, const gn_plan_scratch &w, int32_t l,
                                  int32_t cap) {
  for (int64_t pos = t->level_offsets[l]; pos < t->level_offsets[l + 1]; ++pos)
    if (w.size[t->order[pos]] > cap) return true;
  return false;
}

/* The levels that hold a top node: the top's steps. */
static int32_t gn_plan_top_levels(const gnest_tree *t, const gn_plan_scratch &w, int32_t cap) {
  int32_t levels = 0;
  for (int32_t l = 0; l < t->depth; ++l) levels += gn_plan_level_has_top(t, w, l, cap);
  return levels;
}

static gnest_status gn_plan_alloc(gnest_ctx *ctx, void **p, size_t count, size_t size,
                                  const char *what) {
  gnest_status st = GNEST_OK;
  *p = gn_alloc(ctx, count ? count : 1, size, what, &st);
  return st;
}

extern "C" gnest_status gn_tree_plan_build(gnest_ctx *ctx, const gnest_tree *t, int32_t block,
                                           gn_tree_plan *out) {
  memset(out, 0, sizeof *out);
  gn_tree_plan p;
  memset(&p, 0, sizeof p);
  p.block = block < 1 ? 1 : block;
  p.batch_cap = GN_LS_BATCH_ROUNDS * p.block;
  p.n = t->n;
  const size_t n = (size_t)t->n;
  gn_plan_scratch w;
  gnest_status st = GNEST_OK;
  if ((st = gn_plan_alloc(ctx, (void **)&w.size, n, sizeof(int32_t), "subtree sizes")) ||
      (st = gn_plan_alloc(ctx, (void **)&w.height, n, sizeof(int32_t), "subtree heights")) ||
      (st = gn_plan_alloc(ctx, (void **)&w.nodes, (size_t)p.batch_cap, sizeof(int32_t),
                          "a batch's nodes")) ||
      (st = gn_plan_alloc(ctx, (void **)&w.per_height, (size_t)p.batch_cap + 1, sizeof(int64_t),
                          "a batch's steps")))
    return st;
  gn_plan_subtrees(t, w);
  gn_plan_count_batches(t, w, p.batch_cap, &p);
  p.top_first = p.num_steps;
  const int32_t top_levels = gn_plan_top_levels(t, w, p.batch_cap);
  const size_t steps = (size_t)p.top_first + (size_t)top_levels;
  if ((st = gn_plan_alloc(ctx, (void **)&p.items, n, sizeof(int32_t), "the plan's items")) ||
      (st = gn_plan_alloc(ctx, (void **)&p.step_offsets, steps + 1, sizeof(int64_t),
                          "the plan's steps")) ||
      (st = gn_plan_alloc(ctx, (void **)&p.batch_steps, (size_t)p.num_batches + 1,
                          sizeof(int32_t), "the plan's batches")) ||
      (st = gn_plan_alloc(ctx, (void **)&p.segments, (size_t)top_levels, sizeof(gn_ls_segment),
                          "the plan's segments")) ||
      (st = gn_plan_alloc(ctx, (void **)&w.work, (size_t)top_levels, sizeof(int64_t),
                          "the top's iterations"))) {
    gn_tree_plan_free(&p);
    return st;
  }
  int64_t at = 0;
  gn_plan_fill_batches(t, w, &p, &at);
  gn_plan_fill_top(t, w, &p, &at);
  p.num_segments = gn_ls_segments(p.step_offsets + p.top_first, w.work, top_levels, 0, p.block,
                                  p.segments);
  p.grid_barriers = gn_ls_barriers(p.segments, p.num_segments) +
                    (p.num_batches > 0 && p.num_segments > 0);
  *out = p;
  return GNEST_OK;
}

/* ---- device -------------------------------------------------------------------------------- */

/* Everything the kernel needs, passed by value. The steps of the segments: step s is level
 * l = reverse ? num_levels - 1 - s : s, items[offsets[l] .. offsets[l + 1]). */
struct gn_ls_args {
  const int32_t *items;
  const int64_t *offsets;        /* device */
  int32_t num_levels;
  bool reverse;
  const gn_ls_segment *segments; /* device */
  int32_t num_segments;
  /* A tree plan's batches (num_batches = 0 otherwise): batch b is steps
   * batch_steps[b] .. [b + 1] of batch_offsets over batch_items. */
  const int32_t *batch_items;
  const int64_t *batch_offsets;
  const int32_t *batch_steps;
  int32_t num_batches;
  unsigned int *batch_counters;  /* [2]: next batch, CTAs done (self-resetting) */
  unsigned int *quiet;           /* [2]: gn_quiet_sync's arrivals (self-resetting), generation */
  unsigned int *chunks;          /* flat's three rotating chunk counters (grid steps) */
  int32_t threshold;
  bool dynamic;
  gn_engine_flags *flags;
  unsigned long long *edges;
};

/* Where a serial run stopped (gn_ls_serial_run, thread 0), for the whole CTA. */
struct gn_ls_run_end {
  int32_t step;  /* the first step the run did not finish */
  int32_t heavy; /* that step's item when the run stopped at it after its pre (heavy), else -1 */
};

/* A serial run (thread 0 alone): consecutive steps of ONE item each, run in thread 0 with no
 * barrier between them -- on a chain or a long path of a tree every step is one light item, and
 * a __syncthreads() a step would make each step wait for the previous one's writes to be
 * acknowledged by L2 before its reads are even issued; one thread's own program order already
 * makes step k's writes visible to step k + 1. Stops before a step of several items, and after
 * the pre of an item above the threshold (end->heavy: the CTA strides over it). */
template <class V>
__device__ void gn_ls_serial_run(const V &v, const int32_t *items, const int64_t *offsets,
                                 int32_t num_levels, bool reverse, int32_t st, int32_t s1,
                                 const gn_ls_args &a, gn_ls_run_end &end,
                                 unsigned long long &edges) {
  end.heavy = -1;
  for (; st < s1; ++st) {
    const int32_t l = gn_ls_level(st, num_levels, reverse);
    const int64_t first = offsets[l];
    if (offsets[l + 1] - first != 1) break;
    const int32_t i = items[first];
    const gn_step s = {l, nullptr, nullptr, 0, &a.flags->push_overflow};
    if (!v.pre(i, s)) continue;
    const int64_t b = v.begin(i), en = v.end(i);
    if (en - b > a.threshold) {
      end.heavy = i;
      break;
    }
    gn_serial_item(v, i, b, en, s, edges);
  }
  end.step = st;
}

/* The item a serial run stopped at (its pre done): the CTA strides over its inner loop, then one
 * thread runs its post; visible to the whole CTA on return. */
template <class V>
__device__ void gn_ls_heavy_item(const V &v, int32_t i, int32_t l, const gn_ls_args &a,
                                 unsigned long long &edges) {
  const gn_step s = {l, nullptr, nullptr, 0, &a.flags->push_overflow};
  gn_cta_stride(v, i, v.begin(i), v.end(i), s, edges);
  __syncthreads();
  if constexpr (V::kHasPost) {
    if (threadIdx.x == 0) v.post(i, s);
    __syncthreads();
  }
}

/* Steps [s0, s1) on this CTA alone, __syncthreads() between them (gn_cta_round ends with every
 * edge and post of its items visible to the CTA); runs of one-item steps serially in thread 0. */
template <class V>
__device__ void gn_ls_cta_steps(const V &v, const int32_t *items, const int64_t *offsets,
                                int32_t num_levels, bool reverse, int32_t s0, int32_t s1,
                                const gn_ls_args &a, gn_cta_queue &q, uint32_t &round,
                                unsigned long long &edges) {
  __shared__ gn_ls_run_end run;
  for (int32_t st = s0; st < s1;) {
    const int32_t l = gn_ls_level(st, num_levels, reverse);
    const int64_t first = offsets[l], width = offsets[l + 1] - first;
    if (width == 1) {
      if (threadIdx.x == 0)
        gn_ls_serial_run(v, items, offsets, num_levels, reverse, st, s1, a, run, edges);
      __syncthreads();
      const gn_ls_run_end end = run;
      __syncthreads(); /* every thread has read it before thread 0 writes the next run's */
      st = end.step;
      if (end.heavy >= 0) {
        gn_ls_heavy_item(v, end.heavy, gn_ls_level(st, num_levels, reverse), a, edges);
        ++st;
      }
      continue;
    }
    const gn_step s = {l, nullptr, nullptr, 0, &a.flags->push_overflow};
    for (int64_t base = 0; base < width; base += blockDim.x) {
      const int64_t k = base + threadIdx.x;
      const bool has = k < width;
      gn_cta_round(v, has, has ? items[first + k] : 0, s, a.threshold, q, round, edges);
    }
    ++st;
  }
}

/* The batches: CTAs take them one at a time, each bottom-up on its own (its steps are not
 * tree levels: s.level is the step's index in the plan). */
template <class V>
__device__ void gn_ls_batches(const V &v, const gn_ls_args &a, gn_cta_queue &q, uint32_t &round,
                              unsigned long long &edges) {
  for (;;) {
    const unsigned int b = gn_cta_ticket(&a.batch_counters[0]);
    if (b >= (unsigned int)a.num_batches) break;
    gn_ls_cta_steps(v, a.batch_items, a.batch_offsets, 0, false, a.batch_steps[b],
                    a.batch_steps[b + 1], a, q, round, edges);
  }
  gn_last_cta_resets(&a.batch_counters[1], nullptr, &a.batch_counters[0]);
}

/* Step s over the whole grid: CTAs take chunks of its items (grid step g uses flat's chunk slot
 * g % 3). */
template <class V>
__device__ void gn_ls_grid_step(const V &v, const gn_ls_args &a, int32_t s, int32_t g,
                                gn_cta_queue &q, uint32_t &round, unsigned long long &edges) {
  const int32_t l = gn_ls_level(s, a.num_levels, a.reverse);
  const int64_t first = a.offsets[l];
  const gn_step step = {l, nullptr, nullptr, 0, &a.flags->push_overflow};
  gn_flat_rotate(a.chunks, g);
  gn_chunk_loop(a.offsets[l + 1] - first, gn_flat_slot(a.chunks, g), a.dynamic,
                [&](int64_t k, bool has) {
                  gn_cta_round(v, has, has ? a.items[first + k] : 0, step, a.threshold, q, round,
                               edges);
                });
}

/* The whole schedule in one cooperative kernel: the batches (no barrier among them), then the
 * segments, a grid barrier only after a grid step or between segments (after the batches and a
 * one-CTA segment the quiet one, gn_quiet_sync in backend.cuh: most CTAs wait there long). */
template <class V>
__global__ void gn_ls_kernel(V v, gn_ls_args a) {
  __shared__ gn_cta_queue q;
  gn_cta_queue_init(q);
  cg::grid_group grid = cg::this_grid();
  uint32_t round = 0;
  unsigned long long edges = 0;
  if (a.num_batches > 0) {
    gn_ls_batches(v, a, q, round, edges);
    if (a.num_segments > 0) gn_quiet_sync(a.quiet); /* CTAs wait for the last batch */
  }
  int32_t grid_steps = 0;
  for (int32_t k = 0; k < a.num_segments; ++k) {
    const gn_ls_segment seg = a.segments[k];
    if (seg.cta) {
      if (blockIdx.x == (unsigned int)k % gridDim.x)
        gn_ls_cta_steps(v, a.items, a.offsets, a.num_levels, a.reverse, seg.first,
                        seg.first + seg.count, a, q, round, edges);
      if (k + 1 < a.num_segments) gn_quiet_sync(a.quiet);
    } else {
      gn_ls_grid_step(v, a, seg.first, grid_steps++, q, round, edges);
      grid.sync();
    }
  }
  gn_flat_clear_last(a.chunks, grid_steps);
  gn_add_edges(a.edges, edges);
}

/* ---- host: the plan cached on the tree, the backend ---------------------------------------- */

/* A tree's plan and its device copy (gnest_tree::sched_cache). */
struct gn_ls_tree_cache {
  gn_tree_plan plan;
  int device;
  int32_t *items;
  int64_t *step_offsets;
  int32_t *batch_steps;
  gn_ls_segment *segments;
};

static size_t gn_ls_steps_bytes(const gn_tree_plan &p) {
  return ((size_t)p.num_steps + 1) * sizeof(int64_t);
}

extern "C" void gn_ls_tree_cache_free(void *cache) {
  gn_ls_tree_cache *c = static_cast<gn_ls_tree_cache *>(cache);
  if (!c) return;
  const gn_tree_plan &p = c->plan;
  gn_kept_free(c->device, c->items, (size_t)p.n * sizeof(int32_t));
  gn_kept_free(c->device, c->step_offsets, gn_ls_steps_bytes(p));
  gn_kept_free(c->device, c->batch_steps, ((size_t)p.num_batches + 1) * sizeof(int32_t));
  gn_kept_free(c->device, c->segments, (size_t)p.num_segments * sizeof(gn_ls_segment));
  gn_tree_plan_free(&c->plan);
  free(c);
}

/* Device copy of one plan array (kept with the tree). */
template <class T>
static gnest_status gn_ls_keep(gnest_ctx *ctx, T **d, const T *h, size_t count, const char *what) {
  GN_TRY(gn_kept_alloc(ctx, (void **)d, count * sizeof(T), what));
  return gn_to_device(ctx, *d, h, count * sizeof(T));
}

static gnest_status gn_ls_upload(gnest_ctx *ctx, gn_ls_tree_cache *c) {
  const gn_tree_plan &p = c->plan;
  GN_TRY(gn_ls_keep(ctx, &c->items, p.items, (size_t)p.n, "the level plan's items"));
  GN_TRY(gn_ls_keep(ctx, &c->step_offsets, p.step_offsets, (size_t)p.num_steps + 1,
                    "the level plan's steps"));
  GN_TRY(gn_ls_keep(ctx, &c->batch_steps, p.batch_steps, (size_t)p.num_batches + 1,
                    "the level plan's batches"));
  return gn_ls_keep(ctx, &c->segments, p.segments, (size_t)p.num_segments,
                    "the level plan's segments");
}

/* The tree's plan for this call's block size: cached, or built, uploaded and cached (replacing
 * one for another block size). */
static gnest_status gn_ls_tree_plan(gn_engine &e, const gnest_tree *t,
                                    const gn_ls_tree_cache **out) {
  gnest_tree *cached = const_cast<gnest_tree *>(t); /* a cache of a const handle */
  const gn_ls_tree_cache *have = static_cast<const gn_ls_tree_cache *>(cached->sched_cache);
  if (have && have->plan.block == e.block) {
    *out = have;
    return GNEST_OK;
  }
  gn_ls_tree_cache *c = static_cast<gn_ls_tree_cache *>(calloc(1, sizeof *c));
  if (!c)
    return gn_error(e.ctx, GNEST_ERR_OUT_OF_MEMORY, e.call->fn, 0,
                    "cannot allocate the level plan's record");
  c->device = e.ctx->dev->id;
  gnest_status st = gn_tree_plan_build(e.ctx, t, e.block, &c->plan);
  if (st == GNEST_OK) st = gn_ls_upload(e.ctx, c);
  if (st != GNEST_OK) {
    gn_ls_tree_cache_free(c);
    return st;
  }
  if (cached->sched_cache_free) cached->sched_cache_free(cached->sched_cache);
  cached->sched_cache = c;
  cached->sched_cache_free = gn_ls_tree_cache_free;
  *out = c;
  return GNEST_OK;
}

/* The backend's own state after flat's (flat's frontier loop reads its state at the start). */
struct gn_ls_state {
  gn_flat_state flat;
  unsigned int *batch_counters;  /* device [4]: the batches' [2], then gn_ls_args::quiet */
  gn_ls_segment *segments;       /* device, a gn_run_levels schedule's segments (grow-only) */
  int32_t segments_capacity;
};

/* A host array freed on every path. */
struct gn_ls_host_segments {
  gn_ls_segment *p = nullptr;
  ~gn_ls_host_segments() { free(p); }
};

struct gn_levelsched : gn_flat {
  static gnest_status prepare(gn_engine &e, int64_t max_items) {
    GN_TRY(gn_flat::prepare(e, max_items));
    gn_ls_state &st = gn_backend_state<gn_ls_state>(e);
    if (st.batch_counters) return GNEST_OK;
    GN_TRY(e.scratch->alloc(&st.batch_counters, 4, "level scheduler batch counters"));
    return gn_memset(e.ctx, st.batch_counters, 0, 4 * sizeof(unsigned int));
  }

  /* A gn_run_levels schedule: its segments from the level widths (the work per level is not
   * known on the host), uploaded into a buffer that grows geometrically. */
  static gnest_status level_segments(gn_engine &e, const gn_schedule &sched, gn_ls_args &a,
                                     int64_t *barriers) {
    gn_ls_state &st = gn_backend_state<gn_ls_state>(e);
    gnest_status status = GNEST_OK;
    gn_ls_host_segments h;
    h.p = static_cast<gn_ls_segment *>(gn_alloc(e.ctx, (size_t)sched.num_levels,
                                                sizeof(gn_ls_segment), "level segments",
                                                &status));
    if (!h.p) return status;
    const int32_t count = gn_ls_segments(sched.h_offsets, nullptr, sched.num_levels,
                                         sched.reverse, e.block, h.p);
    if (count > st.segments_capacity) {
      const int32_t cap = count > 2 * st.segments_capacity ? count : 2 * st.segments_capacity;
      GN_TRY(e.scratch->alloc(&st.segments, (size_t)cap, "level segments"));
      st.segments_capacity = cap;
    }
    GN_TRY(gn_to_device(e.ctx, st.segments, h.p, (size_t)count * sizeof(gn_ls_segment)));
    int64_t *d_offsets = nullptr;
    GN_TRY(gn_engine_level_offsets(&e, sched.h_offsets, sched.num_levels, &d_offsets));
    a.items = sched.items;
    a.offsets = d_offsets;
    a.num_levels = sched.num_levels;
    a.reverse = sched.reverse;
    a.segments = st.segments;
    a.num_segments = count;
    *barriers = gn_ls_barriers(h.p, count);
    return GNEST_OK;
  }

  /* A tree's recursive form: its cached plan. */
  static gnest_status tree_segments(gn_engine &e, const gnest_tree *t, gn_ls_args &a,
                                    int64_t *barriers) {
    const gn_ls_tree_cache *c = nullptr;
    GN_TRY(gn_ls_tree_plan(e, t, &c));
    const gn_tree_plan &p = c->plan;
    a.items = c->items;
    a.offsets = c->step_offsets + p.top_first;
    a.num_levels = p.num_steps - p.top_first;
    a.reverse = false;
    a.segments = c->segments;
    a.num_segments = p.num_segments;
    a.batch_items = c->items;
    a.batch_offsets = c->step_offsets;
    a.batch_steps = c->batch_steps;
    a.num_batches = p.num_batches;
    *barriers = p.grid_barriers;
    return GNEST_OK;
  }

  template <class V>
  static gnest_status levels(gn_engine &e, const V &v, const gn_schedule &sched) {
    gn_ls_state &st = gn_backend_state<gn_ls_state>(e);
    gn_ls_args a;
    memset(&a, 0, sizeof a);
    a.batch_counters = st.batch_counters;
    a.quiet = st.batch_counters + 2;
    a.chunks = st.flat.level_chunks;
    a.threshold = e.call->opts.threshold;
    a.dynamic = e.dynamic;
    a.flags = e.flags;
    a.edges = e.edges;
    int64_t barriers = 0;
    GN_TRY(sched.tree ? tree_segments(e, sched.tree, a, &barriers)
                      : level_segments(e, sched, a, &barriers));
    e.call->grid_barriers += barriers;
    e.call->barriers_saved += sched.num_levels - barriers; /* flat: one a level */
    V vv = v;
    void *args[] = {&vv, &a};
    return gn_cooperative_launch(e, gn_ls_kernel<V>, args);
  }
};

GN_BACKEND_OPS(LEVELSCHED, gn_levelsched)
