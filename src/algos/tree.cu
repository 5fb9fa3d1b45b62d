/* gnest_tree_descendants and gnest_tree_heights on a device backend, by one of two methods
 * (gnest_options.tree_method; tree_method.c picks for auto and says why in gnest_info.reason):
 *
 * levels  the recursive form (gn_run_recursive), as the CPU reference (src/cpu/tree.c): every
 *         node starts at 1 (itself / a leaf's height); the levels run deepest first through the
 *         backend, each node folding in its children's values, final because their level ran
 *         before. One dependent pass per level: cheap for wide trees, 3.6 us a level on flat.
 * euler   the Euler tour and list ranking of tree_euler.h: about 2 log2(n) + 10 dependent
 *         passes of element-wise kernels whatever the depth, O(n) work. No backend loop runs;
 *         the backend only names the run. */
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <cuda/functional>

#include "algos/prims.cuh"
#include "algos/tree.cuh"
#include "algos/tree_euler.h"
#include "algos/tree_method.h"

/* ---- levels ---------------------------------------------------------------------------------- */

template <class V>
static gnest_status tree_by_levels(gn_engine &e, const gn_device_tree *dt, const gnest_tree *t,
                                   int32_t *out) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = t->n;
  int32_t *value = nullptr;
  GN_TRY(scratch.alloc(&value, (size_t)n + 1, "tree values"));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<int32_t>, value, n, 1, -1, 0);
  V v;
  v.child_offsets = dt->child_offsets;
  v.children = dt->children;
  v.value = value;
  GN_TRY(gn_run_recursive(e, v, dt->order, t->level_offsets, t->depth));
  call->iterations = t->depth;
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(ctx, out, value, sizeof(int32_t) * (size_t)n);
}

/* ---- euler: one kernel per pass, each thread calling tree_euler.h ---------------------------- */

__global__ void euler_slot_mark_kernel(int32_t n, int32_t root, const int64_t *child_offsets,
                                       const int32_t *children, int32_t *slot, int32_t *marks) {
  gn_for_each_index(n, [&](int64_t i) {
    gn_euler_slot_and_mark((int32_t)i, n, root, child_offsets, children, slot, marks);
  });
}

__global__ void euler_succ_kernel(gn_euler_tree t, int32_t *succ) {
  gn_for_each_index(2 * (int64_t)t.n, [&](int64_t token) {
    succ[token] = gn_euler_succ(&t, (int32_t)token);
  });
}

__global__ void euler_measure_kernel(const int32_t *succ, const int32_t *heads, int32_t count,
                                     int32_t head, uint32_t gap, uint64_t salt,
                                     gn_sublist *lists) {
  gn_for_each_index(count, [&](int64_t i) {
    gn_sublist s;
    const int32_t after =
        gn_euler_measure(succ, heads[i], head, gap, salt, &s.length, &s.weight);
    s.next = after < 0 ? -1 : gn_index_of(heads, count, after);
    s.unused = 0;
    lists[i] = s;
  });
}

__global__ void euler_jump_kernel(int32_t count, const gn_sublist *in, gn_sublist *out) {
  gn_for_each_index(count, [&](int64_t i) { gn_euler_jump((int32_t)i, in, out); });
}

__global__ void euler_assign_kernel(const int32_t *succ, const int32_t *heads,
                                    const gn_sublist *sums, int32_t count, int32_t n, int32_t head,
                                    uint32_t gap, uint64_t salt, int32_t *rank, int32_t *depth) {
  gn_for_each_index(count, [&](int64_t i) {
    gn_euler_assign(succ, heads[i], head, gap, salt, 2 * n - sums[i].length, -sums[i].weight,
                    rank, depth);
  });
}

__global__ void euler_descendants_kernel(int32_t n, const int32_t *rank, int32_t *out) {
  gn_for_each_index(n, [&](int64_t v) { out[v] = gn_euler_descendants(rank, (int32_t)v); });
}

__global__ void euler_preorder_kernel(int32_t n, const int32_t *rank, const int32_t *depth,
                                      int32_t *values) {
  gn_for_each_index(n, [&](int64_t v) {
    values[gn_euler_preorder(rank, depth, (int32_t)v)] = depth[v];
  });
}

