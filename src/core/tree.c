/* Tree handles: validation of a parent array, children CSR, level order and per-level
 * statistics; trees from files and from graphs. */
#include <stdlib.h>
#include <string.h>

#include "core/device_api.h"
#include "core/internal.h"
#include "core/tree_salt.h"

/* ---------------------------------------------------------------------------------------------
 * Validation
 * ------------------------------------------------------------------------------------------- */

/* Exactly one root (-1) and every other parent in [0, n). */
static gnest_status gn_find_root(gnest_ctx *ctx, const char *source, int32_t n,
                                 const int32_t *parent, int32_t *root) {
  *root = -1;
  for (int32_t i = 0; i < n; ++i) {
    int32_t p = parent[i];
    if (p == -1) {
      if (*root >= 0)
        return gn_error(ctx, GNEST_ERR_NOT_A_TREE, source, 0, "two roots: %d and %d", (int)*root,
                        (int)i);
      *root = i;
    } else if (p < 0 || p >= n) {
      return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, source, 0,
                      "node %d has parent %d, expected -1 or [0, %d)", (int)i, (int)p, (int)n);
    }
  }
  if (*root < 0)
    return gn_error(ctx, GNEST_ERR_NOT_A_TREE, source, 0,
                    "no root (no node has parent -1): the parent links form a cycle");
  return GNEST_OK;
}

/* start is not reachable from the root, so its chain of parents never reaches the root and must
 * end in a cycle: n steps up from start land on it. Returns the smallest id on that cycle. */
static int32_t gn_node_on_cycle(int32_t n, const int32_t *parent, int32_t start) {
  int32_t x = start;
  for (int32_t i = 0; i < n; ++i) x = parent[x];
  int32_t smallest = x;
  for (int32_t y = parent[x]; y != x; y = parent[y])
    if (y < smallest) smallest = y;
  return smallest;
}

/* Every node's chain of parents reaches the root (one root, parents in range: gn_find_root).
 * Each chain is walked up to a node already known to reach the root, marking the way, so every
 * node is walked once: O(n) time, n bytes. */
