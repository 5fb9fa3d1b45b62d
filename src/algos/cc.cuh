/* The visitor of gnest_cc (driver: cc.cu). Included by that file and, through visitors.cuh, by
 * the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_CC_CUH
#define GNEST_ALGOS_CC_CUH

#include "algos/visit.cuh"

/* Joins the trees of u and v in the label forest (the concurrent union of Sutton, Ben-Nun and
 * Barak, "Optimizing Parallel Graph Connectivity Computation via Subgraph Sampling", IPDPS 2018,
 * section III-A): walking up from both ends, the larger of the two current ancestors is hung
 * under the smaller, by a compare-and-swap that succeeds only while it is still a root.
 * Invariant: label[x] <= x, and label[x] is a vertex of x's component, so no cycle forms and the
 * root of every tree is its smallest id. The walk ends when both ends reach one ancestor, when
 * the larger ancestor already hangs under the smaller, or when the swap hangs it: in each case u
 * and v are in one tree, so one link per arc joins every component whatever the order. */
template <class S>
__host__ __device__ __forceinline__ void cc_link(int32_t *label, int32_t u, int32_t v) {
  int32_t a = gn_load_now(&label[u]), b = gn_load_now(&label[v]);
  while (a != b) {
    const int32_t hi = a > b ? a : b, lo = a > b ? b : a;
    const int32_t up = gn_load_now(&label[hi]);
    if (up == lo) return;                               /* already hung there */
    if (up == hi && S::cas(&label[hi], hi, lo) == hi) return; /* a root: hung now */
    a = gn_load_now(&label[up]);                        /* moved or raced: climb and retry */
    b = gn_load_now(&label[lo]);
  }
}

/* The linking pass: every arc of the pass's rows joins its ends' trees (cc_link). */
struct cc_link_visitor : gn_out_arcs {
  int32_t *label;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &) const {
    cc_link<S>(label, u, cols[e]);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
