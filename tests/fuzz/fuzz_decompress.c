/* Fuzz target: the gzip (zlib) or xz (liblzma) path of gn_read_file, over memory: gn_decompress
 * with a .gz or .xz name (FUZZ_SUFFIX, set when compiling: one binary per format). */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

#ifndef FUZZ_SUFFIX
#error "compile with -DFUZZ_SUFFIX='\".gz\"' or '\".xz\"'"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  gn_buffer raw = {fuzz_text(data, size), size}, out = {NULL, 0};
  if (fuzz_check_status(gn_decompress(NULL, "fuzz" FUZZ_SUFFIX, &raw, &out)) == GNEST_OK) {
    if (!out.data || out.data[out.size] != '\0') fuzz_fail("decompressed text is not NUL-terminated");
    gn_buffer_free(&out);
  } else if (out.data || out.size) {
    fuzz_fail("failed decompression left an output of %zu bytes", out.size);
  }
  gn_buffer_free(&raw);
  return 0;
}
