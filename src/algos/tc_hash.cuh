/* tc_method=hash (driver: tc.cu): the triangles of the degree-oriented graph counted by the
 * algorithm's own kernel, with one vertex's oriented list at a time in an on-chip hash table.
 * Included by tc.cu only.
 *
 * The idea is TRUST's (Pandey et al., TPDS 2021, sections 4-5): a triangle u < v < w (in the
 * orientation's rank) is an element w of N+(u) ∩ N+(v). So a vertex x's list N+(x) goes into a
 * hash table in shared memory and the elements of its partners' lists probe it: consecutive lanes
 * read consecutive elements of the lists (coalesced), and a probe costs a shared-memory read or
 * two, not a binary search's chain of dependent device-memory reads. Each triangle is found once,
 * from one of two sides, whichever makes fewer probes on the graph (tc.cu, tc_side_work):
 *   - from its lowest corner: x = u, partners N+(u) (each v probes u's table with N+(v)):
 *     sum over arcs u -> v of |N+(v)| probes (TRUST's side);
 *   - from its middle corner: x = v, partners N-(v), the lower-ranked neighbours (each u probes
 *     v's table with N+(u)): sum over vertices of |N+(u)|^2 probes. On RMAT graphs the hubs'
 *     lists are the long ones and they are middle corners far more often than lowest, so this
 *     side makes fewer probes: 84 G against 184 G at RMAT scale 24; a web graph (cnr-2000:
 *     61 M against 25 M) goes the other way.
 * Three sizes of x's table and partner row, three ways:
 *   - both at most kTcThreadMax: one thread, with x's list in registers (tc_corner_in_thread),
 *     since a warp's table would cost more to fill than the few lookups it saves (most vertices of
 *     sparse graphs);
 *   - a list of at most kTcWarpMax and a row of at most kTcChunk: a warp, in its own table;
 *   - longer: a block, in the block's table (the warps' tables together), kTcChunk arcs of the
 *     row at a time, each chunk a work item of its own: from the middle corner a hub's row holds
 *     as much work as the whole count of a smaller graph (4.6 M probes for several vertices of
 *     RMAT scale 20, against 2.5 G in all), which one block would finish last. A list longer than
 *     kTcBlockMax (the orientation bounds a list by sqrt(2m)) is not hashed: its probes
 *     binary-search it in device memory (sorted by tc_orient).
 * The counts are exact whatever the order of the work.
 *
 * Counts per vertex (when the caller asks: the kernel's kPer instance) credit a triangle's three
 * corners without an atomic per triangle: x's is the group's count (tc_credit), each partner's its
 * hits summed in a shared counter per lane of the warp (one atomic per partner with hits), and
 * w's, w being in x's list, a counter beside w's slot in x's table (in registers for a thread's
 * list), flushed once per x (one atomic per w with hits). An atomic on w per triangle made
 * counting per vertex about 12x the total's on cnr-2000 (H200): the top corners of most triangles
 * are a few hubs (the orientation ranks by degree), whose counters every warp hit. Even one
 * atomic per (x, w) leaves each of cnr-2000's top 20 counters about 36,000 atomics, so the blocks
 * credit copies of the counts (tc_hash_args.copies, summed after the kernel by tc_sum_copies)
 * when the graph is small enough for them (tc.cu, tc_copies, has the measured gain). */
#ifndef GNEST_ALGOS_TC_HASH_CUH
#define GNEST_ALGOS_TC_HASH_CUH

#include "algos/tc.cuh"

/* kTcHashBlock threads a block, each warp with kTcWarpSlots table slots; a warp hashes lists of
 * at most kTcWarpMax (load <= 1/4: a miss reads 1.4 slots on average), the block those of at most
 * kTcBlockMax in all its slots (load <= 1/2). A partner row longer than kTcChunk (a hub's, from the
 * middle corner) goes to blocks whatever x's list, in chunks of kTcChunk arcs: an arc a thread.
 * Each lane of a warp has kTcUnroll elements of the partners' lists in flight at a time. */
