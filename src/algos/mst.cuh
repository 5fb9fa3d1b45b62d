/* The visitors of gnest_mst (driver: mst.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_MST_CUH
#define GNEST_ALGOS_MST_CUH

#include "algos/mst_split.h"
#include "algos/visit.cuh"

/* What the MST's split key (id_bits == 0) is for weights of type W. The min pass takes each
 * component's least key, the tie pass the least `tie` among the arcs of that key, and the two
 * together name the edge (weight, min end, max end):
 *   float:  key = weight key (32 bits) << 32 | min end; tie = max end (int32, atomicMin).
 *   double: key = weight key (64 bits);                 tie = min end << 32 | max end. */
template <class W>
struct mst_weight;

template <>
struct mst_weight<float> {
  typedef int32_t tie_t;
  typedef uint32_t key_t; /* the weight key the forest's sort orders by */
  static constexpr tie_t kNoTie = INT32_MAX;
  __host__ __device__ static unsigned long long split_key(float w, int32_t lo) {
    return (unsigned long long)gn_mst_weight_key(w) << 32 | (uint32_t)lo;
  }
  __host__ __device__ static tie_t tie(int32_t, int32_t hi) { return hi; }
  __host__ __device__ static void ends(unsigned long long k, tie_t t, int32_t *lo, int32_t *hi) {
    *lo = (int32_t)(k & 0xffffffffu);
    *hi = t;
  }
  __host__ __device__ static key_t weight_key(unsigned long long k) { return (key_t)(k >> 32); }
  __host__ __device__ static double weight(key_t key) { return gn_mst_key_weight(key); }
};

template <>
struct mst_weight<double> {
  typedef unsigned long long tie_t;
  typedef unsigned long long key_t;
  static constexpr tie_t kNoTie = ~0ull;
  __host__ __device__ static unsigned long long split_key(double w, int32_t) {
    return gn_mst_weight_key64(w);
  }
  __host__ __device__ static tie_t tie(int32_t lo, int32_t hi) {
    return (unsigned long long)lo << 32 | (uint32_t)hi;
  }
  __host__ __device__ static void ends(unsigned long long, tie_t t, int32_t *lo, int32_t *hi) {
    *lo = (int32_t)(t >> 32);
    *hi = (int32_t)(t & 0xffffffffu);
  }
  __host__ __device__ static key_t weight_key(unsigned long long k) { return k; }
  __host__ __device__ static double weight(key_t key) { return gn_mst_key_weight64(key); }
};

/* The arcs a round scans: the input's rows, or (filtering, mst.cu) the working rows a filter
 * pass wrote, row i being cols[offsets[i] .. offsets[i] + len[i]). W: the weights' type on the
 * device (gn_call_weights). */
template <class W>
struct mst_arcs : gn_out_arcs {
  const W *weights;     /* NULL: weight 1 */
  const int32_t *comp;  /* component (its root vertex) of every vertex */
  const int32_t *len;   /* NULL: whole rows; else each row's working length */
  int32_t id_bits;      /* > 0: the packed key (mst.cu, mst_key_layout); 0: the split key */
  __host__ __device__ int64_t end(int32_t i) const {
    return len ? offsets[i] + len[i] : offsets[i + 1];
  }
  /* The arc's edge in the forest's order (weight, min end, max end). Packed (id_bits > 0, every
   * weight a whole number): the whole triple, w << 2 id_bits | min << id_bits | max, one key per
   * edge. Split: mst_weight<W>::split_key, whose ties the tie pass breaks. */
  __host__ __device__ unsigned long long key(int32_t u, int32_t v, int64_t e) const {
    const W w = weights ? weights[e] : W(1);
    if (id_bits > 0)
      return (unsigned long long)w << (2 * id_bits) | (unsigned long long)min(u, v) << id_bits |
             (uint32_t)max(u, v);
    return mst_weight<W>::split_key(w, min(u, v));
  }
};

