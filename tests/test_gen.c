/* Tests of the generators in tools/common/gen.c and of the gnest-gen command line. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/gen.h"
#include "common/splitter_chain.h"
#include "gnest.h"
#include "algos/tree_euler.h"

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/* FNV-1a over the edge arrays: pins the exact output of a generator. */
static uint64_t edges_hash(const gn_gen_edges *e) {
  uint64_t h = 1469598103934665603ULL;
  for (int64_t i = 0; i < e->m; i++) {
    uint64_t pair = ((uint64_t)(uint32_t)e->src[i] << 32) | (uint32_t)e->dst[i];
    for (int b = 0; b < 8; b++) {
      h ^= (pair >> (8 * b)) & 0xff;
      h *= 1099511628211ULL;
    }
  }
  return h;
}

static int64_t *out_degrees(const gn_gen_edges *e) {
  int64_t *deg = calloc((size_t)e->n + 1, sizeof *deg);
  cr_assert_not_null(deg);
  for (int64_t i = 0; i < e->m; i++) deg[e->src[i]]++;
  return deg;
}

static void assert_ids_in_range(const gn_gen_edges *e) {
  for (int64_t i = 0; i < e->m; i++) {
    if (e->src[i] < 0 || e->src[i] >= e->n || e->dst[i] < 0 || e->dst[i] >= e->n)
      cr_assert_fail("edge %lld: (%d, %d) outside [0, %d)", (long long)i, e->src[i], e->dst[i],
                     e->n);
  }
}

/* Number of positions where two equally long edge lists differ. */
static int64_t differing_edges(const gn_gen_edges *a, const gn_gen_edges *b) {
  int64_t diff = 0;
  for (int64_t i = 0; i < a->m; i++) diff += a->src[i] != b->src[i] || a->dst[i] != b->dst[i];
  return diff;
}

/* Levels of a parent array whose parents precede their children (as gn_gen_tree numbers them).
 * Returns the depth; level[] filled. */
static int tree_depth_of(int32_t n, const int32_t *parent, int32_t *level) {
  int depth = 0;
  for (int32_t i = 0; i < n; i++) {
    level[i] = parent[i] < 0 ? 1 : level[parent[i]] + 1;
    if (level[i] > depth) depth = level[i];
  }
  return depth;
}

/* Checks the shape gn_gen_tree promises: root 0 alone with parent -1, parents numbered before
 * children and non-decreasing (children of a node are consecutive, levels in order), at most
 * out_degree children each, depth at most `depth`. Returns the depth. */
static int check_tree_shape(int32_t n, const int32_t *parent, int depth, int out_degree) {
  cr_assert_geq(n, 1);
  cr_assert_eq(parent[0], -1);
  int32_t *children = calloc((size_t)n, sizeof *children);
  int32_t *level = malloc((size_t)n * sizeof *level);
  cr_assert(children && level);
  for (int32_t i = 1; i < n; i++) {
    if (parent[i] < 0 || parent[i] >= i) cr_assert_fail("parent[%d] = %d", i, parent[i]);
    if (parent[i] < parent[i - 1]) cr_assert_fail("parents decrease at %d", i);
    children[parent[i]]++;
  }
  for (int32_t i = 0; i < n; i++)
    if (children[i] > out_degree) cr_assert_fail("node %d has %d children", i, children[i]);
  int d = tree_depth_of(n, parent, level);
  cr_assert_leq(d, depth);
  free(children);
  free(level);
  return d;
}

/* ------------------------------------------------------------------------------------------ */
/* RMAT                                                                                        */
/* ------------------------------------------------------------------------------------------ */

Test(gen_rmat, counts_and_range) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(12, 16, 1, &e), GNEST_OK);
  cr_assert_eq(e.n, 4096);
  cr_assert_eq(e.m, 16 * 4096);
  cr_assert_null(e.w);
  assert_ids_in_range(&e);
  gn_gen_edges_free(&e);
  cr_assert_null(e.src);
  cr_assert_eq(e.m, 0);
}

Test(gen_rmat, same_seed_same_edges_across_chunks) {
  /* scale 17 x 16 = 2M edges: several generation chunks (and threads). */
  gn_gen_edges a, b;
  cr_assert_eq(gn_gen_rmat(17, 16, 42, &a), GNEST_OK);
  cr_assert_eq(gn_gen_rmat(17, 16, 42, &b), GNEST_OK);
  cr_assert_eq(a.m, b.m);
  cr_assert_eq(memcmp(a.src, b.src, (size_t)a.m * 4), 0);
  cr_assert_eq(memcmp(a.dst, b.dst, (size_t)a.m * 4), 0);
  gn_gen_edges_free(&a);
  gn_gen_edges_free(&b);
}

Test(gen_rmat, different_seed_different_edges) {
  gn_gen_edges a, b;
  cr_assert_eq(gn_gen_rmat(10, 16, 1, &a), GNEST_OK);
  cr_assert_eq(gn_gen_rmat(10, 16, 2, &b), GNEST_OK);
  cr_assert_gt(differing_edges(&a, &b), a.m * 9 / 10);
  gn_gen_edges_free(&a);
  gn_gen_edges_free(&b);
}

Test(gen_rmat, golden_output_is_machine_independent) {
  /* The same seed must give the same file everywhere: these hashes pin the generator. If the
   * generator is changed on purpose, update them (and say so: old files no longer match). */
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(10, 16, 1, &e), GNEST_OK);
  uint64_t h = edges_hash(&e);
  gn_gen_edges_free(&e);
  cr_assert_eq(h, 0xba7969d658fea026ULL, "hash %#llx", (unsigned long long)h);
}

Test(gen_rmat, degree_distribution_is_skewed_as_graph500) {
  /* Before the permutation, vertex 0 receives each edge as source with probability
   * (a+b)^scale = .76^14 = 2.13%: 5,580 of 262,144 edges. The permutation only renames it. */
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(14, 16, 3, &e), GNEST_OK);
  int64_t *deg = out_degrees(&e);
  int64_t max = 0, isolated = 0;
  for (int32_t v = 0; v < e.n; v++) {
    if (deg[v] > max) max = deg[v];
    isolated += deg[v] == 0;
  }
  cr_assert(max > 5000 && max < 6200, "max out-degree %lld", (long long)max);
  cr_assert_gt(isolated, e.n / 10); /* RMAT leaves many vertices without out-arcs */
  free(deg);
  gn_gen_edges_free(&e);
}

Test(gen_rmat, hub_is_permuted) {
  /* Without a permutation the hub would be vertex 0 for every seed. */
  int hubs_at_zero = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    gn_gen_edges e;
    cr_assert_eq(gn_gen_rmat(10, 16, seed, &e), GNEST_OK);
    int64_t *deg = out_degrees(&e);
    int32_t hub = 0;
    for (int32_t v = 1; v < e.n; v++)
      if (deg[v] > deg[hub]) hub = v;
    hubs_at_zero += hub == 0;
    free(deg);
    gn_gen_edges_free(&e);
  }
  cr_assert_lt(hubs_at_zero, 2);
}

