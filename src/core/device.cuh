/* Device side of a context: stream, events, memory pool, graph/tree upload, CUDA error mapping.
 * Included by .cu files only. */
#ifndef GNEST_DEVICE_CUH
#define GNEST_DEVICE_CUH

#include <cuda_runtime.h>
#include <pthread.h>
#include <stdlib.h>
#include "core/internal.h"

/* Maps a CUDA error to a gnest_status (out-of-memory gets its own) and records "what failed". */
gnest_status gn_cuda_error(gnest_ctx *ctx, cudaError_t err, const char *what, const char *file,
                           int line);

/* Checks a CUDA call; returns the mapped status from the enclosing function on failure. */
#define GN_CUDA(ctx, call)                                                            \
  do {                                                                                \
    cudaError_t gn_e_ = (call);                                                       \
    if (gn_e_ != cudaSuccess) return gn_cuda_error((ctx), gn_e_, #call, __FILE__, __LINE__); \
  } while (0)

/* Checks a kernel launch (launch configuration errors and earlier async errors). */
#define GN_LAUNCHED(ctx) GN_CUDA((ctx), cudaGetLastError())

/* Propagates a non-OK gnest_status. */
#define GN_TRY(expr)                          \
  do {                                        \
    gnest_status gn_s_ = (expr);              \
    if (gn_s_ != GNEST_OK) return gn_s_;      \
  } while (0)

struct gn_pool_block { void *ptr; size_t bytes; };
struct gn_stage; /* staging.cu */

struct gn_device {
  int id;
  cudaStream_t stream;
  cudaEvent_t ev_start, ev_stop;
  int sm_count;
  int max_threads_per_sm;
  size_t total_mem;
  /* Caching pool: freed blocks are kept (by exact rounded size) for the next call, so repeated
   * algorithm calls do not cudaMalloc in the hot path. Released by gnest_ctx_free. */
  gn_pool_block *cache;
  int cache_len, cache_cap;
  size_t cached_bytes;
  size_t memory_limit; /* gnest_ctx_options.device_memory_limit; 0 = none */
  int concurrent_managed; /* cudaDevAttrConcurrentManagedAccess: host and device may touch managed
                             memory at once (the hybrid backends need it) */
  double timer_began_ms;  /* host clock at the call's first gn_timer_start (gn_device_timer_began) */
  double upload_ms;       /* the call's uploads of its input so far (gn_device_upload_stats) */
  int64_t upload_bytes;
  gn_stage *stage;        /* pinned staging of large copies (staging.cu), made on first use */
  int stage_failed;       /* it could not be made: large copies go the plain way */
  int stage_ahead;        /* stage_thread is making it (gn_stage_ahead) */
  pthread_t stage_thread;
};

/* Large copies through pinned staging buffers (staging.cu). Each sets *done when it made the
 * copy, and leaves it false (cudaSuccess) for a copy below the staging size or when staging is
 * unavailable, which the caller then makes the plain way. upload_narrow writes count doubles as
 * floats. Uploads return once the source has been read; downloads once dst holds the data. In
 * the stream's order: after the work queued before them, before the work queued after. */
cudaError_t gn_stage_upload(gn_device *d, void *dst, const void *src, size_t bytes, bool *done);
cudaError_t gn_stage_upload_narrow(gn_device *d, float *dst, const double *src, size_t count,
                                   bool *done);
cudaError_t gn_stage_download(gn_device *d, void *dst, const void *src, size_t bytes,
                              bool *done);
void gn_stage_destroy(gn_stage *s);
/* Makes d's staging on a helper thread (nothing when it exists, failed or is being made), while
 * the caller loads the input that will need it; gn_stage_ahead_wait joins that thread (every use
 * of d->stage does first). */
void gn_stage_ahead(gn_device *d);
void gn_stage_ahead_wait(gn_device *d);

/* Created by gnest_ctx_create when a device is present. */
gnest_status gn_device_open(gnest_ctx *ctx, int id);
void gn_device_close(gnest_ctx *ctx);

/* Pool allocation: bytes rounded up; never returns NULL with GNEST_OK (0 bytes = small block). */
gnest_status gn_dev_alloc(gnest_ctx *ctx, void **ptr, size_t bytes, const char *what);
void gn_dev_free(gnest_ctx *ctx, void *ptr, size_t bytes);
/* Managed memory (cudaMallocManaged, attached globally), which host threads and the device both
 * address: the scratch of a call whose backend runs passes on host threads too. Counted and
 * limited like pool blocks (gnest_ctx_options.device_memory_limit), not pooled: freed with
 * cudaFree, which waits for the device.
 *
 * Each buffer owns whole kGnManagedUnit-aligned units (*ptr, inside the allocation *base): the
 * driver may place small managed allocations side by side in one page, and page-granular
 * behaviour would then reach a neighbour -- cudaMemAdvise rounds its range out to whole pages
 * (the input's read-mostly advice would make the next buffer read-duplicated, so that every
 * write to it invalidates the other side's copy), and a page one side writes every pass would
 * carry its neighbour to that side with it. 64 KiB: the GPU's big page, a multiple of the CPU's. */
static const size_t kGnManagedUnit = (size_t)64 << 10;
gnest_status gn_managed_alloc(gnest_ctx *ctx, void **base, void **ptr, size_t bytes,
                              const char *what);
void gn_managed_free(gnest_ctx *ctx, void *base, size_t bytes);

/* RAII holder of a call's buffers, each freed on every exit path: pool device memory (alloc, and
 * alloc_device always); managed memory from alloc once the scratch is set to managed (before its
 * first buffer; gn_managed_alloc), which the engine does for a backend whose passes run on host
 * threads too; plain host memory (alloc_host) for what host threads read of device buffers. In
 * a managed scratch, alloc_device is for what only the GPU and explicit copies touch (the
 * engine's and backends' counters, saved contexts), so the host never faults such a page over. */
class gn_scratch {
 public:
  explicit gn_scratch(gnest_ctx *ctx) : ctx_(ctx), len_(0), managed_(false) {}
  ~gn_scratch() {
    for (int i = len_ - 1; i >= 0; --i) {
      if (kind_[i] == kManaged) gn_managed_free(ctx_, ptr_[i], bytes_[i]);
      else if (kind_[i] == kHost) free(ptr_[i]);
      else gn_dev_free(ctx_, ptr_[i], bytes_[i]);
    }
  }
  gnest_status set_managed() {
    if (len_ > 0)
      return gn_error(ctx_, GNEST_ERR_INTERNAL, "gn_scratch", 0,
                      "managed memory asked for after %d buffers", len_);
    managed_ = true;
    return GNEST_OK;
  }
  bool managed() const { return managed_; }
  template <class T>
  gnest_status alloc(T **p, size_t count, const char *what) {
    return take(p, count, what, managed_ ? kManaged : kDevice);
  }
  template <class T>
  gnest_status alloc_device(T **p, size_t count, const char *what) {
    return take(p, count, what, kDevice);
  }
  template <class T>
  gnest_status alloc_host(T **p, size_t count, const char *what) {
    return take(p, count, what, kHost);
  }
  gn_scratch(const gn_scratch &) = delete;
  gn_scratch &operator=(const gn_scratch &) = delete;
 private:
  enum kind : unsigned char { kDevice, kManaged, kHost };
  template <class T>
  gnest_status take(T **p, size_t count, const char *what, kind k) {
    if (len_ == kMax) return gn_error(ctx_, GNEST_ERR_INTERNAL, "gn_scratch", 0, "too many buffers");
    if (count > ((size_t)-1) / sizeof(T))
      return gn_error(ctx_, GNEST_ERR_TOO_LARGE, what, 0, "buffer size overflows");
    const size_t bytes = count * sizeof(T);
    void *base = nullptr, *v = nullptr;
    if (k == kManaged) {
      GN_TRY(gn_managed_alloc(ctx_, &base, &v, bytes, what));
    } else if (k == kHost) {
      base = v = malloc(bytes ? bytes : 1);
      if (!v)
        return gn_error(ctx_, GNEST_ERR_OUT_OF_MEMORY, what, 0, "%zu bytes of host memory", bytes);
    } else {
      GN_TRY(gn_dev_alloc(ctx_, &v, bytes, what));
      base = v;
    }
    ptr_[len_] = base; bytes_[len_] = bytes; kind_[len_] = k; ++len_;
    *p = static_cast<T *>(v);
    return GNEST_OK;
  }
  static const int kMax = 64;
  gnest_ctx *ctx_;
  void *ptr_[kMax]; /* what to free: a managed buffer's allocation, not its aligned start */
  size_t bytes_[kMax];
  kind kind_[kMax];
  int len_;
  bool managed_;
};

/* Device copy of a graph, uploaded on first use and kept with the graph. */
struct gn_device_graph {
  int32_t n;
  int64_t m;
  int64_t *offsets; /* [n+1] */
  int32_t *cols;    /* [m] */
  /* The weights as float (rounded where a weight is not a float) and as double: each NULL until
   * a call asks for it (gn_graph_weights_on_device), then kept with the copy. */
  float *weights_f32;
  double *weights_f64;
  /* The offsets in 32 bits (gn_graph_offsets32): NULL until a call asks for them, and always on
   * a graph with more than INT32_MAX arcs. */
  int32_t *offsets32;
  /* A cache the first call that needs it fills (MST's key layout, mst.cu), the graph being
   * immutable: the largest weight when every weight is a whole number >= 0 (1 without weights),
   * else UINT32_MAX; weight_top_known 0 until then. [1]: of the float weights, [0]: the double. */
  uint32_t weight_top[2];
  int weight_top_known[2];
};
gnest_status gn_graph_on_device(gnest_ctx *ctx, const gnest_graph *g, const gn_device_graph **out);
/* dg's row offsets as 32-bit integers (*out NULL when it has more than INT32_MAX arcs), for the
 * kernels whose register budget the narrower offsets decide: made by the first call that asks and
 * kept with the graph's device copy (4 bytes per vertex more, freed with it). */
gnest_status gn_graph_offsets32(gnest_ctx *ctx, const gn_device_graph *dg, const int32_t **out);
/* gn_row_census_count (stats.c) of the rows of a device copy's offsets (n + 1 of them, on the
 * device): the same numbers from one kernel, where the host took about 4 ms on 16 threads for
 * 16.8 M rows (an H200 host) in a first call's setup. Waits for the result. */
gnest_status gn_device_row_census(gnest_ctx *ctx, const int64_t *d_offsets, int32_t n,
                                  int32_t threshold, int32_t chunk, gn_row_census *out);

/* g's weights (g weighted) on the device as float (as_float: each rounded to the nearest float)
 * or as double, in *out: made on the first call that asks for that type and kept with g's device
 * copy (gn_graph_on_device first). */
gnest_status gn_graph_weights_on_device(gnest_ctx *ctx, const gnest_graph *g, bool as_float,
                                        const void **out);

/* Device copy of a tree: children CSR and level order (level_offsets stay on the host, in the
 * tree). */
struct gn_device_tree {
  int32_t n;
  int64_t *child_offsets; /* [n+1] */
  int32_t *children;      /* [n-1] */
  int32_t *order;         /* [n] level order */
};
gnest_status gn_tree_on_device(gnest_ctx *ctx, const gnest_tree *t, const gn_device_tree **out);

/* A copy of the graph's / tree's arrays for one call, in that call's scratch (managed memory when
 * the scratch is, advised read-mostly so that host and device each read a local copy), instead
 * of the cached device copy: the input of a call whose backend runs passes on host threads. */
gnest_status gn_graph_in_scratch(gnest_ctx *ctx, const gnest_graph *g, gn_scratch &scratch,
                                 gn_device_graph *out);
/* g's weights as gn_graph_weights_on_device gives them, in a buffer of the scratch (a call whose
 * backend runs passes on host threads). */
gnest_status gn_graph_weights_in_scratch(gnest_ctx *ctx, const gnest_graph *g, gn_scratch &scratch,
                                         bool as_float, const void **out);
gnest_status gn_tree_in_scratch(gnest_ctx *ctx, const gnest_tree *t, gn_scratch &scratch,
                                gn_device_tree *out);

/* Device memory that src/sched keeps with a graph or tree beyond one call (what it derives from
 * the input once: the static level scheduler's plan of a tree). Allocated, counted and limited
 * like the input's device copy (gnest_ctx_options.device_memory_limit), not from the call's
 * pool; gn_kept_free gives it back on its device, even after the context is gone. */
gnest_status gn_kept_alloc(gnest_ctx *ctx, void **ptr, size_t bytes, const char *what);
void gn_kept_free(int device, void *ptr, size_t bytes);

/* Copies helpers on the context stream (synchronous from the caller's view for to-host). */
gnest_status gn_to_device(gnest_ctx *ctx, void *dst, const void *src, size_t bytes);
gnest_status gn_to_host(gnest_ctx *ctx, void *dst, const void *src, size_t bytes);
gnest_status gn_memset(gnest_ctx *ctx, void *dst, int value, size_t bytes);

/* CUDA-event timing of the algorithm part of a call. */
gnest_status gn_timer_start(gnest_ctx *ctx);
gnest_status gn_timer_stop(gnest_ctx *ctx, double *ms);

#endif
