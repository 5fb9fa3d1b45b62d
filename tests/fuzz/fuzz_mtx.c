/* Fuzz target: the Matrix Market reader (gn_parse_mtx), with and without
 * refuse_negative_weights, then the CSR builder. */
#include <stdlib.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  for (int i = 0; i < 2; i++) {
    gn_edges e;
    const gnest_status st = gn_parse_mtx(NULL, "fuzz.mtx", text, size, &kFuzzParseOptions[i], &e);
    if (fuzz_check_status(st) != GNEST_OK) continue;
    fuzz_check_refused_negative(&kFuzzParseOptions[i], &e);
    if (i == 0) fuzz_build_all("fuzz.mtx", &e); /* the refusing parse gives the same edges */
    gn_edges_free(&e);
  }
  free(text);
  return 0;
}
