/* Private helpers of the io/ module: a cursor over NUL-terminated text with fast number parsing,
 * path helpers, the output writer (plain / .gz / .xz, written atomically) and the binary cache's
 * in-memory reader. Not used outside io/. */
#ifndef GNEST_IO_INTERNAL_H
#define GNEST_IO_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "base/base.h" /* gn_error, gn_alloc: io sees a context only as an opaque gnest_ctx * */
#include "io/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Paths
 * ------------------------------------------------------------------------------------------- */
typedef enum gn_compression { GN_COMPRESS_NONE = 0, GN_COMPRESS_GZIP, GN_COMPRESS_XZ } gn_compression;

/* 1 when path ends with suffix (ASCII case-insensitive). */
int gn_path_has_suffix(const char *path, const char *suffix);
/* Compression named by the path's last extension (.gz / .xz). */
gn_compression gn_path_compression(const char *path);
/* 1 when path is "-", standard input. */
int gn_is_stdin_path(const char *path);

/* Decompresses raw (a whole file's bytes, NUL-terminated) into out when it is gzip or xz data;
 * otherwise moves raw's data into out (raw is then empty). The extension of path names the
 * compression and the magic bytes must agree; content with a gzip or xz magic is decompressed
 * whatever the extension. out is empty on failure; the caller frees raw in every case. */
gnest_status gn_decompress(gnest_ctx *ctx, const char *path, gn_buffer *raw, gn_buffer *out);

/* gn_alloc + gn_advise_huge, for the big arrays (edges, CSR). */
void *gn_alloc_big(gnest_ctx *ctx, size_t count, size_t size, const char *what, gnest_status *st);

/* ---------------------------------------------------------------------------------------------
 * Text cursor. The text is NUL-terminated at end; a NUL before end is a bad character.
 * ------------------------------------------------------------------------------------------- */
typedef struct gn_scan {
  const char *p, *end;
  const char *begin; /* the text's first byte (progress) */
  int64_t line;      /* 1-based line of p */
  gnest_ctx *ctx;
  const char *path;
  char sep;          /* an extra token separator besides blanks (',' in edge lists), or 0 */
} gn_scan;

static inline int gn_is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
static inline int gn_is_digit(char c) { return (unsigned)(c - '0') < 10u; }

/* Bytes of a UTF-8 byte order mark at the start of text (3), else 0. Some editors write one; it
 * carries nothing for an ASCII format, so every text reader skips it. */
static inline size_t gn_bom_length(const char *text, size_t len) {
  return len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
                 (unsigned char)text[2] == 0xBF
             ? 3
             : 0;
}

/* A cursor on the text's first line, after a byte order mark. */
static inline void gn_scan_init(gn_scan *s, gnest_ctx *ctx, const char *path, const char *text,
                                size_t len) {
  s->p = text + gn_bom_length(text, len);
  s->begin = text;
  s->end = text + len;
  s->line = 1;
  s->ctx = ctx;
  s->path = path;
  s->sep = 0;
}

static inline void gn_skip_blanks(gn_scan *s) {
  while (gn_is_blank(*s->p)) s->p++;
}

/* At the end of a line (newline) or of the text. */
static inline int gn_at_eol(const gn_scan *s) { return *s->p == '\n' || s->p >= s->end; }

/* Moves past the next newline (or to the end). */
void gn_skip_line(gn_scan *s);

/* Skips blank lines and lines whose first non-blank character is in comment_chars. Returns 0 at
 * the end of the text, else 1 with s->p on the first non-blank character of a data line. */
int gn_skip_to_data(gn_scan *s, const char *comment_chars);

/* A token ends at a blank, newline, the separator or the end of the text. */
static inline int gn_is_token_end(const gn_scan *s, const char *q) {
  return gn_is_blank(*q) || *q == '\n' || q >= s->end || (*q == s->sep && *q != '\0');
}

/* Unsigned decimal integer token. Returns 1 and the value (saturated at UINT64_MAX when it has
 * more than 19 digits) when the token is all digits; 0 (s->p unchanged) otherwise. */
static inline int gn_scan_uint(gn_scan *s, uint64_t *value) {
  const char *q = s->p;
  uint64_t v = 0;
  while (gn_is_digit(*q)) v = v * 10u + (uint64_t)(*q++ - '0');
  size_t digits = (size_t)(q - s->p);
  if (digits == 0 || !gn_is_token_end(s, q)) return 0;
  if (digits > 19) v = UINT64_MAX;
  *value = v;
  s->p = q;
  return 1;
}

/* Signed decimal integer token ("-12", "+3", "7"). Values beyond +-(2^63-1) saturate. Returns 0
 * (s->p unchanged) when the token is not an integer. */
int gn_scan_int(gn_scan *s, int64_t *value);

/* A weight: a real number token (decimal, exponent, as strtod reads it but no hex), exactly the
 * double strtod gives. GNEST_ERR_PARSE at the cursor's line (s->p unchanged): "<what>, found
 * '<token>'" when the token is not a number; naming the token as written when it is an infinity,
 * a NaN, or beyond the range of double (1e400). */
