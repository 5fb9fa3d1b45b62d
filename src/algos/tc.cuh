/* The visitors of gnest_tc (driver: tc.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_TC_CUH
#define GNEST_ALGOS_TC_CUH

#include "algos/visit.cuh"

/* Pass 1. Race-freedom: kept[e] is written only by arc e; odeg[u] only grows (atomicAdd). Not
 * aggregated per row (gn_aggregated_increment): on cnr-2000 that doubled lazynp's parent pass
 * (37 to 80 us, H200) and left its next-level kernel as it was. */
struct orient_visitor : gn_out_arcs {
  uint8_t *kept;
  int32_t *odeg;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e];
    const int64_t du = offsets[u + 1] - offsets[u], dv = offsets[v + 1] - offsets[v];
    const bool keep = v != u && (du < dv || (du == dv && u < v));
    kept[e] = keep;
    if (keep) s.add(&odeg[u], 1);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* The first position in [lo, hi) of the sorted list a holding >= x (hi when none). */
__host__ __device__ inline int64_t tc_lower_bound(const int32_t *a, int64_t lo, int64_t hi,
                                                  int32_t x) {
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (a[mid] < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/* Common elements of two sorted lists: each element of the shorter is looked up in the rest of
 * the longer by binary search (the lower bound only moves forward). Credits each common w in
 * per_vertex when given. */
template <class S>
__host__ __device__ inline uint64_t tc_common(const int32_t *a, int64_t na, const int32_t *b,
                                              int64_t nb, unsigned long long *per_vertex,
                                              const S &s) {
  if (na > nb) {
    const int32_t *t = a; a = b; b = t;
    const int64_t tn = na; na = nb; nb = tn;
  }
  uint64_t found = 0;
  int64_t lo = 0;
  for (int64_t i = 0; i < na && lo < nb; ++i) {
    const int32_t x = a[i];
    lo = tc_lower_bound(b, lo, nb, x);
    if (lo < nb && b[lo] == x) {
      ++found;
      ++lo;
      if (per_vertex) s.add(&per_vertex[x], 1ull);
    }
  }
  return found;
}

/* Pass 2 over the oriented graph. Race-freedom: the oriented lists are read only (built by
 * earlier launches); all writes are atomicAdds into per-vertex counters. */
struct triangle_visitor {
  const int64_t *offsets; /* oriented CSR */
  const int32_t *cols;
  unsigned long long *found; /* triangles found per vertex the count ran from (here the lowest
                                corner), summed at the end */
  unsigned long long *per_vertex; /* NULL when not asked */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  __host__ __device__ int64_t begin(int32_t u) const { return offsets[u]; }
  __host__ __device__ int64_t end(int32_t u) const { return offsets[u + 1]; }
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e];
    const uint64_t common = tc_common(cols + offsets[u], offsets[u + 1] - offsets[u],
                                     cols + offsets[v], offsets[v + 1] - offsets[v], per_vertex, s);
    if (common == 0) return;
    s.add(&found[u], (unsigned long long)common);
    if (per_vertex) {
      s.add(&per_vertex[u], (unsigned long long)common);
      s.add(&per_vertex[v], (unsigned long long)common);
    }
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
