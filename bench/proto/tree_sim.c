/* The Euler-tour method, pass by pass as src/algos/tree_euler.cu runs it, on the host.
 *
 * Each pass is one loop over its threads, calling the per-thread functions of
 * src/algos/tree_euler.h that the kernels call; passes run one after another, as kernels on one
 * stream do. Within a pass no thread reads what another writes, except through the double
 * buffers of the pointer jumping, so the loop order is irrelevant: what this computes is what
 * the GPU computes. The counts are what a pass costs on the GPU: its threads, the longest chain
 * of dependent reads in one thread, and the bytes of the array elements it reads and writes
 * (every element counted once per access, no cache model). */
#include <stdlib.h>
#include <string.h>

#include "algos/tree_euler.h"
#include "tree_sim.h"

typedef struct sim {
  proto_pass_fn on_pass;
  void *user;
  proto_tree_totals *totals;
} sim;

static void pass_done(sim *s, const char *name, int64_t threads, int64_t longest, int64_t read,
                      int64_t written) {
  const proto_pass p = {name, threads, longest, read, written};
  s->totals->passes++;
  s->totals->bytes_read += read;
  s->totals->bytes_written += written;
  if (s->on_pass != NULL) s->on_pass(s->user, &p);
}

/* The device arrays of one call (allocated as the GPU path allocates them). */
typedef struct arrays {
  int32_t *slot, *owner, *succ, *rank, *depth, *sparse;
  int32_t *heads;
  gn_sublist *a, *b;
} arrays;

static void arrays_free(arrays *x) {
  free(x->slot), free(x->owner), free(x->succ), free(x->rank), free(x->depth), free(x->sparse);
  free(x->heads), free(x->a), free(x->b);
}

static int32_t *ints(int64_t count) { return malloc((size_t)(count > 0 ? count : 1) * 4); }

/* ---- the tree's successor function ------------------------------------------------------- */

/* slot, then owner: marks (zeroed, then each parent's index where its children start) in the
 * rank array, which is free until the ranks are written, and their running maximum. */
static void slots_and_owners(sim *s, const proto_tree *t, arrays *x) {
  const int32_t n = t->n;
  memset(x->rank, 0, 4 * (size_t)(n > 1 ? n - 1 : 1));
  pass_done(s, "zero marks", n - 1, 1, 0, 4 * (int64_t)(n - 1));
  int64_t marked = 0;
  for (int32_t i = 0; i < n; ++i) {
    gn_euler_slot_and_mark(i, n, t->root, t->child_offsets, t->children, x->slot, x->rank);
    marked += t->child_offsets[i] < t->child_offsets[i + 1];
  }
  pass_done(s, "slot and marks", n, 1, 4 * (int64_t)(n - 1) + 8 * ((int64_t)n + 1),
            4 * (int64_t)n + 4 * marked);
  int32_t running = 0;
  for (int32_t k = 0; k < n - 1; ++k) {
    running = x->rank[k] > running ? x->rank[k] : running;
    x->owner[k] = running;
  }
  pass_done(s, "owner scan", n - 1, 1, 4 * (int64_t)(n - 1), 4 * (int64_t)(n - 1));
}

static void successors(sim *s, const proto_tree *t, arrays *x) {
  const gn_euler_tree et = {t->n, t->root, t->child_offsets, t->children, x->slot, x->owner};
  int64_t read = 8 * ((int64_t)t->n + 1); /* child_offsets, once over the enter tokens */
  for (int32_t token = 0; token < 2 * t->n; ++token) {
    x->succ[token] = gn_euler_succ(&et, token);
    const int32_t v = gn_euler_node(token);
    if (gn_euler_is_enter(token)) read += t->child_offsets[v] < t->child_offsets[v + 1] ? 4 : 0;
    else if (v != t->root) read += 12 + (gn_euler_is_enter(x->succ[token]) ? 4 : 0);
  }
  pass_done(s, "successors", 2 * (int64_t)t->n, 3, read, 8 * (int64_t)t->n);
}

/* ---- list ranking -------------------------------------------------------------------------- */

/* Counted first (a reduction; the count is read back to size the splitters' arrays), then
 * listed in increasing token order (a selection). */
static int32_t select_splitters(sim *s, int32_t n, int32_t head, uint32_t gap, uint64_t salt,
                                int32_t *heads) {
  int32_t count = 0;
  for (int32_t token = 0; token < 2 * n; ++token)
    count += gn_euler_is_splitter(token, head, gap, salt);
  pass_done(s, "count splitters", 2 * (int64_t)n, 1, 0, 4);
  int32_t listed = 0;
  for (int32_t token = 0; token < 2 * n; ++token)
    if (gn_euler_is_splitter(token, head, gap, salt)) heads[listed++] = token;
  pass_done(s, "list splitters", 2 * (int64_t)n, 1, 0, 4 * (int64_t)listed);
  return count;
}

