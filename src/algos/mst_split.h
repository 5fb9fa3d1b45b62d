/* The weight order of gnest_mst and the light/heavy split of its filtering (mst.cu). Pure host
 * code but for the weight key, which the device visitors (mst.cuh) share; tests/test_algos.c
 * checks the split rule.
 *
 * Filtering (the idea of ECL-MST, Fallin et al., SC 2023): every edge of weight key
 * <= T precedes every heavier edge in the forest's total order (weight, min end, max end), so
 * Kruskal's forest restricted to the light edges is exactly the forest of the light subgraph.
 * Borůvka therefore first runs on the light arcs alone, then on the heavy arcs whose ends the
 * light phase left in different components; every other heavy arc can never be chosen. Any T
 * gives the same forest; T only decides how much work the filter saves. */
#ifndef GNEST_ALGOS_MST_SPLIT_H
#define GNEST_ALGOS_MST_SPLIT_H

#include <stdint.h>
#include <string.h>
#include "cpu/cpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Order-preserving 32-bit key of a weight, with the CPU's equalities: -0 == +0, and every NaN
 * equal and after every number. */
static inline GN_HOST_DEVICE uint32_t gn_mst_weight_key(float w) {
  if (w != w) return 0xffffffffu;
  if (w == 0.0f) w = 0.0f;
  uint32_t bits;
  memcpy(&bits, &w, sizeof bits);
  return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

static inline GN_HOST_DEVICE float gn_mst_key_weight(uint32_t key) {
  const uint32_t bits = (key & 0x80000000u) ? key & 0x7fffffffu : ~key;
  float w;
  memcpy(&w, &bits, sizeof w);
  return w;
}

/* The same for a double, in 64 bits. */
static inline GN_HOST_DEVICE uint64_t gn_mst_weight_key64(double w) {
  if (w != w) return 0xffffffffffffffffull;
  if (w == 0.0) w = 0.0;
  uint64_t bits;
  memcpy(&bits, &w, sizeof bits);
  return (bits & 0x8000000000000000ull) ? ~bits : bits | 0x8000000000000000ull;
}

static inline GN_HOST_DEVICE double gn_mst_key_weight64(uint64_t key) {
  const uint64_t bits = (key & 0x8000000000000000ull) ? key & 0x7fffffffffffffffull : ~key;
  double w;
  memcpy(&w, &bits, sizeof w);
  return w;
}

/* The light/heavy key of a weight: its float's key. Rounding to float is monotone, so a weight
 * of a larger key is larger: every edge of key <= T precedes every heavier one, as the split
 * needs, whatever the weights' type. */
static inline GN_HOST_DEVICE uint32_t gn_mst_split_key(double w) {
  return gn_mst_weight_key((float)w);
}

enum {
  GN_MST_SPLIT_SAMPLES = 1024,   /* arcs whose weights estimate the split */
  GN_MST_SPLIT_MIN_DEGREE = 4,   /* average degree below which the filter does not pay */
  GN_MST_LIGHT_ARCS_PER_VERTEX = 3 /* light arcs aimed at: about 3 per vertex */
};

/* Decides the split for a graph of n vertices and m arcs with these weights (NULL: unweighted):
 * returns 1 and the largest light split key (gn_mst_split_key) in *light_max when filtering
 * pays, else 0 (no
 * weights, average degree below GN_MST_SPLIT_MIN_DEGREE, or a split that would leave no sampled
 * arc on one side). Deterministic: GN_MST_SPLIT_SAMPLES arcs at evenly spaced positions, their
 * keys sorted; T = the key at the quantile GN_MST_LIGHT_ARCS_PER_VERTEX x n / m. */
int gn_mst_light_split(const double *weights, int64_t m, int32_t n, uint32_t *light_max);

#ifdef __cplusplus
}
#endif
#endif
