/* Fuzz target: the Matrix Market reader (gn_parse_mtx), then the CSR builder. */
#include <stdlib.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  gn_edges e;
  if (fuzz_check_status(gn_parse_mtx(NULL, "fuzz.mtx", text, size, &e)) == GNEST_OK) {
    fuzz_build_all("fuzz.mtx", &e);
    gn_edges_free(&e);
  }
  free(text);
  return 0;
}