static void measure(sim *s, int32_t head, uint32_t gap, uint64_t salt, int32_t count,
                    arrays *x) {
  int64_t read = 0, longest = 0;
  const int64_t search = gn_ceil_log2((uint32_t)count) + 1;
  for (int32_t i = 0; i < count; ++i) {
    int32_t length, weight;
    const int32_t after =
        gn_euler_measure(x->succ, x->heads[i], head, gap, salt, &length, &weight);
    const gn_sublist x_i = {length, weight, after < 0 ? -1 : gn_index_of(x->heads, count, after), 0};
    x->a[i] = x_i;
    read += 4 + 4 * (int64_t)length + (after < 0 ? 0 : 4 * search);
    if (length > longest) longest = length;
  }
  s->totals->longest_walk = longest;
  pass_done(s, "measure", count, longest + search, read, 16 * (int64_t)count);
}

/* Ceil(log2(count)) passes; returns the buffer holding the suffix sums. */
static const gn_sublist *jump(sim *s, int32_t count, arrays *x) {
  gn_sublist *in = x->a, *out = x->b;
  for (int32_t r = gn_ceil_log2((uint32_t)count); r > 0; --r) {
    int64_t read = 0;
    for (int32_t i = 0; i < count; ++i) {
      read += in[i].next < 0 ? 16 : 32;
      gn_euler_jump(i, in, out);
    }
    pass_done(s, "jump", count, 2, read, 16 * (int64_t)count);
    s->totals->jump_passes++;
    gn_sublist *swap = in;
    in = out;
    out = swap;
  }
  return in;
}

static void assign(sim *s, int32_t n, int32_t head, uint32_t gap, uint64_t salt, int32_t count,
                   const gn_sublist *sums, arrays *x) {
  for (int32_t i = 0; i < count; ++i)
    gn_euler_assign(x->succ, x->heads[i], head, gap, salt, 2 * n - sums[i].length,
                    -sums[i].weight, x->rank, x->depth);
  /* Per splitter its head and sums; the walks read every token's successor once and write its
   * position once, and every node's depth when asked. */
  const int64_t read = 20 * (int64_t)count + 8 * (int64_t)n;
  const int64_t written = 8 * (int64_t)n + (x->depth ? 4 * (int64_t)n : 0);
  pass_done(s, "assign", count, s->totals->longest_walk, read, written);
}

/* ---- outputs ---------------------------------------------------------------------------- */

static void descendants_pass(sim *s, int32_t n, const int32_t *rank, int32_t *out) {
  for (int32_t v = 0; v < n; ++v) out[v] = gn_euler_descendants(rank, v);
  pass_done(s, "descendants", n, 1, 8 * (int64_t)n, 4 * (int64_t)n);
}

/* The reads gn_rmq_max makes for [l, r]. */
static int64_t rmq_reads(int32_t l, int32_t r) {
  const int32_t bl = l / GN_RMQ_BLOCK, br = r / GN_RMQ_BLOCK;
  if (bl == br) return r - l + 1;
  return (int64_t)(bl + 1) * GN_RMQ_BLOCK - l + (r - br * GN_RMQ_BLOCK + 1) + (br - bl > 1 ? 2 : 0);
}

static void heights_passes(sim *s, const proto_tree *t, arrays *x, int32_t *desc, int32_t *out) {
  const int32_t n = t->n, blocks = gn_rmq_blocks(n), levels = gn_rmq_levels(n);
  int32_t *values = x->slot; /* the preorder depths reuse slot, free once succ is built */
  for (int32_t v = 0; v < n; ++v) values[gn_euler_preorder(x->rank, x->depth, v)] = x->depth[v];
  pass_done(s, "preorder depths", n, 2, 8 * (int64_t)n, 4 * (int64_t)n);
  for (int32_t b = 0; b < blocks; ++b) x->sparse[b] = gn_rmq_block_max(values, n, b);
  pass_done(s, "block maxima", blocks, GN_RMQ_BLOCK, 4 * (int64_t)n, 4 * (int64_t)blocks);
  for (int32_t j = 1; j < levels; ++j) {
    const int32_t *below = x->sparse + (int64_t)(j - 1) * blocks;
    int32_t *level = x->sparse + (int64_t)j * blocks;
    for (int32_t b = 0; b < blocks; ++b) level[b] = gn_rmq_sparse_entry(below, blocks, j, b);
    pass_done(s, "sparse level", blocks, 2, 8 * (int64_t)blocks, 4 * (int64_t)blocks);
    s->totals->sparse_passes++;
  }
  const gn_rmq q = {values, x->sparse, n, blocks, levels};
  int64_t read = 0, longest = 0;
  for (int32_t v = 0; v < n; ++v) {
    desc[v] = gn_euler_descendants(x->rank, v);
    const int32_t pre = gn_euler_preorder(x->rank, x->depth, v);
    out[v] = gn_euler_height(&q, pre, desc[v], x->depth[v]);
    const int64_t r = rmq_reads(pre, pre + desc[v] - 1);
    read += 12 + 4 * r;
    if (r > longest) longest = r;
  }
  pass_done(s, "heights", n, 2 + longest, read, 4 * (int64_t)n);
}

