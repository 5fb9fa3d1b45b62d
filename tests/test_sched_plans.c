/* The host-side decisions of the planning backends, without a device: the freelaunch_mode option,
 * the row census they read, Free Launch's choice of assignment (table-driven, exact reasons),
 * and the static level scheduler's schedules (segments of a level schedule, a tree's plan of
 * batches and top levels, checked node by node against the tree's dependencies). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "common/gen.h"
#include "gnest.h"
#include "core/internal.h"
#include "sched/plans.h"
#include "sched/run.h"
#include "core/stats.h"

static void assert_contains(const char *text, const char *part) {
  cr_assert(strstr(text, part) != NULL, "\"%s\" does not contain \"%s\"", text, part);
}

/* ---------------------------------------------------------------------------------------------
 * freelaunch_mode
 * ------------------------------------------------------------------------------------------- */

/* The setting's value once the options are resolved, as a call resolves them. */
static gn_freelaunch_mode resolved_mode(const gnest_options *o) {
  gn_opts r;
  cr_assert_eq(gn_opts_resolve(NULL, "test", o, &r), GNEST_OK, "%s", gnest_last_error_string(NULL));
  return (gn_freelaunch_mode)r.freelaunch_mode;
}

Test(sched_options, freelaunch_mode_words) {
  gnest_options o;
  memset(&o, 0x5a, sizeof o);
  gnest_options_init(&o);
  cr_assert_eq(resolved_mode(&o), GN_FL_AUTO);
  const char *words[] = {"auto", "t1", "t2", "t3", "t4"};
  const gn_freelaunch_mode want[] = {GN_FL_AUTO, GN_FL_T1, GN_FL_T2, GN_FL_T3, GN_FL_T4};
  for (int i = 4; i >= 0; --i) { /* from t4 down: every word changes the setting */
    char text[64];
    snprintf(text, sizeof text, "threshold=3 freelaunch_mode=%s", words[i]);
    cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: %s", text,
                 gnest_last_error_string(NULL));
    cr_assert_eq(resolved_mode(&o), want[i], "%s", text);
    cr_assert_str_eq(o.settings, text + strlen("threshold=3 "), "one word, replaced each time");
    cr_assert_eq(o.threshold, 3);
  }
  const char *bad[] = {"freelaunch_mode=t5", "freelaunch_mode=T1", "freelaunch_mode=",
                       "freelaunch_mode=1", "freelaunch_mode=t1x"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    gnest_options before = o;
    cr_assert_eq(gnest_options_parse(&o, bad[i]), GNEST_ERR_INVALID_ARGUMENT, "%s", bad[i]);
    cr_assert(bm_options_equal(&o, &before), "%s changed the options", bad[i]);
    assert_contains(gnest_last_error(NULL)->message, bad[i]);
    assert_contains(gnest_last_error(NULL)->message, "bad value for freelaunch_mode");
  }
  /* An unknown key's message lists the key among the known ones. */
  cr_assert_eq(gnest_options_parse(&o, "free_launch=t1"), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(NULL)->message, "freelaunch_mode");
}

/* A value outside the setting's words, written into the settings directly, is refused by every
 * call, naming the word. */
Test(sched_options, freelaunch_mode_checked_by_calls) {
  gnest_ctx *ctx = bm_cpu_ctx();
  int32_t parent[] = {-1, 0, 0};
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, 3, parent, &t), GNEST_OK);
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  int32_t out[3];
  const char *bad[] = {"freelaunch_mode=5", "freelaunch_mode=-1", "freelaunch_mode=t100"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    snprintf(o.settings, sizeof o.settings, "%s", bad[i]);
    cr_assert_eq(gnest_tree_heights(ctx, t, out, &o, NULL), GNEST_ERR_INVALID_ARGUMENT);
    char text[64];
    snprintf(text, sizeof text, "'%s': bad value for freelaunch_mode", bad[i]);
    assert_contains(gnest_last_error(ctx)->message, text);
  }
  snprintf(o.settings, sizeof o.settings, "freelaunch_mode=t4"); /* freelaunch's only: cpu runs */
  cr_assert_eq(gnest_tree_heights(ctx, t, out, &o, NULL), GNEST_OK);
  cr_assert_eq(out[0], 2);
  gnest_tree_free(t);
  gnest_ctx_free(ctx);
}

