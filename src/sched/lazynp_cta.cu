/* gnest-build: rdc
 * Backend "lazynp-cta": LazyNP with the Next-Level Kernel dispatched from the device per CTA
 * (Ozen thesis ch. 5). The parent pass is lazynp's (lazynp.cuh): light items run in their thread,
 * a heavy item's context (item, first inner index still to run; w-boost runs the warp's common
 * trip count first) is saved in the CTA's segment of the context buffer. A CTA's parent work is
 * a chunk of block_size items (the thesis's CTA; gnest's parent grids are resident grids taking
 * chunks); the last warp of the CTA to finish the chunk launches one NLK for the contexts the CTA
 * saved: a CTA per context, or a warp with granularity=warp, each striding over the rest of the
 * inner loop, post work after a barrier. Each launch takes a ticket (devloop.cuh); a warp refused
 * one runs the contexts itself, so nothing waits for a launch. Passes and loops run on the
 * device (devloop.cuh).
 *
 * Options read: threshold (default 32), granularity (warp: a warp per context), wboost,
 * schedule, block_size, launch_limit. */
#include "sched/lazynp_dev.cuh"

/* The contexts the CTA saves in its current chunk. */
struct gn_lazynp_cta_list {
  int32_t count;           /* contexts saved in the chunk */
  int32_t at;              /* their first slot in the context buffer; -1 = buffer full */
  unsigned int warps_done; /* warps through the chunk's parent work */
};

/* Called by every thread after its context is saved. The CTA's last warp to get here launches
 * the NLK for the chunk's contexts (or runs them itself without a ticket) and resets the list.
 * The other warps go on to the next chunk meanwhile: chunks alternate between two lists, and the
 * next chunk's barriers keep every warp from reusing this list before the reset. */
template <class V>
__device__ __forceinline__ unsigned long long gn_lazynp_cta_dispatch(const V &v,
                                                                    gn_lazynp_cta_list &list,
                                                                    const gn_step &s,
                                                                    const gn_dp_call &c) {
  const int lane = (int)(threadIdx.x & 31);
  unsigned last = 0;
  __syncwarp();
  if (lane == 0) {
    __threadfence(); /* the warp's saved contexts before it counts itself done */
    last = atomicAdd(&list.warps_done, 1u) == blockDim.x / 32 - 1;
  }
  if (!__shfl_sync(0xffffffffu, last, 0)) return 0;
  const int32_t n = list.count, at = list.at;
  unsigned long long edges = 0;
  if (at >= 0 && n > 0) {
    int here = 0;
    if (lane == 0) here = !gn_lazynp_dispatch(v, at, n, s, c);
    if (__shfl_sync(0xffffffffu, here, 0)) edges = gn_lazynp_run_here(v, at, n, s, c);
  }
  __syncwarp();
  if (lane == 0) {
    list.count = 0;
    list.warps_done = 0;
  }
  return edges;
}

template <class V>
__global__ void gn_lazynp_cta_parent(V v, gn_items items, int32_t count, gn_step s,
                                     gn_dp_call c) {
  __shared__ gn_lazynp_cta_list lists[2];
  if (threadIdx.x < 2) {
    lists[threadIdx.x].count = 0;
    lists[threadIdx.x].warps_done = 0;
  }
  __syncthreads();
  unsigned long long edges = 0;
  unsigned round = 0; /* the same in every thread: the chunk loop is block-uniform */
  gn_chunk_loop(count, &c.pass->chunk, c.dynamic, [&](int64_t k, bool has) {
    gn_lazynp_cta_list &list = lists[round++ & 1u];
    const int32_t i = has ? gn_item_at(items, k) : 0;
    int64_t resume = 0;
    const bool heavy = gn_lazynp_split(v, has, i, s, c.threshold, c.wboost, &resume, edges);
    const int32_t mine = heavy ? atomicAdd(&list.count, 1) : 0;
    __syncthreads();
    if (threadIdx.x == 0) list.at = list.count ? gn_dp_pool_reserve(c, list.count) : 0;
    __syncthreads();
    if (heavy && list.at < 0) { /* buffer full: the thread runs the rest itself */
      edges += gn_dp_serial(v, i, resume, v.end(i), s);
    } else if (heavy) {
      c.pool[list.at + mine] = i;
      c.pool_begin[list.at + mine] = resume;
    }
    edges += gn_lazynp_cta_dispatch(v, list, s, c);
  });
  gn_pass_end(c.pass, c.edges, edges, c.dynamic);
}

struct gn_lazynp_cta {
  GN_LAZYNP_DEV_MEMBERS
  GN_DP_LAUNCH_PARENT(gn_lazynp_cta_parent, c.block)
};

GN_BACKEND_OPS(LAZYNP_CTA, gn_dp_backend<gn_lazynp_cta>)