enum : int32_t {
  kTcHashBlock = 256,
  kTcThreadMax = 8,
  kTcStreamMax = 64,
  kTcWarpSlots = 512,
  kTcBlockSlots = kTcWarpSlots * (kTcHashBlock / 32),
  kTcWarpMax = kTcWarpSlots / 4,
  kTcBlockMax = kTcBlockSlots / 2,
  kTcChunk = kTcHashBlock,
  kTcUnroll = 4,
  kTcEmpty = -1
};

/* The work classes of a vertex x (tc_class). */
enum tc_class_id : int { kTcNone, kTcByThread, kTcByWarp, kTcByBlock };

/* The partners of x: the vertices whose oriented lists probe x's table. From the lowest corner,
 * the oriented CSR's row of x (kept NULL: every arc); from the middle, the symmetric CSR's row,
 * of which only the arcs tc_orient dropped (kept[e] == 0: the neighbour ranks below x), self
 * loops excepted. least: the shortest list of x that can close a triangle (2 from the lowest
 * corner, whose two successors are the other corners; 1 from the middle). */
struct tc_partners {
  const int64_t *offsets;
  const int32_t *cols;
  const uint8_t *kept;
  int32_t least;
  __device__ bool holds(int64_t e, int32_t x, int32_t y) const {
    return !kept || (!kept[e] && y != x);
  }
};

struct tc_hash_args {
  triangle_visitor tri;       /* the oriented CSR (tc_orient: each list sorted), the counts per
                                 vertex the count ran from (summed by tc.cu) and per vertex (when
                                 asked) */
  tc_partners side[2];        /* [0]: from the lowest corner, [1]: from the middle */
  const unsigned long long *work; /* [2]: each side's probes (tc_side_work); the fewer wins */
  const int32_t *lists[2];    /* [0]: the vertices blocks take, [1]: those a warp takes (both in
                                 id order: tc.cu's selects) */
  const int32_t *counts;      /* [2]: their lengths */
  const unsigned *chunk_end;  /* [counts[0]]: the chunks of lists[0]'s first i + 1 vertices */
  unsigned int *next;         /* [2]: the next chunk of lists[0], the next vertex of lists[1] */
  unsigned long long *arcs;   /* oriented arcs whose intersection was counted (edges visited) */
  int32_t n;
  int32_t copies;             /* counts per vertex: tri.per_vertex holds this many copies of n
                                 counts, a block crediting copy blockIdx % copies */
};

/* The copy of the counts per vertex this block credits (tc_hash_args.copies). */
__device__ __forceinline__ unsigned long long *tc_per_vertex(const tc_hash_args &a) {
  return a.tri.per_vertex + (int64_t)(blockIdx.x % (unsigned)a.copies) * a.n;
}

/* The side a call counts from: the one with fewer probes (work, from tc_side_work). */
__device__ __forceinline__ const tc_partners &tc_side(const tc_partners (&side)[2],
                                                      const unsigned long long *work) {
  return work[1] < work[0] ? side[1] : side[0];
}

/* Who takes vertex x: its oriented list and its partner row, by length. */
__device__ __forceinline__ int tc_class(const int64_t *ooffsets, const tc_partners &p, int32_t x) {
  const int64_t t = ooffsets[x + 1] - ooffsets[x], r = p.offsets[x + 1] - p.offsets[x];
  if (t < p.least || r == 0) return kTcNone;
  if (t > kTcWarpMax || r > kTcChunk) return kTcByBlock;
  if (t <= kTcThreadMax && r <= kTcThreadMax) return kTcByThread;
  return kTcByWarp;
}

/* A table of mask + 1 (a power of two, >= 64) slots; the multiplicative hash's top bits. hits:
 * a counter per slot (counts per vertex), else NULL. */
