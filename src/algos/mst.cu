/* gnest_mst: minimum spanning forest by Borůvka rounds, on filtered arcs.
 *
 * Edges are totally ordered by (weight, min(u,v), max(u,v)) — the order of the CPU's Kruskal
 * (src/cpu/mst.c) — so the forest is unique and every backend finds the same one. A round:
 *   1. min pass: each vertex with an arc leaving its component offers (weight key, min end) to
 *      the component's 64-bit atomicMin; vertices with such an arc form the next round's list;
 *   2. tie pass: arcs matching that minimum offer their max end (the third part of the key);
 *      skipped where the whole triple fits one 64-bit key (below);
 *   3. hook: each component links to the one across its chosen edge; the only cycles are mutual
 *      pairs choosing the same edge, where the smaller id stays root; every linking component
 *      records its edge; pointer jumping (one launch) flattens the links; vertices take their
 *      new roots (the relabel, which also lists the next round's roots).
 * Rounds stop when no component has an outgoing edge; the host looks every kCheckRounds rounds,
 * not after each (mst_rounds). The edges are then sorted into Kruskal's order (by buckets of min
 * ends on graphs of low degree, mst_sort_by_buckets), so the host sums them in the same order as
 * the CPU (bit-identical total).
 *
 * Filtering (mst_split.h): on a weighted graph of average degree >= 4, a filter pass first copies
 * the light arcs (weight key <= T, no self-loops) to the front of each row's slice of working
 * arrays, and the rounds run on those rows until the light forest is complete; a second filter
 * pass then copies the heavy arcs whose ends the light forest left apart, and the rounds go on
 * with those. Every other arc can never be chosen, so the forest, ties included, is unchanged:
 * the rounds only scan fewer arcs (each filter pass scans every arc once; edges_visited counts
 * all scans). The filter passes are MST's own kernel (mst_filter_kernel), arc-parallel: a stream
 * over every arc with no nested loop to balance; the rounds run through the backend.
 *
 * The packed key (mst_key_layout): when every weight is a whole number w >= 0 and bits(w) +
 * 2 bits(n - 1) <= 64 (the suite's weights 1..64 on any graph of up to 2^28 vertices), the key
 * w << 2b | min end << b | max end is the edge's place in the order itself, one per edge: the
 * min pass alone finds every component's edge (no tie pass: on USA-road-FLA 11 of its 22 passes),
 * and keys-only radix sorting orders the forest. Any other weights keep the split key and its
 * tie pass. Which one a call takes is measured on the device (mst_weight_top_kernel), once per
 * graph: its device copy keeps the result.
 *
 * Weights reach the device as float when every weight is exactly a float, else as double
 * (gn_call_weights); every kernel and visitor takes their type W, which only changes the split
 * key's layout (mst_weight, mst.cuh). The forest's weights come back as doubles, summed in
 * Kruskal's order on the host.
 *
 * Measured on an H200: USA-road-FLA 1.33 ms with the split key, 1.10 ms with the packed key,
 * 0.72-0.77 ms with it, kCheckRounds, per-block appends and the bucket sort together. */
#include <math.h>

#include <thrust/iterator/counting_iterator.h>

#include "algos/arcs.cuh"
#include "algos/prims.cuh"
#include "algos/mst.cuh"

/* Borůvka needs at most log2(n) + 1 rounds per phase, plus the rounds run past the end before
 * the host looks (kCheckRounds). */
static const int kMaxRounds = 64;
/* Rounds the device runs between two looks of the host at the picked-edge count: each look waits
 * for the stream to drain (about as long as a round's work on USA-road-FLA), and a round run past
 * the end finds nothing to do. */
static const int kCheckRounds = 3;
/* The largest degree at which the forest is sorted by buckets (mst_sort_by_buckets). */
static const int64_t kBucketDegree = 64;
static const unsigned long long kNone = ~0ull;

/* W: the weights' type on the device (mst_weight says what the split key holds for it). */
template <class W>
struct mst_state {
  typedef mst_weight<W> weight;
  int32_t *comp, *link, *live, *picked_count;
  typename weight::tie_t *best_tie; /* the tie pass's minimum (split keys) */
  unsigned long long *best, *picked_ends; /* picked edge: min end << 32 | max end */
  typename weight::key_t *picked_key;     /* its weight key (split keys) */
  uint32_t *picked_rank; /* the same buffer as picked_key: each edge's rank among those of its
                            min end (packed keys with lo_count) */
  /* The components' roots, as a list per round: round l's in roots[l & 1], root_counts[l] long,
   * except round 0's, which is every vertex (the relabel writes the next). The kernels that work
   * per component (hook, jumps) run over it, not over every vertex: on USA-road-FLA the rounds
   * after the first hold a fraction of the roots. */
  int32_t *roots[2], *root_counts;
  int32_t *picked_after; /* [level]: the picked-edge count after that round (the relabel's) */
  int32_t *trees; /* [level]: the trees the hook's links made that round (mst_last_round) */
  int32_t id_bits;  /* the key layout (mst_arcs::key): > 0 packed, 0 split */
  int32_t key_bits; /* packed: the key's significant bits (the sort's) */
  int32_t *lo_count; /* the sort by buckets (mst_sort_by_buckets): [n + 1], the forest's edges
                      * by min end, which the hook counts (each edge's rank among them in
                      * picked_key); else NULL */
};

/* The roots of the round at `level` (mst_state::roots). */
struct mst_root_list {
  const int32_t *list; /* NULL: every vertex */
  const int32_t *count;
  int32_t n;
  __device__ int64_t size() const { return list ? *count : n; }
  __device__ int32_t at(int64_t k) const { return list ? list[k] : (int32_t)k; }
};

