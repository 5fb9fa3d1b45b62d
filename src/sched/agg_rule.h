/* The defaults rule of the agg backend (src/sched/agg.cu): Olabi et al.'s findings (CGO 2022)
 * turned into settings computed from the input's row lengths. Pure host functions, no device:
 * agg.cu applies them once per call and reports the pick in gnest_info.reason;
 * tests/test_agg_rule.c checks them table-driven on the CPU.
 *
 *   threshold    the paper's best threshold leaves about 6,000-8,000 child launches: the shortest
 *                row length L >= 32 (a child grid narrower than a warp leaves lanes idle) that at
 *                most 7,000 of the input's rows exceed (one launch per such row and sweep);
 *   coarsening   factors above 8 did best: 16;
 *   granularity  never warp (it lost everywhere in the paper). A group of parents should gather
 *                about 32 child grids to make one aggregated grid worth its wait: with h rows above
 *                the threshold out of n, a CTA's chunk of `block` items holds h * block / n of
 *                them, so the group is G = that many chunks rounded up to a power of two; G = 1 is
 *                block granularity, a G that spans every chunk of the input is grid granularity,
 *                anything between is multi-block with group_size G;
 *   agg_threshold  2: a group with a single child grid launches it as it is.
 * A setting the caller gave (non-zero option) is kept as given. */
#ifndef GNEST_AGG_RULE_H
#define GNEST_AGG_RULE_H

#include <stddef.h>
#include <stdint.h>
#include "gnest.h"
#include "sched/options.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  GN_AGG_TARGET_LAUNCHES = 7000, /* the middle of the paper's 6,000-8,000 */
  GN_AGG_MIN_THRESHOLD = 32,
  GN_AGG_COARSENING = 16,
  GN_AGG_GROUP_CHILDREN = 32,
  GN_AGG_MAX_GROUP = 1024,       /* chunks; larger groups are grid granularity in practice */
  GN_AGG_DEFAULT_MIN = 2         /* default agg_threshold */
};

/* The shortest length L >= floor such that at most `rank` of the n rows (offsets[0..n]) are
 * longer than L, into *length (row lengths above INT32_MAX count as INT32_MAX).
 * GNEST_ERR_OUT_OF_MEMORY when the host has no room for the rows' lengths (nothing recorded:
 * the caller says so). */
gnest_status gn_rows_length_at_rank(const int64_t *offsets, int32_t n, int64_t rank,
                                    int32_t floor, int32_t *length);

/* What the rule reads of the input. */
typedef struct gn_agg_facts {
  int32_t items;       /* rows of the input: the items of a full pass */
  int32_t rank_length; /* gn_rows_length_at_rank(.., GN_AGG_TARGET_LAUNCHES, GN_AGG_MIN_THRESHOLD) */
  int64_t heavy;       /* rows longer than the threshold gn_agg_threshold picks */
  int32_t block;       /* threads per block of the call */
} gn_agg_facts;

/* What agg runs with; never GN_GRAN_DEFAULT, no field 0. */
typedef struct gn_agg_settings {
  int32_t threshold;
  int32_t coarsening;
  gn_granularity granularity;
  int32_t group_size;    /* CTA chunks per group (read with GN_GRAN_MULTI_BLOCK) */
  int32_t agg_threshold;
} gn_agg_settings;

/* The threshold: asked when non-zero (the caller's options.threshold), else rank_length. */
int32_t gn_agg_threshold(int32_t asked_threshold, int32_t rank_length);

/* The settings from the caller's options (asked: threshold as the caller gave it, 0 = not given)
 * and the input's facts; why receives one line saying what was picked and why, e.g.
 * "agg T=312 (rule: 6981 rows longer, target 7000) C=16 (rule) multi-block G=32 (rule: 1.8
 * child grids a chunk) A=2 (default)". */
void gn_agg_settle(const gn_opts *asked, const gn_agg_facts *facts, gn_agg_settings *out,
                   char *why, size_t why_size);

#ifdef __cplusplus
}
#endif
#endif