/* ---- the method ------------------------------------------------------------------------- */

static gnest_status arrays_alloc(arrays *x, int32_t n, int32_t max_splitters, int heights) {
  memset(x, 0, sizeof *x);
  const int32_t blocks = gn_rmq_blocks(n), levels = gn_rmq_levels(n);
  x->slot = ints(n), x->owner = ints(n - 1), x->succ = ints(2 * (int64_t)n);
  x->rank = ints(2 * (int64_t)n), x->heads = ints(max_splitters);
  x->a = malloc((size_t)max_splitters * sizeof *x->a);
  x->b = malloc((size_t)max_splitters * sizeof *x->b);
  int ok = x->slot && x->owner && x->succ && x->rank && x->heads && x->a && x->b;
  if (ok && heights) {
    x->depth = ints(n);
    x->sparse = ints((int64_t)blocks * levels);
    ok = x->depth && x->sparse;
  }
  if (ok) return GNEST_OK;
  arrays_free(x);
  return GNEST_ERR_OUT_OF_MEMORY;
}

/* What the GPU path allocates: the sublist arrays are sized by the splitters found. */
static int64_t device_bytes(int32_t n, int32_t splitters, int heights) {
  int64_t bytes = 4 * (int64_t)n                  /* slot (then the preorder depths) */
                  + 4 * (int64_t)n                /* owner */
                  + 16 * (int64_t)n               /* succ, rank */
                  + 4 * (int64_t)n                /* the output */
                  + 36 * (int64_t)splitters;      /* heads, two sublist buffers */
  if (heights) bytes += 4 * (int64_t)n + 4 * (int64_t)gn_rmq_blocks(n) * gn_rmq_levels(n);
  return bytes;
}

static int valid_tree(const proto_tree *t) {
  return t != NULL && t->child_offsets != NULL && (t->n <= 1 || t->children != NULL) &&
         t->n >= 1 && t->n <= GN_EULER_MAX_NODES && t->root >= 0 && t->root < t->n;
}

/* The parent array of the children CSR (the root's entry -1), hashed as the library hashes the
 * handle's own: gn_euler_salt. */
gnest_status proto_tree_salt(const proto_tree *t, uint64_t *salt) {
  if (!valid_tree(t) || salt == NULL) return GNEST_ERR_INVALID_ARGUMENT;
  int32_t *parent = ints(t->n);
  if (parent == NULL) return GNEST_ERR_OUT_OF_MEMORY;
  parent[t->root] = -1;
  for (int32_t v = 0; v < t->n; ++v)
    for (int64_t k = t->child_offsets[v]; k < t->child_offsets[v + 1]; ++k)
      parent[t->children[k]] = v;
  *salt = gn_euler_salt(t->n, parent);
  free(parent);
  return GNEST_OK;
}

gnest_status proto_tree_euler(const proto_tree *t, uint32_t gap, int32_t *descendants,
                              int32_t *heights, proto_pass_fn on_pass, void *user,
                              proto_tree_totals *totals) {
  uint64_t salt;
  const gnest_status st = proto_tree_salt(t, &salt);
  if (st != GNEST_OK) return st;
  return proto_tree_euler_salted(t, gap, salt, descendants, heights, on_pass, user, totals);
}

gnest_status proto_tree_euler_salted(const proto_tree *t, uint32_t gap, uint64_t salt,
                                     int32_t *descendants, int32_t *heights,
                                     proto_pass_fn on_pass, void *user,
                                     proto_tree_totals *totals) {
  if (!valid_tree(t) || descendants == NULL || totals == NULL) return GNEST_ERR_INVALID_ARGUMENT;
  if (gap == 0) gap = gn_euler_gap(t->n);
  if (gap < 2 || (gap & (gap - 1)) != 0) return GNEST_ERR_INVALID_ARGUMENT;
  memset(totals, 0, sizeof *totals);
  totals->gap = gap;
  totals->salt = salt;
  const int32_t n = t->n, head = gn_euler_enter(t->root);
  arrays x;
  /* Room for every token to be a splitter here; the GPU sizes the splitters' arrays by the
   * count it reads back. */
  gnest_status st = arrays_alloc(&x, n, 2 * n, heights != NULL);
  if (st != GNEST_OK) return st;
  sim s = {on_pass, user, totals};
  slots_and_owners(&s, t, &x);
  successors(&s, t, &x);
  const int32_t count = select_splitters(&s, n, head, gap, salt, x.heads);
  totals->splitters = count;
  measure(&s, head, gap, salt, count, &x);
  const gn_sublist *sums = jump(&s, count, &x);
  assign(&s, n, head, gap, salt, count, sums, &x);
  if (heights == NULL) descendants_pass(&s, n, x.rank, descendants);
  else heights_passes(&s, t, &x, descendants, heights);
  totals->device_bytes = device_bytes(n, count, heights != NULL);
  arrays_free(&x);
  return GNEST_OK;
}
