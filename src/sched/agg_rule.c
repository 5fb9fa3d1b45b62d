/* agg's defaults rule (agg_rule.h): pure functions of the input's row lengths. */
#include "sched/agg_rule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/registry.h"

static int32_t gn_row_length(const int64_t *offsets, int32_t v) {
  const int64_t len = offsets[v + 1] - offsets[v];
  return len > INT32_MAX ? INT32_MAX : (int32_t)len;
}

static int gn_longer_first(const void *a, const void *b) {
  const int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x < y) - (x > y);
}

gnest_status gn_rows_length_at_rank(const int64_t *offsets, int32_t n, int64_t rank,
                                    int32_t floor, int32_t *length) {
  int64_t above = 0;
  for (int32_t v = 0; v < n; ++v) above += gn_row_length(offsets, v) > floor;
  *length = floor;
  if (above <= rank) return GNEST_OK;
  /* More than rank rows exceed floor: the answer is the (rank + 1)-th longest row, since the
   * rank rows before it in decreasing order are the only ones that can exceed it. */
  int32_t *longer = malloc((size_t)above * sizeof *longer);
  if (!longer) return GNEST_ERR_OUT_OF_MEMORY;
  int64_t k = 0;
  for (int32_t v = 0; v < n; ++v) {
    const int32_t len = gn_row_length(offsets, v);
    if (len > floor) longer[k++] = len;
  }
  qsort(longer, (size_t)above, sizeof *longer, gn_longer_first);
  *length = longer[rank];
  free(longer);
  return GNEST_OK;
}

int32_t gn_agg_threshold(int32_t asked_threshold, int32_t rank_length) {
  return asked_threshold > 0 ? asked_threshold : rank_length;
}

/* The group the rule picks: chunks of `block` items that hold about GN_AGG_GROUP_CHILDREN child
 * grids, as a power of two; its granularity (block, multi-block or grid) in *gran. */
static int32_t gn_agg_group(const gn_agg_facts *f, double per_chunk, gn_granularity *gran) {
  int32_t group = 1;
  while (group < GN_AGG_MAX_GROUP && per_chunk * group < GN_AGG_GROUP_CHILDREN) group *= 2;
  const int64_t chunks = ((int64_t)f->items + f->block - 1) / f->block;
  if (group >= chunks) *gran = GN_GRAN_GRID;
  else if (group == 1) *gran = GN_GRAN_BLOCK;
  else *gran = GN_GRAN_MULTI_BLOCK;
  return group;
}

void gn_agg_settle(const gn_opts *asked, const gn_agg_facts *f, gn_agg_settings *out,
                   char *why, size_t why_size) {
  const double per_chunk =
      f->items > 0 ? (double)f->heavy * (double)f->block / (double)f->items : 0.0;
  gn_granularity picked = GN_GRAN_GRID;
  const int32_t group = gn_agg_group(f, per_chunk, &picked);
  out->threshold = gn_agg_threshold(asked->threshold, f->rank_length);
  out->coarsening = asked->coarsening > 0 ? asked->coarsening : GN_AGG_COARSENING;
  out->granularity = asked->granularity != GN_GRAN_DEFAULT ? (gn_granularity)asked->granularity
                                                          : picked;
  out->group_size = asked->group_size > 0 ? asked->group_size : group;
  out->agg_threshold = asked->agg_threshold > 0 ? asked->agg_threshold : GN_AGG_DEFAULT_MIN;

  char t[96], g[96];
  if (asked->threshold > 0) snprintf(t, sizeof t, "T=%d (given)", (int)out->threshold);
  else
    snprintf(t, sizeof t, "T=%d (rule: %lld rows longer, target %d)", (int)out->threshold,
             (long long)f->heavy, GN_AGG_TARGET_LAUNCHES);
  if (out->granularity == GN_GRAN_MULTI_BLOCK)
    snprintf(g, sizeof g, "multi-block G=%d (%s: %.1f child grids a chunk)", (int)out->group_size,
             asked->group_size > 0 ? "given" : "rule", per_chunk);
  else
    snprintf(g, sizeof g, "%s (%s: %.1f child grids a chunk)",
             gn_granularity_word(out->granularity),
             asked->granularity != GN_GRAN_DEFAULT ? "given" : "rule", per_chunk);
  snprintf(why, why_size, "agg %s C=%d (%s) %s A=%d (%s)", t, (int)out->coarsening,
           asked->coarsening > 0 ? "given" : "rule", g, (int)out->agg_threshold,
           asked->agg_threshold > 0 ? "given" : "default");
}
