/* The Euler-tour method of gnest_tree_descendants / gnest_tree_heights: what each thread of each
 * pass computes, shared word for word by the device kernels (tree_euler.cu) and the
 * round-synchronous CPU simulation that counts their rounds. Plain C11
 * that nvcc also compiles as host and device code; no CUDA and no gnest internals here (the
 * tree's salt, which core computes, comes from core/tree_salt.h, plain C11 too).
 *
 * The method:
 *   tokens    enter(v) = 2v, exit(v) = 2v + 1; the tour of a depth-first walk that takes every
 *             node's children in children-CSR order. Each token's successor is local to the tree
 *             arrays (gn_euler_succ): no depth-dependent step.
 *   ranking   list ranking with sublists: splitter tokens (a hash salted per tree picks about one
 *             in `gap`, plus the first token) each measure their sublist up to the next
 *             splitter; the splitters' short list is ranked by pointer jumping (Wyllie:
 *             ceil(log2 splitters) passes); each splitter then walks its sublist again and
 *             writes every token's tour position and the tour depth (+1 per enter, -1 per
 *             exit). Work O(n), dependent passes O(log n), the longest walk about
 *             gap * ln(splitters) for any numbering of the nodes (the salt, gn_euler_salt).
 *   outputs   descendants(v) = (pos(exit v) - pos(enter v) + 1) / 2 (a subtree's tokens lie
 *             between its enter and exit); heights(v) = (deepest depth in v's subtree) - depth(v)
 *             + 1, the deepest depth being a range maximum over v's preorder interval
 *             [pre(v), pre(v) + descendants(v)) of the nodes' depths in preorder, answered from
 *             32-node blocks and a sparse table over the block maxima. */
#ifndef GNEST_ALGOS_TREE_EULER_H
#define GNEST_ALGOS_TREE_EULER_H

#include <stdint.h>
#include "core/tree_salt.h"

#ifdef __CUDACC__
#define GN_HD static inline __host__ __device__
#else
#define GN_HD static inline
#endif

/* Tour positions are int32: at most 2^30 - 1 nodes (2n - 1 fits). Larger trees run by levels. */
#define GN_EULER_MAX_NODES ((int32_t)((1u << 30) - 1))
/* Nodes per block of the range-maximum structure (a warp's worth). */
#define GN_RMQ_BLOCK 32

/* ---- tokens ------------------------------------------------------------------------------- */

GN_HD int32_t gn_euler_enter(int32_t v) { return 2 * v; }
GN_HD int32_t gn_euler_exit(int32_t v) { return 2 * v + 1; }
GN_HD int32_t gn_euler_node(int32_t token) { return token >> 1; }
GN_HD int gn_euler_is_enter(int32_t token) { return (token & 1) == 0; }
/* +1 on entering a node, -1 on leaving it: the running sum along the tour is the depth. */
GN_HD int32_t gn_euler_weight(int32_t token) { return 1 - 2 * (token & 1); }

/* floor(log2(x)) for x >= 1. */
GN_HD int32_t gn_floor_log2(uint32_t x) {
#ifdef __CUDA_ARCH__
  return 31 - __clz(x);
#else
  return 31 - __builtin_clz(x);
#endif
}

/* ceil(log2(x)) for x >= 1: the pointer-jumping passes that rank a list of x elements. */
GN_HD int32_t gn_ceil_log2(uint32_t x) { return x <= 1 ? 0 : gn_floor_log2(x - 1) + 1; }

/* ---- the successor of a token --------------------------------------------------------------- */

/* A tree as the method reads it. slot and owner are built from the children CSR by the method's
 * first passes: slot[v] = v's index in children (root: -1), owner[k] = the parent of
 * children[k] (a running maximum over the positions where each parent's children start). */
typedef struct gn_euler_tree {
  int32_t n, root;
  const int64_t *child_offsets; /* [n + 1] */
  const int32_t *children;      /* [n - 1], each parent's children together */
  const int32_t *slot;          /* [n] */
  const int32_t *owner;         /* [n - 1] */
} gn_euler_tree;

/* Thread i < n of the first pass: slot of the child at children[i] (the root's slot, -1, from
 * the last thread), and node i's mark where its children start, for owner = the running maximum
 * of the marks (zeroed before; nodes with children have distinct starts). */
GN_HD void gn_euler_slot_and_mark(int32_t i, int32_t n, int32_t root, const int64_t *child_offsets,
                                  const int32_t *children, int32_t *slot, int32_t *marks) {
  if (i < n - 1) slot[children[i]] = i;
  else slot[root] = -1;
  if (child_offsets[i] < child_offsets[i + 1]) marks[child_offsets[i]] = i;
}

