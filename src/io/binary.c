/* The binary CSR cache (.gnest). Little-endian layout:
 *
 *   offset  size  field
 *        0     8  magic "GNESTCSR"
 *        8     4  format version (2; version 1, with float weights, is still read)
 *       12     4  header size in bytes (64)
 *       16     8  n (int64)
 *       24     8  m (int64)
 *       32     4  weighted (0/1)
 *       36     4  flags: bit 0 sorted, bit 1 merged, bit 2 symmetric
 *       40     8  byte-order mark 0x0102030405060708
 *       48    16  reserved (0)
 *       64        offsets[n+1] int64, cols[m] int32, weights[m] double (when weighted; float in
 *                  version 1, widened exactly to double when read)
 *      end-8   8  checksum (below)
 *
 * Checksum: the header and each array are cut into 1 MiB chunks; each chunk is hashed with
 * gn_hash64 (seed = section << 32 | chunk index) and the chunk hashes are folded in file order.
 * Chunks let the reader hash each piece right after reading it, while it is in cache, and split
 * the work over threads.
 *
 * Reading validates the magic, version, sizes against the file size (before allocating), the
 * checksum, and the structure (offsets from 0 to m, never decreasing; every column in [0, n)).
 * The flags are not trusted: each one is checked against the arrays and cleared when it does not
 * hold (see verify_flags). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "io/io_internal.h"

enum { kVersion = 2, kFloatWeightsVersion = 1, kHeaderBytes = 64, kChunkBytes = 1 << 20, kMaxThreads = 4 };
static const uint64_t kByteOrderMark = 0x0102030405060708ull;

typedef struct bin_header {
  char magic[8];
  uint32_t version, header_bytes;
  int64_t n, m;
  uint32_t weighted, flags;
  uint64_t byte_order;
  uint64_t reserved[2];
} bin_header;

_Static_assert(sizeof(bin_header) == kHeaderBytes, "binary header layout");

/* ---------------------------------------------------------------------------------------------
 * Hash: four independent multiply-rotate lanes over 8-byte words, then a final avalanche.
 * ------------------------------------------------------------------------------------------- */
static const uint64_t kPrime1 = 0x9e3779b185ebca87ull, kPrime2 = 0xc2b2ae3d27d4eb4full,
                      kPrime3 = 0x165667b19e3779f9ull;

static inline uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static inline uint64_t lane(uint64_t acc, uint64_t word) { return rotl64(acc + word * kPrime2, 31) * kPrime1; }
static inline uint64_t load64(const unsigned char *p) {
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline uint64_t avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= kPrime2;
  h ^= h >> 29;
  h *= kPrime3;
  return h ^ (h >> 32);
}

uint64_t gn_hash64(const void *data, size_t bytes, uint64_t seed) {
  const unsigned char *p = data;
  uint64_t a = seed + kPrime1 + kPrime2, b = seed + kPrime2, c = seed, d = seed - kPrime1;
  size_t i = 0;
  for (; i + 32 <= bytes; i += 32) {
    a = lane(a, load64(p + i));
    b = lane(b, load64(p + i + 8));
    c = lane(c, load64(p + i + 16));
    d = lane(d, load64(p + i + 24));
  }
  uint64_t h = rotl64(a, 1) + rotl64(b, 7) + rotl64(c, 12) + rotl64(d, 18) + (uint64_t)bytes;
  for (; i + 8 <= bytes; i += 8) h = rotl64(h ^ lane(0, load64(p + i)), 27) * kPrime1 + kPrime3;
  for (; i < bytes; i++) h = rotl64(h ^ (p[i] * kPrime3), 11) * kPrime1;
  return avalanche(h);
}

/* ---------------------------------------------------------------------------------------------
 * The file as a list of chunks: where each lives in the file and in memory.
 * ------------------------------------------------------------------------------------------- */
typedef enum section { SEC_HEADER = 0, SEC_OFFSETS, SEC_COLS, SEC_WEIGHTS } section;

