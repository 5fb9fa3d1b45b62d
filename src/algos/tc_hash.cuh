/* tc_method=hash (driver: tc.cu): the triangles of the degree-oriented graph counted by the
 * algorithm's own kernel, with each vertex's oriented list in an on-chip hash table. Included by
 * tc.cu only.
 *
 * The idea is TRUST's (Pandey et al., TPDS 2021, sections 4-5): a triangle u < v < w (in the
 * orientation's rank) is found once, at its lowest corner u, as an element w of N+(v) that is
 * also in N+(u), for each v in N+(u). So u's list goes into a hash table in shared memory, and the
 * elements of each N+(v) probe it: consecutive lanes read consecutive elements of the lists
 * (coalesced), and a probe costs a shared-memory read or two, not a binary search's chain of
 * dependent device-memory reads. Three sizes of u's list, three ways:
 *   - at most kTcThreadMax: one thread, with u's list in registers (tc_corner_in_thread), since a
 *     warp's table would cost more to fill than the few lookups it saves (most vertices of
 *     sparse graphs);
 *   - at most kTcWarpMax: a warp, in its own table;
 *   - longer: the whole block, in the block's table (the warps' tables together). A list longer
 *     than kTcBlockMax (none in the benchmark suite; the orientation bounds a list by sqrt(2m))
 *     is not hashed: its probes binary-search it in device memory (sorted by tc_orient).
 * The counts are exact whatever the order of the work.
 *
 * Counts per vertex (when the caller asks: the kernel's kPer instance) credit a triangle's three
 * corners without an atomic per triangle: u's is the group's count (tc_credit), v's the hits in
 * N+(v) summed over the warp (one atomic per (u, v) with hits), and w's, w being in u's list, a
 * counter beside w's slot in u's table (in shared memory; in registers for a thread's list),
 * flushed once per u (one atomic per (u, w) with hits). An atomic on w per triangle made counting
 * per vertex about 12x the total's on cnr-2000 (H200): the top corners of most triangles are a
 * few hubs (the orientation ranks by degree), whose counters every warp hit. */
#ifndef GNEST_ALGOS_TC_HASH_CUH
#define GNEST_ALGOS_TC_HASH_CUH

#include "algos/tc.cuh"

/* kTcHashBlock threads a block, each warp with kTcWarpSlots table slots; a warp hashes lists of
 * at most kTcWarpMax (load <= 1/4: a miss reads 1.4 slots on average), the block those of at most
 * kTcBlockMax in all its slots (load <= 1/2). */
enum : int32_t {
  kTcHashBlock = 256,
  kTcThreadMax = 8,
  kTcStreamMax = 64,
  kTcWarpSlots = 512,
  kTcBlockSlots = kTcWarpSlots * (kTcHashBlock / 32),
  kTcWarpMax = kTcWarpSlots / 4,
  kTcBlockMax = kTcBlockSlots / 2,
  kTcEmpty = -1
};

struct tc_hash_args {
  triangle_visitor tri;       /* the oriented CSR (tc_orient: each list sorted), the counts per
                                 lowest corner (summed by tc.cu) and per vertex (when asked) */
  const int32_t *lists[2];    /* [0]: the vertices whose list is longer than kTcWarpMax,
                                 [1]: those whose list is longer than kTcThreadMax, up to
                                 kTcWarpMax (both in id order: tc.cu's selects) */
  const int32_t *counts;      /* [2]: their lengths */
  unsigned int *next;         /* [2]: the next of each list to take */
  unsigned long long *arcs;   /* oriented arcs whose intersection was counted (edges visited) */
  int32_t n;
};

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

/* Whether element `at` of v's list, w, closes a triangle at corner u (list cols[b .. b + d), in t
 * when hashed). kPer: credits w, on its slot's counter (a list too long to hash: on w's own). */
template <bool kPer>
__device__ __forceinline__ unsigned tc_probe(const tc_hash_args &a, const tc_table &t, bool hashed,
                                             int64_t b, int32_t d, int64_t at) {
  const int32_t w = a.tri.cols[at];
  if (!kPer) return (hashed ? t.holds(w) : tc_sorted_holds(a.tri.cols + b, d, w)) ? 1u : 0u;
  if (hashed) {
    const int32_t s = t.find(w);
    if (s < 0) return 0;
    atomicAdd(&t.hits[s], 1u);
    return 1;
  }
  if (!tc_sorted_holds(a.tri.cols + b, d, w)) return 0;
  atomicAdd(&a.tri.per_vertex[w], 1ull);
  return 1;
}

/* Credits v with the warp's hits in N+(v) (counts per vertex): one atomic. */
__device__ __forceinline__ void tc_credit_middle(const tc_hash_args &a, int32_t v, unsigned hits) {
  hits = __reduce_add_sync(0xffffffffu, hits);
  if ((threadIdx.x & 31) == 0 && hits) atomicAdd(&a.tri.per_vertex[v], (unsigned long long)hits);
}

