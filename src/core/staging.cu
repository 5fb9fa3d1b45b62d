/* Large copies between pageable host memory and the device through pinned staging buffers.
 *
 * A copy from pageable memory (cudaMemcpyAsync on a malloc'd array) is staged by the driver
 * through its own small pinned buffer, one chunk at a time, by the calling thread: on an H200 host
 * a 2 GB graph went up at about 7 GB/s, a fifth of what PCIe carries. Here the copy is cut into
 * chunks that several lanes take in turn; each lane is a host thread with its own stream and two
 * pinned buffers: it fills one buffer (a memcpy, or the double-to-float narrowing of the weights)
 * while the DMA engine drains the other, so the host's memory bandwidth and the link both stay
 * busy. Copies back to the host run the same way in reverse, which also spreads the page faults
 * of a freshly allocated result over the lanes.
 *
 * The lanes' streams wait for the context's stream before their first chunk, and the context's
 * stream waits for theirs after the last, so a staged copy keeps its place in the stream's order.
 * An upload returns once every chunk is in a pinned buffer (the source may be reused at once, as
 * with a pageable cudaMemcpyAsync); a download returns with the data in place.
 *
 * The buffers are one block of 2 MB pages, touched by the lanes and then registered with the
 * driver: pinning a few large pages takes about 2 ms, where cudaHostAlloc pinned the same 64 MB
 * 4 KB page by 4 KB page in about 30 ms, a third of a cold 2 GB call (H200 host, measured). */
#include <stdlib.h>
#include <string.h>

#include "base/parallel.h"
#include "core/device.cuh"

/* 16 lanes of 2 MB chunks: in a microbenchmark on an H200 host a 2.2 GB upload ran at about
 * 50 GB/s, as with 8 lanes of 4 MB, while a 64 MB result came back into fresh pages in 4.8 ms
 * instead of 7.7 (its page faults spread over more threads). */
enum { kGnStageLanes = 16 };
static const size_t kGnStageChunk = (size_t)2 << 20; /* bytes of the device side per chunk */
static const size_t kGnStageMin = (size_t)32 << 20;  /* smaller copies go the plain way */
static const size_t kGnHugePage = (size_t)2 << 20;    /* the buffers' alignment */

struct gn_stage_lane {
  cudaStream_t stream;
  char *buf[2];
  cudaEvent_t free_again[2]; /* recorded after the DMA that last used buf[k] */
  cudaEvent_t end;           /* the lane's last chunk of a copy */
};

struct gn_stage {
  int lanes;
  char *buffers;   /* every lane's two buffers, lanes * 2 * kGnStageChunk bytes */
  bool registered; /* buffers came from posix_memalign and cudaHostRegister, not cudaHostAlloc */
  cudaEvent_t begin; /* the context's stream up to the copy */
  gn_stage_lane lane[kGnStageLanes];
};

void gn_stage_destroy(gn_stage *s) {
  if (!s) return;
  for (int t = 0; t < kGnStageLanes; ++t) {
    gn_stage_lane &l = s->lane[t];
    if (l.stream) cudaStreamSynchronize(l.stream);
    for (int k = 0; k < 2; ++k)
      if (l.free_again[k]) cudaEventDestroy(l.free_again[k]);
    if (l.end) cudaEventDestroy(l.end);
    if (l.stream) cudaStreamDestroy(l.stream);
  }
  if (s->buffers && s->registered) {
    cudaHostUnregister(s->buffers);
    free(s->buffers);
  } else if (s->buffers) {
    cudaFreeHost(s->buffers);
  }
  if (s->begin) cudaEventDestroy(s->begin);
  free(s);
}

/* Lane t's first touch of its buffers: the pages' zeroing spreads over the lanes. */
static void gn_stage_touch(void *arg, int t) {
  memset(static_cast<char *>(arg) + (size_t)t * 2 * kGnStageChunk, 0, 2 * kGnStageChunk);
}

/* s->buffers, pinned: 2 MB pages registered where the system gives them, else cudaHostAlloc. */
static cudaError_t gn_stage_buffers(gn_stage *s) {
  const size_t bytes = (size_t)s->lanes * 2 * kGnStageChunk;
  void *p = nullptr;
  if (posix_memalign(&p, kGnHugePage, bytes) == 0) {
    gn_advise_huge(p, bytes); /* advice only: 4 KB pages work, pinned more slowly */
    gn_parallel_run(s->lanes, gn_stage_touch, p);
    if (cudaHostRegister(p, bytes, cudaHostRegisterDefault) == cudaSuccess) {
      s->buffers = static_cast<char *>(p);
      s->registered = true;
      return cudaSuccess;
    }
    (void)cudaGetLastError();
    free(p);
  }
  return cudaHostAlloc((void **)&s->buffers, bytes, cudaHostAllocDefault);
}

