/* Fuzz target: the DIMACS .gr reader (gn_parse_dimacs), then the CSR builder. */
#include <stdlib.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  gn_edges e;
  if (fuzz_check_status(gn_parse_dimacs(NULL, "fuzz.gr", text, size, &e)) == GNEST_OK) {
    if (!e.w && e.m > 0) fuzz_fail("DIMACS arcs parsed without weights");
    fuzz_build_all("fuzz.gr", &e);
    gn_edges_free(&e);
  }
  free(text);
  return 0;
}