/* ---------------------------------------------------------------------------------------------
 * The row census
 * ------------------------------------------------------------------------------------------- */

Test(sched_census, counts_rows_above_the_threshold) {
  /* Row lengths 0, 5, 40, 33, 100, 32: three are above 32. */
  const int64_t offsets[] = {0, 0, 5, 45, 78, 178, 210};
  gn_row_census c;
  memset(&c, 0x5a, sizeof c);
  gn_row_census_count(offsets, 6, 32, 16, &c);
  cr_assert_eq(c.known, 1);
  cr_assert_eq(c.threshold, 32);
  cr_assert_eq(c.chunk, 16);
  cr_assert_eq(c.rows, 6);
  cr_assert_eq(c.rows_above, 3);
  cr_assert_eq(c.arcs_above, 173);
  cr_assert_eq(c.arcs_above_sq, 1600.0 + 1089.0 + 10000.0);
  cr_assert_eq(c.max_row, 100);
  cr_assert_eq(c.chunks_above, 3 + 3 + 7); /* ceil(40/16) + ceil(33/16) + ceil(100/16) */
  /* Threshold 0: every non-empty row; a chunk below 1 counts single iterations. */
  gn_row_census_count(offsets, 6, 0, 0, &c);
  cr_assert_eq(c.rows_above, 5);
  cr_assert_eq(c.chunk, 1);
  cr_assert_eq(c.chunks_above, 210);
  /* No rows at all. */
  gn_row_census_count(offsets, 0, 32, 16, &c);
  cr_assert_eq(c.rows, 0);
  cr_assert_eq(c.rows_above, 0);
  cr_assert_eq(c.max_row, 0);
}

/* Over 2^20 rows the census runs on host threads: the same census on 1, 2 and 7 of them as a
 * serial count here (the squares exact: the sum stays below 2^53). */
Test(sched_census, threads_give_the_serial_census) {
  const int32_t n = (1 << 20) + 4099;
  int64_t *offsets = malloc(((size_t)n + 1) * sizeof *offsets);
  cr_assert_not_null(offsets);
  offsets[0] = 0;
  uint64_t state = 5;
  int64_t rows_above = 0, arcs_above = 0, chunks_above = 0, max_row = 0;
  double sq = 0;
  for (int32_t i = 0; i < n; i++) {
    const uint64_t r = gn_splitmix64_step(&state);
    const int64_t len = r % 7 == 0 ? (int64_t)(r >> 40) % 5000 : (int64_t)(r >> 40) % 40;
    offsets[i + 1] = offsets[i] + len;
    if (len > max_row) max_row = len;
    if (len <= 32) continue;
    rows_above++;
    arcs_above += len;
    sq += (double)len * (double)len;
    chunks_above += (len + 15) / 16;
  }
  const char *threads[] = {"1", "2", "7"};
  for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
    cr_assert_eq(setenv("GNEST_THREADS", threads[k], 1), 0);
    gn_row_census c;
    gn_row_census_count(offsets, n, 32, 16, &c);
    cr_assert_eq(c.rows, n);
    cr_assert_eq(c.rows_above, rows_above, "%s threads", threads[k]);
    cr_assert_eq(c.arcs_above, arcs_above, "%s threads", threads[k]);
    cr_assert_eq(c.chunks_above, chunks_above, "%s threads", threads[k]);
    cr_assert_eq(c.max_row, max_row, "%s threads", threads[k]);
    cr_assert_eq(c.arcs_above_sq, sq, "%s threads", threads[k]);
  }
  unsetenv("GNEST_THREADS");
  free(offsets);
}

/* ---------------------------------------------------------------------------------------------
 * Free Launch's rule
 * ------------------------------------------------------------------------------------------- */

/* A census of `rows` items of which the heavy ones have the given lengths (count of each). */
static gn_row_census census_of(int64_t rows, const int64_t *lengths, const int64_t *counts,
                               int kinds, int32_t block) {
  gn_row_census c;
  memset(&c, 0, sizeof c);
  c.known = 1;
  c.threshold = 32;
  c.chunk = block;
  c.rows = rows;
  for (int k = 0; k < kinds; ++k) {
    c.rows_above += counts[k];
    c.arcs_above += counts[k] * lengths[k];
    c.arcs_above_sq += (double)counts[k] * (double)lengths[k] * (double)lengths[k];
    c.chunks_above += counts[k] * ((lengths[k] + block - 1) / block);
    if (lengths[k] > c.max_row) c.max_row = lengths[k];
  }
  return c;
}

