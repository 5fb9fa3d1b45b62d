/* Device side of a context: CUDA error mapping, stream and events, the caching memory pool,
 * graph / tree upload, copies, timing, and the device degree statistics. */
#include <atomic>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <new>

#include "core/device.cuh"
#include "core/device_api.h"

/* ---------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------- */

/* Errors after which the CUDA context is corrupted: every later CUDA call fails too. */
static bool gn_cuda_error_is_sticky(cudaError_t err) {
  switch (err) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorContextIsDestroyed:
      return true;
    default:
      return false;
  }
}

gnest_status gn_cuda_error(gnest_ctx *ctx, cudaError_t err, const char *what, const char *file,
                           int line) {
  gnest_status st =
      err == cudaErrorMemoryAllocation ? GNEST_ERR_DEVICE_OUT_OF_MEMORY : GNEST_ERR_CUDA;
  bool sticky = gn_cuda_error_is_sticky(err);
  /* Clears a non-sticky error so that it is not reported again by the next unrelated check. */
  (void)cudaGetLastError();
  return gn_error(ctx, st, "CUDA", 0, "%s: %s: %s (%s:%d)%s", what ? what : "CUDA call",
                  cudaGetErrorName(err), cudaGetErrorString(err), file ? file : "?", line,
                  sticky ? "; this error is sticky: the device context is unusable from now on, "
                           "free every gnest object and restart the process"
                         : "");
}

/* ---------------------------------------------------------------------------------------------
 * Context open / close
 * ------------------------------------------------------------------------------------------- */

static void gn_pool_release(gn_device *d);

static void gn_device_destroy(gn_device *d) {
  if (!d) return;
  if (d->stream) cudaStreamSynchronize(d->stream);
  gn_stage_ahead_wait(d);
  gn_stage_destroy(d->stage);
  gn_pool_release(d);
  free(d->cache);
  if (d->ev_start) cudaEventDestroy(d->ev_start);
  if (d->ev_stop) cudaEventDestroy(d->ev_stop);
  if (d->stream) cudaStreamDestroy(d->stream);
  free(d);
}

static gnest_status gn_device_init(gnest_ctx *ctx, gn_device *d, int id) {
  GN_CUDA(ctx, cudaSetDevice(id));
  cudaDeviceProp prop;
  GN_CUDA(ctx, cudaGetDeviceProperties(&prop, id));
  GN_CUDA(ctx, cudaStreamCreateWithFlags(&d->stream, cudaStreamNonBlocking));
  GN_CUDA(ctx, cudaEventCreate(&d->ev_start));
  GN_CUDA(ctx, cudaEventCreate(&d->ev_stop));
  d->id = id;
  d->sm_count = prop.multiProcessorCount;
  d->max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
  d->total_mem = prop.totalGlobalMem;
  GN_CUDA(ctx, cudaDeviceGetAttribute(&d->concurrent_managed, cudaDevAttrConcurrentManagedAccess, id));
  snprintf(ctx->device_name, sizeof ctx->device_name, "%.200s (device %d, sm_%d%d)", prop.name, id,
           prop.major, prop.minor);
  return GNEST_OK;
}

gnest_status gn_device_open(gnest_ctx *ctx, int id) {
  gn_device *d = static_cast<gn_device *>(calloc(1, sizeof(gn_device)));
  if (!d)
    return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, "gn_device_open", 0,
                    "cannot allocate %zu bytes for the device state", sizeof(gn_device));
  d->timer_began_ms = -1.0;
  gnest_status st = gn_device_init(ctx, d, id);
  if (st != GNEST_OK) {
    gn_device_destroy(d);
    return st;
  }
  ctx->dev = d;
  ctx->has_device = 1;
  ctx->device = id;
  return GNEST_OK;
}

void gn_device_close(gnest_ctx *ctx) {
  if (!ctx || !ctx->dev) return;
  cudaSetDevice(ctx->dev->id);
  gn_device_destroy(ctx->dev);
  ctx->dev = NULL;
  ctx->has_device = 0;
}

extern "C" gnest_status gn_device_attach(gnest_ctx *ctx, int id) { return gn_device_open(ctx, id); }
extern "C" void gn_device_detach(gnest_ctx *ctx) { gn_device_close(ctx); }

extern "C" int gn_device_concurrent_managed(const gnest_ctx *ctx) {
  return ctx && ctx->dev && ctx->dev->concurrent_managed;
}

