/* The visitor of gnest_cc (driver: cc.cu). Included by that file and, through visitors.cuh, by
 * the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_CC_CUH
#define GNEST_ALGOS_CC_CUH

#include "algos/visit.cuh"

/* The hooking pass (Shiloach & Vishkin 1982, with the smaller label as the new root): every arc
 * u -> v whose ends carry different labels a < b lowers label[b] to a, and raises `changed`.
 * Race-freedom: labels only decrease (atomicMin), and every value written is the label of a
 * vertex of the same component, smaller than the one it replaces, so label[x] <= x and no cycle
 * forms; a stale read only costs an extra round. A pass that raises nothing has written nothing,
 * so then every arc's ends carry the same label, their component's root: its smallest id. */
struct cc_hook_visitor : gn_out_arcs {
  int32_t *label;
  int32_t *changed;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t a = gn_load_now(&label[u]), b = gn_load_now(&label[cols[e]]);
    if (a == b) return;
    const int32_t lo = a < b ? a : b, hi = a < b ? b : a;
    if (lo < gn_load_now(&label[hi])) s.min(&label[hi], lo);
    if (gn_load_now(changed) == 0) s.max(changed, 1);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