Test(gen_rmat, edge_cases_and_errors) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat(0, 3, 1, &e), GNEST_OK);
  cr_assert_eq(e.n, 1);
  cr_assert_eq(e.m, 3);
  for (int i = 0; i < 3; i++) cr_assert(e.src[i] == 0 && e.dst[i] == 0);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_rmat(31, 16, 1, &e), GNEST_ERR_TOO_LARGE);
  cr_assert_null(e.src);
  cr_assert_eq(gn_gen_rmat(-1, 16, 1, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_rmat(4, -1, 1, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_rmat(4, 16, 1, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

/* ------------------------------------------------------------------------------------------ */
/* Erdős–Rényi                                                                                 */
/* ------------------------------------------------------------------------------------------ */

Test(gen_er, counts_range_determinism) {
  gn_gen_edges a, b, c;
  cr_assert_eq(gn_gen_er(1000, 50000, 9, &a), GNEST_OK);
  cr_assert_eq(gn_gen_er(1000, 50000, 9, &b), GNEST_OK);
  cr_assert_eq(gn_gen_er(1000, 50000, 10, &c), GNEST_OK);
  cr_assert_eq(a.n, 1000);
  cr_assert_eq(a.m, 50000);
  assert_ids_in_range(&a);
  cr_assert_eq(differing_edges(&a, &b), 0);
  cr_assert_gt(differing_edges(&a, &c), 49000);
  gn_gen_edges_free(&a);
  gn_gen_edges_free(&b);
  gn_gen_edges_free(&c);
}

Test(gen_er, endpoints_are_uniform) {
  /* 400,000 arcs over 100 vertices: each vertex expects 4,000 out-arcs (sd 63). */
  gn_gen_edges e;
  cr_assert_eq(gn_gen_er(100, 400000, 5, &e), GNEST_OK);
  int64_t *deg = out_degrees(&e);
  for (int v = 0; v < 100; v++)
    cr_assert(deg[v] > 3600 && deg[v] < 4400, "vertex %d: %lld", v, (long long)deg[v]);
  free(deg);
  gn_gen_edges_free(&e);
}

Test(gen_er, errors) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_er(0, 1, 1, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_er(-1, 0, 1, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_er(5, -1, 1, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_er(0, 0, 1, &e), GNEST_OK);
  cr_assert_eq(e.n, 0);
  cr_assert_eq(e.m, 0);
  gn_gen_edges_free(&e);
}

/* ------------------------------------------------------------------------------------------ */
/* Parts (a rank's share of a list)                                                             */
/* ------------------------------------------------------------------------------------------ */

typedef gnest_status (*part_gen)(gn_gen_part part, gn_gen_edges *out);
static gnest_status rmat17_part(gn_gen_part part, gn_gen_edges *out) {
  return gn_gen_rmat_part(17, 40, 42, part, out); /* 5.2 M edges: 5 chunks of 2^20 */
}
static gnest_status er_part(gn_gen_part part, gn_gen_edges *out) {
  return gn_gen_er_part(70000, 3000001, 7, part, out); /* 3 chunks, the last one short */
}

/* The parts of `parts`, concatenated in order, equal the whole list edge for edge (parts may
 * outnumber the chunks: some parts are then empty), and each part's ids are the whole's n. */
static void check_parts(part_gen gen, int parts) {
  gn_gen_edges whole, piece;
  cr_assert_eq(gen(GN_GEN_WHOLE, &whole), GNEST_OK);
  int64_t at = 0;
  for (int p = 0; p < parts; p++) {
    cr_assert_eq(gen((gn_gen_part){p, parts}, &piece), GNEST_OK, "part %d of %d", p, parts);
    cr_assert_eq(piece.n, whole.n);
    cr_assert_leq(at + piece.m, whole.m, "part %d of %d overruns the list", p, parts);
    if (piece.m > 0) {
      const size_t bytes = (size_t)piece.m * sizeof *piece.src;
      cr_assert_eq(memcmp(piece.src, whole.src + at, bytes), 0, "part %d of %d", p, parts);
      cr_assert_eq(memcmp(piece.dst, whole.dst + at, bytes), 0, "part %d of %d", p, parts);
    }
    at += piece.m;
    gn_gen_edges_free(&piece);
  }
  cr_assert_eq(at, whole.m, "%d parts hold %lld of %lld edges", parts, (long long)at,
               (long long)whole.m);
  gn_gen_edges_free(&whole);
}

Test(gen_part, parts_concatenate_to_the_whole) {
  const int counts[] = {1, 2, 3, 5, 8};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    check_parts(rmat17_part, counts[i]);
    check_parts(er_part, counts[i]);
  }
}

Test(gen_part, bad_parts) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_rmat_part(10, 16, 1, (gn_gen_part){0, 0}, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_rmat_part(10, 16, 1, (gn_gen_part){2, 2}, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_er_part(10, 100, 1, (gn_gen_part){-1, 2}, &e), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(e.src);
}

/* ------------------------------------------------------------------------------------------ */
/* Grid, star, path                                                                            */
/* ------------------------------------------------------------------------------------------ */

Test(gen_grid, degrees_and_neighbours) {
  const int32_t rows = 7, cols = 5;
  gn_gen_edges e;
  cr_assert_eq(gn_gen_grid(rows, cols, 1, &e), GNEST_OK);
  cr_assert_eq(e.n, rows * cols);
  cr_assert_eq(e.m, 2 * (rows * (cols - 1) + (rows - 1) * cols));
  int64_t *deg = out_degrees(&e);
  for (int32_t r = 0; r < rows; r++) {
    for (int32_t c = 0; c < cols; c++) {
      int expect = 4 - (r == 0) - (r == rows - 1) - (c == 0) - (c == cols - 1);
      cr_assert_eq(deg[r * cols + c], expect, "(%d, %d)", r, c);
    }
  }
  /* Every arc joins 4-neighbours and comes with its reverse right after it. */
  for (int64_t i = 0; i < e.m; i += 2) {
    int32_t u = e.src[i], v = e.dst[i];
    cr_assert(e.src[i + 1] == v && e.dst[i + 1] == u);
    int same_row = u / cols == v / cols && abs(u - v) == 1;
    int same_col = abs(u - v) == cols;
    cr_assert(same_row || same_col, "arc %d -> %d", u, v);
  }
  free(deg);
  gn_gen_edges_free(&e);
}

Test(gen_grid, degenerate_shapes) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_grid(1, 1, 1, &e), GNEST_OK);
  cr_assert(e.n == 1 && e.m == 0);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_grid(1, 6, 1, &e), GNEST_OK); /* a path */
  cr_assert(e.n == 6 && e.m == 10);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_grid(0, 6, 1, &e), GNEST_OK);
  cr_assert(e.n == 0 && e.m == 0);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_grid(65536, 65536, 1, &e), GNEST_ERR_TOO_LARGE);
  cr_assert_eq(gn_gen_grid(-1, 3, 1, &e), GNEST_ERR_INVALID_ARGUMENT);
}

