/* gnest-build: rdc
 * Backend "cdp-block": workload consolidation at block level (Wu thesis ch. 4). A thread per
 * item; the heavy items a CTA meets in one chunk of its items (inner trip count above the
 * threshold) go to the consolidation buffer (preallocated, no device malloc), and the CTA's
 * first thread launches ONE child grid for all of them after a barrier: kc items per child block
 * (default KC_16), each item's post work after a block barrier. Passes and loops run on the
 * device (devloop.cuh).
 *
 * Options read: threshold (default 32), kc (default 16), schedule, block_size, launch_limit. */
#include "sched/devloop.cuh"

/* The CTA's heavy items of the current chunk. */
struct gn_cdp_block_list {
  int32_t count; /* heavy items of the chunk */
  int32_t at;    /* their first slot in the consolidation buffer; -1 = buffer full */
};

template <class V>
__global__ void gn_cdp_block_parent(V v, gn_items items, int32_t count, gn_step s, gn_dp_call c) {
  __shared__ gn_cdp_block_list list;
  unsigned long long edges = 0;
  gn_chunk_loop(count, &c.pass->chunk, c.dynamic, [&](int64_t k, bool has) {
    if (threadIdx.x == 0) list.count = 0;
    __syncthreads();
    const int32_t i = has ? gn_item_at(items, k) : 0;
    int64_t b = 0, en = 0;
    const bool heavy = gn_dp_split(v, has, i, s, c, b, en, edges);
    const int32_t mine = heavy ? atomicAdd(&list.count, 1) : 0;
    __syncthreads();
    if (threadIdx.x == 0) list.at = list.count ? gn_dp_pool_reserve(c, list.count) : 0;
    __syncthreads();
    if (heavy) {
      if (list.at < 0) edges += gn_dp_serial(v, i, b, en, s); /* buffer full: run it here */
      else c.pool[list.at + mine] = i;
    }
    __syncthreads();
    if (threadIdx.x == 0 && list.at >= 0)
      gn_dp_launch_consolidated(v, c.pool + list.at, list.count, s, c);
    __syncthreads(); /* list is reset only after the first thread has launched */
  });
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
}

struct gn_cdp_block {
  static constexpr int32_t kPendingPerHeavy = 1; /* at most one child per heavy item's chunk */
  static constexpr int32_t kDefaultKc = 16;

  GN_DP_LAUNCH_PARENT(gn_cdp_block_parent, c.block)
};

GN_BACKEND_OPS(CDP_BLOCK, gn_dp_backend<gn_cdp_block>)
