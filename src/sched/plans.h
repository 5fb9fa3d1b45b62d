/* The host-side decisions of the backends that plan before they run, as pure functions (tested on
 * the CPU, tests/test_sched_plans.c): Free Launch's choice of assignment (freelaunch.cu) and the static
 * level scheduler's schedules (levelsched.cu). */
#ifndef GNEST_PLANS_H
#define GNEST_PLANS_H

#include <stddef.h>
#include <stdint.h>

#include "core/internal.h"
#include "sched/options.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Free Launch (Chen & Shen, MICRO 2015) ---------------------------------------------- */

/* The assignment of child work for an input with the row census c (the rows longer than the
 * threshold are the parents that have children; chunks_above counts T1's subtasks of `block`
 * iterations), on a grid of resident_ctas CTAs of `block` threads. Writes the choice and why
 * into reason ("T3: ..."). Never returns GN_FL_AUTO. The rule (thresholds below):
 *   no parent has children                                  -> T4 (nothing to hand out)
 *   fewer parents than resident CTAs                        -> the grid rule (below)
 *   even children (cv of their sizes <= kGnFlEvenSpread):
 *       at least kGnFlBusyShare of the items have one       -> T4 (every thread about as busy)
 *       fewer                                               -> the grid rule (the paper's T3
 *                                                              lost to T1/T2 on an H200)
 *   uneven children, none longer than one CTA round         -> T3
 *   uneven children, some longer                            -> the grid rule
 * The grid rule: the whole grid takes the children; T1 (subtasks) when its extra queue
 * operations cost less than the largest child alone on one CTA (T2's straggler), else T2 (a tie
 * goes to T2). */
gn_freelaunch_mode gn_freelaunch_rule(const gn_row_census *c, int64_t resident_ctas,
                                      int32_t block, char *reason, size_t reason_size);

/* "T1" .. "T4", "auto". */
const char *gn_freelaunch_mode_name(gn_freelaunch_mode m);

/* ---- the static level scheduler (Burrows et al.) ----------------------------------------- */

/* A stretch of a schedule's steps (in execution order): steps [first, first + count) run by ONE
 * CTA with __syncthreads() between them (cta = 1), or one step run by the whole grid (cta = 0,
 * count = 1) and followed by a grid-wide barrier. */
typedef struct gn_ls_segment {
  int32_t first, count, cta;
} gn_ls_segment;

/* A step fits one CTA when its rounds (ceil(width / block) for its items plus ceil(work / block)
 * for their inner iterations; work unknown: taken as one iteration per item) cost less than a
 * grid-wide barrier, which costs about this many rounds (flat: 3.6 us a level on an H100, a
 * round of a CTA about 1 us). */
#define GN_LS_BARRIER_ROUNDS 3

/* Splits the schedule of num_levels levels (level l = offsets[l] .. offsets[l + 1]; run deepest
 * first when reverse; work[l] = the level's inner iterations, or work = NULL when unknown) into
 * segments: maximal runs of consecutive steps that fit one CTA, and one grid segment for each
 * other step. out has room for num_levels entries; returns the number of segments. */
int32_t gn_ls_segments(const int64_t *offsets, const int64_t *work, int32_t num_levels,
                       int reverse, int32_t block, gn_ls_segment *out);

/* Grid-wide barriers that running the segments costs: one after every grid segment, and one
 * after a CTA segment that another segment follows. */
int64_t gn_ls_barriers(const gn_ls_segment *segments, int32_t count);

/* The schedule of a tree's recursive form (children before parents), computed once per tree and
 * CTA size. Nodes whose subtree has at most batch_cap nodes are "low": the maximal low subtrees
 * are packed into batches of at most batch_cap nodes, each run bottom-up by one CTA (steps by
 * node height: leaves first; __syncthreads() between steps), all batches concurrently and with
 * no grid-wide barrier. The other nodes ("top") run afterwards level by level, deepest first,
 * split into segments (gn_ls_segments, with each level's exact inner iterations). */
typedef struct gn_tree_plan {
  int32_t block;            /* the CTA size it was built for */
  int32_t batch_cap;        /* nodes per batch at most: GN_LS_BATCH_ROUNDS * block */
  int32_t n;
  int32_t num_batches;
  int32_t num_steps;        /* batch steps, then the top's steps */
  int32_t top_first;        /* the first top step */
  int32_t num_segments;     /* of the top's steps (indices relative to top_first) */
  int32_t *items;           /* [n]: every node once, step by step */
  int64_t *step_offsets;    /* [num_steps + 1] into items */
  int32_t *batch_steps;     /* [num_batches + 1]: batch b is steps batch_steps[b] .. [b + 1] */
  gn_ls_segment *segments;  /* [num_segments] */
  int64_t grid_barriers;    /* what running it costs (one between the batches and the top) */
} gn_tree_plan;

/* Nodes per batch at most, in CTA sizes. */
#define GN_LS_BATCH_ROUNDS 4

/* Builds the plan of t (its host arrays) for CTAs of `block` threads; on failure out holds
 * nothing (GNEST_ERR_OUT_OF_MEMORY, recorded in ctx). */
gnest_status gn_tree_plan_build(gnest_ctx *ctx, const gnest_tree *t, int32_t block,
                                gn_tree_plan *out);
void gn_tree_plan_free(gn_tree_plan *plan);

#ifdef __cplusplus
}
#endif
#endif