struct tc_table {
  int32_t *slot;
  unsigned *hits;
  uint32_t mask;
  int shift;
  __device__ uint32_t home(int32_t x) const { return ((uint32_t)x * 0x9E3779B1u) >> shift; }
  __device__ void insert(int32_t x) const { /* x is not in the table yet (lists are sets) */
    for (uint32_t s = home(x); atomicCAS(&slot[s], kTcEmpty, x) != kTcEmpty; s = (s + 1) & mask) {
    }
  }
  __device__ bool holds(int32_t x) const {
    for (uint32_t s = home(x);; s = (s + 1) & mask) {
      const int32_t y = slot[s];
      if (y == x) return true;
      if (y == kTcEmpty) return false;
    }
  }
  __device__ int32_t find(int32_t x) const { /* x's slot, or -1 */
    for (uint32_t s = home(x);; s = (s + 1) & mask) {
      const int32_t y = slot[s];
      if (y == x) return (int32_t)s;
      if (y == kTcEmpty) return -1;
    }
  }
};

/* Whether the sorted list a[0 .. n) holds x (lists too long to hash). */
__device__ inline bool tc_sorted_holds(const int32_t *a, int64_t n, int32_t x) {
  const int64_t at = tc_lower_bound(a, 0, n, x);
  return at < n && a[at] == x;
}

template <bool kBlock>
__device__ __forceinline__ void tc_group_sync() {
  if (kBlock) __syncthreads(); else __syncwarp();
}

/* Fills t (memory `slots`, and `hits` zeroed when kPer; at most `most` slots) with the list
 * a[0 .. d): at least 64 slots and 4 per element, within `most`. Called by every thread of the
 * group (rank of size). */
template <bool kBlock, bool kPer>
__device__ tc_table tc_fill(int32_t *slots, unsigned *hits, int32_t most, const int32_t *a,
                            int32_t d, int rank, int size) {
  int bits = 6;
  while ((1 << bits) < 4 * d && (1 << bits) < most) ++bits;
  const tc_table t = {slots, hits, (1u << bits) - 1u, 32 - bits};
  for (int k = rank; k <= (int)t.mask; k += size) {
    slots[k] = kTcEmpty;
    if (kPer) hits[k] = 0;
  }
  tc_group_sync<kBlock>();
  for (int k = rank; k < d; k += size) t.insert(a[k]);
  tc_group_sync<kBlock>();
  return t;
}

/* Whether w closes a triangle at x (x's list cols[b .. b + d), in t when hashed). kPer: credits
 * w, on its slot's counter (a list too long to hash: on w's own). */
template <bool kPer>
__device__ __forceinline__ unsigned tc_probe(const tc_hash_args &a, const tc_table &t, bool hashed,
                                             int64_t b, int32_t d, int32_t w) {
  if (!kPer) return (hashed ? t.holds(w) : tc_sorted_holds(a.tri.cols + b, d, w)) ? 1u : 0u;
  if (hashed) {
    const int32_t s = t.find(w);
    if (s < 0) return 0;
    atomicAdd(&t.hits[s], 1u);
    return 1;
  }
  if (!tc_sorted_holds(a.tri.cols + b, d, w)) return 0;
  atomicAdd(&tc_per_vertex(a)[w], 1ull);
  return 1;
}

/* Probes x's table with the oriented lists of up to 32 partners, one a lane (the lane's list at
 * yb, yd long; yd = 0 for none). The lists' elements are taken as one run across the warp's lanes,
 * so that short lists still fill them, kTcUnroll elements a lane at a time, loaded before any is
 * probed. A lane finds the list of its element k by a binary search over the lists' ends (held by
 * the lanes: shuffles). Called by every lane of the warp; returns the lane's hits. kPer: each
 * partner's hits are counted in partner_hits[its lane]. */
