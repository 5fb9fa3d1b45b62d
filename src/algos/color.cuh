/* The visitors of gnest_color (driver: color.cu): the shortcut rounds, exactly the variant
 * `shortcut-gpu` that the tests' CPU simulation color_sim.c runs (process_in_place:
 * one call of examine() there per edge() here). Included by color.cu and, through
 * visitors.cuh, by the backends that instantiate their loops.
 *
 * Words used below: v's predecessors are its higher-priority neighbours
 * (gn_color_priority of gn_color_degree, duplicate arcs counted); P(v) is the set of colors v
 * may still end up with, A(v) the predecessors it still has to rule out, c*(v) its final color
 * (the CPU's). Invariant: c*(v) = min (P(v) minus the colors of A(v)); every update below only
 * removes colors from a P or entries from an A, which is why each read of another vertex's state
 * may be older or newer than this round and a vertex still gets exactly c*(v). */
#ifndef GNEST_ALGOS_COLOR_CUH
#define GNEST_ALGOS_COLOR_CUH

#include "algos/visit.cuh"

/* What the self-loops take off a vertex's row length to give its degree (gn_color_degree, as the
 * CPU): per_loop for each, 1 (color_tie=hash: self-loops excluded) or -1 (color_tie=id: a
 * self-loop counts twice). Run only when the graph's statistics count self-loops; pre zeroes the
 * count (no memset). */
struct self_loop_visitor : gn_out_arcs {
  int32_t *self_loops;
  int32_t per_loop;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  __device__ bool pre(int32_t v, const gn_step &) const {
    self_loops[v] = 0;
    return true;
  }
  __device__ void edge(int32_t v, int64_t e, const gn_step &) const {
    if (cols[e] == v) atomicAdd(&self_loops[v], per_loop);
  }
  __device__ void post(int32_t, const gn_step &) const {}
};

/* What a vertex publishes for its lower-priority neighbours: P lies in [lo, hi], bit i of window
 * says whether lo + i is in P (no bit above hi). lo == hi: colored. Double-buffered by level
 * parity (color_state::records): a level reads only what the levels before it wrote, so a
 * record is never read while it is being written. */
struct __align__(16) color_record {
  int32_t lo, hi;
  unsigned long long window;
};

/* A vertex's state between rounds: 32 bytes, one memory sector. */
struct __align__(32) color_vertex {
  unsigned long long head;  /* P's colors 0..63 (bit c set: c possible); higher ones: tail words */
  unsigned long long maybe; /* this round: colors own.lo + 0..63 a kept predecessor may take */
  int32_t reach;            /* this round: the highest color a kept predecessor may take, or -1 */
  int32_t left;             /* |A|: the live entries of v's predecessor list */
  int32_t first;            /* A lies in adj[offsets[v] + first .. offsets[v] + preds) */
  int32_t stop;             /* this round's scan: kColorScanning, kColorStopped, or the blocker's
                               offset in the row (examined first next round: the hint) */
};

/* Row v of adj: its predecessors from the front, its successors from the back. */
struct color_split {
  int32_t preds, succs;
};

enum : int32_t {
  kColorScanning = -1, /* not stopped */
  kColorStopped = -2,  /* stopped without a hint: a removed color moved P's lowest into maybe */
  kColorAdvance = 32,  /* leading dropped entries a round moves first past (one thread: post) */
  kColorNarrow = 64,   /* fewer predecessors: P lies in the head word, the round runs in pre */
};

/* v's degree as the priorities count it: its arcs [row, end) less self_loop_visitor's count
 * (self_loops NULL: no self-loop). Through the read-only cache: no kernel that asks writes the graph or the self-loop
 * counts (those are counted by a pass of their own before). */
template <class Off>
__device__ __forceinline__ Off color_degree_of_row(Off row, Off end, const int32_t *self_loops,
                                                   int32_t v) {
  return end - row - (self_loops ? (Off)__ldg(&self_loops[v]) : 0);
}
template <class Off>
__device__ __forceinline__ Off color_degree(const Off *offsets, const int32_t *self_loops,
                                            int32_t v) {
  return color_degree_of_row(__ldg(&offsets[v]), __ldg(&offsets[v + 1]), self_loops, v);
}

