/* Fuzz target: the tree file reader (gn_parse_tree). The shape check (one root, no cycle) is
 * core's gn_tree_build, outside io: not linked here. */
#include <stdlib.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  int32_t n = -1, *parent = NULL;
  if (fuzz_check_status(gn_parse_tree(NULL, "fuzz.tree", text, size, &n, &parent)) == GNEST_OK) {
    if (n < 0 || (n > 0 && !parent)) fuzz_fail("tree of %d nodes, parent array %p", n, (void *)parent);
    for (int32_t i = 0; i < n; i++)
      if (parent[i] < -1 || parent[i] >= n) fuzz_fail("node %d has parent %d outside [-1, %d)", i, parent[i], n);
  } else if (n != 0 || parent) {
    fuzz_fail("failed parse left n %d, parent %p", n, (void *)parent);
  }
  free(parent);
  free(text);
  return 0;
}
