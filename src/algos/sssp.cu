/* gnest_sssp on a device backend: frontier Bellman-Ford or near-far (sssp_method.h picks).
 *
 * Bellman-Ford: level l relaxes the out-arcs of the vertices whose distance improved during
 * level l - 1; a vertex is queued at most once per level. Termination and bound: every push
 * follows a strict improvement; a vertex whose shortest path has h arcs is final after level
 * h - 1, so at most n levels push anything.
 *
 * Near-far (Davidson et al., IPDPS 2014): a sequence of phases, each one run of the engine's
 * frontier loop (gn_run_frontier, so every backend runs it, fused where it has a fused loop)
 * with a threshold T: a lowered distance below T goes to the next level, one at or above T to
 * the far pile. When a phase's levels run out, the host raises T by the step and one kernel
 * splits the pile: entries now below the old T are stale (the vertex dropped below it later and
 * was relaxed as near), entries below the new T seed the next phase, the rest stay far. When
 * that seeds nothing (a gap in the distances) T jumps to the least distance kept plus the step.
 * The call ends when a phase leaves the far pile empty. Each phase's frontier loop ends only
 * when no distance below T can drop any more, and every drop is pushed near or far, so at the
 * end no arc can lower any distance: the fixed point Bellman-Ford reaches, whatever the step.
 *
 * Oracle: src/cpu/sssp.c (Dijkstra). Both compute, for every v, the least float left-to-right
 * path sum (float addition of a weight >= 0 is monotone), so integer weights give identical
 * results. */
#include <math.h>
#include <string.h>

#include "algo.cuh"
#include "sssp.cuh"
#include "sssp_method.h"

/* Distances are kept as the bits of non-negative floats, which order like the floats, so an int
 * atomicMin is a float min. */
static const int32_t kInfBits = 0x7f800000; /* +INFINITY */

/* Any weight that is negative or NaN: GNEST_ERR_INVALID_INPUT naming the first such arc.
 * Otherwise *mean = the mean weight (the auto step's unit; 1 when unweighted). */
static gnest_status sssp_check_weights(gn_call *call, const gn_csr *c, double *mean) {
  *mean = 1.0;
  if (c->weights == NULL) return GNEST_OK;
  /* Branch-free over blocks (vectorises), exact search only in a failing block. */
  const int64_t kBlock = 4096;
  int64_t bad = 0;
  double sum = 0.0;
  for (; bad < c->m; bad += kBlock) {
    const int64_t end = bad + kBlock < c->m ? bad + kBlock : c->m;
    int ok = 1;
    float part = 0.0f; /* a block's float sum, then added in double: rounding stays small */
    for (int64_t e = bad; e < end; ++e) {
      ok &= c->weights[e] >= 0.0f;
      part += c->weights[e];
    }
    if (!ok) break;
    sum += (double)part;
  }
  if (bad >= c->m) {
    *mean = c->m > 0 ? sum / (double)c->m : 0.0;
    return GNEST_OK;
  }
  while (c->weights[bad] >= 0.0f) ++bad;
  int32_t lo = 0, hi = c->n - 1; /* the tail u of arc `bad`: offsets[u] <= bad < offsets[u+1] */
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo + 1) / 2;
    if (c->offsets[mid] <= bad) lo = mid; else hi = mid - 1;
  }
  return gn_error(call->ctx, GNEST_ERR_INVALID_INPUT, call->fn, 0,
                  "arc %d -> %d has weight %g; shortest paths need weights >= 0", lo,
                  c->cols[bad], (double)c->weights[bad]);
}

/* What near-far keeps on the device beside the frontier; the host reads it once a split. */
struct sssp_far_state {
  int32_t far_count[2]; /* the two far piles' lengths */
  int32_t near_count;   /* copied from the frontier's level 0 after a split, for the host */
  int32_t kept_min;     /* bits of the least distance a split kept far */
};

/* Near-far's buffers, allocated before the timer starts (as the frontier is). */
struct sssp_far_buffers {
  int32_t *stamp;    /* the visitor's far_stamp [n] */
  int32_t *piles[2]; /* [n] each: the visitor fills one, a split empties it into the other */
  sssp_far_state *st;
};

