/* gnest_tree_descendants and gnest_tree_heights, in the recursive form (gn_run_recursive), as
 * the CPU reference (src/cpu/tree.c). Every node starts at 1 (itself / a leaf's height); the
 * levels run deepest first, and each node folds in its children's values, which are final
 * because the children's level ran before. The engine keeps the level loop on the device where
 * the backend can, so chains of 100,000 levels need no host work per level from here. */
#include "algo.cuh"
#include "tree.cuh"

template <class V>
static gnest_status tree_on_device(gn_engine &e, const gn_device_tree *dt, const gnest_tree *t,
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

gnest_status gnest_tree_descendants(gnest_ctx *ctx, const gnest_tree *t, int32_t *descendants,
                                    const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_call_begin(&call, ctx, GN_ALGO_TREE_DESCENDANTS, "gnest_tree_descendants", NULL, t,
                          opts, info),
      t,
      [&] { return gn_need_output(&call, descendants, "descendants"); },
      [&](gn_cpu_counts *c) { return gn_cpu_tree_descendants(t, descendants, c); },
      [&](gn_engine &e, const gn_device_tree *dt) {
        return tree_on_device<descendants_visitor>(e, dt, t, descendants);
      });
}

gnest_status gnest_tree_heights(gnest_ctx *ctx, const gnest_tree *t, int32_t *heights,
                                const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_call_begin(&call, ctx, GN_ALGO_TREE_HEIGHTS, "gnest_tree_heights", NULL, t, opts,
                          info),
      t,
      [&] { return gn_need_output(&call, heights, "heights"); },
      [&](gn_cpu_counts *c) { return gn_cpu_tree_heights(t, heights, c); },
      [&](gn_engine &e, const gn_device_tree *dt) {
        return tree_on_device<heights_visitor>(e, dt, t, heights);
      });
}