template <bool kPer>
__device__ unsigned tc_probe_lists(const tc_hash_args &a, const tc_table &t, bool hashed,
                                   int64_t b, int32_t d, int64_t yb, int32_t yd,
                                   unsigned *partner_hits) {
  const unsigned all = 0xffffffffu;
  const int lane = (int)(threadIdx.x & 31);
  int32_t end = yd; /* the inclusive scan of the lists' lengths */
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const int32_t below = __shfl_up_sync(all, end, o);
    if (lane >= o) end += below;
  }
  const int32_t total = __shfl_sync(all, end, 31), start = end - yd;
  unsigned found = 0;
  for (int32_t k0 = 0; k0 < total; k0 += 32 * kTcUnroll) {
    int32_t w[kTcUnroll], owner[kTcUnroll];
#pragma unroll
    for (int x = 0; x < kTcUnroll; ++x) {
      w[x] = kTcEmpty;
      owner[x] = 0;
      if (k0 + x * 32 >= total) continue; /* the same for every lane */
      const int32_t k = k0 + x * 32 + lane;
      int i = 0; /* the lists that end at or before k: k's list (31 at most) */
#pragma unroll
      for (int step = 16; step > 0; step >>= 1)
        if (__shfl_sync(all, end, i + step - 1) <= k) i += step;
      const int64_t at = __shfl_sync(all, yb, i) + (k - __shfl_sync(all, start, i));
      owner[x] = i;
      if (k < total) w[x] = a.tri.cols[at];
    }
#pragma unroll
    for (int x = 0; x < kTcUnroll; ++x) {
      if (w[x] == kTcEmpty) continue;
      const unsigned hit = tc_probe<kPer>(a, t, hashed, b, d, w[x]);
      found += hit;
      if (kPer && hit) atomicAdd(&partner_hits[owner[x]], 1u);
    }
  }
  return found;
}

/* The triangles found at x with the partners of the arcs [pb, pe) of its row (all of it, or a
 * chunk), by a group of threads (a warp, or the block when kBlock) whose table memory is `slots`
 * (kTcWarpSlots or kTcBlockSlots), and `hits` beside it when kPer; partner_hits: the warp's 32
 * counters (kPer). The group's warps take the arcs 32 at a time, a lane each, and probe with the
 * partners' lists (tc_probe_lists). Called by every thread of the group; returns the thread's
 * share of the count. */
template <bool kBlock, bool kPer>
__device__ unsigned long long tc_corner(const tc_hash_args &a, const tc_partners &p, int32_t x,
                                        int64_t pb, int64_t pe, int32_t *slots, unsigned *hits,
                                        unsigned *partner_hits) {
  const int rank = kBlock ? (int)threadIdx.x : (int)(threadIdx.x & 31);
  const int size = kBlock ? (int)blockDim.x : 32;
  const int lane = (int)(threadIdx.x & 31);
  const int64_t *offsets = a.tri.offsets;
  const int64_t b = offsets[x];
  const int32_t d = (int32_t)(offsets[x + 1] - b);
  const bool hashed = d <= kTcBlockMax;
  tc_table t = {slots, hits, 0, 0};
  if (hashed) t = tc_fill<kBlock, kPer>(slots, hits, kBlock ? kTcBlockSlots : kTcWarpSlots,
                                        a.tri.cols + b, d, rank, size);
  const int warp = rank >> 5, warps = size >> 5;
  unsigned long long found = 0;
  for (int64_t j0 = pb + warp * 32; j0 < pe; j0 += warps * 32) {
    const int64_t j = j0 + lane;
    int32_t y = -1, yd = 0;
    int64_t yb = 0;
    if (j < pe) {
      const int32_t c = p.cols[j];
      if (p.holds(j, x, c)) {
        y = c;
        yb = offsets[y];
        yd = (int32_t)(offsets[y + 1] - yb);
      }
    }
    if (kPer) {
      partner_hits[lane] = 0;
      __syncwarp();
    }
    found += tc_probe_lists<kPer>(a, t, hashed, b, d, yb, yd, partner_hits);
    if (kPer) {
      __syncwarp(); /* every lane's hits are counted */
      if (partner_hits[lane])
        atomicAdd(&tc_per_vertex(a)[y], (unsigned long long)partner_hits[lane]);
    }
  }
  tc_group_sync<kBlock>(); /* every probe of x's table is done */
  if (kPer && hashed) { /* the top corners' counters, one atomic per slot with hits */
    for (int k = rank; k <= (int)t.mask; k += size)
      if (t.hits[k]) atomicAdd(&tc_per_vertex(a)[t.slot[k]], (unsigned long long)t.hits[k]);
    tc_group_sync<kBlock>();
  }
  return found; /* the table is free for the next vertex */
}

