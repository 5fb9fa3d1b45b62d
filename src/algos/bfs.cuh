/* The visitors of gnest_bfs (driver: bfs.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_BFS_CUH
#define GNEST_ALGOS_BFS_CUH

#include "algos/visit.cuh"

/* A top-down step: level l's vertices (the work list) claim their unvisited out-neighbours for
 * level base + l + 1 (base: the levels run before the loop started, when the direction-optimizing
 * loop hands the rest of a traversal to gn_run_frontier; else 0).
 * Race-freedom: level[w] leaves -1 exactly once (the CAS), so exactly one arc pushes w, and w
 * gets the level of the first pass that reaches it: passes run one after another. */
struct bfs_visitor : gn_out_arcs {
  int32_t *level;
  int32_t base;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER | GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t, const S &) const { return true; }
  template <class S>
  __host__ __device__ void edge(int32_t, int64_t e, const S &s) const {
    const int32_t w = cols[e];
    if (gn_load_now(&level[w]) != -1) return; /* visited: skip the atomic */
    if (s.cas(&level[w], -1, base + s.level + 1) == -1) s.push(w);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

/* A bottom-up step of level l (Beamer et al., SC 2012), a pass over every vertex [0, n): an
 * unvisited vertex i looks among its arcs for a neighbour of level l (the frontier) and, at the
 * first, takes level l + 1 and is pushed (the next frontier's list: its size and arcs decide the
 * next direction). Symmetric graphs only: i's out-arcs are then its in-arcs.
 *
 * The early end. Once i is found the rest of its inner loop has nothing to do. The contract has
 * no way to end an inner loop (src/sched/README.md), and needs none: each edge first re-reads
 * level[i] and returns at once when i is found, so the rest of i's iterations cost one load of
 * the same address each (no cols[] read, no read of a neighbour's level, no atomic). Where a
 * thread runs an item serially (flat, the light items of every backend) a warp's 32 items are
 * consecutive vertices, so those loads fall in one or two cache lines a warp iteration.
 *
 * Race-freedom: level[i] is written during the step only by i's own edges (a CTA, warp or child
 * grid may run them at once), with a CAS from -1, so i is pushed once. pre reads level[i] before
 * any of them runs (rule 1), a plain load. A neighbour u's level may be written at the same time
 * (u claimed for l + 1 by its own edges): the load is gn_load_now, and reads -1 or l + 1, never
 * l, so a vertex of the next level is never taken for a parent. Self-loops and repeated arcs only
 * repeat a test. */
struct bfs_bottom_up_visitor : gn_out_arcs {
  int32_t *level;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  static constexpr bool kHostRunnable = true;
  template <class S>
  __host__ __device__ bool pre(int32_t i, const S &) const { return level[i] == -1; }
  template <class S>
  __host__ __device__ void edge(int32_t i, int64_t e, const S &s) const {
    if (gn_load_now(&level[i]) != -1) return; /* found by an earlier arc: the early end */
    const int32_t u = cols[e];
    if (gn_load_now(&level[u]) != s.level) return;
    if (s.cas(&level[i], -1, s.level + 1) == -1) s.push(i);
  }
  template <class S>
  __host__ __device__ void post(int32_t, const S &) const {}
};

#endif
