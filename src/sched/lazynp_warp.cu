/* gnest-build: rdc
 * Backend "lazynp-warp": LazyNP with the Next-Level Kernel dispatched from the device per warp
 * (Ozen thesis ch. 5). The parent pass is lazynp's (lazynp.cuh): light items run in their thread,
 * a heavy item's context (item, first inner index still to run; w-boost runs the warp's common
 * trip count first) is saved in the warp's segment of the context buffer, and once the warp is
 * through its items' parent work its first saving lane launches one NLK for the contexts the warp
 * saved: a CTA per context, or a warp with granularity=warp, each striding over the rest of the
 * inner loop, post work after a barrier. No CTA-wide barrier is needed. Each launch takes a
 * ticket (devloop.cuh); a warp refused one runs its contexts itself, so nothing waits for a
 * launch. Passes and loops run on the device (devloop.cuh).
 *
 * Options read: threshold (default 32), granularity (warp: a warp per context), wboost,
 * schedule, block_size, launch_limit. */
#include "sched/lazynp_dev.cuh"

template <class V>
__global__ void gn_lazynp_warp_parent(V v, gn_items items, int32_t count, gn_step s,
                                      gn_dp_call c) {
  unsigned long long edges = 0;
  gn_chunk_loop(count, &c.pass->chunk, c.dynamic, [&](int64_t k, bool has) {
    const int32_t i = has ? gn_item_at(items, k) : 0;
    int64_t resume = 0;
    const bool heavy = gn_lazynp_split(v, has, i, s, c.threshold, c.wboost, &resume, edges);
    const unsigned mask = __ballot_sync(0xffffffffu, heavy);
    if (!mask) return;
    const int lane = (int)(threadIdx.x & 31), leader = __ffs(mask) - 1;
    const int32_t n = __popc(mask);
    int32_t at = 0;
    if (lane == leader) at = gn_dp_pool_reserve(c, n);
    at = __shfl_sync(0xffffffffu, at, leader);
    if (at < 0) { /* buffer full: the lanes run the rest of their items themselves */
      if (heavy) edges += gn_dp_serial(v, i, resume, v.end(i), s);
      return;
    }
    if (heavy) {
      const int32_t slot = at + __popc(mask & ((1u << lane) - 1u));
      c.pool[slot] = i;
      c.pool_begin[slot] = resume;
    }
    __syncwarp();
    int here = 0;
    if (lane == leader) here = !gn_lazynp_dispatch(v, at, n, s, c);
    if (__shfl_sync(0xffffffffu, here, leader)) edges += gn_lazynp_run_here(v, at, n, s, c);
  });
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
}

struct gn_lazynp_warp {
  GN_LAZYNP_DEV_MEMBERS
  GN_DP_LAUNCH_PARENT(gn_lazynp_warp_parent, c.block)
};

GN_BACKEND_OPS(LAZYNP_WARP, gn_dp_backend<gn_lazynp_warp>)