template <class W>
static mst_root_list mst_roots_of(const mst_state<W> &s, int32_t level, int32_t n) {
  if (level == 0) return mst_root_list{nullptr, nullptr, n};
  return mst_root_list{s.roots[level & 1], &s.root_counts[level], n};
}

/* Runs body(c) for every root c of the list over the grid (the count lives on the device). */
template <class Body>
__device__ __forceinline__ void mst_for_each_root(const mst_root_list &r, Body body) {
  gn_for_each_index(r.size(), [&](int64_t k) { body(r.at(k)); });
}

/* Runs body(k, k < count) for k over [0, count) and past it to the end of each block's step: a
 * block-stride loop with the same trip count for every thread of a block, so that body may take
 * block-wide steps (mst_block_append). */
template <class Body>
__device__ __forceinline__ void mst_block_steps(int64_t count, Body body) {
  for (int64_t base = (int64_t)blockIdx.x * blockDim.x; base < count;
       base += (int64_t)gridDim.x * blockDim.x)
    body(base + threadIdx.x, base + threadIdx.x < count);
}

/* A slot of a device list for each thread of the block that wants one, or -1: one atomic per
 * block. A warp's atomic each (gn_append_slot) put about 30,000 atomics on one counter in the
 * first round on USA-road-FLA, whose hook and relabel took 31-33 us there against 5-6 us in the
 * late rounds. Every thread of the block calls it (mst_block_steps). */
__device__ int32_t mst_block_append(int32_t *count, bool want) {
  __shared__ int32_t warp_base[32];
  __shared__ int32_t block_base;
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const unsigned mask = __ballot_sync(0xffffffffu, want);
  if (lane == 0) warp_base[warp] = __popc(mask);
  __syncthreads();
  if (threadIdx.x == 0) { /* the warps' counts to their offsets, and the block's atomic */
    int32_t sum = 0;
    for (unsigned w = 0; w < blockDim.x / 32; ++w) {
      const int32_t c = warp_base[w];
      warp_base[w] = sum;
      sum += c;
    }
    block_base = sum > 0 ? atomicAdd(count, sum) : 0;
  }
  __syncthreads();
  const int32_t slot = want ? block_base + warp_base[warp] + __popc(mask & ((1u << lane) - 1)) : -1;
  __syncthreads(); /* every thread has read the offsets before a next call writes them */
  return slot;
}

/* Bits of a vertex id: bits(n - 1), at least 1 (31 at most: n <= 2^31 - 1). */
static int32_t mst_id_bits(int32_t n) {
  const int bits = gn_bit_width(n > 1 ? (uint64_t)(n - 1) : 0);
  return bits > 0 ? bits : 1;
}

/* w as a whole number for the packed key, or UINT32_MAX when it is not one (fraction, negative,
 * NaN, infinite, 2^32 or more). -0 counts as 0: the order has -0 == +0. */
template <class W>
__device__ __forceinline__ uint32_t mst_whole_weight(W w) {
  return w >= W(0) && w == trunc(w) && w < W(4294967296.0) ? (uint32_t)w : UINT32_MAX;
}

/* *top = the largest mst_whole_weight of the m weights (zeroed before): a warp's, then a
 * block's maximum, one global atomic per block (block sizes are whole warps, so every lane
 * reaches the warp's reduction). */
template <class W>
__global__ void mst_weight_top_kernel(const W *weights, int64_t m, uint32_t *top) {
  __shared__ uint32_t block_top;
  if (threadIdx.x == 0) block_top = 0;
  __syncthreads();
  uint32_t most = 0;
  gn_for_each_index(m, [&](int64_t e) { most = max(most, mst_whole_weight(weights[e])); });
  most = __reduce_max_sync(0xffffffffu, most);
  if ((threadIdx.x & 31) == 0 && most) atomicMax(&block_top, most);
  __syncthreads();
  if (threadIdx.x == 0 && block_top) atomicMax(top, block_top);
}

/* The call's key layout (file comment): the packed key when the weights (measured on the device,
 * one pass over them on the graph's first call with weights of type W, kept on its device copy;
 * an unweighted graph's are all 1) leave it room, else the split key. */
template <class W>
static gnest_status mst_key_layout(gn_engine &e, const gn_device_graph *dg, const W *weights,
                                   mst_state<W> *s) {
  const int32_t id_bits = mst_id_bits(dg->n);
  const int as_float = sizeof(W) == sizeof(float);
  if (!dg->weight_top_known[as_float]) {
    uint32_t top = 1;
    if (weights && dg->m > 0) {
      uint32_t *dev_top = nullptr;
      GN_TRY(e.scratch->alloc(&dev_top, 1, "MST weight range"));
      GN_TRY(gn_memset(e.ctx, dev_top, 0, sizeof *dev_top));
      int grid = 0;
      GN_TRY(gn_resident_grid(e, mst_weight_top_kernel<W>, dg->m, &grid));
      GN_KERNEL(e, grid, e.block, mst_weight_top_kernel<W>, weights, dg->m, dev_top);
      GN_TRY(gn_to_host(e.ctx, &top, dev_top, sizeof top));
    }
    gn_device_graph *cache = const_cast<gn_device_graph *>(dg); /* the graph's cache */
    cache->weight_top[as_float] = top;
    cache->weight_top_known[as_float] = 1;
  }
  const uint32_t top = dg->weight_top[as_float];
  const int32_t weight_bits = gn_bit_width(top);
  const bool packed = top != UINT32_MAX && weight_bits + 2 * id_bits <= 64;
  s->id_bits = packed ? id_bits : 0;
  s->key_bits = packed ? weight_bits + 2 * id_bits : 0;
  return GNEST_OK;
}