Test(gen_star, hub_and_leaves) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_star(1001, &e), GNEST_OK);
  cr_assert_eq(e.n, 1001);
  cr_assert_eq(e.m, 2000);
  int64_t *deg = out_degrees(&e);
  cr_assert_eq(deg[0], 1000);
  for (int v = 1; v <= 1000; v++) cr_assert_eq(deg[v], 1);
  for (int64_t i = 0; i < e.m; i++) cr_assert(e.src[i] == 0 || e.dst[i] == 0);
  free(deg);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_star(1, &e), GNEST_OK);
  cr_assert(e.n == 1 && e.m == 0);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_star(-3, &e), GNEST_ERR_INVALID_ARGUMENT);
}

Test(gen_path, consecutive_both_ways) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_path(50, &e), GNEST_OK);
  cr_assert_eq(e.m, 98);
  int64_t *deg = out_degrees(&e);
  cr_assert(deg[0] == 1 && deg[49] == 1);
  for (int v = 1; v < 49; v++) cr_assert_eq(deg[v], 2);
  for (int64_t i = 0; i < e.m; i++) cr_assert_eq(abs(e.src[i] - e.dst[i]), 1);
  free(deg);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_path(0, &e), GNEST_OK);
  cr_assert(e.n == 0 && e.m == 0);
  gn_gen_edges_free(&e);
}

/* ------------------------------------------------------------------------------------------ */
/* Weights                                                                                     */
/* ------------------------------------------------------------------------------------------ */

Test(gen_weights, integers_in_range_equal_both_ways) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_grid(30, 30, 1, &e), GNEST_OK);
  cr_assert_eq(gn_gen_weights(&e, 1, 4, 77), GNEST_OK);
  cr_assert_not_null(e.w);
  int seen[5] = {0};
  for (int64_t i = 0; i < e.m; i++) {
    double w = e.w[i];
    cr_assert(w >= 1.0 && w <= 4.0 && w == floor(w), "w[%lld] = %g", (long long)i, w);
    seen[(int)w]++;
  }
  for (int k = 1; k <= 4; k++) cr_assert_gt(seen[k], e.m / 8, "weight %d: %d", k, seen[k]);
  for (int64_t i = 0; i < e.m; i += 2) cr_assert_eq(e.w[i], e.w[i + 1]); /* (u,v) then (v,u) */
  gn_gen_edges_free(&e);
}

Test(gen_weights, deterministic_and_seeded) {
  gn_gen_edges a, b;
  cr_assert_eq(gn_gen_er(500, 5000, 3, &a), GNEST_OK);
  cr_assert_eq(gn_gen_er(500, 5000, 3, &b), GNEST_OK);
  cr_assert_eq(gn_gen_weights(&a, 1, 64, 5), GNEST_OK);
  cr_assert_eq(gn_gen_weights(&b, 1, 64, 5), GNEST_OK);
  cr_assert_eq(memcmp(a.w, b.w, (size_t)a.m * sizeof(double)), 0);
  cr_assert_eq(gn_gen_weights(&b, 1, 64, 6), GNEST_OK); /* replaces the previous weights */
  int64_t diff = 0;
  for (int64_t i = 0; i < a.m; i++) diff += a.w[i] != b.w[i];
  cr_assert_gt(diff, a.m * 9 / 10);
  /* The weight depends on the unordered pair only, wherever the pair occurs. */
  gn_gen_edges rev = {a.n, a.m, a.dst, a.src, NULL};
  cr_assert_eq(gn_gen_weights(&rev, 1, 64, 5), GNEST_OK);
  cr_assert_eq(memcmp(a.w, rev.w, (size_t)a.m * sizeof(double)), 0);
  free(rev.w);
  gn_gen_edges_free(&a);
  gn_gen_edges_free(&b);
}

Test(gen_weights, bounds) {
  gn_gen_edges e;
  cr_assert_eq(gn_gen_path(100, &e), GNEST_OK);
  cr_assert_eq(gn_gen_weights(&e, 5, 4, 1), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(e.w);
  cr_assert_eq(gn_gen_weights(&e, 7, 7, 1), GNEST_OK);
  for (int64_t i = 0; i < e.m; i++) cr_assert_eq(e.w[i], 7.0);
  cr_assert_eq(gn_gen_weights(&e, -3, 0, 1), GNEST_OK);
  for (int64_t i = 0; i < e.m; i++) cr_assert(e.w[i] >= -3.0 && e.w[i] <= 0.0);
  gn_gen_edges_free(&e);
  cr_assert_eq(gn_gen_weights(NULL, 1, 2, 1), GNEST_ERR_INVALID_ARGUMENT);
}

/* ------------------------------------------------------------------------------------------ */
/* Trees                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static int64_t full_tree_size(int depth, int k) {
  int64_t sum = 0, term = 1;
  for (int l = 0; l < depth; l++, term *= k) sum += term;
  return sum;
}

Test(gen_tree, full_trees_have_exact_sizes) {
  const struct { int depth, k; } cases[] = {{1, 32}, {2, 7}, {4, 32}, {4, 64}, {4, 128},
                                            {3, 512}, {10, 2}, {5, 1}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int32_t n;
    int32_t *parent;
    cr_assert_eq(gn_gen_tree(cases[c].depth, cases[c].k, 0, 1, INT32_MAX, &n, &parent), GNEST_OK);
    cr_assert_eq(n, full_tree_size(cases[c].depth, cases[c].k), "depth %d, K %d: n %d",
                 cases[c].depth, cases[c].k, n);
    cr_assert_eq(gn_gen_tree_expected_nodes(cases[c].depth, cases[c].k, 0), (double)n);
    int d = check_tree_shape(n, parent, cases[c].depth, cases[c].k);
    cr_assert_eq(d, cases[c].depth);
    /* Full: every node above the last level has exactly K children. */
    int64_t internal = full_tree_size(cases[c].depth - 1, cases[c].k);
    for (int32_t i = 1; i < n; i++) cr_assert_eq(parent[i], (i - 1) / cases[c].k);
    cr_assert_eq(n - 1, internal * cases[c].k);
    free(parent);
  }
}

Test(gen_tree, full_tree_ignores_seed) {
  int32_t n1, n2, *p1, *p2;
  cr_assert_eq(gn_gen_tree(3, 40, 0, 1, INT32_MAX, &n1, &p1), GNEST_OK);
  cr_assert_eq(gn_gen_tree(3, 40, 0, 99, INT32_MAX, &n2, &p2), GNEST_OK);
  cr_assert_eq(n1, n2);
  cr_assert_eq(memcmp(p1, p2, (size_t)n1 * 4), 0);
  free(p1);
  free(p2);
}