/* Between two near-far phases: the next frontier's counts (levels [0, levels + 2) of the
 * last phase) and the far pile it will fill are zeroed, the least kept distance reset. One
 * launch instead of three memsets. */
__global__ void sssp_phase_reset_kernel(int32_t *counts, int32_t n_counts, sssp_far_state *st,
                                        int32_t next_pile) {
  gn_for_each_index(n_counts, [&](int64_t k) { counts[k] = 0; });
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    st->far_count[next_pile] = 0;
    st->kept_min = kInfBits;
  }
}

/* Splits far pile `in` at thresholds lo <= hi (float bits): an entry below lo is stale, below
 * hi it seeds the next phase's level 0 (stamped `stamp`, the phase's first level), else it goes
 * to pile `out` (stamped with the new phase, so the visitor does not push it twice). A vertex is
 * on a pile at most once: the visitor pushes it far once a phase, and a split keeps each entry
 * once. */
__global__ void sssp_split_kernel(const int32_t *in, const int32_t *in_count, int32_t capacity,
                                  int32_t *out, int32_t *out_count, int32_t *near_items,
                                  int32_t *near_count, const int32_t *dist, int32_t *queued,
                                  int32_t *far_stamp, int32_t lo, int32_t hi, int32_t stamp,
                                  int32_t phase, int32_t *kept_min) {
  const int32_t count = *in_count < capacity ? *in_count : capacity;
  gn_for_each_index(count, [&](int64_t k) {
    const int32_t v = in[k];
    const int32_t d = dist[v];
    if (d < lo) return;
    if (d < hi) {
      queued[v] = stamp;
      const int32_t at = gn_append_slot_any(near_count);
      if (at < capacity) near_items[at] = v;
    } else {
      far_stamp[v] = phase;
      const int32_t at = gn_append_slot_any(out_count);
      if (at < capacity) out[at] = v;
      atomicMin(kept_min, d);
    }
  });
}

/* The split's near count where the host reads it with the rest of the state (one copy). */
__global__ void sssp_near_count_kernel(const int32_t *counts, sssp_far_state *st) {
  st->near_count = counts[0];
}

/* The float step of a threshold t: t + step, at least the next float above t. */
static float sssp_raise(float t, double step) {
  const float r = (float)((double)t + step);
  return r > t ? r : nextafterf(t, INFINITY);
}

