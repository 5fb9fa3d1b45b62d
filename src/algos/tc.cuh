/* The visitors of gnest_tc (driver and method: tc.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_TC_CUH
#define GNEST_ALGOS_TC_CUH

#include "visit.cuh"

/* Pass 1: marks the arcs kept by the orientation and counts them per vertex. Race-freedom:
 * kept[e] is written only by arc e; odeg[u] only grows (atomic adds, combined per warp: a hub's
 * row is strided over by a whole CTA, every lane counting into the same odeg[u]). */
struct orient_visitor : gn_out_arcs {
  uint8_t *kept;
  int32_t *odeg;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e];
    const int64_t du = offsets[u + 1] - offsets[u], dv = offsets[v + 1] - offsets[v];
    const bool keep = v != u && (du < dv || (du == dv && u < v));
    kept[e] = keep;
    if (keep) gn_add_one(s, &odeg[u]);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* Oriented lists longer than this get a hash table (tc_table_has); shorter ones are searched in
 * place (tc_list_has). Why a threshold: a table costs its setup (slots to clear and fill) and
 * pays only where a search is long. Counted on the CPU from the oriented graphs: rmat20 has
 * 60,396 lists above 64 holding 10.1 M of its 15.7 M arcs, and 1.95e9 of its 1.97e9 lookups go
 * to them; cnr-2000 has 159 such lists (11 k arcs, 0.4 M of 23.5 M lookups), a road graph none
 * (no vertex has 64 neighbours, so the driver builds nothing at all). A list of at most 64 ids
 * is at most 256 bytes, two cache lines: its binary search's <= 7 steps stay in L1. */
static constexpr int64_t kTcHashMin = 64;

/* Scanned lists at least this long are intersected by the whole converged warp (coalesced
 * reads); shorter ones by their own thread (a cooperative arc costs a ballot and five shuffles,
 * more than a few serial lookups). */
static constexpr int64_t kTcCoopMin = 8;

/* The hash table of a long oriented list (d+ > kTcHashMin): 2 d+ slots at its own offset in one
 * array, -1 when empty. x lives at slot x mod size or, when taken, the next free one (linear
 * probing, wrapping). Half the slots stay empty, so a lookup ends; one that misses reads about
 * 2.3 slots on average (rmat20), nearly always within one 32-byte sector. Ids taken modulo, not
 * mixed by a hash: in graphs whose neighbours have nearby ids (web crawls) consecutive keys land
 * in consecutive slots, and the lanes looking up a sorted run share sectors. */
__host__ __device__ inline bool tc_table_has(const int32_t *table, uint32_t size, int32_t x) {
  uint32_t at = (uint32_t)x % size;
  for (;;) {
    const int32_t k = table[at];
    if (k == x) return true;
    if (k < 0) return false;
    if (++at == size) at = 0;
  }
}

/* x in the sorted list b[0, len), len >= 1: a binary search without an early exit (the same
 * steps for every lane of a warp, so lanes searching one list stay converged). */
__host__ __device__ inline bool tc_list_has(const int32_t *b, int64_t len, int32_t x) {
  while (len > 1) { /* the last element <= x, if any, is in b[0, len) */
    const int64_t half = len >> 1;
    if (b[half] <= x) b += half;
    len -= half;
  }
  return b[0] == x;
}

/* The list an arc probes: its start in the oriented columns, its length, and its table's offset
 * (-1: none, search the list). */
struct tc_probe {
  int64_t begin, len, table;
};

__host__ __device__ inline bool tc_has(const int32_t *cols, const int32_t *tables,
                                       const tc_probe &p, int32_t x) {
  if (p.table >= 0) return tc_table_has(tables + p.table, (uint32_t)(2 * p.len), x);
  return tc_list_has(cols + p.begin, p.len, x);
}

/* The total is kept in this many counters, so that the threads finding triangles do not all
 * add into one address (rmat20: 424 M triangles, 15.7 M arcs); the driver sums them after the
 * pass. One more word after them is the table allocator's cursor (tc.cu), cleared with them. */
static constexpr int kTcBins = 2048;

