/* Whole-file reading with transparent gzip (zlib) and xz (liblzma) decompression. */
#include <errno.h>
#include <fcntl.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "io/io_internal.h"

static const unsigned char kGzipMagic[2] = {0x1f, 0x8b};
static const unsigned char kXzMagic[6] = {0xfd, '7', 'z', 'X', 'Z', 0x00};

int gn_path_has_suffix(const char *path, const char *suffix) {
  size_t lp = strlen(path), ls = strlen(suffix);
  return lp >= ls && strcasecmp(path + lp - ls, suffix) == 0;
}

int gn_is_stdin_path(const char *path) { return path && strcmp(path, "-") == 0; }

gn_compression gn_path_compression(const char *path) {
  if (gn_path_has_suffix(path, ".gz")) return GN_COMPRESS_GZIP;
  if (gn_path_has_suffix(path, ".xz")) return GN_COMPRESS_XZ;
  return GN_COMPRESS_NONE;
}

void gn_advise_huge(void *p, size_t bytes) {
#ifdef MADV_HUGEPAGE
  const uintptr_t huge = (uintptr_t)2 << 20;
  if (!p || bytes < 2 * huge) return;
  uintptr_t begin = ((uintptr_t)p + huge - 1) & ~(huge - 1), end = ((uintptr_t)p + bytes) & ~(huge - 1);
  if (end > begin) (void)madvise((void *)begin, end - begin, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

void *gn_alloc_big(gnest_ctx *ctx, size_t count, size_t size, const char *what, gnest_status *st) {
  void *p = gn_alloc(ctx, count, size, what, st);
  if (p) gn_advise_huge(p, count * size);
  return p;
}

void gn_buffer_free(gn_buffer *b) {
  if (!b) return;
  free(b->data);
  b->data = NULL;
  b->size = 0;
}

/* Grows *data (capacity *cap) to hold at least need bytes plus the terminating NUL. */
static gnest_status grow(gnest_ctx *ctx, const char *path, char **data, size_t *cap, size_t need) {
  if (need < *cap) return GNEST_OK;
  size_t new_cap = *cap < 65536 ? 65536 : *cap;
  while (new_cap <= need) {
    if (new_cap > SIZE_MAX / 2) return gn_error(ctx, GNEST_ERR_TOO_LARGE, path, 0, "file too large for memory");
    new_cap *= 2;
  }
  char *p = realloc(*data, new_cap);
  if (!p)
    return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "out of memory reading the file (%zu bytes)", new_cap);
  gn_advise_huge(p, new_cap);
  *data = p;
  *cap = new_cap;
  return GNEST_OK;
}

/* Reads everything from fd: one allocation of the known size for regular files, growing
 * otherwise (pipes, character devices). */
static gnest_status read_fd(gnest_ctx *ctx, const char *path, int fd, const struct stat *st,
                            gn_buffer *out) {
  size_t cap = 0, size = 0;
  char *data = NULL;
  gnest_status s = GNEST_OK;
  if (S_ISREG(st->st_mode)) {
    if ((uint64_t)st->st_size >= SIZE_MAX) return gn_error(ctx, GNEST_ERR_TOO_LARGE, path, 0, "file too large");
    cap = (size_t)st->st_size + 1;
    data = gn_alloc_big(ctx, cap, 1, path, &s);
    if (!data) return s;
  }
  for (;;) {
    if (size + 1 >= cap && (s = grow(ctx, path, &data, &cap, size + 1)) != GNEST_OK) break;
    size_t room = cap - 1 - size, chunk = (size_t)1 << 26; /* 64 MiB a call: progress reports */
    ssize_t got = read(fd, data + size, room < chunk ? room : chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      s = gn_error(ctx, GNEST_ERR_IO, path, 0, "read error: %s", strerror(errno));
      break;
    }
    if (got == 0) break;
    size += (size_t)got;
    if (S_ISREG(st->st_mode)) gn_progress_report("reading", size, (uint64_t)st->st_size);
    /* a regular file of the stat'ed size is complete: skip the extra read() that sees EOF */
    if (S_ISREG(st->st_mode) && size == (size_t)st->st_size) break;
  }
  if (s != GNEST_OK) {
    free(data);
    return s;
  }
  if (!data && (s = grow(ctx, path, &data, &cap, 0)) != GNEST_OK) return s;
  data[size] = '\0';
  out->data = data;
  out->size = size;
  return GNEST_OK;
}

/* Initial output size for a compressed input: its declared size when known and plausible. */
static size_t output_guess(size_t compressed, uint64_t declared) {
  size_t guess = compressed < ((size_t)1 << 40) ? compressed * 6 : compressed;
  if (declared > compressed && declared / 1100 < compressed && declared < ((uint64_t)1 << 40))
    guess = (size_t)declared + 1; /* deflate cannot expand more than ~1032:1 */
  return guess < 65536 ? 65536 : guess;
}

/* End of a decompression: on success the NUL-terminated data goes to out, else it is freed. */
static gnest_status hand_over(gnest_status s, char *data, size_t size, gn_buffer *out) {
  if (s != GNEST_OK) {
    free(data);
    return s;
  }
  data[size] = '\0';
  out->data = data;
  out->size = size;
  return GNEST_OK;
}

/* After the last compressed stream at offset end of in: nothing, or zero padding (as gzip and
 * xz themselves allow), else an error naming where the trailing data starts and its first bytes. */
static gnest_status check_trailing(gnest_ctx *ctx, const char *path, const char *kind,
                                   const gn_buffer *in, size_t end) {
  const unsigned char *tail = (const unsigned char *)in->data + end;
  const size_t left = in->size - end;
  size_t k = 0;
  while (k < left && tail[k] == 0) k++;
  if (k == left) return GNEST_OK;
  char shown[8 * 3 + 4] = "", *q = shown;
  for (size_t i = 0; i < left && i < 8; i++) q += sprintf(q, "%s%02x", i ? " " : "", tail[i]);
  if (left > 8) strcpy(q, " ..");
  return gn_error(ctx, GNEST_ERR_PARSE, path, 0,
                  "%zu byte%s of trailing data after the %s stream at byte %zu (%s): not another %s "
                  "stream nor zero padding",
                  left, left == 1 ? "" : "s", kind, end, shown, kind);
}

static gnest_status gunzip(gnest_ctx *ctx, const char *path, const gn_buffer *in, gn_buffer *out) {
  uint64_t isize = 0; /* gzip trailer: uncompressed size mod 2^32 of the last member */
  if (in->size >= 18) {
    const unsigned char *t = (const unsigned char *)in->data + in->size - 4;
    isize = (uint64_t)t[0] | (uint64_t)t[1] << 8 | (uint64_t)t[2] << 16 | (uint64_t)t[3] << 24;
  }
  size_t cap = 0, size = 0;
  char *data = NULL;
  gnest_status s = grow(ctx, path, &data, &cap, output_guess(in->size, isize));
  if (s != GNEST_OK) return s;
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, 15 + 16) != Z_OK) {
    free(data);
    return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "cannot initialise zlib");
  }
  const unsigned char *next = (const unsigned char *)in->data;
  size_t left = in->size;
  int rc = Z_OK;
  for (;;) {
    if (size + 1 >= cap && (s = grow(ctx, path, &data, &cap, size + 1)) != GNEST_OK) break;
    uInt in_chunk = left > (1u << 24) ? (1u << 24) : (uInt)left; /* 16 MiB: progress reports */
    size_t room = cap - 1 - size;
    uInt out_chunk = room > (1u << 30) ? (1u << 30) : (uInt)room;
    z.next_in = (Bytef *)next;
    z.avail_in = in_chunk;
    z.next_out = (Bytef *)data + size;
    z.avail_out = out_chunk;
    rc = inflate(&z, Z_NO_FLUSH);
    next += in_chunk - z.avail_in;
    left -= in_chunk - z.avail_in;
    size += out_chunk - z.avail_out;
    gn_progress_report("decompressing", in->size - left, in->size);
    if (rc == Z_STREAM_END) {
      /* concatenated members (gzip a b > c) continue */
      if (left >= 2 && memcmp(next, kGzipMagic, 2) == 0 && inflateReset(&z) == Z_OK) continue;
      s = check_trailing(ctx, path, "gzip", in, in->size - left);
      break;
    }
    if (rc == Z_BUF_ERROR && left == 0) {
      s = gn_error(ctx, GNEST_ERR_PARSE, path, 0, "truncated gzip data (the stream ends early)");
      break;
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      s = gn_error(ctx, rc == Z_MEM_ERROR ? GNEST_ERR_OUT_OF_MEMORY : GNEST_ERR_PARSE, path, 0,
                   "corrupt gzip data: %s", z.msg ? z.msg : "inflate failed");
      break;
    }
  }
  inflateEnd(&z);
  return hand_over(s, data, size, out);
}

