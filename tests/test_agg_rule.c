/* agg's defaults rule (src/sched/agg_rule.h), on the CPU: the threshold from the rows' lengths
 * (hand-checked tables, then the defining property on generated distributions), and the
 * settings from the input's facts and the caller's options (a table of cases with the picks and
 * the words of the reason). */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/agg_rule.h"

/* ---- gn_rows_length_at_rank ---------------------------------------------------------------- */

/* Offsets of rows given as (count, length) runs, ended by a zero count. *n receives the rows. */
static int64_t *rows_of(const int64_t (*runs)[2], int32_t *n) {
  int64_t rows = 0;
  for (int r = 0; runs[r][0]; r++) rows += runs[r][0];
  int64_t *offsets = malloc(sizeof(int64_t) * (size_t)(rows + 1));
  cr_assert_not_null(offsets);
  int64_t at = 0;
  offsets[0] = 0;
  for (int r = 0; runs[r][0]; r++)
    for (int64_t k = 0; k < runs[r][0]; k++, at++) offsets[at + 1] = offsets[at] + runs[r][1];
  *n = (int32_t)rows;
  return offsets;
}

typedef struct rank_case {
  const char *what;
  int64_t runs[4][2]; /* (count, length), ended by a zero count */
  int64_t rank;
  int32_t floor;
  int32_t want;
} rank_case;

static const rank_case rank_cases[] = {
    {"no rows", {{0, 0}}, 5, 32, 32},
    {"every row at or below the floor", {{1000, 32}, {10, 3}, {0, 0}}, 0, 32, 32},
    {"fewer long rows than the rank", {{10, 500}, {90, 4}, {0, 0}}, 20, 32, 32},
    {"exactly rank long rows", {{5, 1000}, {100, 50}, {0, 0}}, 105, 32, 32},
    {"the rank-th longest is the answer", {{5, 1000}, {100, 50}, {0, 0}}, 5, 32, 50},
    {"rank inside the longest rows", {{5, 1000}, {100, 50}, {0, 0}}, 4, 32, 1000},
    {"one below the count above the floor", {{5, 1000}, {100, 50}, {0, 0}}, 104, 32, 50},
    {"ties: nothing may exceed it", {{3, 40}, {0, 0}}, 1, 32, 40},
    {"rank 0: the longest row", {{1, 7}, {1, 90}, {1, 60}, {0, 0}}, 0, 1, 90},
    {"a different floor", {{4, 10}, {4, 20}, {0, 0}}, 3, 5, 20},
};

Test(agg_rule, length_at_rank_table) {
  for (size_t c = 0; c < sizeof rank_cases / sizeof rank_cases[0]; c++) {
    const rank_case *t = &rank_cases[c];
    int32_t n = 0, got = -1;
    int64_t *offsets = rows_of(t->runs, &n);
    cr_assert_eq(gn_rows_length_at_rank(offsets, n, t->rank, t->floor, &got), GNEST_OK);
    cr_expect_eq(got, t->want, "%s: got %d, want %d", t->what, got, t->want);
    free(offsets);
  }
}

/* A row longer than INT32_MAX counts as INT32_MAX. */
Test(agg_rule, length_at_rank_clamps_huge_rows) {
  const int64_t offsets[] = {0, 3000000000LL, 3000000010LL};
  int32_t got = 0;
  cr_assert_eq(gn_rows_length_at_rank(offsets, 2, 0, 32, &got), GNEST_OK);
  cr_expect_eq(got, INT32_MAX);
}

static int64_t rows_longer(const int64_t *offsets, int32_t n, int64_t length) {
  int64_t k = 0;
  for (int32_t v = 0; v < n; v++) k += offsets[v + 1] - offsets[v] > length;
  return k;
}

/* On skewed generated distributions the answer is the least length >= floor that at most rank
 * rows exceed: L itself qualifies and L - 1 does not (unless L is the floor). */
Test(agg_rule, length_at_rank_is_the_least_that_qualifies) {
  uint64_t seed = 12345;
  for (int trial = 0; trial < 40; trial++) {
    const int32_t n = 1000 + trial * 977;
    int64_t *offsets = malloc(sizeof(int64_t) * (size_t)(n + 1));
    cr_assert_not_null(offsets);
    offsets[0] = 0;
    for (int32_t v = 0; v < n; v++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      const int shift = (int)((seed >> 33) % 14); /* lengths 0 .. 2^13, heavily skewed */
      offsets[v + 1] = offsets[v] + (int64_t)((seed >> 40) % ((1u << shift) + 1));
    }
    const int64_t rank = (trial * 37) % 400;
    const int32_t floor = trial % 3 == 0 ? 1 : 32;
    int32_t got = 0;
    cr_assert_eq(gn_rows_length_at_rank(offsets, n, rank, floor, &got), GNEST_OK);
    cr_assert_geq(got, floor);
    cr_expect_leq(rows_longer(offsets, n, got), rank, "trial %d: L=%d leaves too many", trial, got);
    if (got > floor)
      cr_expect_gt(rows_longer(offsets, n, got - 1), rank, "trial %d: L=%d is not the least",
                   trial, got);
    free(offsets);
  }
}

/* ---- gn_agg_settle ------------------------------------------------------------------------- */

typedef struct settle_case {
  const char *what;
  int32_t asked[5];  /* threshold, coarsening, granularity, group_size, agg_threshold */
  gn_agg_facts facts;
  int32_t want[5];   /* threshold, coarsening, granularity, group_size, agg_threshold */
  const char *words[3]; /* in the reason */
} settle_case;