/* The parts of a packed key (mst_arcs::key with id_bits > 0): min end, max end, weight. */
__host__ __device__ __forceinline__ int32_t mst_packed_lo(unsigned long long k, int32_t id_bits) {
  return (int32_t)((k >> id_bits) & ((1ull << id_bits) - 1));
}
__host__ __device__ __forceinline__ int32_t mst_packed_hi(unsigned long long k, int32_t id_bits) {
  return (int32_t)(k & ((1ull << id_bits) - 1));
}
__host__ __device__ __forceinline__ double mst_packed_weight(unsigned long long k, int32_t id_bits) {
  return (double)(k >> (2 * id_bits));
}

/* Race-freedom: best[] only decreases (atomicMin; a stale read only lets a useless atomic
 * through); live[u] is written with the same value by every arc of u and read by post(u) after
 * them; comp is not written during the pass. */
template <class W>
struct mst_min_visitor : mst_arcs<W> {
  unsigned long long *best;
  int32_t *live; /* round in which the vertex last had an arc leaving its component */
  static constexpr bool kHasPost = true;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  /* Level 0, the first round, has every vertex alone in its component (mst_init_kernel), so
   * no component is read there, and every vertex with an arc other than a self-loop is live:
   * level 0 keeps no stamps and pushes nothing (the next round takes every vertex, mst_rounds;
   * on USA-road-FLA a million pushes on one counter). The load of the minimum before the atomic
   * stays even there: it spares most atomics (the first pass took 105 us with it, 144 without). */
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const bool first = s.level == 0;
    const int32_t v = this->cols[e], cu = first ? u : this->comp[u];
    if (first ? v == u : this->comp[v] == cu) return; /* inside the component (self-loops too) */
    if (!first && live[u] != s.level) live[u] = s.level; /* a stale read repeats the store */
    const unsigned long long k = this->key(u, v, e);
    if (k < gn_load_now(&best[cu])) s.min(&best[cu], k);
  }
  template <class S>
  __host__ __device__ void post(int32_t u, const S &s) const {
    if (s.level > 0 && gn_load_now(&live[u]) == s.level) s.push(u); /* the dead never revive */
  }
};

/* The split key's second pass (id_bits == 0 only): the least tie (mst_weight) among the arcs
 * whose key is the component's minimum.
 * Race-freedom: best[] is final (previous launch); best_tie[] only decreases (atomicMin). */
template <class W>
struct mst_tie_visitor : mst_arcs<W> {
  const unsigned long long *best;
  typename mst_weight<W>::tie_t *best_tie;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = this->cols[e], cu = this->comp[u];
    if (this->comp[v] == cu || this->key(u, v, e) != best[cu]) return;
    const typename mst_weight<W>::tie_t t = mst_weight<W>::tie(min(u, v), max(u, v));
    if (t < gn_load_now(&best_tie[cu])) s.min(&best_tie[cu], t);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* The filter (mst.cu, mst_filter_kernel): which arcs of the input go to the working rows: those
 * whose split key (gn_mst_split_key) lies in [lo_key, hi_key] and whose ends lie in different
 * components. Arcs inside a component (self-loops too) can never be chosen again, and arcs
 * outside the key range belong to the other phase. hub_bits (or NULL): a bit per vertex, set for
 * those of one component (mst.cu, mst_hub_bits_kernel), which answers for an arc with both ends
 * there without reading comp: on RMAT that component holds both ends of most heavy arcs, and the
 * bits fit in L2 where comp (4 bytes a vertex) does not. */
template <class W>
struct mst_filter : gn_out_arcs {
  const W *weights;     /* the input's weights (never NULL: only weighted graphs are split) */
  const int32_t *comp;
  const uint32_t *hub_bits;
  uint32_t lo_key, hi_key;
  int32_t *len;         /* each row's kept arcs (zeroed before) */
  int32_t *out_cols;    /* the kept arcs of row u from out_cols[offsets[u]] on */
  W *out_weights;
  /* Whether arc e of row u is kept; *v and *w: its head and weight then. */
  __device__ bool keeps(int32_t u, int64_t e, int32_t *v, W *w) const {
    *w = weights[e];
    const uint32_t k = gn_mst_split_key(*w);
    if (k < lo_key || k > hi_key) return false;
    *v = cols[e];
    if (hub_bits && (hub_bits[u >> 5] >> (u & 31) & 1u) && (hub_bits[*v >> 5] >> (*v & 31) & 1u))
      return false;
    return comp[*v] != comp[u];
  }
};

#endif
