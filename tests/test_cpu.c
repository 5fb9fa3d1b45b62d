/* src/cpu: the serial reference implementations against hand-checked answers.
 *
 * Graphs and trees are built by hand here (build_csr, build_tree) so these tests depend on nothing
 * but src/cpu. Expected values are derived in the comments next to each case; the few that come
 * from an outside program say which. Randomised cases compare against brute force written
 * independently below (adjacency matrix, Bellman-Ford, Prim, triple loop). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu.h"
#include "common/gen.h"

/* ------------------------------------------------------------------------------------------ */
/* Test fixtures: a CSR from an arc list, a tree from a parent array.                          */
/* ------------------------------------------------------------------------------------------ */

typedef struct arc {
  int32_t u, v;
  double w;
} arc;

static int by_source_then_target(const void *pa, const void *pb) {
  const arc *a = pa, *b = pb;
  if (a->u != b->u) return (a->u > b->u) - (a->u < b->u);
  if (a->v != b->v) return (a->v > b->v) - (a->v < b->v);
  return (a->w > b->w) - (a->w < b->w);
}

/* n vertices, m arcs src[i] -> dst[i] (weights w, or NULL = unweighted); both_ways adds every
 * reverse arc and marks the graph symmetric. Adjacency sorted; duplicates and self-loops kept. */
static gn_csr build_csr(int32_t n, int64_t m, const int32_t *src, const int32_t *dst, const double *w,
                        int both_ways) {
  const int64_t total = both_ways ? 2 * m : m;
  arc *arcs = malloc((size_t)(total + 1) * sizeof *arcs);
  cr_assert_not_null(arcs);
  int64_t k = 0;
  for (int64_t i = 0; i < m; i++) {
    const double wi = w != NULL ? w[i] : 1.0;
    arcs[k++] = (arc){src[i], dst[i], wi};
    if (both_ways) arcs[k++] = (arc){dst[i], src[i], wi};
  }
  qsort(arcs, (size_t)total, sizeof *arcs, by_source_then_target);

  gn_csr g = {0};
  g.n = n;
  g.m = total;
  g.offsets = calloc((size_t)n + 1, sizeof *g.offsets);
  g.cols = malloc((size_t)(total + 1) * sizeof *g.cols);
  g.weights = w != NULL ? malloc((size_t)(total + 1) * sizeof *g.weights) : NULL;
  cr_assert(g.offsets != NULL && g.cols != NULL && (w == NULL || g.weights != NULL));
  for (int64_t i = 0; i < total; i++) {
    cr_assert(arcs[i].u >= 0 && arcs[i].u < n && arcs[i].v >= 0 && arcs[i].v < n);
    g.offsets[arcs[i].u + 1]++;
    g.cols[i] = arcs[i].v;
    if (g.weights != NULL) g.weights[i] = arcs[i].w;
  }
  for (int32_t v = 0; v < n; v++) g.offsets[v + 1] += g.offsets[v];
  g.sorted = 1;
  g.symmetric = both_ways;
  free(arcs);
  return g;
}

/* Undirected edge list given as pairs {u0, v0, u1, v1, ...}, stored both ways, unweighted. */
static gn_csr build_undirected(int32_t n, int64_t m, const int32_t *pairs) {
  int32_t *src = malloc((size_t)(m + 1) * sizeof *src), *dst = malloc((size_t)(m + 1) * sizeof *dst);
  for (int64_t i = 0; i < m; i++) {
    src[i] = pairs[2 * i];
    dst[i] = pairs[2 * i + 1];
  }
  gn_csr g = build_csr(n, m, src, dst, NULL, 1);
  free(src);
  free(dst);
  return g;
}

static void free_csr(gn_csr *g) {
  free(g->offsets);
  free(g->cols);
  free(g->weights);
  memset(g, 0, sizeof *g);
}

/* A tree as src/cpu reads it, with arrays of its own: children CSR (increasing ids), level order
 * from the root, depth. parent must describe a valid tree. */
typedef struct hand_tree {
  int32_t n, root, depth;
  int64_t *child_offsets;
  int32_t *children, *order;
} hand_tree;

static hand_tree build_tree(int32_t n, const int32_t *parent) {
  hand_tree t;
  memset(&t, 0, sizeof t);
  t.n = n;
  t.root = -1;
  t.child_offsets = calloc((size_t)n + 1, sizeof *t.child_offsets);
  t.children = malloc((size_t)n * sizeof *t.children + 1);
  t.order = malloc((size_t)n * sizeof *t.order + 1);
  cr_assert(t.child_offsets && t.children && t.order);
  for (int32_t v = 0; v < n; v++) {
    if (parent[v] < 0) t.root = v;
    else t.child_offsets[parent[v] + 1]++;
  }
  for (int32_t v = 0; v < n; v++) t.child_offsets[v + 1] += t.child_offsets[v];
  int64_t *next = malloc(((size_t)n + 1) * sizeof *next);
  memcpy(next, t.child_offsets, ((size_t)n + 1) * sizeof *next);
  for (int32_t v = 0; v < n; v++)
    if (parent[v] >= 0) t.children[next[parent[v]]++] = v;
  free(next);

  /* Level order: the order array is its own queue; a level ends where the previous level's
   * children end. */
  int64_t head = 0, tail = 0;
  if (n > 0) t.order[tail++] = t.root;
  t.depth = 0;
  while (head < tail) {
    const int64_t level_end = tail;
    t.depth++;
    for (; head < level_end; head++) {
      const int32_t v = t.order[head];
      for (int64_t k = t.child_offsets[v]; k < t.child_offsets[v + 1]; k++) t.order[tail++] = t.children[k];
    }
  }
  cr_assert_eq(tail, n, "build_tree: parent array is not a tree");
  return t;
}

static gn_cpu_tree cpu_view(const hand_tree *t) {
  const gn_cpu_tree view = {t->n, t->depth, t->child_offsets, t->children, t->order};
  return view;
}

static void free_tree(hand_tree *t) {
  free(t->child_offsets);
  free(t->children);
  free(t->order);
}

/* Path 0 - 1 - ... - (n-1), both ways. */
static gn_csr build_path(int32_t n) {
  int32_t *src = malloc((size_t)n * sizeof *src + 1), *dst = malloc((size_t)n * sizeof *dst + 1);
  for (int32_t i = 0; i + 1 < n; i++) {
    src[i] = i;
    dst[i] = i + 1;
  }
  gn_csr g = build_csr(n, n > 0 ? n - 1 : 0, src, dst, NULL, 1);
  free(src);
  free(dst);
  return g;
}

/* Star: hub 0 linked both ways to 1..leaves. */
static gn_csr build_star(int32_t leaves) {
  int32_t *src = malloc((size_t)leaves * sizeof *src + 1), *dst = malloc((size_t)leaves * sizeof *dst + 1);
  for (int32_t i = 0; i < leaves; i++) {
    src[i] = 0;
    dst[i] = i + 1;
  }
  gn_csr g = build_csr(leaves + 1, leaves, src, dst, NULL, 1);
  free(src);
  free(dst);
  return g;
}

/* Random graph of m undirected edges (self-loops and duplicates possible) with integer weights
 * 1..max_w, or weights in (0, 1) when max_w == 0; both_ways selects symmetric storage. */
static gn_csr build_random(int32_t n, int64_t m, uint64_t seed, int max_w, int both_ways) {
  int32_t *src = malloc((size_t)m * sizeof *src), *dst = malloc((size_t)m * sizeof *dst);
  double *w = malloc((size_t)m * sizeof *w);
  uint64_t s = seed;
  for (int64_t i = 0; i < m; i++) {
    src[i] = (int32_t)(gn_splitmix64(&s) % (uint64_t)n);
    dst[i] = (int32_t)(gn_splitmix64(&s) % (uint64_t)n);
    if (max_w > 0) w[i] = (double)(1 + gn_splitmix64(&s) % (uint64_t)max_w);
    else w[i] = (double)((gn_splitmix64(&s) >> 40) + 1) / (double)(1 << 24);
  }
  gn_csr g = build_csr(n, m, src, dst, w, both_ways);
  free(src);
  free(dst);
  free(w);
  return g;
}

/* Zachary's karate club: the 78 edges of ../shared/data/karate.mtx, 0-based (checked equal to
 * networkx.karate_club_graph()). */
static const int32_t karate_edges[78 * 2] = {
    0,  1,  0,  2,  0,  3,  0,  4,  0,  5,  0,  6,  0,  7,  0,  8,  0,  10, 0,  11, 0,  12, 0,  13,
    0,  17, 0,  19, 0,  21, 0,  31, 1,  2,  1,  3,  1,  7,  1,  13, 1,  17, 1,  19, 1,  21, 1,  30,
    2,  3,  2,  7,  2,  8,  2,  9,  2,  13, 2,  27, 2,  28, 2,  32, 3,  7,  3,  12, 3,  13, 4,  6,
    4,  10, 5,  6,  5,  10, 5,  16, 6,  16, 8,  30, 8,  32, 8,  33, 9,  33, 13, 33, 14, 32, 14, 33,
    15, 32, 15, 33, 18, 32, 18, 33, 19, 33, 20, 32, 20, 33, 22, 32, 22, 33, 23, 25, 23, 27, 23, 29,
    23, 32, 23, 33, 24, 25, 24, 27, 24, 31, 25, 31, 26, 29, 26, 33, 27, 33, 28, 31, 28, 33, 29, 32,
    29, 33, 30, 32, 30, 33, 31, 32, 31, 33, 32, 33};

/* ------------------------------------------------------------------------------------------ */
/* BFS                                                                                         */
/* ------------------------------------------------------------------------------------------ */

Test(cpu_bfs, empty_graph_has_no_valid_source) {
  gn_csr g = build_csr(0, 0, NULL, NULL, NULL, 0);
  int32_t level = 7;
  cr_assert_eq(gn_cpu_bfs(&g, 0, &level, NULL), GNEST_ERR_OUT_OF_RANGE);
  free_csr(&g);
}

Test(cpu_bfs, one_vertex_with_and_without_self_loop) {
  gn_csr g = build_csr(1, 0, NULL, NULL, NULL, 0);
  int32_t level = 7;
  gn_cpu_counts c = {-1, -1};
  cr_assert_eq(gn_cpu_bfs(&g, 0, &level, &c), GNEST_OK);
  cr_assert_eq(level, 0);
  cr_assert_eq(c.edges_visited, 0);
  cr_assert_eq(c.iterations, 1);
  free_csr(&g);

  const int32_t s[] = {0}, d[] = {0};
  g = build_csr(1, 1, s, d, NULL, 0);
  cr_assert_eq(gn_cpu_bfs(&g, 0, &level, &c), GNEST_OK);
  cr_assert_eq(level, 0);
  cr_assert_eq(c.edges_visited, 1); /* the loop is scanned once */
  cr_assert_eq(c.iterations, 1);
  free_csr(&g);
}

