/* More than 2^31 arcs: everything that counts or indexes arcs must be 64-bit (RMAT
 * scale 26 has about 2.1 billion). The graph is the circulant C_n(1..h) (each vertex linked to the
 * h vertices on either side around a ring), n = 65,536 and h = 16,385: m = 2 h n = 2,147,614,720
 * arcs, 131,072 over INT32_MAX. Its BFS and SSSP are known in closed form (level of v = ceil of
 * its ring distance over h), so the 64-bit paths are checked without trusting another gnest
 * component; BC from one source is checked against src/cpu. The coloring is checked on the
 * complete bipartite graph K_{a,b}, a = 16,384 and b = 65,540 (m = 2ab = 2,147,614,720 arcs too):
 * the a vertices of degree b come first and take color 0, the others color 1. (The circulant is
 * no input for a coloring: each vertex is adjacent to half of the ring, so it needs more than
 * 16,385 colors and as many dependent rounds.) A sparse circulant C_n(1..15), n = 71,582,789
 * (m = 30 n = 2,147,483,670 arcs, 23 over INT32_MAX), colors through the narrow kernel on the
 * graph's own 64-bit offsets (it reads 32-bit ones wherever the arcs fit), checked by the greedy
 * rule itself.
 *
 * Opt-in: it needs 8.6 GB of host memory for the columns (borrowed by gnest_graph_from_csr, not
 * copied), as much on the device and as much again for the coloring's copy of the arcs, and a few
 * minutes; it runs when GNEST_TEST_BIG=1
 * (scripts/gpu-run.sh big) and says so when it skips. The CPU case runs without a device too. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/backend_matrix.h"
#include "cpu/cpu.h" /* gn_color_priority: the order the coloring's greedy rule follows */
#include "gnest.h"

static const int32_t kN = 65536;
static const int32_t kHalfWidth = 16385;

static void skip_unless_enabled(void) {
  const char *v = getenv("GNEST_TEST_BIG");
  if (!v || strcmp(v, "1") != 0)
    cr_skip_test("needs 8.6 GB of host and 17.2 GB of device memory and about a minute: set "
                 "GNEST_TEST_BIG=1 (scripts/gpu-run.sh big)");
}

/* A CSR built here (the circulant or K_{a,b}), borrowed by the graph handle. */
typedef struct big_csr {
  int64_t *offsets;
  int32_t *cols;
  int64_t m;
} big_csr;

/* The arrays of a CSR of n vertices and m arcs, m past INT32_MAX (the point of every test here). */
static void big_csr_alloc(big_csr *c, int32_t n, int64_t m) {
  c->m = m;
  cr_assert_gt(m, (int64_t)INT32_MAX, "the point of the test");
  c->offsets = malloc(((size_t)n + 1) * sizeof *c->offsets);
  c->cols = malloc((size_t)m * sizeof *c->cols);
  cr_assert(c->offsets && c->cols, "%lld arcs do not fit in host memory", (long long)m);
}

static int32_t ring_distance(int32_t u, int32_t v) {
  const int32_t d = u > v ? u - v : v - u;
  return d < kN - d ? d : kN - d;
}

/* Row u: the vertices at ring distance 1..h, in increasing order (sorted rows: gnest then checks
 * the symmetry in place instead of sorting a copy of 8.6 GB). */
static void circulant_build(big_csr *c) {
  big_csr_alloc(c, kN, (int64_t)2 * kHalfWidth * kN);
  for (int32_t u = 0; u <= kN; u++) c->offsets[u] = (int64_t)u * 2 * kHalfWidth;
  for (int32_t u = 0; u < kN; u++) {
    int32_t *row = c->cols + c->offsets[u];
    int64_t k = 0;
    for (int32_t v = 0; v < kN; v++) {
      const int32_t d = ring_distance(u, v);
      if (d >= 1 && d <= kHalfWidth) row[k++] = v;
    }
    cr_assert_eq(k, 2 * kHalfWidth, "row %d", u);
  }
}

/* K_{a,b}: vertices 0..a-1 linked both ways to a..a+b-1 (rows sorted). */
static const int32_t kSideA = 16384;
static const int32_t kSideB = 65540;

