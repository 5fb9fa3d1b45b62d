/* gnest-build: rdc
 * The device-launch plumbing's end-to-end check (gnest_device_selftest): a parent grid launches
 * a child grid (fire-and-forget) and then a tail-launched grid, which runs after the parent and
 * all its children have finished (CDP2: a parent cannot wait for its children), and checks the
 * child's work. It proves that relocatable device code, the nvcc -dlink object inside libgnest
 * and the device runtime (cudadevrt) work on this device, before any backend relies on them. */
#include "core/device_api.h"
#include "sched/engine.cuh"

namespace {

constexpr int kChildThreads = 256;

struct selftest_state {
  int32_t values[kChildThreads]; /* written by the child */
  int32_t launch_error;          /* a device-side launch failed (cudaError_t) */
  int32_t verdict;               /* written by the tail grid: 1 = the child's values are right */
};

__global__ void selftest_child(selftest_state *st) {
  st->values[threadIdx.x] = 3 * (int32_t)threadIdx.x + 1;
}

__global__ void selftest_check(selftest_state *st) {
  __shared__ int bad;
  if (threadIdx.x == 0) bad = 0;
  __syncthreads();
  if (st->values[threadIdx.x] != 3 * (int32_t)threadIdx.x + 1) atomicAdd(&bad, 1);
  __syncthreads();
  if (threadIdx.x == 0) st->verdict = bad == 0 ? 1 : 0;
}

/* Every device-side launch is checked on the device (a failed launch never runs its grid, and
 * the host's synchronisation would not say so): the error is recorded for the host. */
__global__ void selftest_parent(selftest_state *st) {
  if (threadIdx.x != 0) return;
  selftest_child<<<1, kChildThreads, 0, cudaStreamFireAndForget>>>(st);
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) {
    selftest_check<<<1, kChildThreads, 0, cudaStreamTailLaunch>>>(st);
    err = cudaGetLastError();
  }
  if (err != cudaSuccess) st->launch_error = (int32_t)err;
}

}  // namespace

extern "C" gnest_status gnest_device_selftest(gnest_ctx *ctx) {
  const char *fn = "gnest_device_selftest";
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "ctx is NULL");
  if (!ctx->dev)
    return gn_error(ctx, GNEST_ERR_NO_DEVICE, fn, 0, "no CUDA device in this context (%s)",
                    ctx->device_name);
  GN_TRY(gn_device_make_current(ctx));
  gn_scratch scratch(ctx);
  selftest_state *d_state = nullptr;
  GN_TRY(scratch.alloc(&d_state, 1, "device self-test state"));
  GN_TRY(gn_memset(ctx, d_state, 0, sizeof *d_state));
  selftest_parent<<<1, 32, 0, ctx->dev->stream>>>(d_state);
  GN_LAUNCHED(ctx);
  selftest_state st;
  GN_TRY(gn_to_host(ctx, &st, d_state, sizeof st)); /* synchronises the stream */
  if (st.launch_error)
    return gn_error(ctx, GNEST_ERR_CUDA, fn, 0, "a device-side launch failed: %s",
                    cudaGetErrorString((cudaError_t)st.launch_error));
  if (st.verdict != 1)
    return gn_error(ctx, GNEST_ERR_CUDA, fn, 0,
                    "the tail-launched grid found the child grid's results wrong or missing");
  return GNEST_OK;
}
