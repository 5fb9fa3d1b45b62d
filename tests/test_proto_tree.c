/* Tests of bench/proto/tree_sim.c, the pass-by-pass simulation of the Euler-tour method
 * (src/algos/tree_euler.h, whose per-thread functions the GPU kernels share): descendants and
 * heights must equal the CPU reference (gnest_tree_descendants / gnest_tree_heights with the cpu
 * backend) exactly on every shape, with the device's splitter spacing and with extreme ones (2:
 * every other token a splitter, long pointer jumping; 2^20: one sublist, no jumping); the pass
 * counts must be the log-depth ones the method promises. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/gen.h"
#include "common/splitter_chain.h"
#include "gnest.h"
#include "algos/tree_euler.h"
#include "tree_sim.h"

static gnest_ctx *ctx;

static void open_ctx(void) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.force_cpu = 1;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_OK);
}

static void close_ctx(void) { gnest_ctx_free(ctx); }

TestSuite(proto_tree, .init = open_ctx, .fini = close_ctx);

/* The callback's passes must add up to the totals. */
typedef struct pass_sums {
  int32_t passes;
  int64_t read, written;
} pass_sums;

static void add_pass(void *user, const proto_pass *p) {
  pass_sums *s = user;
  s->passes++;
  s->read += p->bytes_read;
  s->written += p->bytes_written;
  cr_assert_geq(p->longest, 1, "pass %s: no work counted", p->name);
}

/* Dependent passes of a call: 9 before the outputs' (zero marks, slot and marks, owner scan,
 * successors, count and list splitters, measure, assign, descendants) plus the jumps; heights:
 * 11 (preorder depths, block maxima, heights instead of descendants) plus jumps and the sparse
 * table's levels above the first. */
static void check_counts(const char *name, int32_t n, const proto_tree_totals *t, int heights,
                         const pass_sums *s) {
  cr_assert_eq(s->passes, t->passes, "%s", name);
  cr_assert_eq(s->read, t->bytes_read, "%s", name);
  cr_assert_eq(s->written, t->bytes_written, "%s", name);
  cr_assert_eq(t->jump_passes, gn_ceil_log2((uint32_t)t->splitters), "%s", name);
  cr_assert_eq(t->sparse_passes, heights ? gn_rmq_levels(n) - 1 : 0, "%s", name);
  cr_assert_eq(t->passes, (heights ? 11 : 9) + t->jump_passes + t->sparse_passes, "%s", name);
  cr_assert_eq(t->passes, gn_euler_passes(n, t->splitters, heights), "%s", name);
  cr_assert_geq(t->splitters, 1, "%s: the first token always starts a sublist", name);
  /* The tour has 2n tokens; a sublist is at least one. The longest walk stays within a few times
   * gap * ln(tokens) (a broken splitter hash would give one walk over the whole tour). */
  cr_assert_leq(t->splitters, 2 * n, "%s", name);
  const double bound = 4.0 * t->gap * (log(2.0 * n) + 1.0);
  cr_assert(t->longest_walk <= 2 * (int64_t)n && (t->gap >= (1u << 20) || t->longest_walk <= bound),
            "%s: longest walk %lld tokens (gap %u, %d nodes)", name, (long long)t->longest_walk,
            t->gap, n);
}

static void expect_equal(const char *name, const char *what, uint32_t gap, const int32_t *want,
                         const int32_t *got, int32_t n) {
  for (int32_t v = 0; v < n; v++)
    if (want[v] != got[v])
      cr_assert_fail("%s, gap %u: %s of node %d: %d, cpu %d", name, gap, what, v, got[v], want[v]);
}

/* Both calls at one splitter spacing against the references. */
static void check_gap(const char *name, const proto_tree *p, uint32_t gap, const int32_t *want_desc,
                      const int32_t *want_heights) {
  const size_t bytes = ((size_t)p->n + 1) * sizeof(int32_t);
  int32_t *desc = malloc(bytes), *heights = malloc(bytes);
  cr_assert(desc && heights);
  for (int heights_call = 0; heights_call <= 1; heights_call++) {
    proto_tree_totals t;
    pass_sums s = {0, 0, 0};
    for (int32_t v = 0; v < p->n; v++) desc[v] = heights[v] = -7;
    cr_assert_eq(proto_tree_euler(p, gap, desc, heights_call ? heights : NULL, add_pass, &s, &t),
                 GNEST_OK, "%s, gap %u", name, gap);
    cr_assert_eq(t.gap, gap ? gap : gn_euler_gap(p->n), "%s", name);
    expect_equal(name, "descendants", t.gap, want_desc, desc, p->n);
    if (heights_call) expect_equal(name, "height", t.gap, want_heights, heights, p->n);
    check_counts(name, p->n, &t, heights_call, &s);
  }
  free(desc), free(heights);
}

