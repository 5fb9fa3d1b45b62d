/* gnest_cc: weakly connected components by hooking and pointer jumping (Shiloach & Vishkin
 * 1982), every round one pass of the backend over all arcs and one pointer-jumping kernel:
 *   1. hook (cc_hook_visitor): an arc whose ends carry different labels a < b lowers label[b]
 *      to a (atomicMin), so a larger root hangs under a smaller one;
 *   2. compress (cc_compress_kernel): every vertex walks up to its root and takes it as label.
 * Rounds stop after a hook pass that found every arc's ends alike. Labels only ever point to
 * smaller ids of the same component, so the final roots are the components' smallest ids: the
 * labels of the CPU's union-find (src/cpu/cc.c), on every backend. An arc joins its ends in
 * either direction, so a directed graph needs no reverse arcs. */
#include "algos/algo.cuh"
#include "algos/cc.cuh"
#include "algos/components.cuh"

/* Every vertex takes its root as label: each walk publishes every step in its own label, so a
 * walk that reaches a label another walk has already moved up goes on from there. Labels only
 * point to smaller ids (cc_hook_visitor), so every walk ends at a root. */
__global__ void cc_compress_kernel(int32_t *label, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) {
    int32_t x = gn_load_now(&label[v]);
    for (;;) {
      const int32_t up = gn_load_now(&label[x]);
      if (up == x) break;
      x = up;
      *(volatile int32_t *)&label[v] = x;
    }
  });
}

__global__ void cc_init_kernel(int32_t *label, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) { label[v] = (int32_t)v; });
}

static gnest_status cc_on_device(gn_engine &e, const gn_device_graph *dg, int32_t *labels_out) {
  gnest_ctx *ctx = e.ctx;
  const int32_t n = dg->n;
  int32_t *label = nullptr, *changed = nullptr;
  GN_TRY(e.scratch->alloc(&label, (size_t)n, "component labels"));
  GN_TRY(e.scratch->alloc(&changed, 1, "component change flag"));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, cc_init_kernel, label, n);
  const cc_hook_visitor hook = {{dg->offsets, dg->cols}, label, changed};
  /* Every round that raises the flag lowers some label (the first arc it saw apart had two
   * roots), and labels never go below 0: the rounds end. */
  for (int32_t round = 0;; ++round) {
    GN_TRY(gn_memset(ctx, changed, 0, sizeof(int32_t)));
    GN_TRY(gn_run_pass(e, hook, gn_all_items(n), round, nullptr, nullptr, 0));
    GN_KERNEL(e, gn_grid_for(n, e.block), e.block, cc_compress_kernel, label, n);
    int32_t again = 0;
    GN_TRY(gn_to_host(ctx, &again, changed, sizeof again));
    GN_TRY(gn_engine_check(&e)); /* a dropped row would end the rounds too early */
    e.call->iterations = round + 1;
    if (!again) break;
  }
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(ctx, labels_out, label, sizeof(int32_t) * (size_t)n);
}

gnest_status gn_count_components(gn_call *call, const int32_t *labels, int32_t n,
                                 int32_t *num_components) {
  int32_t count = 0;
  for (int32_t v = 0; v < n; ++v) {
    const int32_t r = labels[v];
    if (r < 0 || r > v || labels[r] != r)
      return gn_error(call->ctx, GNEST_ERR_INTERNAL, call->fn, 0,
                      "vertex %d got component label %d from the %s backend", v, r,
                      gnest_backend_name(call->backend));
    count += r == v;
  }
  if (num_components) *num_components = count;
  return GNEST_OK;
}

gnest_status gn_components_call(gnest_ctx *ctx, gnest_algorithm algorithm, const char *fn,
                                const gnest_graph *g, int32_t *labels, int32_t *num_components,
                                const gnest_options *opts, gnest_info *info,
                                gn_cpu_components_fn *on_host, gn_device_components_fn *on_device) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, algorithm, fn, g, NULL, opts, info), g,
      [&] { return gn_need_output(&call, labels, "labels"); },
      [&](gn_cpu_counts *c) {
        int32_t count = 0;
        GN_TRY(on_host(&g->csr, labels, &count, c));
        if (num_components) *num_components = count;
        return GNEST_OK;
      },
      [&](gn_engine &e, const gn_device_graph *dg) {
        if (g->csr.n > 0) GN_TRY(on_device(e, dg, labels));
        return gn_count_components(&call, labels, g->csr.n, num_components);
      });
}

gnest_status gnest_cc(gnest_ctx *ctx, const gnest_graph *g, int32_t *labels,
                      int32_t *num_components, const gnest_options *opts, gnest_info *info) {
  return gn_components_call(ctx, GNEST_ALGO_CC, "gnest_cc", g, labels, num_components, opts, info,
                            gn_cpu_cc, cc_on_device);
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_cc(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                       const gnest_options *opts, gnest_info *info) {
  return gnest_cc(ctx, in->graph, out->values_i32, &out->num_components, opts, info);
}
