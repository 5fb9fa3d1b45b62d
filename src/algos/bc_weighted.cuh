/* The visitors of gnest_bc_weighted (driver: bc.cu), on weights W and distances D as the SSSP
 * computed them. Included by that file and, through visitors.cuh, by the backends that
 * instantiate their loops. */
#ifndef GNEST_ALGOS_BC_WEIGHTED_CUH
#define GNEST_ALGOS_BC_WEIGHTED_CUH

#include <math.h>

#include "algos/visit.cuh"

/* One source's shortest-path DAG: the arc u -> w lies on it when w is reached and
 * dist[u] + weight == dist[w], summed in D as the SSSP summed (an overflow to +inf is not
 * reached). dist is final before any pass reads it. */
template <class W, class D>
struct bcw_dag : gn_out_arcs {
  const W *weights; /* NULL: every arc weighs 1 */
  const D *dist;    /* +inf: not reached */
  __host__ __device__ bool on_dag(int32_t u, int64_t e) const {
    const D to = dist[cols[e]];
    const D through = dist[u] + (weights ? (D)weights[e] : (D)1);
    return through == to && to < (D)INFINITY;
  }
};

/* pending[w] += w's DAG in-arcs, over all vertices (pending zeroed before). Race-freedom: only
 * atomic adds to pending; dist is read only. */
template <class W, class D>
struct bcw_count_in_arcs : bcw_dag<W, D> {
  int32_t *pending;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t u, const S &) const { return this->dist[u] < (D)INFINITY; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    if (this->on_dag(u, e)) s.add(&pending[this->cols[e]], 1);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* Path counts in Kahn's order, a frontier level at a time from the source: an item adds its
 * sigma along its DAG out-arcs and takes one off each head's pending; the arc that takes the last
 * one pushes the head. Arcs into the source are not followed, so its pending stays as counted (a
 * zero-weight cycle through it, which the driver reports). Race-freedom: a vertex is pushed once
 * (pending reaches 0 once), after all its DAG in-arcs have added to its sigma, so an item's sigma
 * was completed in earlier levels and no arc of its level writes it. */
template <class W, class D>
struct bcw_forward : bcw_dag<W, D> {
  int32_t *pending;
  double *sigma;
  int32_t source;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t w = this->cols[e];
    if (w == source || !this->on_dag(u, e)) return;
    s.add(&sigma[w], gn_load_now(&sigma[u]));
    if (s.add(&pending[w], -1) == 1) s.push(w);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* Dependencies over the forward levels, deepest first, as bc_backward: every DAG out-arc's head
 * lies in a deeper level, so its coef is final. Race-freedom: an item's arcs add into its own acc
 * (atomicAdd); post reads acc after all of them; each vertex is one item per source, so bc[v] +=
 * is not contended. */
template <class W, class D>
struct bcw_backward : bcw_dag<W, D> {
  const double *sigma;
  double *acc, *coef, *bc;
  int32_t source;
  static constexpr bool kHasPost = true;
  static constexpr unsigned kLoops = GN_LOOP_LEVELS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t v, int64_t e, const S &s) const {
    if (this->on_dag(v, e)) s.add(&acc[v], gn_load_now(&coef[this->cols[e]]));
  }
  template <class S>
  __host__ __device__ void post(int32_t v, const S &) const {
    const double delta = sigma[v] * gn_load_now(&acc[v]);
    coef[v] = (1.0 + delta) / sigma[v];
    if (v != source) bc[v] += delta; /* the source gets no dependency */
  }
};

/* The instantiations the backends build (visitors.cuh): weights as they travel (float or double,
 * gn_call_weights) and the SSSP's double distances. */
typedef bcw_count_in_arcs<float, double> bcw_count_in_arcs_f;
typedef bcw_forward<float, double> bcw_forward_f;
typedef bcw_backward<float, double> bcw_backward_f;
typedef bcw_count_in_arcs<double, double> bcw_count_in_arcs_d;
typedef bcw_forward<double, double> bcw_forward_d;
typedef bcw_backward<double, double> bcw_backward_d;

/* The three visitors of one weight type, for the driver. */
template <class W> struct bcw_visitors;
template <> struct bcw_visitors<float> {
  typedef bcw_count_in_arcs_f count;
  typedef bcw_forward_f forward;
  typedef bcw_backward_f backward;
};
template <> struct bcw_visitors<double> {
  typedef bcw_count_in_arcs_d count;
  typedef bcw_forward_d forward;
  typedef bcw_backward_d backward;
};

#endif
