/* Arc-parallel passes of the algorithms' own kernels (MST's filter, coloring's row split): a pass
 * that reads every arc once and does a little for each, with no nested loop to balance. Blocks
 * take chunks of kArcChunk consecutive arcs whatever the rows' lengths; a thread finds its arc's
 * row by binary search between its chunk's first and last rows (gn_arc_chunks). Such passes
 * through a backend, a row a thread (or, above the threshold, a block), took 9-11 ms for each of
 * MST's filters and 11.4 ms for coloring's split at RMAT scale 24 on an H200, against about
 * 1.5 ms to read every arc once. Included by the .cu files of src/algos only. */
#ifndef GNEST_ALGOS_ARCS_CUH
#define GNEST_ALGOS_ARCS_CUH

#include "algos/algo.cuh"

/* A block of kArcBlock threads takes kArcChunk arcs, kArcItems a thread. */
enum : int32_t { kArcBlock = 256, kArcItems = 8, kArcChunk = kArcBlock * kArcItems };

/* The chunks of a graph's arcs: row[c] is the row of chunk c's first arc. A pass that has work
 * only in some rows may list the chunks that hold their arcs (wanted[c] != 0) and skip the
 * others without finding a row. */
struct gn_arc_chunks {
  const int32_t *row;     /* [count + 1] */
  int64_t count;
  const uint8_t *wanted;  /* [count], or NULL: every chunk */
};

/* row[c] = the row of arc c kArcChunk: the last row r < n with offsets[r] <= that arc (rows
 * without arcs before it share its offset). */
static __global__ void gn_arc_chunk_rows_kernel(const int64_t *offsets, int32_t n, int64_t count,
                                                int32_t *row) {
  gn_for_each_index(count, [&](int64_t c) {
    const int64_t arc = c * kArcChunk;
    int32_t lo = 0, hi = n - 1;
    while (lo < hi) {
      const int32_t mid = lo + (hi - lo + 1) / 2;
      if (offsets[mid] <= arc) lo = mid; else hi = mid - 1;
    }
    row[c] = lo;
  });
}

/* The chunks of dg's arcs, in the call's scratch (count 0: no arc, no launch). */
static inline gnest_status gn_arc_chunks_of(gn_engine &e, const gn_device_graph *dg,
                                            gn_arc_chunks *chunks) {
  int32_t *row = nullptr;
  chunks->count = (dg->m + kArcChunk - 1) / kArcChunk;
  chunks->wanted = nullptr;
  GN_TRY(e.scratch->alloc(&row, (size_t)chunks->count + 1, "arc chunks' rows"));
  chunks->row = row;
  if (chunks->count > 0)
    GN_KERNEL(e, gn_grid_for(chunks->count, e.block), e.block, gn_arc_chunk_rows_kernel,
              dg->offsets, dg->n, chunks->count, row);
  return GNEST_OK;
}

/* The grid of an arc-parallel kernel (blocks of kArcBlock): as many blocks as are resident, at
 * most one a chunk. */
template <class K>
static gnest_status gn_arc_grid(gn_engine &e, K kernel, const gn_arc_chunks &chunks, int *grid) {
  return gn_resident_grid(e, kernel, chunks.count * kArcBlock, grid, kArcBlock);
}

/* body(row, e) for every arc e of the graph (offsets, m arcs, n rows) in a wanted chunk, e's row
 * found in its chunk;
 * called by every lane of every warp, kArcItems times a chunk, with row -1 where a lane has no
 * arc (past m), so that the body may use warp-wide votes. Consecutive lanes hold consecutive
 * arcs: one row's lanes form one run (gn_run_slot). Looking at a thread's kArcItems arcs first
 * and taking their slots after, to overlap their loads, was slower on an H200 (MST's two filter
 * passes at RMAT scale 24 9.3 to 12.5 ms, coloring's split 7.4 to 8.6 ms). */
template <class Body>
__device__ __forceinline__ void gn_for_each_chunk_arc(const int64_t *offsets, int64_t m, int32_t n,
                                                      const gn_arc_chunks &chunks, Body body) {
  for (int64_t c = blockIdx.x; c < chunks.count; c += gridDim.x) {
    if (chunks.wanted && !chunks.wanted[c]) continue; /* block-uniform */
    int32_t row = chunks.row[c];
    const int32_t last = c + 1 < chunks.count ? chunks.row[c + 1] : n - 1;
#pragma unroll 2
    for (int32_t j = 0; j < kArcItems; ++j) {
      const int64_t e = c * kArcChunk + (int64_t)j * kArcBlock + threadIdx.x;
      int32_t u = -1;
      if (e < m) {
        int32_t hi = last; /* the row of e: the last one starting at or before it */
        while (row < hi) {
          const int32_t mid = row + (hi - row + 1) / 2;
          if (offsets[mid] <= e) row = mid; else hi = mid - 1;
        }
        u = row;
      }
      body(u, e);
    }
  }
}

/* The slot of each lane that keeps an item in its row's list (-1 for the others), counted at
 * counter, the lane's row's counter (any value where row < 0): the lanes hold consecutive arcs
 * (gn_for_each_chunk_arc), so the lanes of one row are one run, found by two ballots, whose
 * first lane takes the run's slots with one atomic (gn_aggregated_increment, visit.cuh, groups
 * lanes in any order by matching their counters). Called by every lane of the warp (row < 0: no
 * arc). */
__device__ __forceinline__ int32_t gn_run_slot(int32_t *counter, int32_t row, bool keep) {
  const unsigned all = 0xffffffffu;
  const int lane = (int)(threadIdx.x & 31);
  const unsigned kept = __ballot_sync(all, keep);
  const int32_t before = __shfl_up_sync(all, row, 1);
  const unsigned heads = __ballot_sync(all, lane == 0 || before != row);
  if (!kept) return -1;
  const unsigned upto = (2u << lane) - 1u; /* lanes 0 .. lane (2u << 31 is 0) */
  const int head = 31 - __clz(heads & upto);
  const unsigned later = heads & ~upto;
  const unsigned run = (later ? (later & (0u - later)) - 1u : all) & ~((1u << head) - 1u);
  int32_t base = 0;
  if (lane == head && (kept & run)) base = atomicAdd(counter, __popc(kept & run));
  base = __shfl_sync(all, base, head);
  return keep ? base + __popc(kept & run & ((1u << lane) - 1u)) : -1;
}

#endif