Test(cpu_bfs, directed_arcs_and_unreachable_parts) {
  /* 0 -> 1 -> 2 -> 3, 3 -> 1, duplicate 2 -> 3, 4 -> 0, 5 isolated. From 1: 1:0 2:1 3:2, the
   * rest unreachable (arcs only followed forward). Arcs scanned: out(1)=1, out(2)=2, out(3)=1. */
  const int32_t s[] = {0, 1, 2, 3, 2, 4}, d[] = {1, 2, 3, 1, 3, 0};
  gn_csr g = build_csr(6, 6, s, d, NULL, 0);
  int32_t levels[6];
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_bfs(&g, 1, levels, &c), GNEST_OK);
  const int32_t want[6] = {-1, 0, 1, 2, -1, -1};
  cr_assert_arr_eq(levels, want, sizeof want);
  cr_assert_eq(c.edges_visited, 4);
  cr_assert_eq(c.iterations, 3);

  cr_assert_eq(gn_cpu_bfs(&g, 4, levels, &c), GNEST_OK);
  const int32_t want4[6] = {1, 2, 3, 4, 0, -1};
  cr_assert_arr_eq(levels, want4, sizeof want4);
  cr_assert_eq(c.edges_visited, 6);
  cr_assert_eq(c.iterations, 5);
  free_csr(&g);
}

Test(cpu_bfs, star_with_big_hub_from_a_leaf) {
  gn_csr g = build_star(1000);
  int32_t *levels = malloc(1001 * sizeof *levels);
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_bfs(&g, 5, levels, &c), GNEST_OK);
  cr_assert_eq(levels[5], 0);
  cr_assert_eq(levels[0], 1);
  for (int32_t v = 1; v <= 1000; v++)
    if (v != 5) cr_assert_eq(levels[v], 2, "leaf %d", v);
  cr_assert_eq(c.edges_visited, 2000); /* every vertex reached: all 2 * 1000 arcs scanned */
  cr_assert_eq(c.iterations, 3);
  free(levels);
  free_csr(&g);
}

Test(cpu_bfs, long_path) {
  const int32_t n = 100000;
  gn_csr g = build_path(n);
  int32_t *levels = malloc((size_t)n * sizeof *levels);
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_bfs(&g, 0, levels, &c), GNEST_OK);
  for (int32_t v = 0; v < n; v++) cr_assert_eq(levels[v], v);
  cr_assert_eq(c.iterations, n);
  cr_assert_eq(c.edges_visited, 2 * (int64_t)(n - 1));
  /* From the middle (50000): |v - mid|, deepest 50000 (vertex 0), so 50001 levels. */
  const int32_t mid = n / 2;
  cr_assert_eq(gn_cpu_bfs(&g, mid, levels, &c), GNEST_OK);
  for (int32_t v = 0; v < n; v++) cr_assert_eq(levels[v], abs(v - mid));
  cr_assert_eq(c.iterations, mid + 1);
  free(levels);
  free_csr(&g);
}

Test(cpu_bfs, karate_levels_from_vertex_16) {
  /* 16 touches only 5 and 6 (level 1); they add 0, 4, 10 (level 2); 0's other neighbours such as
   * 1, 8 and 31 are at 3; 8 leads to 32 and 33 (level 4); vertices tied only to 32, 33 and their
   * kin, such as 14 and 29, are at 5, the last level. */
  gn_csr g = build_undirected(34, 78, karate_edges);
  int32_t levels[34];
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_bfs(&g, 16, levels, &c), GNEST_OK);
  cr_assert_eq(levels[16], 0);
  cr_assert_eq(levels[5], 1);
  cr_assert_eq(levels[6], 1);
  cr_assert_eq(levels[0], 2);
  cr_assert_eq(levels[4], 2);
  cr_assert_eq(levels[10], 2);
  cr_assert_eq(levels[1], 3);
  cr_assert_eq(levels[8], 3);
  cr_assert_eq(levels[31], 3);
  cr_assert_eq(levels[32], 4);
  cr_assert_eq(levels[33], 4);
  cr_assert_eq(levels[14], 5);
  cr_assert_eq(levels[29], 5);
  cr_assert_eq(c.iterations, 6);
  cr_assert_eq(c.edges_visited, 156); /* connected: every arc scanned */
  free_csr(&g);
}

/* ------------------------------------------------------------------------------------------ */
/* SSSP                                                                                        */
/* ------------------------------------------------------------------------------------------ */

Test(cpu_sssp, small_weighted_graph_with_zero_weight_and_parallel_arcs) {
  /* 0->1 (4), 0->2 (1), 2->1 (2), 1->3 (1), 2->3 (5), 3->4 (0), 0->1 again (9), 4->4 (3).
   * dist: 0:0, 2:1, 1:min(4, 9, 1+2)=3, 3:min(3+1, 1+5)=4, 4:4+0=4, 5 unreachable. */
  const int32_t s[] = {0, 0, 2, 1, 2, 3, 0, 4}, d[] = {1, 2, 1, 3, 3, 4, 1, 4};
  const double w[] = {4, 1, 2, 1, 5, 0, 9, 3};
  gn_csr g = build_csr(6, 8, s, d, w, 0);
  double dist[6];
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_sssp(&g, 0, dist, &c), GNEST_OK);
  const double want[5] = {0, 3, 1, 4, 4};
  for (int v = 0; v < 5; v++) cr_assert(dist[v] == want[v], "dist[%d] = %g, want %g", v, dist[v], want[v]);
  cr_assert(isinf(dist[5]) && dist[5] > 0);
  cr_assert_eq(c.iterations, 5);    /* vertices settled */
  cr_assert_eq(c.edges_visited, 8); /* all arcs leave a reached vertex */
  free_csr(&g);
}

Test(cpu_sssp, huge_weights_and_double_overflow) {
  /* 0->1 1e30, 1->2 1e30, 0->2 3e30: dist[2] = fl(1e30 + 1e30) < 3e30. 2->3 and 3->4 3e38: past
   * float, fine in double. 4->5 and 5->6 1e308: dist[6] overflows to +inf, which improves nothing
   * (the driver reports the arc, src/algos/sssp.cu). */
  const int32_t s[] = {0, 1, 0, 2, 3, 4, 5}, d[] = {1, 2, 2, 3, 4, 5, 6};
  const double w[] = {1e30, 1e30, 3e30, 3e38, 3e38, 1e308, 1e308};
  gn_csr g = build_csr(7, 7, s, d, w, 0);
  double dist[7];
  cr_assert_eq(gn_cpu_sssp(&g, 0, dist, NULL), GNEST_OK);
  const double two = 1e30;
  cr_assert(dist[1] == 1e30);
  cr_assert(dist[2] == two + two);
  cr_assert(dist[3] == dist[2] + 3e38);
  cr_assert(dist[4] == dist[3] + 3e38 && isfinite(dist[4]));
  cr_assert(dist[5] == dist[4] + 1e308);
  cr_assert(isinf(dist[6]));
  free_csr(&g);
}

Test(cpu_sssp, integer_weights_beyond_float_are_exact) {
  /* 16777217 = 2^24 + 1 is no float; 2^52 + 1 sums are still exact in double. */
  const int32_t s[] = {0, 1}, d[] = {1, 2};
  const double w[] = {16777217.0, 4503599627370497.0};
  gn_csr g = build_csr(3, 2, s, d, w, 0);
  double dist[3];
  cr_assert_eq(gn_cpu_sssp(&g, 0, dist, NULL), GNEST_OK);
  cr_assert(dist[1] == 16777217.0, "%.17g", dist[1]);
  cr_assert(dist[2] == 4503599644147714.0, "%.17g", dist[2]);
  free_csr(&g);
}

Test(cpu_sssp, zero_weight_cycle_and_fractional_weights) {
  /* 0 <-> 1 with weight 0, 1 -> 2 weight 0.1, 2 -> 3 weight 0.2: distances accumulate in double
   * left to right, so dist[3] is exactly fl(fl(0 + 0.1) + 0.2). */
  const int32_t s[] = {0, 1, 1, 2}, d[] = {1, 0, 2, 3};
  const double w[] = {0.0, 0.0, 0.1, 0.2};
  gn_csr g = build_csr(4, 4, s, d, w, 0);
  double dist[4];
  cr_assert_eq(gn_cpu_sssp(&g, 1, dist, NULL), GNEST_OK);
  const double zero = 0.0, tenth = 0.1, fifth = 0.2;
  cr_assert(dist[0] == 0.0 && dist[1] == 0.0);
  cr_assert(dist[2] == zero + tenth);
  cr_assert(dist[3] == (zero + tenth) + fifth);
  free_csr(&g);
}

Test(cpu_sssp, unweighted_equals_bfs_levels) {
  gn_csr g = build_random(3000, 9000, 11, 1, 0); /* directed, mean out-degree 3 */
  free(g.weights);
  g.weights = NULL; /* unweighted: every arc weighs 1 */
  int32_t *levels = malloc(3000 * sizeof *levels);
  double *dist = malloc(3000 * sizeof *dist);
  cr_assert_eq(gn_cpu_bfs(&g, 17, levels, NULL), GNEST_OK);
  cr_assert_eq(gn_cpu_sssp(&g, 17, dist, NULL), GNEST_OK);
  int32_t reached = 0;
  for (int32_t v = 0; v < 3000; v++) {
    if (levels[v] < 0) cr_assert(isinf(dist[v]), "v %d", v);
    else cr_assert(dist[v] == (double)levels[v], "v %d: %g vs %d", v, dist[v], levels[v]);
    reached += levels[v] >= 0;
  }
  cr_assert_gt(reached, 2000, "the random graph should have a large reachable part (%d)", reached);
  free(levels);
  free(dist);
  free_csr(&g);
}

/* Bellman-Ford with the same double additions: the least fixed point of
 * dist[v] = min over arcs of fl(dist[u] + w), which Dijkstra must reproduce exactly. */
static void bellman_ford(const gn_csr *g, int32_t source, double *dist) {
  for (int32_t v = 0; v < g->n; v++) dist[v] = INFINITY;
  dist[source] = 0.0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int32_t u = 0; u < g->n; u++)
      for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
        if (dist[u] + g->weights[e] < dist[g->cols[e]]) {
          dist[g->cols[e]] = dist[u] + g->weights[e];
          changed = 1;
        }
  }
}