/* The ends of c's chosen edge k: both in the packed key, or from the split key and best_tie[c]
 * (mst_weight). false: the tie pass never reached c (kNoTie), which only a refused device launch
 * does; the round's check reports it, mst_rounds. */
template <class W>
__device__ __forceinline__ bool mst_key_ends(const mst_state<W> &s, int32_t c,
                                             unsigned long long k, int32_t *lo, int32_t *hi) {
  if (s.id_bits > 0) {
    *lo = mst_packed_lo(k, s.id_bits);
    *hi = mst_packed_hi(k, s.id_bits);
    return true;
  }
  const typename mst_weight<W>::tie_t t = s.best_tie[c];
  if (t == mst_weight<W>::kNoTie) return false;
  mst_weight<W>::ends(k, t, lo, hi);
  return true;
}

template <class W>
__global__ void mst_init_kernel(mst_state<W> s, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) {
    s.comp[v] = (int32_t)v;
    s.live[v] = -1;
    s.best[v] = kNone;
    s.best_tie[v] = mst_weight<W>::kNoTie;
  });
}

/* The component root c links to across its chosen edge k (ends lo, hi), or -1: none chosen, or
 * c is the smaller of a mutual pair. first: level 0, where every vertex is its own component. */
template <class W>
__device__ __forceinline__ int32_t mst_hook_target(const mst_state<W> &s, int32_t c, bool first,
                                                   unsigned long long k, int32_t *lo,
                                                   int32_t *hi) {
  if (k == kNone) return -1; /* a packed key is never kNone: its two ends differ */
  if (!mst_key_ends(s, c, k, lo, hi)) return -1; /* split key without its tie */
  const int32_t clo = first ? *lo : s.comp[*lo], chi = first ? *hi : s.comp[*hi];
  const int32_t other = clo == c ? chi : clo;
  if (s.best[other] == k && (s.id_bits > 0 || s.best_tie[other] == s.best_tie[c]) && c < other)
    return -1;
  return other;
}

/* Each root c with an outgoing edge links to the component across it, unless c is the smaller
 * of a mutual pair; the linking side records the edge. Counts the roots with an edge that stay
 * roots, a tree of links each, in s.trees[level]. Reads only comp/best (not written here). */
template <class W>
__global__ void mst_hook_kernel(mst_state<W> s, mst_root_list roots, int32_t n, int32_t level) {
  const bool first = roots.list == nullptr; /* level 0 (mst_roots_of) */
  mst_block_steps(roots.size(), [&](int64_t i, bool active) {
    const int32_t c = active ? roots.at(i) : -1;
    const unsigned long long k = active ? s.best[c] : kNone;
    int32_t lo = 0, hi = 0;
    const int32_t other = active ? mst_hook_target(s, c, first, k, &lo, &hi) : -1;
    if (active) s.link[c] = other >= 0 ? other : c;
    const int trees = __syncthreads_count(k != kNone && other < 0);
    if (threadIdx.x == 0 && trees) atomicAdd(&s.trees[level], trees);
    const int32_t at = mst_block_append(s.picked_count, other >= 0);
    if (at < 0 || at >= n) return; /* >= n: impossible (a forest has < n edges); the count
                                    * check reports it */
    if (s.id_bits > 0) { /* the key is the edge */
      s.picked_ends[at] = k;
      if (s.lo_count) s.picked_rank[at] = (uint32_t)atomicAdd(&s.lo_count[lo], 1); /* its rank */
      return;
    }
    s.picked_ends[at] = (unsigned long long)lo << 32 | (uint32_t)hi;
    s.picked_key[at] = mst_weight<W>::weight_key(k);
  });
}

/* Whether the round at `level` picked no edge (the hook's count against the round before's): no
 * component had an edge leaving it, so no link moved, every root stays and every minimum is
 * still unset. The last round of a phase and the rounds run past it (mst_rounds) are such. */
template <class W>
__device__ __forceinline__ bool mst_round_idle(const mst_state<W> &s, int32_t level) {
  return level > 0 && *s.picked_count == s.picked_after[level - 1];
}

/* Whether the round at `level` (not idle) was its phase's last with an edge to pick: its links
 * made at most one tree. The components with an outgoing edge link along their minimum edges to
 * one another (the graph is symmetric), in trees each of whose roots is the smaller of a mutual
 * pair; when they all join one tree, no edge leaves it, since an edge from it to another
 * component would have left that component too. Then the next round would only scan its list to
 * find nothing (on RMAT the last pieces of the largest component, with all their rows). */
template <class W>
__device__ __forceinline__ bool mst_last_round(const mst_state<W> &s, int32_t level) {
  return s.trees[level] <= 1;
}

/* Pointer jumping over the roots' links to their trees' roots, in one launch: each root walks
 * up from its link and publishes every step in its own link, so a walk that reaches a link
 * another walk has already moved up goes on from there (walks shorten each other, and no launch
 * count has to come from the host). Links only ever move to ancestors, and a tree's root links
 * to itself, so every walk ends at its root. The hook's links are a forest unless the round's
 * minima were wrong (dropped work, which the host's next look reports): `limit` (the number of
 * roots) bounds a walk round a cycle. An idle round (mst_round_idle) has nothing to walk. */
template <class W>
__global__ void mst_jump_kernel(mst_state<W> s, mst_root_list roots, int32_t level, int32_t limit) {
  if (mst_round_idle(s, level)) return;
  mst_for_each_root(roots, [&](int32_t i) {
    int32_t x = s.link[i];
    for (int32_t step = 0; step < limit; ++step) {
      const int32_t up = gn_load_now(&s.link[x]);
      if (up == x) break;
      x = up;
      *(volatile int32_t *)&s.link[i] = x;
    }
  });
}