typedef struct chunk {
  section sec;
  char *mem;           /* where the bytes are (writer) or go (reader) */
  size_t bytes;
  uint64_t file_pos;
  uint64_t seed;
  uint64_t hash;       /* filled by the reader / writer */
} chunk;

typedef struct chunk_list {
  chunk *items;
  size_t count;
} chunk_list;

static size_t chunks_of(size_t bytes) { return bytes == 0 ? 0 : (bytes + kChunkBytes - 1) / kChunkBytes; }

/* Bytes of one weight in a file of header h. */
static size_t weight_bytes(const bin_header *h) {
  return h->version == kFloatWeightsVersion ? sizeof(float) : sizeof(double);
}

/* Lays out the sections of c (arrays already allocated) as chunks; the weights' bytes are at
 * weights (NULL: unweighted), in the header's weight size. */
static gnest_status make_chunks(gnest_ctx *ctx, bin_header *h, const gn_csr *c, void *weights,
                                chunk_list *out) {
  struct { section sec; void *mem; size_t bytes; } secs[4] = {
      {SEC_HEADER, h, sizeof *h},
      {SEC_OFFSETS, c->offsets, ((size_t)c->n + 1) * sizeof(int64_t)},
      {SEC_COLS, c->cols, (size_t)c->m * sizeof(int32_t)},
      {SEC_WEIGHTS, weights, weights ? (size_t)c->m * weight_bytes(h) : 0},
  };
  size_t total = 0;
  for (int s = 0; s < 4; s++) total += chunks_of(secs[s].bytes);
  gnest_status st = GNEST_OK;
  out->items = gn_alloc(ctx, total, sizeof(chunk), "binary cache chunk list", &st);
  if (!out->items) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  out->count = 0;
  uint64_t pos = 0;
  for (int s = 0; s < 4; s++) {
    for (size_t j = 0; j < chunks_of(secs[s].bytes); j++) {
      size_t off = j * (size_t)kChunkBytes, len = secs[s].bytes - off;
      chunk *k = &out->items[out->count++];
      k->sec = secs[s].sec;
      k->mem = (char *)secs[s].mem + off;
      k->bytes = len < kChunkBytes ? len : kChunkBytes;
      k->file_pos = pos + off;
      k->seed = (uint64_t)s << 32 | j;
      k->hash = 0;
    }
    pos += secs[s].bytes;
  }
  return GNEST_OK;
}

static uint64_t fold_hashes(const chunk_list *l) {
  uint64_t acc = kPrime3;
  for (size_t i = 0; i < l->count; i++) acc = avalanche(acc ^ l->items[i].hash) + (uint64_t)i;
  return acc;
}

static void fill_header(bin_header *h, const gn_csr *c) {
  memset(h, 0, sizeof *h);
  memcpy(h->magic, GN_BINARY_MAGIC, 8);
  h->version = kVersion;
  h->header_bytes = kHeaderBytes;
  h->n = c->n;
  h->m = c->m;
  h->weighted = c->weights != NULL;
  h->flags = (c->sorted ? 1u : 0u) | (c->merged ? 2u : 0u) | (c->symmetric ? 4u : 0u);
  h->byte_order = kByteOrderMark;
}

static void *hash_chunks(void *arg) {
  chunk_list *l = arg;
  for (size_t i = 0; i < l->count; i++) l->items[i].hash = gn_hash64(l->items[i].mem, l->items[i].bytes, l->items[i].seed);
  return NULL;
}