static gnest_status gn_check_no_cycle(gnest_ctx *ctx, const char *source, int32_t n,
                                      const int32_t *parent, int32_t root) {
  enum { kUnknown = 0, kOnWalk = 1, kReaches = 2 };
  gnest_status st;
  char *state = gn_alloc(ctx, (size_t)n, 1, "reached flags", &st);
  if (!state) return st;
  state[root] = kReaches;
  for (int32_t v = 0; v < n; ++v) {
    int32_t x = v;
    while (state[x] == kUnknown) {
      state[x] = kOnWalk;
      x = parent[x];
    }
    if (state[x] == kOnWalk) { /* the walk came back to itself */
      free(state);
      return gn_error(ctx, GNEST_ERR_NOT_A_TREE, source, 0,
                      "node %d is on a cycle (not reachable from the root %d)",
                      (int)gn_node_on_cycle(n, parent, v), (int)root);
    }
    for (x = v; state[x] == kOnWalk; x = parent[x]) state[x] = kReaches;
  }
  free(state);
  return GNEST_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Building
 * ------------------------------------------------------------------------------------------- */

static void gn_tree_release(gnest_tree *t) {
  if (!t) return;
  if (t->dev) gn_device_tree_free(t->ctx, t->dev);
  if (t->sched_cache_free) t->sched_cache_free(t->sched_cache);
  free(t->parent);
  free(t->child_offsets);
  free(t->children);
  free(t->order);
  free(t->level_offsets);
  free(t->nodes_per_level);
  free(t->children_per_level);
  free(t->max_degree_per_level);
  free(t);
}

/* Children CSR with each node's children in increasing id (counting sort by parent). */
static gnest_status gn_tree_children(gnest_ctx *ctx, gnest_tree *t) {
  gnest_status st;
  int32_t n = t->n;
  t->child_offsets = gn_alloc(ctx, (size_t)n + 1, sizeof(int64_t), "the child offsets", &st);
  if (!t->child_offsets) return st;
  t->children = gn_alloc(ctx, (size_t)n - 1, sizeof(int32_t), "the children", &st);
  if (!t->children) return st;
  int64_t *off = t->child_offsets;
  for (int32_t i = 0; i < n; ++i)
    if (t->parent[i] >= 0) off[t->parent[i] + 1]++;
  for (int32_t i = 0; i < n; ++i) off[i + 1] += off[i];
  int64_t *fill = gn_alloc(ctx, (size_t)n, sizeof(int64_t), "child fill positions", &st);
  if (!fill) return st;
  memcpy(fill, off, (size_t)n * sizeof(int64_t));
  for (int32_t i = 0; i < n; ++i)
    if (t->parent[i] >= 0) t->children[fill[t->parent[i]]++] = i;
  free(fill);
  return GNEST_OK;
}

/* Breadth-first order from the root. *reached = nodes reached (n for a tree). */
static gnest_status gn_tree_level_order(gnest_ctx *ctx, gnest_tree *t, int32_t *reached) {
  gnest_status st;
  t->order = gn_alloc(ctx, (size_t)t->n, sizeof(int32_t), "the level order", &st);
  if (!t->order) return st;
  int32_t head = 0, tail = 0;
  t->order[tail++] = t->root;
  /* Each node has one parent, so a node is appended at most once even on malformed input:
   * nodes on a cycle are never appended because the cycle never connects to the root. */
  while (head < tail) {
    int32_t u = t->order[head++];
    for (int64_t e = t->child_offsets[u]; e < t->child_offsets[u + 1]; ++e)
      t->order[tail++] = t->children[e];
  }
  *reached = tail;
  return GNEST_OK;
}

static int32_t gn_out_degree(const gnest_tree *t, int32_t u) {
  return (int32_t)(t->child_offsets[u + 1] - t->child_offsets[u]);
}

/* Level boundaries in the BFS order (a level ends where the last node of the previous level's
 * children ends) and the per-level statistics. */
static gnest_status gn_tree_levels(gnest_ctx *ctx, gnest_tree *t) {
  gnest_status st;
  int32_t n = t->n;
  /* depth: one pass, levels delimited by the count of children of the current level. */
  int32_t depth = 0;
  for (int64_t begin = 0, end = 1; begin < end; ++depth) {
    int64_t next = end;
    for (int64_t i = begin; i < end; ++i) next += gn_out_degree(t, t->order[i]);
    begin = end;
    end = next;
  }
  t->depth = depth;
  t->level_offsets = gn_alloc(ctx, (size_t)depth + 1, sizeof(int64_t), "the level offsets", &st);
  t->nodes_per_level = t->level_offsets ? gn_alloc(ctx, (size_t)depth, sizeof(int64_t),
                                                   "nodes per level", &st) : NULL;
  t->children_per_level = t->nodes_per_level ? gn_alloc(ctx, (size_t)depth, sizeof(int64_t),
                                                        "children per level", &st) : NULL;
  t->max_degree_per_level = t->children_per_level ? gn_alloc(ctx, (size_t)depth, sizeof(int32_t),
                                                             "max degree per level", &st) : NULL;
  if (!t->max_degree_per_level) return st;
  int64_t begin = 0, end = 1;
  for (int32_t l = 0; l < depth; ++l) {
    t->level_offsets[l] = begin;
    t->nodes_per_level[l] = end - begin;
    int64_t kids = 0;
    int32_t maxd = 0;
    for (int64_t i = begin; i < end; ++i) {
      int32_t d = gn_out_degree(t, t->order[i]);
      kids += d;
      if (d > maxd) maxd = d;
      if (d == 0) t->leaves++;
      if (d > t->max_out_degree) t->max_out_degree = d;
    }
    t->children_per_level[l] = kids;
    t->max_degree_per_level[l] = maxd;
    begin = end;
    end += kids;
  }
  t->level_offsets[depth] = n;
  return GNEST_OK;
}

static gnest_status gn_tree_fill(gnest_ctx *ctx, const char *source, gnest_tree *t) {
  gnest_status st = gn_tree_children(ctx, t);
  if (st != GNEST_OK) return st;
  int32_t reached = 0;
  st = gn_tree_level_order(ctx, t, &reached);
  if (st != GNEST_OK) return st;
  if (reached < t->n) {
    char *seen = gn_alloc(ctx, (size_t)t->n, 1, "reached flags", &st);
    if (!seen) return st;
    for (int32_t i = 0; i < reached; ++i) seen[t->order[i]] = 1;
    int32_t first = 0;
    while (seen[first]) ++first;
    free(seen);
    return gn_error(ctx, GNEST_ERR_NOT_A_TREE, source, 0,
                    "node %d is on a cycle (not reachable from the root %d)",
                    (int)gn_node_on_cycle(t->n, t->parent, first), (int)t->root);
  }
  t->euler_salt = gn_euler_salt(t->n, t->parent);
  return gn_tree_levels(ctx, t);
}

gnest_status gn_tree_build(gnest_ctx *ctx, const char *source, int32_t n, const int32_t *parent,
                           gnest_tree **out) {
  if (!source) source = "gnest_tree_from_parents";
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, source, 0, "out is NULL");
  *out = NULL;
  if (n < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, source, 0, "negative node count n = %d",
                    (int)n);
  if (n == 0) return gn_error(ctx, GNEST_ERR_INVALID_INPUT, source, 0, "empty tree (n = 0)");
  if (!parent) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, source, 0, "parent is NULL");
  int32_t root;
  gnest_status st = gn_find_root(ctx, source, n, parent, &root);
  if (st != GNEST_OK) return st;

  gnest_tree *t = gn_alloc(ctx, 1, sizeof *t, "the tree handle", &st);
  if (!t) return st;
  t->ctx = ctx;
  t->n = n;
  t->root = root;
  t->parent = gn_alloc(ctx, (size_t)n, sizeof(int32_t), "the parent array", &st);
  if (t->parent) {
    memcpy(t->parent, parent, (size_t)n * sizeof(int32_t));
    st = gn_tree_fill(ctx, source, t);
  }
  if (st != GNEST_OK) {
    gn_tree_release(t);
    return st;
  }
  *out = t;
  return GNEST_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Public constructors
 * ------------------------------------------------------------------------------------------- */