/* Every vertex takes its component's new root; a root that did not link (its link is itself)
 * goes on the next round's list of roots, its minima reset. A linked root's minima are never
 * read again: the passes and the hook read best[] at roots only. Records the round's picked
 * count (final since the hook) at picked_after[level]. After a phase's last round with an edge
 * to pick (mst_last_round), empties the next round's work list (*next_work: the vertices this
 * round's min pass pushed), so that round finds nothing without scanning. */
template <class W>
__global__ void mst_relabel_kernel(mst_state<W> s, int32_t n, int32_t level, mst_root_list roots,
                                   int32_t *next, int32_t *next_count, int32_t *next_work) {
  const bool idle = mst_round_idle(s, level);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    s.picked_after[level] = *s.picked_count;
    if (!idle && mst_last_round(s, level)) *next_work = 0;
  }
  if (idle) { /* the roots go on as they are (level > 0: a list) */
    const int32_t count = *roots.count;
    gn_for_each_index(count, [&](int64_t i) { next[i] = roots.list[i]; });
    if (blockIdx.x == 0 && threadIdx.x == 0) *next_count = count;
    return;
  }
  mst_block_steps(n, [&](int64_t v, bool active) {
    const int32_t c = active ? s.comp[v] : 0, root = active ? s.link[c] : 0;
    const bool stays = active && c == v && root == c;
    if (stays) {
      s.best[c] = kNone;
      s.best_tie[c] = mst_weight<W>::kNoTie;
    }
    if (root != c) s.comp[v] = root;
    const int32_t at = mst_block_append(next_count, stays);
    if (stays) next[at] = c;
  });
}

/* The sorted edges into the output arrays: from packed keys (id_bits > 0) or from their ends
 * and weight keys. */
template <class W>
__global__ void mst_unpack_kernel(const unsigned long long *ends,
                                  const typename mst_weight<W>::key_t *keys, int32_t id_bits,
                                  int32_t count, int32_t *u, int32_t *v, double *w) {
  gn_for_each_index(count, [&](int64_t i) {
    if (id_bits > 0) {
      u[i] = mst_packed_lo(ends[i], id_bits);
      v[i] = mst_packed_hi(ends[i], id_bits);
      w[i] = mst_packed_weight(ends[i], id_bits);
      return;
    }
    u[i] = (int32_t)(ends[i] >> 32);
    v[i] = (int32_t)(ends[i] & 0xffffffffu);
    w[i] = mst_weight<W>::weight(keys[i]);
  });
}

/* The host's look after the round at `level`: waits for this phase's rounds so far (from
 * first_level), checks them, and says whether one of them picked nothing: then the phase's forest
 * is complete (a round picks nothing only when no component has an edge leaving it, and so does
 * every later round, which leaves the state as it found it). start: the forest's edge count
 * before the phase; *picked: after its last round so far; *used: the rounds up to and including
 * the first that picked nothing (0 while none did). */
template <class W>
static gnest_status mst_look(gn_engine &e, const mst_state<W> &s, int32_t n, int32_t first_level,
                             int32_t level, int32_t start, int32_t *picked, int32_t *used) {
  int32_t after[kMaxRounds];
  const int32_t rounds = level - first_level + 1;
  GN_TRY(gn_to_host(e.ctx, after, s.picked_after + first_level, sizeof(int32_t) * rounds));
  GN_TRY(gn_engine_check(&e)); /* picks made from dropped work: the call fails here */
  *used = 0;
  int32_t before = start;
  for (int32_t r = 0; r < rounds && *used == 0; ++r) {
    if (after[r] < before || after[r] >= (n > 0 ? n : 1))
      return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0, "Borůvka picked %d edges for %d "
                      "vertices", after[r], n);
    if (after[r] == before) *used = r + 1;
    before = after[r];
  }
  *picked = before;
  return GNEST_OK;
}

/* Borůvka rounds over `arcs` from the work list `first` (every vertex, or the list a filter pass
 * pushed into lists[0] with its count in counts[0]), until no component has an outgoing edge;
 * counts[0 .. kMaxRounds + 1] are this phase's list counts (zero). The rounds run on the device
 * without the host (no count comes back between them); the host looks every kCheckRounds rounds
 * (mst_look), so up to kCheckRounds - 1 rounds run past the end, finding nothing to do. *level
 * numbers the rounds run across phases (the live stamps compare them); gnest_info.iterations
 * counts the rounds that mattered; *picked counts the forest's edges so far. */
