/* The visitors of gnest_sssp (driver: sssp.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_SSSP_CUH
#define GNEST_ALGOS_SSSP_CUH

#include "algos/visit.cuh"

/* W: the weights' type on the device (float or double, gn_call_weights); distances are doubles
 * in either case, each relaxation d[i] + (double)w one double addition.
 * Race-freedom: dist only decreases (atomicMin on the bits of non-negative doubles, which order
 * as the doubles do), and any value read is the length of a real path, so reading dist[i] while
 * it drops is harmless. Whoever lowers dist[w] during level l stamps w with l + 1 (atomicMax);
 * only the first stamper pushes, so w is in level l + 1 once and reads its latest distance there,
 * after level l has completed. */
template <class W>
struct sssp_visitor : gn_out_arcs {
  const W *weights;         /* NULL: every arc weighs 1 */
  unsigned long long *dist; /* the bits of each vertex's distance (gn_double_bits) */
  int32_t *queued;          /* the last level the vertex was pushed for, -1 never */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t i, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    const double arc = weights ? (double)weights[e] : 1.0;
    const unsigned long long candidate =
        gn_double_bits(gn_bits_double(gn_load_now(&dist[i])) + arc);
    if (candidate >= gn_load_now(&dist[w])) return; /* also +inf (overflow, checked after) */
    if (s.min(&dist[w], candidate) <= candidate) return;
    const int32_t next = s.level + 1;
    if (gn_load_now(&queued[w]) < next && s.max(&queued[w], next) < next) s.push(w);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