Test(cpu_sssp, random_fractional_weights_match_bellman_ford_exactly) {
  for (uint64_t seed = 1; seed <= 3; seed++) {
    gn_csr g = build_random(400, 1600, seed, 0, seed == 2);
    double dist[400], want[400];
    cr_assert_eq(gn_cpu_sssp(&g, 3, dist, NULL), GNEST_OK);
    bellman_ford(&g, 3, want);
    for (int v = 0; v < 400; v++)
      cr_assert(dist[v] == want[v] || (isinf(dist[v]) && isinf(want[v])), "seed %llu v %d: %.9g vs %.9g",
                (unsigned long long)seed, v, dist[v], want[v]);
    free_csr(&g);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* BC                                                                                          */
/* ------------------------------------------------------------------------------------------ */

static const int32_t *all_vertices(int32_t n) {
  static int32_t ids[4096];
  cr_assert_leq(n, 4096);
  for (int32_t v = 0; v < n; v++) ids[v] = v;
  return ids;
}

Test(cpu_bc, empty_graph_and_no_sources) {
  gn_csr g = build_csr(0, 0, NULL, NULL, NULL, 0);
  double bc = -1;
  gn_cpu_counts c = {-1, -1};
  cr_assert_eq(gn_cpu_bc(&g, NULL, 0, &bc, &c), GNEST_OK);
  cr_assert_eq(c.iterations, 0);
  cr_assert_eq(c.edges_visited, 0);
  free_csr(&g);

  gn_csr p = build_path(3);
  double b3[3] = {5, 5, 5};
  cr_assert_eq(gn_cpu_bc(&p, NULL, 0, b3, NULL), GNEST_OK);
  cr_assert(b3[0] == 0 && b3[1] == 0 && b3[2] == 0, "bc is zeroed first");
  free_csr(&p);
}

Test(cpu_bc, path_of_five_both_ways) {
  /* Path 0-1-2-3-4 stored both ways, all sources. Vertex k lies on the unique shortest path of
   * every ordered pair (s, t) with s < k < t or t < k < s: 2 * k * (4 - k) pairs.
   *   bc[0] = 0, bc[1] = 2 * 1 * 3 = 6, bc[2] = 2 * 2 * 2 = 8, bc[3] = 6, bc[4] = 0. */
  gn_csr g = build_path(5);
  double bc[5];
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_bc(&g, all_vertices(5), 5, bc, &c), GNEST_OK);
  const double want[5] = {0, 6, 8, 6, 0};
  for (int v = 0; v < 5; v++) cr_assert(bc[v] == want[v], "bc[%d] = %g", v, bc[v]);
  cr_assert_eq(c.iterations, 5);
  cr_assert_eq(c.edges_visited, 5 * 2 * 8); /* each source scans all 8 arcs forward and back */
  free_csr(&g);
}

Test(cpu_bc, star_hub_carries_every_leaf_pair) {
  /* Hub 0 and 5 leaves both ways: each ordered leaf pair (5 * 4 = 20) passes the hub only. */
  gn_csr g = build_star(5);
  double bc[6];
  cr_assert_eq(gn_cpu_bc(&g, all_vertices(6), 6, bc, NULL), GNEST_OK);
  cr_assert(bc[0] == 20.0, "bc[0] = %g", bc[0]);
  for (int v = 1; v <= 5; v++) cr_assert(bc[v] == 0.0);
  free_csr(&g);
}

Test(cpu_bc, four_cycle_with_chord_splits_paths) {
  /* Cycle 0-1-2-3-0 plus chord 0-2, both ways. The only non-adjacent pair is {1, 3}, with two
   * shortest paths 1-0-3 and 1-2-3: 0 and 2 get 1/2 per ordered pair, two ordered pairs. */
  const int32_t pairs[] = {0, 1, 1, 2, 2, 3, 3, 0, 0, 2};
  gn_csr g = build_undirected(4, 5, pairs);
  double bc[4];
  cr_assert_eq(gn_cpu_bc(&g, all_vertices(4), 4, bc, NULL), GNEST_OK);
  const double want[4] = {1, 0, 1, 0};
  for (int v = 0; v < 4; v++) cr_assert(bc[v] == want[v], "bc[%d] = %g", v, bc[v]);
  free_csr(&g);
}

Test(cpu_bc, directed_diamond_with_source_lists) {
  /* 0->1->2, 0->3->2, 2->4, 2->2 (self-loop, never on a shortest path).
   * From 0: t=2 via 1 or 3 (1/2 each); t=4 via 1 or 3 (1/2 each) and always 2 (1).
   * From 1: 2 is between 1 and 4. From 3: same. From 2, 4: nothing between.
   * All sources: bc = {0, 1, 3, 1, 0}. Sources {0}: {0, 1, 1, 1, 0}. Sources {1, 1}: bc[2] = 2. */
  const int32_t s[] = {0, 1, 0, 3, 2, 2}, d[] = {1, 2, 3, 2, 4, 2};
  gn_csr g = build_csr(5, 6, s, d, NULL, 0);
  double bc[5];
  cr_assert_eq(gn_cpu_bc(&g, all_vertices(5), 5, bc, NULL), GNEST_OK);
  const double want_all[5] = {0, 1, 3, 1, 0};
  for (int v = 0; v < 5; v++) cr_assert(bc[v] == want_all[v], "all: bc[%d] = %g", v, bc[v]);

  const int32_t only0[] = {0};
  cr_assert_eq(gn_cpu_bc(&g, only0, 1, bc, NULL), GNEST_OK);
  const double want0[5] = {0, 1, 1, 1, 0};
  for (int v = 0; v < 5; v++) cr_assert(bc[v] == want0[v], "{0}: bc[%d] = %g", v, bc[v]);

  const int32_t twice1[] = {1, 1};
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_bc(&g, twice1, 2, bc, &c), GNEST_OK);
  const double want11[5] = {0, 0, 2, 0, 0};
  for (int v = 0; v < 5; v++) cr_assert(bc[v] == want11[v], "{1,1}: bc[%d] = %g", v, bc[v]);
  cr_assert_eq(c.iterations, 2);
  free_csr(&g);
}

Test(cpu_bc, path_counts_beyond_64_bits) {
  /* A chain of k = 200 diamonds J_i -> A_i, B_i -> J_{i+1} (J_i = 3i, A_i = 3i+1, B_i = 3i+2):
   * J_k is reached by 2^200 shortest paths from J_0. From source J_0 alone:
   *   bc[J_i] (0 < i <= k) = vertices after J_i = 3 (k - i)   (every path to them passes J_i),
   *   bc[A_i] = bc[B_i] = (1 + 3 (k - i - 1)) / 2           (half the paths to J_{i+1} and on). */
  const int32_t k = 200, n = 3 * k + 1;
  int32_t s[4 * 200], d[4 * 200];
  for (int32_t i = 0; i < k; i++) {
    const int32_t j = 3 * i, a = j + 1, b = j + 2, next = j + 3;
    s[4 * i] = j, d[4 * i] = a;
    s[4 * i + 1] = j, d[4 * i + 1] = b;
    s[4 * i + 2] = a, d[4 * i + 2] = next;
    s[4 * i + 3] = b, d[4 * i + 3] = next;
  }
  gn_csr g = build_csr(n, 4 * k, s, d, NULL, 0);
  double bc[3 * 200 + 1];
  const int32_t source[] = {0};
  cr_assert_eq(gn_cpu_bc(&g, source, 1, bc, NULL), GNEST_OK);
  cr_assert(bc[0] == 0.0);
  for (int32_t i = 0; i < k; i++) {
    const double half = (1.0 + 3.0 * (k - i - 1)) / 2.0;
    cr_assert(bc[3 * i + 1] == half && bc[3 * i + 2] == half, "A_%d: %g, want %g", i, bc[3 * i + 1], half);
    cr_assert(bc[3 * (i + 1)] == 3.0 * (k - i - 1), "J_%d: %g", i + 1, bc[3 * (i + 1)]);
  }
  free_csr(&g);
}

/* sum over v of bc[v] = sum over ordered reachable pairs s != t of (d(s,t) - 1): the fractions a
 * pair hands out over its shortest paths add up to the number of interior vertices. */
static double total_interior_length(const gn_csr *g) {
  double sum = 0.0;
  int32_t *levels = malloc((size_t)g->n * sizeof *levels);
  for (int32_t s = 0; s < g->n; s++) {
    cr_assert_eq(gn_cpu_bfs(g, s, levels, NULL), GNEST_OK);
    for (int32_t t = 0; t < g->n; t++)
      if (t != s && levels[t] > 0) sum += levels[t] - 1;
  }
  free(levels);
  return sum;
}

Test(cpu_bc, karate_club) {
  /* Reference values: networkx 3.6.1 betweenness_centrality(karate_club_graph(), normalized=False)
   * doubled, since the graph is stored both ways (undirected 231.0714... for vertex 0). */
  gn_csr g = build_undirected(34, 78, karate_edges);
  double bc[34];
  cr_assert_eq(gn_cpu_bc(&g, all_vertices(34), 34, bc, NULL), GNEST_OK);
  const struct { int v; double want; } ref[] = {
      {0, 462.1428571428572}, {2, 151.70158730158732}, {31, 146.01904761904757},
      {32, 153.38095238095238}, {33, 321.1031746031746}, {11, 0.0}};
  for (size_t i = 0; i < sizeof ref / sizeof ref[0]; i++)
    cr_assert(fabs(bc[ref[i].v] - ref[i].want) <= 1e-9 * (1 + ref[i].want), "bc[%d] = %.12g want %.12g",
              ref[i].v, bc[ref[i].v], ref[i].want);
  double sum = 0;
  for (int v = 0; v < 34; v++) sum += bc[v];
  const double want_sum = total_interior_length(&g);
  cr_assert(fabs(sum - want_sum) <= 1e-9 * want_sum, "sum %.12g vs %.12g", sum, want_sum);
  free_csr(&g);
}

Test(cpu_bc, random_directed_graph_sum_identity) {
  gn_csr g = build_random(500, 1500, 5, 1, 0);
  double *bc = malloc(500 * sizeof *bc);
  cr_assert_eq(gn_cpu_bc(&g, all_vertices(500), 500, bc, NULL), GNEST_OK);
  double sum = 0;
  for (int v = 0; v < 500; v++) {
    cr_assert_geq(bc[v], 0.0);
    sum += bc[v];
  }
  const double want = total_interior_length(&g);
  cr_assert_gt(want, 1000.0);
  cr_assert(fabs(sum - want) <= 1e-9 * want, "sum %.12g vs %.12g", sum, want);
  free(bc);
  free_csr(&g);
}

/* ------------------------------------------------------------------------------------------ */
/* Weighted BC                                                                                 */
/* ------------------------------------------------------------------------------------------ */

static void expect_bc(const double *got, const double *want, int32_t n, const char *what) {
  for (int32_t v = 0; v < n; v++)
    cr_assert(got[v] == want[v], "%s: bc[%d] = %.17g, want %.17g", what, v, got[v], want[v]);
}