template <class W>
static gnest_status mst_rounds(gn_engine &e, int32_t n, const mst_arcs<W> &arcs, const mst_state<W> &s,
                               gn_items first, int32_t *lists[2], int32_t *counts, int32_t *level,
                               int32_t *picked) {
  const int grid = gn_grid_for(n, e.block);
  int root_grid = 0; /* the root kernels' grid-stride loops: the device's resident CTAs */
  GN_TRY(gn_resident_grid(e, mst_jump_kernel<W>, n, &root_grid));
  const mst_min_visitor<W> find_min = {arcs, s.best, s.live};
  const mst_tie_visitor<W> break_tie = {arcs, s.best, s.best_tie};
  const int32_t first_level = *level, start = *picked;
  for (int32_t round = 0; round < kMaxRounds; ++round) {
    const int32_t l = (*level)++;
    int32_t *next = lists[(round + 1) & 1], *next_count = &counts[round + 1];
    /* level 0 pushes nothing (mst_min_visitor): the round after it takes every vertex */
    const gn_items in = round == 0 ? first
                        : l == 1  ? gn_all_items(n)
                                  : gn_items{lists[round & 1], n, &counts[round]};
    GN_TRY(gn_run_pass(e, find_min, in, l, next, next_count, n));
    const gn_items live = l == 0 ? in : gn_items{next, n, next_count};
    if (arcs.id_bits == 0) GN_TRY(gn_run_pass(e, break_tie, live, l, nullptr, nullptr, 0));
    const mst_root_list roots = mst_roots_of(s, l, n);
    GN_KERNEL(e, root_grid, e.block, mst_hook_kernel<W>, s, roots, n, l);
    GN_KERNEL(e, root_grid, e.block, mst_jump_kernel<W>, s, roots, l, n);
    /* the next round's roots (all of them when nothing linked: a next phase starts from them) */
    GN_KERNEL(e, grid, e.block, mst_relabel_kernel<W>, s, n, l, roots, s.roots[(l + 1) & 1],
              &s.root_counts[l + 1], next_count);
    if ((round + 1) % kCheckRounds != 0 && round + 1 < kMaxRounds) continue;
    int32_t used = 0;
    GN_TRY(mst_look(e, s, n, first_level, l, start, picked, &used));
    if (used == 0) continue;
    e.call->iterations += used;
    return GNEST_OK;
  }
  return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0, "Borůvka did not converge");
}

/* *hub = degree << 32 | v for a vertex v of largest degree (zeroed before): a warp's maximum,
 * one atomic per warp. */
__global__ void mst_hub_kernel(const int64_t *offsets, int32_t n, unsigned long long *hub) {
  unsigned long long most = 0;
  gn_for_each_index(n, [&](int64_t v) {
    const unsigned long long d = (unsigned long long)(offsets[v + 1] - offsets[v]);
    most = max(most, d << 32 | (uint32_t)v);
  });
  for (int off = 16; off > 0; off >>= 1) most = max(most, __shfl_down_sync(0xffffffffu, most, off));
  if ((threadIdx.x & 31) == 0 && most) atomicMax(hub, most);
}

/* bits[w] bit b: whether vertex 32 w + b is in the component of the vertex in *hub
 * (mst_hub_kernel), a warp a word. */
__global__ void mst_hub_bits_kernel(const int32_t *comp, int32_t n, const unsigned long long *hub,
                                    uint32_t *bits) {
  const int32_t root = comp[(uint32_t)(*hub & 0xffffffffu)];
  const int64_t words = ((int64_t)n + 31) / 32, lane = threadIdx.x & 31;
  for (int64_t w = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; w < words;
       w += ((int64_t)gridDim.x * blockDim.x) / 32) {
    const int64_t v = 32 * w + lane;
    const unsigned in = __ballot_sync(0xffffffffu, v < n && comp[v] == root);
    if (lane == 0) bits[w] = in;
  }
}

/* The bits of the component of a vertex of largest degree (mst_filter_visitor::hub_bits), after
 * the light phase: on RMAT scale 22 it holds 44 % of the vertices and both ends of 91 % of the
 * heavy arcs. */
template <class W>
static gnest_status mst_hub_bits(gn_engine &e, const gn_device_graph *dg, const mst_state<W> &s,
                                 uint32_t **bits) {
  unsigned long long *hub = nullptr;
  const size_t words = ((size_t)dg->n + 31) / 32;
  GN_TRY(e.scratch->alloc(&hub, 1, "MST hub vertex"));
  GN_TRY(e.scratch->alloc(bits, words, "MST hub component bits"));
  GN_TRY(gn_memset(e.ctx, hub, 0, sizeof *hub));
  int grid = 0;
  GN_TRY(gn_resident_grid(e, mst_hub_kernel, dg->n, &grid));
  GN_KERNEL(e, grid, e.block, mst_hub_kernel, dg->offsets, dg->n, hub);
  GN_KERNEL(e, grid, e.block, mst_hub_bits_kernel, s.comp, dg->n, hub, *bits);
  return GNEST_OK;
}

/* Copies each arc f keeps to the front of its row's slice of the working arrays (out of place:
 * the input is only read), arc-parallel (arcs.cuh). */
template <class W>
__global__ void __launch_bounds__(kArcBlock)
    mst_filter_kernel(mst_filter<W> f, int64_t m, int32_t n, gn_arc_chunks chunks,
                      unsigned long long *edges) {
  if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(edges, (unsigned long long)m);
  gn_for_each_chunk_arc(f.offsets, m, n, chunks, [&](int32_t u, int64_t e) {
    int32_t v = 0;
    W w = W(0);
    const bool keep = u >= 0 && f.keeps(u, e, &v, &w);
    const int32_t slot = gn_run_slot(u >= 0 ? &f.len[u] : nullptr, u, keep);
    if (slot < 0) return;
    const int64_t at = f.offsets[u] + slot;
    f.out_cols[at] = v;
    f.out_weights[at] = w;
  });
}

/* Whether row u kept an arc (mst_filtered_phase's select over the ids). */
struct mst_row_kept {
  const int32_t *len;
  __device__ bool operator()(int32_t u) const { return len[u] > 0; }
};

/* Copies into the working rows (len, cols, weights) the arcs of the input whose weight key lies
 * in [lo_key, hi_key] and whose ends lie in different components (mst_filter over the input's
 * chunks; hub_bits: see there), listing the rows that keep any in lists[0] (count counts[0]);
 * then runs the rounds on those rows. */