extern "C" gnest_status gn_device_make_current(gnest_ctx *ctx) {
  if (!ctx || !ctx->dev)
    return gn_error(ctx, GNEST_ERR_NO_DEVICE, "gn_device_make_current", 0,
                    "this context has no CUDA device (%s)", ctx ? ctx->device_name : "no context");
  GN_CUDA(ctx, cudaSetDevice(ctx->dev->id));
  return GNEST_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Caching pool
 * ------------------------------------------------------------------------------------------- */

static const size_t kGnSmallLimit = (size_t)1 << 20; /* 1 MiB */
static const size_t kGnSmallStep = 256;

/* Size classes: multiples of 256 B up to 1 MiB; above, four classes per power of two
 * (2^k, 1.25, 1.5, 1.75 x 2^k), so at most 25% is wasted and repeated calls with similar sizes
 * reuse blocks. 0 when the rounded size would overflow. */
static size_t gn_pool_round(size_t bytes) {
  if (bytes == 0) return kGnSmallStep;
  if (bytes <= kGnSmallLimit) return (bytes + kGnSmallStep - 1) / kGnSmallStep * kGnSmallStep;
  int top = 63;
  while (!((bytes >> top) & 1)) --top;
  size_t quarter = (size_t)1 << (top - 2);
  if (bytes > SIZE_MAX - quarter) return 0;
  return (bytes + quarter - 1) / quarter * quarter;
}

/* ---- What gnest holds on each device, for the testing limit (gnest_ctx_options). Graph and tree
 * copies outlive calls and may be freed after their context, so the count is per device and
 * process-wide, not per context. */
static const int kGnMaxDevices = 64;
static std::atomic<size_t> gn_held[kGnMaxDevices];
static std::atomic<size_t> gn_pooled[kGnMaxDevices]; /* of which free blocks the pools keep */
static std::atomic<size_t> gn_use_peak[kGnMaxDevices]; /* of held - pooled, since the reset */

static size_t gn_in_use(int device) { return gn_held[device].load() - gn_pooled[device].load(); }

static void gn_note_peak(int device) {
  const size_t now = gn_in_use(device);
  size_t peak = gn_use_peak[device].load();
  while (now > peak && !gn_use_peak[device].compare_exchange_weak(peak, now)) {
  }
}

static void gn_held_add(int device, size_t bytes) {
  if (device < 0 || device >= kGnMaxDevices) return;
  gn_held[device] += bytes;
  gn_note_peak(device);
}
static void gn_held_sub(int device, size_t bytes) {
  if (device >= 0 && device < kGnMaxDevices) gn_held[device] -= bytes;
}
/* A pool block freed for reuse (+) or taken again (-). */
static void gn_pooled_add(int device, size_t bytes) {
  if (device >= 0 && device < kGnMaxDevices) gn_pooled[device] += bytes;
}
static void gn_pooled_sub(int device, size_t bytes) {
  if (device < 0 || device >= kGnMaxDevices) return;
  gn_pooled[device] -= bytes;
  gn_note_peak(device);
}

static size_t gn_held_on(int device) {
  return device >= 0 && device < kGnMaxDevices ? gn_held[device].load() : 0;
}

extern "C" size_t gn_device_bytes_held(const gnest_ctx *ctx) {
  return ctx && ctx->dev ? gn_held_on(ctx->dev->id) : 0;
}

extern "C" void gn_device_peak_reset(const gnest_ctx *ctx) {
  if (ctx && ctx->dev && ctx->dev->id >= 0 && ctx->dev->id < kGnMaxDevices)
    gn_use_peak[ctx->dev->id] = gn_in_use(ctx->dev->id);
}

extern "C" size_t gn_device_bytes_peak(const gnest_ctx *ctx) {
  if (!ctx || !ctx->dev || ctx->dev->id < 0 || ctx->dev->id >= kGnMaxDevices) return 0;
  return gn_use_peak[ctx->dev->id].load();
}

/* Frees the pool's cached blocks once the stream's queued work, which may still use them, is done;
 * keeps them when that wait fails (its error is returned). */
static cudaError_t gn_pool_release_idle(gn_device *d) {
  const cudaError_t sync = cudaStreamSynchronize(d->stream);
  if (sync == cudaSuccess) gn_pool_release(d);
  return sync;
}

extern "C" void gn_device_release_cache(gnest_ctx *ctx) {
  /* a failed wait is reported by the next call that synchronizes */
  if (ctx && ctx->dev) (void)gn_pool_release_idle(ctx->dev);
}

extern "C" void gn_device_set_memory_limit(gnest_ctx *ctx, size_t bytes) {
  if (ctx && ctx->dev) ctx->dev->memory_limit = bytes;
}

static void gn_pool_release(gn_device *d) {
  for (int i = 0; i < d->cache_len; ++i) {
    cudaFree(d->cache[i].ptr);
    gn_held_sub(d->id, d->cache[i].bytes);
    gn_pooled_sub(d->id, d->cache[i].bytes);
  }
  d->cache_len = 0;
  d->cached_bytes = 0;
}

/* The out-of-memory failure: how much was needed and how much was free, under the testing limit
 * or as the device reports it. */
static gnest_status gn_device_oom(gnest_ctx *ctx, size_t bytes, const char *what) {
  const gn_device *d = ctx->dev;
  const size_t held = gn_device_bytes_held(ctx);
  (void)cudaGetLastError(); /* the failed cudaMalloc's error, reported here */
  if (d->memory_limit > 0)
    return gn_error(ctx, GNEST_ERR_DEVICE_OUT_OF_MEMORY, "", 0,
                    "out of device memory: %zu bytes needed for %s, %zu free under the device "
                    "memory limit of %zu bytes (gnest holds %zu)",
                    bytes, what ? what : "a buffer", held < d->memory_limit ? d->memory_limit - held : 0,
                    d->memory_limit, held);
  size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) (void)cudaGetLastError();
  return gn_error(ctx, GNEST_ERR_DEVICE_OUT_OF_MEMORY, "", 0,
                  "out of device memory: %zu bytes needed for %s, %zu free of %zu on the device "
                  "(gnest holds %zu)",
                  bytes, what ? what : "a buffer", free_bytes, total, held);
}

/* cudaMalloc (or cudaMallocManaged, attached globally) within the testing limit: an allocation
 * beyond it fails as the device would. Counted in what gnest holds on the device. */
static cudaError_t gn_malloc_limited(gn_device *d, void **ptr, size_t bytes, bool managed = false) {
  if (d->memory_limit > 0 && (bytes > d->memory_limit || gn_held_on(d->id) > d->memory_limit - bytes))
    return cudaErrorMemoryAllocation;
  cudaError_t e = managed ? cudaMallocManaged(ptr, bytes, cudaMemAttachGlobal) : cudaMalloc(ptr, bytes);
  if (e == cudaSuccess) gn_held_add(d->id, bytes);
  return e;
}

/* The status of an allocation by `api` that returned e: out of memory says how much was needed
 * and free, another error names the call. *ptr is NULL on failure. */
static gnest_status gn_alloc_status(gnest_ctx *ctx, cudaError_t e, void **ptr, size_t bytes,
                                    const char *what, const char *api) {
  if (e == cudaSuccess) return GNEST_OK;
  *ptr = nullptr;
  if (e == cudaErrorMemoryAllocation) return gn_device_oom(ctx, bytes, what);
  char msg[400];
  snprintf(msg, sizeof msg, "%s of %zu bytes for %s", api, bytes, what ? what : "a buffer");
  return gn_cuda_error(ctx, e, msg, __FILE__, __LINE__);
}

/* A device (or, managed, a managed) allocation; out of memory with idle pool blocks cached, the
 * blocks are released and it is tried once more (the cache counts against the memory limit). */
static gnest_status gn_malloc_retry(gnest_ctx *ctx, void **ptr, size_t bytes, const char *what,
                                    bool managed = false) {
  cudaError_t e = gn_malloc_limited(ctx->dev, ptr, bytes, managed);
  if (e == cudaErrorMemoryAllocation && ctx->dev && ctx->dev->cache_len > 0) {
    (void)cudaGetLastError(); /* the failed cudaMalloc's error, handled here by retrying */
    const cudaError_t sync = gn_pool_release_idle(ctx->dev);
    if (sync != cudaSuccess)
      return gn_cuda_error(ctx, sync, "cudaStreamSynchronize before releasing the pool", __FILE__,
                           __LINE__);
    e = gn_malloc_limited(ctx->dev, ptr, bytes, managed);
  }
  return gn_alloc_status(ctx, e, ptr, bytes, what, managed ? "cudaMallocManaged" : "cudaMalloc");
}

gnest_status gn_dev_alloc(gnest_ctx *ctx, void **ptr, size_t bytes, const char *what) {
  if (!ptr)
    return gn_error(ctx, GNEST_ERR_INTERNAL, "gn_dev_alloc", 0, "NULL output for %s", what);
  *ptr = nullptr;
  if (!ctx || !ctx->dev)
    return gn_error(ctx, GNEST_ERR_NO_DEVICE, "gn_dev_alloc", 0,
                    "device buffer for %s requested on a context without a CUDA device", what);
  size_t rounded = gn_pool_round(bytes);
  if (rounded == 0)
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, "gn_dev_alloc", 0,
                    "device buffer of %zu bytes for %s is too large", bytes, what);
  gn_device *d = ctx->dev;
  for (int i = d->cache_len - 1; i >= 0; --i) {
    if (d->cache[i].bytes != rounded) continue;
    *ptr = d->cache[i].ptr;
    d->cache[i] = d->cache[--d->cache_len];
    d->cached_bytes -= rounded;
    gn_pooled_sub(d->id, rounded);
    return GNEST_OK;
  }
  return gn_malloc_retry(ctx, ptr, rounded, what);
}