typedef struct rule_case {
  const char *what;
  int64_t rows;
  int64_t lengths[2], counts[2];
  gn_freelaunch_mode want;
  const char *reason; /* the exact reason */
} rule_case;

/* 1,056 resident CTAs of 256 threads (132 SMs x 8, an H100). */
Test(sched_freelaunch, rule_table) {
  const rule_case cases[] = {
      {"uniform light degrees (a road network)", 1000000, {0, 0}, {0, 0}, GN_FL_T4,
       "T4: no item has more than 32 inner iterations: no child"},
      {"even children, most items have one", 10000, {40, 0}, {8000, 0}, GN_FL_T4,
       "T4: children even (cv 0.00 <= 0.50) and 80.0% of the items have one (>= 50%)"},
      {"even children, few items have one", 100000, {40, 0}, {5000, 0}, GN_FL_T2,
       "T2: children even but on 5.0% of the items only (< 50%) (cv 0.00); the grid takes them: "
       "0 extra subtasks (T1, about 9.5 rounds) vs the largest child on one CTA (T2, about "
       "9.5 rounds)"},
      {"a Wu tree 4-64-0: 4,161 parents of 64 children", 266305, {64, 0}, {4161, 0},
       GN_FL_T2,
       "T2: children even but on 1.6% of the items only (< 50%) (cv 0.00); the grid takes them: "
       "0 extra subtasks (T1, about 7.9 rounds) vs the largest child on one CTA (T2, about "
       "7.9 rounds)"},
      {"uneven children, none above a CTA round", 100000, {33, 200}, {2500, 2500}, GN_FL_T3,
       "T3: children uneven (cv 0.72 > 0.50) but none longer than one CTA round (200 <= 256 "
       "iterations)"},
      {"a Wu tree: 513 parents of 512 children", 262657, {512, 0}, {513, 0}, GN_FL_T1,
       "T1: fewer items with a child than resident CTAs (cv 0.00); the grid takes them: 513 "
       "extra subtasks (T1, about 2.0 rounds) vs the largest child on one CTA (T2, about "
       "2.5 rounds)"},
      {"a Wu tree: 65 parents of 64 children (one subtask each: a tie)", 4161, {64, 0}, {65, 0},
       GN_FL_T2,
       "T2: fewer items with a child than resident CTAs (cv 0.00); the grid takes them: 0 extra "
       "subtasks (T1, about 1.1 rounds) vs the largest child on one CTA (T2, about 1.1 rounds)"},
      {"hubs: one child of 64,624 among 100,000", 1000000, {64624, 200}, {1, 99999},
       GN_FL_T1,
       "T1: children uneven, some longer than a CTA round (cv 1.02); the grid takes them: 252 "
       "extra subtasks (T1, about 189.9 rounds) vs the largest child on one CTA (T2, about "
       "347.7 rounds)"},
      {"big children of two sizes", 1000000, {300, 2560}, {1000, 1000}, GN_FL_T2,
       "T2: children uneven, some longer than a CTA round (cv 0.79); the grid takes them: 10000 "
       "extra subtasks (T1, about 22.7 rounds) vs the largest child on one CTA (T2, about 13.3 "
       "rounds)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    const rule_case *rc = &cases[i];
    gn_row_census c = census_of(rc->rows, rc->lengths, rc->counts, 2, 256);
    char reason[256];
    gn_freelaunch_mode got = gn_freelaunch_rule(&c, 1056, 256, reason, sizeof reason);
    cr_assert_eq(got, rc->want, "%s: got %s (%s)", rc->what, gn_freelaunch_mode_name(got),
                 reason);
    cr_assert_str_eq(reason, rc->reason, "%s: \"%s\"", rc->what, reason);
  }
}

/* The rule never answers AUTO, survives degenerate inputs, and cuts its reason to the buffer. */
Test(sched_freelaunch, rule_edges) {
  const int64_t lengths[] = {5000, 0}, counts[] = {3, 0};
  gn_row_census c = census_of(3, lengths, counts, 1, 256);
  char tiny[8];
  gn_freelaunch_mode m = gn_freelaunch_rule(&c, 0, 0, tiny, sizeof tiny);
  cr_assert(m >= GN_FL_T1 && m <= GN_FL_T4);
  cr_assert_lt(strlen(tiny), sizeof tiny);
  cr_assert_eq(gn_freelaunch_rule(&c, 0, 0, NULL, 0), m, "no reason buffer, same answer");
  cr_assert_str_eq(gn_freelaunch_mode_name(GN_FL_T3), "T3");
  cr_assert_str_eq(gn_freelaunch_mode_name(GN_FL_AUTO), "auto");
  cr_assert_str_eq(gn_freelaunch_mode_name((gn_freelaunch_mode)9), "?");
}

/* ---------------------------------------------------------------------------------------------
 * Segments of a level schedule
 * ------------------------------------------------------------------------------------------- */

static void expect_segments(const gn_ls_segment *got, int32_t count, const gn_ls_segment *want,
                            int32_t want_count, const char *what) {
  cr_assert_eq(count, want_count, "%s: %d segments, expected %d", what, count, want_count);
  for (int32_t k = 0; k < count; ++k)
    cr_assert(got[k].first == want[k].first && got[k].count == want[k].count &&
                  got[k].cta == want[k].cta,
              "%s: segment %d is {%d, %d, %s}, expected {%d, %d, %s}", what, k, got[k].first,
              got[k].count, got[k].cta ? "cta" : "grid", want[k].first, want[k].count,
              want[k].cta ? "cta" : "grid");
}

Test(sched_levels, a_chain_is_one_cta_segment) {
  int64_t offsets[11];
  for (int l = 0; l <= 10; ++l) offsets[l] = l;
  gn_ls_segment segs[10];
  const gn_ls_segment one[] = {{0, 10, 1}};
  expect_segments(segs, gn_ls_segments(offsets, NULL, 10, 1, 32, segs), one, 1, "chain");
  cr_assert_eq(gn_ls_barriers(segs, 1), 0);
  expect_segments(segs, gn_ls_segments(offsets, NULL, 10, 0, 32, segs), one, 1, "chain forward");
  cr_assert_eq(gn_ls_segments(offsets, NULL, 0, 1, 32, segs), 0, "no levels, no segments");
}

Test(sched_levels, wide_levels_get_the_grid) {
  /* Widths 1, 100, 1, 1, 5 (level 0 .. 4), run deepest first, CTAs of 32: the width-100 level
   * takes 4 rounds for its items and 4 for its (unknown, one per item) iterations: the grid. */
  const int64_t offsets[] = {0, 1, 101, 102, 103, 108};
  gn_ls_segment segs[5];
  const gn_ls_segment want[] = {{0, 3, 1}, {3, 1, 0}, {4, 1, 1}};
  int32_t count = gn_ls_segments(offsets, NULL, 5, 1, 32, segs);
  expect_segments(segs, count, want, 3, "reverse");
  /* After the CTA stretch, after the grid step; none after the last segment. */
  cr_assert_eq(gn_ls_barriers(segs, count), 2);
  const gn_ls_segment fwd[] = {{0, 1, 1}, {1, 1, 0}, {2, 3, 1}};
  count = gn_ls_segments(offsets, NULL, 5, 0, 32, segs);
  expect_segments(segs, count, fwd, 3, "forward");
  cr_assert_eq(gn_ls_barriers(segs, count), 2);
  /* Every level wide: one grid step each, a barrier after each. */
  const int64_t wide[] = {0, 500, 1000, 1500};
  count = gn_ls_segments(wide, NULL, 3, 1, 32, segs);
  const gn_ls_segment grid[] = {{0, 1, 0}, {1, 1, 0}, {2, 1, 0}};
  expect_segments(segs, count, grid, 3, "all wide");
  cr_assert_eq(gn_ls_barriers(segs, count), 3);
}

/* The cost bound (GN_LS_BARRIER_ROUNDS = 3 rounds) at its edges. */
Test(sched_levels, rounds_at_the_bound) {
  cr_assert_eq(GN_LS_BARRIER_ROUNDS, 3);
  gn_ls_segment seg[1];
  /* Unknown work (one iteration an item): a block's worth fits (1 + 1 rounds), one more not. */
  const int64_t full[] = {0, 32}, over[] = {0, 33};
  gn_ls_segments(full, NULL, 1, 0, 32, seg);
  cr_assert_eq(seg[0].cta, 1, "32 items on 32 threads");
  gn_ls_segments(over, NULL, 1, 0, 32, seg);
  cr_assert_eq(seg[0].cta, 0, "33 items: 2 + 2 rounds");
  /* Known work: 3 rounds of items and none of iterations fit; a single item with 65 children
   * (1 + 3 rounds) does not. */
  const int64_t three[] = {0, 96}, one[] = {0, 1};
  const int64_t none[] = {0}, heavy[] = {65}, light[] = {64};
  gn_ls_segments(three, none, 1, 0, 32, seg);
  cr_assert_eq(seg[0].cta, 1);
  gn_ls_segments(one, heavy, 1, 0, 32, seg);
  cr_assert_eq(seg[0].cta, 0);
  gn_ls_segments(one, light, 1, 0, 32, seg);
  cr_assert_eq(seg[0].cta, 1);
}

/* ---------------------------------------------------------------------------------------------
 * A tree's plan
 * ------------------------------------------------------------------------------------------- */

static gnest_tree *tree_of(gnest_ctx *ctx, int32_t n, int32_t *parent) {
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, parent, &t), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  free(parent);
  return t;
}