/* The token after `token` on the tour, -1 after the root's exit. Entering v goes to its first
 * child, or leaves v when it has none; leaving v goes to its next sibling, or leaves its parent. */
GN_HD int32_t gn_euler_succ(const gn_euler_tree *t, int32_t token) {
  const int32_t v = gn_euler_node(token);
  if (gn_euler_is_enter(token)) {
    const int64_t first = t->child_offsets[v];
    return first < t->child_offsets[v + 1] ? gn_euler_enter(t->children[first]) : gn_euler_exit(v);
  }
  if (v == t->root) return -1;
  const int32_t k = t->slot[v];
  const int32_t parent = t->owner[k];
  if (k + 1 < t->n - 1 && t->owner[k + 1] == parent) return gn_euler_enter(t->children[k + 1]);
  return gn_euler_exit(parent);
}

/* ---- list ranking by sublists ------------------------------------------------------------ */

/* Splitter spacing: the smallest power of two from 8 to 64 that leaves at most about 2^20
 * splitters. Fewer splitters mean fewer, cheaper pointer-jumping passes over them; a wider gap
 * means longer walks (the longest grows as gap * ln(2n / gap): 411 tokens at gap 32 on a 10^7
 * chain). */
GN_HD uint32_t gn_euler_gap(int32_t n) {
  uint32_t gap = 8;
  while (gap < 64 && (int64_t)gap * (1 << 20) < 2 * (int64_t)n) gap *= 2;
  return gap;
}

/* The first token of the tour, and those whose hash has its low log2(gap) bits clear, start a
 * sublist. The hash (splitmix64's finaliser of the token's Weyl step plus the tree's salt)
 * spreads the splitters along any tour, so sublist lengths are geometric whatever the tree's
 * numbering: one token in gap is a splitter on average for every salt (the finaliser is a
 * bijection), and with salt 0 this is an unsalted hash, which a numbering can be crafted
 * against (gn_gen_chain_against_splitters builds one). */
GN_HD int gn_euler_is_splitter(int32_t token, int32_t head, uint32_t gap, uint64_t salt) {
  uint64_t z = (uint64_t)(uint32_t)token * 0x9e3779b97f4a7c15ULL + salt;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return token == head || (z & (gap - 1)) == 0;
}

/* The salt of a tree, gn_euler_salt (host only), is computed by core when it builds the handle
 * (gnest_tree.euler_salt): core/tree_salt.h. */

/* Walks the sublist that starts at splitter `first`: its token count and weight sum. Returns
 * the token after it: the next sublist's splitter, or -1 at the end of the tour. */
GN_HD int32_t gn_euler_measure(const int32_t *succ, int32_t first, int32_t head, uint32_t gap,
                               uint64_t salt, int32_t *length, int32_t *weight) {
  int32_t len = 0, w = 0, token = first;
  do {
    ++len;
    w += gn_euler_weight(token);
    token = succ[token];
  } while (token >= 0 && !gn_euler_is_splitter(token, head, gap, salt));
  *length = len;
  *weight = w;
  return token;
}

/* Index of x in the increasing a[0 .. count) (x is one of them). */
GN_HD int32_t gn_index_of(const int32_t *a, int32_t count, int32_t x) {
  int32_t lo = 0, hi = count;
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo) / 2;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* One element of the splitters' list: its sublist's token count and weight sum and the next
 * sublist (-1: the last). 16 bytes, so that reading another element is one memory sector. */
typedef struct gn_sublist {
  int32_t length, weight, next, unused;
} gn_sublist;

/* One pointer-jumping pass for sublist i, reading `in` and writing `out` (double-buffered, so
 * the passes are round-synchronous in any thread order). After ceil(log2(count)) passes,
 * length / weight of i sum i's sublist and every later one. */
GN_HD void gn_euler_jump(int32_t i, const gn_sublist *in, gn_sublist *out) {
  gn_sublist x = in[i];
  if (x.next >= 0) {
    const gn_sublist y = in[x.next];
    x.length += y.length;
    x.weight += y.weight;
    x.next = y.next;
  }
  out[i] = x;
}

/* Walks the sublist at `first` again, now knowing its first tour position and the depth before
 * it (the tokens before it: 2n - its suffix length; their weight: minus its suffix weight, the
 * whole tour weighing 0). Writes every token's position and, at enter tokens, the node's depth
 * (root = 1) when node_depth is not NULL. */
GN_HD void gn_euler_assign(const int32_t *succ, int32_t first, int32_t head, uint32_t gap,
                           uint64_t salt, int32_t position, int32_t depth, int32_t *rank,
                           int32_t *node_depth) {
  int32_t token = first;
  do {
    depth += gn_euler_weight(token);
    rank[token] = position++;
    if (node_depth && gn_euler_is_enter(token)) node_depth[gn_euler_node(token)] = depth;
    token = succ[token];
  } while (token >= 0 && !gn_euler_is_splitter(token, head, gap, salt));
}

