/* The visitors of gnest_bfs (driver: bfs.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_BFS_CUH
#define GNEST_ALGOS_BFS_CUH

#include "algos/visit.cuh"

/* A top-down step: level l's vertices (the work list) claim their unvisited out-neighbours for
 * level base + l + 1 (base: the levels run before the loop started, when the direction-optimizing
 * loop hands the rest of a traversal to gn_run_frontier; else 0).
 * Race-freedom: level[w] leaves -1 exactly once (the CAS), so exactly one arc pushes w, and w
 * gets the level of the first pass that reaches it: passes run one after another. */
struct bfs_visitor : gn_out_arcs {
  int32_t *level;
  int32_t base;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER | GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    if (gn_load_now(&level[w]) != -1) return; /* visited: skip the atomic */
    if (s.cas(&level[w], -1, base + s.level + 1) == -1) s.push(w);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
