/* The visitors of gnest_bc (driver: bc.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_BC_CUH
#define GNEST_ALGOS_BC_CUH

#include "algos/visit.cuh"

/* Race-freedom: the CAS on level[w] decides w's level once. Every arc from level l into level
 * l + 1 adds its tail's sigma (atomicAdd); those sigmas were completed during level l - 1, and no
 * arc of level l writes a level-l sigma. */
struct bc_forward : gn_out_arcs {
  int32_t *level;
  double *sigma;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t i, int64_t e, const S &s) const {
    const int32_t w = cols[e], next = s.level + 1;
    int32_t lw = gn_load_now(&level[w]);
    if (lw == -1) {
      lw = s.cas(&level[w], -1, next);
      if (lw == -1) { s.push(w); lw = next; }
    }
    if (lw == next) s.add(&sigma[w], gn_load_now(&sigma[i]));
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* Race-freedom: an item's arcs add into its own acc (atomicAdd); post reads acc after all of them.
 * coef[w] of level l + 1 was written by the previous (deeper) level's post; level and sigma are
 * final. Each vertex is one item of one level per source, so bc[v] += is not contended. */
struct bc_backward : gn_out_arcs {
  const int32_t *level;
  const double *sigma;
  double *acc, *coef, *bc;
  static constexpr bool kHasPost = true;
  static constexpr unsigned kLoops = GN_LOOP_LEVELS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t v, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    if (level[w] == level[v] + 1) s.add(&acc[v], gn_load_now(&coef[w]));
  }
  template <class S>
  __host__ __device__ void post(int32_t v, const S &) const {
    const double delta = sigma[v] * gn_load_now(&acc[v]);
    coef[v] = (1.0 + delta) / sigma[v];
    if (level[v] != 0) bc[v] += delta; /* the source (level 0) gets no dependency */
  }
};

#endif