/* A one-word P trimmed to its `count` smallest colors (callers test first that it has more). */
template <class Word>
__device__ __forceinline__ Word color_smallest(Word P, int32_t count) {
  Word beyond = P;
  for (int32_t k = 0; k < count && beyond; ++k) beyond &= beyond - 1;
  return P & ~beyond;
}

/* Device helpers shared by the split pass and the rounds (the simulation color_sim.c has the same
 * functions on the CPU). Dropped list entries become -1 in place: a round's edges may read one
 * list on many threads, so entries never move. */
struct color_state {
  const int64_t *offsets;
  int32_t *adj;             /* [m] each row reordered: predecessors, (self-loops), successors */
  color_split *split;       /* [n] */
  color_vertex *vx;         /* [n] */
  unsigned long long *tail; /* [m / 64 + 1] P's words 1, 2, ... of v at offsets[v] / 64 + 0, 1, ... */
  color_record *rec;        /* [2n]: level l reads half l & 1 and writes half (l + 1) & 1 */
  int32_t *color;           /* [n] the output, -1 until colored */
  int32_t n;

  __device__ color_record *records(int32_t half) const { return rec + (size_t)(half & 1) * n; }

  /* Word i of P(v): colors 64i .. 64i + 63. */
  __device__ unsigned long long *word(int32_t v, int64_t i) const {
    return i == 0 ? &vx[v].head : tail + offsets[v] / 64 + (i - 1);
  }

  /* Lowest color of P(v) at or above from / highest at or below to (P has one: c*(v) never
   * leaves it). Live reads: another thread may clear bits meanwhile, which only makes the answer
   * an older, still valid bound. */
  __device__ int32_t lowest_from(int32_t v, int64_t from) const {
    int64_t i = from >> 6;
    unsigned long long x = gn_load_now(word(v, i)) & (~0ull << (from & 63));
    while (x == 0) x = gn_load_now(word(v, ++i));
    return (int32_t)(64 * i + __ffsll((long long)x) - 1);
  }
  __device__ int32_t highest_to(int32_t v, int64_t to) const {
    int64_t i = to >> 6;
    unsigned long long x = gn_load_now(word(v, i)) & (~0ull >> (63 - (to & 63)));
    while (x == 0) x = gn_load_now(word(v, --i));
    return (int32_t)(64 * i + 63 - __clzll((long long)x));
  }

  /* Bits lo .. lo + 63 of P(v), none above hi. */
  __device__ unsigned long long window_at(int32_t v, int32_t lo, int32_t hi) const {
    const int64_t i = lo >> 6, shift = lo & 63;
    unsigned long long w = gn_load_now(word(v, i)) >> shift;
    if (shift != 0 && 64 * (i + 1) <= hi) w |= gn_load_now(word(v, i + 1)) << (64 - shift);
    return hi - lo < 63 ? w & ((2ull << (hi - lo)) - 1) : w;
  }

  /* v's state before its first round or visit, with preds predecessors listed at the front of
   * its row: P = {0 .. min(preds, n - 1)}, published whole in records(0), colored 0 at once
   * without predecessors. Returns P's highest color. */
  __device__ int32_t start(int32_t v, int32_t preds) const {
    const int32_t last = preds < n - 1 ? preds : n - 1; /* P = {0 .. last} */
    const unsigned long long top = ~0ull >> (63 - (last & 63)); /* bits 0 .. last % 64 */
    for (int32_t i = 1; i <= last / 64; ++i) *word(v, i) = i < last / 64 ? ~0ull : top;
    const unsigned long long head = last >= 64 ? ~0ull : top;
    vx[v] = color_vertex{head, 0, -1, preds, 0, kColorScanning};
    records(0)[v] = color_record{0, last, head};
    color[v] = last > 0 ? -1 : 0;
    return last;
  }