static gnest_status unxz(gnest_ctx *ctx, const char *path, const gn_buffer *in, gn_buffer *out) {
  size_t cap = 0, size = 0;
  char *data = NULL;
  gnest_status s = grow(ctx, path, &data, &cap, output_guess(in->size, 0));
  if (s != GNEST_OK) return s;
  lzma_stream z = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&z, UINT64_MAX, 0) != LZMA_OK) {
    free(data);
    return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "cannot initialise liblzma");
  }
  const uint8_t *next = (const uint8_t *)in->data;
  size_t left = in->size; /* input not yet given to liblzma: 16 MiB at a time, for progress */
  for (;;) {
    if (size + 1 >= cap && (s = grow(ctx, path, &data, &cap, size + 1)) != GNEST_OK) break;
    if (z.avail_in == 0 && left > 0) {
      size_t chunk = left < ((size_t)1 << 24) ? left : ((size_t)1 << 24);
      z.next_in = next;
      z.avail_in = chunk;
      next += chunk;
      left -= chunk;
    }
    z.next_out = (uint8_t *)data + size;
    z.avail_out = cap - 1 - size;
    lzma_ret rc = lzma_code(&z, left ? LZMA_RUN : LZMA_FINISH);
    size = (size_t)((char *)z.next_out - data);
    gn_progress_report("decompressing", in->size - left - z.avail_in, in->size);
    if (rc == LZMA_STREAM_END) {
      /* concatenated streams (cat a.xz b.xz) continue, as for gzip members */
      const size_t end = in->size - left - z.avail_in;
      if (in->size - end >= sizeof kXzMagic && memcmp(in->data + end, kXzMagic, sizeof kXzMagic) == 0 &&
          lzma_stream_decoder(&z, UINT64_MAX, 0) == LZMA_OK)
        continue;
      s = check_trailing(ctx, path, "xz", in, end);
      break;
    }
    if (rc == LZMA_OK) continue;
    if (rc == LZMA_MEM_ERROR) {
      s = gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "out of memory decompressing xz data");
    } else if (rc == LZMA_BUF_ERROR) {
      s = gn_error(ctx, GNEST_ERR_PARSE, path, 0, "truncated xz data (the stream ends early)");
    } else {
      s = gn_error(ctx, GNEST_ERR_PARSE, path, 0, "corrupt xz data (liblzma error %d)", (int)rc);
    }
    break;
  }
  lzma_end(&z);
  return hand_over(s, data, size, out);
}