template <class W>
static gnest_status mst_filtered_phase(gn_engine &e, const gn_device_graph *dg, const W *weights,
                                       const gn_arc_chunks &chunks,
                                       const mst_state<W> &s, const uint32_t *hub_bits,
                                       uint32_t lo_key, uint32_t hi_key, int32_t *len,
                                       int32_t *work_cols, W *work_weights, int32_t *lists[2],
                                       int32_t *counts, int32_t *level, int32_t *picked) {
  const int32_t n = dg->n;
  GN_TRY(gn_memset(e.ctx, len, 0, sizeof(int32_t) * (size_t)n));
  const mst_filter<W> filter = {{dg->offsets, dg->cols}, weights,  s.comp,   hub_bits,
                                lo_key,                  hi_key,   len,      work_cols,
                                work_weights};
  if (chunks.count > 0) {
    int grid = 0;
    GN_TRY(gn_arc_grid(e, mst_filter_kernel<W>, chunks, &grid));
    GN_KERNEL(e, grid, kArcBlock, mst_filter_kernel<W>, filter, dg->m, n, chunks, e.edges);
  }
  const thrust::counting_iterator<int32_t> rows(0);
  GN_TRY(gn_cub(e, "MST filtered rows", [&](void *tmp, size_t &bytes) {
    return cub::DeviceSelect::If(tmp, bytes, rows, lists[0], &counts[0], n, mst_row_kept{len},
                                 e.stream);
  }));
  const mst_arcs<W> arcs = {{dg->offsets, work_cols}, work_weights, s.comp, len, s.id_bits};
  return mst_rounds(e, n, arcs, s, gn_items{lists[0], n, &counts[0]}, lists, counts, level, picked);
}

/* Sort by buckets: picked (packed) edge i goes to its min end's bucket, whose places start at
 * starts[min end], at its rank there (the hook's count before it, in ranks[i]). */
__global__ void mst_bucket_scatter_kernel(const unsigned long long *keys, const uint32_t *ranks,
                                          int32_t count, int32_t id_bits, const int32_t *starts,
                                          unsigned long long *grouped) {
  gn_for_each_index(count, [&](int64_t i) {
    grouped[starts[mst_packed_lo(keys[i], id_bits)] + (int32_t)ranks[i]] = keys[i];
  });
}

/* Each bucket in max-end order, a thread each (insertion sort: a bucket holds at most the
 * degree of its min end, kBucketDegree). */
__global__ void mst_bucket_order_kernel(const int32_t *starts, int32_t n, int32_t id_bits,
                                        unsigned long long *grouped) {
  gn_for_each_index(n, [&](int64_t lo) {
    const int32_t first = starts[lo], last = starts[lo + 1];
    for (int32_t i = first + 1; i < last; ++i) {
      const unsigned long long k = grouped[i];
      const int32_t hi = mst_packed_hi(k, id_bits);
      int32_t j = i;
      for (; j > first && mst_packed_hi(grouped[j - 1], id_bits) > hi; --j)
        grouped[j] = grouped[j - 1];
      grouped[j] = k;
    }
  });
}

/* The sort of packed keys when no vertex has more than kBucketDegree arcs (the road graphs):
 * the edges grouped by min end (a scan of the hook's counts gives each min end its places) and
 * each group ordered by max end is the order (min end, max end); a stable radix sort over the
 * weight bits alone then gives (weight, min end, max end): one digit pass on the suite's weights
 * (1..64), where the radix sort over the whole key takes 7 on USA-road-FLA. */
template <class W>
static gnest_status mst_sort_by_buckets(gn_engine &e, gn_scratch &scratch, mst_state<W> &s,
                                        int32_t count, int32_t n) {
  int32_t *starts = nullptr;
  unsigned long long *grouped = nullptr;
  GN_TRY(scratch.alloc(&starts, (size_t)n + 1, "MST edge buckets"));
  GN_TRY(scratch.alloc(&grouped, (size_t)count + 1, "MST edge sort buffer"));
  GN_TRY(gn_cub(e, "MST edge buckets", [&](void *tmp, size_t &bytes) {
    return cub::DeviceScan::ExclusiveSum(tmp, bytes, s.lo_count, starts, n + 1, e.stream);
  }));
  GN_KERNEL(e, gn_grid_for(count, e.block), e.block, mst_bucket_scatter_kernel, s.picked_ends,
            s.picked_rank, count, s.id_bits, starts, grouped);
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, mst_bucket_order_kernel, starts, n, s.id_bits,
            grouped);
  const int32_t id_part = 2 * s.id_bits;
  if (s.key_bits == id_part) { /* every weight 0: the order by ends is the order */
    s.picked_ends = grouped;
    return GNEST_OK;
  }
  return gn_cub(e, "MST edge sort by weight", [&](void *tmp, size_t &bytes) {
    return cub::DeviceRadixSort::SortKeys(tmp, bytes, grouped, s.picked_ends, count, id_part,
                                          s.key_bits, e.stream);
  });
}

/* Sorts the picked edges by (weight, min end, max end), into s.picked_ends (and s.picked_key).
 * Packed keys with the hook's bucket counts: mst_sort_by_buckets. Other packed keys: one
 * keys-only radix sort over the key's bits. Split keys: two stable radix sorts
 * of pairs, the first over the bits vertex ids can have (min end << 32 | max end, both < n:
 * 32 + bits(n - 1) bits), the second by weight key. */