static void bipartite_build(big_csr *c) {
  const int32_t n = kSideA + kSideB;
  big_csr_alloc(c, n, (int64_t)2 * kSideA * kSideB);
  for (int32_t u = 0; u <= n; u++)
    c->offsets[u] = u <= kSideA ? (int64_t)u * kSideB
                                : (int64_t)kSideA * kSideB + (int64_t)(u - kSideA) * kSideA;
  for (int32_t u = 0; u < n; u++) {
    int32_t *row = c->cols + c->offsets[u];
    if (u < kSideA)
      for (int32_t k = 0; k < kSideB; k++) row[k] = kSideA + k;
    else
      for (int32_t k = 0; k < kSideA; k++) row[k] = k;
  }
}

static void big_csr_free(big_csr *c) {
  free(c->offsets);
  free(c->cols);
}

static int32_t expected_level(int32_t v) { return (ring_distance(0, v) + kHalfWidth - 1) / kHalfWidth; }

static gnest_graph *wrap(gnest_ctx *ctx, const big_csr *c, int32_t n) {
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_csr(ctx, n, c->m, c->offsets, c->cols, NULL, &g), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert_eq(gnest_graph_num_edges(g), c->m);
  return g;
}

/* BFS and SSSP from 0 with opts: closed-form levels and distances; every arc visited once. */
static void check_traversals(gnest_ctx *ctx, const gnest_graph *g, const gnest_options *o,
                             const char *label, int64_t m) {
  int32_t *levels = malloc((size_t)kN * sizeof *levels);
  double *dist = malloc((size_t)kN * sizeof *dist);
  cr_assert(levels && dist);
  gnest_info info;
  /* Top-down, where every arc is visited once (a bottom-up level counts the edges it ends early
   * too); the direction-optimizing method's levels are checked after. */
  gnest_options top_down = *o;
  top_down.bfs_direction = GNEST_BFS_TOP_DOWN;
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &top_down, &info), GNEST_OK, "%s bfs: %s", label,
               gnest_last_error_string(ctx));
  int bad = 0;
  for (int32_t v = 0; v < kN && bad < 5; v++)
    if (levels[v] != expected_level(v))
      cr_expect_eq(levels[v], expected_level(v), "%s bfs: level of %d (bad %d)", label, v, ++bad);
  cr_expect_eq(info.edges_visited, m, "%s bfs: every arc once: %lld", label,
               (long long)info.edges_visited);
  if (o->backend != GNEST_BACKEND_CPU) {
    gnest_options optimizing = *o;
    optimizing.bfs_direction = GNEST_BFS_OPTIMIZING;
    cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &optimizing, NULL), GNEST_OK,
                 "%s bfs (optimizing): %s", label, gnest_last_error_string(ctx));
    for (int32_t v = 0, bad3 = 0; v < kN && bad3 < 5; v++)
      if (levels[v] != expected_level(v))
        cr_expect_eq(levels[v], expected_level(v), "%s bfs (optimizing): level of %d (bad %d)",
                     label, v, ++bad3);
  }
  if (o->backend != GNEST_BACKEND_CPU)
    cr_expect_geq(info.device_bytes, m * (int64_t)sizeof(int32_t), "%s: device_bytes %lld holds the columns",
                  label, (long long)info.device_bytes);
  cr_assert_eq(gnest_sssp(ctx, g, 0, dist, o, &info), GNEST_OK, "%s sssp: %s", label,
               gnest_last_error_string(ctx));
  for (int32_t v = 0, bad2 = 0; v < kN && bad2 < 5; v++)
    if (dist[v] != (double)expected_level(v))
      cr_expect_eq(dist[v], (double)expected_level(v), "%s sssp: distance of %d (bad %d)", label, v,
                   ++bad2);
  free(levels);
  free(dist);
}

Test(big, cpu_reference_counts_arcs_in_64_bits, .timeout = 600) {
  skip_unless_enabled();
  gnest_ctx_options co;
  gnest_ctx_options_init(&co);
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, &co), GNEST_OK);
  big_csr c;
  circulant_build(&c);
  gnest_graph *g = wrap(ctx, &c, kN);
  gnest_options o = bm_cpu_options();
  check_traversals(ctx, g, &o, "cpu", c.m);
  gnest_graph_free(g);
  big_csr_free(&c);
  gnest_ctx_free(ctx);
}

