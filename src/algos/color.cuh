/* The visitors of gnest_color (driver: color.cu). Included by that file and, through
 * visitors.cuh, by the backends that instantiate their loops. */
#ifndef GNEST_ALGOS_COLOR_CUH
#define GNEST_ALGOS_COLOR_CUH

#include "visit.cuh"

/* Pass 1: self-loops per vertex, so that priorities use degrees without them (as the CPU). */
struct self_loop_visitor : gn_out_arcs {
  int32_t *self_loops;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  __device__ bool pre(int32_t, const gn_step &) const { return true; }
  __device__ void edge(int32_t v, int64_t e, const gn_step &) const {
    if (cols[e] == v) atomicAdd(&self_loops[v], 1);
  }
  __device__ void post(int32_t, const gn_step &) const {}
};

/* Pass 2: each arc v -> j towards a lower-priority j makes j wait for v. Counting from the higher
 * end, with the same arcs that later release j, keeps counts and releases equal even when
 * duplicate arcs make the two directions' multiplicities differ. */
struct waiting_visitor : gn_out_arcs {
  const uint64_t *priority;
  int32_t *waiting;
  static constexpr bool kHasPost = false;
  static constexpr unsigned kLoops = GN_LOOP_PASS;
  __device__ bool pre(int32_t, const gn_step &) const { return true; }
  __device__ void edge(int32_t v, int64_t e, const gn_step &) const {
    const int32_t j = cols[e];
    if (j != v && priority[j] < priority[v]) atomicAdd(&waiting[j], 1);
  }
  __device__ void post(int32_t, const gn_step &) const {}
};

/* The rounds. window[v] .. window[v+1] are v's 64-bit words of forbidden colors: waiting[v]/64+1
 * words, enough because v's first free color is at most its number of higher-priority arcs.
 * Race-freedom: color[j] is read only for higher-priority j, whose post ran in an earlier pass
 * (v was released only after all of them), so it is final; v's bitmap is written only by v's own
 * arcs (atomicOr) and read by post(v) after them; waiting[j] reaches 0 exactly once (atomicSub),
 * so j is pushed exactly once. Same-pass vertices are never adjacent. */
struct jones_plassmann_visitor : gn_out_arcs {
  const uint64_t *priority;
  int32_t *waiting;
  const int64_t *window;
  unsigned long long *forbidden;
  int32_t *color;
  static constexpr bool kHasPost = true;
  static constexpr unsigned kLoops = GN_LOOP_FRONTIER;
  __device__ bool pre(int32_t, const gn_step &) const { return true; }
  __device__ void edge(int32_t v, int64_t e, const gn_step &s) const {
    const int32_t j = cols[e];
    if (j == v) return;
    if (priority[j] > priority[v]) {
      const uint32_t c = (uint32_t)gn_load_now(&color[j]); /* final; written in an earlier pass */
      const int64_t word = window[v] + (int64_t)(c >> 6);
      if (word < window[v + 1]) atomicOr(&forbidden[word], 1ull << (c & 63));
    } else if (atomicSub(&waiting[j], 1) == 1) {
      s.push(j); /* v was j's last higher-priority neighbour to be processed */
    }
  }
  __device__ void post(int32_t v, const gn_step &) const {
    const int64_t first = window[v], last = window[v + 1];
    for (int64_t word = first; word < last; ++word) {
      const unsigned long long free_bits = ~gn_load_now(&forbidden[word]);
      if (free_bits) {
        color[v] = (int32_t)(64 * (word - first)) + __ffsll((long long)free_bits) - 1;
        return;
      }
    }
  }
};

#endif
