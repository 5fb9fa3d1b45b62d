/* The visitors of gnest_scc (driver: scc.cu). Included by that file and, through visitors.cuh,
 * by the backends that instantiate their loops. color[v] is the forward color of an active
 * vertex (one whose component is not found yet), -1 once its component is found. */
#ifndef GNEST_ALGOS_SCC_CUH
#define GNEST_ALGOS_SCC_CUH

#include "algos/visit.cuh"

/* The reverse graph's rows: pass 1 (rcols NULL) counts every vertex's in-arcs in fill; after a
 * scan of the counts into roffsets and fill zeroed, pass 2 writes every arc u -> w as u into w's
 * reverse row. Race-freedom: each arc gets its own slot from fill[w] (atomic). */
struct scc_reverse_visitor : gn_out_arcs {
  int32_t *fill;
  const int64_t *roffsets; /* pass 2 */
  int32_t *rcols;          /* pass 2; NULL in pass 1 */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    const int32_t at = s.add(&fill[w], 1);
    if (rcols) rcols[roffsets[w] + at] = u;
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* The trim's count (Slota et al. 2014, trim; complete, as a peel): in[w] and out[u] = the arcs
 * u -> w between two distinct active vertices. Race-freedom: counts only through atomics; color
 * is not written during the pass. */
struct scc_count_visitor : gn_out_arcs {
  const int32_t *color;
  int32_t *in, *out;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t u, const S &) const { return color[u] >= 0; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    if (w == u || color[w] < 0) return;
    s.add(&in[w], 1);
    s.add(&out[u], 1);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* The trim's peel, a frontier loop from the active vertices without an arc in (over the graph,
 * count = in) or without an arc out (over the reverse graph, count = out), which are found, each
 * a component of its own: every found vertex takes one from the count of each active neighbour
 * across its arcs, and a neighbour whose count reaches 0 is found and pushed. One peel each way
 * leaves every remaining active vertex with an active arc in and out: the sources' peel finds
 * no vertex with a remaining in-neighbour, so the out counts of the remaining stay exact for
 * the sinks' peel, which likewise takes no in-neighbour of a remaining vertex.
 * Race-freedom: counts only through atomics; the one who takes a count from 1 to 0 alone marks
 * the vertex found (color -1, label its id) and pushes it; a vertex whose count reaches 0 has had
 * every arc from the found vertices counted off already, so no thread sees it found early. */
struct scc_peel_visitor : gn_out_arcs {
  int32_t *color;
  int32_t *label;
  int32_t *count;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    if (w == u || gn_load_now(&color[w]) < 0) return;
    if (s.add(&count[w], -1) != 1) return;
    s.min(&color[w], -1);
    s.max(&label[w], w);
    s.push(w);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* Forward coloring (Orzan 2004; Slota et al. 2014): every active vertex starts with its own id
 * as color and colors flow along the arcs to active vertices, each keeping the least it
 * receives: at the end color[v] is the smallest active id that reaches v.
 * Race-freedom: colors only decrease (atomicMin) and every value read is a real reacher's id;
 * whoever lowers color[w] during level l stamps w with l + 1 (atomicMax); only the first stamper
 * pushes, so w is in level l + 1 once and sends its latest color there, after level l. An
 * inactive vertex has color -1, below every color, so it never takes one. */
struct scc_forward_visitor : gn_out_arcs {
  int32_t *color;
  int32_t *queued; /* the last level the vertex was pushed for, -1 never */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    const int32_t c = gn_load_now(&color[u]);
    if (c >= gn_load_now(&color[w])) return;
    if (s.min(&color[w], c) <= c) return;
    const int32_t next = s.level + 1;
    if (gn_load_now(&queued[w]) < next && s.max(&queued[w], next) < next) s.push(w);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* Backward search over the reverse graph from every root r (color[r] == r, label[r] = r):
 * through the active vertices of r's color. Such a vertex reaches r and is reached from r (its
 * color), so it is in r's component, and every vertex of that component has color r (a smaller
 * reacher of it would reach r), so the search finds exactly the component; r is its smallest id.
 * Race-freedom: color is not written during the search; label[x] is set once (compare-and-swap
 * from -1), by the one who then pushes x. */
struct scc_backward_visitor : gn_out_arcs {
  const int32_t *color;
  int32_t *label; /* -1: component not found yet */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t v, int64_t e, const S &s) const {
    const int32_t x = cols[e], r = color[v];
    if (color[x] != r || gn_load_now(&label[x]) >= 0) return;
    if (s.cas(&label[x], -1, r) == -1) s.push(x);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