/* The bytes a managed buffer of `bytes` takes: whole units, and one more, so that a unit-aligned
 * start fits inside whatever address the driver returns. 0 when that would overflow. */
static size_t gn_managed_size(size_t bytes) {
  const size_t units = bytes / kGnManagedUnit + (bytes % kGnManagedUnit != 0) + 1;
  return units > SIZE_MAX / kGnManagedUnit ? 0 : units * kGnManagedUnit;
}

gnest_status gn_managed_alloc(gnest_ctx *ctx, void **base, void **ptr, size_t bytes,
                              const char *what) {
  if (!base || !ptr)
    return gn_error(ctx, GNEST_ERR_INTERNAL, "gn_managed_alloc", 0, "NULL output for %s", what);
  *base = *ptr = nullptr;
  if (!ctx || !ctx->dev)
    return gn_error(ctx, GNEST_ERR_NO_DEVICE, "gn_managed_alloc", 0,
                    "managed buffer for %s requested on a context without a CUDA device", what);
  const size_t size = gn_managed_size(bytes);
  if (size == 0)
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, "gn_managed_alloc", 0,
                    "managed buffer of %zu bytes for %s is too large", bytes, what);
  GN_TRY(gn_malloc_retry(ctx, base, size, what, true));
  const uintptr_t at = ((uintptr_t)*base + kGnManagedUnit - 1) & ~(uintptr_t)(kGnManagedUnit - 1);
  *ptr = (void *)at;
  return GNEST_OK;
}

void gn_managed_free(gnest_ctx *ctx, void *base, size_t bytes) {
  if (!base) return;
  (void)cudaFree(base); /* waits for the device; an error is reported by the next checked call */
  if (ctx && ctx->dev) gn_held_sub(ctx->dev->id, gn_managed_size(bytes));
}

/* Keeps the block for reuse. Blocks are reused only by later work on the same stream, which runs
 * after the work that used them, so no synchronisation is needed here. */
void gn_dev_free(gnest_ctx *ctx, void *ptr, size_t bytes) {
  if (!ptr) return;
  if (!ctx || !ctx->dev) {
    cudaFree(ptr);
    return;
  }
  gn_device *d = ctx->dev;
  if (d->cache_len == d->cache_cap) {
    int cap = d->cache_cap ? 2 * d->cache_cap : 32;
    void *grown = realloc(d->cache, (size_t)cap * sizeof(gn_pool_block));
    if (!grown) {
      cudaFree(ptr);
      gn_held_sub(d->id, gn_pool_round(bytes));
      return;
    }
    d->cache = static_cast<gn_pool_block *>(grown);
    d->cache_cap = cap;
  }
  size_t rounded = gn_pool_round(bytes);
  d->cache[d->cache_len].ptr = ptr;
  d->cache[d->cache_len].bytes = rounded;
  d->cache_len++;
  d->cached_bytes += rounded;
  gn_pooled_add(d->id, rounded);
}

/* ---------------------------------------------------------------------------------------------
 * Copies and timing
 * ------------------------------------------------------------------------------------------- */

static gnest_status gn_need_device(gnest_ctx *ctx, const char *fn) {
  if (ctx && ctx->dev) return GNEST_OK;
  return gn_error(ctx, GNEST_ERR_NO_DEVICE, fn, 0, "this context has no CUDA device");
}

gnest_status gn_to_device(gnest_ctx *ctx, void *dst, const void *src, size_t bytes) {
  GN_TRY(gn_need_device(ctx, "gn_to_device"));
  if (bytes == 0) return GNEST_OK;
  bool staged = false;
  GN_CUDA(ctx, gn_stage_upload(ctx->dev, dst, src, bytes, &staged));
  /* From pageable memory the call returns once src has been staged: src may be reused at once. */
  if (!staged)
    GN_CUDA(ctx, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, ctx->dev->stream));
  return GNEST_OK;
}

gnest_status gn_to_host(gnest_ctx *ctx, void *dst, const void *src, size_t bytes) {
  GN_TRY(gn_need_device(ctx, "gn_to_host"));
  if (bytes == 0) return GNEST_OK;
  bool staged = false;
  GN_CUDA(ctx, gn_stage_download(ctx->dev, dst, src, bytes, &staged));
  if (staged) return GNEST_OK;
  GN_CUDA(ctx, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, ctx->dev->stream));
  GN_CUDA(ctx, cudaStreamSynchronize(ctx->dev->stream));
  return GNEST_OK;
}

gnest_status gn_memset(gnest_ctx *ctx, void *dst, int value, size_t bytes) {
  GN_TRY(gn_need_device(ctx, "gn_memset"));
  if (bytes == 0) return GNEST_OK;
  GN_CUDA(ctx, cudaMemsetAsync(dst, value, bytes, ctx->dev->stream));
  return GNEST_OK;
}

extern "C" void gn_device_timer_reset(const gnest_ctx *ctx) {
  if (ctx && ctx->dev) ctx->dev->timer_began_ms = -1.0;
}

extern "C" void gn_device_upload_reset(const gnest_ctx *ctx) {
  if (!ctx || !ctx->dev) return;
  ctx->dev->upload_ms = 0.0;
  ctx->dev->upload_bytes = 0;
}

extern "C" void gn_device_upload_stats(const gnest_ctx *ctx, double *ms, int64_t *bytes) {
  *ms = ctx && ctx->dev ? ctx->dev->upload_ms : 0.0;
  *bytes = ctx && ctx->dev ? ctx->dev->upload_bytes : 0;
}

/* Adds an upload that began at host time `began` (gn_now_ms) to the call's. */
static void gn_count_upload(gnest_ctx *ctx, double began, size_t bytes) {
  ctx->dev->upload_ms += gn_now_ms() - began;
  ctx->dev->upload_bytes += (int64_t)bytes;
}

extern "C" double gn_device_timer_began(const gnest_ctx *ctx) {
  return ctx && ctx->dev ? ctx->dev->timer_began_ms : -1.0;
}

gnest_status gn_timer_start(gnest_ctx *ctx) {
  GN_TRY(gn_need_device(ctx, "gn_timer_start"));
  if (ctx->dev->timer_began_ms < 0.0) ctx->dev->timer_began_ms = gn_now_ms();
  GN_CUDA(ctx, cudaEventRecord(ctx->dev->ev_start, ctx->dev->stream));
  return GNEST_OK;
}