__global__ void euler_block_max_kernel(const int32_t *values, int32_t n, int32_t blocks,
                                       int32_t *level0) {
  gn_for_each_index(blocks, [&](int64_t b) { level0[b] = gn_rmq_block_max(values, n, (int32_t)b); });
}

/* Level j of the sparse table from level j - 1 (the regions do not overlap). */
__global__ void euler_sparse_kernel(int32_t *sparse, int32_t blocks, int32_t j) {
  const int32_t *below = sparse + (int64_t)(j - 1) * blocks;
  int32_t *level = sparse + (int64_t)j * blocks;
  gn_for_each_index(blocks, [&](int64_t b) {
    level[b] = gn_rmq_sparse_entry(below, blocks, j, (int32_t)b);
  });
}

__global__ void euler_heights_kernel(gn_rmq q, const int32_t *rank, const int32_t *depth,
                                     int32_t *out) {
  gn_for_each_index(q.n, [&](int64_t i) {
    const int32_t v = (int32_t)i;
    out[v] = gn_euler_height(&q, gn_euler_preorder(rank, depth, v),
                             gn_euler_descendants(rank, v), depth[v]);
  });
}

/* The splitters: the first token of the tour and the tokens whose hash, salted with the tree's
 * salt (gnest_tree.euler_salt), picks them. */
struct euler_splitter {
  int32_t head;
  uint32_t gap;
  uint64_t salt;
  __host__ __device__ bool operator()(int32_t token) const {
    return gn_euler_is_splitter(token, head, gap, salt);
  }
};
struct euler_splitter_flag {
  euler_splitter is;
  __host__ __device__ int32_t operator()(int32_t token) const { return is(token) ? 1 : 0; }
};

/* The method's device arrays. The owner marks live in rank, the preorder depths in slot: each is
 * free at the time (rank until the ranks are assigned, slot once the successors are built). */
struct euler_arrays {
  int32_t n, root;
  euler_splitter split;
  int32_t *slot, *owner, *succ, *rank, *depth, *sparse, *out, *count;
  int32_t *heads;          /* [splitters], once counted */
  gn_sublist *lists[2];    /* pointer jumping, double-buffered */
  int32_t splitters;
};

static gnest_status euler_alloc(gn_engine &e, const gnest_tree *t, bool heights, euler_arrays &x) {
  gn_scratch &s = *e.scratch;
  const size_t n = (size_t)t->n;
  x.n = t->n;
  x.root = t->root;
  x.split = {gn_euler_enter(t->root), gn_euler_gap(t->n), t->euler_salt};
  GN_TRY(s.alloc(&x.slot, n, "euler tour: slots"));
  GN_TRY(s.alloc(&x.owner, n > 1 ? n - 1 : 1, "euler tour: owners"));
  GN_TRY(s.alloc(&x.succ, 2 * n, "euler tour: successors"));
  GN_TRY(s.alloc(&x.rank, 2 * n, "euler tour: positions"));
  GN_TRY(s.alloc(&x.out, n, "tree values"));
  GN_TRY(s.alloc(&x.count, 1, "euler tour: splitter count"));
  if (!heights) return GNEST_OK;
  GN_TRY(s.alloc(&x.depth, n, "euler tour: depths"));
  return s.alloc(&x.sparse, (size_t)gn_rmq_blocks(t->n) * gn_rmq_levels(t->n),
                 "euler tour: range-maximum table");
}

/* slot and owner (zeroed marks, marks, running maximum), then every token's successor. */
static gnest_status euler_successors(gn_engine &e, const gn_device_tree *dt, euler_arrays &x) {
  const int32_t n = x.n;
  int32_t *marks = x.rank;
  GN_TRY(gn_memset(e.ctx, marks, 0, sizeof(int32_t) * (size_t)(n - 1)));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, euler_slot_mark_kernel, n, x.root,
            dt->child_offsets, dt->children, x.slot, marks);
  if (n > 1)
    GN_TRY(gn_cub(e, "euler tour: owners", [&](void *tmp, size_t &bytes) {
      return cub::DeviceScan::InclusiveScan(tmp, bytes, marks, x.owner, cuda::maximum<>{}, n - 1,
                                            e.stream);
    }));
  const gn_euler_tree t = {n, x.root, dt->child_offsets, dt->children, x.slot, x.owner};
  GN_KERNEL(e, gn_grid_for(2 * (int64_t)n, e.block), e.block, euler_succ_kernel, t, x.succ);
  return GNEST_OK;
}

/* Counts the splitters (read back to size their arrays), then lists them in token order. */
static gnest_status euler_splitters(gn_engine &e, euler_arrays &x) {
  const thrust::counting_iterator<int32_t> tokens(0);
  const int32_t num_tokens = 2 * x.n;
  const auto flags = thrust::make_transform_iterator(tokens, euler_splitter_flag{x.split});
  GN_TRY(gn_cub(e, "euler tour: splitter count", [&](void *tmp, size_t &bytes) {
    return cub::DeviceReduce::Sum(tmp, bytes, flags, x.count, num_tokens, e.stream);
  }));
  GN_TRY(gn_to_host(e.ctx, &x.splitters, x.count, sizeof x.splitters));
  if (x.splitters < 1 || x.splitters > num_tokens)
    return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0,
                    "euler tour: %d splitters counted among %d tokens", x.splitters, num_tokens);
  GN_TRY(e.scratch->alloc(&x.heads, (size_t)x.splitters, "euler tour: splitters"));
  GN_TRY(e.scratch->alloc(&x.lists[0], (size_t)x.splitters, "euler tour: sublists"));
  GN_TRY(e.scratch->alloc(&x.lists[1], (size_t)x.splitters, "euler tour: sublists"));
  return gn_cub(e, "euler tour: splitters", [&](void *tmp, size_t &bytes) {
    return cub::DeviceSelect::If(tmp, bytes, tokens, x.heads, x.count, num_tokens, x.split,
                                 e.stream);
  });
}

/* List ranking: measure the sublists, rank the splitters by pointer jumping, assign every
 * token's position (and every node's depth when depth is allocated). */
static gnest_status euler_rank(gn_engine &e, euler_arrays &x) {
  const int32_t count = x.splitters;
  const int grid = gn_grid_for(count, e.block);
  GN_KERNEL(e, grid, e.block, euler_measure_kernel, x.succ, x.heads, count, x.split.head,
            x.split.gap, x.split.salt, x.lists[0]);
  int cur = 0;
  for (int32_t r = gn_ceil_log2((uint32_t)count); r > 0; --r, cur ^= 1)
    GN_KERNEL(e, grid, e.block, euler_jump_kernel, count, x.lists[cur], x.lists[cur ^ 1]);
  GN_KERNEL(e, grid, e.block, euler_assign_kernel, x.succ, x.heads, x.lists[cur], count, x.n,
            x.split.head, x.split.gap, x.split.salt, x.rank, x.depth);
  return GNEST_OK;
}

/* Depths in preorder, their block maxima and sparse table, one range maximum per node. */
static gnest_status euler_heights(gn_engine &e, euler_arrays &x) {
  const int32_t n = x.n, blocks = gn_rmq_blocks(n), levels = gn_rmq_levels(n);
  int32_t *values = x.slot;
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, euler_preorder_kernel, n, x.rank, x.depth, values);
  GN_KERNEL(e, gn_grid_for(blocks, e.block), e.block, euler_block_max_kernel, values, n, blocks,
            x.sparse);
  for (int32_t j = 1; j < levels; ++j)
    GN_KERNEL(e, gn_grid_for(blocks, e.block), e.block, euler_sparse_kernel, x.sparse, blocks, j);
  const gn_rmq q = {values, x.sparse, n, blocks, levels};
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, euler_heights_kernel, q, x.rank, x.depth, x.out);
  return GNEST_OK;
}

static gnest_status tree_by_euler(gn_engine &e, const gn_device_tree *dt, const gnest_tree *t,
                                  bool heights, int32_t *out) {
  gn_call *call = e.call;
  euler_arrays x = {};
  GN_TRY(euler_alloc(e, t, heights, x));
  GN_TRY(gn_timer_start(e.ctx));
  GN_TRY(euler_successors(e, dt, x));
  GN_TRY(euler_splitters(e, x));
  GN_TRY(euler_rank(e, x));
  if (heights) GN_TRY(euler_heights(e, x));
  else GN_KERNEL(e, gn_grid_for(x.n, e.block), e.block, euler_descendants_kernel, x.n, x.rank, x.out);
  call->iterations = gn_euler_passes(x.n, x.splitters, heights);
  call->edges_visited = t->n - 1; /* child links, as the CPU counts them */
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(e.ctx, out, x.out, sizeof(int32_t) * (size_t)x.n);
}

/* ---- the public functions ------------------------------------------------------------------ */

/* The tree as the CPU reference reads it (src/cpu knows no tree handle). */
static gn_cpu_tree cpu_tree_of(const gnest_tree *t) {
  return {t->n, t->depth, t->child_offsets, t->children, t->order};
}

/* The method for this call (tree_method.c), appended to the reason. */
static gnest_status pick_method(gn_call *call, const gnest_tree *t, bool heights,
                                gnest_tree_method *method) {
  char why[128];
  *method = gn_tree_method_pick(call->opts.tree_method, t->n, t->depth, heights, why, sizeof why);
  call->method = *method == GNEST_TREE_METHOD_EULER ? "euler" : "levels";
  gn_reason_appendf(call, "; %s", why);
  if (*method == GNEST_TREE_METHOD_EULER && t->n > GN_EULER_MAX_NODES)
    return gn_error(call->ctx, GNEST_ERR_TOO_LARGE, call->fn, 0,
                    "tree_method=euler: %d nodes, more than the %d its int32 tour positions "
                    "allow (use tree_method=levels or auto)", (int)t->n, (int)GN_EULER_MAX_NODES);
  return GNEST_OK;
}

template <class V>
static gnest_status tree_on_device(gn_engine &e, const gn_device_tree *dt, const gnest_tree *t,
                                   bool heights, int32_t *out) {
  gnest_tree_method method;
  GN_TRY(pick_method(e.call, t, heights, &method));
  if (method == GNEST_TREE_METHOD_EULER) return tree_by_euler(e, dt, t, heights, out);
  return tree_by_levels<V>(e, dt, t, out);
}

gnest_status gnest_tree_descendants(gnest_ctx *ctx, const gnest_tree *t, int32_t *descendants,
                                    const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call,
      gn_algo_begin(&call, ctx, GNEST_ALGO_TREE_DESCENDANTS, "gnest_tree_descendants", NULL, t,
                    opts, info),
      t,
      [&] { return gn_need_output(&call, descendants, "descendants"); },
      [&](gn_cpu_counts *c) {
        const gn_cpu_tree view = cpu_tree_of(t);
        return gn_cpu_tree_descendants(&view, descendants, c);
      },
      [&](gn_engine &e, const gn_device_tree *dt) {
        return tree_on_device<descendants_visitor>(e, dt, t, false, descendants);
      });
}

gnest_status gnest_tree_heights(gnest_ctx *ctx, const gnest_tree *t, int32_t *heights,
                                const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_TREE_HEIGHTS, "gnest_tree_heights", NULL, t, opts,
                          info),
      t,
      [&] { return gn_need_output(&call, heights, "heights"); },
      [&](gn_cpu_counts *c) {
        const gn_cpu_tree view = cpu_tree_of(t);
        return gn_cpu_tree_heights(&view, heights, c);
      },
      [&](gn_engine &e, const gn_device_tree *dt) {
        return tree_on_device<heights_visitor>(e, dt, t, true, heights);
      });
}

/* gnest_run's entries (algos.def). */
gnest_status gn_run_tree_descendants(gnest_ctx *ctx, const gnest_run_input *in,
                                     gnest_result *out, const gnest_options *opts,
                                     gnest_info *info) {
  return gnest_tree_descendants(ctx, in->tree, out->values_i32, opts, info);
}

gnest_status gn_run_tree_heights(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                                 const gnest_options *opts, gnest_info *info) {
  return gnest_tree_heights(ctx, in->tree, out->values_i32, opts, info);
}
