/* The visitors of the predecessor passes of gnest_bfs_pred and gnest_sssp_pred (driver:
 * pred.cu; the rule: gnest.h; oracle: src/cpu/pred.c). They run after the traversal, on its
 * finished levels or distances, so they read those with plain loads. Included by pred.cu and,
 * through visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_PRED_CUH
#define GNEST_ALGOS_PRED_CUH

#include <cmath>

#include "algos/visit.cuh"

/* Which arcs of a reached vertex lie on a shortest path. BFS: all of them. */
struct gn_every_arc {
  __host__ __device__ bool holds(int32_t, int64_t, int32_t) const { return true; }
};

/* SSSP: dist[u] + w(u,v) == dist[v] < +inf, the sum in the distance type D, as the relaxation
 * of sssp.cuh computes it (the weight converted to D first; NULL weights: every arc weighs 1). */
template <class D, class W>
struct gn_tight_arc {
  const D *dist;
  const W *weights;
  __host__ __device__ bool holds(int32_t u, int64_t e, int32_t v) const {
    const D sum = dist[u] + (weights ? (D)weights[e] : (D)1);
    return sum == dist[v] && dist[v] < (D)INFINITY;
  }
};

/* A frontier loop over the arcs on shortest paths from the source: hops[v] = the fewest such arcs
 * to v (level l's vertices claim their unclaimed tight out-neighbours for l + 1).
 * Race-freedom: as bfs_visitor, hops[v] leaves -1 exactly once (the CAS), so v is pushed once,
 * at the level of the first pass that reaches it. */
template <class Arc>
struct gn_hops_visitor : gn_out_arcs {
  Arc arc;
  int32_t *hops;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e];
    if (gn_load_now(&hops[v]) != -1 || !arc.holds(u, e, v)) return;
    if (s.cas(&hops[v], -1, s.level + 1) == -1) s.push(v);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* One pass over every vertex u: for each arc u -> v on a shortest path with hops[u] + 1 ==
 * hops[v], pred[v] = min(pred[v], u). pred is read as unsigned so that the unset -1 is the
 * largest value and an atomic min needs no fix-up pass; the source (hops 0) never qualifies.
 * Race-freedom: pred only decreases, through the atomic min; hops and the distances are final. */
template <class Arc>
struct gn_pred_visitor : gn_out_arcs {
  Arc arc;
  const int32_t *hops; /* -1: unreached */
  uint32_t *pred;      /* UINT32_MAX (-1) until set */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t u, const S &) const { return hops[u] >= 0; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e];
    if (hops[v] != hops[u] + 1 || !arc.holds(u, e, v)) return;
    if (gn_load_now(&pred[v]) > (uint32_t)u) s.min(&pred[v], (uint32_t)u);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* The instantiations the drivers run (named for GN_FOR_EACH_VISITOR). SSSP: double distances,
 * weights as they travel (float or double, gn_call_weights), as sssp.cu keeps them. */
typedef gn_pred_visitor<gn_every_arc> bfs_pred_visitor;
typedef gn_hops_visitor<gn_tight_arc<double, float>> sssp_hops_visitor_f;
typedef gn_pred_visitor<gn_tight_arc<double, float>> sssp_pred_visitor_f;
typedef gn_hops_visitor<gn_tight_arc<double, double>> sssp_hops_visitor_d;
typedef gn_pred_visitor<gn_tight_arc<double, double>> sssp_pred_visitor_d;

#endif