gnest_status gn_timer_stop(gnest_ctx *ctx, double *ms) {
  GN_TRY(gn_need_device(ctx, "gn_timer_stop"));
  GN_CUDA(ctx, cudaEventRecord(ctx->dev->ev_stop, ctx->dev->stream));
  GN_CUDA(ctx, cudaEventSynchronize(ctx->dev->ev_stop));
  float elapsed = 0.0f;
  GN_CUDA(ctx, cudaEventElapsedTime(&elapsed, ctx->dev->ev_start, ctx->dev->ev_stop));
  if (ms) *ms = (double)elapsed;
  return GNEST_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Graph and tree upload. Device copies are plain cudaMalloc blocks (not pool blocks): they live as
 * long as the graph, which may outlive a call, and are freed without the context's pool.
 * Graphs and trees share all of it; they differ only in the arrays they list (gn_graph_arrays,
 * gn_tree_arrays) and the names in messages.
 * ------------------------------------------------------------------------------------------- */

/* The device copy (gn_device_graph or gn_device_tree) plus the device it lives on (the public
 * struct first, so pointers convert). */
template <class Pub>
struct gn_device_copy {
  Pub pub;
  int device;
  size_t held; /* bytes of its arrays on the device */
};

/* One array of a device copy: the slot in the copy for its device pointer, the host data, its
 * size and what it is (for messages). */
struct gn_array_upload {
  void **slot;
  const void *host;
  size_t bytes;
  const char *what;
};
static const int kGnMaxArrays = 3; /* arrays in one device copy, at most */
typedef gn_array_upload gn_array_list[kGnMaxArrays];

static gnest_status gn_check_same_device(gnest_ctx *ctx, int device, const char *what) {
  if (device == ctx->dev->id) return GNEST_OK;
  return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, what, 0,
                  "already uploaded to CUDA device %d; this context uses device %d (use one "
                  "device per graph)",
                  device, ctx->dev->id);
}

/* cudaFree of each array, with device made current for the calls (the copy may live on another
 * device than the current one, and the uploading context may be gone); held bytes go back. */
static void gn_free_on(int device, void *const *arrays, int count, size_t held) {
  int current = -1;
  bool switched = cudaGetDevice(&current) == cudaSuccess && current != device &&
                  cudaSetDevice(device) == cudaSuccess;
  for (int i = 0; i < count; ++i) cudaFree(arrays[i]);
  if (switched) cudaSetDevice(current);
  gn_held_sub(device, held);
}

/* Bytes allocated for an array of `bytes` (at least 4: empty arrays get distinct pointers). */
static size_t gn_upload_size(size_t bytes) { return bytes ? bytes : 4; }

/* Frees a device copy and its arrays (listed by the caller from the public struct). */
template <class Pub, int N>
static void gn_device_copy_free(Pub *pub, void *const (&arrays)[N]) {
  gn_device_copy<Pub> *copy = reinterpret_cast<gn_device_copy<Pub> *>(pub);
  gn_free_on(copy->device, arrays, N, copy->held);
  free(copy);
}

extern "C" void gn_device_graph_free(gnest_ctx *ctx, struct gn_device_graph *dg) {
  (void)ctx;
  if (!dg) return;
  void *arrays[] = {dg->offsets, dg->cols, dg->weights_f32, dg->weights_f64, dg->offsets32};
  gn_device_copy_free(dg, arrays);
}

extern "C" void gn_device_tree_free(gnest_ctx *ctx, struct gn_device_tree *dt) {
  (void)ctx;
  if (!dt) return;
  void *arrays[] = {dt->child_offsets, dt->children, dt->order};
  gn_device_copy_free(dt, arrays);
}

/* What an upload does once its first array's copy is queued, before the next array's. */
struct gn_upload_hook {
  gnest_status (*after_first)(gnest_ctx *ctx, void *arg);
  void *arg;
};

/* Allocates and copies each array in turn, then waits for the copies. Each allocation is at least
 * 4 bytes, so empty arrays still get distinct valid pointers. */
static gnest_status gn_upload_all(gnest_ctx *ctx, const gn_array_upload *a, int count,
                                  const gn_upload_hook *hook) {
  for (int i = 0; i < count; ++i) {
    GN_TRY(gn_malloc_retry(ctx, a[i].slot, gn_upload_size(a[i].bytes), a[i].what));
    GN_TRY(gn_to_device(ctx, *a[i].slot, a[i].host, a[i].bytes));
    if (i == 0 && hook) GN_TRY(hook->after_first(ctx, hook->arg));
  }
  GN_CUDA(ctx, cudaStreamSynchronize(ctx->dev->stream));
  return GNEST_OK;
}

/* gn_upload_all; on failure every array it allocated is freed and every slot cleared (slots start
 * NULL, and a failed allocation leaves its slot NULL). */
static gnest_status gn_upload_arrays(gnest_ctx *ctx, const gn_array_upload *a, int count,
                                     const gn_upload_hook *hook) {
  gnest_status st = gn_upload_all(ctx, a, count, hook);
  if (st == GNEST_OK) return GNEST_OK;
  void *arrays[kGnMaxArrays];
  size_t held = 0;
  for (int i = 0; i < count; ++i) {
    arrays[i] = *a[i].slot;
    if (arrays[i]) held += gn_upload_size(a[i].bytes);
    *a[i].slot = nullptr;
  }
  gn_free_on(ctx->dev->id, arrays, count, held);
  return st;
}

/* The device copy of a graph or a tree (Host: gnest_graph / gnest_tree, whose dev member caches
 * it): the cached one after checking its device, else a new upload of the arrays that
 * list_arrays names. fn and noun name the call and the kind of handle in messages. */
template <class Host, class Pub>
static gnest_status gn_on_device(gnest_ctx *ctx, const Host *h, const char *fn, const char *noun,
                                 int (*list_arrays)(const Host *, Pub *, gn_array_list &),
                                 const Pub **out, const gn_upload_hook *hook = nullptr,
                                 Pub **filling = nullptr) {
  if (!h || !out) return gn_error(ctx, GNEST_ERR_INTERNAL, fn, 0, "NULL argument");
  GN_TRY(gn_need_device(ctx, fn));
  if (h->dev) {
    GN_TRY(gn_check_same_device(ctx, reinterpret_cast<gn_device_copy<Pub> *>(h->dev)->device,
                                noun));
    *out = h->dev;
    return GNEST_OK;
  }
  gn_device_copy<Pub> *copy = static_cast<gn_device_copy<Pub> *>(calloc(1, sizeof *copy));
  if (!copy)
    return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, fn, 0, "cannot allocate the device %s record",
                    noun);
  copy->device = ctx->dev->id;
  gn_array_list arrays;
  int count = list_arrays(h, &copy->pub, arrays);
  if (filling) *filling = &copy->pub; /* the hook's view of the arrays as they arrive */
  const double began = gn_now_ms();
  gnest_status st = gn_upload_arrays(ctx, arrays, count, hook);
  if (st != GNEST_OK) {
    free(copy);
    return st;
  }
  for (int i = 0; i < count; ++i) copy->held += gn_upload_size(arrays[i].bytes);
  gn_count_upload(ctx, began, copy->held);
  /* The handle is const in the API; its device copy is a cache, filled once. */
  const_cast<Host *>(h)->dev = &copy->pub;
  *out = &copy->pub;
  return GNEST_OK;
}

/* Sizes of a graph's device copy, and its arrays (the weights come when a call asks for them in
 * the type it runs with: gn_graph_weights_on_device). */
static int gn_graph_arrays(const gnest_graph *g, gn_device_graph *d, gn_array_list &a) {
  const gn_csr *c = &g->csr;
  d->n = c->n;
  d->m = c->m;
  int k = 0;
  a[k++] = {(void **)&d->offsets, c->offsets, ((size_t)c->n + 1) * sizeof(int64_t),
            "the graph's offsets"};
  a[k++] = {(void **)&d->cols, c->cols, (size_t)c->m * sizeof(int32_t), "the graph's columns"};
  return k;
}