Test(cpu_bc_weighted, ties_of_equal_length_paths_and_an_unreached_part) {
  /* 0->1 (1), 1->3 (2), 0->2 (2), 2->3 (1), 0->3 (4: longer, off every shortest path), 3->4 (1),
   * 5->0 (3). From 0: d = {0, 1, 2, 3, 4, inf}; 3 by 1 or by 2 (sigma 2), 4 through 3; so bc[1]
   * = bc[2] = 1/2 (t = 3) + 1/2 (t = 4), bc[3] = 1 (t = 4); 5 is not reached. From 1: 1->3->4,
   * bc[3] += 1; from 2: the same. From 5: 0 lies on the paths to 1, 2, 3, 4 (bc[0] += 4), 1 and
   * 2 each on half of those to 3 and 4 (+1 each), 3 on that to 4 (+1). Unweighted, 0->3 would be
   * the shortest path and 1, 2 would carry nothing from 0. */
  const int32_t s[] = {0, 1, 0, 2, 0, 3, 5}, d[] = {1, 3, 2, 3, 3, 4, 0};
  const double w[] = {1, 2, 2, 1, 4, 1, 3};
  gn_csr g = build_csr(6, 7, s, d, w, 0);
  double bc[6];
  int32_t cycle = -1;
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(6), 6, bc, &cycle, &c), GNEST_OK);
  const double want_all[6] = {4, 2, 2, 4, 0, 0};
  expect_bc(bc, want_all, 6, "all");
  cr_assert_eq(c.iterations, 6);
  cr_assert_gt(c.edges_visited, 0);
  const int32_t only0[] = {0};
  cr_assert_eq(gn_cpu_bc_weighted(&g, only0, 1, bc, &cycle, NULL), GNEST_OK);
  const double want0[6] = {0, 1, 1, 1, 0, 0};
  expect_bc(bc, want0, 6, "{0}");
  free_csr(&g);
}

Test(cpu_bc_weighted, zero_weight_arc_between_equal_distances) {
  /* 0->2 (1), 0->1 (1), 2->1 (0), 1->3 (1): d = {0, 1, 1, 2}; 1 is reached by 0->1 and by
   * 0->2->1 (sigma 2), 3 through 1 (sigma 2). Dijkstra may settle 1 before 2 (equal distances),
   * so only the DAG's order counts right. From 0: bc[2] = 1/2 (t = 1) + 1/2 (t = 3), bc[1] = 1
   * (t = 3). From 2: 2->1->3, bc[1] += 1. */
  const int32_t s[] = {0, 0, 2, 1}, d[] = {2, 1, 1, 3};
  const double w[] = {1, 1, 0, 1};
  gn_csr g = build_csr(4, 4, s, d, w, 0);
  double bc[4];
  int32_t cycle = -1;
  cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(4), 4, bc, &cycle, NULL), GNEST_OK);
  const double want[4] = {0, 2, 1, 0};
  expect_bc(bc, want, 4, "all");
  free_csr(&g);
}

Test(cpu_bc_weighted, zero_weight_cycles_are_errors_naming_the_source) {
  /* 0->1 (1), 1->2 (0), 2->1 (0), 2->3 (1): from 0 the cycle 1 <-> 2 lies at distance 1. Source
   * 3 reaches nothing and is fine. */
  const int32_t s[] = {0, 1, 2, 2}, d[] = {1, 2, 1, 3};
  const double w[] = {1, 0, 0, 1};
  gn_csr g = build_csr(4, 4, s, d, w, 0);
  double bc[4];
  int32_t cycle = -1;
  const int32_t from3_then0[] = {3, 0};
  cr_assert_eq(gn_cpu_bc_weighted(&g, from3_then0, 2, bc, &cycle, NULL), GNEST_ERR_INVALID_INPUT);
  cr_assert_eq(cycle, 0);
  cr_assert_eq(gn_cpu_bc_weighted(&g, from3_then0, 1, bc, &cycle, NULL), GNEST_OK);
  free_csr(&g);

  /* Through the source itself: 0 <-> 1 both of weight 0 (an undirected zero-weight edge). */
  const int32_t s2[] = {0}, d2[] = {1};
  const double w2[] = {0};
  g = build_csr(2, 1, s2, d2, w2, 1);
  cycle = -1;
  cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(2), 2, bc, &cycle, NULL),
               GNEST_ERR_INVALID_INPUT);
  cr_assert_eq(cycle, 0);
  free_csr(&g);

  /* A zero-weight self-loop is a cycle; one of weight 1 lies on no shortest path. */
  const int32_t s3[] = {0, 1, 1}, d3[] = {1, 1, 2};
  const double zero_loop[] = {1, 0, 1}, unit_loop[] = {1, 1, 1};
  g = build_csr(3, 3, s3, d3, zero_loop, 0);
  cycle = -1;
  cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(3), 3, bc, &cycle, NULL),
               GNEST_ERR_INVALID_INPUT);
  cr_assert_eq(cycle, 0);
  free_csr(&g);
  g = build_csr(3, 3, s3, d3, unit_loop, 0);
  cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(3), 3, bc, &cycle, NULL), GNEST_OK);
  const double want[3] = {0, 1, 0};
  expect_bc(bc, want, 3, "unit self-loop");
  free_csr(&g);
}

Test(cpu_bc_weighted, equal_weights_give_the_unweighted_bc) {
  /* One weight on every arc: the same shortest paths as without weights, and the same sums in
   * the same order over each vertex's arcs (path counts are integers), so equal exactly. Without
   * weights, weight 1. */
  gn_csr g = build_random(300, 1200, 9, 1, 0);
  for (int64_t e = 0; e < g.m; e++) g.weights[e] = 3.0f;
  double *want = malloc(300 * sizeof *want), *got = malloc(300 * sizeof *got);
  int32_t cycle = -1;
  cr_assert_eq(gn_cpu_bc(&g, all_vertices(300), 300, want, NULL), GNEST_OK);
  cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(300), 300, got, &cycle, NULL), GNEST_OK);
  expect_bc(got, want, 300, "weights 3");
  double *weights = g.weights;
  g.weights = NULL;
  cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(300), 300, got, &cycle, NULL), GNEST_OK);
  expect_bc(got, want, 300, "unweighted");
  g.weights = weights;
  free(want);
  free(got);
  free_csr(&g);
}

/* Brute force over all shortest paths of a small weighted graph: sigma_st from the all-pairs
 * distances (Floyd-Warshall) and, for each v, sigma_sv * sigma_vt where d(s,v) + d(v,t) = d(s,t). */
static void brute_weighted_bc(const gn_csr *g, double *bc) {
  const int32_t n = g->n;
  double *d = malloc((size_t)n * n * sizeof *d), *sigma = calloc((size_t)n * n, sizeof *sigma);
  cr_assert(d != NULL && sigma != NULL);
  for (int64_t i = 0; i < (int64_t)n * n; i++) d[i] = INFINITY;
  for (int32_t v = 0; v < n; v++) d[(int64_t)v * n + v] = 0;
  for (int32_t u = 0; u < n; u++)
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
      if (g->cols[e] != u) d[(int64_t)u * n + g->cols[e]] = fmin(d[(int64_t)u * n + g->cols[e]], g->weights[e]);
  for (int32_t k = 0; k < n; k++)
    for (int32_t i = 0; i < n; i++)
      for (int32_t j = 0; j < n; j++)
        d[(int64_t)i * n + j] = fmin(d[(int64_t)i * n + j], d[(int64_t)i * n + k] + d[(int64_t)k * n + j]);
  /* sigma_st by distance order from each s: sum over arcs u->t on a shortest path. Weights > 0,
   * so ordering the targets by distance is a topological order of the DAG. */
  int32_t *order = malloc((size_t)n * sizeof *order);
  for (int32_t s = 0; s < n; s++) {
    const double *ds = d + (int64_t)s * n;
    for (int32_t v = 0; v < n; v++) order[v] = v;
    for (int32_t i = 1; i < n; i++) /* insertion sort by distance */
      for (int32_t j = i; j > 0 && ds[order[j - 1]] > ds[order[j]]; j--) {
        const int32_t t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
      }
    sigma[(int64_t)s * n + s] = 1;
    for (int32_t i = 0; i < n; i++) {
      const int32_t u = order[i];
      if (!isfinite(ds[u])) break;
      for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
        if (g->cols[e] != u && ds[u] + g->weights[e] == ds[g->cols[e]])
          sigma[(int64_t)s * n + g->cols[e]] += sigma[(int64_t)s * n + u];
    }
  }
  for (int32_t v = 0; v < n; v++) {
    bc[v] = 0;
    for (int32_t s = 0; s < n; s++)
      for (int32_t t = 0; t < n; t++) {
        const double dst = d[(int64_t)s * n + t];
        if (s == v || t == v || s == t || !isfinite(dst)) continue;
        if (d[(int64_t)s * n + v] + d[(int64_t)v * n + t] == dst)
          bc[v] += sigma[(int64_t)s * n + v] * sigma[(int64_t)v * n + t] / sigma[(int64_t)s * n + t];
      }
  }
  free(order);
  free(d);
  free(sigma);
}

