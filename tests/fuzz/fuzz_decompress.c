/* Fuzz target: the gzip (zlib) or xz (liblzma) path of gn_read_file, over memory: gn_decompress
 * with a .gz or .xz name (FUZZ_SUFFIX, set when compiling: one binary per format).
 *
 * zlib and liblzma are not instrumented, so libFuzzer sees no difference between an input that
 * dies in the first header byte and one that decodes: the outcome (status, and the output size in
 * powers of two) is counted in libFuzzer's extra counters, a feature per outcome, so inputs that
 * decode further are kept and mutated. */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

#ifndef FUZZ_SUFFIX
#error "compile with -DFUZZ_SUFFIX='\".gz\"' or '\".xz\"'"
#endif

enum { kStatusCounters = 32, kSizeCounters = 64 };
__attribute__((section("__libfuzzer_extra_counters"))) static uint8_t outcome_counters[kStatusCounters + kSizeCounters];

static void count_outcome(gnest_status st, size_t out_size) {
  int size_class = 0;
  while (out_size >> size_class) size_class++;
  outcome_counters[(unsigned)st % kStatusCounters]++;
  outcome_counters[kStatusCounters + size_class]++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  gn_buffer raw = {fuzz_text(data, size), size}, out = {NULL, 0};
  gnest_status st = fuzz_check_status(gn_decompress(NULL, "fuzz" FUZZ_SUFFIX, &raw, &out));
  count_outcome(st, out.size);
  if (st == GNEST_OK) {
    if (!out.data || out.data[out.size] != '\0') fuzz_fail("decompressed text is not NUL-terminated");
    gn_buffer_free(&out);
  } else if (out.data || out.size) {
    fuzz_fail("failed decompression left an output of %zu bytes", out.size);
  }
  gn_buffer_free(&raw);
  return 0;
}
