/* Fuzz target: the SNAP / plain edge list reader (gn_parse_edgelist), 0-based and 1-based, then
 * the CSR builder. */
#include <stdlib.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  for (int one_based = 0; one_based < 2; one_based++) {
    gn_edges e;
    if (fuzz_check_status(gn_parse_edgelist(NULL, "fuzz.txt", text, size, one_based, &e)) != GNEST_OK) continue;
    fuzz_build_all("fuzz.txt", &e);
    gn_edges_free(&e);
  }
  free(text);
  return 0;
}
