/* The visitors of gnest_sssp (driver: sssp.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_SSSP_CUH
#define GNEST_ALGOS_SSSP_CUH

#include "visit.cuh"

/* Race-freedom: dist only decreases (atomicMin), and any value read is the length of a real
 * path, so reading dist[i] while it drops is harmless. Whoever lowers dist[w] during level l
 * stamps w with level_base + l + 1 (atomicMax); only the first stamper pushes, so w is in level
 * l + 1 once and reads its latest distance there, after level l has completed.
 *
 * Near-far (sssp.cu): a lowered distance below `threshold` goes to the next level (the near
 * pile); one at or above it goes to the far pile instead, once per phase (far_stamp, the same
 * first-stamper rule). Bellman-Ford is threshold = +inf: every lowered distance is near. Stamps
 * grow across phases (level_base, phase), so no array is cleared between them. */
struct sssp_visitor : gn_out_arcs {
  const float *weights; /* NULL: every arc weighs 1 */
  int32_t *dist;
  int32_t *queued;      /* the last level stamp the vertex was pushed for, -1 never */
  int32_t threshold;    /* bits of a float > 0: near when the new distance is below it */
  int32_t level_base;   /* this phase's level l stamps level_base + l */
  int32_t phase;        /* this phase's far stamp */
  int32_t *far_stamp;   /* the last phase the vertex was put on the far pile for, -1 never */
  int32_t *far_items;   /* the far pile (NULL in Bellman-Ford: nothing is far) */
  int32_t *far_count;
  int32_t far_capacity;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t i, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    const float arc = weights ? weights[e] : 1.0f;
    const int32_t candidate = gn_float_bits(gn_bits_float(gn_load_now(&dist[i])) + arc);
    if (candidate >= gn_load_now(&dist[w])) return; /* also +inf (overflow) and NaN */
    if (s.min(&dist[w], candidate) <= candidate) return;
    if (candidate < threshold) {
      const int32_t next = level_base + s.level + 1;
      if (gn_load_now(&queued[w]) < next && s.max(&queued[w], next) < next) s.push(w);
    } else if (gn_load_now(&far_stamp[w]) < phase && s.max(&far_stamp[w], phase) < phase) {
      s.push_to(far_items, far_count, far_capacity, w);
    }
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
