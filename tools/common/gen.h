/* Deterministic graph and tree generators shared by gnest-gen, gnest-bench and the tests.
 * Same parameters and seed => same output on every machine (own splitmix64/xoshiro generator,
 * no libc rand). Output edges are directed arcs as generated; callers build graphs with
 * gnest_graph_from_edges (symmetrize / drop self-loops / merge as they need). */
#ifndef GNEST_GEN_H
#define GNEST_GEN_H

#include <stdint.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gn_gen_edges {
  int32_t n;
  int64_t m;
  int32_t *src, *dst;
  double *w; /* NULL unless weights were asked for */
} gn_gen_edges;

void gn_gen_edges_free(gn_gen_edges *e);

/* A part of a random edge list, for a rank of a distributed job that generates only its own
 * share: the list is cut into chunks of 2^20 edges, each drawn from its own random stream of the
 * seed, and part p of P holds chunks [p C / P, (p + 1) C / P) of its C, in order. The parts of
 * one seed, concatenated in order of p, are the whole list, edge for edge. */
typedef struct gn_gen_part {
  int part, parts; /* 0 <= part < parts */
} gn_gen_part;
#define GN_GEN_WHOLE ((gn_gen_part){0, 1})

/* RMAT / Kronecker, Graph500 parameters (a=.57, b=.19, c=.19), 2^scale vertices,
 * edge_factor * 2^scale edges, vertex ids permuted with the seed. */
gnest_status gn_gen_rmat(int scale, int edge_factor, uint64_t seed, gn_gen_edges *out);
gnest_status gn_gen_rmat_part(int scale, int edge_factor, uint64_t seed, gn_gen_part part,
                              gn_gen_edges *out);
/* Erdős–Rényi G(n, m): m arcs with uniform endpoints. */
gnest_status gn_gen_er(int32_t n, int64_t m, uint64_t seed, gn_gen_edges *out);
gnest_status gn_gen_er_part(int32_t n, int64_t m, uint64_t seed, gn_gen_part part,
                            gn_gen_edges *out);
/* rows x cols 2-D grid, 4-neighbour, both directions (road-like, high diameter). */
gnest_status gn_gen_grid(int32_t rows, int32_t cols, uint64_t seed, gn_gen_edges *out);
/* Star: vertex 0 linked both ways to 1..n-1. */
gnest_status gn_gen_star(int32_t n, gn_gen_edges *out);
/* Path 0-1-...-(n-1), both directions. */
gnest_status gn_gen_path(int32_t n, gn_gen_edges *out);
/* Uniform random integer weights in [lo, hi] on e (undirected pairs get equal weights when the
 * caller symmetrizes afterwards: the weight is a hash of the unordered pair and the seed). */
gnest_status gn_gen_weights(gn_gen_edges *e, int lo, int hi, uint64_t seed);

/* Synthetic tree as in the Wu thesis: depth levels (root alone is depth 1); every non-leaf node
 * of the levels above the last has out_degree children, each present with probability
 * 0.5^sparsity (sparsity 0 = full tree). parent[] is allocated (root 0, parent -1); n returned.
 * Fails with GNEST_ERR_TOO_LARGE if the expected node count exceeds max_nodes. */
gnest_status gn_gen_tree(int depth, int out_degree, int sparsity, uint64_t seed, int64_t max_nodes,
                         int32_t *n, int32_t **parent);
/* Expected node count of gn_gen_tree's tree: sum over levels l = 0 .. depth-1 of
 * (out_degree * 0.5^sparsity)^l; +INFINITY when that overflows a double, 0 for invalid parameters. */
double gn_gen_tree_expected_nodes(int depth, int out_degree, int sparsity);
/* Chain of n nodes: parent[i] = i-1. */
gnest_status gn_gen_chain(int32_t n, int32_t **parent);
/* Broom of n nodes: a handle 0 - 1 - ... - (handle-1) (a chain) and n - handle bristles, every
 * one a child of the handle's last node. 1 <= handle <= n; depth handle + 1 (handle when n ==
 * handle). */
gnest_status gn_gen_broom(int32_t n, int32_t handle, int32_t **parent);
/* Caterpillar of n nodes: a spine 0 - 1 - ... - (s-1) (a chain), s = ceil(n / (legs + 1)), and
 * legs leaves per spine node in spine order: leaf s + j hangs from spine node j / legs. legs >= 0
 * (0 = a chain). */
gnest_status gn_gen_caterpillar(int32_t n, int32_t legs, int32_t **parent);
/* Random recursive tree of n nodes: parent[i] uniform in [0, i) (one random stream of the seed,
 * so the same tree on every machine). Depth about e ln n: 44 for 10^7 nodes. */
gnest_status gn_gen_random_recursive(int32_t n, uint64_t seed, int32_t **parent);
/* Renumbers the n nodes of the tree *parent by a uniformly random permutation of the seed (node
 * i becomes perm[i]): the same shape with its ids in no order and its root anywhere. *parent is
 * replaced by a new array (the old one freed) on success, left alone on failure. */
gnest_status gn_gen_shuffle_tree(int32_t n, uint64_t seed, int32_t **parent);

/* splitmix64 step, exposed for tests and sampling. */
static inline uint64_t gn_splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

#ifdef __cplusplus
}
#endif
#endif