/* ---- outputs ------------------------------------------------------------------------------ */

GN_HD int32_t gn_euler_descendants(const int32_t *rank, int32_t v) {
  return (rank[gn_euler_exit(v)] - rank[gn_euler_enter(v)] + 1) / 2;
}

/* v's index in preorder: the enter tokens before enter(v). Of the rank(enter v) tokens before
 * it, depth(v) - 1 more are enters than exits. */
GN_HD int32_t gn_euler_preorder(const int32_t *rank, const int32_t *node_depth, int32_t v) {
  return (rank[gn_euler_enter(v)] + node_depth[v] - 1) / 2;
}

/* Range maximum over values[0 .. n) (depths in preorder, all >= 1): block maxima of
 * GN_RMQ_BLOCK values and a sparse table over them, level j at sparse + j * blocks holding the
 * maximum of blocks [b, b + 2^j). */
typedef struct gn_rmq {
  const int32_t *values;
  const int32_t *sparse;
  int32_t n, blocks, levels;
} gn_rmq;

GN_HD int32_t gn_rmq_blocks(int32_t n) { return (n + GN_RMQ_BLOCK - 1) / GN_RMQ_BLOCK; }
GN_HD int32_t gn_rmq_levels(int32_t n) { return gn_floor_log2((uint32_t)gn_rmq_blocks(n)) + 1; }

/* max values[l .. r], l <= r. */
GN_HD int32_t gn_rmq_scan(const int32_t *values, int32_t l, int32_t r) {
  int32_t m = values[l];
  for (int32_t i = l + 1; i <= r; ++i) m = values[i] > m ? values[i] : m;
  return m;
}

/* Level 0 of the sparse table: the maximum of block b. */
GN_HD int32_t gn_rmq_block_max(const int32_t *values, int32_t n, int32_t b) {
  const int32_t l = b * GN_RMQ_BLOCK;
  const int32_t r = l + GN_RMQ_BLOCK - 1 < n - 1 ? l + GN_RMQ_BLOCK - 1 : n - 1;
  return gn_rmq_scan(values, l, r);
}

/* Entry b of level j >= 1 from level j - 1 (entries whose range passes the end keep the part
 * that exists; queries never read them). */
GN_HD int32_t gn_rmq_sparse_entry(const int32_t *below, int32_t blocks, int32_t j, int32_t b) {
  const int32_t half = 1 << (j - 1);
  const int32_t a = below[b];
  if (b + half >= blocks) return a;
  return below[b + half] > a ? below[b + half] : a;
}

/* max values[l .. r], l <= r: the partial blocks at both ends by scanning, the whole blocks
 * between them from two overlapping sparse-table entries. */
GN_HD int32_t gn_rmq_max(const gn_rmq *q, int32_t l, int32_t r) {
  const int32_t bl = l / GN_RMQ_BLOCK, br = r / GN_RMQ_BLOCK;
  if (bl == br) return gn_rmq_scan(q->values, l, r);
  const int32_t left = gn_rmq_scan(q->values, l, bl * GN_RMQ_BLOCK + GN_RMQ_BLOCK - 1);
  const int32_t right = gn_rmq_scan(q->values, br * GN_RMQ_BLOCK, r);
  int32_t m = left > right ? left : right;
  if (br - bl > 1) {
    const int32_t j = gn_floor_log2((uint32_t)(br - bl - 1));
    const int32_t *level = q->sparse + (int64_t)j * q->blocks;
    const int32_t a = level[bl + 1], b = level[br - (1 << j)];
    if (a > m) m = a;
    if (b > m) m = b;
  }
  return m;
}

/* heights(v) = deepest depth in v's subtree - depth(v) + 1 (a leaf is 1). */
GN_HD int32_t gn_euler_height(const gn_rmq *q, int32_t preorder, int32_t descendants,
                              int32_t depth) {
  return gn_rmq_max(q, preorder, preorder + descendants - 1) - depth + 1;
}

/* Dependent passes of a call (kernels and cub calls in stream order): 9 before the outputs (zero
 * marks, slot and marks, owner scan, successors, count and list the splitters, measure, assign,
 * descendants), the pointer jumping, and for heights 2 more (preorder depths, block maxima)
 * and the sparse table's levels above the first. */
GN_HD int32_t gn_euler_passes(int32_t n, int32_t splitters, int heights) {
  const int32_t jumps = gn_ceil_log2((uint32_t)splitters);
  return heights ? 11 + jumps + gn_rmq_levels(n) - 1 : 9 + jumps;
}

#endif
