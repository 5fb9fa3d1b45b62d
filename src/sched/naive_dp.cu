/* gnest-build: rdc
 * Backend "naive-dp": the baseline of the dynamic-parallelism papers (Wu thesis ch. 3; Olabi et
 * al., CGO 2022, "CDP"). A thread per item; an item whose inner trip count exceeds the threshold
 * launches its own child grid (a thread per inner iteration, fire-and-forget stream) from its
 * thread (the heavy lanes of a warp in turn: see the parent kernel); the item's post work runs
 * in a grid the child tail-launches, after all of the child's blocks. No optimisation on
 * purpose: it is what the consolidating backends are measured against. Passes and loops run on
 * the device (devloop.cuh).
 *
 * Options read: threshold (default 32), schedule, block_size, launch_limit. */
#include "sched/devloop.cuh"

template <class V>
__global__ void gn_naive_dp_parent(V v, gn_items items, int32_t count, gn_step s, gn_dp_call c) {
  unsigned long long edges = 0;
  gn_chunk_loop(count, &c.pass->chunk, c.dynamic, [&](int64_t k, bool has) {
    bool heavy = false;
    int32_t i = 0;
    int64_t b = 0, en = 0;
    if (has) {
      i = gn_item_at(items, k);
      if (v.pre(i, s)) {
        b = v.begin(i);
        en = v.end(i);
        heavy = en - b > c.threshold;
        if (!heavy) edges += gn_dp_serial(v, i, b, en, s);
      }
    }
    /* The warp's heavy lanes launch their children one after another, not at the same time:
     * with simultaneous launches from several lanes of a warp, each child tail-launching its
     * post, a run sometimes never finished (coloring on a dense core, H200 with CUDA 13: 6 of 16
     * runs; a grid ran without end while no visitor loop did). One lane at a time: 12 of 12
     * finished. Each heavy item still launches its own child from its own thread. The body is
     * called by every thread of the CTA (gn_chunk_loop), so the whole warp is here. */
    unsigned turns = __ballot_sync(0xffffffffu, heavy);
    while (turns) {
      if ((int)(threadIdx.x & 31) == __ffs(turns) - 1) gn_dp_launch_range(v, i, b, en, s, c);
      turns &= turns - 1;
      __syncwarp();
    }
  });
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
}

struct gn_naive_dp {
  static constexpr int32_t kPendingPerHeavy = 2; /* the child and its tail-launched post */
  static constexpr int32_t kDefaultKc = 1;       /* unused: no consolidation */

  GN_DP_LAUNCH_PARENT(gn_naive_dp_parent, c.block)
};

GN_BACKEND_OPS(NAIVE_DP, gn_dp_backend<gn_naive_dp>)
