/* Round-synchronous simulations of gnest's coloring; the algorithm and the proof that the
 * shortcut rounds give exactly the CPU reference's colors are in docs/methods.md (Coloring).
 *
 * "Round-synchronous" is kept literally: a round reads the other vertices' state only from the
 * records published at the end of the previous round (two record buffers, by round parity); a
 * vertex writes its own state, and a push item only removes its color from its successors'
 * possible colors, with effect from the next round on. That is what one GPU pass per round gives
 * with a kernel boundary or grid barrier between rounds, whatever the order of the items in it. */
#include <stdlib.h>
#include <string.h>
#include "color_sim.h"
#include "cpu/cpu.h" /* gn_color_priority: the order every backend uses */

/* Priorities as src/cpu/color.c computes them: degree without self-loops, then a hash of v. */
static uint64_t *priorities(const proto_graph *g) {
  uint64_t *prio = malloc(((size_t)g->n + 1) * sizeof *prio);
  if (prio == NULL) return NULL;
  for (int32_t v = 0; v < g->n; v++) {
    int64_t loops = 0;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) loops += g->cols[e] == v;
    prio[v] = gn_color_priority(g->offsets[v + 1] - g->offsets[v] - loops, v, GNEST_COLOR_TIE_HASH);
  }
  return prio;
}

/* u is one of v's predecessors: a neighbour of higher priority, which v must wait for or rule out. */
static int is_predecessor(const uint64_t *prio, int32_t u, int32_t v) {
  return u != v && prio[u] > prio[v];
}

static void add_round(proto_totals *t, const proto_round *r, proto_round_fn on_round, void *user) {
  t->rounds = r->round;
  t->vertices += r->vertices;
  t->arcs += r->arcs;
  t->words += r->words;
  t->push += r->push;
  if (on_round != NULL) on_round(user, r);
}

/* ------------------------------------------------------------------------------------------ */
/* Jones-Plassmann, as the frontier loop of src/algos/color.cu                                 */
/* ------------------------------------------------------------------------------------------ */

gnest_status proto_jp_rounds(const proto_graph *g, int32_t *round_of, proto_round_fn on_round,
                             void *user, proto_totals *t) {
  if (g == NULL || round_of == NULL || t == NULL) return GNEST_ERR_INVALID_ARGUMENT;
  const int32_t n = g->n;
  const size_t count = (size_t)n + 1;
  uint64_t *prio = priorities(g);
  int64_t *waiting = calloc(count, sizeof *waiting);
  int32_t *frontier = malloc(count * sizeof *frontier), *next = malloc(count * sizeof *next);
  memset(t, 0, sizeof *t);
  if (prio == NULL || waiting == NULL || frontier == NULL || next == NULL) {
    free(prio), free(waiting), free(frontier), free(next);
    return GNEST_ERR_OUT_OF_MEMORY;
  }
  /* Setup: the degree pass (priorities) and the wait-count pass each read every arc. */
  t->setup_arcs = 2 * g->offsets[n];
  for (int32_t v = 0; v < n; v++)
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
      if (is_predecessor(prio, v, g->cols[e])) waiting[g->cols[e]]++;
  int32_t size = 0;
  for (int32_t v = 0; v < n; v++)
    if (waiting[v] == 0) frontier[size++] = v;

  while (size > 0) {
    proto_round r = {.round = t->rounds + 1};
    int32_t next_size = 0;
    for (int32_t i = 0; i < size; i++) {
      const int32_t v = frontier[i];
      round_of[v] = r.round;
      r.arcs += g->offsets[v + 1] - g->offsets[v];
      for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
        const int32_t j = g->cols[e];
        if (is_predecessor(prio, v, j) && --waiting[j] == 0) next[next_size++] = j;
      }
    }
    r.vertices = r.colored = size;
    add_round(t, &r, on_round, user);
    int32_t *swap = frontier;
    frontier = next, next = swap, size = next_size;
  }
  free(prio), free(waiting), free(frontier), free(next);
  return GNEST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Shortcut rounds                                                                             */
/* ------------------------------------------------------------------------------------------ */

/* What a vertex publishes at the end of a round for its lower-priority neighbours: its possible
 * colors P lie in [lo, hi] and bit i of window says whether lo + i is in P (bits beyond hi are 0).
 * lo == hi: colored. A superset of P is always safe to read (docs/methods.md, invariant J). */