gnest_status gn_scan_weight(gn_scan *s, double *value, const char *what);

/* A negative weight refused (gnest_load_options.refuse_negative_weights): GNEST_ERR_INVALID_INPUT
 * at the cursor's line, "arc U -> V has weight W (as written: 'LINE'); refuse_negative_weights
 * asks for weights >= 0" (tools replace the part from ';' with their reason), with the tokens as
 * the file writes them: entry the line's first token, u and v the ids', w the weight's (LINE runs
 * from entry through w). */
gnest_status gn_negative_weight(gn_scan *s, const char *entry, const char *u, const char *v,
                                const char *w);

/* Copies the token at s->p (at most size-1 characters, non-printables as '?') for messages. */
const char *gn_token_text(const gn_scan *s, char *buf, size_t size);

/* Records a parse error at the cursor's line: "<what>, found '<token>'" (or "found end of file" /
 * "found end of line"). */
gnest_status gn_scan_expected(gn_scan *s, const char *what);

/* ---------------------------------------------------------------------------------------------
 * Output targets (io/output.c): how a user's path is written. A regular file (or a new one) goes
 * to a unique temporary next to it, renamed over it on success with the old file's mode; a
 * symbolic link's target is written, not the link; "-", devices, FIFOs and sockets are written in
 * place; a directory or a missing directory is refused.
 * ------------------------------------------------------------------------------------------- */
typedef struct gn_target {
  char *path;        /* as the caller named it: the source of every error */
  char *final;       /* the file the temporary replaces (links followed); NULL for a stream */
  char *tmp;         /* the temporary; NULL when writing in place */
  int fd;
  int keep_old;      /* the final file exists: give the temporary its mode and owner */
  unsigned old_mode, old_uid, old_gid;
} gn_target;

/* Opens path for writing into t->fd. On failure t holds nothing. */
gnest_status gn_target_open(gnest_ctx *ctx, const char *path, gn_target *t);
/* With ok: syncs, keeps mode and owner, closes and renames into place (a failure there is
 * returned and the temporary removed). Without ok: closes and removes the temporary, recording
 * nothing. Always releases t. */
gnest_status gn_target_close(gnest_ctx *ctx, gn_target *t, int ok);

/* ---------------------------------------------------------------------------------------------
 * Output writer: a buffered gn_target; .gz and .xz paths are compressed.
 * ------------------------------------------------------------------------------------------- */
typedef struct gn_writer gn_writer;

gnest_status gn_writer_open(gnest_ctx *ctx, const char *path, gn_writer **out);
/* Appends bytes. Large blocks bypass the buffer. */
gnest_status gn_writer_put(gn_writer *w, const void *data, size_t bytes);
/* Room for at least bytes in the buffer (bytes <= 4096); fill it, then gn_writer_commit. */
char *gn_writer_reserve(gn_writer *w, size_t bytes);
void gn_writer_commit(gn_writer *w, char *upto);
/* Finishes the file. With ok == 0 (the caller failed) or on a write error the output is removed.
 * Returns the first write error met (GNEST_OK when none); always frees w. */
gnest_status gn_writer_close(gn_writer *w, int ok);

/* Decimal formatting into p; returns the end. */
char *gn_format_int(char *p, int64_t v);
/* Shortest text that reads back as the same double (integers below 2^53 without a decimal
 * point); at most 24 characters. */
char *gn_format_double(char *p, double v);

/* ---------------------------------------------------------------------------------------------
 * Load progress (io/progress.c): gn_load_csr installs the caller's callback for this thread;
 * gn_progress_report is cheap when nobody listens and thins the reports.
 * ------------------------------------------------------------------------------------------- */
void gn_progress_begin(const gnest_load_options *opts);
void gn_progress_end(void);
void gn_progress_report(const char *stage, uint64_t done, uint64_t total);
static inline void gn_scan_progress(const gn_scan *s) {
  gn_progress_report("parsing", (uint64_t)(s->p - s->begin), (uint64_t)(s->end - s->begin));
}
/* Loops report every GN_PROGRESS_EVERY iterations (a power of two). */
#define GN_PROGRESS_EVERY ((int64_t)1 << 16)

/* ---------------------------------------------------------------------------------------------
 * CSR builder tuning: arcs from which the cache-blocked builder is used, and the most keys one
 * round of it holds (0: what the host's memory allows); tests set them.
 * ------------------------------------------------------------------------------------------- */
extern int64_t gn_csr_blocked_min_arcs;
extern int64_t gn_csr_blocked_round_arcs;

/* ---------------------------------------------------------------------------------------------
 * Binary cache
 * ------------------------------------------------------------------------------------------- */
#define GN_BINARY_MAGIC "GNESTCSR"
/* Reads a binary CSR cache already in memory (e.g. decompressed). */
gnest_status gn_binary_read_memory(gnest_ctx *ctx, const char *path, const void *data,
                                   size_t size, gn_csr *out);
/* 64-bit checksum of a byte range, word at a time (several GB/s). */
uint64_t gn_hash64(const void *data, size_t bytes, uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif
