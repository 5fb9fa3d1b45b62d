/* color_method=async (driver: color.cu): every vertex colored without rounds, by the
 * algorithm's own persistent kernels (no backend loop; the backend runs the row split of the
 * wide vertices). Included by color.cu only.
 *
 * The ideas are ECL-GC's (Alabandi, Powers, Burtscher, PPoPP 2020, sections 3.2-3.4): colors in
 * the same priority order, high- and low-degree vertices handled apart, low-degree vertices a
 * thread each with their possible colors in one machine word, revisited asynchronously until
 * their color is known. The invariant and the two shortcuts are those of the rounds
 * (color.cuh): every rule needs
 * only that what it reads of a predecessor u contains c*(u), and that a singleton is {c*(u)}.
 * Both hold for every value P(u) ever has, so a thread may read any other vertex's set at any
 * time, without rounds or barriers.
 *
 * Why the split by degree is exact: a predecessor has a higher priority, hence a degree at least
 * v's (gn_color_priority). So the wide vertices (degree >= kColorWide) have only wide
 * predecessors and are colored first, alone (a warp each: color_wide_async_kernel); a narrow
 * vertex has fewer than kColorWide predecessors, so P(v) lies in colors 0..63: one 64-bit word
 * (a thread each: color_narrow_async_kernel). */
#ifndef GNEST_ALGOS_COLOR_ASYNC_CUH
#define GNEST_ALGOS_COLOR_ASYNC_CUH

#include "algos/arcs.cuh"
#include "algos/color.cuh"

/* kColorWide: from this degree on, P may need more than one word (the rounds' kColorNarrow
 * predecessors). kColorChunk: a narrow thread reads this many of its predecessors at a time,
 * all loads of a chunk issued before any is used, so that a visit waits on two memory round
 * trips per chunk instead of per predecessor. 4, not 8: the narrow kernel with 64-bit sets then
 * fits 48 registers, five CTAs of 256 per SM instead of four (USA-road-FLA 0.103-0.109 ms to
 * 0.094-0.103 on an H200; color_narrow_ctas gives each width of sets and offsets its own). */
enum : int32_t { kColorWide = kColorNarrow, kColorChunk = 4 };
/* The narrow kernel's block, whatever gnest_options.block_size says: its launch bounds
 * (color_narrow_ctas) hold for this size only. */
enum : int32_t { kColorNarrowBlock = 256 };
/* The wide kernel's block, likewise (its launch bounds), and the chunks of 32 predecessors a
 * step of its visits reads (color_wide_visit). */
enum : int32_t { kColorWideBlock = 256, kColorWideChunks = 2 };

/* The narrow sets' word (Word: 64 bits, or 32 on a graph whose largest degree is below 32, where
 * no vertex has 32 predecessors: color.cu), its lowest color and its number of colors. The 32-bit
 * word saves the narrow kernel registers, hence resident threads (color_narrow_ctas). */
__device__ __forceinline__ int color_lowest(unsigned long long P) { return __ffsll((long long)P) - 1; }
__device__ __forceinline__ int color_lowest(unsigned P) { return __ffs((int)P) - 1; }
__device__ __forceinline__ int color_count(unsigned long long P) { return __popcll(P); }
__device__ __forceinline__ int color_count(unsigned P) { return __popc(P); }

/* The narrow vertices' state. poss[v]: P(v) as a bit set; a single bit is v's final color, and
 * a wide vertex (colored before) shows its color's bit, or no bit for a color of 64 or more
 * (which no narrow P holds); all ones before v's own setup (every color: it contains c*(v), so
 * the invariant holds for readers from the start). keep[v]: the predecessors v still has to look
 * at, as a mask over its row (bit k: the row's entry k), 0 once v needs no more visits. The mask
 * replaces a compacted predecessor list: a visit stores nothing but a changed mask, and the row
 * is read through the read-only cache (ECL-GC keeps its low-degree vertices' lists the same way,
 * PPoPP 2020 section 3.4). A row longer than the mask (with color_tie=hash a narrow vertex's
 * degree leaves out its self-loops, so this needs self-loops) has its predecessors listed at the front of its row in
 * adj instead, and bit k is adj's entry k. Only v's own thread writes poss[v], keep[v], its
 * list and color[v]. Against the compacted list (H200):
 * the narrow kernel on USA-road-FLA 73-75 to 70 us (ncu), grid 1000x1000 0.104-0.108 to
 * 0.090-0.094 ms, cnr-2000 about 4 % slower, the others within their noise. */
/* The graph's row offsets are read as Off: int32_t where every offset fits (the graph's 32-bit
 * copy, gn_engine_offsets32), else int64_t; color.cu picks. */
template <class Word, class Off>
struct color_narrow {
  static constexpr int kBits = 8 * sizeof(Word);
  const Off *offsets;
  const int32_t *cols;
  const int32_t *self_loops; /* NULL: the graph has none */
  int32_t *adj;              /* [m] a long row's predecessors from the front (color_state's) */
  Word *poss;                /* [n], all ones before any visit (color_narrow_all_ones) */
  Word *keep;                /* [n] */
  int32_t *color;            /* [n] */
  int32_t n;
  int32_t *passes;               /* device: the most passes any thread made (zeroed before) */
  int32_t *arrived;              /* device: the CTAs whose sets are all ones (zeroed before) */
  unsigned long long *edges;     /* device: the call's inner-iteration count */
  gnest_color_tie tie;           /* the order's ties (gn_color_priority) */

  /* The graph's arrays through the read-only cache: nothing writes them during the kernel. */
  __device__ Off row(int32_t v) const { return __ldg(&offsets[v]); }
  __device__ Off degree(int32_t v) const { return color_degree(offsets, self_loops, v); }
  /* Entry k of v's predecessor scan: the row's (cols) or, for a long row, the list's (adj). */
  __device__ int32_t entry(Off row, Off end, int32_t k) const {
    return end - row > kBits ? adj[row + k] : __ldg(&cols[row + k]);
  }
};

/* A block's counts added to the call's (*edges, *most_passes): a warp-wide sum and maximum, then
 * one shared atomic per warp and one global atomic per block (one shared atomic per thread, on
 * one address, was the narrow setup's main stall: ncu on USA-road-FLA). Every thread of the
 * block calls it (the threads of the asynchronous loops leave them at different times; the
 * first barrier gathers them). */
__device__ __forceinline__ void color_account(unsigned long long *edges, int32_t *most_passes,
                                              unsigned long long read, int32_t passes) {
  __shared__ unsigned long long block_read;
  __shared__ int32_t block_passes;
  if (threadIdx.x == 0) block_read = 0, block_passes = 0;
  __syncthreads();
  for (int off = 16; off > 0; off >>= 1) {
    read += __shfl_down_sync(0xffffffffu, read, off);
    passes = max(passes, __shfl_down_sync(0xffffffffu, passes, off));
  }
  if ((threadIdx.x & 31) == 0) {
    if (read) atomicAdd(&block_read, read);
    if (passes) atomicMax(&block_passes, passes);
  }
  __syncthreads();
  if (threadIdx.x != 0) return;
  if (block_read) atomicAdd(edges, block_read);
  if (block_passes) atomicMax(most_passes, block_passes);
}

/* Every set starts as all ones, which contains c*(v), so that a reader may take it for v's set
 * before v's setup has run: each thread writes its vertices' sets, and its CTA then counts itself
 * in at s.arrived; color_narrow_await_all_ones waits until every CTA has. A split barrier: the
 * setup between the two reads no other vertex's set, so by the time a thread waits, every CTA has
 * long arrived. It replaces an all-ones memset before the kernel, whose submission the GPU waited
 * for (H200: USA-road-FLA 0.065-0.069 to 0.062 ms; a
 * whole grid barrier there instead 0.064-0.065). Each writer fences its own stores before the
 * CTA's count goes up. */
template <class Word, class Off>
__device__ __forceinline__ void color_narrow_all_ones(const color_narrow<Word, Off> &s,
                                                      int32_t first, int32_t stride) {
  for (int32_t i = first; i < s.n; i += stride) *(volatile Word *)&s.poss[i] = ~Word(0);
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(s.arrived, 1);
}
template <class Word, class Off>
__device__ __forceinline__ void color_narrow_await_all_ones(const color_narrow<Word, Off> &s) {
  while (*(volatile int32_t *)s.arrived < (int32_t)gridDim.x) {
  }
  __threadfence();
}

/* The setup of vertex v, by its own thread before its first visit: a narrow vertex marks its
 * predecessors (the arcs of higher priority, self-loops excluded, duplicates counted) in keep[v]
 * and starts with P = {0 .. min(preds, n - 1)}, colored 0 at once without predecessors; a wide
 * vertex publishes the color it was given before. Returns the arcs read. Degrees are read from
 * the row offsets (rows are < 2^31 arcs: color.cu). */
template <class Word, class Off>
__device__ __forceinline__ unsigned long long color_narrow_setup(const color_narrow<Word, Off> &s,
                                                                 int32_t v) {
  const Off row = s.row(v), end = s.row(v + 1);
  const int32_t deg = (int32_t)color_degree_of_row(row, end, s.self_loops, v);
  if (deg >= kColorWide) {
    const int32_t c = s.color[v];
    *(volatile Word *)&s.poss[v] = c < color_narrow<Word, Off>::kBits ? Word(1) << c : Word(0);
    *(volatile Word *)&s.keep[v] = 0;
    return 0;
  }
  const uint64_t mine = gn_color_priority(deg, v, s.tie);
  const bool listed = end - row > color_narrow<Word, Off>::kBits; /* a long row: adj lists them */
  Word keep = 0;
  int32_t preds = 0;
  for (Off base = row; base < end; base += kColorChunk) {
    int32_t u[kColorChunk], du[kColorChunk];
#pragma unroll
    for (int j = 0; j < kColorChunk; ++j) u[j] = base + j < end ? __ldg(&s.cols[base + j]) : v;
#pragma unroll
    for (int j = 0; j < kColorChunk; ++j) du[j] = u[j] != v ? (int32_t)s.degree(u[j]) : -1;
#pragma unroll
    for (int j = 0; j < kColorChunk; ++j) {
      if (du[j] < 0 || gn_color_priority(du[j], u[j], s.tie) <= mine) continue;
      if (listed) s.adj[row + preds] = u[j];
      else keep |= Word(1) << (base + j - row);
      ++preds;
    }
  }
  if (listed && preds > 0) keep = ~Word(0) >> (color_narrow<Word, Off>::kBits - preds);
  const int32_t last = preds < s.n - 1 ? preds : s.n - 1;
  /* bits 0 .. last (last <= 63: 2 << 63 wraps to 0; a 32-bit word has last <= 31) */
  *(volatile Word *)&s.poss[v] = (Word)((2ull << last) - 1);
  s.color[v] = preds == 0 ? 0 : -1;
  *(volatile Word *)&s.keep[v] = keep;
  return (unsigned long long)(end - row);
}

/* One visit of narrow vertex v, whose predecessors to look at are keep's and whose set is P
 * (read by the caller with v's row bounds, all at once, before the visit): every colored
 * predecessor's color leaves P (its bit leaves keep), as does every predecessor whose set misses
 * P (shortcut 2); the others stay, their sets gathered in maybe. v takes p = min P when no kept
 * set holds p (shortcut 1); else P keeps its kept + 1 smallest colors (trim). Returns true when
 * v was colored. The entries are read kColorChunk at a time, all loads of a chunk issued before
 * any is used; a chunk is kept as its bits of keep, not as a list of entry numbers, which saves
 * the registers of kColorChunk indices. */
template <class Word, class Off>
__device__ __forceinline__ bool color_narrow_visit(const color_narrow<Word, Off> &s, int32_t v,
                                                   Word keep, Off row, Off end, Word P) {
  Word maybe = 0, kept = keep;
  const Word before = P;
  for (Word rest = keep; rest;) {
    Word chunk = rest; /* the chunk: rest's kColorChunk lowest bits, taken from rest */
#pragma unroll
    for (int j = 0; j < kColorChunk; ++j) rest &= rest - 1;
    chunk ^= rest;
    Word pu[kColorChunk];
    {
      Word c = chunk;
#pragma unroll
      for (int j = 0; j < kColorChunk; ++j) {
        pu[j] = c ? gn_load_now(&s.poss[s.entry(row, end, color_lowest(c))]) : 0;
        c &= c - 1;
      }
    }
#pragma unroll
    for (int j = 0; j < kColorChunk; ++j) {
      if (!chunk) break;
      const Word bit = chunk & (~chunk + 1);
      chunk ^= bit;
      const bool known = (pu[j] & (pu[j] - 1)) == 0; /* u's color (one bit), or 64 or more */
      if (known) P &= ~pu[j];
      if (known || (pu[j] & P) == 0) kept &= ~bit;
      else maybe |= pu[j];
    }
  }
  const int32_t p = color_lowest(P);
  const bool colored = ((maybe >> p) & 1) == 0;
  if (colored) {
    P = Word(1) << p;
    kept = 0;
  } else {
    const int32_t left = color_count(kept);
    if (color_count(P) > left + 1) P = color_smallest(P, left + 1);
  }
  if (P != before) *(volatile Word *)&s.poss[v] = P;
  if (colored) s.color[v] = p;
  if (kept != keep) *(volatile Word *)&s.keep[v] = kept;
  return colored;
}

/* CTAs of kColorNarrowBlock per SM the narrow kernel is built for (its launch bounds, hence its
 * registers). With 32-bit sets and offsets it fits 32 registers without spilling: eight CTAs,
 * 2,048 threads, an SM's most (H200: USA-road-FLA's
 * narrow kernel 64 to 55 us under ncu, gnest_color 0.074-0.077 to 0.061-0.062 ms; against 64-bit
 * offsets at eight CTAs, which spill 12 bytes, 0.068-0.073 ms). With 64-bit offsets six CTAs
 * (40 registers); with 64-bit sets five (48): there six spill and rmat20 lost 15 %, and 32-bit
 * offsets lost 3-5 % on rmat20 and gained nothing on cnr-2000, so 64-bit sets keep the graph's
 * own offsets (color.cu). */
template <class Word, class Off>
constexpr int color_narrow_ctas() {
  return sizeof(Word) == 8 ? 5 : sizeof(Off) == 4 ? 8 : 6;
}

/* The asynchronous loop: a resident grid (cooperative launch, so that every thread runs at once
 * and none waits on a thread that cannot start); each thread sets up its vertices (i, i + the
 * grid's threads, ...), then visits them pass after pass until all of them are colored. It
 * always ends: the uncolored narrow vertex of highest priority has only colored predecessors, so
 * its next visit colors it. A pass that colored nothing starts the next at once: a back-off of
 * 200 ns there cost about 3 % on USA-road-FLA, 8 % on grid 1000x1000 and 4 % on cnr-2000, and 50
 * to 1,000 ns no less (H200).
 *
 * Two things keep a pass short (H200: USA-road-FLA 0.130 -> 0.111
 * ms with the setup folded in): the setup runs here, with no kernel and no degree array before
 * (a reader that comes before a vertex's setup sees all ones: color_narrow_all_ones); and each
 * thread keeps which of its first 32 vertices are still open in a register, so a pass reads
 * nothing of a vertex once it is colored (the vertices past the first 32 read their keep; a thread has more than 32
 * only past 8 M vertices on an H200). A visit's keep, row bounds and P are loaded together.
 *
 * What bounds it is the latency of its dependent loads (own state, then the row's entries, then
 * the predecessors' sets), so the more threads resident the better: color_narrow_ctas. */
template <class Word, class Off>
__global__ void
__launch_bounds__(kColorNarrowBlock, color_narrow_ctas<Word, Off>())
color_narrow_async_kernel(color_narrow<Word, Off> s) {
  const int32_t stride = (int32_t)(gridDim.x * blockDim.x); /* a resident grid: < 2^31 */
  const int32_t first = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
  unsigned long long read = 0;
  unsigned read32 = 0; /* the visits' part of read, in one register, moved to read before 2^32 */
  int32_t passes = 0;
  color_narrow_all_ones(s, first, stride);
  for (int32_t i = first; i < s.n; i += stride) read += color_narrow_setup(s, i);
  color_narrow_await_all_ones(s);
  const int32_t mine = first < s.n ? (s.n - 1 - first) / stride + 1 : 0;
  unsigned open_set = mine >= 32 ? ~0u : (1u << mine) - 1; /* the first 32 */
  /* One visit of vertex i unless it is done; true while it stays open. Its own mask and set are
   * read as they are written (volatile, from L2): read through L1, a thread got an old copy of
   * its own state back after storing it, and the kernel spun forever on grids past 32 vertices
   * a thread (9 M vertices). */
  auto visit = [&](int32_t i) {
    const Word keep = gn_load_now(&s.keep[i]);
    const Off row = s.row(i), end = s.row(i + 1);
    const Word P = gn_load_now(&s.poss[i]);
    if (keep == 0) return false;
    read32 += (unsigned)color_count(keep);
    if (read32 >= (1u << 31)) read += read32, read32 = 0;
    return !color_narrow_visit(s, i, keep, row, end, P);
  };
  for (bool open = true; open;) {
    open = false;
    for (unsigned m = open_set; m; m &= m - 1) {
      const int k = __ffs((int)m) - 1;
      if (visit(first + k * stride)) open = true;
      else open_set &= ~(1u << k);
    }
    for (int64_t i = first + 32 * (int64_t)stride; i < s.n; i += stride) /* keep alone while done */
      if (gn_load_now(&s.keep[i]) != 0 && visit((int32_t)i)) open = true;
    ++passes;
  }
  read += read32;
  color_account(s.edges, s.passes, read, passes);
}

/* ---- wide vertices: a warp each --------------------------------------------------------- */

/* The wide vertices' row split, arc-parallel (arcs.cuh): an arc of a wide row v (degree >=
 * kColorWide) whose head u has a higher priority goes to v's predecessor list at the front of
 * row v in adj, at a slot counted at split[v].preds (zeroed before). Successors are not listed:
 * only the rounds push to them. Counts the wide rows' arcs at *edges. */
__global__ void __launch_bounds__(kArcBlock)
    color_wide_split_kernel(color_state st, const int32_t *cols, const int32_t *self_loops,
                            gnest_color_tie tie, int64_t m, gn_arc_chunks chunks,
                            unsigned long long *edges) {
  unsigned long long read = 0; /* lane 0's: the warp's arcs of wide rows */
  gn_for_each_chunk_arc(st.offsets, m, st.n, chunks, [&](int32_t v, int64_t e) {
    int32_t u = -1;
    bool wide = false, keep = false;
    if (v >= 0) {
      const int64_t dv = color_degree(st.offsets, self_loops, v);
      wide = dv >= kColorWide;
      if (wide) {
        u = __ldg(&cols[e]);
        keep = u != v && gn_color_priority(color_degree(st.offsets, self_loops, u), u, tie) >
                             gn_color_priority(dv, v, tie);
      }
    }
    read += __popc(__ballot_sync(0xffffffffu, wide));
    const int32_t slot = gn_run_slot(v >= 0 ? &st.split[v].preds : nullptr, v, keep);
    if (keep) st.adj[st.offsets[v] + slot] = u;
  });
  if ((threadIdx.x & 31) == 0 && read) atomicAdd(edges, read);
}

/* wanted[c] = 1 for each chunk c (arcs.cuh) that holds arcs of a wide row (zeroed before), for a
 * split that reads only those: on a graph whose wide rows hold few of its arcs, finding every
 * arc's row costs more than the wide rows' work (color.cu, kColorListChunksBelow). */
__global__ void color_wide_chunks_kernel(const int64_t *offsets, const int32_t *self_loops,
                                         int32_t n, uint8_t *wanted) {
  gn_for_each_index(n, [&](int64_t i) {
    const int32_t v = (int32_t)i;
    const int64_t row = offsets[v], end = offsets[v + 1];
    if (color_degree_of_row(row, end, self_loops, v) < kColorWide || end == row) return;
    for (int64_t c = row / kArcChunk; c <= (end - 1) / kArcChunk; ++c) wanted[c] = 1;
  });
}

/* Each wide vertex's state once its predecessors are listed (color_state::start), and the list
 * of the uncolored ones (items, *count zeroed before), in no particular order. */
__global__ void color_wide_start_kernel(color_state st, const int32_t *self_loops, int32_t *items,
                                        int32_t *count) {
  gn_for_each_index(st.n, [&](int64_t i) {
    const int32_t v = (int32_t)i;
    if (color_degree(st.offsets, self_loops, v) < kColorWide) return;
    if (st.start(v, st.split[v].preds) > 0) items[gn_append_slot(count)] = v;
  });
}

/* keys[i] = the priority of wide vertex items[i] (gn_color_priority), i < count. */
__global__ void color_wide_keys_kernel(color_state st, const int32_t *self_loops,
                                       gnest_color_tie tie, const int32_t *items, int32_t count,
                                       uint64_t *keys) {
  gn_for_each_index(count, [&](int64_t i) {
    const int32_t v = items[i];
    keys[i] = gn_color_priority(color_degree(st.offsets, self_loops, v), v, tie);
  });
}

/* The wide vertices' state: color_state as the split left it (color_wide_start_kernel): v's
 * predecessors at the front of its row, vx[v].left of them; vx[v].stop, the predecessor that
 * blocked v's last visit, or -1 (the start sets -1); P(v) in its words (st.word); and its
 * published bounds in records(0)[v]: P(v) lies in [lo, hi], both in one 64-bit word, so that a
 * reader never pairs an old lo with a new hi (each only moves inwards). color[v] >= 0: v's final
 * color. items[0 .. *count) are the uncolored wide vertices; the kernel reorders them (each warp
 * its own share). Only v's warp writes v's state. */
struct color_wide {
  color_state st;
  int32_t *items;
  const int32_t *count;
  int32_t *passes;           /* device: the most passes any warp made (zeroed before) */
  unsigned long long *edges; /* device: the call's inner-iteration count */

  __device__ unsigned long long *bounds(int32_t v) const {
    return reinterpret_cast<unsigned long long *>(&st.rec[v]); /* lo, hi: the first 8 bytes */
  }
  __device__ static unsigned long long pack(int32_t lo, int32_t hi) {
    return (unsigned long long)(uint32_t)lo | (unsigned long long)(uint32_t)hi << 32;
  }
  /* May u (uncolored, bounds b) end up with color p? Its bounds and, inside them, its bit. */
  __device__ bool may_take(int32_t u, unsigned long long b, int32_t p) const {
    const int32_t lo = (int32_t)(uint32_t)b, hi = (int32_t)(b >> 32);
    if (p < lo || p > hi) return false;
    return (gn_load_now(st.word(u, p >> 6)) >> (p & 63)) & 1;
  }
};

/* Keeps the lanes' entries with keep set at adj[row + kept ..) in lane order; returns the new
 * kept. In place: every lane has read its entry (the ballot orders the reads before the
 * writes), and an entry only moves to the front. */
__device__ __forceinline__ int32_t color_compact(int32_t *adj, int64_t row, int32_t kept,
                                                 bool keep, int32_t u) {
  const unsigned mask = __ballot_sync(0xffffffffu, keep);
  const unsigned lane = threadIdx.x & 31;
  if (keep) adj[row + kept + __popc(mask & ((1u << lane) - 1))] = u;
  return kept + __popc(mask);
}

/* A step of a look at v's list (adj[row ..) up to end): entry base + 32 j + lane for each chunk
 * j, or -1 past end, and its color (-1: uncolored, or no entry); every load issued before any is
 * used. */
__device__ __forceinline__ void color_wide_read_step(const color_state &st, int64_t row,
                                                     int32_t base, int32_t end,
                                                     int32_t (&u)[kColorWideChunks],
                                                     int32_t (&c)[kColorWideChunks]) {
  const int32_t lane = (int32_t)(threadIdx.x & 31);
#pragma unroll
  for (int j = 0; j < kColorWideChunks; ++j) {
    const int32_t k = base + 32 * j + lane;
    u[j] = k < end ? st.adj[row + k] : -1;
  }
#pragma unroll
  for (int j = 0; j < kColorWideChunks; ++j) c[j] = u[j] >= 0 ? gn_load_now(&st.color[u[j]]) : -1;
}

/* One visit of wide vertex v by its warp (every lane; warp-uniform result). When the visit
 * before was blocked by predecessor u (the hint, vx[v].stop), and u still is uncolored and may
 * take lo (P(v) cannot have changed: only this warp changes it), the visit ends there. Else
 * first every colored predecessor's color leaves P and its entry is dropped; then p = min P,
 * and a second look at the rest: entries colored meanwhile are dropped the same way (one of
 * color p blocks this visit: p just left P), ones whose bounds miss [p, hi] are dropped
 * (shortcut 2), and v is blocked when a kept one may take p. Not blocked: v takes p (shortcut
 * 1). Blocked: P keeps its kept + 1 smallest colors (trim) and v publishes [p, new hi]. Returns
 * true when v was colored. Each look takes kColorWideChunks chunks of 32 entries a step, every
 * load of a step issued before any is used (H200, RMAT scale 24: gnest_color 79.7 to 78.7 ms
 * against one chunk a step; four need more registers than 256-thread blocks leave).
 * Lane 0 tests the hint, one vertex after another: testing a step's 32 items at once, a lane
 * each, made gnest_color slower there (90.5 against 80.6 ms), the warps going round their shares
 * faster only to test hints that still held. */
__device__ bool color_wide_visit(const color_wide &w, int32_t v, unsigned long long &read) {
  const unsigned all = 0xffffffffu;
  const color_state &st = w.st;
  const int lane = (int)(threadIdx.x & 31);
  const int64_t row = st.offsets[v];
  const int32_t len = st.vx[v].left;
  const unsigned long long own = *w.bounds(v);
  const int32_t lo = (int32_t)(uint32_t)own, hi = (int32_t)(own >> 32);
  const int32_t hint = st.vx[v].stop;
  if (hint >= 0) { /* P(v) has not changed since: if its blocker still may take lo, so be it */
    bool still = false;
    if (lane == 0) {
      ++read;
      still = gn_load_now(&st.color[hint]) < 0 && w.may_take(hint, gn_load_now(w.bounds(hint)), lo);
    }
    if (__shfl_sync(all, still, 0)) return false;
  }
  int32_t kept = 0;
  for (int32_t base = 0; base < len; base += 32 * kColorWideChunks) {
    int32_t u[kColorWideChunks], c[kColorWideChunks];
    color_wide_read_step(st, row, base, len, u, c);
#pragma unroll
    for (int j = 0; j < kColorWideChunks; ++j) {
      if (c[j] >= 0) st.remove_color(v, c[j]);
      kept = color_compact(st.adj, row, kept, u[j] >= 0 && c[j] < 0, u[j]);
    }
  }
  __syncwarp();
  int32_t p = lane == 0 ? st.lowest_from(v, lo) : 0;
  p = __shfl_sync(all, p, 0);
  bool removed_p = false; /* a predecessor colored p meanwhile: p left P */
  int32_t left = 0, blocker = -1;
  for (int32_t base = 0; base < kept; base += 32 * kColorWideChunks) {
    int32_t u[kColorWideChunks], c[kColorWideChunks];
    unsigned long long b[kColorWideChunks];
    bool keep[kColorWideChunks], blocks[kColorWideChunks];
    color_wide_read_step(st, row, base, kept, u, c);
#pragma unroll
    for (int j = 0; j < kColorWideChunks; ++j) b[j] = u[j] >= 0 ? gn_load_now(w.bounds(u[j])) : 0;
#pragma unroll
    for (int j = 0; j < kColorWideChunks; ++j) {
      keep[j] = false;
      if (c[j] >= 0) {
        st.remove_color(v, c[j]);
        removed_p |= c[j] == p;
      } else if (u[j] >= 0) {
        keep[j] = (int32_t)(b[j] >> 32) >= p && (int32_t)(uint32_t)b[j] <= hi;
      }
      const int32_t ulo = (int32_t)(uint32_t)b[j];
      blocks[j] = keep[j] && p >= ulo; /* may_take's bit, read below */
    }
    unsigned long long bits[kColorWideChunks];
#pragma unroll
    for (int j = 0; j < kColorWideChunks; ++j)
      bits[j] = blocks[j] ? gn_load_now(st.word(u[j], p >> 6)) : 0;
#pragma unroll
    for (int j = 0; j < kColorWideChunks; ++j) {
      blocks[j] = blocks[j] && ((bits[j] >> (p & 63)) & 1);
      const unsigned blocking = __ballot_sync(all, blocks[j]);
      if (blocker < 0 && blocking) blocker = __shfl_sync(all, u[j], __ffs((int)blocking) - 1);
      left = color_compact(st.adj, row, left, keep[j], u[j]);
    }
  }
  removed_p = __any_sync(all, removed_p);
  const bool blocked = removed_p || blocker >= 0;
  __syncwarp(); /* the lanes' removals and list entries before lane 0 trims and publishes */
  if (lane == 0) {
    read += (unsigned long long)len + (unsigned long long)kept;
    if (!blocked) {
      *(volatile unsigned long long *)w.bounds(v) = color_wide::pack(p, p);
      *(volatile int32_t *)&st.color[v] = p;
    } else {
      const int32_t top = st.trim(v, p, hi, left);
      if (p != lo || top != hi)
        *(volatile unsigned long long *)w.bounds(v) = color_wide::pack(p, top);
      st.vx[v].left = left;
      st.vx[v].stop = removed_p ? -1 : blocker; /* p left P: no hint for the next lowest */
    }
  }
  __syncwarp();
  return !blocked;
}

/* The wide vertices' asynchronous loop: a resident grid of warps (cooperative launch, as the
 * narrow loop), each visiting its share of the uncolored wide vertices pass after pass until all
 * of them are colored. A warp's share is items first, first + warps, ...; a pass reads 32 of them
 * at once, a lane each, visits the uncolored ones, and keeps those still uncolored at the front
 * of the share (in place: every lane has read its item before the ballot, and an item only moves
 * to a slot already read), so a pass reads only what is left. The hubs' predecessors chain their
 * colors over hundreds of passes (gnest_color counted about 300 at RMAT scale 24); reading the
 * whole share one item at a time each pass made the kernel 78 ms of gnest_color's 96 there
 * (H200). It ends for the same reason as the narrow loop. */
__global__ void __launch_bounds__(kColorWideBlock) color_wide_async_kernel(color_wide w) {
  const unsigned all = 0xffffffffu;
  const int lane = (int)(threadIdx.x & 31);
  const int64_t warps = (int64_t)gridDim.x * blockDim.x / 32;
  const int64_t first = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int64_t count = *w.count;
  int64_t mine = count > first ? (count - first + warps - 1) / warps : 0;
  unsigned long long read = 0;
  int32_t passes = 0;
  while (mine > 0) {
    bool progress = false;
    int64_t kept = 0;
    for (int64_t k0 = 0; k0 < mine; k0 += 32) {
      const int64_t k = k0 + lane;
      const int32_t v = k < mine ? w.items[first + k * warps] : -1;
      const unsigned open = __ballot_sync(all, v >= 0);
      unsigned still = 0;
      for (unsigned t = open; t; t &= t - 1) {
        const int at = __ffs((int)t) - 1;
        if (color_wide_visit(w, __shfl_sync(all, v, at), read)) progress = true;
        else still |= 1u << at;
      }
      if ((still >> lane) & 1u)
        w.items[first + (kept + __popc(still & ((1u << lane) - 1u))) * warps] = v;
      kept += __popc(still);
    }
    mine = kept;
    ++passes;
    if (mine > 0 && !progress) __nanosleep(200);
  }
  color_account(w.edges, w.passes, read, passes);
}

#endif
