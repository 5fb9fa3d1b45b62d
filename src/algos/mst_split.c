/* gn_mst_light_split: the light/heavy split of gnest_mst's filtering (mst_split.h). */
#include "algos/mst_split.h"

#include <stdlib.h>

static int by_key(const void *pa, const void *pb) {
  const uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
  return (a > b) - (a < b);
}

int gn_mst_light_split(const double *weights, int64_t m, int32_t n, uint32_t *light_max) {
  if (weights == NULL || n <= 0 || m < (int64_t)GN_MST_SPLIT_MIN_DEGREE * n) return 0;
  uint32_t keys[GN_MST_SPLIT_SAMPLES];
  const int64_t samples = m < GN_MST_SPLIT_SAMPLES ? m : GN_MST_SPLIT_SAMPLES;
  for (int64_t i = 0; i < samples; i++) /* the middle of each of `samples` equal stretches */
    keys[i] = gn_mst_split_key(weights[(int64_t)(((2 * (double)i + 1) * (double)m) /
                                                  (2 * (double)samples))]);
  qsort(keys, (size_t)samples, sizeof keys[0], by_key);
  const double at = (double)GN_MST_LIGHT_ARCS_PER_VERTEX * (double)n * (double)samples / (double)m;
  if (at >= (double)(samples - 1)) return 0;
  const uint32_t t = keys[(int64_t)at];
  if (t == keys[samples - 1]) return 0; /* no sampled arc heavier: the split would save nothing */
  *light_max = t;
  return 1;
}