gnest_status gn_binary_write(gnest_ctx *ctx, const char *path, const gn_csr *c) {
  if (!c || c->n < 0 || c->m < 0 || !c->offsets || (c->m > 0 && !c->cols))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_binary_write", 0, "invalid CSR");
  bin_header h;
  fill_header(&h, c);
  chunk_list l;
  gnest_status st = make_chunks(ctx, &h, c, c->weights, &l);
  if (st != GNEST_OK) return st;
  gn_writer *w;
  if ((st = gn_writer_open(ctx, path, &w)) != GNEST_OK) {
    free(l.items);
    return st;
  }
  /* big caches: the checksum is computed by a second thread while this one writes */
  size_t bytes = ((size_t)c->n + 1) * sizeof(int64_t) + (size_t)c->m * (c->weights ? 12 : 4);
  pthread_t helper;
  int threaded = bytes >= (8u << 20) && sysconf(_SC_NPROCESSORS_ONLN) > 1 &&
                 pthread_create(&helper, NULL, hash_chunks, &l) == 0;
  if (!threaded) hash_chunks(&l);
  for (size_t i = 0; i < l.count; i++) gn_writer_put(w, l.items[i].mem, l.items[i].bytes);
  if (threaded) pthread_join(helper, NULL);
  uint64_t checksum = fold_hashes(&l);
  free(l.items);
  gn_writer_put(w, &checksum, sizeof checksum);
  return gn_writer_close(w, 1);
}

/* ---------------------------------------------------------------------------------------------
 * Reading: chunks are read (pread from the file, or copied from memory), hashed and checked by
 * up to kMaxThreads threads taking chunks from a shared counter.
 * ------------------------------------------------------------------------------------------- */
typedef struct read_job {
  int fd;                       /* -1: copy from mem */
  const unsigned char *mem;
  chunk_list *chunks;
  int32_t n;
  size_t next;                  /* next chunk to take (atomic) */
  int read_errno;               /* first read error (atomic) */
  int truncated;                /* the file shrank while reading */
  int bad_cols;                 /* some column >= n */
  int bad_offsets;              /* offsets decrease inside a chunk */
} read_job;

static int read_at(read_job *job, char *dst, size_t bytes, uint64_t pos) {
  if (job->fd < 0) {
    memcpy(dst, job->mem + pos, bytes); /* sizes were checked against the buffer size */
    return 1;
  }
  while (bytes > 0) {
    ssize_t got = pread(job->fd, dst, bytes, (off_t)pos);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      int zero = 0;
      if (got == 0) __atomic_store_n(&job->truncated, 1, __ATOMIC_RELAXED);
      else __atomic_compare_exchange_n(&job->read_errno, &zero, errno, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
      return 0;
    }
    dst += got;
    bytes -= (size_t)got;
    pos += (uint64_t)got;
  }
  return 1;
}

/* Largest column of a chunk as unsigned (a negative one shows as huge): four independent
 * running maxima keep the loop free of branches and dependency stalls. */
static uint32_t max_column(const int32_t *cols, size_t count) {
  uint32_t m0 = 0, m1 = 0, m2 = 0, m3 = 0;
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    uint32_t a = (uint32_t)cols[i], b = (uint32_t)cols[i + 1], c = (uint32_t)cols[i + 2], d = (uint32_t)cols[i + 3];
    m0 = a > m0 ? a : m0;
    m1 = b > m1 ? b : m1;
    m2 = c > m2 ? c : m2;
    m3 = d > m3 ? d : m3;
  }
  for (; i < count; i++) m0 = (uint32_t)cols[i] > m0 ? (uint32_t)cols[i] : m0;
  m0 = m1 > m0 ? m1 : m0;
  m2 = m3 > m2 ? m3 : m2;
  return m2 > m0 ? m2 : m0;
}

/* Structure checks on one chunk while it is in cache. */
static void check_chunk(read_job *job, const chunk *k) {
  if (k->sec == SEC_COLS) {
    if (k->bytes && max_column((const int32_t *)(const void *)k->mem, k->bytes / 4) >= (uint32_t)job->n)
      __atomic_store_n(&job->bad_cols, 1, __ATOMIC_RELAXED);
  } else if (k->sec == SEC_OFFSETS) {
    const int64_t *off = (const int64_t *)(const void *)k->mem;
    uint32_t bad = 0;
    for (size_t i = 1; i < k->bytes / 8; i++) bad |= off[i] < off[i - 1];
    if (bad) __atomic_store_n(&job->bad_offsets, 1, __ATOMIC_RELAXED);
  }
}

