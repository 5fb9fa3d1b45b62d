/* gnest_tree_descendants and gnest_tree_heights: bottom-up reductions over a tree's levels, as
 * the CPU reference (src/cpu/tree.c). Every node starts at 1 (itself / a leaf's height); the
 * levels run deepest first, and each node folds in its children's values, which are final
 * because the children's level ran before. The engine keeps the level loop on the device where
 * the backend can, so chains of 100,000 levels need no host work per level from here. */
#include "visit.cuh"

struct tree_children {
  const int64_t *child_offsets;
  const int32_t *children;
  int32_t *value;
  __device__ int64_t begin(int32_t v) const { return child_offsets[v]; }
  __device__ int64_t end(int32_t v) const { return child_offsets[v + 1]; }
  __device__ bool pre(int32_t, const gn_step &) const { return true; }
  __device__ void post(int32_t, const gn_step &) const {}
};

/* Race-freedom (both visitors): value[child] was completed in the deeper level's pass (before a
 * kernel boundary or grid barrier; read from L2); value[v] is changed only by atomics of v's own
 * children arcs in this pass and read only in a later pass. */
struct descendants_visitor : tree_children {
  static constexpr bool kHasPost = false;
  __device__ void edge(int32_t v, int64_t e, const gn_step &) const {
    atomicAdd(&value[v], gn_load_now(&value[children[e]]));
  }
};

struct heights_visitor : tree_children {
  static constexpr bool kHasPost = false;
  __device__ void edge(int32_t v, int64_t e, const gn_step &) const {
    atomicMax(&value[v], gn_load_now(&value[children[e]]) + 1);
  }
};

template <class V>
static gnest_status tree_on_device(gn_call *call, const gnest_tree *t, int32_t *out) {
  gnest_ctx *ctx = call->ctx;
  const gn_device_tree *dt = nullptr;
  GN_TRY(gn_tree_on_device(ctx, t, &dt));
  gn_scratch scratch(ctx);
  gn_engine e;
  GN_TRY(gn_engine_init(&e, call, &scratch));
  const int32_t n = t->n;
  int32_t *value = nullptr;
  GN_TRY(scratch.alloc(&value, (size_t)n + 1, "tree values"));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, gn_fill_kernel<int32_t>, value, n, 1, -1, 0);
  V v;
  v.child_offsets = dt->child_offsets;
  v.children = dt->children;
  v.value = value;
  GN_TRY(gn_run_levels(e, v, dt->order, t->level_offsets, t->depth, true));
  GN_TRY(gn_timer_stop(ctx, &call->time_ms));
  call->iterations = t->depth;

  GN_TRY(gn_engine_finish(&e));
  return gn_to_host(ctx, out, value, sizeof(int32_t) * (size_t)n);
}

gnest_status gnest_tree_descendants(gnest_ctx *ctx, const gnest_tree *t, int32_t *descendants,
                                    const gnest_options *opts, gnest_info *info) {
  gn_call call;
  gnest_status st = gn_call_begin(&call, ctx, GN_ALGO_TREE_DESCENDANTS, "gnest_tree_descendants",
                                  NULL, t, opts, info);
  if (st != GNEST_OK) return st;
  st = gn_need_output(&call, descendants, "descendants");
  if (st == GNEST_OK && call.backend == GNEST_BACKEND_CPU) {
    gn_cpu_counts c = {0, 0};
    st = gn_cpu_finish(&call, gn_cpu_tree_descendants(t, descendants, &c), c);
  } else if (st == GNEST_OK && t->n > 0) {
    st = tree_on_device<descendants_visitor>(&call, t, descendants);
  }
  return gn_call_end(&call, st);
}

gnest_status gnest_tree_heights(gnest_ctx *ctx, const gnest_tree *t, int32_t *heights,
                                const gnest_options *opts, gnest_info *info) {
  gn_call call;
  gnest_status st = gn_call_begin(&call, ctx, GN_ALGO_TREE_HEIGHTS, "gnest_tree_heights", NULL, t,
                                  opts, info);
  if (st != GNEST_OK) return st;
  st = gn_need_output(&call, heights, "heights");
  if (st == GNEST_OK && call.backend == GNEST_BACKEND_CPU) {
    gn_cpu_counts c = {0, 0};
    st = gn_cpu_finish(&call, gn_cpu_tree_heights(t, heights, &c), c);
  } else if (st == GNEST_OK && t->n > 0) {
    st = tree_on_device<heights_visitor>(&call, t, heights);
  }
  return gn_call_end(&call, st);
}