Test(cpu_bc_weighted, random_integer_weights_match_brute_force) {
  for (uint64_t seed = 1; seed <= 4; seed++) {
    gn_csr g = build_random(40, 160, seed, 4, (int)(seed & 1));
    double bc[40], want[40];
    int32_t cycle = -1;
    cr_assert_eq(gn_cpu_bc_weighted(&g, all_vertices(40), 40, bc, &cycle, NULL), GNEST_OK);
    brute_weighted_bc(&g, want);
    for (int32_t v = 0; v < 40; v++)
      cr_assert(fabs(bc[v] - want[v]) <= 1e-9 * (1 + want[v]), "seed %llu: bc[%d] = %.12g, want %.12g",
                (unsigned long long)seed, v, bc[v], want[v]);
    free_csr(&g);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Coloring                                                                                    */
/* ------------------------------------------------------------------------------------------ */
/* Exact answers below use the priority hashes of small ids (low 32 bits of gn_color_priority):
 *   0: 00000000  1: 688990c0  2: d1132181  3: 53f1e9dd  4: d97e5ed1  5: 5c45d53e  6: a7e3d3bb
 *   7: 948ba1e6   so among equal degrees the order is 4, 2, 6, 7, 1, 5, 3, 0. */

Test(cpu_color, priority_hashes_of_small_ids) {
  const uint32_t want[8] = {0x00000000u, 0x688990c0u, 0xd1132181u, 0x53f1e9ddu,
                            0xd97e5ed1u, 0x5c45d53eu, 0xa7e3d3bbu, 0x948ba1e6u};
  for (int32_t v = 0; v < 8; v++) {
    cr_assert_eq((uint32_t)gn_color_priority(3, v, GNEST_COLOR_TIE_HASH), want[v], "v %d", v);
    cr_assert_eq(gn_color_priority(3, v, GNEST_COLOR_TIE_HASH) >> 32, 3u);
  }
  cr_assert_eq(gn_color_priority((int64_t)1 << 40, 0, GNEST_COLOR_TIE_HASH) >> 32, 0x7fffffffu,
               "degree saturates");
}

Test(cpu_color, id_ties_rank_smaller_ids_first) {
  for (int32_t v = 0; v < 7; v++)
    cr_assert_gt(gn_color_priority(3, v, GNEST_COLOR_TIE_ID),
                 gn_color_priority(3, v + 1, GNEST_COLOR_TIE_ID), "v %d", v);
  cr_assert_gt(gn_color_priority(4, INT32_MAX, GNEST_COLOR_TIE_ID),
               gn_color_priority(3, 0, GNEST_COLOR_TIE_ID), "degree first");
  cr_assert_eq(gn_color_degree(5, 2, GNEST_COLOR_TIE_ID), 7, "a self-loop arc counts twice");
  cr_assert_eq(gn_color_degree(5, 2, GNEST_COLOR_TIE_HASH), 3, "self-loops left out");
}

Test(cpu_color, empty_and_single_vertex) {
  gn_csr g = build_csr(0, 0, NULL, NULL, NULL, 0);
  int32_t colors[1] = {9}, num = -1;
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  cr_assert_eq(num, 0);
  free_csr(&g);

  const int32_t s[] = {0}, d[] = {0};
  g = build_csr(1, 1, s, d, NULL, 0); /* a self-loop does not block its own vertex */
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  cr_assert_eq(colors[0], 0);
  cr_assert_eq(num, 1);
  free_csr(&g);
}

Test(cpu_color, k4_in_hash_order) {
  /* All degrees 3: order 2, 1, 3, 0 takes colors 0, 1, 2, 3. */
  const int32_t pairs[] = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};
  gn_csr g = build_undirected(4, 6, pairs);
  int32_t colors[4], num;
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  const int32_t want[4] = {3, 1, 0, 2};
  cr_assert_arr_eq(colors, want, sizeof want);
  cr_assert_eq(num, 4);
  free_csr(&g);
}

Test(cpu_color, path_and_star) {
  /* Path 0-1-2-3-4: degree 2 first (2, 1, 3 by hash) then 4, 0:
   * 2 -> 0, 1 -> 1, 3 -> 1, 4 (next to 3) -> 0, 0 (next to 1) -> 0. */
  gn_csr g = build_path(5);
  int32_t colors[11], num;
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  const int32_t want[5] = {0, 1, 0, 1, 0};
  cr_assert_arr_eq(colors, want, sizeof want);
  cr_assert_eq(num, 2);
  free_csr(&g);

  /* Star: the hub (degree 10) goes first and takes 0; every leaf then takes 1. */
  g = build_star(10);
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  cr_assert_eq(colors[0], 0);
  for (int v = 1; v <= 10; v++) cr_assert_eq(colors[v], 1);
  cr_assert_eq(num, 2);
  free_csr(&g);
}

Test(cpu_color, self_loops_do_not_count_in_the_degree) {
  /* Path 0-1-2 plus two self-loop arcs at 0. Without loops the degrees are 1, 2, 1: order 1, 2, 0
   * (2's hash beats 0's): 1 -> 0, 2 -> 1, 0 -> 1. Counting the loops would put 0 first and give
   * {0, 1, 0} instead. */
  const int32_t s[] = {0, 1, 1, 2, 0, 0}, d[] = {1, 0, 2, 1, 0, 0};
  gn_csr g = build_csr(3, 6, s, d, NULL, 0);
  int32_t colors[3], num;
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  const int32_t want[3] = {1, 0, 1};
  cr_assert_arr_eq(colors, want, sizeof want);
  cr_assert_eq(num, 2);
  free_csr(&g);
}

/* The crown graph S_4 (u_i -- v_j for i != j) with u = 2, 6, 1, 3 and v = 4, 7, 5, 0. */
static gn_csr build_crown(void) {
  const int32_t u[4] = {2, 6, 1, 3}, v[4] = {4, 7, 5, 0};
  int32_t pairs[24], k = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (i != j) {
        pairs[k++] = u[i];
        pairs[k++] = v[j];
      }
  return build_undirected(8, 12, pairs);
}

Test(cpu_color, crown_graph_needs_four_colors_in_this_order) {
  /* Crown S_4 (u_i -- v_j for i != j), bipartite, all degrees 3, with ids chosen so that the hash
   * order 4, 2, 6, 7, 1, 5, 3, 0 is v0, u0, u1, v1, u2, v2, u3, v3:
   *   u0=2 u1=6 u2=1 u3=3, v0=4 v1=7 v2=5 v3=0.
   * v0 -> 0; u0 (no colored neighbour) -> 0; u1 (v0:0) -> 1; v1 (u0:0) -> 1;
   * u2 (v0:0, v1:1) -> 2; v2 (u0:0, u1:1) -> 2; u3 (v0, v1, v2) -> 3; v3 (u0, u1, u2) -> 3.
   * By id: 0:v3=3 1:u2=2 2:u0=0 3:u3=3 4:v0=0 5:v2=2 6:u1=1 7:v1=1 — first-fit's worst case. */
  gn_csr g = build_crown();
  int32_t colors[8], num;
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  const int32_t want[8] = {3, 2, 0, 3, 0, 2, 1, 1};
  cr_assert_arr_eq(colors, want, sizeof want);
  cr_assert_eq(num, 4);
  free_csr(&g);
}

/* color_tie=id: NetworkX's greedy_color(G, "largest_first") on the same graph with nodes 0..n-1
 * in order gives these colors (checked with NetworkX 3.6). */
Test(cpu_color, id_ties_give_networkx_largest_first) {
  int32_t colors[8], num;
  /* K4: every degree 3, order 0, 1, 2, 3. */
  const int32_t k4[] = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};
  gn_csr g = build_undirected(4, 6, k4);
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_ID, colors, &num, NULL), GNEST_OK);
  const int32_t want_k4[4] = {0, 1, 2, 3};
  cr_assert_arr_eq(colors, want_k4, sizeof want_k4);
  free_csr(&g);
  /* C5: every degree 2, order 0..4: 0, 1, 0, 1, then 4 between 3 (1) and 0 (0) takes 2. */
  const int32_t c5[] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 0};
  g = build_undirected(5, 5, c5);
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_ID, colors, &num, NULL), GNEST_OK);
  const int32_t want_c5[5] = {0, 1, 0, 1, 2};
  cr_assert_arr_eq(colors, want_c5, sizeof want_c5);
  cr_assert_eq(num, 3);
  free_csr(&g);
  /* The crown graph of crown_graph_needs_four_colors_in_this_order, in id order: 3 colors. */
  g = build_crown();
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_ID, colors, &num, NULL), GNEST_OK);
  const int32_t want_crown[8] = {0, 1, 1, 0, 2, 2, 1, 2};
  cr_assert_arr_eq(colors, want_crown, sizeof want_crown);
  cr_assert_eq(num, 3);
  free_csr(&g);
}

Test(cpu_color, id_ties_count_a_self_loop_twice_as_networkx) {
  /* Path 0-1-2 plus a self-loop at 0, stored once as a symmetrized graph stores it. NetworkX's
   * degrees 3, 2, 1: order 0, 1, 2 gives {0, 1, 0} (hash ties, loops left out: {1, 0, 1}). */
  const int32_t s[] = {0, 1, 1, 2, 0}, d[] = {1, 0, 2, 1, 0};
  gn_csr g = build_csr(3, 5, s, d, NULL, 0);
  int32_t colors[3], num;
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_ID, colors, &num, NULL), GNEST_OK);
  const int32_t want[3] = {0, 1, 0};
  cr_assert_arr_eq(colors, want, sizeof want);
  cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  const int32_t want_hash[3] = {1, 0, 1};
  cr_assert_arr_eq(colors, want_hash, sizeof want_hash);
  free_csr(&g);
}

/* The order's degree as written in the docs: arcs to other vertices, plus with color_tie=id
 * each self-loop arc twice (NetworkX's degree). */
static int64_t test_degree(const gn_csr *g, int32_t v, gnest_color_tie tie) {
  int64_t d = 0;
  for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
    d += g->cols[e] != v ? 1 : tie == GNEST_COLOR_TIE_ID ? 2 : 0;
  return d;
}

/* The definition, checked vertex by vertex: no neighbour shares v's color, and every smaller
 * color is held by some neighbour of higher priority (so first fit in priority order chose it). */
static void check_greedy_coloring(const gn_csr *g, gnest_color_tie tie, const int32_t *colors,
                                  int32_t num) {
  int32_t max_color = -1;
  char *seen = malloc((size_t)g->n + 1);
  for (int32_t v = 0; v < g->n; v++) {
    const uint64_t pv = gn_color_priority(test_degree(g, v, tie), v, tie);
    memset(seen, 0, (size_t)g->n + 1);
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
      const int32_t u = g->cols[e];
      if (u == v) continue;
      cr_assert_neq(colors[u], colors[v], "neighbours %d and %d share color %d", u, v, colors[v]);
      if (gn_color_priority(test_degree(g, u, tie), u, tie) > pv) seen[colors[u]] = 1;
    }
    for (int32_t c = 0; c < colors[v]; c++) cr_assert(seen[c], "v %d could have taken color %d", v, c);
    if (colors[v] > max_color) max_color = colors[v];
  }
  cr_assert_eq(num, max_color + 1);
  free(seen);
}

Test(cpu_color, random_graphs_follow_the_definition) {
  for (uint64_t seed = 1; seed <= 3; seed++) {
    gn_csr g = build_random(2000, 12000, seed, 1, 1); /* with self-loops and duplicate edges */
    int32_t *colors = malloc(2000 * sizeof *colors), num;
    gn_cpu_counts c;
    cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_HASH, colors, &num, &c), GNEST_OK);
    check_greedy_coloring(&g, GNEST_COLOR_TIE_HASH, colors, num);
    cr_assert_eq(gn_cpu_color(&g, GNEST_COLOR_TIE_ID, colors, &num, &c), GNEST_OK);
    check_greedy_coloring(&g, GNEST_COLOR_TIE_ID, colors, num);
    cr_assert_eq(c.iterations, 1);
    free(colors);
    free_csr(&g);
  }
  gn_csr k = build_undirected(34, 78, karate_edges);
  int32_t colors[34], num;
  cr_assert_eq(gn_cpu_color(&k, GNEST_COLOR_TIE_HASH, colors, &num, NULL), GNEST_OK);
  check_greedy_coloring(&k, GNEST_COLOR_TIE_HASH, colors, num);
  cr_assert_geq(num, 5, "karate has a 5-clique {0, 1, 2, 3, 7}");
  free_csr(&k);
}

/* ------------------------------------------------------------------------------------------ */
/* MST                                                                                         */
/* ------------------------------------------------------------------------------------------ */

Test(cpu_mst, empty_and_single_vertex) {
  gn_csr g = build_csr(0, 0, NULL, NULL, NULL, 0);
  double total = -1;
  int64_t num = -1;
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, NULL, NULL, NULL, NULL), GNEST_OK);
  cr_assert(total == 0.0);
  cr_assert_eq(num, 0);
  free_csr(&g);

  const int32_t s[] = {0}, d[] = {0};
  const double w[] = {-5.0};
  g = build_csr(1, 1, s, d, w, 0); /* a self-loop is never part of the forest */
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, NULL, NULL, NULL, NULL), GNEST_OK);
  cr_assert(total == 0.0);
  cr_assert_eq(num, 0);
  free_csr(&g);
}

