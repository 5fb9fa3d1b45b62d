/* The visitors of gnest_mst (driver: mst.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_MST_CUH
#define GNEST_ALGOS_MST_CUH

#include <cstring>
#include "visit.cuh"

/* Order-preserving 32-bit key of a weight, with the CPU's equalities: -0 == +0, and every NaN
 * equal and after every number. */
static __host__ __device__ inline uint32_t mst_weight_key(float w) {
  if (w != w) return 0xffffffffu;
  if (w == 0.0f) w = 0.0f;
  uint32_t bits;
  memcpy(&bits, &w, sizeof bits);
  return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

static __host__ __device__ inline float mst_key_weight(uint32_t key) {
  const uint32_t bits = (key & 0x80000000u) ? key & 0x7fffffffu : ~key;
  float w;
  memcpy(&w, &bits, sizeof w);
  return w;
}

struct mst_arcs : gn_out_arcs {
  const float *weights; /* NULL: weight 1 */
  const int32_t *comp;  /* component (its root vertex) of every vertex */
  __host__ __device__ unsigned long long key(int32_t u, int32_t v, int64_t e) const {
    const uint32_t w = mst_weight_key(weights ? weights[e] : 1.0f);
    return (unsigned long long)w << 32 | (uint32_t)min(u, v);
  }
};

/* Race-freedom: best[] only decreases (atomicMin; a stale read only lets a useless atomic
 * through); live[u] is written with the same value by every arc of u and read by post(u) after
 * them; comp is not written during the pass. */
struct mst_min_visitor : mst_arcs {
  unsigned long long *best;
  int32_t *live; /* round in which the vertex last had an arc leaving its component */
  static constexpr bool kHasPost = true;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e], cu = comp[u];
    if (comp[v] == cu) return; /* inside the component (self-loops too) */
    if (live[u] != s.level) live[u] = s.level; /* a stale read only repeats the store */
    const unsigned long long k = key(u, v, e);
    if (k < gn_load_now(&best[cu])) s.min(&best[cu], k);
  }
  template <class S>
  __host__ __device__ void post(int32_t u, const S &s) const {
    if (gn_load_now(&live[u]) == s.level) s.push(u); /* dead vertices never revive */
  }
};

/* Race-freedom: best[] is final (previous launch); best_hi[] only decreases (atomicMin). */
struct mst_tie_visitor : mst_arcs {
  const unsigned long long *best;
  int32_t *best_hi;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e], cu = comp[u];
    if (comp[v] == cu || key(u, v, e) != best[cu]) return;
    const int32_t hi = max(u, v);
    if (hi < gn_load_now(&best_hi[cu])) s.min(&best_hi[cu], hi);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