/* Pass 2, the count: item u, inner loop over its oriented arcs u -> v, each arc the triangles
 * {u, v, x} with x in N+(u) and N+(v) -- each triangle counted once, at its lowest-ranked
 * corner's arc to its middle one. An arc scans the shorter of the two lists and looks each
 * element up in the other: its hash table when it has one, else a binary search of at most
 * kTcHashMin ids.
 *
 * Why the warp works on one arc at a time. One thread an arc (the engine's inner iteration)
 * makes each lane read its own scanned list and probe its own table: a warp's load touches up
 * to 32 lines, and each thread's lookups are a serial chain as long as its scanned list (up to
 * 660 on rmat20) while lanes with short lists wait. So the lanes that reach edge() together (a
 * CTA's warp striding over a hub's arcs, or threads of flat or a parent kernel each running
 * its own item's arc) share their long arcs: for each arc whose scanned list has at least
 * kTcCoopMin ids, every lane takes every nl-th element, so the warp reads that list in
 * consecutive words (one or two lines a load) and probes one table, and each lane's share is
 * 1/nl of the arcs' total instead of its own arc's whole list. Only lanes that are converged
 * take part (__activemask), and every shuffle and ballot runs in uniform control flow over that
 * mask, so any subset of a warp is correct. Short arcs stay with their own thread.
 *
 * Why the arc is the inner iteration and not the item. With arcs as items the engine would
 * spread an arc's lookups itself, but an arc's trip count is then no longer bounded by its
 * vertex's degree: rmat20 has 12 M arcs whose shorter list exceeds 32 against about 0.13 M rows
 * of degree > 32, and the device-launching backends size their pending-launch pool from the
 * input's rows above the threshold. Here a trip count is d+(u) <= degree(u), as every backend
 * assumes.
 *
 * Race-freedom: the oriented lists and tables are read only (built by earlier launches); the
 * counters take atomic adds. */
struct triangle_visitor {
  const int64_t *offsets; /* oriented CSR */
  const int32_t *cols;
  const int32_t *tables;      /* hash tables of the long oriented lists (tc_table_has) */
  const int64_t *table_at;    /* [n]: a long list's table offset in tables; others unread */
  unsigned long long *bins;       /* the total, in kTcBins parts */
  unsigned long long *per_vertex; /* NULL when not asked */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  __host__ __device__ int64_t begin(int32_t u) const { return offsets[u]; }
  __host__ __device__ int64_t end(int32_t u) const { return offsets[u + 1]; }
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }

  /* The found x of arc u -> v: into per_vertex[x] at once, into u's and v's count as cnt. */
  template <class S>
  __host__ __device__ void credit(int32_t u, int32_t v, unsigned long long cnt, const S &s) const {
    if (cnt == 0) return;
    s.add(&per_vertex[u], cnt);
    s.add(&per_vertex[v], cnt);
  }

  /* Scans scan[k] for k = first, first + step, ... < len, looking each up in p; returns the
   * number found, crediting per_vertex[x] for each when asked. */
  template <class S>
  __host__ __device__ unsigned long long scan(const int32_t *list, int64_t len, int64_t first,
                                              int64_t step, const tc_probe &p,
                                              const S &s) const {
    unsigned long long found = 0;
    for (int64_t k = first; k < len; k += step) {
      const int32_t x = list[k];
      if (!tc_has(cols, tables, p, x)) continue;
      ++found;
      if (per_vertex) s.add(&per_vertex[x], 1ull);
    }
    return found;
  }

  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e];
    const int64_t bu = offsets[u], du = offsets[u + 1] - bu;
    const int64_t bv = offsets[v], dv = offsets[v + 1] - bv;
    /* scan the shorter list, probe the longer (du >= 1: e is one of u's arcs, so the probed
     * list is never empty) */
    const bool scan_v = dv <= du;
    const int64_t sb = scan_v ? bv : bu, sl = scan_v ? dv : du;
    tc_probe p;
    p.begin = scan_v ? bu : bv;
    p.len = scan_v ? du : dv;
    p.table = p.len > kTcHashMin ? table_at[scan_v ? u : v] : -1;
    unsigned long long mine = 0; /* found by this thread, on any lane's arc */
#ifdef __CUDA_ARCH__
    const unsigned mask = __activemask();
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    const int64_t nl = __popc(mask), rank = __popc(mask & ((1u << lane) - 1));
    const bool coop = sl >= kTcCoopMin;
    for (unsigned todo = __ballot_sync(mask, coop); todo != 0; todo &= todo - 1) {
      const int r = __ffs(todo) - 1; /* the lane whose arc the warp takes now */
      const int64_t rsb = __shfl_sync(mask, sb, r), rsl = __shfl_sync(mask, sl, r);
      tc_probe rp;
      rp.begin = __shfl_sync(mask, p.begin, r);
      rp.len = __shfl_sync(mask, p.len, r);
      rp.table = __shfl_sync(mask, p.table, r);
      const unsigned long long found = scan(cols + rsb, rsl, rank, nl, rp, s);
      mine += found;
      if (per_vertex) credit(__shfl_sync(mask, u, r), __shfl_sync(mask, v, r), found, s);
    }
    if (!coop) {
      const unsigned long long found = scan(cols + sb, sl, 0, 1, p, s);
      mine += found;
      if (per_vertex) credit(u, v, found, s);
    }
#else
    mine = scan(cols + sb, sl, 0, 1, p, s);
    if (per_vertex) credit(u, v, mine, s);
#endif
    /* One add per thread with triangles, into a bin picked by the arc (bins spread the total's
     * atomics; the arcs of one hub, handled at once by a CTA, go to different bins). */
    if (mine != 0) s.add(&bins[(uint64_t)e % (uint64_t)kTcBins], mine);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