/* Bytes of g's weights as float or double. */
static size_t gn_weights_bytes(const gnest_graph *g, bool as_float) {
  return (size_t)g->csr.m * (as_float ? sizeof(float) : sizeof(double));
}

/* Copies g's weights to dst on the device, as double or rounded to float (through a host
 * buffer), and waits for the copy. */
static gnest_status gn_weights_copy(gnest_ctx *ctx, const gnest_graph *g, bool as_float,
                                    void *dst) {
  const gn_csr *c = &g->csr;
  if (!as_float) {
    GN_TRY(gn_to_device(ctx, dst, c->weights, gn_weights_bytes(g, false)));
    GN_CUDA(ctx, cudaStreamSynchronize(ctx->dev->stream));
    return GNEST_OK;
  }
  bool staged = false;
  GN_CUDA(ctx,
          gn_stage_upload_narrow(ctx->dev, (float *)dst, c->weights, (size_t)c->m, &staged));
  if (staged) {
    GN_CUDA(ctx, cudaStreamSynchronize(ctx->dev->stream));
    return GNEST_OK;
  }
  gnest_status st = GNEST_OK;
  float *narrow = (float *)gn_alloc(ctx, c->m > 0 ? (size_t)c->m : 1, sizeof(float),
                                    "the graph's float weights", &st);
  if (!narrow) return st;
  for (int64_t e = 0; e < c->m; ++e) narrow[e] = (float)c->weights[e];
  st = gn_to_device(ctx, dst, narrow, gn_weights_bytes(g, true));
  const cudaError_t synced = cudaStreamSynchronize(ctx->dev->stream); /* before narrow goes */
  free(narrow);
  if (st == GNEST_OK && synced != cudaSuccess)
    return gn_cuda_error(ctx, synced, "the weights' upload", __FILE__, __LINE__);
  return st;
}

gnest_status gn_graph_weights_on_device(gnest_ctx *ctx, const gnest_graph *g, bool as_float,
                                        const void **out) {
  *out = nullptr;
  if (!g->dev || !g->csr.weights)
    return gn_error(ctx, GNEST_ERR_INTERNAL, "gn_graph_weights_on_device", 0,
                    "no device copy, or no weights");
  gn_device_graph *cache = g->dev; /* the graph's cache, filled once per type */
  void **slot = as_float ? (void **)&cache->weights_f32 : (void **)&cache->weights_f64;
  if (!*slot) {
    const size_t bytes = gn_upload_size(gn_weights_bytes(g, as_float));
    void *buffer = nullptr;
    GN_TRY(gn_malloc_retry(ctx, &buffer, bytes, "the graph's weights"));
    const double began = gn_now_ms();
    const gnest_status st = gn_weights_copy(ctx, g, as_float, buffer);
    if (st != GNEST_OK) {
      gn_free_on(ctx->dev->id, &buffer, 1, bytes);
      return st;
    }
    *slot = buffer;
    reinterpret_cast<gn_device_copy<gn_device_graph> *>(cache)->held += bytes;
    gn_count_upload(ctx, began, bytes);
  }
  *out = *slot;
  return GNEST_OK;
}

static int gn_tree_arrays(const gnest_tree *t, gn_device_tree *d, gn_array_list &a) {
  size_t n = (size_t)t->n;
  d->n = t->n;
  a[0] = {(void **)&d->child_offsets, t->child_offsets, (n + 1) * sizeof(int64_t),
          "the tree's child offsets"};
  a[1] = {(void **)&d->children, t->children, (n - 1) * sizeof(int32_t), "the tree's children"};
  a[2] = {(void **)&d->order, t->order, n * sizeof(int32_t), "the tree's level order"};
  return 3;
}

/* Advises a managed buffer of the input read-mostly (nothing for an empty one). */
static gnest_status gn_advise_read_mostly(gnest_ctx *ctx, void *p, size_t bytes) {
  if (bytes == 0) return GNEST_OK;
  cudaMemLocation here;
  here.type = cudaMemLocationTypeDevice;
  here.id = ctx->dev->id;
  GN_CUDA(ctx, cudaMemAdvise(p, bytes, cudaMemAdviseSetReadMostly, here));
  return GNEST_OK;
}

/* The arrays list_arrays names, each a buffer of the scratch filled from the host; managed ones
 * are advised read-mostly (the input is never written), so that each side reads its own copy.
 * The advice reaches no other buffer: a managed buffer owns its pages (gn_managed_alloc). */
template <class Host, class Pub>
static gnest_status gn_in_scratch(gnest_ctx *ctx, const Host *h, gn_scratch &scratch, Pub *out,
                                  int (*list_arrays)(const Host *, Pub *, gn_array_list &)) {
  if (!h || !out) return gn_error(ctx, GNEST_ERR_INTERNAL, "gn_in_scratch", 0, "NULL argument");
  GN_TRY(gn_need_device(ctx, "gn_in_scratch"));
  memset(out, 0, sizeof *out);
  gn_array_list arrays;
  const int count = list_arrays(h, out, arrays);
  for (int i = 0; i < count; ++i) {
    char *p = nullptr;
    GN_TRY(scratch.alloc(&p, arrays[i].bytes, arrays[i].what));
    *arrays[i].slot = p;
    if (scratch.managed()) GN_TRY(gn_advise_read_mostly(ctx, p, arrays[i].bytes));
    GN_TRY(gn_to_device(ctx, p, arrays[i].host, arrays[i].bytes));
  }
  return GNEST_OK;
}

gnest_status gn_graph_in_scratch(gnest_ctx *ctx, const gnest_graph *g, gn_scratch &scratch,
                                 gn_device_graph *out) {
  return gn_in_scratch(ctx, g, scratch, out, gn_graph_arrays);
}

gnest_status gn_graph_weights_in_scratch(gnest_ctx *ctx, const gnest_graph *g, gn_scratch &scratch,
                                         bool as_float, const void **out) {
  char *p = nullptr;
  const size_t bytes = gn_weights_bytes(g, as_float);
  GN_TRY(scratch.alloc(&p, bytes, "the graph's weights"));
  if (scratch.managed()) GN_TRY(gn_advise_read_mostly(ctx, p, bytes));
  GN_TRY(gn_weights_copy(ctx, g, as_float, p));
  *out = p;
  return GNEST_OK;
}

gnest_status gn_tree_in_scratch(gnest_ctx *ctx, const gnest_tree *t, gn_scratch &scratch,
                                gn_device_tree *out) {
  return gn_in_scratch(ctx, t, scratch, out, gn_tree_arrays);
}

gnest_status gn_kept_alloc(gnest_ctx *ctx, void **ptr, size_t bytes, const char *what) {
  *ptr = nullptr;
  GN_TRY(gn_need_device(ctx, "gn_kept_alloc"));
  return gn_malloc_retry(ctx, ptr, gn_upload_size(bytes), what);
}

