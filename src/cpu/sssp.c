/* Single-source shortest paths: Dijkstra with an indexed binary min-heap (decrease-key).
 *
 * Distances are doubles accumulated exactly as the GPU does, dist[v] = fl(dist[u] + w(u,v)), so
 * the result is, for every v, the minimum over paths source -> v of the path's left-to-right
 * double sum (double addition of a non-negative weight is monotone and never decreases its left
 * operand, which is all Dijkstra needs). Every backend computes that same fixed point, so tests
 * compare with exact equality; integer weights whose sums stay within 2^53 give exact distances.
 *
 * Unweighted graph: weight 1. Unreachable: +INFINITY (a sum that overflows to +inf improves
 * nothing; the driver reports such an arc, src/algos/sssp.cu). Weights must be >= 0 (the API
 * layer checks). Counters: edges_visited = arcs scanned from settled vertices, iterations =
 * vertices settled. */
#include <math.h>
#include <stdlib.h>
#include "cpu/cpu.h"

/* Min-heap of vertices keyed by dist[]; pos[v] is v's slot in heap, NOT_QUEUED before v is
 * reached, SETTLED after it was popped. */
enum { NOT_QUEUED = -1, SETTLED = -2 };

typedef struct vertex_heap {
  int32_t *heap;
  int32_t *pos;
  int32_t size;
  const double *dist;
} vertex_heap;

static void heap_place(vertex_heap *h, int32_t slot, int32_t v) {
  h->heap[slot] = v;
  h->pos[v] = slot;
}

static void heap_sift_up(vertex_heap *h, int32_t slot) {
  const int32_t v = h->heap[slot];
  while (slot > 0) {
    const int32_t parent = (slot - 1) / 2;
    if (h->dist[h->heap[parent]] <= h->dist[v]) break;
    heap_place(h, slot, h->heap[parent]);
    slot = parent;
  }
  heap_place(h, slot, v);
}

static void heap_sift_down(vertex_heap *h, int32_t slot) {
  const int32_t v = h->heap[slot];
  for (;;) {
    int32_t child = 2 * slot + 1;
    if (child >= h->size) break;
    if (child + 1 < h->size && h->dist[h->heap[child + 1]] < h->dist[h->heap[child]]) child++;
    if (h->dist[v] <= h->dist[h->heap[child]]) break;
    heap_place(h, slot, h->heap[child]);
    slot = child;
  }
  heap_place(h, slot, v);
}

/* Inserts v, or moves it up after its distance decreased. */
static void heap_push_or_decrease(vertex_heap *h, int32_t v) {
  if (h->pos[v] == NOT_QUEUED) {
    heap_place(h, h->size, v);
    h->size++;
  }
  heap_sift_up(h, h->pos[v]);
}

static int32_t heap_pop_min(vertex_heap *h) {
  const int32_t top = h->heap[0];
  h->pos[top] = SETTLED;
  h->size--;
  if (h->size > 0) {
    heap_place(h, 0, h->heap[h->size]);
    heap_sift_down(h, 0);
  }
  return top;
}

gnest_status gn_cpu_sssp(const gn_csr *g, int32_t source, double *dist, gn_cpu_counts *c) {
  const int32_t n = g->n;
  if (source < 0 || source >= n) return GNEST_ERR_OUT_OF_RANGE; /* the API layer checks first */

  vertex_heap h = {malloc((size_t)n * sizeof(int32_t)), malloc((size_t)n * sizeof(int32_t)), 0,
                   dist};
  if (h.heap == NULL || h.pos == NULL) {
    free(h.heap);
    free(h.pos);
    return GNEST_ERR_OUT_OF_MEMORY;
  }

  for (int32_t v = 0; v < n; v++) {
    dist[v] = INFINITY;
    h.pos[v] = NOT_QUEUED;
  }
  dist[source] = 0.0;
  heap_push_or_decrease(&h, source);

  int64_t scanned = 0;
  int32_t settled = 0;
  while (h.size > 0) {
    const int32_t u = heap_pop_min(&h);
    settled++;
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t v = g->cols[e];
      const double w = g->weights != NULL ? g->weights[e] : 1.0;
      const double candidate = dist[u] + w;
      scanned++;
      /* candidate < dist[v] is false for NaN and for an overflow to +inf. A settled vertex can only
       * improve with a negative weight (a caller bug); skipping it keeps the loop finite. */
      if (candidate < dist[v] && h.pos[v] != SETTLED) {
        dist[v] = candidate;
        heap_push_or_decrease(&h, v);
      }
    }
  }

  free(h.heap);
  free(h.pos);
  if (c != NULL) {
    c->edges_visited = scanned;
    c->iterations = settled;
  }
  return GNEST_OK;
}