typedef struct sc_record {
  int32_t lo, hi;
  uint64_t window;
} sc_record;

typedef struct sc_state {
  const proto_graph *g;
  proto_shortcut_opts opts;
  int32_t *colors;
  int32_t *adj;        /* row v reordered: predecessors, then successors */
  int64_t *first;      /* v's remaining predecessors: adj[first[v] .. pred_end[v]) */
  int64_t *pred_end;   /* v's successors: adj[pred_end[v] .. succ_end[v]) */
  int64_t *succ_end;
  int64_t *first_word; /* v's bitmap of P: bits[first_word[v] .. first_word[v + 1]) */
  uint64_t *bits;
  int64_t *size;       /* |P(v)| */
  int64_t *left;       /* in_place: |A(v)|, the live entries of adj[first[v] .. pred_end[v]) */
  int64_t *hint;       /* in_place: where last round's blocker lies in adj, or SC_NO_HINT */
  sc_record *rec[2];   /* rec[r & 1]: the records at the end of round r */
  int32_t *active, *next_active;
  int32_t *pushing, *colored_now; /* push items of this round; vertices colored in it */
  int32_t npushing, ncolored_now;
} sc_state;

static uint64_t bits_between(int64_t a, int64_t b) { /* bits a..b, 0 <= a <= b <= 63 */
  return (~0ull >> (63 - b)) & (~0ull << a);
}

/* The colors of [base, base + 64) that a vertex publishing r may still take (bit i: base + i):
 * its window's bits, and every color of [lo + 64, hi], which the record does not detail. */
static uint64_t possible_mask(sc_record r, int64_t base) {
  const int64_t shift = (int64_t)r.lo - base;
  uint64_t mask = 0;
  if (shift >= 64) return 0;
  if (shift >= 0) mask = r.window << shift;
  else if (shift > -64) mask = r.window >> -shift;
  const int64_t from = (int64_t)r.lo + 64 > base ? (int64_t)r.lo + 64 : base;
  const int64_t to = (int64_t)r.hi < base + 63 ? (int64_t)r.hi : base + 63;
  if (from <= to) mask |= bits_between(from - base, to - base);
  return mask;
}

/* Shortcut 2: can u's final color still be one of v's possible colors? mask = u's
 * possible_mask at v.lo. No when the ranges are apart, or when the masks share no bit and one of
 * the two sets ends inside the 64 colors from v.lo. */
static int may_conflict(sc_record u, uint64_t mask, sc_record v) {
  if (u.hi < v.lo || u.lo > v.hi) return 0;
  const int64_t end = (int64_t)v.lo + 64;
  return (mask & v.window) != 0 || (u.hi >= end && v.hi >= end);
}

/* May a remaining predecessor take color p? maybe = their possible colors from base on. */
static int is_blocked(int64_t p, int64_t base, uint64_t maybe) {
  return p - base >= 64 || ((maybe >> (p - base)) & 1);
}

/* Lowest element of P at or above from (P has one); *words counts the words read. */
static int32_t lowest_from(const uint64_t *w, int64_t from, int64_t *words) {
  int64_t i = from >> 6;
  uint64_t x = w[i] & (~0ull << (from & 63));
  for (++*words; x == 0; ++*words) x = w[++i];
  return (int32_t)(64 * i + __builtin_ctzll(x));
}

/* Highest element of P at or below to (P has one). */
static int32_t highest_to(const uint64_t *w, int64_t to, int64_t *words) {
  int64_t i = to >> 6;
  uint64_t x = w[i] & (~0ull >> (63 - (to & 63)));
  for (++*words; x == 0; ++*words) x = w[--i];
  return (int32_t)(64 * i + 63 - __builtin_clzll(x));
}

/* v's current state from its bitmap (pushes may have removed colors since it last published).
 * lo and hi only move inwards, so the scans start at the published ones. A one-word bitmap is
 * one read (on the GPU it lives in the record itself). */
static sc_record own_state(const sc_state *s, int32_t v, sc_record published, int64_t *words) {
  const uint64_t *w = s->bits + s->first_word[v];
  const int64_t nwords = s->first_word[v + 1] - s->first_word[v];
  int64_t scanned = 0;
  sc_record r;
  r.lo = lowest_from(w, published.lo, &scanned);
  r.hi = highest_to(w, published.hi, &scanned);
  const int64_t i = r.lo >> 6, shift = r.lo & 63;
  r.window = w[i] >> shift;
  if (shift != 0 && i + 1 < nwords) r.window |= w[i + 1] << (64 - shift);
  *words += nwords == 1 ? 1 : scanned + 1;
  return r;
}