/* The triangles at lowest corner u (list longer than kTcThreadMax), by a group of threads (a
 * warp, or the block when kBlock) whose table memory is `slots` (kTcWarpSlots or kTcBlockSlots),
 * and `hits` beside it when kPer.
 * The group's warps take u's neighbours v 32 at a time: a warp's lanes load the 32 lists' places,
 * then read them four lists at a time as one run of elements (so that short lists still fill the
 * warp's lanes). Called by every thread of the group; returns the thread's share of the count. */
template <bool kBlock, bool kPer>
__device__ unsigned long long tc_corner(const tc_hash_args &a, int32_t u, int32_t *slots,
                                        unsigned *hits) {
  const int rank = kBlock ? (int)threadIdx.x : (int)(threadIdx.x & 31);
  const int size = kBlock ? (int)blockDim.x : 32;
  const int lane = (int)(threadIdx.x & 31);
  const int64_t *offsets = a.tri.offsets;
  const int32_t *cols = a.tri.cols;
  const int64_t b = offsets[u];
  const int32_t d = (int32_t)(offsets[u + 1] - b);
  const bool hashed = d <= kTcBlockMax;
  tc_table t = {slots, hits, 0, 0};
  if (hashed) t = tc_fill<kBlock, kPer>(slots, hits, kBlock ? kTcBlockSlots : kTcWarpSlots,
                                        cols + b, d, rank, size);
  const int warp = rank >> 5, warps = size >> 5;
  unsigned long long found = 0;
  for (int32_t j0 = warp * 32; j0 < d; j0 += warps * 32) {
    const int32_t got = d - j0 < 32 ? d - j0 : 32;
    int32_t v = 0, vd = 0;
    int64_t vb = 0;
    if (lane < got) {
      v = cols[b + j0 + lane];
      vb = offsets[v];
      vd = (int32_t)(offsets[v + 1] - vb);
    }
    for (int32_t q = 0; q < got; q += 4) { /* lists q .. q + 3 (those below got) */
      int64_t lb[4];
      int32_t end[4], lv[4];
      int32_t run = 0;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int src = (q + i) & 31;
        lb[i] = __shfl_sync(0xffffffffu, vb, src);
        lv[i] = __shfl_sync(0xffffffffu, v, src);
        run += q + i < got ? __shfl_sync(0xffffffffu, vd, src) : 0;
        end[i] = run;
      }
      if (run > 64) { /* long lists: one after another, all lanes on each */
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          unsigned mid = 0;
          for (int32_t k = (i ? end[i - 1] : 0) + lane; k < end[i]; k += 32)
            mid += tc_probe<kPer>(a, t, hashed, b, d, lb[i] + (k - (i ? end[i - 1] : 0)));
          found += mid;
          if (kPer) tc_credit_middle(a, lv[i], mid);
        }
        continue;
      }
      unsigned mid[4] = {0, 0, 0, 0};
      for (int32_t k = lane; k < run; k += 32) { /* element k of the run: list i, at k - end[i-1] */
        const int i = (k >= end[0]) + (k >= end[1]) + (k >= end[2]);
        const int32_t before = i == 0 ? 0 : i == 1 ? end[0] : i == 2 ? end[1] : end[2];
        const int64_t at = (i == 0 ? lb[0] : i == 1 ? lb[1] : i == 2 ? lb[2] : lb[3]) + (k - before);
        const unsigned hit = tc_probe<kPer>(a, t, hashed, b, d, at);
        found += hit;
        if (kPer) {
#pragma unroll
          for (int x = 0; x < 4; ++x) mid[x] += x == i ? hit : 0u;
        }
      }
      if (kPer) {
#pragma unroll
        for (int i = 0; i < 4; ++i) tc_credit_middle(a, lv[i], mid[i]);
      }
    }
  }
  tc_group_sync<kBlock>(); /* every probe of u's table is done */
  if (kPer && hashed) { /* the top corners' counters, one atomic per slot with hits */
    for (int k = rank; k <= (int)t.mask; k += size)
      if (t.hits[k]) atomicAdd(&a.tri.per_vertex[t.slot[k]], (unsigned long long)t.hits[k]);
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

/* The triangles at lowest corner u whose list cols[b .. e) holds 2 .. kTcThreadMax vertices, by
 * one thread: the list in registers, and each N+(v) of at most kTcStreamMax read in order (its
 * loads independent of one another, unlike a binary search's chain) until it passes the list's
 * largest id (the lists are sorted by id; the orientation's rank is another order, so that is the
 * only cut); a longer N+(v) is binary-searched for u's few vertices (tc_common), which reads far
 * less of it. On cnr-2000 (short lists) streaming cut the count from 0.42 to 0.40 ms; streaming
 * every list made rmat20 (lists up to 660) 14.9 to 17.0 ms (H200). */
template <bool kPer>
__device__ __forceinline__ void tc_corner_in_thread(const tc_hash_args &a, int32_t u, int64_t b,
                                                    int64_t e) {
  const int64_t *offsets = a.tri.offsets;
  const int32_t *cols = a.tri.cols;
  unsigned long long *per = a.tri.per_vertex;
  const int32_t d = (int32_t)(e - b);
  int32_t mine[kTcThreadMax];
#pragma unroll
  for (int i = 0; i < kTcThreadMax; ++i) mine[i] = i < d ? cols[b + i] : kTcEmpty;
  const int32_t last = cols[e - 1];
  unsigned top[kTcThreadMax] = {}; /* kPer: the triangles each of u's list closes as top corner */
  unsigned long long found = 0;
  const gn_step s = {};
  for (int32_t j = 0; j < d; ++j) {
    const int32_t v = cols[b + j];
    const int64_t vb = offsets[v], ve = offsets[v + 1];
    unsigned long long here = 0;
    if (ve - vb > kTcStreamMax) { /* a long N+(v): u's few vertices binary-searched in it */
      here = kPer ? tc_common_counted(mine, d, cols + vb, ve - vb, top)
                  : tc_common(cols + b, d, cols + vb, ve - vb, nullptr, s);
    } else {
      for (int64_t k = vb; k < ve; ++k) {
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
    if (kPer && here) atomicAdd(&per[v], here);
    found += here;
  }
  if (!found) return;
  atomicAdd(&a.tri.lowest[u], found);
  if (!kPer) return;
  atomicAdd(&per[u], found);
#pragma unroll
  for (int i = 0; i < kTcThreadMax; ++i)
    if (top[i]) atomicAdd(&per[mine[i]], (unsigned long long)top[i]);
}

/* Adds a group's count at corner u (each thread's share) to the count per lowest corner (and to
 * u's own count when asked): one atomic per warp. */
__device__ __forceinline__ void tc_credit(const tc_hash_args &a, int32_t u,
                                          unsigned long long mine) {
  for (int off = 16; off > 0; off >>= 1) mine += __shfl_down_sync(0xffffffffu, mine, off);
  if ((threadIdx.x & 31) || !mine) return;
  atomicAdd(&a.tri.lowest[u], mine);
  if (a.tri.per_vertex) atomicAdd(&a.tri.per_vertex[u], mine);
}

/* The next vertex of list l for a group (taken by its thread 0, `taken` in shared memory when the
 * group is the block), or -1 when the list is done. */
__device__ __forceinline__ int32_t tc_take(const tc_hash_args &a, int l) {
  const unsigned k = atomicAdd(&a.next[l], 1u);
  return k < (unsigned)a.counts[l] ? a.lists[l][k] : -1;
}

/* The count, a persistent grid of kTcHashBlock-thread blocks, coarse work first so that the fine
 * work evens out the end: the long lists, a block each; the lists a warp hashes, a warp each (a
 * vertex at a time, so a run of heavy neighbours in the ids does not pile up on one warp); then
 * the lists of 2 .. kTcThreadMax, a thread each. The table memory is the block's in the first
 * phase and split among its warps in the second. kPer: counts per vertex too (a.tri.per_vertex),
 * with a hit counter beside each slot. */
template <bool kPer>
__global__ void __launch_bounds__(kTcHashBlock, 5) tc_hash_kernel(tc_hash_args a) {
  __shared__ int32_t slots[kTcBlockSlots];
  __shared__ unsigned hits[kPer ? kTcBlockSlots : 1];
  __shared__ int32_t taken;
  const int lane = (int)(threadIdx.x & 31);
  for (;;) {
    if (threadIdx.x == 0) taken = tc_take(a, 0);
    __syncthreads();
    const int32_t u = taken;
    __syncthreads(); /* all have read it before thread 0 writes the next */
    if (u < 0) break;
    tc_credit(a, u, tc_corner<true, kPer>(a, u, slots, hits));
  }
  int32_t *own = slots + (threadIdx.x >> 5) * kTcWarpSlots;
  unsigned *own_hits = kPer ? hits + (threadIdx.x >> 5) * kTcWarpSlots : nullptr;
  for (;;) {
    int32_t u = 0;
    if (lane == 0) u = tc_take(a, 1);
    u = __shfl_sync(0xffffffffu, u, 0);
    if (u < 0) break;
    tc_credit(a, u, tc_corner<false, kPer>(a, u, own, own_hits));
  }
  unsigned long long arcs = 0;
  for (int64_t x = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; x < a.n;
       x += (int64_t)gridDim.x * blockDim.x) {
    const int64_t xb = a.tri.offsets[x], xe = a.tri.offsets[x + 1];
    arcs += (unsigned long long)(xe - xb);
    if (xe - xb >= 2 && xe - xb <= kTcThreadMax) tc_corner_in_thread<kPer>(a, (int32_t)x, xb, xe);
  }
  for (int off = 16; off > 0; off >>= 1) arcs += __shfl_down_sync(0xffffffffu, arcs, off);
  if (lane == 0 && arcs) atomicAdd(a.arcs, arcs);
}

/* Selects the vertices whose list is longer than `above` and at most `most` long (tc.cu,
 * cub::DeviceSelect::If). */
struct tc_list_between {
  const int64_t *offsets;
  int32_t above, most;
  __device__ bool operator()(int32_t u) const {
    const int64_t d = offsets[u + 1] - offsets[u];
    return d > above && d <= most;
  }
};

#endif