/* Mean size over seeds 1..runs, each tree checked for shape; reports the deepest tree seen. */
static double mean_tree_size(int depth, int k, int sparsity, int runs, int *deepest) {
  double total = 0;
  *deepest = 0;
  for (int s = 1; s <= runs; s++) {
    int32_t n, *parent;
    cr_assert_eq(gn_gen_tree(depth, k, sparsity, (uint64_t)s, INT32_MAX, &n, &parent), GNEST_OK);
    int d = check_tree_shape(n, parent, depth, k);
    if (d > *deepest) *deepest = d;
    total += n;
    free(parent);
  }
  return total / runs;
}

Test(gen_tree, sparse_trees_match_expectation) {
  /* Mean over runs is within 4 standard errors of the expectation for each case; the std of
   * one tree's size is at most ~15% of its mean for these parameters (first-level binomial). */
  const struct { int depth, k, sparsity, runs; double tolerance; } cases[] = {
      {4, 64, 1, 20, 0.12}, {4, 128, 2, 20, 0.12}, {4, 256, 3, 20, 0.12},
      {4, 512, 4, 20, 0.12}, {4, 32, 4, 400, 0.15}, {6, 8, 2, 200, 0.2}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int deepest;
    double mean = mean_tree_size(cases[c].depth, cases[c].k, cases[c].sparsity, cases[c].runs,
                                 &deepest);
    double expected = gn_gen_tree_expected_nodes(cases[c].depth, cases[c].k, cases[c].sparsity);
    double branching = cases[c].k / pow(2.0, cases[c].sparsity);
    cr_assert_float_eq(expected, (1 - pow(branching, cases[c].depth)) / (1 - branching), 1e-6);
    cr_assert(fabs(mean - expected) <= cases[c].tolerance * expected,
              "depth %d K %d s %d: mean %.1f, expected %.1f", cases[c].depth, cases[c].k,
              cases[c].sparsity, mean, expected);
    cr_assert_eq(deepest, cases[c].depth); /* some tree reaches the last level */
  }
}

Test(gen_tree, sparse_tree_deterministic_and_seeded) {
  int32_t n1, n2, n3, *p1, *p2, *p3;
  cr_assert_eq(gn_gen_tree(4, 64, 2, 5, INT32_MAX, &n1, &p1), GNEST_OK);
  cr_assert_eq(gn_gen_tree(4, 64, 2, 5, INT32_MAX, &n2, &p2), GNEST_OK);
  cr_assert_eq(gn_gen_tree(4, 64, 2, 6, INT32_MAX, &n3, &p3), GNEST_OK);
  cr_assert_eq(n1, n2);
  cr_assert_eq(memcmp(p1, p2, (size_t)n1 * 4), 0);
  cr_assert(n1 != n3 || memcmp(p1, p3, (size_t)n1 * 4) != 0);
  free(p1);
  free(p2);
  free(p3);
}

Test(gen_tree, extinction_gives_shallower_tree) {
  /* K p = 1/8: most trees stop after the root or one level; none may exceed the depth. */
  int shallow = 0;
  for (uint64_t s = 1; s <= 50; s++) {
    int32_t n, *parent;
    cr_assert_eq(gn_gen_tree(5, 2, 4, s, INT32_MAX, &n, &parent), GNEST_OK);
    int d = check_tree_shape(n, parent, 5, 2);
    shallow += d < 5;
    free(parent);
  }
  cr_assert_eq(shallow, 50);
}

Test(gen_tree, expected_size_checked_against_max_nodes) {
  int32_t n = 123, *parent = (int32_t *)1;
  /* depth 4, K 512: 134,480,385 nodes expected. */
  cr_assert_eq(gn_gen_tree(4, 512, 0, 1, 1000000, &n, &parent), GNEST_ERR_TOO_LARGE);
  cr_assert_eq(n, 0);
  cr_assert_null(parent);
  cr_assert_eq(gn_gen_tree_expected_nodes(4, 512, 0), 134480385.0);
  /* With sparsity 4 the expectation is 1 + 32 + 1024 + 32768 = 33825: allowed. */
  cr_assert_eq(gn_gen_tree(4, 512, 4, 1, 1000000, &n, &parent), GNEST_OK);
  cr_assert_gt(n, 1);
  free(parent);
  /* Sizes beyond int32 are refused whatever max_nodes says. */
  cr_assert_eq(gn_gen_tree(40, 512, 0, 1, INT64_MAX, &n, &parent), GNEST_ERR_TOO_LARGE);
  cr_assert(isinf(gn_gen_tree_expected_nodes(1000, 1 << 30, 0)));
}