  /* v's state from its bitmap, starting from its last record (lo and hi only move inwards). */
  __device__ color_record own_state(int32_t v, color_record published) const {
    color_record r;
    r.lo = lowest_from(v, published.lo);
    r.hi = highest_to(v, published.hi);
    r.window = window_at(v, r.lo, r.hi);
    return r;
  }

  /* Color c leaves P(v), if it lies in P(v)'s range {0 .. min(preds, n - 1)} (colors below 64
   * always fall in v's head word). Any thread, any time; the result is not needed, so the
   * atomicAnd is a fire-and-forget reduction: a push loop does not wait for each one. */
  __device__ void remove_color(int32_t v, int32_t c) const {
    if (c >= 64 && c > split[v].preds) return;
    atomicAnd(word(v, c >> 6), ~(1ull << (c & 63)));
  }

  /* v's color is among the kept + 1 smallest of P (the colors of P below it belong to remaining
   * predecessors, at most kept of them): the others are dropped. P lies in [lo, hi]; returns the
   * new highest, or hi when P has at most kept + 1 colors. Runs in pre or post, never beside v's
   * own edges. Safe beside pushes: the kept + 1 smallest colors of the words as read (each read
   * at its own time, a superset of P then) include c*(v), or kept + 1 colors of P below c*(v)
   * would all belong to the at most kept remaining predecessors. */
  __device__ int32_t trim(int32_t v, int32_t lo, int32_t hi, int32_t kept) const {
    if ((int64_t)hi - lo <= kept) return hi; /* no room for more than kept + 1 colors */
    int64_t need = (int64_t)kept + 1, i = lo >> 6;
    unsigned long long x = gn_load_now(word(v, i)) & (~0ull << (lo & 63));
    for (int64_t found = __popcll(x); found < need; found = __popcll(x)) {
      need -= found;
      if (64 * (i + 1) > hi) return hi; /* bits above hi are clear: P is small enough */
      x = gn_load_now(word(v, ++i));
    }
    for (int64_t k = 1; k < need; ++k) x &= x - 1; /* the need-th color of word i is the last kept */
    const int32_t last = (int32_t)(64 * i + __ffsll((long long)x) - 1);
    atomicAnd(word(v, i), ~0ull >> (63 - (last & 63)));
    for (int64_t j = i + 1; 64 * j <= hi; ++j) atomicAnd(word(v, j), 0ull);
    return last;
  }
};

/* The colors of [base, base + 64) that a vertex publishing r may still take (bit i: base + i):
 * its window's bits, and every color of [lo + 64, hi], which the record does not detail. */
__device__ __forceinline__ unsigned long long color_possible_mask(color_record r, int64_t base) {
  const int64_t shift = (int64_t)r.lo - base;
  if (shift >= 64) return 0;
  unsigned long long mask = 0;
  if (shift >= 0) mask = r.window << shift;
  else if (shift > -64) mask = r.window >> -shift;
  const int64_t from = (int64_t)r.lo + 64 > base ? (int64_t)r.lo + 64 : base;
  const int64_t to = (int64_t)r.hi < base + 63 ? (int64_t)r.hi : base + 63;
  if (from <= to) mask |= (~0ull >> (63 - (to - base))) & (~0ull << (from - base));
  return mask;
}

/* Shortcut 2: can u's final color still be one of v's possible colors? mask = u's possible
 * colors from v.lo on. No when the ranges are apart, or when the masks share no bit and one of
 * the two sets ends within the 64 colors from v.lo. */
__device__ __forceinline__ bool color_may_conflict(color_record u, unsigned long long mask,
                                                   color_record v) {
  if (u.hi < v.lo || u.lo > v.hi) return false;
  const int64_t end = (int64_t)v.lo + 64;
  return (mask & v.window) != 0 || (u.hi >= end && v.hi >= end);
}

/* May a kept predecessor take color p? Inside the 64 colors from base, maybe (their possible
 * colors there) says; past them, only one whose range reaches p may (reach: their highest). */
__device__ __forceinline__ bool color_blocks(int64_t p, int64_t base, unsigned long long maybe,
                                             int64_t reach) {
  return p - base < 64 ? ((maybe >> (p - base)) & 1) != 0 : p <= reach;
}

/* Setup: one pass over every vertex. Its edges split its row into predecessors and successors
 * (an atomic slot each; pre zeroes the two counters); its post starts P = {0 .. min(preds,
 * n - 1)} and level 0 of the rounds: v as a pull item, or, with no predecessor, colored 0 and
 * ~v as a push item when it has successors (the slots: gn_aggregated_increment, one atomic per
 * warp and row). Priorities are computed from the degrees here: the rounds never need them. */
struct color_split_visitor : gn_out_arcs {
  const int32_t *self_loops; /* NULL: the graph has none */
  color_state st;
  gnest_color_tie tie;
  static constexpr bool kHasPost = true;
  static constexpr unsigned kLoops = GN_LOOP_PASS;

  __device__ int64_t degree(int32_t v) const { return color_degree(offsets, self_loops, v); }
  __device__ bool pre(int32_t v, const gn_step &) const {
    st.split[v] = color_split{0, 0};
    return true;
  }
  __device__ void edge(int32_t v, int64_t e, const gn_step &s) const {
    const int32_t u = cols[e];
    if (u == v) return;
    if (gn_color_priority(degree(u), u, tie) > gn_color_priority(degree(v), v, tie))
      st.adj[offsets[v] + gn_aggregated_increment(&st.split[v].preds, s)] = u;
    else
      st.adj[offsets[v + 1] - 1 - gn_aggregated_increment(&st.split[v].succs, s)] = u;
  }
  __device__ void post(int32_t v, const gn_step &s) const {
    if (st.start(v, gn_load_now(&st.split[v].preds)) > 0) {
      s.push(v);
      return;
    }
    st.records(1)[v] = st.records(0)[v]; /* no round wrote it: both halves hold the color */
    if (gn_load_now(&st.split[v].succs) > 0) s.push(~v);
  }
};

/* The rounds: frontier level l is round l + 1 of the simulation. Item v >= 0 is a pull item
 * (v uncolored), ~v a push item (v colored in the level before: its color leaves its
 * successors' P, with effect from the next level on, or earlier, which is as safe).
 *   pre(v): v's state from its bitmap; the hint (last round's blocker) examined first; when it
 *     still blocks, v publishes its record and comes back next level without a scan.
 *   edge(v, e): one predecessor entry (examine); stops softly once v is blocked: an edge that
 *     sees the stop returns at once (the visitor contract has no early exit), a thread reading
 *     v's list alone stops exactly at the blocker, threads sharing a list may read a few more.
 *   post(v): v takes its lowest possible color when no entry was left unread and no kept
 *     predecessor may take it; else it publishes its record (trimmed) and comes back.
 * A narrow pull item (fewer than kColorNarrow predecessors: P in the head word) runs pre, its
 * edges and post at once inside pre, in registers (narrow_round), and returns false.
 * Reads of other vertices: their records of the level before (double-buffered, complete) or,
 * for v's own P, live words that pushes clear concurrently: monotone, safe in any order. */
struct color_round_visitor {
  color_state st;
  static constexpr bool kHasPost = true;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;

  __device__ int64_t begin(int32_t i) const {
    return i >= 0 ? st.offsets[i] + st.vx[i].first : st.offsets[~i + 1] - st.split[~i].succs;
  }
  __device__ int64_t end(int32_t i) const {
    return i >= 0 ? st.offsets[i] + st.split[i].preds : st.offsets[~i + 1];
  }

  __device__ bool pre(int32_t i, const gn_step &s) const {
    color_record *now = st.records(s.level + 1);
    const color_record *before = st.records(s.level);
    if (i < 0) { /* colored in the level before: the other half gets its record too */
      now[~i] = before[~i];
      return true;
    }
    if (st.split[i].preds < kColorNarrow) {
      narrow_round(i, s);
      return false;
    }
    const color_record own = st.own_state(i, before[i]);
    now[i] = own; /* the round's base for i's edges; nobody else reads this half now */
    color_vertex &x = st.vx[i];
    x.maybe = 0;
    x.reach = -1;
    const int32_t hint = x.stop;
    x.stop = kColorScanning;
    if (hint >= 0) examine(i, st.offsets[i] + hint, own, s.level);
    if (x.stop == kColorScanning) return true;
    settle(i, own, s); /* the hint still blocks (or a removed color moved P's lowest): no scan */
    return false;
  }

  __device__ void edge(int32_t i, int64_t e, const gn_step &s) const {
    if (i < 0) {
      st.remove_color(st.adj[e], st.color[~i]);
      return;
    }
    examine(i, e, st.records(s.level + 1)[i], s.level);
  }

  __device__ void post(int32_t i, const gn_step &s) const {
    if (i < 0 || settle(i, st.records(s.level + 1)[i], s)) return;
    /* Still open after a scan: first moves past leading dropped entries (this item's edges
     * dropped them; their writes are visible here), a bounded number per round. */
    color_vertex &x = st.vx[i];
    const int64_t row = st.offsets[i];
    int32_t first = x.first;
    const int32_t last = st.split[i].preds;
    for (int k = 0; k < kColorAdvance && first < last && st.adj[row + first] < 0; ++k) ++first;
    x.first = first;
  }

  /* A narrow vertex's whole round in one thread, in registers (pre; no edges, no post). With
   * fewer than 64 predecessors P lies in the head word, so one load gives the round's own state
   * and every later step works on a private copy: the general path's shared maybe / reach /
   * left / stop (atomics, because a backend may spread one list over many threads) and its
   * repeated live reads of P were a chain of dependent memory round trips per item, which is
   * what a wide level of a low-degree graph waits on. The steps are examine() and settle()'s,
   * in the same order and with the same decisions (the simulation color_sim.c, process_in_place):
   * the hint first, the list up to the blocker, trim, publish. P's copy sees no push that lands
   * during the scan (as the simulation); what it removes and trims leaves the shared word in one
   * atomicAnd at the end, beside pushes that only clear bits too. */
  __device__ void narrow_round(int32_t v, const gn_step &s) const {
    const color_record *before = st.records(s.level);
    color_vertex &x = st.vx[v];
    const int64_t row = st.offsets[v];
    const int32_t preds = st.split[v].preds;
    unsigned long long P = gn_load_now(&x.head); /* never empty: c*(v) stays in it */
    const int32_t lo = __ffsll((long long)P) - 1;
    const color_record own = {lo, 63 - __clzll((long long)P), P >> lo};
    unsigned long long maybe = 0; /* colors lo + 0..63 a kept predecessor may take */
    int32_t left = x.left, stop = kColorScanning;
    /* Entry e as examine(); false when the scan stops. Every color here is below 64, so
     * color_blocks reduces to maybe's bit. */
    auto entry = [&](int64_t e) {
      const int32_t u = st.adj[e];
      if (u < 0) return true;
      const color_record pu = before[u];
      const bool colored = pu.lo == pu.hi;
      const unsigned long long mask = colored ? 0 : color_possible_mask(pu, lo);
      if (colored) {
        if (pu.lo < 64) P &= ~(1ull << pu.lo);
      } else if (color_may_conflict(pu, mask, own)) {
        maybe |= mask;
        const int32_t p = __ffsll((long long)P) - 1;
        if (((maybe >> (p - lo)) & 1) == 0) return true;
        stop = ((mask >> (p - lo)) & 1) ? (int32_t)(e - row) : kColorStopped;
        return false;
      }
      st.adj[e] = -1;
      --left;
      if (!colored) return true; /* P unchanged: nothing new can block */
      const int32_t p = __ffsll((long long)P) - 1;
      if (((maybe >> (p - lo)) & 1) == 0) return true;
      stop = kColorStopped;
      return false;
    };
    const int32_t hint = x.stop;
    const bool scanned = hint < 0 || entry(row + hint);
    if (scanned)
      for (int64_t e = row + x.first; e < row + preds && entry(e);) ++e;
    const int32_t p = __ffsll((long long)P) - 1;
    color_record r = {p, p, 1};
    if (left > 0 && (stop != kColorScanning || ((maybe >> (p - lo)) & 1))) {
      /* trim: keep the left + 1 smallest colors (c*(v) is among them), as color_state::trim */
      r.hi = own.hi;
      if (__popcll(P) > left + 1) {
        P = color_smallest(P, left + 1);
        r.hi = 63 - __clzll((long long)P);
      }
      r.window = P >> p;
    }
    st.records(s.level + 1)[v] = r;
    if (r.lo == r.hi) {
      st.color[v] = p;
      if (st.split[v].succs > 0) s.push(~v);
      return;
    }
    atomicAnd(&x.head, P); /* the colors removed and trimmed here; pushes clear theirs */
    int32_t first = x.first;
    if (scanned) /* as post: past at most kColorAdvance leading dropped entries */
      for (int k = 0; k < kColorAdvance && first < preds && st.adj[row + first] < 0; ++k) ++first;
    x.first = first;
    x.left = left;
    x.stop = stop;
    s.push(v);
  }