Test(cpu_mst, ties_broken_by_endpoints) {
  /* Triangle 0,1,2 all weight 1; triangle 2,3,4 all weight 2; 1-3 weight 5; loop 4-4 weight 0.
   * (weight, min, max) order: (1,0,1) take, (1,0,2) take, (1,1,2) cycle, (2,2,3) take,
   * (2,2,4) take, (2,3,4) cycle, (5,1,3) cycle. total 6, 4 edges. */
  const int32_t s[] = {0, 1, 0, 2, 3, 2, 1, 4}, d[] = {1, 2, 2, 3, 4, 4, 3, 4};
  const double w[] = {1, 1, 1, 2, 2, 2, 5, 0};
  gn_csr g = build_csr(5, 8, s, d, w, 1);
  double total;
  int64_t num;
  int32_t eu[4], ev[4];
  double ew[4];
  gn_cpu_counts c;
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, eu, ev, ew, &c), GNEST_OK);
  cr_assert(total == 6.0, "total %g", total);
  cr_assert_eq(num, 4);
  const int32_t want_u[4] = {0, 0, 2, 2}, want_v[4] = {1, 2, 3, 4};
  const double want_w[4] = {1, 1, 2, 2};
  cr_assert_arr_eq(eu, want_u, sizeof want_u);
  cr_assert_arr_eq(ev, want_v, sizeof want_v);
  cr_assert_arr_eq(ew, want_w, sizeof want_w);
  cr_assert_eq(c.edges_visited, 16);

  g.symmetric = 0; /* same answer when both directions are taken as candidates */
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, eu, ev, ew, NULL), GNEST_OK);
  cr_assert(total == 6.0);
  cr_assert_arr_eq(eu, want_u, sizeof want_u);
  cr_assert_arr_eq(ev, want_v, sizeof want_v);
  free_csr(&g);
}

Test(cpu_mst, forest_of_three_components) {
  /* {0,1,2}: 0-1 (3), 1-2 (1), 0-2 (2) -> 1-2, 0-2 = 3; {3,4}: 3-4 (7); 5 alone.
   * total 10, num_edges = 6 - 3 components = 3. */
  const int32_t s[] = {0, 1, 0, 3}, d[] = {1, 2, 2, 4};
  const double w[] = {3, 1, 2, 7};
  gn_csr g = build_csr(6, 4, s, d, w, 1);
  double total;
  int64_t num;
  int32_t eu[5], ev[5];
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, eu, ev, NULL, NULL), GNEST_OK);
  cr_assert(total == 10.0, "total %g", total);
  cr_assert_eq(num, 3);
  const int32_t want_u[3] = {1, 0, 3}, want_v[3] = {2, 2, 4};
  cr_assert_arr_eq(eu, want_u, sizeof want_u);
  cr_assert_arr_eq(ev, want_v, sizeof want_v);
  free_csr(&g);
}

Test(cpu_mst, one_way_arcs_are_undirected_candidates) {
  /* Only 0->1 (4) and 2->1 (1) stored: edges {1,2} (1) and {0,1} (4), total 5, written u < v. */
  const int32_t s[] = {0, 2}, d[] = {1, 1};
  const double w[] = {4, 1};
  gn_csr g = build_csr(3, 2, s, d, w, 0);
  double total;
  int64_t num;
  int32_t eu[2], ev[2];
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, eu, ev, NULL, NULL), GNEST_OK);
  cr_assert(total == 5.0);
  cr_assert_eq(num, 2);
  cr_assert(eu[0] == 1 && ev[0] == 2 && eu[1] == 0 && ev[1] == 1);
  free_csr(&g);
}

Test(cpu_mst, zero_and_huge_weights_and_unweighted_path) {
  /* 0-1 (1e30), 1-2 (0), 0-2 (1e30), 2-3 (1e30): take 1-2 (0), 0-1 (1e30), 2-3 (1e30). */
  const int32_t s[] = {0, 1, 0, 2}, d[] = {1, 2, 2, 3};
  const double w[] = {1e30, 0.0, 1e30, 1e30};
  gn_csr g = build_csr(4, 4, s, d, w, 1);
  double total;
  int64_t num;
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, NULL, NULL, NULL, NULL), GNEST_OK);
  cr_assert(total == 2.0 * (double)1e30, "total %g", total);
  cr_assert_eq(num, 3);
  free_csr(&g);

  g = build_path(100000); /* unweighted: every edge weighs 1 */
  cr_assert_eq(gn_cpu_mst(&g, &total, &num, NULL, NULL, NULL, NULL), GNEST_OK);
  cr_assert(total == 99999.0);
  cr_assert_eq(num, 99999);
  free_csr(&g);
}

/* Prim on an adjacency matrix of minimum weights, restarted in every component. */
static double prim_forest_weight(const gn_csr *g, int64_t *edges) {
  const int32_t n = g->n;
  double *wmat = malloc((size_t)n * n * sizeof *wmat), *best = malloc((size_t)n * sizeof *best);
  char *in = calloc((size_t)n, 1);
  for (int64_t i = 0; i < (int64_t)n * n; i++) wmat[i] = INFINITY;
  for (int32_t u = 0; u < n; u++)
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t v = g->cols[e];
      if (v == u) continue;
      const double w = g->weights[e];
      if (w < wmat[(int64_t)u * n + v]) wmat[(int64_t)u * n + v] = wmat[(int64_t)v * n + u] = w;
    }
  double total = 0;
  *edges = 0;
  for (int32_t v = 0; v < n; v++) best[v] = INFINITY;
  for (int32_t step = 0; step < n; step++) {
    int32_t pick = -1;
    for (int32_t v = 0; v < n; v++)
      if (!in[v] && (pick < 0 || best[v] < best[pick])) pick = v;
    if (!isinf(best[pick])) {
      total += best[pick];
      (*edges)++;
    }
    in[pick] = 1;
    for (int32_t v = 0; v < n; v++)
      if (!in[v] && wmat[(int64_t)pick * n + v] < best[v]) best[v] = wmat[(int64_t)pick * n + v];
  }
  free(wmat);
  free(best);
  free(in);
  return total;
}

Test(cpu_mst, random_graphs_match_prim) {
  for (uint64_t seed = 1; seed <= 4; seed++) {
    gn_csr g = build_random(300, seed == 4 ? 250 : 1200, seed, 20, 1); /* seed 4: a forest */
    double total;
    int64_t num, prim_edges;
    int32_t eu[299], ev[299];
    double ew[299];
    cr_assert_eq(gn_cpu_mst(&g, &total, &num, eu, ev, ew, NULL), GNEST_OK);
    const double want = prim_forest_weight(&g, &prim_edges);
    cr_assert(total == want, "seed %llu: %g vs %g", (unsigned long long)seed, total, want);
    cr_assert_eq(num, prim_edges);
    double sum = 0;
    for (int64_t i = 0; i < num; i++) {
      cr_assert_lt(eu[i], ev[i]);
      sum += ew[i];
    }
    cr_assert(sum == total);
    free_csr(&g);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Triangle counting                                                                           */
/* ------------------------------------------------------------------------------------------ */

Test(cpu_tc, empty_and_triangle_free) {
  gn_csr g = build_csr(0, 0, NULL, NULL, NULL, 0);
  uint64_t total = 9;
  cr_assert_eq(gn_cpu_tc(&g, &total, NULL, NULL), GNEST_OK);
  cr_assert_eq(total, 0);
  free_csr(&g);

  g = build_star(50);
  uint64_t per[51];
  cr_assert_eq(gn_cpu_tc(&g, &total, per, NULL), GNEST_OK);
  cr_assert_eq(total, 0);
  for (int v = 0; v <= 50; v++) cr_assert_eq(per[v], 0);
  free_csr(&g);
}

Test(cpu_tc, k4_has_four_triangles) {
  const int32_t pairs[] = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};
  gn_csr g = build_undirected(4, 6, pairs);
  uint64_t total, per[4];
  cr_assert_eq(gn_cpu_tc(&g, &total, per, NULL), GNEST_OK);
  cr_assert_eq(total, 4);
  for (int v = 0; v < 4; v++) cr_assert_eq(per[v], 3); /* C(3,2) triangles at each corner */
  free_csr(&g);
}

Test(cpu_tc, four_cycle_with_chord_and_self_loops) {
  /* Cycle 0-1-2-3-0, chord 0-2, a self-loop at 1 and at 2: triangles {0,1,2} and {0,2,3}. */
  const int32_t s[] = {0, 1, 2, 3, 0, 1, 2}, d[] = {1, 2, 3, 0, 2, 1, 2};
  int32_t src[12], dst[12];
  int k = 0;
  for (int i = 0; i < 7; i++) {
    src[k] = s[i], dst[k++] = d[i];
    if (s[i] != d[i]) src[k] = d[i], dst[k++] = s[i];
  }
  gn_csr g = build_csr(4, k, src, dst, NULL, 0);
  uint64_t total, per[4];
  cr_assert_eq(gn_cpu_tc(&g, &total, per, NULL), GNEST_OK);
  cr_assert_eq(total, 2);
  const uint64_t want[4] = {2, 1, 2, 1};
  cr_assert_arr_eq(per, want, sizeof want);
  free_csr(&g);
}

Test(cpu_tc, complete_graph_and_karate) {
  /* K_50: C(50,3) = 19600 triangles, C(49,2) = 1176 at each vertex. */
  int32_t pairs[50 * 49];
  int k = 0;
  for (int i = 0; i < 50; i++)
    for (int j = i + 1; j < 50; j++) pairs[k++] = i, pairs[k++] = j;
  gn_csr g = build_undirected(50, k / 2, pairs);
  uint64_t total, per[50];
  cr_assert_eq(gn_cpu_tc(&g, &total, per, NULL), GNEST_OK);
  cr_assert_eq(total, 19600);
  for (int v = 0; v < 50; v++) cr_assert_eq(per[v], 1176);
  free_csr(&g);

  /* Karate: 45 triangles; per vertex 18 at 0, 15 at 33, 13 at 32, 0 at 9 and 11 (networkx). */
  g = build_undirected(34, 78, karate_edges);
  uint64_t kper[34];
  cr_assert_eq(gn_cpu_tc(&g, &total, kper, NULL), GNEST_OK);
  cr_assert_eq(total, 45);
  cr_assert_eq(kper[0], 18);
  cr_assert_eq(kper[33], 15);
  cr_assert_eq(kper[32], 13);
  cr_assert_eq(kper[9], 0);
  cr_assert_eq(kper[11], 0);
  uint64_t sum = 0;
  for (int v = 0; v < 34; v++) sum += kper[v];
  cr_assert_eq(sum, 3 * 45);
  free_csr(&g);
}

Test(cpu_tc, random_graph_matches_triple_loop) {
  /* Random simple symmetric graph on 80 vertices (duplicates and loops removed by the matrix). */
  const int32_t n = 80;
  char adj[80][80];
  memset(adj, 0, sizeof adj);
  uint64_t s = 99;
  int32_t src[1200], dst[1200];
  int k = 0;
  for (int i = 0; i < 600; i++) {
    const int32_t u = (int32_t)(gn_splitmix64(&s) % n), v = (int32_t)(gn_splitmix64(&s) % n);
    if (u == v || adj[u][v]) continue;
    adj[u][v] = adj[v][u] = 1;
    src[k] = u, dst[k++] = v;
  }
  gn_csr g = build_csr(n, k, src, dst, NULL, 1);
  uint64_t total, per[80], want_total = 0, want_per[80] = {0};
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++)
      for (int c = b + 1; c < n; c++)
        if (adj[a][b] && adj[b][c] && adj[a][c]) {
          want_total++;
          want_per[a]++, want_per[b]++, want_per[c]++;
        }
  cr_assert_eq(gn_cpu_tc(&g, &total, per, NULL), GNEST_OK);
  cr_assert_gt(want_total, 50);
  cr_assert_eq(total, want_total);
  cr_assert_arr_eq(per, want_per, sizeof want_per);
  free_csr(&g);
}

