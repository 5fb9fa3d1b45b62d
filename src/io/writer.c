/* Output files, buffered over a gn_target (io/output.c decides how the path is written: a regular
 * file through a temporary renamed on success, so a failed write never leaves a partial file).
 * Paths ending in .gz / .xz are compressed (zlib deflate with a gzip wrapper / liblzma). */
#include <errno.h>
#include <lzma.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "io/io_internal.h"

enum { kBufferBytes = 1 << 20, kMaxReserve = 4096 };

struct gn_writer {
  gnest_ctx *ctx;
  char *path;
  gn_target target;
  gn_compression kind;
  int codec_ready;
  z_stream gz;
  lzma_stream xz;
  char *buf, *zbuf;     /* pending bytes; compressed output staging */
  size_t used;
  gnest_status st;      /* first error; later writes are dropped */
};

static gnest_status fail(gn_writer *w, gnest_status st, const char *what, int err) {
  if (w->st == GNEST_OK) w->st = gn_error(w->ctx, st, w->path, 0, "%s: %s", what, err ? strerror(err) : "failed");
  return w->st;
}

static gnest_status write_all(gn_writer *w, const void *data, size_t bytes) {
  const char *p = data;
  while (bytes > 0 && w->st == GNEST_OK) {
    ssize_t n = write(w->target.fd, p, bytes > ((size_t)1 << 30) ? ((size_t)1 << 30) : bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail(w, GNEST_ERR_IO, "write error", n < 0 ? errno : ENOSPC);
    p += n;
    bytes -= (size_t)n;
  }
  return w->st;
}

/* Runs the codec over data (finish: until the stream end) and writes what it produces. */
static gnest_status run_codec(gn_writer *w, const void *data, size_t bytes, int finish) {
  const uint8_t *in = data;
  for (;;) {
    size_t produced, consumed;
    int done;
    if (w->kind == GN_COMPRESS_GZIP) {
      uInt chunk = bytes > (1u << 30) ? (1u << 30) : (uInt)bytes;
      w->gz.next_in = (Bytef *)in;
      w->gz.avail_in = chunk;
      w->gz.next_out = (Bytef *)w->zbuf;
      w->gz.avail_out = kBufferBytes;
      int rc = deflate(&w->gz, finish && chunk == bytes ? Z_FINISH : Z_NO_FLUSH);
      if (rc == Z_STREAM_ERROR) return fail(w, GNEST_ERR_INTERNAL, "zlib deflate", 0);
      consumed = chunk - w->gz.avail_in;
      produced = kBufferBytes - w->gz.avail_out;
      done = rc == Z_STREAM_END;
    } else {
      w->xz.next_in = in;
      w->xz.avail_in = bytes;
      w->xz.next_out = (uint8_t *)w->zbuf;
      w->xz.avail_out = kBufferBytes;
      lzma_ret rc = lzma_code(&w->xz, finish ? LZMA_FINISH : LZMA_RUN);
      if (rc != LZMA_OK && rc != LZMA_STREAM_END)
        return fail(w, rc == LZMA_MEM_ERROR ? GNEST_ERR_OUT_OF_MEMORY : GNEST_ERR_INTERNAL, "liblzma encoder", 0);
      consumed = bytes - w->xz.avail_in;
      produced = kBufferBytes - w->xz.avail_out;
      done = rc == LZMA_STREAM_END;
    }
    in += consumed;
    bytes -= consumed;
    if (produced && write_all(w, w->zbuf, produced) != GNEST_OK) return w->st;
    if (finish ? done : (bytes == 0 && produced < kBufferBytes)) return GNEST_OK;
  }
}

static gnest_status emit(gn_writer *w, const void *data, size_t bytes, int finish) {
  if (w->st != GNEST_OK) return w->st;
  if (w->kind == GN_COMPRESS_NONE) return write_all(w, data, bytes);
  return run_codec(w, data, bytes, finish);
}

static gnest_status flush(gn_writer *w) {
  gnest_status st = w->used ? emit(w, w->buf, w->used, 0) : w->st;
  w->used = 0;
  return st;
}

static gnest_status start_codec(gn_writer *w) {
  if (w->kind == GN_COMPRESS_NONE) return GNEST_OK;
  gnest_status st = GNEST_OK;
  w->zbuf = gn_alloc(w->ctx, kBufferBytes, 1, "compression buffer", &st);
  if (!w->zbuf) return w->st = (st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY);
  if (w->kind == GN_COMPRESS_GZIP) {
    if (deflateInit2(&w->gz, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      return fail(w, GNEST_ERR_OUT_OF_MEMORY, "cannot initialise zlib", 0);
  } else {
    w->xz = (lzma_stream)LZMA_STREAM_INIT;
    if (lzma_easy_encoder(&w->xz, 6, LZMA_CHECK_CRC64) != LZMA_OK)
      return fail(w, GNEST_ERR_OUT_OF_MEMORY, "cannot initialise liblzma", 0);
  }
  w->codec_ready = 1;
  return GNEST_OK;
}

gnest_status gn_writer_open(gnest_ctx *ctx, const char *path, gn_writer **out) {
  *out = NULL;
  if (!path || !*path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_writer_open", 0, "empty output path");
  gnest_status rc = GNEST_OK;
  gn_writer *w = gn_alloc(ctx, 1, sizeof *w, "writer", &rc);
  if (!w) return rc != GNEST_OK ? rc : GNEST_ERR_OUT_OF_MEMORY;
  memset(w, 0, sizeof *w);
  w->ctx = ctx;
  w->target.fd = -1;
  w->kind = gn_path_compression(path);
  w->path = strdup(path);
  w->buf = gn_alloc(ctx, kBufferBytes + kMaxReserve, 1, "output buffer", &rc);
  if (!w->path || !w->buf) w->st = gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "out of memory opening the output");
  if (w->st == GNEST_OK) w->st = gn_target_open(ctx, path, &w->target);
  if (w->st == GNEST_OK) start_codec(w);
  if (w->st != GNEST_OK) {
    rc = w->st;
    gn_writer_close(w, 0);
    return rc;
  }
  *out = w;
  return GNEST_OK;
}

gnest_status gn_writer_put(gn_writer *w, const void *data, size_t bytes) {
  if (w->used + bytes <= kBufferBytes) {
    memcpy(w->buf + w->used, data, bytes);
    w->used += bytes;
    return w->st;
  }
  flush(w);
  if (bytes < kBufferBytes / 2) {
    memcpy(w->buf, data, bytes);
    w->used = bytes;
    return w->st;
  }
  return emit(w, data, bytes, 0);
}

char *gn_writer_reserve(gn_writer *w, size_t bytes) {
  (void)bytes; /* <= kMaxReserve: the buffer always has that much slack past kBufferBytes */
  if (w->used >= kBufferBytes) flush(w);
  return w->buf + w->used;
}

void gn_writer_commit(gn_writer *w, char *upto) { w->used = (size_t)(upto - w->buf); }

gnest_status gn_writer_close(gn_writer *w, int ok) {
  if (!w) return GNEST_OK;
  if (ok && w->st == GNEST_OK) {
    flush(w);
    if (w->codec_ready) emit(w, NULL, 0, 1);
  }
  if (w->kind == GN_COMPRESS_GZIP && w->codec_ready) deflateEnd(&w->gz);
  if (w->kind == GN_COMPRESS_XZ && w->codec_ready) lzma_end(&w->xz);
  gnest_status st = gn_target_close(w->ctx, &w->target, ok && w->st == GNEST_OK);
  if (w->st != GNEST_OK) st = w->st;
  free(w->path);
  free(w->buf);
  free(w->zbuf);
  free(w);
  return st;
}

char *gn_format_int(char *p, int64_t v) {
  char tmp[24];
  int k = 0;
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  do tmp[k++] = (char)('0' + u % 10); while ((u /= 10) != 0);
  if (v < 0) *p++ = '-';
  while (k > 0) *p++ = tmp[--k];
  return p;
}

char *gn_format_double(char *p, double v) {
  if (v == trunc(v) && fabs(v) <= 9007199254740992.0) return gn_format_int(p, (int64_t)v);
  for (int precision = 15; precision <= 17; precision++) {
    int n = snprintf(p, 32, "%.*g", precision, v);
    if (precision == 17 || strtod(p, NULL) == v) return p + n;
  }
  return p;
}