/* tc_common for a thread's list held in registers (counts per vertex): also counts the hits of
 * each of its elements in `hits`. mine[0 .. d) is sorted, `list` (n, sorted) the longer. */
__device__ __forceinline__ unsigned tc_common_counted(const int32_t (&mine)[kTcThreadMax], int32_t d,
                                                      const int32_t *list, int64_t n,
                                                      unsigned (&hits)[kTcThreadMax]) {
  unsigned found = 0;
  int64_t lo = 0;
#pragma unroll
  for (int i = 0; i < kTcThreadMax; ++i) {
    if (i >= d || lo >= n) continue;
    const int32_t x = mine[i];
    lo = tc_lower_bound(list, lo, n, x);
    if (lo < n && list[lo] == x) {
      ++found;
      ++hits[i];
      ++lo;
    }
  }
  return found;
}

/* The triangles found at x whose list holds at most kTcThreadMax vertices and whose partner row
 * is as short, by one thread: the list in registers, and each partner's list of at most
 * kTcStreamMax read in order (its loads independent of one another, unlike a binary search's
 * chain) until it passes the list's largest id (the lists are sorted by id; the orientation's
 * rank is another order, so that is the only cut); a longer one is binary-searched for x's few
 * vertices (tc_common), which reads far less of it. On cnr-2000 (short lists) streaming cut the
 * count from 0.42 to 0.40 ms; streaming every list made rmat20 (lists up to 660) 14.9 to 17.0 ms
 * (H200). */
template <bool kPer>
__device__ __forceinline__ void tc_corner_in_thread(const tc_hash_args &a, const tc_partners &p,
                                                    int32_t x) {
  const int64_t *offsets = a.tri.offsets;
  const int32_t *cols = a.tri.cols;
  unsigned long long *per = kPer ? tc_per_vertex(a) : nullptr;
  const int64_t b = offsets[x];
  const int32_t d = (int32_t)(offsets[x + 1] - b);
  int32_t mine[kTcThreadMax];
#pragma unroll
  for (int i = 0; i < kTcThreadMax; ++i) mine[i] = i < d ? cols[b + i] : kTcEmpty;
  const int32_t last = cols[b + d - 1];
  unsigned top[kTcThreadMax] = {}; /* kPer: the triangles each of x's list closes as top corner */
  unsigned long long found = 0;
  const gn_step s = {};
  for (int64_t j = p.offsets[x]; j < p.offsets[x + 1]; ++j) {
    const int32_t y = p.cols[j];
    if (!p.holds(j, x, y)) continue;
    const int64_t yb = offsets[y], ye = offsets[y + 1];
    unsigned long long here = 0;
    if (ye - yb > kTcStreamMax) { /* a long list: x's few vertices binary-searched in it */
      here = kPer ? tc_common_counted(mine, d, cols + yb, ye - yb, top)
                  : tc_common(cols + b, d, cols + yb, ye - yb, nullptr, s);
    } else {
      for (int64_t k = yb; k < ye; ++k) {
        const int32_t w = cols[k];
        if (w > last) break;
        unsigned hit = 0;
#pragma unroll
        for (int i = 0; i < kTcThreadMax; ++i) {
          const unsigned same = w == mine[i];
          hit |= same;
          if (kPer) top[i] += same;
        }
        here += hit;
      }
    }
    if (kPer && here) atomicAdd(&per[y], here);
    found += here;
  }
  if (!found) return;
  atomicAdd(&a.tri.found[x], found);
  if (!kPer) return;
  atomicAdd(&per[x], found);
#pragma unroll
  for (int i = 0; i < kTcThreadMax; ++i)
    if (top[i]) atomicAdd(&per[mine[i]], (unsigned long long)top[i]);
}

