/* gnest-build: rdc
 * Backend "cdp-grid": workload consolidation at grid level (Wu thesis ch. 4). A thread per item;
 * every heavy item of the pass (inner trip count above the threshold) goes to one consolidation
 * buffer (preallocated, no device malloc); the last parent CTA to finish, found with the
 * counter-based global barrier of section 4.2.5, launches ONE child grid for all of them: kc items
 * per child block (default KC_1: a block per item), each item's post work after a block barrier.
 * One device launch per pass. Passes and loops run on the device (devloop.cuh).
 *
 * Options read: threshold (default 32), kc (default 1), schedule, block_size, launch_limit. */
#include "sched/devloop.cuh"

template <class V>
__global__ void gn_cdp_grid_parent(V v, gn_items items, int32_t count, gn_step s, gn_dp_call c) {
  unsigned long long edges = 0;
  gn_chunk_loop(count, &c.pass->chunk, c.dynamic, [&](int64_t k, bool has) {
    const int32_t i = has ? gn_item_at(items, k) : 0;
    int64_t b = 0, en = 0;
    if (!gn_dp_split(v, has, i, s, c, b, en, edges)) return;
    const int32_t at = gn_append_slot(c.pool_count);
    if (at < c.pool_capacity) c.pool[at] = i;
    else edges += gn_dp_serial(v, i, b, en, s); /* buffer full: run it here */
  });
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
  /* Global barrier (section 4.2.5): the last CTA to arrive sees every CTA's appends. */
  __syncthreads();
  if (threadIdx.x != 0) return;
  __threadfence();
  if (atomicAdd(&c.flags->grid_done, 1) != (int32_t)gridDim.x - 1) return;
  c.flags->grid_done = 0;
  const int32_t appended = *(volatile int32_t *)c.pool_count;
  gn_dp_launch_consolidated(v, c.pool, appended < c.pool_capacity ? appended : c.pool_capacity, s,
                            c);
}

struct gn_cdp_grid {
  static constexpr int32_t kPendingPerHeavy = 0; /* one child per pass */
  static constexpr int32_t kDefaultKc = 1;

  GN_DP_LAUNCH_PARENT(gn_cdp_grid_parent, c.block)
};

GN_BACKEND_OPS(CDP_GRID, gn_dp_backend<gn_cdp_grid>)