/* ------------------------------------------------------------------------------------------ */
/* Trees                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static void check_tree(int32_t n, const int32_t *parent, const int32_t *want_desc,
                       const int32_t *want_height, int32_t want_depth) {
  hand_tree t = build_tree(n, parent);
  const gn_cpu_tree view = cpu_view(&t);
  int32_t *desc = malloc((size_t)n * sizeof *desc), *height = malloc((size_t)n * sizeof *height);
  gn_cpu_counts c;
  cr_assert_eq(t.depth, want_depth);
  cr_assert_eq(gn_cpu_tree_descendants(&view, desc, &c), GNEST_OK);
  cr_assert_arr_eq(desc, want_desc, (size_t)n * sizeof *desc);
  cr_assert_eq(c.iterations, want_depth);
  cr_assert_eq(c.edges_visited, n - 1);
  cr_assert_eq(gn_cpu_tree_heights(&view, height, &c), GNEST_OK);
  cr_assert_arr_eq(height, want_height, (size_t)n * sizeof *height);
  cr_assert_eq(c.iterations, want_depth);
  free(desc);
  free(height);
  free_tree(&t);
}

Test(cpu_tree, single_node) {
  const int32_t parent[] = {-1}, one[] = {1};
  check_tree(1, parent, one, one, 1);
}

Test(cpu_tree, chain_star_and_full_binary) {
  /* Chain 0 <- 1 <- 2 <- 3 <- 4: node i has 5 - i descendants and height 5 - i. */
  const int32_t chain[] = {-1, 0, 1, 2, 3}, chain_want[] = {5, 4, 3, 2, 1};
  check_tree(5, chain, chain_want, chain_want, 5);

  /* Star: root 0 with 5 leaves: 6 descendants, height 2; leaves 1 and 1. */
  const int32_t star[] = {-1, 0, 0, 0, 0, 0}, star_desc[] = {6, 1, 1, 1, 1, 1},
                star_height[] = {2, 1, 1, 1, 1, 1};
  check_tree(6, star, star_desc, star_height, 2);

  /* Full binary tree in heap layout, parent (i - 1) / 2, 3 levels:
   * root 7 / 3 levels, 1 and 2: 3 / 2, leaves 3..6: 1 / 1. */
  const int32_t bin[] = {-1, 0, 0, 1, 1, 2, 2}, bin_desc[] = {7, 3, 3, 1, 1, 1, 1},
                bin_height[] = {3, 2, 2, 1, 1, 1, 1};
  check_tree(7, bin, bin_desc, bin_height, 3);
}

Test(cpu_tree, root_in_the_middle_and_unbalanced) {
  /* parent = {2, 2, -1, 0, 0, 3}: root 2 -> {0, 1}; 0 -> {3, 4}; 3 -> {5}.
   * desc: 0:4 1:1 2:6 3:2 4:1 5:1. height: 0:3 1:1 2:4 3:2 4:1 5:1. */
  const int32_t parent[] = {2, 2, -1, 0, 0, 3}, desc[] = {4, 1, 6, 2, 1, 1}, height[] = {3, 1, 4, 2, 1, 1};
  check_tree(6, parent, desc, height, 4);
}

Test(cpu_tree, long_chain) {
  const int32_t n = 100000;
  int32_t *parent = malloc((size_t)n * sizeof *parent), *want = malloc((size_t)n * sizeof *want);
  for (int32_t i = 0; i < n; i++) {
    parent[i] = i - 1;
    want[i] = n - i;
  }
  check_tree(n, parent, want, want, n);
  free(parent);
  free(want);
}

/* ------------------------------------------------------------------------------------------ */
/* Source sampling                                                                             */
/* ------------------------------------------------------------------------------------------ */

Test(cpu_sample, deterministic_distinct_and_in_range) {
  int32_t a[100], b[100];
  cr_assert_eq(gn_sample_sources(1000, 100, 42, a), GNEST_OK);
  cr_assert_eq(gn_sample_sources(1000, 100, 42, b), GNEST_OK);
  cr_assert_arr_eq(a, b, sizeof a);
  char seen[1000] = {0};
  for (int i = 0; i < 100; i++) {
    cr_assert(a[i] >= 0 && a[i] < 1000);
    cr_assert_not(seen[a[i]], "%d drawn twice", a[i]);
    seen[a[i]] = 1;
  }
  /* The first pick is splitmix64(seed) mod n (same generator as tools/common/gen.h). */
  uint64_t state = 42;
  cr_assert_eq(a[0], (int32_t)(gn_splitmix64(&state) % 1000));

  cr_assert_eq(gn_sample_sources(1000, 100, 43, b), GNEST_OK);
  cr_assert(memcmp(a, b, sizeof a) != 0, "another seed gives another sample");
}

Test(cpu_sample, whole_range_is_a_permutation_and_bad_sizes) {
  int32_t perm[64];
  char seen[64] = {0};
  cr_assert_eq(gn_sample_sources(64, 64, 7, perm), GNEST_OK);
  for (int i = 0; i < 64; i++) {
    cr_assert(perm[i] >= 0 && perm[i] < 64 && !seen[perm[i]]);
    seen[perm[i]] = 1;
  }
  int32_t one = -1;
  cr_assert_eq(gn_sample_sources(1, 1, 123, &one), GNEST_OK);
  cr_assert_eq(one, 0);
  cr_assert_eq(gn_sample_sources(0, 0, 1, NULL), GNEST_OK);
  cr_assert_eq(gn_sample_sources(5, 6, 1, perm), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gn_sample_sources(5, -1, 1, perm), GNEST_ERR_INVALID_ARGUMENT);
}

/* ------------------------------------------------------------------------------------------ */
/* Connected components: gn_cpu_cc (weak), gn_cpu_scc (strong)                                 */
/* ------------------------------------------------------------------------------------------ */

/* Runs both on g, expecting the labels and counts given (NULL: that one is not checked). */
static void expect_components(const gn_csr *g, const int32_t *want_cc, int32_t want_cc_count,
                              const int32_t *want_scc, int32_t want_scc_count) {
  const size_t n = (size_t)g->n;
  int32_t *label = malloc((n + 1) * sizeof *label);
  int32_t count = -1;
  gn_cpu_counts c = {-1, -1};
  if (want_cc) {
    cr_assert_eq(gn_cpu_cc(g, label, &count, &c), GNEST_OK);
    cr_assert_arr_eq(label, want_cc, n * sizeof *label);
    cr_assert_eq(count, want_cc_count, "%d weak components, want %d", count, want_cc_count);
    cr_assert_eq(c.edges_visited, g->m);
  }
  if (want_scc) {
    cr_assert_eq(gn_cpu_scc(g, label, &count, &c), GNEST_OK);
    cr_assert_arr_eq(label, want_scc, n * sizeof *label);
    cr_assert_eq(count, want_scc_count, "%d strong components, want %d", count, want_scc_count);
    cr_assert_eq(c.edges_visited, g->m);
  }
  free(label);
}

Test(cpu_components, empty_one_vertex_and_self_loops) {
  gn_csr g = build_csr(0, 0, NULL, NULL, NULL, 0);
  expect_components(&g, NULL, 0, NULL, 0); /* no arrays to compare: the counts below */
  int32_t label = 7, count = -1;
  cr_assert_eq(gn_cpu_cc(&g, &label, &count, NULL), GNEST_OK);
  cr_assert_eq(count, 0);
  cr_assert_eq(gn_cpu_scc(&g, &label, &count, NULL), GNEST_OK);
  cr_assert_eq(count, 0);
  cr_assert_eq(label, 7, "nothing written for no vertex");
  free_csr(&g);

  const int32_t zero[] = {0};
  g = build_csr(1, 0, NULL, NULL, NULL, 0);
  expect_components(&g, zero, 1, zero, 1);
  free_csr(&g);
  g = build_csr(1, 1, zero, zero, NULL, 0); /* a self-loop joins nothing */
  expect_components(&g, zero, 1, zero, 1);
  free_csr(&g);

  /* 0 -> 0, 1 -> 1 twice, 2 isolated, 3 -> 4: {0} {1} {2} {3,4} weakly; five strongly. */
  const int32_t s[] = {0, 1, 1, 3}, d[] = {0, 1, 1, 4};
  g = build_csr(5, 4, s, d, NULL, 0);
  const int32_t weak[] = {0, 1, 2, 3, 3}, strong[] = {0, 1, 2, 3, 4};
  expect_components(&g, weak, 4, strong, 5);
  free_csr(&g);
}

Test(cpu_components, several_weak_components_by_smallest_id) {
  /* Arcs 5 -> 2, 2 -> 7, 6 -> 1, 4 -> 6, 3 -> 0 (one way each): {2,5,7} {1,4,6} {0,3} and 8
   * alone. Labels are the smallest ids: 2, 1, 0, 8; every arc joins its ends. */
  const int32_t s[] = {5, 2, 6, 4, 3}, d[] = {2, 7, 1, 6, 0};
  gn_csr g = build_csr(9, 5, s, d, NULL, 0);
  const int32_t weak[] = {0, 1, 2, 0, 1, 2, 1, 2, 8};
  const int32_t strong[] = {0, 1, 2, 3, 4, 5, 6, 7, 8}; /* no cycle: every vertex alone */
  expect_components(&g, weak, 4, strong, 9);
  free_csr(&g);
}