/* Color c leaves P(v) (a colored predecessor took it); nothing when it is not there. */
static void remove_color(sc_state *s, int32_t v, int32_t c) {
  uint64_t *w = s->bits + s->first_word[v];
  if ((int64_t)c >= 64 * (s->first_word[v + 1] - s->first_word[v])) return; /* beyond P's range */
  const uint64_t bit = 1ull << (c & 63);
  if (w[c >> 6] & bit) {
    w[c >> 6] &= ~bit;
    s->size[v]--;
  }
}

/* v's color is among the kept + 1 smallest of P (at most kept of them can be taken by the
 * remaining predecessors): the others are dropped, highest first. Returns the new highest. */
static int32_t trim(sc_state *s, int32_t v, int32_t hi, int64_t kept, int64_t *words) {
  uint64_t *w = s->bits + s->first_word[v];
  if (s->size[v] <= kept + 1) return hi; /* hi stays an upper bound of P */
  hi = highest_to(w, hi, words);         /* the scan may have removed the old highest */
  while (s->size[v] > kept + 1) {
    w[hi >> 6] &= ~(1ull << (hi & 63));
    s->size[v]--;
    hi = highest_to(w, hi - 1, words);
  }
  return hi;
}

/* v's record at the end of round. A colored vertex is not processed again: after the round
 * (not during it, which would show the color early) its record is copied to the other buffer
 * too, and with push it joins the next round's push items, by finish_colored. */
static void publish(sc_state *s, int32_t v, int32_t round, sc_record r) {
  if (r.lo == r.hi) {
    r.window = 1;
    s->colors[v] = r.lo;
  }
  s->rec[round & 1][v] = r;
}

static void finish_colored(sc_state *s, int32_t v, int32_t round) {
  s->rec[(round + 1) & 1][v] = s->rec[round & 1][v];
  if (s->opts.push) s->colored_now[s->ncolored_now++] = v;
}

/* The push items of a round: the vertices colored in the previous round remove their color from
 * their successors' sets. They run in the same pass as the round's scans, so the scans do not
 * see their effect: it shows from the next round on. Then this round's colored vertices become
 * the next round's push items. */
static void push_colors(sc_state *s, proto_round *pr) {
  for (int32_t i = 0; i < s->npushing; i++) {
    const int32_t v = s->pushing[i];
    for (int64_t e = s->pred_end[v]; e < s->succ_end[v]; e++) remove_color(s, s->adj[e], s->colors[v]);
    pr->push += s->succ_end[v] - s->pred_end[v];
  }
  int32_t *swap = s->pushing;
  s->pushing = s->colored_now, s->npushing = s->ncolored_now;
  s->colored_now = swap, s->ncolored_now = 0;
}

/* The remaining predecessors after a scan that stopped before scanned_end: the survivors
 * adj[first .. kept_end) move up against the unread rest, the blocker first (the next round
 * reads it first). */
static void keep_survivors(sc_state *s, int32_t v, int64_t kept_end, int64_t scanned_end,
                           int64_t blocker) {
  const int64_t first = s->first[v], kept = kept_end - first;
  if (blocker > first) {
    const int32_t swap = s->adj[first];
    s->adj[first] = s->adj[blocker], s->adj[blocker] = swap;
  }
  memmove(s->adj + scanned_end - kept, s->adj + first, (size_t)kept * sizeof *s->adj);
  s->first[v] = scanned_end - kept;
}

/* One vertex in one round: read its remaining predecessors' records of the previous round; drop
 * the colored ones (their color leaves P) and those that can no longer conflict (shortcut 2);
 * with push, stop at the end of the chunk in which P's lowest color became blocked. Then v takes
 * its lowest possible color p when no remaining predecessor may take it (shortcut 1).
 * Returns 1 when v is colored. */
