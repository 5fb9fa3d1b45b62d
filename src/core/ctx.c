/* Contexts: device selection ($GNEST_DEVICE, option, or the CPU when no CUDA device is usable). */
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/device_api.h"
#include "core/internal.h"

void gnest_ctx_options_init(gnest_ctx_options *opts) {
  if (!opts) return;
  opts->device = -1;
  opts->force_cpu = 0;
  opts->device_memory_limit = 0;
}

/* The device memory limit: the option, else $GNEST_DEVICE_MEMORY_LIMIT (decimal bytes, > 0). */
static gnest_status gn_memory_limit(const gnest_ctx_options *o, size_t *limit) {
  *limit = o->device_memory_limit;
  const char *s = getenv("GNEST_DEVICE_MEMORY_LIMIT");
  if (*limit > 0 || !s || !*s) return GNEST_OK;
  char *end = NULL;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (s[0] < '0' || s[0] > '9' || errno != 0 || *end != '\0' || v == 0 || v > SIZE_MAX)
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, "GNEST_DEVICE_MEMORY_LIMIT", 0,
                    "'%s' is not a byte count (expected a positive decimal integer)", s);
  *limit = (size_t)v;
  return GNEST_OK;
}

/* Parses $GNEST_DEVICE: a non-negative decimal integer, nothing else. Unset or empty = 0. */
static gnest_status gn_device_from_env(int *device) {
  const char *s = getenv("GNEST_DEVICE");
  *device = 0;
  if (!s || !*s) return GNEST_OK;
  char *end = NULL;
  errno = 0;
  long v = strtol(s, &end, 10);
  int digits_only = s[0] >= '0' && s[0] <= '9';
  if (!digits_only || errno != 0 || *end != '\0' || v < 0 || v > INT_MAX)
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, "GNEST_DEVICE", 0,
                    "'%s' is not a device index (expected a non-negative integer)", s);
  *device = (int)v;
  return GNEST_OK;
}

static gnest_status gn_pick_device(const gnest_ctx_options *o, int *device) {
  if (o->device >= 0) {
    *device = o->device;
    return GNEST_OK;
  }
  if (o->device != -1)
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, "gnest_ctx_create", 0,
                    "device %d: expected a device index >= 0, or -1 for $GNEST_DEVICE / 0",
                    o->device);
  return gn_device_from_env(device);
}

static void gn_set_cpu(gnest_ctx *ctx, const char *why) {
  ctx->has_device = 0;
  ctx->device = -1;
  ctx->dev = NULL;
  snprintf(ctx->device_name, sizeof ctx->device_name, "CPU (no CUDA device: %s)", why);
}

/* Why CUDA has no device, in a user's words. Without any NVIDIA driver the runtime says "CUDA
 * driver version is insufficient for CUDA runtime version", which reads as "update your driver":
 * when the driver library cannot even be loaded, say that there is none. */
static const char *gn_no_device_reason(cudaError_t e) {
  if (e == cudaErrorNoDevice) return "no CUDA-capable device is present";
  if (e == cudaErrorInsufficientDriver) {
    void *driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!driver) return "no driver found";
    dlclose(driver);
    return "the NVIDIA driver is older than this build's CUDA runtime (update the driver)";
  }
  return cudaGetErrorString(e);
}

/* Opens the requested device, or leaves ctx on the CPU when CUDA has no device at all. */
static gnest_status gn_open_device(gnest_ctx *ctx, int device, size_t memory_limit) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    gn_set_cpu(ctx, gn_no_device_reason(e));
    (void)cudaGetLastError(); /* the failed query must not surface as a later call's error */
    return GNEST_OK;
  }
  if (count == 0) {
    gn_set_cpu(ctx, "the CUDA runtime reports no device");
    return GNEST_OK;
  }
  if (device >= count)
    return gn_error(ctx, GNEST_ERR_NO_DEVICE, "gnest_ctx_create", 0,
                    "CUDA device %d requested, but only %d device%s present (valid: 0..%d)",
                    device, count, count == 1 ? " is" : "s are", count - 1);
  gnest_status st = gn_device_attach(ctx, device);
  if (st == GNEST_OK) gn_device_set_memory_limit(ctx, memory_limit);
  return st;
}

gnest_status gnest_ctx_create(gnest_ctx **out, const gnest_ctx_options *opts) {
  if (!out)
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, "gnest_ctx_create", 0, "ctx is NULL");
  *out = NULL;
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  if (opts) o = *opts;

  gnest_status st;
  gnest_ctx *ctx = gn_alloc(NULL, 1, sizeof *ctx, "the context", &st);
  if (!ctx) return st;
  if (o.force_cpu) {
    gn_set_cpu(ctx, "force_cpu was requested");
  } else {
    int device = 0;
    size_t memory_limit = 0;
    st = gn_pick_device(&o, &device);
    if (st == GNEST_OK) st = gn_memory_limit(&o, &memory_limit);
    if (st == GNEST_OK) st = gn_open_device(ctx, device, memory_limit);
    if (st != GNEST_OK) {
      /* The detail was recorded in ctx (or already context-less); keep it readable through
       * gnest_last_error(NULL) once ctx is gone. */
      const gnest_error *e = &ctx->last_error.err;
      if (e->status != GNEST_OK) gn_error(NULL, e->status, e->source, e->line, "%s", e->message);
      gnest_ctx_free(ctx);
      return st;
    }
  }
  *out = ctx;
  return GNEST_OK;
}

void gnest_ctx_free(gnest_ctx *ctx) {
  if (!ctx) return;
  if (ctx->dev) gn_device_detach(ctx);
  free(ctx);
}

int gnest_ctx_has_device(const gnest_ctx *ctx) { return ctx ? ctx->has_device : 0; }

const char *gnest_ctx_device_name(const gnest_ctx *ctx) {
  return ctx ? ctx->device_name : "(no context)";
}
