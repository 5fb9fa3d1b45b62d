/* Deterministic source sampling for BC: k distinct vertices of [0, n).
 *
 * A partial Fisher-Yates shuffle of 0..n-1 driven by splitmix64 from the seed: after step i the
 * first i + 1 slots are the sample. Same (n, k, seed) gives the same list on every machine. The
 * draw r % (n - i) has a bias below n / 2^64, irrelevant here. */
#include <stdlib.h>
#include "base/base.h"
#include "cpu/cpu.h"

gnest_status gn_sample_sources(int32_t n, int32_t k, uint64_t seed, int32_t *out) {
  if (n < 0 || k < 0 || k > n) return GNEST_ERR_INVALID_ARGUMENT; /* the API layer checks first */
  if (k == 0) return GNEST_OK;

  int32_t *ids = malloc((size_t)n * sizeof *ids);
  if (ids == NULL) return GNEST_ERR_OUT_OF_MEMORY;
  for (int32_t v = 0; v < n; v++) ids[v] = v;

  uint64_t state = seed;
  for (int32_t i = 0; i < k; i++) {
    const int32_t j = i + (int32_t)(gn_splitmix64_step(&state) % (uint64_t)(n - i));
    const int32_t picked = ids[j];
    ids[j] = ids[i];
    ids[i] = picked;
    out[i] = picked;
  }
  free(ids);
  return GNEST_OK;
}
