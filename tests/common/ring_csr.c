#include "ring_csr.h"

#include <string.h>

void ring_csr(int32_t n, int64_t *off, int32_t *cols) {
  for (int32_t u = 0; u <= n; u++) off[u] = kRingDegree * (int64_t)u;
  for (int32_t u = 0; u < n; u++) {
    int32_t row[kRingDegree], k = 0;
    for (int d = -kRingDegree / 2; d <= kRingDegree / 2; d++)
      if (d) row[k++] = (int32_t)(((int64_t)u + d + n) % n);
    for (int i = 1; i < kRingDegree; i++) /* rows wrap around the ring: sort them */
      for (int j = i; j > 0 && row[j] < row[j - 1]; j--) {
        const int32_t t = row[j];
        row[j] = row[j - 1];
        row[j - 1] = t;
      }
    memcpy(cols + off[u], row, sizeof row);
  }
}
