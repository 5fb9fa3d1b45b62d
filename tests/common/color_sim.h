/* Round-synchronous CPU simulations of two ways to compute gnest's coloring (the greedy first-fit
 * coloring in gn_color_priority order of src/cpu/color.c): Jones-Plassmann's frontier rounds (the
 * bound the shortcut rounds must meet) and the shortcut rounds of docs/methods.md, which
 * color_method=rounds runs on the GPU (src/algos/color.cu; test_gpu_algos checks its rounds
 * against this simulation). They count what a GPU round would do (vertices processed, arcs
 * read); they time nothing. Test code, not part of libgnest. */
#ifndef GNEST_TESTS_COLOR_SIM_H
#define GNEST_TESTS_COLOR_SIM_H

#include <stdint.h>
#include "gnest.h"

/* A CSR view: n vertices, offsets[n + 1], cols[offsets[n]]; symmetric, self-loops ignored. */
typedef struct proto_graph {
  int32_t n;
  const int64_t *offsets;
  const int32_t *cols;
} proto_graph;

/* What one dependent round did. */
typedef struct proto_round {
  int32_t round;    /* 1, 2, ... */
  int64_t vertices; /* vertices processed in the round */
  int64_t arcs;     /* arcs read: adjacency entries (JP) or predecessor-list entries (shortcut) */
  int64_t push;     /* shortcut with push: successor arcs read by the vertices colored in it */
  int64_t words;    /* shortcut: words of the processed vertices' own bitmaps read */
  int64_t colored;  /* vertices that got their final color in the round */
} proto_round;

typedef void (*proto_round_fn)(void *user, const proto_round *r);

typedef struct proto_totals {
  int64_t setup_arcs;    /* arcs read by the passes before the rounds */
  int64_t setup_colored; /* vertices colored by those passes */
  int32_t rounds;
  int64_t vertices, arcs, push, words; /* sums over the rounds (push: and the setup's) */
} proto_totals;

/* Jones-Plassmann as src/algos/color.cu runs it: setup = the degree pass and the wait-count
 * pass; round r = frontier level r, which reads every arc of its vertices once. Only the round
 * in which each vertex is colored is computed (round_of[v], from 1): its colors are the CPU
 * reference's by construction. on_round (may be NULL) is called after each round.
 * GNEST_ERR_OUT_OF_MEMORY on allocation failure, GNEST_ERR_INVALID_ARGUMENT for NULL arguments. */
gnest_status proto_jp_rounds(const proto_graph *g, int32_t *round_of, proto_round_fn on_round,
                             void *user, proto_totals *t);

typedef struct proto_shortcut_opts {
  /* 1 (default): a vertex that gets its color removes it from its successors' possible colors
   * after the round (push), and a scan stops at the end of the chunk in which the vertex's lowest
   * possible color became blocked. 0: no push; every round reads every remaining predecessor. */
  int push;
  /* With push: predecessors are read in chunks of this many, >= 1 (1: stop right after the
   * blocker; 32: a warp's load). Default 1. */
  int32_t chunk;
  /* 1: the GPU code's variant (src/algos/color.cuh), with push and chunk 1: dropped entries stay
   * in place as tombstones, the blocker is remembered as a hint that the next round examines
   * first, a list's start moves past at most 32 leading tombstones a round, and a color 64 or
   * more past the round's lowest is blocked only when a kept predecessor's range reaches it. 0
   * (default): survivors are compacted against the unread rest, the blocker first. */
  int in_place;
} proto_shortcut_opts;

void proto_shortcut_opts_init(proto_shortcut_opts *opts);

/* The shortcut rounds (docs/methods.md): colors[v] receives v's color, which equals the CPU
 * reference's. opts NULL = defaults. Errors as proto_jp_rounds, GNEST_ERR_INVALID_ARGUMENT for a
 * chunk below 1 or in_place without push and chunk 1, GNEST_ERR_INTERNAL if the rounds stopped
 * making progress (a bug). */
gnest_status proto_shortcut_color(const proto_graph *g, const proto_shortcut_opts *opts,
                                  int32_t *colors, proto_round_fn on_round, void *user,
                                  proto_totals *t);

#endif