Test(gen_tree, bad_parameters) {
  int32_t n, *parent;
  cr_assert_eq(gn_gen_tree(0, 4, 0, 1, 100, &n, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_tree(3, -1, 0, 1, 100, &n, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_tree(3, 4, -1, 1, 100, &n, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_tree(3, 4, 0, 1, 0, &n, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_tree(3, 4, 0, 1, 100, NULL, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_tree_expected_nodes(0, 4, 0), 0.0);
  /* out-degree 0 or huge sparsity: the root alone. */
  cr_assert_eq(gn_gen_tree(5, 0, 0, 1, 100, &n, &parent), GNEST_OK);
  cr_assert_eq(n, 1);
  cr_assert_eq(parent[0], -1);
  free(parent);
  cr_assert_eq(gn_gen_tree(5, 100, 64, 1, 100, &n, &parent), GNEST_OK);
  cr_assert_eq(n, 1);
  free(parent);
}

Test(gen_chain, parents_and_errors) {
  int32_t *parent;
  cr_assert_eq(gn_gen_chain(5, &parent), GNEST_OK);
  for (int i = 0; i < 5; i++) cr_assert_eq(parent[i], i - 1);
  free(parent);
  cr_assert_eq(gn_gen_chain(1, &parent), GNEST_OK);
  cr_assert_eq(parent[0], -1);
  free(parent);
  cr_assert_eq(gn_gen_chain(0, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(parent);
  cr_assert_eq(gn_gen_chain(-4, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_chain(3, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

/* A chain (one root, every node the parent of at most one) whose first nodes from the root down
 * are the ones the unsalted splitter hash skips, in increasing id. */
Test(gen_chain, against_the_splitters) {
  const int32_t n = 10000;
  int32_t *parent;
  cr_assert_eq(gn_gen_chain_against_splitters(n, &parent), GNEST_OK);
  int32_t *below = malloc((size_t)n * sizeof *below);
  cr_assert(below);
  int32_t root = -1, roots = 0;
  for (int32_t v = 0; v < n; v++) below[v] = -1;
  for (int32_t v = 0; v < n; v++) {
    if (parent[v] < 0) root = v, roots++;
    else {
      cr_assert(parent[v] < n && below[parent[v]] == -1, "node %d: a second child", parent[v]);
      below[parent[v]] = v;
    }
  }
  cr_assert_eq(roots, 1);
  int32_t length = 0, skipped = 0, previous = -1;
  for (int32_t v = root; v >= 0; v = below[v], length++) {
    const int picked = gn_euler_is_splitter(gn_euler_enter(v), -1, gn_euler_gap(n), 0) ||
                       gn_euler_is_splitter(gn_euler_exit(v), -1, gn_euler_gap(n), 0);
    if (length == skipped && !picked) {
      cr_assert_gt(v, previous);
      previous = v, skipped++;
    } else {
      cr_assert(picked, "node %d, skipped by the hash, after a picked one", v);
    }
  }
  cr_assert_eq(length, n);
  cr_assert_gt(skipped, n / 2, "%d of %d nodes skipped by the hash", skipped, n);
  free(below);
  free(parent);
  cr_assert_eq(gn_gen_chain_against_splitters(0, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(parent);
}

Test(gen_splitmix, reference_values) {
  /* splitmix64 from state 0: the first outputs of the published reference generator. */
  uint64_t st = 0;
  cr_assert_eq(gn_splitmix64(&st), 0xe220a8397b1dcdafULL);
  cr_assert_eq(gn_splitmix64(&st), 0x6e789e6aa1b965f4ULL);
}

/* ------------------------------------------------------------------------------------------ */
/* gnest-gen command line                                                                      */
/* ------------------------------------------------------------------------------------------ */

#define GEN_BIN "bin/gnest-gen"

typedef struct cli_result {
  int status;        /* exit status, or -1 when it did not exit normally */
  char err[4096];    /* stderr */
  char out[8192];    /* stdout */
} cli_result;

Test(gen_broom, handle_and_bristles) {
  int32_t *parent;
  cr_assert_eq(gn_gen_broom(7, 3, &parent), GNEST_OK);
  const int32_t want[] = {-1, 0, 1, 2, 2, 2, 2};
  cr_assert_arr_eq(parent, want, sizeof want);
  free(parent);
  cr_assert_eq(gn_gen_broom(4, 4, &parent), GNEST_OK); /* all handle: a chain */
  for (int i = 0; i < 4; i++) cr_assert_eq(parent[i], i - 1);
  free(parent);
  cr_assert_eq(gn_gen_broom(4, 1, &parent), GNEST_OK); /* all bristles: a star */
  for (int i = 1; i < 4; i++) cr_assert_eq(parent[i], 0);
  free(parent);
  cr_assert_eq(gn_gen_broom(1, 1, &parent), GNEST_OK);
  cr_assert_eq(parent[0], -1);
  free(parent);
  cr_assert_eq(gn_gen_broom(4, 5, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(parent);
  cr_assert_eq(gn_gen_broom(4, 0, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_broom(0, 1, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_broom(3, 1, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

Test(gen_caterpillar, spine_and_legs) {
  int32_t *parent;
  /* 10 nodes, 2 legs: spine of ceil(10 / 3) = 4, leaves 4..9 on spine nodes 0 0 1 1 2 2. */
  cr_assert_eq(gn_gen_caterpillar(10, 2, &parent), GNEST_OK);
  const int32_t want[] = {-1, 0, 1, 2, 0, 0, 1, 1, 2, 2};
  cr_assert_arr_eq(parent, want, sizeof want);
  free(parent);
  cr_assert_eq(gn_gen_caterpillar(9, 1, &parent), GNEST_OK); /* spine 5, the last one legless */
  const int32_t odd[] = {-1, 0, 1, 2, 3, 0, 1, 2, 3};
  cr_assert_arr_eq(parent, odd, sizeof odd);
  free(parent);
  cr_assert_eq(gn_gen_caterpillar(5, 0, &parent), GNEST_OK); /* no legs: a chain */
  for (int i = 0; i < 5; i++) cr_assert_eq(parent[i], i - 1);
  free(parent);
  cr_assert_eq(gn_gen_caterpillar(1, 3, &parent), GNEST_OK);
  cr_assert_eq(parent[0], -1);
  free(parent);
  cr_assert_eq(gn_gen_caterpillar(5, -1, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(parent);
  cr_assert_eq(gn_gen_caterpillar(0, 1, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_caterpillar(3, 1, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

/* gn_gen_random_recursive(n, seed) against itself and seed + 1: parents come before their
 * children and spread over them (the root's expected children: the harmonic number H(n - 1));
 * the depth is logarithmic (about e ln n; under 3 ln n); another seed gives another tree. */
static void expect_random_recursive(int32_t n, uint64_t seed, int32_t root_min, int32_t root_max,
                                    int32_t depth_min) {
  int32_t *a, *b, *c;
  cr_assert_eq(gn_gen_random_recursive(n, seed, &a), GNEST_OK);
  cr_assert_eq(gn_gen_random_recursive(n, seed, &b), GNEST_OK);
  cr_assert_eq(gn_gen_random_recursive(n, seed + 1, &c), GNEST_OK);
  cr_assert_arr_eq(a, b, (size_t)n * sizeof *a, "same seed %llu", (unsigned long long)seed);
  int32_t differ = 0, root_children = 0, max_depth = 0;
  int32_t *depth = malloc((size_t)n * sizeof *depth);
  cr_assert_not_null(depth);
  cr_assert_eq(a[0], -1);
  depth[0] = 1;
  for (int32_t i = 1; i < n; i++) {
    cr_assert(a[i] >= 0 && a[i] < i, "parent[%d] = %d", i, a[i]);
    depth[i] = depth[a[i]] + 1;
    if (depth[i] > max_depth) max_depth = depth[i];
    differ += a[i] != c[i];
    root_children += a[i] == 0;
  }
  cr_assert_gt(differ, n / 10 * 9, "n %d: seeds %llu and %llu give nearly the same tree", n,
               (unsigned long long)seed, (unsigned long long)seed + 1);
  cr_assert(root_children >= root_min && root_children <= root_max, "n %d: root has %d children",
            n, root_children);
  cr_assert(max_depth > depth_min && max_depth < 3 * log((double)n), "n %d: depth %d", n,
            max_depth);
  free(depth), free(a), free(b), free(c);
}

Test(gen_random_recursive, parents_before_children_and_seeded) {
  expect_random_recursive(200000, 1, 4, 30, 15); /* H(199999) is about 12.8 */
  expect_random_recursive(10000, 5, 3, 25, 9);   /* H(9999) is about 9.8 */
  int32_t *a;
  cr_assert_eq(gn_gen_random_recursive(1, 1, &a), GNEST_OK);
  cr_assert_eq(a[0], -1);
  free(a);
  cr_assert_eq(gn_gen_random_recursive(0, 1, &a), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(a);
  cr_assert_eq(gn_gen_random_recursive(5, 1, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

/* The same tree renumbered: node i becomes perm[i], so parent links map through perm; every
 * node keeps its out-degree (the multiset of out-degrees is unchanged), and the seed picks the
 * numbering. */
Test(gen_shuffle_tree, same_shape_new_ids) {
  const int32_t n = 5000;
  int32_t *orig, *a, *b;
  cr_assert_eq(gn_gen_caterpillar(n, 2, &orig), GNEST_OK);
  cr_assert_eq(gn_gen_caterpillar(n, 2, &a), GNEST_OK);
  cr_assert_eq(gn_gen_caterpillar(n, 2, &b), GNEST_OK);
  cr_assert_eq(gn_gen_shuffle_tree(n, 3, &a), GNEST_OK);
  cr_assert_eq(gn_gen_shuffle_tree(n, 4, &b), GNEST_OK);
  int32_t roots = 0, moved = 0, differ = 0;
  int32_t *children_orig = calloc((size_t)n, sizeof *children_orig);
  int32_t *children_a = calloc((size_t)n, sizeof *children_a);
  cr_assert(children_orig && children_a);
  for (int32_t i = 0; i < n; i++) {
    roots += a[i] == -1;
    moved += a[i] != orig[i];
    differ += a[i] != b[i];
    cr_assert(a[i] >= -1 && a[i] < n);
    if (orig[i] >= 0) children_orig[orig[i]]++;
    if (a[i] >= 0) children_a[a[i]]++;
  }
  cr_assert_eq(roots, 1);
  cr_assert_gt(moved, n / 2);
  cr_assert_gt(differ, n / 2);
  /* The same multiset of out-degrees. */
  int32_t hist_orig[8] = {0}, hist_a[8] = {0};
  for (int32_t i = 0; i < n; i++) hist_orig[children_orig[i]]++, hist_a[children_a[i]]++;
  cr_assert_arr_eq(hist_orig, hist_a, sizeof hist_orig);
  free(children_orig), free(children_a), free(orig), free(a), free(b);
  int32_t *none = NULL;
  cr_assert_eq(gn_gen_shuffle_tree(5, 1, &none), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_shuffle_tree(5, 1, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

static void read_all(const char *path, char *buf, size_t size) {
  buf[0] = '\0';
  FILE *f = fopen(path, "r");
  if (!f) return;
  size_t len = fread(buf, 1, size - 1, f);
  buf[len] = '\0';
  fclose(f);
}

static void skip_without_binary(void) {
  if (access(GEN_BIN, X_OK) != 0) cr_skip_test("%s not built (run make tools first)", GEN_BIN);
}

/* Runs "bin/gnest-gen ARGS" through the shell, capturing stdout and stderr. */
static void run_gen(const char *args, cli_result *r) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "%s %s >/tmp/gnest_test_gen_%d.out 2>/tmp/gnest_test_gen_%d.err",
           GEN_BIN, args, (int)getpid(), (int)getpid());
  int raw = system(cmd);
  r->status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  char path[128];
  snprintf(path, sizeof path, "/tmp/gnest_test_gen_%d.out", (int)getpid());
  read_all(path, r->out, sizeof r->out);
  remove(path);
  snprintf(path, sizeof path, "/tmp/gnest_test_gen_%d.err", (int)getpid());
  read_all(path, r->err, sizeof r->err);
  remove(path);
}

static int count_lines(const char *s) {
  int lines = 0;
  for (; *s; s++) lines += *s == '\n';
  return lines;
}

/* The tree shapes in the n-first signatures: a broom of handle H and B bristles is
 * gn_gen_broom(H + B, H), a caterpillar of spine S and L legs is gn_gen_caterpillar(S * (L + 1), L);
 * the GPU test families and the plan tests build them so. */
Test(gen_broom, handle_then_bristles) {
  int32_t *parent;
  cr_assert_eq(gn_gen_broom(4 + 3, 4, &parent), GNEST_OK);
  const int32_t want[] = {-1, 0, 1, 2, 3, 3, 3};
  cr_assert_arr_eq(parent, want, sizeof want);
  free(parent);
  cr_assert_eq(gn_gen_broom(1 + 0, 1, &parent), GNEST_OK); /* the root alone */
  cr_assert_eq(parent[0], -1);
  free(parent);
  cr_assert_eq(gn_gen_broom(0 + 5, 0, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_null(parent);
  /* A handle longer than the tree (what -1 bristles was): refused. */
  cr_assert_eq(gn_gen_broom(2, 3, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_broom(-1, 1, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_broom(3 + 1, 3, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

Test(gen_caterpillar, spine_then_legs) {
  int32_t *parent;
  cr_assert_eq(gn_gen_caterpillar(3 * (2 + 1), 2, &parent), GNEST_OK);
  const int32_t want[] = {-1, 0, 1, 0, 0, 1, 1, 2, 2};
  cr_assert_arr_eq(parent, want, sizeof want);
  free(parent);
  cr_assert_eq(gn_gen_caterpillar(5 * (0 + 1), 0, &parent), GNEST_OK); /* legless: a chain */
  for (int i = 0; i < 5; i++) cr_assert_eq(parent[i], i - 1);
  free(parent);
  /* Every spine node of a full caterpillar has exactly L legs, the last one included. */
  const int32_t spine = 100, legs = 4;
  cr_assert_eq(gn_gen_caterpillar(spine * (legs + 1), legs, &parent), GNEST_OK);
  int32_t children[100] = {0};
  for (int32_t i = spine; i < spine * (legs + 1); i++) {
    cr_assert(parent[i] >= 0 && parent[i] < spine, "leg %d hangs from %d", i, parent[i]);
    children[parent[i]]++;
  }
  for (int32_t i = 0; i < spine; i++) cr_assert_eq(children[i], legs, "spine node %d", i);
  free(parent);
  cr_assert_eq(gn_gen_caterpillar(0, 2, &parent), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_gen_caterpillar(6, -2, &parent), GNEST_ERR_INVALID_ARGUMENT);
}

static void temp_path(char *buf, size_t size, const char *name) {
  snprintf(buf, size, "/tmp/gnest_test_gen_%d_%s", (int)getpid(), name);
}

Test(gen_cli, bad_arguments_exit_2_with_one_line) {
  skip_without_binary();
  const char *cases[][2] = {
      {"", "usage"},
      {"bogus -o x.mtx", "unknown kind 'bogus'"},
      {"rmat -o /tmp/x.mtx", "missing required option --scale"},
      {"rmat --scale x -o /tmp/x.mtx", "--scale: expected an integer in [0, 30], got 'x'"},
      {"rmat --scale 31 -o /tmp/x.mtx", "--scale: expected an integer in [0, 30]"},
      {"rmat --scale 4", "missing required option -o"},
      {"rmat --scale 4 -o /tmp/x.png", "must end in .mtx, .txt, .el or .gnest"},
      {"rmat --scale 4 --rows 3 -o /tmp/x.mtx", "--rows does not apply"},
      {"rmat --scale 4 --frobnicate -o /tmp/x.mtx", "unknown argument '--frobnicate'"},
      {"grid --rows 3 --cols 3 --weights 5:1 -o /tmp/x.mtx", "expected LO:HI"},
      {"grid --rows 3 --cols 3 --weights 5 -o /tmp/x.mtx", "expected LO:HI"},
      {"tree --depth 3 --out-degree 2 --sparsity 0 -o /tmp/x.mtx", "must end in .tree"},
      {"tree --depth 3 --out-degree 2 -o /tmp/x.tree", "missing required option --sparsity"},
      {"chain --n 0 -o /tmp/x.tree", "--n: expected an integer in [1, 2147483647]"},
      {"broom --n 10 --handle 11 -o /tmp/x.tree", "--handle 11 is longer than the tree"},
      {"broom --n 10 --handle 0 -o /tmp/x.tree", "--handle: expected an integer in [1, "},
      {"broom --handle 4 -o /tmp/x.tree", "missing required option --n"},
      {"caterpillar --n 10 --legs -1 -o /tmp/x.tree", "--legs: expected an integer in [0, "},
      {"caterpillar --n 12 --legs 2 -o /tmp/x.mtx", "must end in .tree"},
      {"caterpillar --n 12 --seed 3 -o /tmp/x.tree", "--seed does not apply"},
      {"recursive --n 10 -o /tmp/x.mtx", "must end in .tree"},
      {"recursive --n 10 --legs 2 -o /tmp/x.tree", "--legs does not apply"},
      {"recursive -o /tmp/x.tree", "missing required option --n"},
      {"chain --n 10 --seed 3 -o /tmp/x.tree", "--seed does not apply"},
      {"er --n 0 --m 5 -o /tmp/x.mtx", "need at least one vertex"},
      {"star --n 5 --seed -1 -o /tmp/x.mtx", "--seed: expected an unsigned integer"},
      {"path --n", "--n needs a value"},
      {"rmat --scale 4 --part 2/2 -o /tmp/x.mtx", "--part: expected P/N with 0 <= P < N"},
      {"er --n 5 --m 5 --part 1 -o /tmp/x.mtx", "--part: expected P/N"},
      {"grid --rows 3 --cols 3 --part 0/2 -o /tmp/x.mtx", "--part does not apply"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cli_result r;
    run_gen(cases[i][0], &r);
    cr_assert_eq(r.status, 2, "'%s': exit %d", cases[i][0], r.status);
    cr_assert_not_null(strstr(r.err, cases[i][1]), "'%s': stderr '%s'", cases[i][0], r.err);
    if (i > 0) cr_assert_eq(count_lines(r.err), 1, "'%s': stderr '%s'", cases[i][0], r.err);
  }
}

Test(gen_cli, help_for_each_kind) {
  skip_without_binary();
  const char *kinds[] = {"rmat",  "er",    "grid",        "star",     "path",
                         "tree",  "chain", "caterpillar", "recursive", "broom"};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    char args[64];
    snprintf(args, sizeof args, "%s --help", kinds[i]);
    cli_result r;
    run_gen(args, &r);
    cr_assert_eq(r.status, 0);
    char expect[64];
    snprintf(expect, sizeof expect, "usage: gnest-gen %s", kinds[i]);
    cr_assert_not_null(strstr(r.out, expect), "%s", r.out);
  }
  cli_result r;
  run_gen("rmat --help", &r);
  cr_assert_not_null(strstr(r.out, "self-loops are always dropped"));
  run_gen("er --help", &r);
  cr_assert_not_null(strstr(r.out, "--keep-duplicates"));
}

Test(gen_cli, grid_mtx_roundtrip_weighted) {
  skip_without_binary();
  char path[256], args[512];
  temp_path(path, sizeof path, "grid.mtx");
  snprintf(args, sizeof args, "grid --rows 3 --cols 4 --weights 1:64 --seed 3 -o %s", path);
  cli_result r;
  run_gen(args, &r);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_assert_not_null(strstr(r.err, "n=12 m=34"), "%s", r.err);
  gnest_ctx *ctx;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  gnest_graph *g;
  cr_assert_eq(gnest_graph_load(ctx, path, NULL, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert_eq(gnest_graph_num_vertices(g), 12);
  cr_assert_eq(gnest_graph_num_edges(g), 34);
  cr_assert(gnest_graph_is_weighted(g));
  /* Same weights as the generator gives directly. */
  gn_gen_edges e;
  cr_assert_eq(gn_gen_grid(3, 4, 3, &e), GNEST_OK);
  cr_assert_eq(gn_gen_weights(&e, 1, 64, 3), GNEST_OK);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  for (int64_t i = 0; i < e.m; i++) {
    int found = 0;
    for (int64_t k = off[e.src[i]]; k < off[e.src[i] + 1]; k++)
      if (col[k] == e.dst[i]) found = w[k] == e.w[i];
    cr_assert(found, "arc %d -> %d weight %g", e.src[i], e.dst[i], e.w[i]);
  }
  gn_gen_edges_free(&e);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  remove(path);
}

Test(gen_cli, rmat_binary_drops_self_loops_and_duplicates) {
  skip_without_binary();
  char path[256], args[512];
  temp_path(path, sizeof path, "rmat.gnest");
  snprintf(args, sizeof args, "rmat --scale 10 --undirected -o %s", path);
  cli_result r;
  run_gen(args, &r);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_assert_not_null(strstr(r.err, "16384 generated"), "%s", r.err);
  gnest_ctx *ctx;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  gnest_graph *g;
  cr_assert_eq(gnest_graph_load(ctx, path, NULL, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert_eq(gnest_graph_num_vertices(g), 1024);
  int64_t m = gnest_graph_num_edges(g);
  cr_assert(m > 16384 && m < 2 * 16384, "m %lld", (long long)m);
  const int64_t *off;
  const int32_t *col;
  const double *w;
  gnest_graph_csr(g, &off, &col, &w);
  for (int32_t v = 0; v < 1024; v++)
    for (int64_t k = off[v]; k < off[v + 1]; k++) {
      cr_assert_neq(col[k], v);
      if (k > off[v]) cr_assert_gt(col[k], col[k - 1]);
    }
  int sym = 0;
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &sym), GNEST_OK);
  cr_assert(sym);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  remove(path);
}

/* The arcs of a graph file, as "u v" lines sorted and without repeats, into a malloc'd array of
 * u * n + v keys (*count of them). */
static int64_t *arc_keys(gnest_ctx *ctx, const char *path, int64_t n_expected, int64_t *count) {
  gnest_graph *g;
  cr_assert_eq(gnest_graph_load(ctx, path, NULL, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  const int64_t n = gnest_graph_num_vertices(g), m = gnest_graph_num_edges(g);
  cr_assert_leq(n, n_expected, "%s", path);
  const int64_t *off;
  const int32_t *col;
  gnest_graph_csr(g, &off, &col, NULL);
  int64_t *keys = malloc((size_t)(m > 0 ? m : 1) * sizeof *keys);
  cr_assert_not_null(keys);
  for (int64_t v = 0; v < n; v++)
    for (int64_t k = off[v]; k < off[v + 1]; k++) keys[k] = v * n_expected + col[k];
  *count = m;
  gnest_graph_free(g);
  return keys;
}

static int compare_keys(const void *a, const void *b) {
  const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* --part P/N: the three parts' files, read together (merged, repeats dropped), hold exactly the
 * arcs of the whole graph's file. */
Test(gen_cli, parts_together_are_the_whole) {
  skip_without_binary();
  gnest_ctx *ctx;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  char path[256], args[512];
  cli_result r;
  int64_t *all = NULL, total = 0;
  for (int p = 0; p < 3; p++) {
    temp_path(path, sizeof path, "part.el");
    snprintf(args, sizeof args, "rmat --scale 17 --edge-factor 24 --undirected --part %d/3 -o %s",
             p, path);
    run_gen(args, &r);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char said[32];
    snprintf(said, sizeof said, "generated in part %d of 3)", p);
    cr_assert_not_null(strstr(r.err, said), "%s", r.err);
    int64_t count;
    int64_t *keys = arc_keys(ctx, path, 1 << 17, &count);
    all = realloc(all, (size_t)(total + count) * sizeof *all);
    cr_assert_not_null(all);
    memcpy(all + total, keys, (size_t)count * sizeof *keys);
    total += count;
    free(keys);
    remove(path);
  }
  qsort(all, (size_t)total, sizeof *all, compare_keys);
  int64_t unique = 0;
  for (int64_t k = 0; k < total; k++)
    if (k == 0 || all[k] != all[k - 1]) all[unique++] = all[k];
  temp_path(path, sizeof path, "whole.el");
  snprintf(args, sizeof args, "rmat --scale 17 --edge-factor 24 --undirected -o %s", path);
  run_gen(args, &r);
  cr_assert_eq(r.status, 0, "%s", r.err);
  int64_t count;
  int64_t *whole = arc_keys(ctx, path, 1 << 17, &count);
  remove(path);
  cr_assert_lt(unique, total, "parts of 3 chunks share no arc: the test does not merge");
  cr_assert_eq(unique, count, "parts hold %lld arcs, the whole %lld", (long long)unique,
               (long long)count);
  cr_assert_eq(memcmp(all, whole, (size_t)count * sizeof *whole), 0);
  free(all);
  free(whole);
  gnest_ctx_free(ctx);
}

Test(gen_cli, edge_list_is_readable) {
  skip_without_binary();
  char path[256], args[512];
  temp_path(path, sizeof path, "er.el");
  snprintf(args, sizeof args, "er --n 100 --m 400 --seed 4 -o %s", path);
  cli_result r;
  run_gen(args, &r);
  cr_assert_eq(r.status, 0, "%s", r.err);
  gnest_ctx *ctx;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  gnest_graph *g;
  cr_assert_eq(gnest_graph_load(ctx, path, NULL, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert_leq(gnest_graph_num_vertices(g), 100);
  cr_assert(gnest_graph_num_edges(g) > 350 && gnest_graph_num_edges(g) <= 400);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  remove(path);
}

Test(gen_cli, tree_and_chain_files_load) {
  skip_without_binary();
  char path[256], args[512];
  temp_path(path, sizeof path, "t.tree");
  snprintf(args, sizeof args, "tree --depth 4 --out-degree 32 --sparsity 0 -o %s", path);
  cli_result r;
  run_gen(args, &r);
  cr_assert_eq(r.status, 0, "%s", r.err);
  gnest_ctx *ctx;
  cr_assert_eq(gnest_ctx_create(&ctx, NULL), GNEST_OK);
  gnest_tree *t;
  cr_assert_eq(gnest_tree_load(ctx, path, &t), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(gnest_tree_num_nodes(t), 33825);
  gnest_tree_stats ts;
  cr_assert_eq(gnest_tree_stats_get(ctx, t, &ts), GNEST_OK);
  cr_assert_eq(ts.depth, 4);
  cr_assert_eq(ts.max_out_degree, 32);
  gnest_tree_free(t);
  snprintf(args, sizeof args, "chain --n 1000 -o %s", path);
  run_gen(args, &r);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_assert_eq(gnest_tree_load(ctx, path, &t), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(gnest_tree_num_nodes(t), 1000);
  cr_assert_eq(gnest_tree_stats_get(ctx, t, &ts), GNEST_OK);
  cr_assert_eq(ts.depth, 1000);
  gnest_tree_free(t);
  /* The other tree kinds: the shape the help promises, as the generators give it. */
  const struct { const char *args; int32_t n, depth, max_out_degree; } shapes[] = {
      {"broom --n 1000", 1000, 501, 500},          /* handle 500, 500 bristles on node 499 */
      {"broom --n 1000 --handle 10", 1000, 11, 990},
      {"broom --n 150 --handle 100", 150, 101, 50}, /* handle 100, 50 bristles */
      {"caterpillar --n 1000", 1000, 501, 2},      /* spine 500, one leg each */
      {"caterpillar --n 1000 --legs 3", 1000, 251, 4},
      {"caterpillar --n 500 --legs 4", 500, 101, 5}, /* spine 100, 4 legs each */
  };
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    snprintf(args, sizeof args, "%s -o %s", shapes[i].args, path);
    run_gen(args, &r);
    cr_assert_eq(r.status, 0, "%s: %s", shapes[i].args, r.err);
    cr_assert_eq(gnest_tree_load(ctx, path, &t), GNEST_OK, "%s", gnest_last_error_string(ctx));
    cr_assert_eq(gnest_tree_stats_get(ctx, t, &ts), GNEST_OK);
    cr_assert_eq(ts.n, shapes[i].n, "%s", shapes[i].args);
    cr_assert_eq(ts.depth, shapes[i].depth, "%s: depth %d", shapes[i].args, ts.depth);
    cr_assert_eq(ts.max_out_degree, shapes[i].max_out_degree, "%s", shapes[i].args);
    gnest_tree_free(t);
  }
  /* recursive: the generator's tree for the seed, of logarithmic depth. */
  snprintf(args, sizeof args, "recursive --n 5000 --seed 7 -o %s", path);
  run_gen(args, &r);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_assert_eq(gnest_tree_load(ctx, path, &t), GNEST_OK, "%s", gnest_last_error_string(ctx));
  int32_t *want;
  cr_assert_eq(gn_gen_random_recursive(5000, 7, &want), GNEST_OK);
  const int32_t *got;
  gnest_tree_arrays(t, &got, NULL, NULL);
  cr_assert_arr_eq(got, want, 5000 * sizeof *want);
  free(want);
  cr_assert_eq(gnest_tree_stats_get(ctx, t, &ts), GNEST_OK);
  cr_assert(ts.depth > 5 && ts.depth < 60, "recursive depth %d", ts.depth);
  gnest_tree_free(t);
  gnest_ctx_free(ctx);
  remove(path);
}

Test(gen_cli, failures_exit_1) {
  skip_without_binary();
  cli_result r;
  run_gen("tree --depth 4 --out-degree 512 --sparsity 0 --max-nodes 1000 -o /tmp/x.tree", &r);
  cr_assert_eq(r.status, 1);
  cr_assert_not_null(strstr(r.err, "more than --max-nodes 1000"), "%s", r.err);
  cr_assert_eq(count_lines(r.err), 1);
  run_gen("path --n 10 -o /nonexistent-dir/x.mtx", &r);
  cr_assert_eq(r.status, 1);
  cr_assert_not_null(strstr(r.err, "/nonexistent-dir/x.mtx"), "%s", r.err);
  cr_assert_eq(count_lines(r.err), 1, "%s", r.err);
}
