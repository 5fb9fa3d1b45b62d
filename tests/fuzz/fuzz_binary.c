/* Fuzz target: the binary CSR cache reader.
 *   1. The input as a cache file, from memory (gn_binary_read_memory): header, size and checksum
 *      checks. Mutated caches rarely keep a valid checksum, so, to reach what lies behind it:
 *   2. When the input's header sizes match its length, its arrays are written as a cache with a
 *      valid checksum (gn_binary_write) and loaded back through gn_load_csr from the file, with
 *      and without builder options that make it rebuild the cache: the structure checks (offsets,
 *      columns) and the flag verification then see the fuzzer's arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"

/* Offsets of the header fields used here (the layout is documented in src/io/binary.c). */
enum { kHeaderBytes = 64, kAtN = 16, kAtM = 24, kAtWeighted = 32, kAtFlags = 36, kChecksumBytes = 8 };

static char cache_dir[256], cache_path[300];

static void remove_cache_dir(void) { rmdir(cache_dir); }

static const char *cache_file(void) {
  if (!cache_path[0]) {
    const char *tmp = getenv("TMPDIR");
    snprintf(cache_dir, sizeof cache_dir, "%s/gnest-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(cache_dir)) fuzz_fail("cannot create a directory under %s", cache_dir);
    snprintf(cache_path, sizeof cache_path, "%s/fuzz.gnest", cache_dir);
    atexit(remove_cache_dir);
  }
  return cache_path;
}

static void read_from_memory(const uint8_t *data, size_t size) {
  gn_csr c;
  if (fuzz_check_status(gn_binary_read_memory(NULL, "fuzz.gnest", data, size, &c)) != GNEST_OK) return;
  fuzz_check_csr(&c);
  gn_csr_free(&c);
}

/* The input's arrays as a CSR (not checked: that is the reader's job), when its header sizes
 * match its length. Returns 0 otherwise. */
static int csr_of_input(const uint8_t *data, size_t size, gn_csr *c) {
  if (size < kHeaderBytes + kChecksumBytes) return 0;
  int64_t n, m;
  uint32_t weighted, flags;
  memcpy(&n, data + kAtN, sizeof n);
  memcpy(&m, data + kAtM, sizeof m);
  memcpy(&weighted, data + kAtWeighted, sizeof weighted);
  memcpy(&flags, data + kAtFlags, sizeof flags);
  if (n < 0 || n > kFuzzMaxBuildVertices || m < 0 || weighted > 1) return 0;
  size_t offsets_bytes = ((size_t)n + 1) * sizeof(int64_t), body = size - kHeaderBytes - kChecksumBytes;
  if (body < offsets_bytes || (uint64_t)m != (body - offsets_bytes) / (weighted ? 8 : 4) ||
      (body - offsets_bytes) % (weighted ? 8 : 4) != 0)
    return 0;
  memset(c, 0, sizeof *c);
  c->n = (int32_t)n;
  c->m = m;
  c->offsets = malloc(offsets_bytes);
  c->cols = malloc((size_t)m * sizeof(int32_t) + 1);
  c->weights = weighted ? malloc((size_t)m * sizeof(double) + 1) : NULL;
  if (!c->offsets || !c->cols || (weighted && !c->weights)) fuzz_fail("out of memory copying the arrays");
  const uint8_t *p = data + kHeaderBytes;
  memcpy(c->offsets, p, offsets_bytes);
  memcpy(c->cols, p + offsets_bytes, (size_t)m * sizeof(int32_t));
  for (int64_t k = 0; weighted && k < m; k++) { /* the float weights of the layout, widened */
    float w;
    memcpy(&w, p + offsets_bytes + (size_t)m * 4 + (size_t)k * sizeof w, sizeof w);
    c->weights[k] = w;
  }
  c->sorted = (flags & 1u) != 0;
  c->merged = (flags & 2u) != 0;
  c->symmetric = (flags & 4u) != 0;
  return 1;
}

/* Load options: the defaults (no rebuild of a sorted, merged cache) and all builder options on. */
static const gnest_load_options kLoadOptions[] = {
    {GNEST_FORMAT_AUTO, 0, 0, 0, 1, 1},
    {GNEST_FORMAT_AUTO, 0, 1, 1, 1, 1},
};

static void write_and_load(const uint8_t *data, size_t size) {
  gn_csr in;
  if (!csr_of_input(data, size, &in)) return;
  const char *path = cache_file();
  gnest_status st = gn_binary_write(NULL, path, &in);
  gn_csr_free(&in);
  if (st != GNEST_OK) fuzz_fail("cannot write the cache: %s", gnest_last_error_string(NULL));
  for (size_t i = 0; i < sizeof kLoadOptions / sizeof kLoadOptions[0]; i++) {
    gn_csr c;
    if (fuzz_check_status(gn_load_csr(NULL, path, &kLoadOptions[i], &c)) != GNEST_OK) continue;
    fuzz_check_csr(&c);
    gn_csr_free(&c);
  }
  unlink(path); /* a crash in the next input leaves at most the empty directory behind */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  read_from_memory(data, size);
  write_and_load(data, size);
  return 0;
}