static int process(sc_state *s, int32_t v, int32_t round, proto_round *pr) {
  const sc_record *prev = s->rec[(round - 1) & 1];
  const sc_record own = own_state(s, v, prev[v], &pr->words);
  const int64_t first = s->first[v], end = s->pred_end[v];
  const int64_t chunk = s->opts.push ? s->opts.chunk : end - first + 1;
  int64_t e = first, kept_end = first, blocker = first, p = own.lo;
  uint64_t maybe = 0; /* colors of [own.lo, own.lo + 64) a remaining predecessor may take */
  for (; e < end && !((e - first) % chunk == 0 && e > first && is_blocked(p, own.lo, maybe)); e++) {
    const int32_t u = s->adj[e];
    const sc_record pu = prev[u];
    if (pu.lo == pu.hi) { /* colored in an earlier round; its push may not have landed yet */
      remove_color(s, v, pu.lo);
      if (pu.lo == p) p = lowest_from(s->bits + s->first_word[v], p, &pr->words);
      continue;
    }
    const uint64_t mask = possible_mask(pu, own.lo);
    if (!may_conflict(pu, mask, own)) continue;
    if (!is_blocked(p, own.lo, maybe) && is_blocked(p, own.lo, mask)) blocker = kept_end;
    s->adj[kept_end++] = u;
    maybe |= mask;
  }
  pr->vertices++;
  pr->arcs += e - first;
  keep_survivors(s, v, kept_end, e, blocker);
  const int64_t kept = end - s->first[v];
  sc_record r = {(int32_t)p, trim(s, v, own.hi, kept, &pr->words), 0};
  int64_t in_registers = 0; /* the words for the window were read at the start of the round */
  if (kept == 0 || !is_blocked(p, own.lo, maybe)) r.hi = r.lo;
  else r.window = own_state(s, v, r, &in_registers).window;
  publish(s, v, round, r);
  return r.lo == r.hi;
}

/* ------------------------------------------------------------------------------------------ */
/* The GPU's list handling (opts.in_place): src/algos/color.cuh, one entry per visitor edge     */
/* ------------------------------------------------------------------------------------------ */

/* A GPU round cannot move list entries (several threads may read one list), so a dropped entry
 * becomes a tombstone (-1) in place, the blocker is remembered by its position (the hint, read
 * first next round) and the list's start moves past at most SC_ADVANCE leading tombstones per
 * round (the GPU does it in one thread: kColorAdvance in src/algos/color.cuh). */
#define SC_NO_HINT (-1)
#define SC_ADVANCE 32

/* One vertex's scan in one round: its state at the start, what its kept predecessors may take. */
typedef struct sc_scan {
  sc_record own;
  uint64_t maybe; /* their possible colors in [own.lo, own.lo + 64) */
  int64_t reach;  /* the highest color one of them may take (-1: none kept) */
  int stopped;
  int64_t hint;   /* when stopped: the blocker's position, or SC_NO_HINT */
} sc_scan;

/* May a kept predecessor take color p? Inside the 64 colors from base, maybe says; past them,
 * only one whose range reaches p may (is_blocked says yes to every color past them, which can
 * stop a vertex whose predecessors are all colored). */
static int sc_blocks(int64_t p, int64_t base, uint64_t maybe, int64_t reach) {
  return p - base < 64 ? (int)((maybe >> (p - base)) & 1) : p <= reach;
}

/* The visitor's edge: entry e of v's list. A colored predecessor's color leaves P(v) and the
 * entry is dropped, so is one that cannot conflict (shortcut 2); a kept one adds its possible
 * colors to maybe and reach. The scan stops once P's lowest color is blocked, with the entry as
 * the hint when its own colors block it. */
static void examine(sc_state *s, int32_t v, int64_t e, const sc_record *prev, sc_scan *sc,
                    proto_round *pr) {
  const int32_t u = s->adj[e];
  pr->arcs++;
  if (u < 0) return;
  const sc_record pu = prev[u];
  const int colored = pu.lo == pu.hi;
  const uint64_t mask = colored ? 0 : possible_mask(pu, sc->own.lo);
  if (colored) remove_color(s, v, pu.lo);
  if (colored || !may_conflict(pu, mask, sc->own)) {
    s->adj[e] = -1;
    s->left[v]--;
    if (!colored) return; /* P unchanged: no new block */
  } else {
    sc->maybe |= mask;
    if (pu.hi > sc->reach) sc->reach = pu.hi;
  }
  const int64_t p = lowest_from(s->bits + s->first_word[v], sc->own.lo, &pr->words);
  if (!sc_blocks(p, sc->own.lo, sc->maybe, sc->reach)) return;
  sc->stopped = 1;
  sc->hint = !colored && sc_blocks(p, sc->own.lo, mask, pu.hi) ? e : SC_NO_HINT;
}