void gn_kept_free(int device, void *ptr, size_t bytes) {
  if (ptr) gn_free_on(device, &ptr, 1, gn_upload_size(bytes));
}

gnest_status gn_graph_on_device(gnest_ctx *ctx, const gnest_graph *g, const gn_device_graph **out) {
  return gn_on_device(ctx, g, "gn_graph_on_device", "graph", gn_graph_arrays, out);
}

gnest_status gn_tree_on_device(gnest_ctx *ctx, const gnest_tree *t, const gn_device_tree **out) {
  return gn_on_device(ctx, t, "gn_tree_on_device", "tree", gn_tree_arrays, out);
}

/* ---- device code loaded during a first upload (device_api.h) ------------------------------- */

/* An upload of at least 256 MB takes about 5 ms at PCIe speed, the time of one module's load. */
static const size_t kGnLongUpload = (size_t)256 << 20;

extern "C" int gn_graph_upload_is_long(const gnest_graph *g) {
  if (!g || g->dev) return 0;
  const size_t rows = ((size_t)g->csr.n + 1) * sizeof(int64_t);
  return rows + (size_t)g->csr.m * sizeof(int32_t) >= kGnLongUpload;
}

extern "C" void gn_device_stage_ahead(gnest_ctx *ctx, size_t bytes) {
  if (ctx && ctx->dev && bytes >= kGnLongUpload) gn_stage_ahead(ctx->dev);
}

extern "C" int gn_tree_upload_is_long(const gnest_tree *t) {
  if (!t || t->dev) return 0;
  return ((size_t)t->n + 1) * sizeof(int64_t) + 2 * (size_t)t->n * sizeof(int32_t) >= kGnLongUpload;
}

static void *gn_code_load_main(void *arg) {
  const gn_code_loader *l = static_cast<const gn_code_loader *>(arg);
  cudaFuncAttributes attr;
  if (cudaSetDevice(l->device) == cudaSuccess) /* this thread's error state dies with it */
    (void)cudaFuncGetAttributes(&attr, l->kernel);
  return nullptr;
}

extern "C" void gn_code_load_begin(gnest_ctx *ctx, gn_code_loader *l, const void *kernel) {
  memset(l, 0, sizeof *l);
  if (!ctx || !ctx->dev || !kernel) return;
  l->device = ctx->dev->id;
  l->kernel = kernel;
  l->started = pthread_create(&l->thread, nullptr, gn_code_load_main, l) == 0;
}

extern "C" void gn_code_load_end(gn_code_loader *l) {
  if (l->started) pthread_join(l->thread, nullptr);
  l->started = 0;
}

/* ---------------------------------------------------------------------------------------------
 * Degree statistics: exact integer sums on the device, doubles on the host (stats.c).
 * ------------------------------------------------------------------------------------------- */

/* Accumulator layout in device memory (unsigned long long each). */
enum {
  kAccDegSum = 0, kAccSqLo, kAccSqHi, kAccMax, kAccV32, kAccE32, kAccV1024, kAccE1024,
  kAccSelfLoops, kAccIsolated, kAccCount
};

struct gn_deg_local {
  unsigned long long deg_sum, sq_lo, sq_hi, max, v32, e32, v1024, e1024, self_loops, isolated;
};

__device__ __forceinline__ void gn_add128(unsigned long long &lo, unsigned long long &hi,
                                          unsigned long long add_lo, unsigned long long add_hi) {
  unsigned long long r = lo + add_lo;
  hi += add_hi + (r < lo ? 1ULL : 0ULL);
  lo = r;
}

/* Occurrences of v in the sorted range cols[b, e). */
__device__ int64_t gn_count_in_sorted(const int32_t *cols, int64_t b, int64_t e, int32_t v) {
  int64_t lo = b, hi = e;
  while (lo < hi) { /* first >= v */
    int64_t mid = lo + (hi - lo) / 2;
    if (cols[mid] < v) lo = mid + 1; else hi = mid;
  }
  int64_t first = lo;
  hi = e;
  while (lo < hi) { /* first > v */
    int64_t mid = lo + (hi - lo) / 2;
    if (cols[mid] <= v) lo = mid + 1; else hi = mid;
  }
  return lo - first;
}

/* *lo, *hi += (add_lo, add_hi) as one 128-bit number: a carry out of the low word is detected
 * from its old value. */
__device__ void gn_atomic_add128(unsigned long long *lo, unsigned long long *hi,
                                 unsigned long long add_lo, unsigned long long add_hi) {
  const unsigned long long old = atomicAdd(lo, add_lo);
  const unsigned long long carry = old + add_lo < old ? 1ULL : 0ULL;
  if (add_hi + carry) atomicAdd(hi, add_hi + carry);
}

__device__ void gn_warp_reduce_and_commit(gn_deg_local s, unsigned long long *acc) {
  const unsigned full = 0xffffffffu;
  for (int off = 16; off > 0; off >>= 1) {
    unsigned long long lo = __shfl_down_sync(full, s.sq_lo, off);
    unsigned long long hi = __shfl_down_sync(full, s.sq_hi, off);
    gn_add128(s.sq_lo, s.sq_hi, lo, hi);
    s.deg_sum += __shfl_down_sync(full, s.deg_sum, off);
    unsigned long long mx = __shfl_down_sync(full, s.max, off);
    s.max = mx > s.max ? mx : s.max;
    s.v32 += __shfl_down_sync(full, s.v32, off);
    s.e32 += __shfl_down_sync(full, s.e32, off);
    s.v1024 += __shfl_down_sync(full, s.v1024, off);
    s.e1024 += __shfl_down_sync(full, s.e1024, off);
    s.self_loops += __shfl_down_sync(full, s.self_loops, off);
    s.isolated += __shfl_down_sync(full, s.isolated, off);
  }
  if ((threadIdx.x & 31) != 0) return;
  atomicAdd(&acc[kAccDegSum], s.deg_sum);
  gn_atomic_add128(&acc[kAccSqLo], &acc[kAccSqHi], s.sq_lo, s.sq_hi);
  atomicMax(&acc[kAccMax], s.max);
  atomicAdd(&acc[kAccV32], s.v32);
  atomicAdd(&acc[kAccE32], s.e32);
  atomicAdd(&acc[kAccV1024], s.v1024);
  atomicAdd(&acc[kAccE1024], s.e1024);
  atomicAdd(&acc[kAccSelfLoops], s.self_loops);
  atomicAdd(&acc[kAccIsolated], s.isolated);
}

/* One thread per vertex (grid-stride); block size a multiple of 32 and the grid covers whole
 * warps, so every lane reaches the warp reduction. Self-loops are counted here only for sorted
 * lists (binary search); unsorted lists use gn_self_loops_by_arc. */