static int32_t sssp_bits(float x) {
  int32_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

static float sssp_float(int32_t b) {
  float x;
  memcpy(&x, &b, sizeof x);
  return x;
}

static gnest_status sssp_far_alloc(gn_scratch &scratch, int32_t n, sssp_far_buffers *b) {
  GN_TRY(scratch.alloc(&b->stamp, (size_t)n, "SSSP far stamps"));
  GN_TRY(scratch.alloc(&b->piles[0], (size_t)n, "SSSP far pile"));
  GN_TRY(scratch.alloc(&b->piles[1], (size_t)n, "SSSP far pile"));
  return scratch.alloc(&b->st, 1, "SSSP far state");
}

/* Near-far phases (file comment). The frontier f holds the source at level 0. */
static gnest_status sssp_near_far(gn_engine &e, sssp_visitor v, gn_frontier &f, int32_t n,
                                  double step, const sssp_far_buffers &b, int32_t *levels_out,
                                  int32_t *phases_out) {
  int32_t *const *piles = b.piles;
  sssp_far_state *st = b.st;
  v.far_stamp = b.stamp;
  GN_TRY(gn_memset(e.ctx, v.far_stamp, 0xff, sizeof(int32_t) * (size_t)n)); /* -1 */
  GN_TRY(gn_memset(e.ctx, st, 0, sizeof *st));
  const int split_grid = gn_grid_for(n, e.block) < 8 * e.sm_count ? gn_grid_for(n, e.block)
                                                                    : 8 * e.sm_count;
  float t = sssp_raise(0.0f, step);
  int pile = 0;
  int32_t levels = 0, phases = 0;
  v.far_capacity = n;
  for (;;) {
    v.threshold = sssp_bits(t);
    v.far_items = piles[pile];
    v.far_count = &st->far_count[pile];
    int32_t ran = 0;
    GN_TRY(gn_run_frontier(e, v, f, &ran));
    levels += ran;
    phases++;
    v.level_base += ran + 1; /* above every stamp of this phase */
    /* Split until a phase has seeds or nothing is left far. */
    float lo = t;
    sssp_far_state h;
    for (;;) {
      const float hi = sssp_raise(lo, step);
      v.phase++;
      const int32_t n_counts = ran + 2 < f.max_levels + 2 ? ran + 2 : f.max_levels + 2;
      GN_KERNEL(e, gn_grid_for(n_counts, e.block), e.block, sssp_phase_reset_kernel, f.counts,
                n_counts, st, 1 - pile);
      GN_KERNEL(e, split_grid, e.block, sssp_split_kernel, piles[pile], &st->far_count[pile], n,
                piles[1 - pile], &st->far_count[1 - pile], gn_level_items(f, 0, 0), &f.counts[0],
                v.dist, v.queued, v.far_stamp, sssp_bits(lo), sssp_bits(hi), v.level_base,
                v.phase, &st->kept_min);
      GN_KERNEL(e, 1, 1, sssp_near_count_kernel, f.counts, st);
      GN_TRY(gn_to_host(e.ctx, &h, st, sizeof h));
      pile = 1 - pile;
      ran = 0; /* the counts to clear next time: level 0 only */
      t = hi;
      if (h.near_count > 0 || h.far_count[pile] == 0) break;
      /* A gap: nothing below hi. Every kept entry is at least kept_min. */
      lo = sssp_float(h.kept_min);
    }
    if (h.near_count == 0) break;
  }
  *levels_out = levels;
  *phases_out = phases;
  return GNEST_OK;
}

static gnest_status sssp_on_device(gn_engine &e, const gn_device_graph *dg, int32_t source,
                                   double mean_weight, float *dist_out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  int32_t *dist = nullptr, *queued = nullptr;
  gn_frontier f;
  char tail[160];
  const double step = gn_sssp_step_pick(call->opts.sssp_delta, dg->weights != nullptr, n, dg->m,
                                        mean_weight, tail, sizeof tail);
  GN_TRY(scratch.alloc(&dist, (size_t)n, "SSSP distances"));
  GN_TRY(scratch.alloc(&queued, (size_t)n, "SSSP queue stamps"));
  GN_TRY(gn_frontier_alloc(&e, &f, n, gn_level_bound(n), false));
  sssp_far_buffers far = {};
  if (step > 0.0) GN_TRY(sssp_far_alloc(scratch, n, &far));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<int32_t>, dist, n, kInfBits,
            source, 0);
  GN_TRY(gn_memset(ctx, queued, 0xff, sizeof(int32_t) * (size_t)n)); /* -1 */
  GN_TRY(gn_frontier_seed(&e, &f, &source, 1));
  sssp_visitor v = {{dg->offsets, dg->cols}, dg->weights, dist, queued, kInfBits, 0, 0,
                    nullptr, nullptr, nullptr, 0};
  if (step > 0.0) {
    int32_t phases = 0;
    GN_TRY(sssp_near_far(e, v, f, n, step, far, &call->iterations, &phases));
    snprintf(tail + strlen(tail), sizeof tail - strlen(tail), ": %d phases, %d levels",
             (int)phases, (int)call->iterations);
  } else {
    GN_TRY(gn_run_frontier(e, v, f, &call->iterations));
  }
  GN_TRY(gn_engine_close(&e));
  gn_call_reason_append(call, tail);
  return gn_to_host(ctx, dist_out, dist, sizeof(float) * (size_t)n);
}

gnest_status gnest_sssp(gnest_ctx *ctx, const gnest_graph *g, int32_t source, float *dist,
                        const gnest_options *opts, gnest_info *info) {
  gn_call call;
  double mean_weight = 1.0;
  return gn_public_call(
      call, gn_call_begin(&call, ctx, GN_ALGO_SSSP, "gnest_sssp", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, dist, "dist"));
        GN_TRY(gn_check_source(&call, g, source));
        return sssp_check_weights(&call, &g->csr, &mean_weight);
      },
      [&](gn_cpu_counts *c) { return gn_cpu_sssp(&g->csr, source, dist, c); },
      [&](gn_engine &e, const gn_device_graph *dg) {
        return sssp_on_device(e, dg, source, mean_weight, dist);
      });
}
