/* src/cpu: exact serial reference implementations. The oracle for every GPU test and the backend
 * used without a GPU. Inputs are already validated by the API layer (source in range, weights
 * non-negative for SSSP, symmetric graph for the undirected algorithms); these functions only
 * fail on host out-of-memory (GNEST_ERR_OUT_OF_MEMORY), but for what only the run can find (a
 * zero-weight cycle for weighted betweenness: GNEST_ERR_INVALID_INPUT). */
#ifndef GNEST_CPU_H
#define GNEST_CPU_H

#include <stddef.h>
#include <stdint.h>
#include "gnest.h"
#include "io/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Visiting counters reported through gnest_info. */
typedef struct gn_cpu_counts {
  int64_t edges_visited;
  int32_t iterations;
} gn_cpu_counts;

gnest_status gn_cpu_bfs(const gn_csr *g, int32_t source, int32_t *levels, gn_cpu_counts *c);
/* Dijkstra with a binary heap; unweighted graph = weight 1. */
gnest_status gn_cpu_sssp(const gn_csr *g, int32_t source, double *dist, gn_cpu_counts *c);
/* Predecessors on shortest paths by the rule of gnest_bfs_pred (src/cpu/pred.c): BFS from its
 * levels (dist NULL), SSSP from its distances (levels NULL). Adds the arcs it scans to
 * c->edges_visited (c may be NULL). */
gnest_status gn_cpu_pred(const gn_csr *g, int32_t source, const int32_t *levels, const double *dist,
                         int32_t *pred, gn_cpu_counts *c);
/* Brandes over the given sources (each in range); bc zeroed first. */
gnest_status gn_cpu_bc(const gn_csr *g, const int32_t *sources, int32_t num_sources, double *bc,
                       gn_cpu_counts *c);
/* Brandes over Dijkstra's distances (bc_weighted.c). A cycle of zero-weight arcs reached from a
 * source: GNEST_ERR_INVALID_INPUT with that source in *cycle_source. */
gnest_status gn_cpu_bc_weighted(const gn_csr *g, const int32_t *sources, int32_t num_sources,
                                double *bc, int32_t *cycle_source, gn_cpu_counts *c);
/* Greedy first-fit coloring in the order of gn_color_priority (highest first), ties as tie. */
gnest_status gn_cpu_color(const gn_csr *g, gnest_color_tie tie, int32_t *colors,
                          int32_t *num_colors, gn_cpu_counts *c);
/* Kruskal; edges (u < v) written when edge_u != NULL (capacity n-1). */
gnest_status gn_cpu_mst(const gn_csr *g, double *total, int64_t *num_edges, int32_t *edge_u,
                        int32_t *edge_v, double *edge_w, gn_cpu_counts *c);
gnest_status gn_cpu_tc(const gn_csr *g, uint64_t *total, uint64_t *per_vertex, gn_cpu_counts *c);
/* Weakly connected components (union-find; an arc joins its ends, no reverse arc needed) and
 * strongly connected components (iterative Tarjan): label[v] = the smallest vertex id of v's
 * component; *num_components = their number. */
gnest_status gn_cpu_cc(const gn_csr *g, int32_t *label, int32_t *num_components,
                       gn_cpu_counts *c);
gnest_status gn_cpu_scc(const gn_csr *g, int32_t *label, int32_t *num_components,
                        gn_cpu_counts *c);
/* A rooted tree as the tree references read it: its children lists and its nodes in level order.
 * A view of arrays owned elsewhere (core's tree handle lends its own): cpu sits below core and
 * knows none of its handles. */
typedef struct gn_cpu_tree {
  int32_t n;
  int32_t depth;                /* number of levels */
  const int64_t *child_offsets; /* [n + 1] children CSR */
  const int32_t *children;      /* [n - 1] */
  const int32_t *order;         /* [n] nodes in level order (root first) */
} gn_cpu_tree;

gnest_status gn_cpu_tree_descendants(const gn_cpu_tree *t, int32_t *desc, gn_cpu_counts *c);
gnest_status gn_cpu_tree_heights(const gn_cpu_tree *t, int32_t *heights, gn_cpu_counts *c);

/* What a reference's cost model reads (algos.def, CPU_WORK; gnest_reference_work). */
typedef struct gn_cpu_work_input {
  const gn_csr *graph; /* graph algorithms */
  int64_t nodes;       /* tree algorithms: the tree's nodes */
  int64_t sources;     /* GNEST_SOURCES_SET: the sources the run would take */
} gn_cpu_work_input;

/* The arc visits (trees: node visits) of a reference on in, estimated in one pass over the input
 * at most; how receives what was counted ("one pass over 12 arcs"). */
typedef double gn_cpu_work_fn(const gn_cpu_work_input *in, char *how, size_t size);
gn_cpu_work_fn gn_cpu_work_one_pass;   /* m + n: one pass over the arcs */
gn_cpu_work_fn gn_cpu_work_per_source; /* two passes over the arcs per source */
gn_cpu_work_fn gn_cpu_work_tree;       /* one visit per node */
gn_cpu_work_fn gn_cpu_work_tc;         /* the forward count's lookups, beside its reference */
gn_cpu_work_fn gn_cpu_work_bc_weighted; /* Dijkstra and three passes over the arcs per source */

/* The coloring order shared by every backend: higher (degree, tie key of v) is colored first.
 * Returns a 64-bit key: degree in the high 32 bits (saturated), the tie key in the low 32 bits;
 * keys are distinct for distinct v. The tie key (gnest_color_tie): HASH a mixing hash of v, ID
 * ~v, so that the smaller id ranks first (NetworkX's largest_first: a stable sort by degree,
 * descending, keeps ties in node order). */
#ifdef __CUDACC__
#define GN_HOST_DEVICE __host__ __device__
#else
#define GN_HOST_DEVICE
#endif
static inline GN_HOST_DEVICE uint64_t gn_color_priority(int64_t degree, int32_t v,
                                                        gnest_color_tie tie) {
  uint32_t x = (uint32_t)v;
  if (tie == GNEST_COLOR_TIE_ID) {
    x = ~x;
  } else {
    x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; /* bijective */
  }
  return ((uint64_t)(uint32_t)(degree > 0x7fffffff ? 0x7fffffff : degree) << 32) | x;
}

/* The degree the order above ranks by, from a vertex's arcs and its self-loop arcs among them:
 * HASH counts arcs to other vertices (self-loops excluded); ID counts a self-loop arc twice, as
 * NetworkX's degree of an undirected graph does (a symmetrized graph stores a self-loop once).
 * Duplicate arcs count in both. */
static inline GN_HOST_DEVICE int64_t gn_color_degree(int64_t arcs, int64_t self_loops,
                                                     gnest_color_tie tie) {
  return tie == GNEST_COLOR_TIE_ID ? arcs + self_loops : arcs - self_loops;
}

/* Deterministic sample of k distinct sources from [0, n) (splitmix64 + partial Fisher-Yates).
 * Returns GNEST_ERR_OUT_OF_MEMORY on allocation failure. */
gnest_status gn_sample_sources(int32_t n, int32_t k, uint64_t seed, int32_t *out);

#ifdef __cplusplus
}
#endif
#endif