static cudaError_t gn_stage_lane_init(gn_stage *s, int t) {
  gn_stage_lane &l = s->lane[t];
  cudaError_t e = cudaStreamCreateWithFlags(&l.stream, cudaStreamNonBlocking);
  for (int k = 0; k < 2 && e == cudaSuccess; ++k) {
    l.buf[k] = s->buffers + ((size_t)t * 2 + k) * kGnStageChunk;
    e = cudaEventCreateWithFlags(&l.free_again[k], cudaEventDisableTiming);
  }
  if (e == cudaSuccess) e = cudaEventCreateWithFlags(&l.end, cudaEventDisableTiming);
  return e;
}

/* The context's staging, made on its first large copy or ahead of it (gn_stage_ahead). NULL when
 * pinned memory or streams cannot be had (the error is cleared): the copies then go the plain
 * way, only slower. */
static gn_stage *gn_stage_make(gn_device *d) {
  if (d->stage || d->stage_failed) return d->stage;
  gn_stage *s = static_cast<gn_stage *>(calloc(1, sizeof(gn_stage)));
  cudaError_t e = s ? cudaEventCreateWithFlags(&s->begin, cudaEventDisableTiming)
                    : cudaErrorMemoryAllocation;
  const int threads = gn_parallel_threads();
  const int lanes = threads < kGnStageLanes ? threads : kGnStageLanes;
  if (s) s->lanes = lanes;
  if (e == cudaSuccess) e = gn_stage_buffers(s);
  for (int t = 0; t < lanes && e == cudaSuccess; ++t) e = gn_stage_lane_init(s, t);
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    gn_stage_destroy(s);
    d->stage_failed = 1;
    return nullptr;
  }
  d->stage = s;
  return s;
}

static void *gn_stage_ahead_main(void *arg) {
  gn_device *d = static_cast<gn_device *>(arg);
  if (cudaSetDevice(d->id) == cudaSuccess) (void)gn_stage_make(d);
  (void)cudaGetLastError(); /* this thread's error state; a failure is d->stage_failed */
  return nullptr;
}

void gn_stage_ahead(gn_device *d) {
  if (d->stage || d->stage_failed || d->stage_ahead) return;
  d->stage_ahead = pthread_create(&d->stage_thread, nullptr, gn_stage_ahead_main, d) == 0;
}

void gn_stage_ahead_wait(gn_device *d) {
  if (!d->stage_ahead) return;
  pthread_join(d->stage_thread, nullptr);
  d->stage_ahead = 0;
}

static gn_stage *gn_stage_get(gn_device *d) {
  gn_stage_ahead_wait(d);
  return gn_stage_make(d);
}

/* One staged copy: chunk c covers device bytes [c * chunk, ...) and is lane c % lanes's. */
enum gn_stage_kind { GN_STAGE_UPLOAD, GN_STAGE_UPLOAD_NARROW, GN_STAGE_DOWNLOAD };

struct gn_stage_job {
  gn_stage *s;
  gn_stage_kind kind;
  char *device;     /* device side */
  char *host;       /* host side (a double array for GN_STAGE_UPLOAD_NARROW) */
  size_t bytes;     /* device bytes */
  int64_t chunks;
  cudaError_t err[kGnStageLanes];
};

static size_t gn_chunk_bytes(const gn_stage_job &j, int64_t c) {
  const size_t at = (size_t)c * kGnStageChunk;
  return j.bytes - at < kGnStageChunk ? j.bytes - at : kGnStageChunk;
}

/* Fills a pinned buffer with chunk c of the host side. */
static void gn_stage_fill(const gn_stage_job &j, char *buf, int64_t c) {
  const size_t at = (size_t)c * kGnStageChunk, len = gn_chunk_bytes(j, c);
  if (j.kind == GN_STAGE_UPLOAD) {
    memcpy(buf, j.host + at, len);
    return;
  }
  const double *from = reinterpret_cast<const double *>(j.host) + at / sizeof(float);
  float *to = reinterpret_cast<float *>(buf);
  for (size_t i = 0; i < len / sizeof(float); ++i) to[i] = (float)from[i];
}

#define GN_LANE(call)                          \
  do {                                         \
    const cudaError_t e_ = (call);             \
    if (e_ != cudaSuccess) return e_;          \
  } while (0)