/* The tree of the parent array at the device's spacing, 2 and 2^20; frees parent. */
static void check_parents(const char *name, int32_t n, int32_t *parent) {
  gnest_tree *tree = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, parent, &tree), GNEST_OK, "%s: %s", name,
               gnest_last_error_string(ctx));
  free(parent);
  proto_tree p = {n, gnest_tree_root(tree), NULL, NULL};
  gnest_tree_arrays(tree, NULL, &p.child_offsets, &p.children);
  const size_t bytes = ((size_t)n + 1) * sizeof(int32_t);
  int32_t *want_desc = malloc(bytes), *want_heights = malloc(bytes);
  cr_assert(want_desc && want_heights);
  gnest_options cpu;
  gnest_options_init(&cpu);
  cpu.backend = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_tree_descendants(ctx, tree, want_desc, &cpu, NULL), GNEST_OK);
  cr_assert_eq(gnest_tree_heights(ctx, tree, want_heights, &cpu, NULL), GNEST_OK);
  const uint32_t gaps[] = {0, 2, 1u << 20};
  for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++)
    check_gap(name, &p, gaps[g], want_desc, want_heights);
  free(want_desc), free(want_heights);
  gnest_tree_free(tree);
}

/* The generator's parent array (taken after the call: the arguments' order is unspecified). */
static int32_t *generated(gnest_status st, int32_t **parent) {
  cr_assert_eq(st, GNEST_OK, "generator: %s", gnest_strerror(st));
  return *parent;
}

Test(proto_tree, chains_brooms_caterpillars) {
  int32_t *p;
  const int32_t sizes[] = {1, 2, 3, 33, 1000, 100000};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    const int32_t n = sizes[i];
    char name[64];
    snprintf(name, sizeof name, "chain of %d", n);
    check_parents(name, n, generated(gn_gen_chain(n, &p), &p));
    snprintf(name, sizeof name, "broom of %d, handle %d", n, n / 2 + 1);
    check_parents(name, n, generated(gn_gen_broom(n, n / 2 + 1, &p), &p));
    snprintf(name, sizeof name, "caterpillar of %d", n);
    check_parents(name, n, generated(gn_gen_caterpillar(n, 1, &p), &p));
  }
  /* A broom that is all bristles (a star) and one that is all handle (a chain). */
  check_parents("broom, handle 1", 5000, generated(gn_gen_broom(5000, 1, &p), &p));
  check_parents("broom, handle n", 5000, generated(gn_gen_broom(5000, 5000, &p), &p));
  check_parents("caterpillar, 7 legs", 40000, generated(gn_gen_caterpillar(40000, 7, &p), &p));
}

Test(proto_tree, random_recursive_and_wu_trees) {
  int32_t *p, n;
  for (uint64_t seed = 1; seed <= 3; seed++)
    check_parents("random recursive", 70000, generated(gn_gen_random_recursive(70000, seed, &p), &p));
  /* Depth 4, out-degree 32..512, sparsity 0..4, as the GPU suite, capped at 300,000 nodes
   * (depth 3 above the cap). */
  const int degrees[] = {32, 64, 128, 256, 512};
  for (size_t d = 0; d < sizeof degrees / sizeof degrees[0]; d++)
    for (int sparsity = 0; sparsity <= 4; sparsity++) {
      int depth = 4;
      while (depth > 2 && gn_gen_tree_expected_nodes(depth, degrees[d], sparsity) > 300000) depth--;
      p = generated(gn_gen_tree(depth, degrees[d], sparsity, d * 10 + (uint64_t)sparsity, 300000,
                                &n, &p), &p);
      char name[64];
      snprintf(name, sizeof name, "Wu tree depth %d K=%d sparsity %d", depth, degrees[d], sparsity);
      check_parents(name, n, p);
    }
  check_parents("star", 3001, generated(gn_gen_tree(2, 3000, 0, 1, 5000, &n, &p), &p));
}

/* The same random recursive tree with its ids shuffled: the root is not 0, children are not
 * numbered after their parents, and the tour visits ids in no order. */
