/* The visitors of gnest_sssp (driver: sssp.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_SSSP_CUH
#define GNEST_ALGOS_SSSP_CUH

#include "algos/visit.cuh"

/* How distances are held and extended by an arc. sssp_double_dist: the bits of doubles
 * (gn_double_bits), each relaxation one double addition; exact path sums for any weights >= 0,
 * and non-negative doubles' bits order as the doubles do. sssp_whole_dist: 32-bit unsigned
 * integers, half the traffic and native atomics; the driver takes them only when every weight is
 * a whole number and every path sum stays below kInf (sssp.cu), where they are the same numbers
 * as the doubles. */
struct sssp_double_dist {
  typedef unsigned long long T;
  static constexpr T kInf = 0x7ff0000000000000ull; /* +INFINITY */
  template <class W>
  __host__ __device__ static T extend(T d, W arc) {
    return gn_double_bits(gn_bits_double(d) + (double)arc);
  }
};
struct sssp_whole_dist {
  typedef unsigned T;
  static constexpr T kInf = 0xffffffffu;
  template <class W>
  __host__ __device__ static T extend(T d, W arc) { return d + (T)arc; }
};

/* W: the weights' type on the device (float or double, gn_call_weights); D: the distances'.
 * Race-freedom: dist only decreases (atomicMin), and any value read is the length of a real
 * path, so reading dist[i] while it drops is harmless. Whoever lowers dist[w] during level l
 * stamps w with l + 1 (atomicMax); only the first stamper pushes, so w is in level l + 1 once
 * and reads its latest distance there, after level l has completed. */
template <class W, class D = sssp_double_dist>
struct sssp_visitor : gn_out_arcs {
  typedef typename D::T dist_t;
  const W *weights; /* NULL: every arc weighs 1 */
  dist_t *dist;
  int32_t *queued;  /* the last level the vertex was pushed for, -1 never */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t i, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    const dist_t candidate = D::extend(gn_load_now(&dist[i]), weights ? weights[e] : (W)1);
    if (candidate >= gn_load_now(&dist[w])) return; /* also +inf (overflow, checked after) */
    if (s.min(&dist[w], candidate) <= candidate) return;
    const int32_t next = s.level + 1;
    if (gn_load_now(&queued[w]) < next && s.max(&queued[w], next) < next) s.push(w);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};
/* The whole-number distances' visitor (a name without a comma, for GN_FOR_EACH_VISITOR). */
typedef sssp_visitor<float, sssp_whole_dist> sssp_whole_visitor;

#endif