static void *read_worker(void *arg) {
  read_job *job = arg;
  for (;;) {
    size_t i = __atomic_fetch_add(&job->next, 1, __ATOMIC_RELAXED);
    if (i >= job->chunks->count) break;
    chunk *k = &job->chunks->items[i];
    if (k->sec != SEC_HEADER && !read_at(job, k->mem, k->bytes, k->file_pos)) break;
    k->hash = gn_hash64(k->mem, k->bytes, k->seed);
    check_chunk(job, k);
  }
  return NULL;
}

static int thread_count(size_t bytes) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  int t = (int)(bytes / (4u << 20)); /* a thread per 4 MiB at least */
  if (t > cpus) t = (int)cpus;
  if (t > kMaxThreads) t = kMaxThreads;
  return t < 1 ? 1 : t;
}

static void run_workers(read_job *job, size_t bytes) {
  pthread_t tid[kMaxThreads];
  int started = 0, want = thread_count(bytes);
  for (int t = 1; t < want; t++)
    if (pthread_create(&tid[started], NULL, read_worker, job) == 0) started++;
  read_worker(job); /* the calling thread works too; fewer helpers just means slower */
  for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
}

static gnest_status check_header(gnest_ctx *ctx, const char *path, const bin_header *h, size_t file_size) {
  if (memcmp(h->magic, GN_BINARY_MAGIC, 8) != 0)
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "not a gnest binary cache: missing the magic '" GN_BINARY_MAGIC "'");
  if (h->version != kVersion && h->version != kFloatWeightsVersion)
    return gn_error(ctx, GNEST_ERR_CHECKSUM, path, 0,
                    "binary cache format version %u, this gnest reads versions %d and %d: rebuild "
                    "the cache", h->version, kFloatWeightsVersion, kVersion);
  if (h->byte_order != kByteOrderMark)
    return gn_error(ctx, GNEST_ERR_CHECKSUM, path, 0, "binary cache written with another byte order");
  if (h->header_bytes != kHeaderBytes || h->weighted > 1 || h->flags > 7)
    return gn_error(ctx, GNEST_ERR_CHECKSUM, path, 0, "corrupt binary cache header");
  if (h->n < 0 || h->m < 0)
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "corrupt binary cache: negative size (n %lld, m %lld)",
                    (long long)h->n, (long long)h->m);
  if (h->n > INT32_MAX)
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, path, 0, "binary cache has %lld vertices: gnest supports fewer than 2^31",
                    (long long)h->n);
  if (h->m > ((int64_t)1 << 60))
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, path, 0, "binary cache declares %lld arcs: too many", (long long)h->m);
  uint64_t expected = kHeaderBytes + ((uint64_t)h->n + 1) * 8 +
                      (uint64_t)h->m * (4 + (h->weighted ? weight_bytes(h) : 0)) + 8;
  if (expected != (uint64_t)file_size) /* checked before anything is allocated */
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0,
                    "%s binary cache: n %lld and m %lld need %llu bytes, the file has %zu",
                    expected > file_size ? "truncated" : "oversized", (long long)h->n, (long long)h->m,
                    (unsigned long long)expected, file_size);
  return GNEST_OK;
}

static gnest_status job_errors(gnest_ctx *ctx, const char *path, const read_job *job) {
  if (job->read_errno) return gn_error(ctx, GNEST_ERR_IO, path, 0, "read error: %s", strerror(job->read_errno));
  if (job->truncated) return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "truncated binary cache (the file shrank while reading)");
  if (job->chunks && job->next < job->chunks->count)
    return gn_error(ctx, GNEST_ERR_INTERNAL, path, 0, "binary cache: chunks left unread");
  return GNEST_OK;
}

