/* The visitors of gnest_tree_descendants / gnest_tree_heights (driver: tree.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_TREE_CUH
#define GNEST_ALGOS_TREE_CUH

#include "algos/visit.cuh"

struct tree_children {
  const int64_t *child_offsets;
  const int32_t *children;
  int32_t *value;
  __host__ __device__ int64_t begin(int32_t v) const { return child_offsets[v]; }
  __host__ __device__ int64_t end(int32_t v) const { return child_offsets[v + 1]; }
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* Race-freedom (both visitors): value[child] was completed in the deeper level's pass (before a
 * kernel boundary, a grid or CTA barrier, or earlier in the same thread's program order; read
 * from L2); value[v] is changed only by atomics of v's own children arcs in this pass and read
 * only in a later pass. */
struct descendants_visitor : tree_children {
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_RECURSIVE;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ void edge(int32_t v, int64_t e, const S &s) const {
    s.add(&value[v], gn_load_now(&value[children[e]]));
  }
};

struct heights_visitor : tree_children {
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_RECURSIVE;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ void edge(int32_t v, int64_t e, const S &s) const {
    s.max(&value[v], gn_load_now(&value[children[e]]) + 1);
  }
};

#endif