template <class W>
static gnest_status mst_sort(gn_engine &e, gn_scratch &scratch, mst_state<W> &s, int32_t count,
                             int32_t n) {
  typedef typename mst_weight<W>::key_t key_t;
  unsigned long long *ends = nullptr;
  key_t *keys = nullptr;
  if (s.lo_count) return mst_sort_by_buckets(e, scratch, s, count, n);
  GN_TRY(scratch.alloc(&ends, (size_t)count + 1, "MST edge sort buffer"));
  if (s.id_bits > 0) {
    GN_TRY(gn_cub(e, "MST edge sort by key", [&](void *tmp, size_t &bytes) {
      return cub::DeviceRadixSort::SortKeys(tmp, bytes, s.picked_ends, ends, count, 0, s.key_bits,
                                            e.stream);
    }));
    s.picked_ends = ends;
    return GNEST_OK;
  }
  const int id_bits = mst_id_bits(n);
  GN_TRY(scratch.alloc(&keys, (size_t)count + 1, "MST edge sort buffer"));
  GN_TRY(gn_cub(e, "MST edge sort by ends", [&](void *tmp, size_t &bytes) {
    return cub::DeviceRadixSort::SortPairs(tmp, bytes, s.picked_ends, ends, s.picked_key, keys,
                                           count, 0, 32 + id_bits, e.stream);
  }));
  return gn_cub(e, "MST edge sort by weight", [&](void *tmp, size_t &bytes) {
    return cub::DeviceRadixSort::SortPairs(tmp, bytes, keys, s.picked_key, ends, s.picked_ends,
                                           count, 0, 8 * (int)sizeof(key_t), e.stream);
  });
}

/* Copies the sorted forest to the caller's arrays (each optional) and sums its weights on the
 * host in that order. */
static gnest_status mst_copy_out(gn_call *call, const int32_t *u, const int32_t *v, const double *w,
                                 int32_t count, double *total, int32_t *edge_u, int32_t *edge_v,
                                 double *edge_w) {
  gnest_ctx *ctx = call->ctx;
  if (edge_u) GN_TRY(gn_to_host(ctx, edge_u, u, sizeof(int32_t) * (size_t)count));
  if (edge_v) GN_TRY(gn_to_host(ctx, edge_v, v, sizeof(int32_t) * (size_t)count));
  gnest_status st = GNEST_OK;
  double *weights = edge_w ? edge_w : (double *)gn_alloc(ctx, count > 0 ? (size_t)count : 1,
                                                         sizeof(double), "MST weights", &st);
  if (!weights) return st;
  st = gn_to_host(ctx, weights, w, sizeof(double) * (size_t)count);
  double sum = 0.0;
  for (int32_t i = 0; i < count; ++i) sum += weights[i];
  *total = sum;
  if (weights != edge_w) free(weights);
  return st;
}

/* g: the input (its host CSR decides the split); dg: its copy for the device; weights: its
 * weights there (NULL: unweighted). */
template <class W>
static gnest_status mst_run(gn_engine &e, const gnest_graph *g, const gn_device_graph *dg,
                            const W *weights, double *total, int64_t *num_edges, int32_t *edge_u,
                            int32_t *edge_v, double *edge_w) {
  gn_call *call = e.call;
  gnest_ctx *ctx = e.ctx;
  gn_scratch &scratch = *e.scratch;
  const int32_t n = dg->n;
  const size_t slots = (size_t)n + 1;
  mst_state<W> s;
  int32_t *lists[2] = {nullptr, nullptr}, *list_counts = nullptr, *u = nullptr, *v = nullptr;
  double *w = nullptr;
  GN_TRY(scratch.alloc(&s.comp, slots, "MST components"));
  GN_TRY(scratch.alloc(&s.link, slots, "MST links"));
  GN_TRY(scratch.alloc(&s.best_tie, slots, "MST minimum ends"));
  GN_TRY(scratch.alloc(&s.live, slots, "MST live stamps"));
  GN_TRY(scratch.alloc(&s.picked_count, 1, "MST edge count"));
  GN_TRY(scratch.alloc(&s.best, slots, "MST minimum keys"));
  GN_TRY(scratch.alloc(&s.picked_ends, slots, "MST edges"));
  GN_TRY(scratch.alloc(&s.picked_key, slots, "MST edge weights"));
  s.picked_rank = reinterpret_cast<uint32_t *>(s.picked_key);
  GN_TRY(scratch.alloc(&s.roots[0], slots, "MST component roots"));
  GN_TRY(scratch.alloc(&s.roots[1], slots, "MST component roots"));
  const size_t root_rounds = 2 * (size_t)kMaxRounds + 2; /* two phases */
  GN_TRY(scratch.alloc(&s.root_counts, root_rounds, "MST root counts"));
  GN_TRY(scratch.alloc(&s.picked_after, root_rounds, "MST picked counts"));
  GN_TRY(scratch.alloc(&s.trees, root_rounds, "MST trees per round"));
  GN_TRY(scratch.alloc(&lists[0], slots, "MST vertex list"));
  GN_TRY(scratch.alloc(&lists[1], slots, "MST vertex list"));
  const size_t phase_counts = (size_t)kMaxRounds + 2;
  GN_TRY(scratch.alloc(&list_counts, 2 * phase_counts, "MST vertex list counts"));
  GN_TRY(scratch.alloc(&u, slots, "MST edge ends"));
  GN_TRY(scratch.alloc(&v, slots, "MST edge ends"));
  GN_TRY(scratch.alloc(&w, slots, "MST edge weights"));
  uint32_t light_max = 0;
  const bool split = weights && gn_mst_light_split(g->csr.weights, dg->m, n, &light_max);
  int32_t *len = nullptr, *work_cols = nullptr;
  W *work_weights = nullptr;
  if (split) { /* the working rows: each row's kept arcs at the front of its own slice */
    const size_t arcs = dg->m > 0 ? (size_t)dg->m : 1;
    GN_TRY(scratch.alloc(&len, slots, "MST working row lengths"));
    GN_TRY(scratch.alloc(&work_cols, arcs, "MST working columns"));
    GN_TRY(scratch.alloc(&work_weights, arcs, "MST working weights"));
  }

  GN_TRY(gn_timer_start(ctx));
  GN_TRY(gn_memset(ctx, s.picked_count, 0, sizeof(int32_t)));
  GN_TRY(gn_memset(ctx, list_counts, 0, sizeof(int32_t) * 2 * phase_counts));
  GN_TRY(gn_memset(ctx, s.root_counts, 0, sizeof(int32_t) * root_rounds));
  GN_TRY(gn_memset(ctx, s.trees, 0, sizeof(int32_t) * root_rounds));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, mst_init_kernel<W>, s, n);
  GN_TRY(mst_key_layout(e, dg, weights, &s));
  s.lo_count = nullptr;
  if (s.id_bits > 0) {
    gnest_degree_stats stats; /* cached on the graph after the first call */
    GN_TRY(gnest_graph_stats(ctx, g, &stats));
    if (stats.max <= kBucketDegree) {
      GN_TRY(scratch.alloc(&s.lo_count, slots, "MST edge bucket counts"));
      GN_TRY(gn_memset(ctx, s.lo_count, 0, sizeof(int32_t) * slots));
    }
  }
  int32_t picked = 0, level = 0;
  if (!split) {
    const mst_arcs<W> arcs = {{dg->offsets, dg->cols}, weights, s.comp, nullptr, s.id_bits};
    GN_TRY(mst_rounds(e, n, arcs, s, gn_all_items(n), lists, list_counts, &level, &picked));
  } else { /* light arcs first, then the heavy arcs the light forest left between components */
    gn_arc_chunks chunks;
    GN_TRY(gn_arc_chunks_of(e, dg, &chunks));
    GN_TRY(mst_filtered_phase(e, dg, weights, chunks, s, nullptr, 0u, light_max, len, work_cols,
                              work_weights, lists, list_counts, &level, &picked));
    uint32_t *hub_bits = nullptr;
    GN_TRY(mst_hub_bits(e, dg, s, &hub_bits));
    GN_TRY(mst_filtered_phase(e, dg, weights, chunks, s, hub_bits, light_max + 1u, 0xffffffffu,
                              len, work_cols, work_weights, lists, list_counts + phase_counts,
                              &level, &picked));
  }
  GN_TRY(mst_sort(e, scratch, s, picked, n));
  GN_KERNEL(e, gn_grid_for(picked, e.block), e.block, mst_unpack_kernel<W>, s.picked_ends,
            s.picked_key, s.id_bits, picked, u, v, w);
  GN_TRY(gn_engine_close(&e));
  *num_edges = picked;
  return mst_copy_out(call, u, v, w, picked, total, edge_u, edge_v, edge_w);
}