static gnest_status check_structure(gnest_ctx *ctx, const char *path, const read_job *job, const gn_csr *c) {
  int bad_offsets = job->bad_offsets || c->offsets[0] != 0 || c->offsets[c->n] != c->m;
  const size_t per_chunk = kChunkBytes / sizeof(int64_t); /* chunk boundaries were not compared */
  for (size_t i = per_chunk; i <= (size_t)c->n && !bad_offsets; i += per_chunk)
    bad_offsets = c->offsets[i] < c->offsets[i - 1];
  if (bad_offsets)
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0,
                    "corrupt binary cache: offsets do not rise from 0 to m (%lld)", (long long)c->m);
  if (job->bad_cols)
    for (int64_t i = 0; i < c->m; i++)
      if ((uint32_t)c->cols[i] >= (uint32_t)c->n)
        return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, path, 0, "binary cache: arc %lld has column %d outside [0, %d)",
                        (long long)i, c->cols[i], c->n);
  return GNEST_OK;
}

/* The header's flags are claims: sorted (and merged: strictly increasing rows) are checked in one
 * O(m) scan, symmetric by gn_csr_symmetric over a sorted CSR; a claim that does not hold is
 * cleared, since the algorithms trust them (sorted duplicate-free lists, the symmetry cache). */
static gnest_status verify_flags(gnest_ctx *ctx, uint32_t flags, gn_csr *c) {
  const int sorted = (flags & 1u) != 0, merged = (flags & 2u) != 0;
  const int symmetric = (flags & 4u) != 0;
  if (sorted || merged) {
    gn_csr_note_order(c);
    c->sorted = c->sorted && sorted;
    c->merged = c->merged && merged && c->sorted;
  } else {
    c->sorted = c->merged = 0;
  }
  c->symmetric = 0;
  if (symmetric && c->sorted) return gn_csr_symmetric(ctx, c, &c->symmetric);
  return GNEST_OK;
}

static gnest_status read_body(gnest_ctx *ctx, const char *path, read_job *job, bin_header *h, gn_csr *out) {
  gnest_status st = GNEST_OK;
  out->n = (int32_t)h->n;
  out->m = h->m;
  out->offsets = gn_alloc_big(ctx, (size_t)h->n + 1, sizeof(int64_t), "CSR offsets", &st);
  if (out->offsets) out->cols = gn_alloc_big(ctx, (size_t)h->m, sizeof(int32_t), "CSR columns", &st);
  if (out->cols && h->weighted) out->weights = gn_alloc_big(ctx, (size_t)h->m, sizeof(double), "CSR weights", &st);
  if (!out->offsets || !out->cols || (h->weighted && !out->weights)) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  void *stored_weights = out->weights; /* version 1: floats, read aside, then widened */
  if (out->weights && h->version == kFloatWeightsVersion) {
    stored_weights = gn_alloc_big(ctx, (size_t)h->m, sizeof(float), "CSR float weights", &st);
    if (!stored_weights) return st != GNEST_OK ? st : GNEST_ERR_OUT_OF_MEMORY;
  }
  chunk_list l;
  if ((st = make_chunks(ctx, h, out, stored_weights, &l)) != GNEST_OK) {
    if (stored_weights != out->weights) free(stored_weights);
    return st;
  }
  job->chunks = &l;
  job->n = out->n;
  uint64_t body = (uint64_t)l.items[l.count - 1].file_pos + l.items[l.count - 1].bytes, stored = 0;
  run_workers(job, (size_t)body);
  st = job_errors(ctx, path, job);
  if (st == GNEST_OK) {
    read_job tail = *job;
    if (!read_at(&tail, (char *)&stored, sizeof stored, body)) st = job_errors(ctx, path, &tail);
  }
  if (st == GNEST_OK && stored != fold_hashes(&l))
    st = gn_error(ctx, GNEST_ERR_CHECKSUM, path, 0, "binary cache checksum mismatch: the file is corrupt");
  free(l.items);
  if (stored_weights != out->weights) {
    const float *narrow = stored_weights;
    if (st == GNEST_OK)
      for (int64_t i = 0; i < out->m; i++) out->weights[i] = narrow[i];
    free(stored_weights);
  }
  if (st != GNEST_OK) return st;
  if ((st = check_structure(ctx, path, job, out)) != GNEST_OK) return st;
  return verify_flags(ctx, h->flags, out);
}