static cudaError_t gn_lane_upload(gn_stage_job &j, gn_stage_lane &l, int t) {
  GN_LANE(cudaStreamWaitEvent(l.stream, j.s->begin, 0));
  int k = 0;
  for (int64_t c = t; c < j.chunks; c += j.s->lanes, k ^= 1) {
    GN_LANE(cudaEventSynchronize(l.free_again[k])); /* its previous DMA has read it */
    gn_stage_fill(j, l.buf[k], c);
    GN_LANE(cudaMemcpyAsync(j.device + (size_t)c * kGnStageChunk, l.buf[k], gn_chunk_bytes(j, c),
                            cudaMemcpyHostToDevice, l.stream));
    GN_LANE(cudaEventRecord(l.free_again[k], l.stream));
  }
  return cudaEventRecord(l.end, l.stream);
}

/* Queues the DMA of chunk c into buf[k]. */
static cudaError_t gn_lane_fetch(gn_stage_job &j, gn_stage_lane &l, int64_t c, int k) {
  GN_LANE(cudaMemcpyAsync(l.buf[k], j.device + (size_t)c * kGnStageChunk, gn_chunk_bytes(j, c),
                          cudaMemcpyDeviceToHost, l.stream));
  return cudaEventRecord(l.free_again[k], l.stream);
}

static cudaError_t gn_lane_download(gn_stage_job &j, gn_stage_lane &l, int t) {
  const int64_t step = j.s->lanes;
  GN_LANE(cudaStreamWaitEvent(l.stream, j.s->begin, 0));
  if (t < j.chunks) GN_LANE(gn_lane_fetch(j, l, t, 0));
  int k = 0;
  for (int64_t c = t; c < j.chunks; c += step, k ^= 1) {
    if (c + step < j.chunks) GN_LANE(gn_lane_fetch(j, l, c + step, k ^ 1));
    GN_LANE(cudaEventSynchronize(l.free_again[k]));
    memcpy(j.host + (size_t)c * kGnStageChunk, l.buf[k], gn_chunk_bytes(j, c));
  }
  return cudaEventRecord(l.end, l.stream);
}

static void gn_stage_lane_run(void *arg, int t) {
  gn_stage_job &j = *static_cast<gn_stage_job *>(arg);
  gn_stage_lane &l = j.s->lane[t];
  j.err[t] = j.kind == GN_STAGE_DOWNLOAD ? gn_lane_download(j, l, t) : gn_lane_upload(j, l, t);
}

/* Runs a staged copy on all lanes; the context's stream then waits for them. */
static cudaError_t gn_stage_run(gn_device *d, gn_stage_job &j) {
  GN_LANE(cudaEventRecord(j.s->begin, d->stream));
  j.chunks = (int64_t)((j.bytes + kGnStageChunk - 1) / kGnStageChunk);
  const int lanes = j.chunks < j.s->lanes ? (int)j.chunks : j.s->lanes;
  for (int t = 0; t < kGnStageLanes; ++t) j.err[t] = cudaSuccess;
  gn_parallel_run(lanes, gn_stage_lane_run, &j);
  for (int t = 0; t < lanes; ++t) GN_LANE(j.err[t]);
  for (int t = 0; t < lanes; ++t) GN_LANE(cudaStreamWaitEvent(d->stream, j.s->lane[t].end, 0));
  return cudaSuccess;
}

/* A staged copy of `bytes` device bytes, or none (*done false) below the staging size or
 * without staging. */
static cudaError_t gn_stage_copy(gn_device *d, gn_stage_kind kind, char *device, char *host,
                                 size_t bytes, bool *done) {
  gn_stage_job j = {};
  j.s = bytes >= kGnStageMin ? gn_stage_get(d) : nullptr;
  *done = j.s != nullptr;
  if (!*done) return cudaSuccess;
  j.kind = kind;
  j.device = device;
  j.host = host;
  j.bytes = bytes;
  return gn_stage_run(d, j);
}

cudaError_t gn_stage_upload(gn_device *d, void *dst, const void *src, size_t bytes, bool *done) {
  return gn_stage_copy(d, GN_STAGE_UPLOAD, static_cast<char *>(dst),
                       const_cast<char *>(static_cast<const char *>(src)), bytes, done);
}

cudaError_t gn_stage_upload_narrow(gn_device *d, float *dst, const double *src, size_t count,
                                   bool *done) {
  return gn_stage_copy(d, GN_STAGE_UPLOAD_NARROW, reinterpret_cast<char *>(dst),
                       reinterpret_cast<char *>(const_cast<double *>(src)), count * sizeof(float),
                       done);
}

cudaError_t gn_stage_download(gn_device *d, void *dst, const void *src, size_t bytes,
                              bool *done) {
  return gn_stage_copy(d, GN_STAGE_DOWNLOAD, const_cast<char *>(static_cast<const char *>(src)),
                       static_cast<char *>(dst), bytes, done);
}
