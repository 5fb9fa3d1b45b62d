/* gnest-build: rdc
 * Backend "hier": the hierarchical recursive template (Wu thesis fig. 2e). The parent grid is
 * block-mapped over the items (a CTA per item, its threads over the item's inner loop: the
 * thread-mapped level below); an item whose inner trip count exceeds the threshold is launched as
 * a child grid by its CTA's first thread, so device launches happen at block level only (one per
 * heavy item: 513 on a full tree of out-degree 512 and three levels). The child's tail launch
 * runs the item's post work. Passes and loops run on the device (devloop.cuh).
 *
 * Options read: threshold (default 32), schedule, block_size, launch_limit. */
#include "sched/devloop.cuh"

/* What a CTA's first thread decided for the item at hand. */
struct gn_hier_slot {
  int64_t position; /* in the pass's item list; >= count: the CTA is done */
  int64_t begin, end;
  int32_t item;
  bool run_here;    /* the CTA runs the inner loop itself */
};

template <class V>
__device__ __forceinline__ void gn_hier_take(const V &v, const gn_items &items, int32_t count,
                                             const gn_step &s, const gn_dp_call &c, int64_t round,
                                             gn_hier_slot &slot) {
  slot.position = c.dynamic ? (int64_t)atomicAdd(&c.pass->chunk, 1u)
                            : (int64_t)blockIdx.x + round * gridDim.x;
  slot.run_here = false;
  if (slot.position >= count) return;
  slot.item = gn_item_at(items, slot.position);
  if (!v.pre(slot.item, s)) return;
  slot.begin = v.begin(slot.item);
  slot.end = v.end(slot.item);
  if (slot.end - slot.begin > c.threshold)
    gn_dp_launch_range(v, slot.item, slot.begin, slot.end, s, c); /* block-level launch */
  else
    slot.run_here = true;
}

template <class V>
__global__ void gn_hier_parent(V v, gn_items items, int32_t count, gn_step s, gn_dp_call c) {
  __shared__ gn_hier_slot slot;
  unsigned long long edges = 0;
  for (int64_t round = 0;; ++round) {
    if (threadIdx.x == 0) gn_hier_take(v, items, count, s, c, round, slot);
    __syncthreads();
    if (slot.position >= count) break;
    if (slot.run_here) {
      for (int64_t e = slot.begin + threadIdx.x; e < slot.end; e += blockDim.x) {
        v.edge(slot.item, e, s);
        ++edges;
      }
      if constexpr (V::kHasPost) {
        __syncthreads(); /* every edge of the item done and visible to the CTA */
        if (threadIdx.x == 0) v.post(slot.item, s);
      }
    }
    __syncthreads(); /* everyone has read slot before the first thread takes the next item */
  }
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
}

struct gn_hier {
  static constexpr int32_t kPendingPerHeavy = 2; /* the child and its tail-launched post */
  static constexpr int32_t kDefaultKc = 1;       /* unused: no consolidation */

  GN_DP_LAUNCH_PARENT(gn_hier_parent, 1)
};

GN_BACKEND_OPS(HIER, gn_dp_backend<gn_hier>)