static void advance_first(sc_state *s, int32_t v) {
  for (int k = 0; k < SC_ADVANCE && s->first[v] < s->pred_end[v] && s->adj[s->first[v]] < 0; k++)
    s->first[v]++;
}

/* process() with the GPU's list handling: the visitor's pre examines the hint and, when it
 * still blocks, publishes without a scan; else the edges examine the list in order (the hint's
 * entry again: a no-op), stopping at the blocker; post colors v or publishes its record. */
static int process_in_place(sc_state *s, int32_t v, int32_t round, proto_round *pr) {
  const sc_record *prev = s->rec[(round - 1) & 1];
  sc_scan sc = {.own = own_state(s, v, prev[v], &pr->words), .reach = -1, .hint = SC_NO_HINT};
  const int64_t hint = s->hint[v];
  if (hint != SC_NO_HINT) examine(s, v, hint, prev, &sc, pr);
  const int scanned = !sc.stopped;
  for (int64_t e = s->first[v]; scanned && !sc.stopped && e < s->pred_end[v]; e++)
    examine(s, v, e, prev, &sc, pr);
  pr->vertices++;
  const int64_t kept = s->left[v];
  const int32_t p = lowest_from(s->bits + s->first_word[v], sc.own.lo, &pr->words);
  sc_record r = {p, p, 0};
  if (kept > 0 && (sc.stopped || sc_blocks(p, sc.own.lo, sc.maybe, sc.reach))) {
    r.hi = trim(s, v, sc.own.hi, kept, &pr->words);
    int64_t in_registers = 0;
    r.window = own_state(s, v, r, &in_registers).window;
    s->hint[v] = sc.stopped ? sc.hint : SC_NO_HINT;
    if (scanned) advance_first(s, v);
  }
  publish(s, v, round, r);
  return r.lo == r.hi;
}

static void sc_free(sc_state *s) {
  free(s->adj), free(s->first), free(s->pred_end), free(s->succ_end), free(s->first_word);
  free(s->bits), free(s->size), free(s->left), free(s->hint), free(s->rec[0]), free(s->rec[1]);
  free(s->active), free(s->next_active), free(s->pushing), free(s->colored_now);
}

/* Row v reordered into adj: predecessors (k of them, duplicates counted), then successors. */
static int64_t split_row(sc_state *s, const uint64_t *prio, int32_t v) {
  const proto_graph *g = s->g;
  int64_t at = g->offsets[v];
  for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
    if (is_predecessor(prio, g->cols[e], v)) s->adj[at++] = g->cols[e];
  s->first[v] = g->offsets[v];
  s->pred_end[v] = at;
  for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
    if (is_predecessor(prio, v, g->cols[e])) s->adj[at++] = g->cols[e];
  s->succ_end[v] = at;
  return s->pred_end[v] - g->offsets[v];
}

/* The setup pass: every vertex splits its row and starts with P = {0 .. min(k, n - 1)} for its
 * k predecessors: first fit never needs more colors than predecessors. */
static gnest_status sc_setup(sc_state *s, const uint64_t *prio, proto_totals *t) {
  const proto_graph *g = s->g;
  const size_t count = (size_t)g->n + 1;
  s->adj = malloc(((size_t)g->offsets[g->n] + 1) * sizeof *s->adj);
  s->first = malloc(count * sizeof *s->first);
  s->pred_end = malloc(count * sizeof *s->pred_end);
  s->succ_end = malloc(count * sizeof *s->succ_end);
  s->first_word = malloc(count * sizeof *s->first_word);
  s->size = malloc(count * sizeof *s->size);
  s->left = malloc(count * sizeof *s->left);
  s->hint = malloc(count * sizeof *s->hint);
  s->rec[0] = malloc(count * sizeof *s->rec[0]);
  s->rec[1] = malloc(count * sizeof *s->rec[1]);
  s->active = malloc(count * sizeof *s->active);
  s->next_active = malloc(count * sizeof *s->next_active);
  s->pushing = malloc(count * sizeof *s->pushing);
  s->colored_now = malloc(count * sizeof *s->colored_now);
  if (!s->adj || !s->first || !s->pred_end || !s->succ_end || !s->first_word || !s->size ||
      !s->left || !s->hint || !s->rec[0] || !s->rec[1] || !s->active || !s->next_active || !s->pushing || !s->colored_now)
    return GNEST_ERR_OUT_OF_MEMORY;
  s->first_word[0] = 0;
  for (int32_t v = 0; v < g->n; v++) {
    const int64_t k = split_row(s, prio, v);
    s->size[v] = (k < g->n - 1 ? k : g->n - 1) + 1;
    s->left[v] = k;
    s->hint[v] = SC_NO_HINT;
    s->first_word[v + 1] = s->first_word[v] + (s->size[v] - 1) / 64 + 1;
  }
  t->setup_arcs = 2 * g->offsets[g->n]; /* the degree pass, then this one */
  s->bits = calloc((size_t)s->first_word[g->n] + 1, sizeof *s->bits);
  return s->bits != NULL ? GNEST_OK : GNEST_ERR_OUT_OF_MEMORY;
}