  /* Entry e of v's predecessor list against own (v at the round's start). A colored predecessor:
   * its color leaves P(v), the entry is dropped. One whose possible colors cannot meet P(v):
   * dropped (shortcut 2). Otherwise kept: its possible colors join maybe and reach. Then, if
   * P(v)'s lowest color is blocked, the scan stops (first stop wins), with e as the hint when this
   * entry's own colors block it. maybe and reach as read here may miss other threads' entries:
   * the stop is only later, never wrong (settle decides with the final values). */
  __device__ void examine(int32_t v, int64_t e, color_record own, int32_t level) const {
    color_vertex &x = st.vx[v];
    if (x.stop != kColorScanning) return; /* soft stop: a late view only reads more */
    const int32_t u = st.adj[e];
    if (u < 0) return;
    const color_record pu = st.records(level)[u];
    const bool colored = pu.lo == pu.hi;
    const unsigned long long mask = colored ? 0 : color_possible_mask(pu, own.lo);
    if (colored) st.remove_color(v, pu.lo);
    unsigned long long maybe;
    int32_t reach = -1;
    if (colored || !color_may_conflict(pu, mask, own)) {
      st.adj[e] = -1;
      atomicSub(&x.left, 1);
      if (!colored) return; /* P unchanged: nothing new can block */
      maybe = gn_load_now(&x.maybe);
    } else {
      maybe = atomicOr(&x.maybe, mask) | mask;
      atomicMax(&x.reach, pu.hi);
      reach = pu.hi;
    }
    const int32_t p = st.lowest_from(v, own.lo);
    if (!color_blocks(p, own.lo, maybe, max(reach, gn_load_now(&x.reach)))) return;
    const bool blocker = !colored && color_blocks(p, own.lo, mask, pu.hi);
    atomicCAS(&x.stop, kColorScanning, blocker ? (int32_t)(e - st.offsets[v]) : kColorStopped);
  }

  /* The end of v's round (post, or pre when the hint still blocks). v takes p = min P(v) when
   * its list is empty or, with every entry read (no stop), no kept predecessor may take p (not
   * in maybe, beyond reach): every remaining predecessor's record contains its final color, so p
   * is c*(v). Otherwise the record for the next level: [p, trimmed hi] and the window; a record
   * that is left with one color is a coloring too (P = {c*(v)}). Returns true when v was
   * colored. */
  __device__ bool settle(int32_t v, color_record own, const gn_step &s) const {
    const color_vertex &x = st.vx[v];
    const int32_t kept = gn_load_now(&x.left);
    const bool stopped = gn_load_now(&x.stop) != kColorScanning;
    const int32_t p = st.lowest_from(v, own.lo);
    color_record r = {p, p, 1};
    if (kept > 0 &&
        (stopped || color_blocks(p, own.lo, gn_load_now(&x.maybe), gn_load_now(&x.reach)))) {
      r.hi = st.trim(v, p, own.hi, kept);
      r.window = st.window_at(v, p, r.hi);
    }
    st.records(s.level + 1)[v] = r;
    if (r.lo != r.hi) {
      s.push(v);
      return false;
    }
    st.color[v] = p;
    if (st.split[v].succs > 0) s.push(~v);
    return true;
  }
};

#endif