static gnest_status mst_on_device(gn_engine &e, const gnest_graph *g, const gn_device_graph *dg,
                                  double *total, int64_t *num_edges, int32_t *edge_u,
                                  int32_t *edge_v, double *edge_w) {
  gn_weights_view w;
  GN_TRY(gn_call_weights(e, g, &w));
  if (w.f64) return mst_run<double>(e, g, dg, w.f64, total, num_edges, edge_u, edge_v, edge_w);
  return mst_run<float>(e, g, dg, w.f32, total, num_edges, edge_u, edge_v, edge_w);
}

static gnest_status mst_on_host(gn_call *call, const gnest_graph *g, double *total,
                                int64_t *num_edges, int32_t *edge_u, int32_t *edge_v,
                                double *edge_w, gn_cpu_counts *c) {
  gn_csr view;
  double *rounded = nullptr;
  GN_TRY(gn_cpu_weights(call, g, &view, &rounded));
  const gnest_status st = gn_cpu_mst(&view, total, num_edges, edge_u, edge_v, edge_w, c);
  free(rounded);
  return st;
}

/* A total of finite weights that overflowed to +inf: GNEST_ERR_OVERFLOW. */
static gnest_status mst_check_total(gn_call *call, double total, int64_t num_edges) {
  if (!isinf(total)) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_OVERFLOW, call->fn, 0,
                  "the spanning forest's %lld edges weigh %s in total: beyond the range of double",
                  (long long)num_edges, total > 0 ? "+inf" : "-inf");
}

gnest_status gnest_mst(gnest_ctx *ctx, const gnest_graph *g, double *total_weight,
                       int64_t *num_edges, int32_t *edge_u, int32_t *edge_v, double *edge_w,
                       const gnest_options *opts, gnest_info *info) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, GNEST_ALGO_MST, "gnest_mst", g, NULL, opts, info), g,
      [&] {
        GN_TRY(gn_need_output(&call, total_weight, "total_weight"));
        GN_TRY(gn_need_output(&call, num_edges, "num_edges"));
        return gn_need_undirected(&call, g, "a minimum spanning forest");
      },
      [&](gn_cpu_counts *c) {
        GN_TRY(mst_on_host(&call, g, total_weight, num_edges, edge_u, edge_v, edge_w, c));
        return mst_check_total(&call, *total_weight, *num_edges);
      },
      [&](gn_engine &e, const gn_device_graph *dg) {
        *total_weight = 0.0;
        *num_edges = 0;
        if (g->csr.n > 0)
          GN_TRY(mst_on_device(e, g, dg, total_weight, num_edges, edge_u, edge_v, edge_w));
        return mst_check_total(&call, *total_weight, *num_edges);
      });
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_mst(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                        const gnest_options *opts, gnest_info *info) {
  return gnest_mst(ctx, in->graph, &out->total_weight, &out->num_edges, out->edge_u, out->edge_v,
                   out->edge_weight, opts, info);
}