gnest_status gnest_tree_from_parents(gnest_ctx *ctx, int32_t n, const int32_t *parent,
                                     gnest_tree **out) {
  const char *fn = "gnest_tree_from_parents";
  if (out) *out = NULL;
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  return gn_tree_build(ctx, fn, n, parent, out);
}

gnest_status gnest_tree_load(gnest_ctx *ctx, const char *path, gnest_tree **out) {
  const char *fn = "gnest_tree_load";
  if (out) *out = NULL;
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "path is NULL");
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  gn_buffer buf = {NULL, 0};
  gnest_status st = gn_read_file(ctx, path, &buf);
  if (st != GNEST_OK) return st;
  int32_t n = 0;
  int32_t *parent = NULL;
  st = gn_parse_tree(ctx, path, buf.data, buf.size, &n, &parent);
  gn_buffer_free(&buf);
  if (st != GNEST_OK) return st;
  st = gn_tree_build(ctx, path, n, parent, out);
  free(parent);
  return st;
}

/* In-arcs of every vertex: rev_src[rev_off[v] .. rev_off[v+1]) are the u with an arc u -> v. */
static gnest_status gn_reverse_index(gnest_ctx *ctx, const gn_csr *c, int64_t **rev_off,
                                     int32_t **rev_src) {
  gnest_status st;
  int64_t *off = gn_alloc(ctx, (size_t)c->n + 1, sizeof(int64_t), "the reverse offsets", &st);
  int32_t *src = off ? gn_alloc(ctx, (size_t)c->m, sizeof(int32_t), "the reverse arcs", &st) : NULL;
  int64_t *fill = src ? gn_alloc(ctx, (size_t)c->n, sizeof(int64_t), "reverse fill", &st) : NULL;
  if (!fill) {
    free(off);
    free(src);
    return st;
  }
  for (int64_t e = 0; e < c->m; ++e) off[c->cols[e] + 1]++;
  for (int32_t v = 0; v < c->n; ++v) off[v + 1] += off[v];
  memcpy(fill, off, (size_t)c->n * sizeof(int64_t));
  for (int32_t u = 0; u < c->n; ++u)
    for (int64_t e = c->offsets[u]; e < c->offsets[u + 1]; ++e) src[fill[c->cols[e]]++] = u;
  free(fill);
  *rev_off = off;
  *rev_src = src;
  return GNEST_OK;
}