static double seconds_since(const struct timespec *t0) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/* Every device backend's primary configuration on the circulant: BFS and SSSP in closed form, BC
 * from one source equal to the CPU's. Each backend's time is logged (--verbose). */
Test(big, device_backends_count_arcs_in_64_bits, .timeout = 1800) {
  skip_unless_enabled();
  bm_matrix mx;
  bm_open(&mx);
  big_csr c;
  circulant_build(&c);
  gnest_graph *g = wrap(mx.ctx, &c, kN);
  const gnest_options cpu = bm_cpu_options();
  double *bc_ref = malloc((size_t)kN * sizeof *bc_ref), *bc = malloc((size_t)kN * sizeof *bc);
  cr_assert(bc_ref && bc);
  const int32_t source = 0;
  const gnest_bc_sources one = {GNEST_BC_LIST, &source, 1, 0};
  cr_assert_eq(gnest_bc(mx.ctx, g, &one, bc_ref, &cpu, NULL), GNEST_OK);
  for (int i = 0; i < mx.count; i++) {
    const bm_run *r = &mx.runs[i];
    if (!bm_selected(r, BM_PRIMARY)) continue;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    /* a backend that does not run BFS says so (levelsched plans only fixed level schedules) */
    if (bm_expected(r, GNEST_ALGO_BFS, GNEST_OK) == GNEST_OK) {
      check_traversals(mx.ctx, g, &r->opts, r->label, c.m);
    } else {
      int32_t *levels = malloc((size_t)kN * sizeof *levels);
      double *dist = malloc((size_t)kN * sizeof *dist);
      cr_assert(levels && dist);
      bm_status_agrees(&mx, r, GNEST_ALGO_BFS, "circulant", GNEST_OK,
                       gnest_bfs(mx.ctx, g, 0, levels, &r->opts, NULL));
      bm_status_agrees(&mx, r, GNEST_ALGO_SSSP, "circulant", GNEST_OK,
                       gnest_sssp(mx.ctx, g, 0, dist, &r->opts, NULL));
      free(levels);
      free(dist);
    }
    gnest_status st = gnest_bc(mx.ctx, g, &one, bc, &r->opts, NULL);
    if (bm_status_agrees(&mx, r, GNEST_ALGO_BC, "circulant", GNEST_OK, st))
      for (int32_t v = 0; v < kN; v++)
        cr_expect_leq(fabs(bc[v] - bc_ref[v]), 1e-6 * (bc_ref[v] > 1 ? bc_ref[v] : 1),
                      "%s bc of %d: %g, cpu %g", r->label, v, bc[v], bc_ref[v]);
    cr_log_info("circulant, %s: bfs, sssp, bc in %.1f s", r->label, seconds_since(&t0));
  }
  free(bc_ref);
  free(bc);
  gnest_graph_free(g);
  big_csr_free(&c);
  bm_close(&mx);
}

/* Every device backend's primary configuration colors K_{a,b} as the closed form says. */
Test(big, device_coloring_counts_arcs_in_64_bits, .timeout = 1800) {
  skip_unless_enabled();
  bm_matrix mx;
  bm_open(&mx);
  big_csr c;
  bipartite_build(&c);
  const int32_t n = kSideA + kSideB;
  gnest_graph *g = wrap(mx.ctx, &c, n);
  int32_t *colors = malloc((size_t)n * sizeof *colors), num = 0;
  cr_assert(colors);
  for (int i = 0; i < mx.count; i++) {
    const bm_run *r = &mx.runs[i];
    if (!bm_selected(r, BM_PRIMARY)) continue;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gnest_status st = gnest_color(mx.ctx, g, colors, &num, &r->opts, NULL);
    if (bm_status_agrees(&mx, r, GNEST_ALGO_COLOR, "K_{a,b}", GNEST_OK, st)) {
      cr_expect_eq(num, 2, "%s colors", r->label);
      for (int32_t v = 0, bad = 0; v < n && bad < 5; v++)
        if (colors[v] != (v < kSideA ? 0 : 1))
          cr_expect_eq(colors[v], v < kSideA ? 0 : 1, "%s color of %d (bad %d)", r->label, v,
                       ++bad);
    }
    cr_log_info("K_{a,b}, %s: color in %.1f s", r->label, seconds_since(&t0));
  }
  free(colors);
  gnest_graph_free(g);
  big_csr_free(&c);
  bm_close(&mx);
}