Test(proto_tree, shuffled_ids_and_roots_other_than_zero) {
  const int32_t n = 50000;
  int32_t *q = generated(gn_gen_random_recursive(n, 9, &q), &q);
  cr_assert_eq(gn_gen_shuffle_tree(n, 77, &q), GNEST_OK);
  cr_assert_neq(q[0], -1, "seed 77 moves the root away from node 0");
  check_parents("shuffled random recursive", n, q);
  int32_t *two = malloc(2 * sizeof *two);
  cr_assert(two);
  two[0] = 1, two[1] = -1;
  check_parents("two nodes rooted at 1", 2, two);
}

Test(proto_tree, bad_arguments) {
  const int64_t off[2] = {0, 0};
  const proto_tree one = {1, 0, off, NULL};
  int32_t out[1], h[1];
  proto_tree_totals t;
  cr_assert_eq(proto_tree_euler(&one, 3, out, h, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_tree_euler(&one, 1, out, h, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_tree_euler(NULL, 0, out, h, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_tree_euler(&one, 0, NULL, h, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  const proto_tree bad_root = {1, 1, off, NULL};
  cr_assert_eq(proto_tree_euler(&bad_root, 0, out, h, NULL, NULL, &t), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(proto_tree_euler(&one, 0, out, h, NULL, NULL, &t), GNEST_OK);
  cr_assert_eq(out[0], 1);
  cr_assert_eq(h[0], 1);
  cr_assert_eq(t.passes, 11);
}

/* The splitter spacing the device uses: powers of two from 8 to 64, about 2^20 splitters. */
Test(proto_tree, device_gap) {
  cr_assert_eq(gn_euler_gap(1), 8);
  cr_assert_eq(gn_euler_gap(4 << 20), 8);
  cr_assert_eq(gn_euler_gap((4 << 20) + 1), 16);
  cr_assert_eq(gn_euler_gap(10000000), 32);
  cr_assert_eq(gn_euler_gap(GN_EULER_MAX_NODES), 64);
}

/* ---- the splitter salt -------------------------------------------------------------------- */

/* The tour of the chain with these parents: its nodes from the root down (order), then its
 * tokens, enters down and exits up. */
static int32_t *chain_tour(int32_t n, const int32_t *parent) {
  int32_t *below = malloc((size_t)n * sizeof *below), *tour = malloc(2 * (size_t)n * sizeof *tour);
  cr_assert(below && tour);
  int32_t v = -1;
  for (int32_t u = 0; u < n; u++) {
    below[u] = -1;
    if (parent[u] < 0) v = u;
  }
  for (int32_t u = 0; u < n; u++)
    if (parent[u] >= 0) below[parent[u]] = u;
  for (int32_t i = 0; i < n; i++, v = below[v]) {
    cr_assert(v >= 0, "not a chain");
    tour[i] = gn_euler_enter(v);
    tour[2 * n - 1 - i] = gn_euler_exit(v);
  }
  free(below);
  return tour;
}

/* The longest sublist of the tour under (gap, salt): tokens from a splitter up to the next one,
 * the longest walk of one thread. *splitters = their count. */
static int64_t longest_sublist(const int32_t *tour, int64_t tokens, uint32_t gap, uint64_t salt,
                               int64_t *splitters) {
  int64_t longest = 0, run = 0;
  *splitters = 0;
  for (int64_t i = 0; i < tokens; i++) {
    if (gn_euler_is_splitter(tour[i], tour[0], gap, salt)) {
      ++*splitters;
      run = 0;
    }
    if (++run > longest) longest = run;
  }
  return longest;
}

/* bench/NOTES.md's defect, on the host function alone: a chain numbered so that the unsalted
 * hash (salt 0) picks no token of its first ~77% of nodes leaves one sublist of most of the
 * tour; the tree's salt (and any other) brings the longest back to a few gap * ln(tokens), with
 * one token in gap a splitter as before. */
Test(proto_tree, salted_splitters_defeat_a_crafted_numbering) {
  const int32_t n = 1000000;
  int32_t *parent = generated(gn_gen_chain_against_splitters(n, &parent), &parent);
  int32_t *tour = chain_tour(n, parent);
  const uint32_t gap = gn_euler_gap(n);
  const int64_t tokens = 2 * (int64_t)n;
  const double bound = 4.0 * gap * (log((double)tokens) + 1.0);
  int64_t splitters;
  const int64_t unsalted = longest_sublist(tour, tokens, gap, 0, &splitters);
  cr_assert_geq(unsalted, n / 2, "the crafted numbering should defeat salt 0: longest %lld",
                (long long)unsalted);
  const uint64_t salt = gn_euler_salt(n, parent);
  cr_assert_neq(salt, 0);
  uint64_t salts[9] = {salt};
  for (int i = 1; i < 9; i++) salts[i] = (uint64_t)i * 0x5851f42d4c957f2dULL;
  for (int i = 0; i < 9; i++) {
    const int64_t longest = longest_sublist(tour, tokens, gap, salts[i], &splitters);
    cr_assert_leq((double)longest, bound, "salt %016llx: longest sublist %lld tokens (gap %u)",
                  (unsigned long long)salts[i], (long long)longest, gap);
    const double expected = (double)tokens / gap;
    cr_assert(fabs((double)splitters - expected) < 0.02 * expected,
              "salt %016llx: %lld splitters, about %.0f expected", (unsigned long long)salts[i],
              (long long)splitters, expected);
  }
  free(tour);
  free(parent);
}

/* The salt is a function of the whole tree: the same parents give the same salt, the sim's
 * (from the children CSR) is the library's (from the parent array), and moving any one parent
 * entry, the last included, moves it. */
Test(proto_tree, salt_is_the_trees) {
  const int32_t n = 1001;
  int32_t *p = generated(gn_gen_random_recursive(n, 4, &p), &p);
  const uint64_t salt = gn_euler_salt(n, p);
  cr_assert_eq(gn_euler_salt(n, p), salt);
  gnest_tree *tree = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, p, &tree), GNEST_OK);
  proto_tree t = {n, gnest_tree_root(tree), NULL, NULL};
  gnest_tree_arrays(tree, NULL, &t.child_offsets, &t.children);
  uint64_t from_csr = 0;
  cr_assert_eq(proto_tree_salt(&t, &from_csr), GNEST_OK);
  cr_assert_eq(from_csr, salt);
  gnest_tree_free(tree);
  const int32_t moved[] = {2, 3, 500, 997, 998, 999, 1000};
  for (size_t i = 0; i < sizeof moved / sizeof moved[0]; i++) {
    const int32_t v = moved[i], keep = p[v];
    p[v] = keep == 0 ? 1 : 0; /* another parent before v: still a tree */
    cr_assert_neq(gn_euler_salt(n, p), salt, "parent of %d moved, same salt", v);
    p[v] = keep;
  }
  cr_assert_neq(gn_euler_salt(n - 1, p), salt);
  free(p);
}

/* The crafted chain through the whole simulated method: exact, and within check_counts' walk
 * bound, with the tree's salt; with salt 0 exact too, but one walk covers most of the tour. */
Test(proto_tree, crafted_chain) {
  const int32_t n = 100000;
  int32_t *p = generated(gn_gen_chain_against_splitters(n, &p), &p);
  gnest_tree *tree = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, n, p, &tree), GNEST_OK);
  check_parents("chain numbered against the unsalted hash", n, p); /* frees p */
  proto_tree t = {n, gnest_tree_root(tree), NULL, NULL};
  gnest_tree_arrays(tree, NULL, &t.child_offsets, &t.children);
  int32_t *salted_desc = malloc((size_t)n * sizeof(int32_t));
  int32_t *unsalted_desc = malloc((size_t)n * sizeof(int32_t));
  cr_assert(salted_desc && unsalted_desc);
  proto_tree_totals salted, unsalted;
  cr_assert_eq(proto_tree_euler(&t, 0, salted_desc, NULL, NULL, NULL, &salted), GNEST_OK);
  cr_assert_neq(salted.salt, 0);
  cr_assert_eq(proto_tree_euler_salted(&t, 0, 0, unsalted_desc, NULL, NULL, NULL, &unsalted),
               GNEST_OK);
  cr_assert_eq(unsalted.salt, 0);
  cr_assert_geq(unsalted.longest_walk, n / 2, "salt 0: longest walk %lld",
                (long long)unsalted.longest_walk);
  cr_assert_lt(salted.longest_walk * 100, unsalted.longest_walk, "salted %lld, unsalted %lld",
               (long long)salted.longest_walk, (long long)unsalted.longest_walk);
  expect_equal("crafted chain, salt 0", "descendants", unsalted.gap, salted_desc, unsalted_desc, n);
  free(salted_desc), free(unsalted_desc);
  gnest_tree_free(tree);
}