static const settle_case settle_cases[] = {
    {"rmat20-like: few heavy rows spread thin -> multi-block",
     {0, 0, GN_GRAN_DEFAULT, 0, 0},
     {1048576, 300, 6990, 256},
     {300, 16, GN_GRAN_MULTI_BLOCK, 32, 2},
     {"T=300 (rule: 6990 rows longer, target 7000)", "C=16 (rule)",
      "multi-block G=32 (rule: 1.7 child grids a chunk)"}},
    {"every item heavy -> block",
     {0, 0, GN_GRAN_DEFAULT, 0, 0},
     {513, 32, 513, 256},
     {32, 16, GN_GRAN_BLOCK, 1, 2},
     {"T=32 (rule", "block (rule: 256.0 child grids a chunk)", "A=2 (default)"}},
    {"nothing heavy -> grid",
     {0, 0, GN_GRAN_DEFAULT, 0, 0},
     {100000, 32, 0, 256},
     {32, 16, GN_GRAN_GRID, GN_AGG_MAX_GROUP, 2},
     {"grid (rule: 0.0 child grids a chunk)", NULL, NULL}},
    {"a group would span the input -> grid",
     {0, 0, GN_GRAN_DEFAULT, 0, 0},
     {300, 32, 10, 256},
     {32, 16, GN_GRAN_GRID, 4, 2},
     {"grid (rule", NULL, NULL}},
    {"no items at all -> grid",
     {0, 0, GN_GRAN_DEFAULT, 0, 0},
     {0, 32, 0, 256},
     {32, 16, GN_GRAN_GRID, GN_AGG_MAX_GROUP, 2},
     {"grid", NULL, NULL}},
    {"larger blocks gather more per chunk",
     {0, 0, GN_GRAN_DEFAULT, 0, 0},
     {1048576, 300, 6990, 1024},
     {300, 16, GN_GRAN_MULTI_BLOCK, 8, 2},
     {"multi-block G=8 (rule: 6.8 child grids a chunk)", NULL, NULL}},
    {"everything given is kept",
     {64, 2, GN_GRAN_WARP, 3, 5},
     {1048576, 300, 90000, 256},
     {64, 2, GN_GRAN_WARP, 3, 5},
     {"T=64 (given)", "C=2 (given)", "warp (given"}},
    {"multi-block given without a group: G from the rule",
     {0, 0, GN_GRAN_MULTI_BLOCK, 0, 0},
     {1048576, 300, 6990, 256},
     {300, 16, GN_GRAN_MULTI_BLOCK, 32, 2},
     {"multi-block G=32 (rule", NULL, NULL}},
    {"multi-block with a given group",
     {0, 0, GN_GRAN_MULTI_BLOCK, 5, 0},
     {1048576, 300, 6990, 256},
     {300, 16, GN_GRAN_MULTI_BLOCK, 5, 2},
     {"multi-block G=5 (given", NULL, NULL}},
    {"no aggregation given",
     {128, 1, GN_GRAN_NONE, 0, 0},
     {1048576, 300, 2000, 256},
     {128, 1, GN_GRAN_NONE, 128, 2},
     {"T=128 (given)", "C=1 (given)", "none (given"}},
};

Test(agg_rule, settle_table) {
  for (size_t c = 0; c < sizeof settle_cases / sizeof settle_cases[0]; c++) {
    const settle_case *t = &settle_cases[c];
    gn_opts o;
    gn_opts_defaults(&o);
    o.threshold = t->asked[0];
    o.coarsening = t->asked[1];
    o.granularity = t->asked[2];
    o.group_size = t->asked[3];
    o.agg_threshold = t->asked[4];
    gn_agg_settings got;
    memset(&got, 0xff, sizeof got);
    char why[256];
    gn_agg_settle(&o, &t->facts, &got, why, sizeof why);
    cr_expect_eq(got.threshold, t->want[0], "%s: threshold %d", t->what, got.threshold);
    cr_expect_eq(got.coarsening, t->want[1], "%s: coarsening %d", t->what, got.coarsening);
    cr_expect_eq((int)got.granularity, t->want[2], "%s: granularity %d", t->what,
                 (int)got.granularity);
    cr_expect_eq(got.group_size, t->want[3], "%s: group %d", t->what, got.group_size);
    cr_expect_eq(got.agg_threshold, t->want[4], "%s: agg_threshold %d", t->what,
                 got.agg_threshold);
    for (int w = 0; w < 3 && t->words[w]; w++)
      cr_expect_not_null(strstr(why, t->words[w]), "%s: '%s' not in '%s'", t->what, t->words[w],
                         why);
  }
}

/* The reason is cut, never overrun, in a small buffer. */
Test(agg_rule, settle_reason_fits_its_buffer) {
  gn_opts o;
  gn_opts_defaults(&o);
  const gn_agg_facts f = {1048576, 300, 6990, 256};
  gn_agg_settings got;
  char why[24];
  memset(why, 'x', sizeof why);
  gn_agg_settle(&o, &f, &got, why, 16);
  cr_expect_eq(strlen(why), 15);
  cr_expect_eq(why[16], 'x', "written past the size given");
}

Test(agg_rule, threshold_given_or_from_the_rank) {
  cr_expect_eq(gn_agg_threshold(0, 312), 312);
  cr_expect_eq(gn_agg_threshold(7, 312), 7);
}