__global__ void gn_degree_sums_kernel(const int64_t *off, const int32_t *cols, int32_t n,
                                      bool sorted, unsigned long long *acc) {
  gn_deg_local s = {};
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += stride) {
    unsigned long long d = (unsigned long long)(off[v + 1] - off[v]);
    s.deg_sum += d;
    gn_add128(s.sq_lo, s.sq_hi, d * d, __umul64hi(d, d));
    if (d > s.max) s.max = d;
    if (d == 0) s.isolated++;
    if (d > 32) { s.v32++; s.e32 += d; }
    if (d > 1024) { s.v1024++; s.e1024 += d; }
    if (sorted && d > 0) s.self_loops += gn_count_in_sorted(cols, off[v], off[v + 1], (int32_t)v);
  }
  gn_warp_reduce_and_commit(s, acc);
}

/* One thread per arc; the arc's source is found by binary search over the offsets. */
__global__ void gn_self_loops_by_arc(const int64_t *off, const int32_t *cols, int32_t n, int64_t m,
                                     unsigned long long *acc) {
  unsigned long long count = 0;
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < m; e += stride) {
    int32_t lo = 0, hi = n; /* last v with off[v] <= e */
    while (hi - lo > 1) {
      int32_t mid = lo + (hi - lo) / 2;
      if (off[mid] <= e) lo = mid; else hi = mid;
    }
    if (cols[e] == lo) count++;
  }
  for (int o = 16; o > 0; o >>= 1) count += __shfl_down_sync(0xffffffffu, count, o);
  if ((threadIdx.x & 31) == 0 && count) atomicAdd(&acc[kAccSelfLoops], count);
}

static int gn_stats_grid(const gnest_ctx *ctx, int64_t items, int block) {
  int64_t want = (items + block - 1) / block;
  int64_t cap = (int64_t)ctx->dev->sm_count * 8;
  if (want > cap) want = cap;
  return want < 1 ? 1 : (int)want;
}

__global__ static void gn_offsets32_kernel(const int64_t *offsets, int32_t *out, int64_t count) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride)
    out[i] = (int32_t)offsets[i];
}

gnest_status gn_graph_offsets32(gnest_ctx *ctx, const gn_device_graph *dg, const int32_t **out) {
  *out = dg->offsets32;
  if (dg->offsets32 || dg->m > INT32_MAX) return GNEST_OK;
  const int64_t count = (int64_t)dg->n + 1;
  const size_t bytes = (size_t)count * sizeof(int32_t);
  int32_t *offsets32 = nullptr;
  GN_TRY(gn_malloc_retry(ctx, (void **)&offsets32, bytes, "the graph's 32-bit offsets"));
  const int block = 256;
  gn_offsets32_kernel<<<gn_stats_grid(ctx, count, block), block, 0, ctx->dev->stream>>>(
      dg->offsets, offsets32, count);
  const cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess) {
    gn_free_on(ctx->dev->id, (void **)&offsets32, 1, bytes);
    return gn_cuda_error(ctx, launched, "the 32-bit offsets' kernel launch", __FILE__, __LINE__);
  }
  gn_device_graph *cache = const_cast<gn_device_graph *>(dg); /* the graph's cache */
  cache->offsets32 = offsets32;
  reinterpret_cast<gn_device_copy<gn_device_graph> *>(cache)->held += bytes;
  *out = offsets32;
  return GNEST_OK;
}

/* The sums from the accumulators' words. */
static void gn_degree_sums_read(const unsigned long long *h, int32_t n, gn_degree_sums *out) {
  out->n = n;
  out->deg_sum = h[kAccDegSum];
  out->sq_lo = h[kAccSqLo];
  out->sq_hi = h[kAccSqHi];
  out->max = h[kAccMax];
  out->v_above_32 = h[kAccV32];
  out->e_above_32 = h[kAccE32];
  out->v_above_1024 = h[kAccV1024];
  out->e_above_1024 = h[kAccE1024];
  out->self_loops = h[kAccSelfLoops];
  out->isolated = h[kAccIsolated];
}

static gnest_status gn_degree_sums_device(gnest_ctx *ctx, const gnest_graph *g,
                                          unsigned long long *d_acc, gn_degree_sums *out) {
  const gn_device_graph *dg = nullptr;
  GN_TRY(gn_graph_on_device(ctx, g, &dg));
  const int block = 256;
  cudaStream_t s = ctx->dev->stream;
  GN_TRY(gn_memset(ctx, d_acc, 0, kAccCount * sizeof(unsigned long long)));
  bool sorted = g->csr.sorted != 0;
  gn_degree_sums_kernel<<<gn_stats_grid(ctx, dg->n, block), block, 0, s>>>(
      dg->offsets, dg->cols, dg->n, sorted, d_acc);
  GN_LAUNCHED(ctx);
  if (!sorted && dg->m > 0) {
    gn_self_loops_by_arc<<<gn_stats_grid(ctx, dg->m, block), block, 0, s>>>(
        dg->offsets, dg->cols, dg->n, dg->m, d_acc);
    GN_LAUNCHED(ctx);
  }
  unsigned long long h[kAccCount];
  GN_TRY(gn_to_host(ctx, h, d_acc, sizeof h));
  gn_degree_sums_read(h, dg->n, out);
  return GNEST_OK;
}

/* ---- the row census (gn_row_census_count's sums) of a device copy's rows ------------------- */

enum { kCenRows = 0, kCenArcs, kCenChunks, kCenMax, kCenSqLo, kCenSqHi, kCenCount };

/* One thread per row (grid-stride, whole warps): the rows longer than threshold, their arcs, their
 * chunks of `chunk` iterations and their squared lengths, and the longest row. */
__global__ void gn_row_census_kernel(const int64_t *off, int32_t n, int64_t threshold,
                                     int64_t chunk, unsigned long long *acc) {
  unsigned long long rows = 0, arcs = 0, chunks = 0, longest = 0, sq_lo = 0, sq_hi = 0;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += stride) {
    const unsigned long long d = (unsigned long long)(off[v + 1] - off[v]);
    longest = d > longest ? d : longest;
    if ((int64_t)d <= threshold) continue;
    rows++;
    arcs += d;
    chunks += (d + (unsigned long long)chunk - 1) / (unsigned long long)chunk;
    gn_add128(sq_lo, sq_hi, d * d, __umul64hi(d, d));
  }
  const unsigned full = 0xffffffffu;
  for (int o = 16; o > 0; o >>= 1) {
    rows += __shfl_down_sync(full, rows, o);
    arcs += __shfl_down_sync(full, arcs, o);
    chunks += __shfl_down_sync(full, chunks, o);
    const unsigned long long other = __shfl_down_sync(full, longest, o);
    longest = other > longest ? other : longest;
    const unsigned long long lo = __shfl_down_sync(full, sq_lo, o);
    const unsigned long long hi = __shfl_down_sync(full, sq_hi, o);
    gn_add128(sq_lo, sq_hi, lo, hi);
  }
  if ((threadIdx.x & 31) != 0) return;
  atomicAdd(&acc[kCenRows], rows);
  atomicAdd(&acc[kCenArcs], arcs);
  atomicAdd(&acc[kCenChunks], chunks);
  atomicMax(&acc[kCenMax], longest);
  gn_atomic_add128(&acc[kCenSqLo], &acc[kCenSqHi], sq_lo, sq_hi);
}

