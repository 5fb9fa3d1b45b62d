/* The parts of src/core/device.cu that C code calls (context, graph and tree handles, statistics).
 * device.cuh declares the rest with C++ linkage for the .cu files; everything here is extern "C".
 * Without a device (or a CUDA driver) these functions are still linked in; they are only called
 * for contexts that have one. */
#ifndef GNEST_DEVICE_API_H
#define GNEST_DEVICE_API_H

#include <pthread.h>

#include "core/internal.h"
#include "core/stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gn_device_open / gn_device_close for C callers (gnest_ctx_create / gnest_ctx_free). */
gnest_status gn_device_attach(gnest_ctx *ctx, int id);
void gn_device_detach(gnest_ctx *ctx);

/* gnest_ctx_options.device_memory_limit (0 = none) for the context's device allocations. */
void gn_device_set_memory_limit(gnest_ctx *ctx, size_t bytes);
/* Bytes gnest holds on ctx's device in this process: pool blocks (in use or cached) and graph /
 * tree copies; what the limit is checked against (tests check that failures leak none). */
size_t gn_device_bytes_held(const gnest_ctx *ctx);
/* The most gn_device_bytes_held has been since the last gn_device_peak_reset (gnest_info's
 * device_bytes: reset when a call begins, read when it ends). */
void gn_device_peak_reset(const gnest_ctx *ctx);
size_t gn_device_bytes_peak(const gnest_ctx *ctx);
/* The host clock (CLOCK_MONOTONIC, in ms, as gn_now_ms) when the call's timed region first began
 * (gn_timer_start) since the last gn_device_timer_reset (when a call begins); < 0 when none did
 * or ctx has no device. gnest_info.setup_ms ends there. */
void gn_device_timer_reset(const gnest_ctx *ctx);
double gn_device_timer_began(const gnest_ctx *ctx);
/* The time (host ms) and bytes of the input's uploads since gn_device_upload_reset (when a call
 * begins): the graph's or tree's device copy and its weights, made on first use
 * (gnest_info.upload_ms). */
void gn_device_upload_reset(const gnest_ctx *ctx);
void gn_device_upload_stats(const gnest_ctx *ctx, double *ms, int64_t *bytes);
/* Waits for the context's stream and frees the buffers its pool keeps for reuse: after a call
 * that ran out of device memory, so that the blocks the failed call freed do not stay held, and
 * before the pending-launch pool is sized from the free memory (devloop.cu). */
void gn_device_release_cache(gnest_ctx *ctx);

/* 1 when ctx's device lets host threads and kernels touch managed memory at once
 * (cudaDevAttrConcurrentManagedAccess); 0 without a device. */
int gn_device_concurrent_managed(const gnest_ctx *ctx);

/* Makes ctx's device current for this host thread (contexts on several devices in one process). */
gnest_status gn_device_make_current(gnest_ctx *ctx);

/* Release a graph's / tree's device copy (called by gnest_graph_free / gnest_tree_free). Safe with
 * NULL; does not need the context that uploaded it to be alive. */
void gn_device_graph_free(gnest_ctx *ctx, struct gn_device_graph *dg);
void gn_device_tree_free(gnest_ctx *ctx, struct gn_device_tree *dt);

/* Degree statistics computed on the device over the uploaded CSR (uploads it if needed). Integer
 * sums come from the device; the doubles are derived by gn_degree_stats_finish exactly as on the
 * CPU, so both give bit-identical results. */
gnest_status gn_device_degree_stats(gnest_ctx *ctx, const gnest_graph *g, gnest_degree_stats *out);

/* g's first upload, with its degree statistics read from the offsets on the device as soon as
 * they are up: `ready(arg, stats)` runs then, on a CUDA host-function thread (it must not call
 * CUDA), while the columns are still going up, so that what depends on the statistics (the
 * selector's choice and the load of that backend's device code) overlaps the longest copy.
 * stats->self_loops is -1 (not counted); every other field equals gnest_graph_stats's. When g is
 * already on the device this does nothing and ready is not called. On failure ready may or may
 * not have run. */
typedef void (*gn_shape_ready)(void *arg, const gnest_degree_stats *stats);
gnest_status gn_graph_upload_with_shape(gnest_ctx *ctx, const gnest_graph *g,
                                        gn_shape_ready ready, void *arg);

/* gn_device_row_census (device.cuh) of g's rows, uploading g if needed (the tests compare it with
 * gn_row_census_count). */
gnest_status gn_device_graph_row_census(gnest_ctx *ctx, const gnest_graph *g, int32_t threshold,
                                        int32_t chunk, gn_row_census *out);

/* The pinned staging of a first large upload (core/staging.cu), made on a helper thread while an
 * input of `bytes` (its file's size) loads, when that is 256 MB or more: a cold `gnest-cli bfs` on
 * rmat24 then uploaded in 49-52 ms instead of 59-63 (H200 host, the two alternating). */
void gn_device_stage_ahead(gnest_ctx *ctx, size_t bytes);

/* Device code loaded while a first upload runs. CUDA loads a module (the device code of one .cu
 * file) at the first use of any of its kernels: a backend's first launch in a process took
 * 4.5-6.6 ms (H200, the freelaunch backend), inside the call's timed region. gn_code_load_begin
 * starts a host thread that touches `kernel` (cudaFuncGetAttributes), loading its module while
 * the call prepares and makes its upload; gn_code_load_end waits for it. A load holds up the
 * copies queued meanwhile (three modules loaded during a 2.2 GB upload made it 10-15 ms longer,
 * H200), so a call loads the one backend that runs, which it would load anyway. Loading is an
 * optimisation only: a kernel that fails to load here fails again, with its status, where it is
 * launched. */
typedef struct gn_code_loader {
  pthread_t thread;
  int started;
  int device;
  const void *kernel;
} gn_code_loader;
/* Worth a thread: g (t) has no device copy yet, and its arrays take at least 256 MB. */
int gn_graph_upload_is_long(const gnest_graph *g);
int gn_tree_upload_is_long(const gnest_tree *t);
void gn_code_load_begin(gnest_ctx *ctx, gn_code_loader *l, const void *kernel);
void gn_code_load_end(gn_code_loader *l);

#ifdef __cplusplus
}
#endif
#endif