/* The header of a cache of size bytes, read and checked. */
static gnest_status read_header(gnest_ctx *ctx, const char *path, read_job *job, size_t size,
                                bin_header *h) {
  if (size < sizeof *h)
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0, "truncated binary cache: %zu bytes, shorter than its %d-byte header",
                    size, kHeaderBytes);
  if (!read_at(job, (char *)h, sizeof *h, 0)) return job_errors(ctx, path, job);
  return check_header(ctx, path, h, size);
}

/* Opens path for reading when it is a regular file: *fd (closed by the caller) and its size. */
static gnest_status open_regular(gnest_ctx *ctx, const char *path, int *fd, size_t *size) {
  *fd = open(path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0) return gn_error(ctx, GNEST_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
  struct stat sb;
  gnest_status st = GNEST_OK;
  if (fstat(*fd, &sb) != 0) st = gn_error(ctx, GNEST_ERR_IO, path, 0, "cannot stat: %s", strerror(errno));
  else if (S_ISDIR(sb.st_mode)) st = gn_error(ctx, GNEST_ERR_IO, path, 0, "is a directory, not a file");
  else if (!S_ISREG(sb.st_mode)) st = gn_error(ctx, GNEST_ERR_IO, path, 0, "not a regular file");
  if (st != GNEST_OK) {
    close(*fd);
    *fd = -1;
    return st;
  }
  *size = (size_t)sb.st_size;
  return GNEST_OK;
}

static gnest_status read_cache(gnest_ctx *ctx, const char *path, int fd, const void *mem, size_t size, gn_csr *out) {
  memset(out, 0, sizeof *out);
  read_job job;
  memset(&job, 0, sizeof job);
  job.fd = fd;
  job.mem = mem;
  bin_header h;
  gnest_status st = read_header(ctx, path, &job, size, &h);
  if (st == GNEST_OK) st = read_body(ctx, path, &job, &h, out);
  if (st != GNEST_OK) gn_csr_free(out);
  return st;
}

gnest_status gn_binary_read_memory(gnest_ctx *ctx, const char *path, const void *data, size_t size, gn_csr *out) {
  if (!out || (!data && size)) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_binary_read", 0, "NULL argument");
  return read_cache(ctx, path ? path : "(binary cache)", -1, data, size, out);
}

gnest_status gn_binary_read(gnest_ctx *ctx, const char *path, gn_csr *out) {
  if (!out || !path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_binary_read", 0, "NULL argument");
  memset(out, 0, sizeof *out);
  /* .gnest.gz / .gnest.xz, and standard input: read whole, then parsed in memory */
  if (gn_path_compression(path) != GN_COMPRESS_NONE || gn_is_stdin_path(path)) {
    gn_buffer b;
    gnest_status st = gn_read_file(ctx, path, &b);
    if (st != GNEST_OK) return st;
    st = gn_binary_read_memory(ctx, path, b.data, b.size, out);
    gn_buffer_free(&b);
    return st;
  }
  int fd;
  size_t size;
  gnest_status st = open_regular(ctx, path, &fd, &size);
  if (st != GNEST_OK) return st;
  st = read_cache(ctx, path, fd, NULL, size, out);
  close(fd);
  return st;
}

/* ---------------------------------------------------------------------------------------------
 * Row slices (gn_binary_read_rows): a rank of a distributed run reads its rows only.
 * ------------------------------------------------------------------------------------------- */
void gn_csr_rows_free(gn_csr_rows *r) {
  if (!r) return;
  free(r->offsets);
  free(r->cols);
  free(r->weights);
  memset(r, 0, sizeof *r);
}

/* The slice's arrays from the file of header h (checked): offsets rebased to 0. */
static gnest_status read_rows_body(gnest_ctx *ctx, const char *path, read_job *job,
                                   const bin_header *h, gn_csr_rows *out) {
  const size_t rows = (size_t)(out->last - out->first);
  gnest_status st = GNEST_OK;
  out->offsets = gn_alloc(ctx, rows + 1, sizeof(int64_t), "slice offsets", &st);
  if (!out->offsets) return st;
  const uint64_t offsets_at = kHeaderBytes + (uint64_t)out->first * 8;
  if (!read_at(job, (char *)out->offsets, (rows + 1) * 8, offsets_at)) return job_errors(ctx, path, job);
  const int64_t begin = out->offsets[0], end = out->offsets[rows];
  int bad = begin < 0 || end > h->m;
  for (size_t i = 1; i <= rows && !bad; i++) bad = out->offsets[i] < out->offsets[i - 1];
  if (bad)
    return gn_error(ctx, GNEST_ERR_PARSE, path, 0,
                    "corrupt binary cache: offsets of rows %d..%d do not rise within [0, %lld]",
                    out->first, out->last, (long long)h->m);
  for (size_t i = 0; i <= rows; i++) out->offsets[i] -= begin;
  out->m = end - begin;
  out->cols = gn_alloc_big(ctx, (size_t)out->m, sizeof(int32_t), "slice columns", &st);
  if (!out->cols) return st;
  const uint64_t cols_at = kHeaderBytes + ((uint64_t)h->n + 1) * 8;
  if (!read_at(job, (char *)out->cols, (size_t)out->m * 4, cols_at + (uint64_t)begin * 4))
    return job_errors(ctx, path, job);
  if (out->m && max_column(out->cols, (size_t)out->m) >= (uint32_t)h->n)
    return gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, path, 0,
                    "binary cache: a column of rows %d..%d is outside [0, %lld)", out->first,
                    out->last, (long long)h->n);
  if (!h->weighted) return GNEST_OK;
  out->weights = gn_alloc_big(ctx, (size_t)out->m, sizeof(double), "slice weights", &st);
  if (!out->weights) return st;
  const size_t wb = weight_bytes(h);
  const uint64_t weights_at = cols_at + (uint64_t)h->m * 4 + (uint64_t)begin * wb;
  if (wb == sizeof(double))
    return read_at(job, (char *)out->weights, (size_t)out->m * wb, weights_at) ? GNEST_OK
                                                                                : job_errors(ctx, path, job);
  float *narrow = gn_alloc_big(ctx, (size_t)out->m, sizeof(float), "slice float weights", &st);
  if (!narrow) return st;
  if (read_at(job, (char *)narrow, (size_t)out->m * wb, weights_at))
    for (int64_t i = 0; i < out->m; i++) out->weights[i] = narrow[i];
  else
    st = job_errors(ctx, path, job);
  free(narrow);
  return st;
}

gnest_status gn_binary_read_rows(gnest_ctx *ctx, const char *path, int32_t first, int32_t last,
                                 gn_csr_rows *out) {
  if (!out || !path) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gn_binary_read_rows", 0, "NULL argument");
  memset(out, 0, sizeof *out);
  if (gn_path_compression(path) != GN_COMPRESS_NONE || gn_is_stdin_path(path))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, path, 0,
                    "a slice is read in place: the binary cache must be an uncompressed file");
  int fd;
  size_t size;
  gnest_status st = open_regular(ctx, path, &fd, &size);
  if (st != GNEST_OK) return st;
  read_job job;
  memset(&job, 0, sizeof job);
  job.fd = fd;
  bin_header h;
  st = read_header(ctx, path, &job, size, &h);
  if (st == GNEST_OK && (first < 0 || first > last || (int64_t)last > h.n))
    st = gn_error(ctx, GNEST_ERR_OUT_OF_RANGE, path, 0, "rows %d..%d are not within the %lld of the graph",
                  first, last, (long long)h.n);
  if (st == GNEST_OK) {
    out->n_total = (int32_t)h.n;
    out->first = first;
    out->last = last;
    st = read_rows_body(ctx, path, &job, &h, out);
  }
  close(fd);
  if (st != GNEST_OK) gn_csr_rows_free(out);
  return st;
}