/* Adds a group's count at x (each thread's share) to the count per vertex the count ran from
 * (and to x's own count when asked): one atomic per warp. */
__device__ __forceinline__ void tc_credit(const tc_hash_args &a, int32_t x,
                                          unsigned long long mine) {
  for (int off = 16; off > 0; off >>= 1) mine += __shfl_down_sync(0xffffffffu, mine, off);
  if ((threadIdx.x & 31) || !mine) return;
  atomicAdd(&a.tri.found[x], mine);
  if (a.tri.per_vertex) atomicAdd(&tc_per_vertex(a)[x], mine);
}

/* The next vertex a warp takes, or -1 when they are done. */
__device__ __forceinline__ int32_t tc_take_vertex(const tc_hash_args &a) {
  const unsigned k = atomicAdd(&a.next[1], 1u);
  return k < (unsigned)a.counts[1] ? a.lists[1][k] : -1;
}

/* A block's next chunk: its vertex (-1 when they are done) and its arcs [*from, *to) of p's row;
 * the chunk's vertex by binary search over chunk_end. */
__device__ __forceinline__ int32_t tc_take_chunk(const tc_hash_args &a, const tc_partners &p,
                                                 int64_t *from, int64_t *to) {
  const unsigned k = atomicAdd(&a.next[0], 1u);
  const int32_t c = a.counts[0];
  if (c == 0 || k >= a.chunk_end[c - 1]) return -1;
  int32_t lo = 0, hi = c - 1; /* the first i whose chunk_end passes k */
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo) / 2;
    if (a.chunk_end[mid] > k) hi = mid; else lo = mid + 1;
  }
  const int32_t x = a.lists[0][lo];
  const unsigned first = lo ? a.chunk_end[lo - 1] : 0u;
  const int64_t pe = p.offsets[x + 1];
  *from = p.offsets[x] + (int64_t)(k - first) * kTcChunk;
  *to = pe - *from < kTcChunk ? pe : *from + kTcChunk;
  return x;
}

/* The count, a persistent grid of kTcHashBlock-thread blocks, coarse work first so that the fine
 * work evens out the end: the blocks' chunks, a block each; the warp's vertices, a warp each (a
 * vertex at a time, so a run of heavy neighbours in the ids does not pile up on one warp); then
 * the thread's. The table memory is the block's in the first phase and split among its warps in the
 * second. kPer: counts per vertex too (a.tri.per_vertex), with a hit counter beside each slot. */
template <bool kPer>
__global__ void __launch_bounds__(kTcHashBlock, 5) tc_hash_kernel(tc_hash_args a) {
  __shared__ int32_t slots[kTcBlockSlots];
  __shared__ unsigned hits[kPer ? kTcBlockSlots : 1];
  __shared__ unsigned partner_hits[kPer ? kTcHashBlock : 1];
  __shared__ int32_t taken;
  __shared__ int64_t taken_from, taken_to;
  const int lane = (int)(threadIdx.x & 31);
  const tc_partners p = tc_side(a.side, a.work);
  unsigned *own_partner_hits = kPer ? partner_hits + (threadIdx.x & ~31u) : nullptr;
  for (;;) {
    if (threadIdx.x == 0) taken = tc_take_chunk(a, p, &taken_from, &taken_to);
    __syncthreads();
    const int32_t x = taken;
    const int64_t from = taken_from, to = taken_to;
    __syncthreads(); /* all have read it before thread 0 writes the next */
    if (x < 0) break;
    tc_credit(a, x, tc_corner<true, kPer>(a, p, x, from, to, slots, hits, own_partner_hits));
  }
  int32_t *own = slots + (threadIdx.x >> 5) * kTcWarpSlots;
  unsigned *own_hits = kPer ? hits + (threadIdx.x >> 5) * kTcWarpSlots : nullptr;
  for (;;) {
    int32_t x = 0;
    if (lane == 0) x = tc_take_vertex(a);
    x = __shfl_sync(0xffffffffu, x, 0);
    if (x < 0) break;
    tc_credit(a, x, tc_corner<false, kPer>(a, p, x, p.offsets[x], p.offsets[x + 1], own, own_hits,
                                           own_partner_hits));
  }
  unsigned long long arcs = 0;
  for (int64_t x = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; x < a.n;
       x += (int64_t)gridDim.x * blockDim.x) {
    arcs += (unsigned long long)(a.tri.offsets[x + 1] - a.tri.offsets[x]);
    if (tc_class(a.tri.offsets, p, (int32_t)x) == kTcByThread)
      tc_corner_in_thread<kPer>(a, p, (int32_t)x);
  }
  for (int off = 16; off > 0; off >>= 1) arcs += __shfl_down_sync(0xffffffffu, arcs, off);
  if (lane == 0 && arcs) atomicAdd(a.arcs, arcs);
}

