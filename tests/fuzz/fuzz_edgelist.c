/* Fuzz target: the SNAP / plain edge list reader (gn_parse_edgelist), 0-based and 1-based, each
 * with and without refuse_negative_weights, then the CSR builder. */
#include <stdlib.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  for (int i = 0; i < 4; i++) {
    gnest_load_options o = kFuzzParseOptions[i % 2];
    o.one_based = i / 2;
    gn_edges e;
    const gnest_status st = gn_parse_edgelist(NULL, "fuzz.txt", text, size, &o, &e);
    if (fuzz_check_status(st) != GNEST_OK) continue;
    fuzz_check_refused_negative(&o, &e);
    if (i % 2 == 0) fuzz_build_all("fuzz.txt", &e); /* the refusing parse gives the same edges */
    gn_edges_free(&e);
  }
  free(text);
  return 0;
}