/* C_n(1..h) for a large n and a small h: row u holds u - h .. u + h around the ring, u left
 * out, sorted. */
static const int32_t kSparseN = 71582789, kSparseHalf = 15;

static void sparse_circulant_build(big_csr *c) {
  const int32_t n = kSparseN, h = kSparseHalf;
  big_csr_alloc(c, n, (int64_t)2 * h * n);
  for (int32_t u = 0; u <= n; u++) c->offsets[u] = (int64_t)u * 2 * h;
  for (int32_t u = 0; u < n; u++) {
    int32_t *row = c->cols + c->offsets[u];
    int32_t k = 0;
    for (int32_t d = -h; d <= h; d++)
      if (d != 0) row[k++] = u + d < 0 ? u + d + n : u + d >= n ? u + d - n : u + d;
    if (u >= h && u < n - h) continue; /* already in order */
    for (int32_t i = 1; i < k; i++) /* near the ends of the ring the row wraps: sort it */
      for (int32_t j = i; j > 0 && row[j - 1] > row[j]; j--) {
        const int32_t t = row[j];
        row[j] = row[j - 1];
        row[j - 1] = t;
      }
  }
}

/* The greedy rule, which determines the coloring given the priority order (prio[v]: v's
 * gn_color_priority): every vertex has the smallest color that none of its higher-priority
 * neighbours has. Returns the vertices that break it (the first five are reported). */
static int64_t greedy_rule_breaks(const big_csr *c, int32_t n, const uint64_t *prio,
                                  const int32_t *colors, const char *label) {
  int64_t breaks = 0;
  for (int32_t v = 0; v < n; v++) {
    uint64_t taken = 0; /* colors of the higher-priority neighbours, below 64 */
    for (int64_t e = c->offsets[v]; e < c->offsets[v + 1]; e++) {
      const int32_t u = c->cols[e];
      if (prio[u] > prio[v] && colors[u] >= 0 && colors[u] < 64) taken |= 1ull << colors[u];
    }
    const int32_t first_free = __builtin_ctzll(~taken);
    if (colors[v] != first_free && ++breaks <= 5)
      cr_expect_eq(colors[v], first_free, "%s: color of %d", label, v);
  }
  return breaks;
}

Test(big, device_narrow_coloring_on_64_bit_offsets, .timeout = 1800) {
  skip_unless_enabled();
  bm_matrix mx;
  bm_open(&mx);
  big_csr c;
  struct timespec t_build;
  clock_gettime(CLOCK_MONOTONIC, &t_build);
  sparse_circulant_build(&c);
  gnest_graph *g = wrap(mx.ctx, &c, kSparseN);
  cr_log_info("C_n(1..15): built and wrapped in %.1f s", seconds_since(&t_build));
  int32_t *colors = malloc((size_t)kSparseN * sizeof *colors), num = 0;
  uint64_t *prio = malloc((size_t)kSparseN * sizeof *prio);
  cr_assert(colors && prio);
  for (int32_t v = 0; v < kSparseN; v++)
    prio[v] = gn_color_priority(c.offsets[v + 1] - c.offsets[v], v, GNEST_COLOR_TIE_HASH);
  for (int i = 0; i < mx.count; i++) {
    const bm_run *r = &mx.runs[i];
    if (!bm_selected(r, BM_PRIMARY)) continue;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    memset(colors, 0xff, (size_t)kSparseN * sizeof *colors); /* nothing left from the run before */
    gnest_info info;
    gnest_status st = gnest_color(mx.ctx, g, colors, &num, &r->opts, &info);
    cr_log_info("C_n(1..15), %s: color in %.1f s (%.1f ms on the device, %d passes)", r->label,
                seconds_since(&t0), st == GNEST_OK ? info.time_ms : -1.0,
                st == GNEST_OK ? info.iterations : -1);
    if (bm_status_agrees(&mx, r, GNEST_ALGO_COLOR, "C_n(1..15)", GNEST_OK, st)) {
      cr_expect_eq(greedy_rule_breaks(&c, kSparseN, prio, colors, r->label), 0, "%s", r->label);
      cr_expect_leq(num, 2 * kSparseHalf + 1, "%s colors", r->label);
    }
  }
  free(colors);
  free(prio);
  gnest_graph_free(g);
  big_csr_free(&c);
  bm_close(&mx);
}
