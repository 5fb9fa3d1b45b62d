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

/* The hash table of the oriented list of w: the 2 d+(w) slots starting at 2 offsets[w] of one
 * array (so no offsets of its own), -1 when empty. x lives at slot x mod size or, when taken,
 * the next free one (linear probing, wrapping). Half the slots stay empty, so a lookup ends;
 * one that misses (most of them) reads about 2.5 slots on average, nearly always within one
 * 32-byte sector -- against the ~log2(d) dependent, scattered reads of a binary search. Ids
 * taken modulo, not mixed by a hash: in graphs whose neighbours have nearby ids (web crawls,
 * meshes) consecutive keys land in consecutive slots, and a warp's lookups of a sorted run then
 * share sectors. */
__host__ __device__ inline bool tc_table_has(const int32_t *table, uint32_t size, int32_t x) {
  uint32_t at = (uint32_t)x % size;
  for (;;) {
    const int32_t k = table[at];
    if (k == x) return true;
    if (k < 0) return false;
    if (++at == size) at = 0;
  }
}

/* The total is kept in this many counters, so that the threads finding triangles do not all
 * add into one address (rmat20: 424 M triangles, 15.7 M arcs); the driver sums them after the
 * pass. */
static constexpr int kTcBins = 2048;

/* Pass 2, the count: item u, inner loop over its oriented arcs u -> v, each arc the triangles
 * {u, v, x} with x in N+(u) and N+(v) -- each triangle counted once, at its lowest-ranked
 * corner's arc to its middle one. An arc scans the shorter of the two lists and looks each
 * element up in the other's hash table (tc_table_has): min(d+(u), d+(v)) lookups of ~one sector
 * each, where a binary search takes ~log2 of the longer list in dependent, scattered reads.
 *
 * Why the arc is the inner iteration and not the item. With arcs as items (one lookup per inner
 * iteration) the engine would spread single lookups, but an arc's trip count is then no longer
 * bounded by its vertex's degree: rmat20 has 12 M arcs whose shorter list exceeds 32 against
 * about 0.2 M rows of degree > 32, and the device-launching backends size their pending-launch
 * pool from the input's rows above the threshold (naive-dp and hier would refuse launches and
 * fail). Here a trip count is d+(u) <= degree(u), as every backend assumes; a heavy vertex's arcs
 * are spread over a CTA or the grid like any long row, and the slow part -- the lookups -- got
 * about 7x cheaper in reads.
 *
 * Race-freedom: the oriented lists and tables are read only (built by earlier launches); the
 * counters take atomic adds. */
struct triangle_visitor {
  const int64_t *offsets; /* oriented CSR */
  const int32_t *cols;
  const int32_t *tables;  /* hash tables of the oriented lists (tc_table_has) */
  unsigned long long *bins;       /* the total, in kTcBins parts */
  unsigned long long *per_vertex; /* NULL when not asked */
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  __host__ __device__ int64_t begin(int32_t u) const { return offsets[u]; }
  __host__ __device__ int64_t end(int32_t u) const { return offsets[u + 1]; }
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t u, int64_t e, const S &s) const {
    const int32_t v = cols[e];
    const int64_t bu = offsets[u], du = offsets[u + 1] - bu;
    const int64_t bv = offsets[v], dv = offsets[v + 1] - bv;
    /* scan the shorter list, probe the other's table (du >= 1: e is one of u's arcs) */
    const bool scan_v = dv <= du;
    const int64_t scan = scan_v ? bv : bu, scan_end = scan + (scan_v ? dv : du);
    const int64_t probe = scan_v ? bu : bv;
    const int32_t *table = tables + 2 * probe;
    const uint32_t size = (uint32_t)(2 * (scan_v ? du : dv));
    unsigned long long found = 0;
    for (int64_t k = scan; k < scan_end; ++k) {
      const int32_t x = cols[k];
      if (!tc_table_has(table, size, x)) continue;
      ++found;
      if (per_vertex) gn_add_one(s, &per_vertex[x]);
    }
    if (found == 0) return;
    /* One add per arc with triangles, into a bin picked by the arc (bins spread the total's
     * atomics; the arcs of one hub, handled at once by a CTA, go to different bins). */
    s.add(&bins[(uint64_t)e % (uint64_t)kTcBins], found);
    if (per_vertex) {
      s.add(&per_vertex[u], found);
      s.add(&per_vertex[v], found);
    }
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