/* The step of every node; -1 for a node not in the plan (then the plan is wrong). */
static int32_t *steps_of(const gn_tree_plan *p) {
  int32_t *step = malloc((size_t)p->n * sizeof *step);
  cr_assert_not_null(step);
  for (int32_t v = 0; v < p->n; ++v) step[v] = -1;
  for (int32_t s = 0; s < p->num_steps; ++s)
    for (int64_t k = p->step_offsets[s]; k < p->step_offsets[s + 1]; ++k) {
      const int32_t v = p->items[k];
      cr_assert(v >= 0 && v < p->n, "step %d holds %d", s, v);
      cr_assert_eq(step[v], -1, "node %d in steps %d and %d", v, step[v], s);
      step[v] = s;
    }
  for (int32_t v = 0; v < p->n; ++v) cr_assert_neq(step[v], -1, "node %d is in no step", v);
  return step;
}

/* The batch of a batch step, -1 for a top step. */
static int32_t batch_of_step(const gn_tree_plan *p, int32_t s) {
  for (int32_t b = 0; b < p->num_batches; ++b)
    if (s >= p->batch_steps[b] && s < p->batch_steps[b + 1]) return b;
  return -1;
}

/* Everything a correct plan must be: every node once; batches of at most batch_cap nodes,
 * their steps by height; a node's children in earlier steps (of its own batch when it is in a
 * batch); the segments cover the top's steps in order; the barrier count is what running the
 * segments costs. */