Test(cpu_components, directed_cycle_with_tail) {
  /* 0 -> 1 -> 2 -> 3 -> 1 (cycle 1 2 3), 3 -> 4 -> 5 -> 4 (cycle 4 5), 6 -> 2, 7 isolated.
   * Strong: {0} {1,2,3} {4,5} {6} {7}; weak: {0..6} {7}. */
  const int32_t s[] = {0, 1, 2, 3, 3, 4, 5, 6}, d[] = {1, 2, 3, 1, 4, 5, 4, 2};
  gn_csr g = build_csr(8, 8, s, d, NULL, 0);
  const int32_t weak[] = {0, 0, 0, 0, 0, 0, 0, 7};
  const int32_t strong[] = {0, 1, 1, 1, 4, 4, 6, 7};
  expect_components(&g, weak, 2, strong, 5);
  free_csr(&g);
  /* The cycle's smallest id is not where the search enters it: 5 -> 3 -> 4 -> 2 -> 3. */
  const int32_t s2[] = {5, 3, 4, 2}, d2[] = {3, 4, 2, 3};
  g = build_csr(6, 4, s2, d2, NULL, 0);
  const int32_t weak2[] = {0, 1, 2, 2, 2, 2}, strong2[] = {0, 1, 2, 2, 2, 5};
  expect_components(&g, weak2, 3, strong2, 4);
  free_csr(&g);
}

/* A path of n vertices: one way (n strong components, no recursion to overflow) and as a cycle
 * closed by n-1 -> 0 (one), with ids reversed along it so the union-find's trees grow deep. */
Test(cpu_components, long_path_and_cycle) {
  const int32_t n = 1000000;
  int32_t *s = malloc((size_t)n * sizeof *s), *d = malloc((size_t)n * sizeof *d);
  int32_t *want = malloc((size_t)n * sizeof *want), *zeros = calloc((size_t)n, sizeof *zeros);
  cr_assert(s && d && want && zeros);
  for (int32_t i = 0; i + 1 < n; i++) {
    s[i] = n - 1 - i;
    d[i] = n - 2 - i;
  }
  for (int32_t v = 0; v < n; v++) want[v] = v;
  gn_csr g = build_csr(n, n - 1, s, d, NULL, 0);
  expect_components(&g, zeros, 1, want, n);
  free_csr(&g);
  s[n - 1] = 0;
  d[n - 1] = n - 1;
  g = build_csr(n, n, s, d, NULL, 0);
  expect_components(&g, zeros, 1, zeros, 1);
  free_csr(&g);
  free(s);
  free(d);
  free(want);
  free(zeros);
}

/* Random directed graphs against reachability by brute force: strong label = the smallest v
 * with u ->* v and v ->* u; weak label = the smallest v joined to u ignoring directions. */
static void closure(int32_t n, const uint8_t *adj, uint8_t *reach) {
  memcpy(reach, adj, (size_t)n * n);
  for (int32_t v = 0; v < n; v++) reach[v * n + v] = 1;
  for (int32_t k = 0; k < n; k++)
    for (int32_t i = 0; i < n; i++)
      if (reach[i * n + k])
        for (int32_t j = 0; j < n; j++) reach[i * n + j] |= reach[k * n + j];
}

Test(cpu_components, random_graphs_match_reachability) {
  enum { N = 40 };
  static uint8_t adj[N * N], sym[N * N], reach[N * N], weak_reach[N * N];
  int32_t s[4 * N], d[4 * N], want_cc[N], want_scc[N];
  uint64_t x = 12345;
  for (int trial = 0; trial < 30; trial++) {
    const int32_t m = 1 + trial % (4 * N - 1);
    memset(adj, 0, sizeof adj);
    memset(sym, 0, sizeof sym);
    for (int32_t i = 0; i < m; i++) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      s[i] = (int32_t)((x >> 33) % N);
      d[i] = (int32_t)((x >> 13) % N);
      adj[s[i] * N + d[i]] = 1;
      sym[s[i] * N + d[i]] = sym[d[i] * N + s[i]] = 1;
    }
    closure(N, adj, reach);
    closure(N, sym, weak_reach);
    int32_t cc_count = 0, scc_count = 0;
    for (int32_t u = 0; u < N; u++) {
      want_cc[u] = want_scc[u] = -1;
      for (int32_t v = 0; v < N && want_cc[u] < 0; v++)
        if (weak_reach[u * N + v]) want_cc[u] = v;
      for (int32_t v = 0; v < N && want_scc[u] < 0; v++)
        if (reach[u * N + v] && reach[v * N + u]) want_scc[u] = v;
      cc_count += want_cc[u] == u;
      scc_count += want_scc[u] == u;
    }
    gn_csr g = build_csr(N, m, s, d, NULL, 0);
    expect_components(&g, want_cc, cc_count, want_scc, scc_count);
    free_csr(&g);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Predecessors (gn_cpu_pred; the rule: gnest.h, gnest_bfs_pred).                             */
/* ------------------------------------------------------------------------------------------ */

static void assert_preds(const int32_t *pred, const int32_t *want, int32_t n) {
  for (int32_t v = 0; v < n; v++)
    cr_assert_eq(pred[v], want[v], "pred[%d] = %d, want %d", v, pred[v], want[v]);
}

Test(cpu_pred, bfs_ties_unreached_self_loop_and_arc_into_source) {
  /* 0 -> {1, 2}, both -> 3 (a tie: 1 wins), 3 -> 3 (self-loop), 3 -> 0 (into the source),
   * 4 -> 3 from an unreached vertex, 5 isolated. */
  const int32_t s[] = {0, 0, 2, 1, 3, 3, 4}, d[] = {2, 1, 3, 3, 3, 0, 3};
  gn_csr g = build_csr(6, 7, s, d, NULL, 0);
  int32_t levels[6], pred[6];
  gn_cpu_counts c = {0, 0};
  cr_assert_eq(gn_cpu_bfs(&g, 0, levels, NULL), GNEST_OK);
  cr_assert_eq(gn_cpu_pred(&g, 0, levels, NULL, pred, &c), GNEST_OK);
  const int32_t want[6] = {-1, 0, 0, 1, -1, -1};
  assert_preds(pred, want, 6);
  cr_assert_eq(c.edges_visited, 6); /* the arcs of the reached vertices 0..3 */
  free_csr(&g);
}

Test(cpu_pred, sssp_prefers_fewest_hops_then_smallest_id) {
  /* dist: 0, 1, 2, 3. Vertex 2 is reached at 2 by 0 -> 2 (1 arc) and 0 -> 1 -> 2 (2 arcs): 0.
   * Vertex 3 at 3 by 2 -> 3 and 1 -> 3, both after 2 arcs: the smaller, 1. 0 -> 3 (weight 5)
   * is not on a shortest path. */
  const int32_t s[] = {0, 0, 1, 2, 1, 0}, d[] = {1, 2, 2, 3, 3, 3};
  const double w[] = {1, 2, 1, 1, 2, 5};
  gn_csr g = build_csr(4, 6, s, d, w, 0);
  double dist[4];
  int32_t pred[4];
  cr_assert_eq(gn_cpu_sssp(&g, 0, dist, NULL), GNEST_OK);
  cr_assert_eq(gn_cpu_pred(&g, 0, NULL, dist, pred, NULL), GNEST_OK);
  const int32_t want[4] = {-1, 0, 0, 1};
  assert_preds(pred, want, 4);
  free_csr(&g);
}

Test(cpu_pred, zero_weight_cycles_stay_a_tree) {
  /* 0 -> 5 (1), 5 -> 3 (0), 3 <-> 2 (0), 2 -> 0 (0, back into the source). Every vertex but 0
   * is at distance 1, and 2 -> 3 is as short as 5 -> 3: "the smallest u" alone would make 2 and 3
   * each other's parent. By hops, 3 hangs from 5 and 2 from 3; the source keeps -1. 4 is
   * unreached; 1 -> 4 from an unreached vertex adds nothing. */
  const int32_t s[] = {0, 5, 3, 2, 2, 1}, d[] = {5, 3, 2, 3, 0, 4};
  const double w[] = {1, 0, 0, 0, 0, 1};
  gn_csr g = build_csr(6, 6, s, d, w, 0);
  double dist[6];
  int32_t pred[6];
  cr_assert_eq(gn_cpu_sssp(&g, 0, dist, NULL), GNEST_OK);
  cr_assert_eq(gn_cpu_pred(&g, 0, NULL, dist, pred, NULL), GNEST_OK);
  const int32_t want[6] = {-1, -1, 3, 5, -1, 0};
  assert_preds(pred, want, 6);
  free_csr(&g);
}

Test(cpu_pred, sssp_overflow_and_self_loop_give_no_parent) {
  /* 0 -> 1 (1e308), 1 -> 2 (1e308): dist[2] overflows to +inf, unreached. 1 -> 1 (0): a zero
   * self-loop is on no shortest path of more arcs. */
  const int32_t s[] = {0, 1, 1}, d[] = {1, 2, 1};
  const double w[] = {1e308, 1e308, 0};
  gn_csr g = build_csr(3, 3, s, d, w, 0);
  double dist[3];
  int32_t pred[3];
  cr_assert_eq(gn_cpu_sssp(&g, 0, dist, NULL), GNEST_OK);
  cr_assert_eq(gn_cpu_pred(&g, 0, NULL, dist, pred, NULL), GNEST_OK);
  const int32_t want[3] = {-1, 0, -1};
  assert_preds(pred, want, 3);
  free_csr(&g);
}

/* Every reached v's parent chain ends at the source, and the path it spells, summed left to
 * right in double over the arcs it uses (the lightest parallel arc), is dist[v]. */
static void assert_paths_rebuild(const gn_csr *g, int32_t source, const double *dist,
                                 const int32_t *pred) {
  int32_t *path = malloc((size_t)g->n * sizeof *path);
  cr_assert_not_null(path);
  for (int32_t v = 0; v < g->n; v++) {
    if (isinf(dist[v]) || v == source) {
      cr_assert_eq(pred[v], -1, "pred[%d] = %d", v, pred[v]);
      continue;
    }
    int32_t len = 0;
    for (int32_t x = v; x != source; x = pred[x]) {
      cr_assert(x >= 0 && len < g->n, "the parents of %d do not reach the source", v);
      path[len++] = x;
    }
    double sum = 0.0;
    for (int32_t i = len - 1, u = source; i >= 0; u = path[i--]) {
      double best = INFINITY;
      for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
        if (g->cols[e] == path[i] && g->weights[e] < best) best = g->weights[e];
      sum = sum + best;
    }
    cr_assert(sum == dist[v], "path to %d sums to %g, dist %g", v, sum, dist[v]);
  }
  free(path);
}

Test(cpu_pred, random_weights_rebuild_every_shortest_path) {
  for (int both = 0; both <= 1; both++) {
    gn_csr g = build_random(2000, 6000, 5 + both, both ? 0 : 3, both); /* ties; fractions */
    double *dist = malloc(2000 * sizeof *dist);
    int32_t *pred = malloc(2000 * sizeof *pred);
    cr_assert_eq(gn_cpu_sssp(&g, 7, dist, NULL), GNEST_OK);
    cr_assert_eq(gn_cpu_pred(&g, 7, NULL, dist, pred, NULL), GNEST_OK);
    assert_paths_rebuild(&g, 7, dist, pred);
    free(dist);
    free(pred);
    free_csr(&g);
  }
}