/* P(v) = {0 .. size - 1} in the bitmap and the records; vertices with no predecessor are colored
 * 0 at once (their pushes are round 1's push items), the others are the first round's active
 * list. Returns the active count. */
static int32_t sc_start(sc_state *s, proto_totals *t) {
  int32_t active = 0;
  for (int32_t v = 0; v < s->g->n; v++) {
    uint64_t *w = s->bits + s->first_word[v];
    const int64_t last = s->size[v] - 1;
    for (int64_t i = 0; i < last >> 6; i++) w[i] = ~0ull;
    w[last >> 6] = bits_between(0, last & 63);
    const sc_record r = {0, (int32_t)last, last < 64 ? bits_between(0, last) : ~0ull};
    s->colors[v] = -1;
    publish(s, v, 0, r);
    if (last > 0) s->active[active++] = v;
    else finish_colored(s, v, 0);
  }
  proto_round none = {0};
  push_colors(s, &none); /* no push items yet: only makes the setup's colored vertices round 1's */
  t->setup_colored = s->g->n - active;
  return active;
}

void proto_shortcut_opts_init(proto_shortcut_opts *opts) {
  opts->push = 1;
  opts->chunk = 1;
  opts->in_place = 0;
}

gnest_status proto_shortcut_color(const proto_graph *g, const proto_shortcut_opts *opts,
                                  int32_t *colors, proto_round_fn on_round, void *user,
                                  proto_totals *t) {
  if (g == NULL || colors == NULL || t == NULL || (opts != NULL && opts->chunk < 1) ||
      (opts != NULL && opts->in_place && (!opts->push || opts->chunk != 1)))
    return GNEST_ERR_INVALID_ARGUMENT;
  memset(t, 0, sizeof *t);
  sc_state s = {.g = g, .colors = colors};
  if (opts != NULL) s.opts = *opts;
  else proto_shortcut_opts_init(&s.opts);
  uint64_t *prio = priorities(g);
  gnest_status st = prio != NULL ? sc_setup(&s, prio, t) : GNEST_ERR_OUT_OF_MEMORY;
  free(prio);
  int32_t active = st == GNEST_OK ? sc_start(&s, t) : 0;
  while (active > 0) {
    proto_round r = {.round = t->rounds + 1};
    int32_t next = 0;
    for (int32_t i = 0; i < active; i++) {
      const int32_t v = s.active[i];
      if ((s.opts.in_place ? process_in_place : process)(&s, v, r.round, &r)) r.colored++;
      else s.next_active[next++] = v;
    }
    for (int32_t i = 0; i < active; i++)
      if (s.colors[s.active[i]] >= 0) finish_colored(&s, s.active[i], r.round);
    push_colors(&s, &r);
    add_round(t, &r, on_round, user);
    int32_t *swap = s.active;
    s.active = s.next_active, s.next_active = swap, active = next;
    /* Each round colors at least the highest-priority vertex left uncolored by the previous one
     * (docs/methods.md); more rounds than vertices would be a bug, reported, not looped on. */
    if (t->rounds > g->n) st = GNEST_ERR_INTERNAL, active = 0;
  }
  proto_round trailing = {0}; /* the last round's colored vertices still push (one more pass) */
  if (st == GNEST_OK) push_colors(&s, &trailing);
  t->push += trailing.push;
  sc_free(&s);
  return st;
}