static void check_plan(const gnest_tree *t, const gn_tree_plan *p, const char *what) {
  cr_assert_eq(p->n, gnest_tree_num_nodes(t), "%s", what);
  cr_assert_eq(p->batch_cap, GN_LS_BATCH_ROUNDS * p->block, "%s", what);
  cr_assert_eq(p->step_offsets[0], 0, "%s", what);
  cr_assert_eq(p->step_offsets[p->num_steps], p->n, "%s", what);
  for (int32_t s = 0; s < p->num_steps; ++s)
    cr_assert_lt(p->step_offsets[s], p->step_offsets[s + 1], "%s: step %d is empty", what, s);
  cr_assert_eq(p->batch_steps[0], 0, "%s", what);
  cr_assert_eq(p->batch_steps[p->num_batches], p->top_first, "%s", what);
  for (int32_t b = 0; b < p->num_batches; ++b) {
    cr_assert_lt(p->batch_steps[b], p->batch_steps[b + 1], "%s: batch %d has no step", what, b);
    const int64_t nodes =
        p->step_offsets[p->batch_steps[b + 1]] - p->step_offsets[p->batch_steps[b]];
    cr_assert_leq(nodes, p->batch_cap, "%s: batch %d holds %lld nodes", what, b,
                  (long long)nodes);
  }
  const int32_t *parent;
  const int64_t *off;
  const int32_t *children;
  gnest_tree_arrays(t, &parent, &off, &children);
  int32_t *step = steps_of(p);
  for (int32_t v = 0; v < p->n; ++v) {
    const int32_t b = batch_of_step(p, step[v]);
    if (b >= 0) /* leaves first: a node's step in its batch is its height - 1 */
      cr_assert(off[v + 1] > off[v] || step[v] == p->batch_steps[b],
                "%s: leaf %d not in its batch's first step", what, v);
    for (int64_t e = off[v]; e < off[v + 1]; ++e) {
      const int32_t c = children[e];
      cr_assert_lt(step[c], step[v], "%s: child %d (step %d) not before %d (step %d)", what, c,
                   step[c], v, step[v]);
      if (b >= 0)
        cr_assert_eq(batch_of_step(p, step[c]), b, "%s: child %d of batch node %d elsewhere",
                     what, c, v);
    }
  }
  free(step);
  int32_t next = 0;
  for (int32_t k = 0; k < p->num_segments; ++k) {
    cr_assert_eq(p->segments[k].first, next, "%s: segment %d", what, k);
    cr_assert(p->segments[k].cta || p->segments[k].count == 1, "%s: grid segment %d", what, k);
    next += p->segments[k].count;
  }
  cr_assert_eq(next, p->num_steps - p->top_first, "%s: segments cover the top", what);
  cr_assert_eq(p->grid_barriers, gn_ls_barriers(p->segments, p->num_segments) +
                                     (p->num_batches > 0 && p->num_segments > 0),
               "%s", what);
}