static int has_magic(const gn_buffer *b, const unsigned char *magic, size_t len) {
  return b->size >= len && memcmp(b->data, magic, len) == 0;
}

gnest_status gn_decompress(gnest_ctx *ctx, const char *path, gn_buffer *raw, gn_buffer *out) {
  out->data = NULL; /* empty on failure */
  out->size = 0;
  gn_compression by_name = gn_path_compression(path);
  int is_gzip = has_magic(raw, kGzipMagic, 2), is_xz = has_magic(raw, kXzMagic, 6);
  if (by_name == GN_COMPRESS_GZIP && !is_gzip)
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "not a gzip file: the name ends in .gz but the content does not start with the gzip magic bytes 1f 8b");
  if (by_name == GN_COMPRESS_XZ && !is_xz)
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "not an xz file: the name ends in .xz but the content does not start with the xz magic bytes fd 37 7a 58 5a 00");
  if (is_gzip) return gunzip(ctx, path, raw, out);
  if (is_xz) return unxz(ctx, path, raw, out);
  *out = *raw;
  raw->data = NULL;
  raw->size = 0;
  return GNEST_OK;
}

gnest_status gn_read_file(gnest_ctx *ctx, const char *path, gn_buffer *out) {
  if (!out) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_read_file", 0, "out is NULL");
  out->data = NULL;
  out->size = 0;
  if (!path || !*path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_read_file", 0, "empty path");
  const int from_stdin = gn_is_stdin_path(path);
  int fd = STDIN_FILENO;
  while (!from_stdin && (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 && errno == EINTR) {}
  if (fd < 0) return gn_error(ctx, GNEST_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int e = errno;
    if (!from_stdin) close(fd);
    return gn_error(ctx, GNEST_ERR_IO, path, 0, "cannot stat: %s", strerror(e));
  }
  if (S_ISDIR(st.st_mode)) {
    if (!from_stdin) close(fd);
    return gn_error(ctx, GNEST_ERR_IO, path, 0, "is a directory, not a file");
  }
  gn_buffer raw = {NULL, 0};
  gnest_status s = read_fd(ctx, path, fd, &st, &raw);
  if (!from_stdin) close(fd); /* standard input stays the caller's */
  if (s != GNEST_OK) return s;
  s = gn_decompress(ctx, path, &raw, out);
  gn_buffer_free(&raw);
  return s;
}
