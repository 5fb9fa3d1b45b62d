/* The Euler-tour method's host-side functions (src/algos/tree_euler.h; the GPU kernels of
 * src/algos/tree.cu call the same ones): the splitter spacing, and the splitter salt, which keeps
 * every thread's walk short whatever the numbering of the nodes. The method's results are checked
 * against the CPU reference on every backend by test_gpu_algos (tree cells, tree_method=euler). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "algos/tree_euler.h"
#include "common/gen.h"
#include "common/splitter_chain.h"
#include "gnest.h"

/* The generator's parent array (taken after the call: the arguments' order is unspecified). */
static int32_t *generated(gnest_status st, int32_t **parent) {
  cr_assert_eq(st, GNEST_OK, "generator: %s", gnest_strerror(st));
  return *parent;
}

/* The splitter spacing the device uses: powers of two from 8 to 64, about 2^20 splitters. */
Test(tree_euler, device_gap) {
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

/* A chain numbered so that the unsalted hash (salt 0) picks no token of its first ~77% of nodes
 * leaves one sublist of most of the tour (one thread's walk); the tree's salt (and any other)
 * brings the longest back to a few gap * ln(tokens), with one token in gap a splitter as before. */
Test(tree_euler, salted_splitters_defeat_a_crafted_numbering) {
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

/* The salt is a function of the whole tree: the same parents give the same salt, and moving any
 * one parent entry, the last included, or dropping the last node moves it. */
Test(tree_euler, salt_is_the_trees) {
  const int32_t n = 1001;
  int32_t *p = generated(gn_gen_random_recursive(n, 4, &p), &p);
  const uint64_t salt = gn_euler_salt(n, p);
  cr_assert_neq(salt, 0);
  cr_assert_eq(gn_euler_salt(n, p), salt);
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