/* State of the undirected BFS of gnest_tree_from_graph. */
typedef struct gn_undirected_bfs {
  const gn_csr *c;
  const int64_t *rev_off;
  const int32_t *rev_src;
  int32_t *parent; /* -1 root, -2 not reached yet */
  int32_t *queue;
  int32_t tail;
} gn_undirected_bfs;

/* Visits neighbour v of u. A reached v is fine only across the tree edge u-v; the tree edge may
 * appear once per direction (checked from the child's side, where each direction is counted). */
static gnest_status gn_bfs_visit(gnest_ctx *ctx, gn_undirected_bfs *b, int32_t u, int32_t v,
                                 int *arcs_to_parent) {
  const char *fn = "gnest_tree_from_graph";
  if (v == u)
    return gn_error(ctx, GNEST_ERR_NOT_A_TREE, fn, 0, "cycle through %d-%d (self-loop)", (int)u,
                    (int)v);
  if (b->parent[v] == -2) {
    b->parent[v] = u;
    b->queue[b->tail++] = v;
    return GNEST_OK;
  }
  if (v == b->parent[u]) {
    if (++*arcs_to_parent > 1)
      return gn_error(ctx, GNEST_ERR_NOT_A_TREE, fn, 0,
                      "cycle through %d-%d (the edge appears twice in one direction)", (int)u,
                      (int)v);
    return GNEST_OK;
  }
  if (b->parent[v] == u) return GNEST_OK; /* the tree edge seen from the parent's side */
  return gn_error(ctx, GNEST_ERR_NOT_A_TREE, fn, 0, "cycle through %d-%d", (int)u, (int)v);
}

static gnest_status gn_bfs_expand(gnest_ctx *ctx, gn_undirected_bfs *b, int32_t u) {
  int out_to_parent = 0, in_from_parent = 0;
  for (int64_t e = b->c->offsets[u]; e < b->c->offsets[u + 1]; ++e) {
    gnest_status st = gn_bfs_visit(ctx, b, u, b->c->cols[e], &out_to_parent);
    if (st != GNEST_OK) return st;
  }
  for (int64_t e = b->rev_off[u]; e < b->rev_off[u + 1]; ++e) {
    gnest_status st = gn_bfs_visit(ctx, b, u, b->rev_src[e], &in_from_parent);
    if (st != GNEST_OK) return st;
  }
  return GNEST_OK;
}

