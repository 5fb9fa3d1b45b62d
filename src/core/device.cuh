/* Device side of a context: stream, events, memory pool, graph/tree upload, CUDA error mapping.
 * Included by .cu files only. */
#ifndef GNEST_DEVICE_CUH
#define GNEST_DEVICE_CUH

#include <cuda_runtime.h>
#include "internal.h"

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
};

/* Created by gnest_ctx_create when a device is present. */
gnest_status gn_device_open(gnest_ctx *ctx, int id);
void gn_device_close(gnest_ctx *ctx);

/* Pool allocation: bytes rounded up; never returns NULL with GNEST_OK (0 bytes = small block). */
gnest_status gn_dev_alloc(gnest_ctx *ctx, void **ptr, size_t bytes, const char *what);
void gn_dev_free(gnest_ctx *ctx, void *ptr, size_t bytes);

/* RAII holder of a call's device buffers: freed back to the pool on every exit path. */
class gn_scratch {
 public:
  explicit gn_scratch(gnest_ctx *ctx) : ctx_(ctx), len_(0) {}
  ~gn_scratch() { for (int i = len_ - 1; i >= 0; --i) gn_dev_free(ctx_, ptr_[i], bytes_[i]); }
  template <class T>
  gnest_status alloc(T **p, size_t count, const char *what) {
    if (len_ == kMax) return gn_error(ctx_, GNEST_ERR_INTERNAL, "gn_scratch", 0, "too many buffers");
    if (count > ((size_t)-1) / sizeof(T))
      return gn_error(ctx_, GNEST_ERR_TOO_LARGE, what, 0, "buffer size overflows");
    void *v = nullptr;
    GN_TRY(gn_dev_alloc(ctx_, &v, count * sizeof(T), what));
    ptr_[len_] = v; bytes_[len_] = count * sizeof(T); ++len_;
    *p = static_cast<T *>(v);
    return GNEST_OK;
  }
  gn_scratch(const gn_scratch &) = delete;
  gn_scratch &operator=(const gn_scratch &) = delete;
 private:
  static const int kMax = 64;
  gnest_ctx *ctx_;
  void *ptr_[kMax];
  size_t bytes_[kMax];
  int len_;
};

/* Device copy of a graph, uploaded on first use and kept with the graph. */
struct gn_device_graph {
  int32_t n;
  int64_t m;
  int64_t *offsets; /* [n+1] */
  int32_t *cols;    /* [m] */
  float *weights;   /* [m] or NULL */
};
gnest_status gn_graph_on_device(gnest_ctx *ctx, const gnest_graph *g, const gn_device_graph **out);

/* Device copy of a tree: children CSR and level order (level_offsets stay on the host, in the
 * tree). */
struct gn_device_tree {
  int32_t n;
  int64_t *child_offsets; /* [n+1] */
  int32_t *children;      /* [n-1] */
  int32_t *order;         /* [n] level order */
};
gnest_status gn_tree_on_device(gnest_ctx *ctx, const gnest_tree *t, const gn_device_tree **out);

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