/* Builds and checks t's plan for CTAs of `block`; the caller frees it. */
static gn_tree_plan plan_of(gnest_ctx *ctx, const gnest_tree *t, int32_t block, const char *what) {
  gn_tree_plan p;
  cr_assert_eq(gn_tree_plan_build(ctx, t, block, &p), GNEST_OK, "%s: %s", what,
               gnest_last_error_string(ctx));
  check_plan(t, &p, what);
  return p;
}

/* The level scheduler's bar: a chain needs one grid barrier, however long. */
Test(sched_tree_plan, chains) {
  gnest_ctx *ctx = bm_cpu_ctx();
  int32_t *parent;
  cr_assert_eq(gn_gen_chain(3000, &parent), GNEST_OK);
  gnest_tree *t = tree_of(ctx, 3000, parent);
  gn_tree_plan p = plan_of(ctx, t, 256, "chain of 3000");
  cr_assert_eq(p.num_batches, 1);      /* the deepest 1,024 nodes, bottom-up */
  cr_assert_eq(p.top_first, 1024);
  cr_assert_eq(p.num_steps, 3000);
  cr_assert_eq(p.num_segments, 1);     /* the other 1,976 in one CTA */
  cr_assert_eq(p.segments[0].cta, 1);
  cr_assert_eq(p.grid_barriers, 1);
  cr_assert_eq(p.items[0], 2999, "the deepest node first");
  cr_assert_eq(p.items[2999], 0, "the root last");
  gn_tree_plan_free(&p);
  cr_assert_null(p.items);
  gnest_tree_free(t);
  /* Small enough for one batch: no grid barrier at all. */
  cr_assert_eq(gn_gen_chain(1000, &parent), GNEST_OK);
  t = tree_of(ctx, 1000, parent);
  p = plan_of(ctx, t, 256, "chain of 1000");
  cr_assert_eq(p.num_batches, 1);
  cr_assert_eq(p.num_segments, 0);
  cr_assert_eq(p.grid_barriers, 0);
  gn_tree_plan_free(&p);
  gnest_tree_free(t);
  int32_t *root = malloc(sizeof *root);
  root[0] = -1;
  t = tree_of(ctx, 1, root);
  p = plan_of(ctx, t, 32, "single node");
  cr_assert_eq(p.num_batches, 1);
  cr_assert_eq(p.num_steps, 1);
  cr_assert_eq(p.grid_barriers, 0);
  gn_tree_plan_free(&p);
  gnest_tree_free(t);
  gnest_ctx_free(ctx);
}

