/* gnest-build: rdc
 * Backend "cdp-warp": workload consolidation at warp level (Wu thesis ch. 4). A thread per item;
 * the heavy items of a warp (inner trip count above the threshold) are written to the
 * consolidation buffer (preallocated for the pass's items, no device malloc), and the warp's
 * first heavy lane launches ONE child grid for all of them: kc items per child block
 * (default KC_32: one block for the warp), each item's post work after a block barrier. Passes
 * and loops run on the device (devloop.cuh).
 *
 * Options read: threshold (default 32), kc (default 32), schedule, block_size, launch_limit. */
#include "sched/devloop.cuh"

template <class V>
__global__ void gn_cdp_warp_parent(V v, gn_items items, int32_t count, gn_step s, gn_dp_call c) {
  unsigned long long edges = 0;
  gn_chunk_loop(count, &c.pass->chunk, c.dynamic, [&](int64_t k, bool has) {
    const int32_t i = has ? gn_item_at(items, k) : 0;
    int64_t b = 0, en = 0;
    const bool heavy = gn_dp_split(v, has, i, s, c, b, en, edges);
    const unsigned mask = __ballot_sync(0xffffffffu, heavy);
    if (!mask) return;
    const int lane = (int)(threadIdx.x & 31), leader = __ffs(mask) - 1;
    int32_t at = 0;
    if (lane == leader) at = gn_dp_pool_reserve(c, __popc(mask));
    at = __shfl_sync(0xffffffffu, at, leader);
    if (at < 0) { /* buffer full: the lanes run their items themselves */
      if (heavy) edges += gn_dp_serial(v, i, b, en, s);
      return;
    }
    if (heavy) c.pool[at + __popc(mask & ((1u << lane) - 1u))] = i;
    __syncwarp();
    if (lane == leader) gn_dp_launch_consolidated(v, c.pool + at, __popc(mask), s, c);
  });
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
}

struct gn_cdp_warp {
  static constexpr int32_t kPendingPerHeavy = 1; /* at most one child per heavy item's warp */
  static constexpr int32_t kDefaultKc = 32;

  GN_DP_LAUNCH_PARENT(gn_cdp_warp_parent, c.block)
};

GN_BACKEND_OPS(CDP_WARP, gn_dp_backend<gn_cdp_warp>)