gnest_status gn_device_row_census(gnest_ctx *ctx, const int64_t *d_offsets, int32_t n,
                                  int32_t threshold, int32_t chunk, gn_row_census *out) {
  GN_TRY(gn_need_device(ctx, "gn_device_row_census"));
  if (chunk < 1) chunk = 1;
  gn_scratch scratch(ctx);
  unsigned long long *d_acc = nullptr;
  GN_TRY(scratch.alloc(&d_acc, kCenCount, "the row census accumulators"));
  GN_TRY(gn_memset(ctx, d_acc, 0, kCenCount * sizeof(unsigned long long)));
  const int block = 256;
  gn_row_census_kernel<<<gn_stats_grid(ctx, n, block), block, 0, ctx->dev->stream>>>(
      d_offsets, n, threshold, chunk, d_acc);
  GN_LAUNCHED(ctx);
  unsigned long long h[kCenCount];
  GN_TRY(gn_to_host(ctx, h, d_acc, sizeof h));
  gn_row_census c;
  memset(&c, 0, sizeof c);
  c.known = 1;
  c.threshold = threshold;
  c.chunk = chunk;
  c.rows = n;
  c.rows_above = (int64_t)h[kCenRows];
  c.arcs_above = (int64_t)h[kCenArcs];
  c.chunks_above = (int64_t)h[kCenChunks];
  c.max_row = (int64_t)h[kCenMax];
  c.arcs_above_sq = (double)(((unsigned __int128)h[kCenSqHi] << 64) | h[kCenSqLo]);
  *out = c;
  return GNEST_OK;
}

extern "C" gnest_status gn_device_graph_row_census(gnest_ctx *ctx, const gnest_graph *g,
                                                   int32_t threshold, int32_t chunk,
                                                   gn_row_census *out) {
  const gn_device_graph *dg = nullptr;
  GN_TRY(gn_graph_on_device(ctx, g, &dg));
  return gn_device_row_census(ctx, dg->offsets, dg->n, threshold, chunk, out);
}

extern "C" gnest_status gn_device_degree_stats(gnest_ctx *ctx, const gnest_graph *g,
                                               gnest_degree_stats *out) {
  if (!g || !out)
    return gn_error(ctx, GNEST_ERR_INTERNAL, "gn_device_degree_stats", 0, "NULL argument");
  GN_TRY(gn_need_device(ctx, "gn_device_degree_stats"));
  gn_scratch scratch(ctx);
  unsigned long long *d_acc = nullptr;
  GN_TRY(scratch.alloc(&d_acc, kAccCount, "the degree statistics accumulators"));
  gn_degree_sums sums;
  memset(&sums, 0, sizeof sums);
  GN_TRY(gn_degree_sums_device(ctx, g, d_acc, &sums));
  gn_degree_stats_finish(&sums, out);
  return GNEST_OK;
}

/* ---- the degree statistics read from the offsets while the columns go up (device_api.h) ---- */

/* One first upload's statistics: their kernel and their copy to the host run on a side stream
 * once the offsets are up, and a host function there hands them to `ready`, while the context's
 * stream carries the columns. */
struct gn_shape_job {
  const gnest_graph *g;
  gn_device_graph *copy; /* the device copy being filled (its offsets are up) */
  gn_shape_ready ready;
  void *arg;
  cudaStream_t side;
  cudaEvent_t offsets_up;
  unsigned long long *d_acc;
  unsigned long long *h_acc; /* pinned, kAccCount words */
};

/* On a CUDA host-function thread: no CUDA calls here. */
static void CUDART_CB gn_shape_deliver(void *arg) {
  const gn_shape_job *j = static_cast<const gn_shape_job *>(arg);
  gn_degree_sums sums;
  gn_degree_sums_read(j->h_acc, j->g->csr.n, &sums);
  gnest_degree_stats stats;
  gn_degree_stats_finish(&sums, &stats);
  stats.self_loops = -1; /* the columns are not up yet */
  j->ready(j->arg, &stats);
}

static gnest_status gn_shape_queue(gnest_ctx *ctx, void *arg) {
  gn_shape_job *j = static_cast<gn_shape_job *>(arg);
  GN_CUDA(ctx, cudaStreamCreateWithFlags(&j->side, cudaStreamNonBlocking));
  GN_CUDA(ctx, cudaEventCreateWithFlags(&j->offsets_up, cudaEventDisableTiming));
  GN_CUDA(ctx, cudaEventRecord(j->offsets_up, ctx->dev->stream));
  GN_CUDA(ctx, cudaStreamWaitEvent(j->side, j->offsets_up, 0));
  GN_CUDA(ctx, cudaMemsetAsync(j->d_acc, 0, kAccCount * sizeof(unsigned long long), j->side));
  const int block = 256;
  gn_degree_sums_kernel<<<gn_stats_grid(ctx, j->copy->n, block), block, 0, j->side>>>(
      j->copy->offsets, nullptr, j->copy->n, false, j->d_acc);
  GN_LAUNCHED(ctx);
  GN_CUDA(ctx, cudaMemcpyAsync(j->h_acc, j->d_acc, kAccCount * sizeof(unsigned long long),
                               cudaMemcpyDeviceToHost, j->side));
  GN_CUDA(ctx, cudaLaunchHostFunc(j->side, gn_shape_deliver, j));
  return GNEST_OK;
}

/* The side stream's work done (ready has run, if it was queued) and its resources gone. */
static gnest_status gn_shape_finish(gnest_ctx *ctx, gn_shape_job *j) {
  const cudaError_t waited = j->side ? cudaStreamSynchronize(j->side) : cudaSuccess;
  if (j->side) cudaStreamDestroy(j->side);
  if (j->offsets_up) cudaEventDestroy(j->offsets_up);
  if (j->h_acc) cudaFreeHost(j->h_acc);
  if (waited != cudaSuccess)
    return gn_cuda_error(ctx, waited, "the degree statistics during the upload", __FILE__,
                         __LINE__);
  return GNEST_OK;
}

extern "C" gnest_status gn_graph_upload_with_shape(gnest_ctx *ctx, const gnest_graph *g,
                                                   gn_shape_ready ready, void *arg) {
  const char *fn = "gn_graph_upload_with_shape";
  if (!g || !ready) return gn_error(ctx, GNEST_ERR_INTERNAL, fn, 0, "NULL argument");
  GN_TRY(gn_need_device(ctx, fn));
  if (g->dev) return GNEST_OK;
  gn_scratch scratch(ctx);
  gn_shape_job j = {};
  j.g = g;
  j.ready = ready;
  j.arg = arg;
  GN_TRY(scratch.alloc(&j.d_acc, kAccCount, "the degree statistics accumulators"));
  GN_CUDA(ctx, cudaMallocHost((void **)&j.h_acc, kAccCount * sizeof(unsigned long long)));
  const gn_upload_hook hook = {gn_shape_queue, &j};
  const gn_device_graph *out = nullptr;
  const gnest_status st = gn_on_device(ctx, g, fn, "graph", gn_graph_arrays, &out, &hook,
                                       &j.copy);
  const gnest_status finished = gn_shape_finish(ctx, &j);
  return st != GNEST_OK ? st : finished;
}