Test(sched_tree_plan, stars_and_brooms) {
  gnest_ctx *ctx = bm_cpu_ctx();
  int32_t n, *parent;
  /* A star of 5,000 leaves: leaves in 5 batches of at most 1,024, the root a grid step (5,000
   * iterations are 20 rounds). */
  n = 1 + 5000;
  cr_assert_eq(gn_gen_broom(n, 1, &parent), GNEST_OK);
  gnest_tree *t = tree_of(ctx, n, parent);
  gn_tree_plan p = plan_of(ctx, t, 256, "star");
  cr_assert_eq(p.num_batches, 5);
  cr_assert_eq(p.top_first, 5);
  cr_assert_eq(p.num_segments, 1);
  cr_assert_eq(p.segments[0].cta, 0);
  cr_assert_eq(p.grid_barriers, 2);
  gn_tree_plan_free(&p);
  gnest_tree_free(t);
  /* A broom: handle 3,000, 5,000 bristles. The handle's last node (5,000 children) needs the
   * grid, the 2,999 above it one CTA. */
  n = 3000 + 5000;
  cr_assert_eq(gn_gen_broom(n, 3000, &parent), GNEST_OK);
  t = tree_of(ctx, n, parent);
  p = plan_of(ctx, t, 256, "broom");
  cr_assert_eq(p.num_batches, 5);
  cr_assert_eq(p.num_steps - p.top_first, 3000);
  const gn_ls_segment want[] = {{0, 1, 0}, {1, 2999, 1}};
  expect_segments(p.segments, p.num_segments, want, 2, "broom");
  cr_assert_eq(p.grid_barriers, 2);
  gn_tree_plan_free(&p);
  gnest_tree_free(t);
  gnest_ctx_free(ctx);
}

Test(sched_tree_plan, caterpillars_random_and_wu_trees) {
  gnest_ctx *ctx = bm_cpu_ctx();
  int32_t n, *parent;
  /* Spine of 2,000, 3 legs each, CTAs of 32 (batches of 128 nodes): the last 32 spine nodes and
   * their legs are batches, every other leg a batch of its own size; the spine above runs in
   * one CTA. */
  n = 2000 * (3 + 1);
  cr_assert_eq(gn_gen_caterpillar(n, 3, &parent), GNEST_OK);
  gnest_tree *t = tree_of(ctx, n, parent);
  gn_tree_plan p = plan_of(ctx, t, 32, "caterpillar");
  cr_assert_eq(p.num_steps - p.top_first, 1968);
  cr_assert_eq(p.num_segments, 1);
  cr_assert_eq(p.grid_barriers, 1);
  gn_tree_plan_free(&p);
  gnest_tree_free(t);
  cr_assert_eq(gn_gen_random_recursive(20000, 7, &parent), GNEST_OK);
  t = tree_of(ctx, 20000, parent);
  gnest_tree_stats ts;
  cr_assert_eq(gnest_tree_stats_get(ctx, t, &ts), GNEST_OK);
  p = plan_of(ctx, t, 64, "random recursive tree");
  cr_assert_lt(p.grid_barriers, ts.depth, "fewer barriers than levels");
  gn_tree_plan_free(&p);
  gnest_tree_free(t);
  /* Wu trees of depth 4: every sparsity, two CTA sizes. */
  for (int sparsity = 0; sparsity <= 4; ++sparsity) {
    cr_assert_eq(gn_gen_tree(4, 32, sparsity, 3, 1 << 20, &n, &parent), GNEST_OK);
    t = tree_of(ctx, n, parent);
    char what[64];
    snprintf(what, sizeof what, "Wu tree 4-32-%d", sparsity);
    p = plan_of(ctx, t, 32, what);
    gn_tree_plan_free(&p);
    p = plan_of(ctx, t, 1024, what);
    if (n <= 4096) cr_assert_eq(p.grid_barriers, 0, "%s: %d nodes fit one batch", what, n);
    else cr_assert_gt(p.num_batches, 1, "%s: %d nodes need batches", what, n);
    gn_tree_plan_free(&p);
    gnest_tree_free(t);
  }
  gnest_ctx_free(ctx);
}

/* The plan (with its device copy) lives in the tree's sched_cache: freeing the tree releases it,
 * once. */
static int cache_releases;
static void count_release(void *cache) { cache_releases += cache == (void *)&cache_releases; }

Test(sched_tree_plan, the_tree_releases_its_cache) {
  gnest_ctx *ctx = bm_cpu_ctx();
  int32_t *parent;
  cr_assert_eq(gn_gen_chain(10, &parent), GNEST_OK);
  gnest_tree *t = tree_of(ctx, 10, parent);
  cr_assert_null(t->sched_cache, "no plan before a levelsched call");
  cr_assert_null(t->sched_cache_free);
  t->sched_cache = &cache_releases;
  t->sched_cache_free = count_release;
  gnest_tree_free(t);
  cr_assert_eq(cache_releases, 1);
  gnest_ctx_free(ctx);
}