/* per[v] = the sum of v's counts in the k copies (tc_hash_args.copies) of n counts. */
__global__ void tc_sum_copies(const unsigned long long *copies, int32_t k, int32_t n,
                              unsigned long long *per) {
  gn_for_each_index(n, [&](int64_t v) {
    unsigned long long sum = 0;
    for (int32_t r = 0; r < k; ++r) sum += copies[(int64_t)r * n + v];
    per[v] = sum;
  });
}

/* Each side's probes (tc_hash_args.work, zeroed before), from the oriented offsets and the
 * symmetric ones (|N-(x)| = deg(x) - |N+(x)|, self loops counted, which only shifts the choice):
 * from the lowest corner each arc u -> v probes with N+(v), the sum over x of |N-(x)| |N+(x)|;
 * from the middle each arc u -> v probes with N+(u), the sum over x of |N+(x)|^2. */
__global__ void tc_side_work(const int64_t *ooffsets, const int64_t *offsets, int32_t n,
                             unsigned long long *work) {
  unsigned long long lowest = 0, middle = 0;
  for (int64_t x = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; x < n;
       x += (int64_t)gridDim.x * blockDim.x) {
    const unsigned long long t = (unsigned long long)(ooffsets[x + 1] - ooffsets[x]);
    lowest += t * ((unsigned long long)(offsets[x + 1] - offsets[x]) - t);
    middle += t * t;
  }
  for (int off = 16; off > 0; off >>= 1) {
    lowest += __shfl_down_sync(0xffffffffu, lowest, off);
    middle += __shfl_down_sync(0xffffffffu, middle, off);
  }
  if ((threadIdx.x & 31) || (!lowest && !middle)) return;
  atomicAdd(&work[0], lowest);
  atomicAdd(&work[1], middle);
}

/* The chunks of the i-th vertex of the blocks' list (0 past its end), scanned into chunk_end
 * (tc.cu, cub::DeviceScan::InclusiveSum). */
struct tc_chunks_of {
  const int32_t *list;
  const int32_t *count;
  tc_partners side[2];
  const unsigned long long *work;
  __device__ unsigned operator()(int32_t i) const {
    if (i >= *count) return 0;
    const tc_partners &p = tc_side(side, work);
    const int32_t x = list[i];
    return (unsigned)((p.offsets[x + 1] - p.offsets[x] + kTcChunk - 1) / kTcChunk);
  }
};

/* Selects the vertices of one work class on the side the work picked (tc.cu,
 * cub::DeviceSelect::If). */
struct tc_class_is {
  const int64_t *ooffsets;
  tc_partners side[2];
  const unsigned long long *work;
  int wanted;
  __device__ bool operator()(int32_t x) const {
    return tc_class(ooffsets, tc_side(side, work), x) == wanted;
  }
};

#endif