static gnest_status gn_spanning_tree_parents(gnest_ctx *ctx, const gn_csr *c, int32_t root,
                                             int32_t *parent) {
  gnest_status st;
  int64_t *rev_off = NULL;
  int32_t *rev_src = NULL;
  int32_t *queue = gn_alloc(ctx, (size_t)c->n, sizeof(int32_t), "the BFS queue", &st);
  if (!queue) return st;
  st = gn_reverse_index(ctx, c, &rev_off, &rev_src);
  if (st != GNEST_OK) {
    free(queue);
    return st;
  }
  for (int32_t v = 0; v < c->n; ++v) parent[v] = -2;
  parent[root] = -1;
  queue[0] = root;
  gn_undirected_bfs b = {c, rev_off, rev_src, parent, queue, 1};
  for (int32_t head = 0; head < b.tail && st == GNEST_OK; ++head)
    st = gn_bfs_expand(ctx, &b, queue[head]);
  if (st == GNEST_OK && b.tail < c->n) {
    int32_t v = 0;
    while (parent[v] != -2) ++v;
    st = gn_error(ctx, GNEST_ERR_NOT_A_TREE, "gnest_tree_from_graph", 0,
                  "vertex %d not reachable from the root %d", (int)v, (int)root);
  }
  free(queue);
  free(rev_off);
  free(rev_src);
  return st;
}

gnest_status gnest_tree_from_graph(gnest_ctx *ctx, const gnest_graph *g, int32_t root,
                                   gnest_tree **out) {
  const char *fn = "gnest_tree_from_graph";
  if (out) *out = NULL;
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!g) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "graph is NULL");
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  if (root < 0 || root >= g->csr.n)
    return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, fn, 0, "root %d is outside [0, %d)", (int)root,
                    (int)g->csr.n);
  gnest_status st;
  int32_t *parent = gn_alloc(ctx, (size_t)g->csr.n, sizeof(int32_t), "the parent array", &st);
  if (!parent) return st;
  st = gn_spanning_tree_parents(ctx, &g->csr, root, parent);
  if (st == GNEST_OK) st = gn_tree_build(ctx, fn, g->csr.n, parent, out);
  free(parent);
  return st;
}

gnest_status gnest_tree_save(gnest_ctx *ctx, const gnest_tree *t, const char *path) {
  const char *fn = "gnest_tree_save";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!t) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "tree is NULL");
  if (!path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "path is NULL");
  return gn_write_tree(ctx, path, t->n, t->parent);
}

gnest_status gnest_tree_write_parents(gnest_ctx *ctx, int32_t n, const int32_t *parent,
                                      const char *path) {
  const char *fn = "gnest_tree_write_parents";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!parent) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "parent is NULL");
  if (!path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "path is NULL");
  if (n < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "negative node count n = %d", (int)n);
  if (n == 0) return gn_error(ctx, GNEST_ERR_INVALID_INPUT, fn, 0, "empty tree (n = 0)");
  int32_t root;
  gnest_status st = gn_find_root(ctx, fn, n, parent, &root);
  if (st == GNEST_OK) st = gn_check_no_cycle(ctx, fn, n, parent, root);
  return st == GNEST_OK ? gn_write_tree(ctx, path, n, parent) : st;
}

void gnest_tree_free(gnest_tree *t) { gn_tree_release(t); }

int32_t gnest_tree_num_nodes(const gnest_tree *t) { return t ? t->n : 0; }
int32_t gnest_tree_root(const gnest_tree *t) { return t ? t->root : -1; }

void gnest_tree_arrays(const gnest_tree *t, const int32_t **parent, const int64_t **child_offsets,
                       const int32_t **children) {
  if (parent) *parent = t ? t->parent : NULL;
  if (child_offsets) *child_offsets = t ? t->child_offsets : NULL;
  if (children) *children = t ? t->children : NULL;
}

gnest_status gnest_tree_stats_get(gnest_ctx *ctx, const gnest_tree *t, gnest_tree_stats *out) {
  const char *fn = "gnest_tree_stats_get";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!t) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "tree is NULL");
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  out->n = t->n;
  out->root = t->root;
  out->depth = t->depth;
  out->leaves = t->leaves;
  out->max_out_degree = t->max_out_degree;
  out->nodes_per_level = t->nodes_per_level;
  out->children_per_level = t->children_per_level;
  out->max_degree_per_level = t->max_degree_per_level;
  return GNEST_OK;
}
