/* The version text, status texts, the error records (a context's, or this thread's without
 * one), the host allocation helper and the host clock. Part of base: the context stays opaque
 * here (see base.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/base.h"

/* Where errors go when there is no context (gnest_ctx_create failing, a NULL ctx argument).
 * One per thread, so concurrent context-less failures do not overwrite each other. */
static _Thread_local gn_error_record gn_no_ctx_error;

/* The record errors about ctx go to. A context begins with its record (base.h), so the context
 * pointer is the record's. The record is mutable even through a const context: const in the
 * getters promises only that the rest of the context is left alone. */
static gn_error_record *gn_record_of(const gnest_ctx *ctx) {
  return ctx ? (gn_error_record *)ctx : &gn_no_ctx_error;
}

const char *gnest_version(void) { return GNEST_VERSION_STRING; }

const char *gnest_strerror(gnest_status status) {
  switch (status) {
    case GNEST_OK: return "success";
    case GNEST_ERR_INVALID_ARGUMENT: return "invalid argument";
    case GNEST_ERR_INVALID_INPUT: return "invalid input for this call";
    case GNEST_ERR_OUT_OF_RANGE: return "index out of range";
    case GNEST_ERR_IO: return "input/output error";
    case GNEST_ERR_PARSE: return "malformed input file";
    case GNEST_ERR_UNSUPPORTED_FORMAT: return "unsupported file format";
    case GNEST_ERR_TOO_LARGE: return "size too large";
    case GNEST_ERR_OUT_OF_MEMORY: return "out of host memory";
    case GNEST_ERR_DEVICE_OUT_OF_MEMORY: return "out of device memory";
    case GNEST_ERR_NO_DEVICE: return "no usable CUDA device";
    case GNEST_ERR_CUDA: return "CUDA runtime error";
    case GNEST_ERR_BACKEND_UNAVAILABLE: return "backend not available in this build";
    case GNEST_ERR_BACKEND_NOT_APPLICABLE: return "backend not applicable to this algorithm";
    case GNEST_ERR_NOT_A_TREE: return "not a tree";
    case GNEST_ERR_LAUNCH_LIMIT: return "device-side launch limit exceeded";
    case GNEST_ERR_CHECKSUM: return "checksum or version mismatch";
    case GNEST_ERR_INTERNAL: return "internal error (a bug in gnest, please report)";
    case GNEST_ERR_OVERFLOW: return "result overflows double";
    case GNEST_ERR_NOT_BUILT: return "not in this build of gnest";
    case GNEST_STATUS_COUNT: break;
  }
  return "unknown status";
}

static void gn_record(gn_error_record *rec, gnest_status status, const char *source, int64_t line,
                      const char *message) {
  gnest_error *err = &rec->err;
  err->status = status;
  snprintf(err->source, sizeof err->source, "%s", source);
  err->line = line;
  snprintf(err->message, sizeof err->message, "%s", message);
  if (err->source[0] == '\0')
    snprintf(rec->err_string, sizeof rec->err_string, "%s", err->message);
  else if (line > 0)
    snprintf(rec->err_string, sizeof rec->err_string, "%s:%lld: %s", err->source,
             (long long)line, err->message);
  else
    snprintf(rec->err_string, sizeof rec->err_string, "%s: %s", err->source, err->message);
}

gnest_status gn_error(gnest_ctx *ctx, gnest_status status, const char *source, int64_t line,
                      const char *fmt, ...) {
  /* Format into locals first: source or the arguments may point into the record itself
   * (an error re-recorded with more context). */
  char src[sizeof(((gnest_error *)0)->source)];
  char msg[sizeof(((gnest_error *)0)->message)];
  snprintf(src, sizeof src, "%s", source ? source : "");
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt ? fmt : "", ap);
  va_end(ap);
  gn_record(gn_record_of(ctx), status, src, line, msg);
  return status;
}

void *gn_alloc(gnest_ctx *ctx, size_t count, size_t size, const char *what, gnest_status *st) {
  gnest_status dummy;
  if (!st) st = &dummy;
  if (size != 0 && count > SIZE_MAX / size) {
    *st = gn_error(ctx, GNEST_ERR_TOO_LARGE, "", 0,
                   "cannot allocate %zu x %zu bytes for %s: the size overflows", count, size,
                   what ? what : "a buffer");
    return NULL;
  }
  size_t bytes = count * size;
  void *p = calloc(bytes ? bytes : 1, 1);
  if (!p) {
    *st = gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, "", 0, "out of host memory: cannot allocate %zu bytes for %s",
                   bytes, what ? what : "a buffer");
    return NULL;
  }
  *st = GNEST_OK;
  return p;
}

/* With ctx == NULL: the last context-less failure of this thread (e.g. gnest_ctx_create's). */
const gnest_error *gnest_last_error(const gnest_ctx *ctx) { return &gn_record_of(ctx)->err; }

const char *gnest_last_error_string(const gnest_ctx *ctx) {
  return gn_record_of(ctx)->err_string;
}

double gn_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A "Key: value kB" line's value in bytes from /proc/meminfo, or 0. */
static uint64_t meminfo_bytes(const char *key) {
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f) return 0;
  char line[256];
  unsigned long long kb = 0;
  const size_t len = strlen(key);
  while (fgets(line, sizeof line, f))
    if (strncmp(line, key, len) == 0 && sscanf(line + len, " %llu", &kb) == 1) break;
  fclose(f);
  return (uint64_t)kb * 1024u;
}

/* A cgroup v2 file holding one number of bytes ("max" or unreadable: 0). */
static uint64_t cgroup_bytes(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  unsigned long long v = 0;
  const int got = fscanf(f, "%llu", &v);
  fclose(f);
  return got == 1 ? (uint64_t)v : 0;
}

uint64_t gn_host_memory_available(void) {
  uint64_t avail = meminfo_bytes("MemAvailable:");
  if (avail == 0) avail = UINT64_MAX;
  const uint64_t limit = cgroup_bytes("/sys/fs/cgroup/memory.max");
  if (limit > 0) {
    const uint64_t used = cgroup_bytes("/sys/fs/cgroup/memory.current");
    const uint64_t left = limit > used ? limit - used : 0;
    if (left < avail) avail = left;
  }
  return avail;
}
