/* gn_gen_chain_against_splitters (splitter_chain.h). */
#include "splitter_chain.h"

#include <stdlib.h>
#include "algos/tree_euler.h"

gnest_status gn_gen_chain_against_splitters(int32_t n, int32_t **parent) {
  if (!parent) return GNEST_ERR_INVALID_ARGUMENT;
  *parent = NULL;
  if (n < 1) return GNEST_ERR_INVALID_ARGUMENT;
  int32_t *par = malloc((size_t)n * sizeof(int32_t)), *order = malloc((size_t)n * sizeof(int32_t));
  if (!par || !order) {
    free(par);
    free(order);
    return GNEST_ERR_OUT_OF_MEMORY;
  }
  const uint32_t gap = gn_euler_gap(n);
  int32_t k = 0;
  for (int pass = 0; pass < 2; pass++) /* the nodes the hash skips, then the others */
    for (int32_t v = 0; v < n; v++) {
      const int picked = gn_euler_is_splitter(gn_euler_enter(v), -1, gap, 0) ||
                         gn_euler_is_splitter(gn_euler_exit(v), -1, gap, 0);
      if (picked == pass) order[k++] = v;
    }
  for (int32_t i = 0; i < n; i++) par[order[i]] = i > 0 ? order[i - 1] : -1;
  free(order);
  *parent = par;
  return GNEST_OK;
}
