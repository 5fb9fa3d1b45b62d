/* Connected components, the serial references.
 *
 * gn_cpu_cc: weakly connected components by union-find (union by smaller id, path halving); every
 * arc u -> v joins u and v, so a directed graph needs no reverse arcs. label[v] = the smallest
 * vertex id of v's component: a root is linked under the smaller of two roots, so every root is
 * its tree's smallest id.
 *
 * gn_cpu_scc: strongly connected components by Tarjan's algorithm (Tarjan 1972), iterative: an
 * explicit stack of (vertex, next arc) frames instead of recursion, so a path of millions of
 * vertices needs no deep call stack. label[v] = the smallest vertex id of v's component.
 *
 * Both return the number of components. Counters: edges_visited = arcs scanned (every arc once),
 * iterations = 1. */
#include <stdlib.h>
#include "cpu/cpu.h"

static int32_t cc_find(int32_t *parent, int32_t v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]]; /* path halving */
    v = parent[v];
  }
  return v;
}

gnest_status gn_cpu_cc(const gn_csr *g, int32_t *label, int32_t *num_components,
                       gn_cpu_counts *c) {
  const int32_t n = g->n;
  for (int32_t v = 0; v < n; v++) label[v] = v; /* the union-find forest, in place */
  for (int32_t u = 0; u < n; u++) {
    for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      const int32_t a = cc_find(label, u), b = cc_find(label, g->cols[e]);
      if (a < b) label[b] = a;
      else if (b < a) label[a] = b;
    }
  }
  int32_t count = 0;
  for (int32_t v = 0; v < n; v++) { /* a parent has a smaller id, so label[label[v]] is final */
    label[v] = label[v] == v ? v : label[label[v]];
    count += label[v] == v;
  }
  *num_components = count;
  if (c != NULL) {
    c->edges_visited = g->m;
    c->iterations = 1;
  }
  return GNEST_OK;
}

/* Tarjan's working arrays: discovery order, low link, the component stack and the frames. */
typedef struct scc_work {
  int32_t *order;     /* discovery number; 0 unvisited; -1 once its component is closed */
  int32_t *low;
  int32_t *stack;     /* vertices of components not yet closed, in discovery order */
  int32_t *frames;    /* the depth-first path */
  int64_t *next_arc;  /* per frame: the next arc to scan */
  int32_t stack_size, depth, visited;
} scc_work;

/* Pops the component rooted at r off the stack; every vertex's label is its smallest id. */
static void scc_close(scc_work *w, int32_t r, int32_t *label) {
  int32_t first = w->stack_size;
  int32_t smallest = r;
  do {
    --first;
    if (w->stack[first] < smallest) smallest = w->stack[first];
  } while (w->stack[first] != r);
  for (int32_t k = first; k < w->stack_size; k++) {
    label[w->stack[k]] = smallest;
    w->order[w->stack[k]] = -1;
  }
  w->stack_size = first;
}

static void scc_enter(scc_work *w, int32_t v, int64_t first_arc) {
  w->order[v] = w->low[v] = ++w->visited;
  w->stack[w->stack_size++] = v;
  w->frames[w->depth] = v;
  w->next_arc[w->depth++] = first_arc;
}

/* The depth-first search from root; returns the components it closed. */
static int32_t scc_search(const gn_csr *g, scc_work *w, int32_t root, int32_t *label) {
  int32_t closed = 0;
  scc_enter(w, root, g->offsets[root]);
  while (w->depth > 0) {
    const int32_t v = w->frames[w->depth - 1];
    const int64_t e = w->next_arc[w->depth - 1];
    if (e < g->offsets[v + 1]) {
      w->next_arc[w->depth - 1] = e + 1;
      const int32_t x = g->cols[e];
      if (w->order[x] == 0) scc_enter(w, x, g->offsets[x]);
      else if (w->order[x] > 0 && w->order[x] < w->low[v]) w->low[v] = w->order[x]; /* on stack */
      continue;
    }
    w->depth--; /* v's arcs are done: back to its parent */
    if (w->low[v] == w->order[v]) {
      scc_close(w, v, label);
      closed++;
    }
    if (w->depth > 0) {
      const int32_t parent = w->frames[w->depth - 1];
      if (w->low[v] < w->low[parent]) w->low[parent] = w->low[v];
    }
  }
  return closed;
}

gnest_status gn_cpu_scc(const gn_csr *g, int32_t *label, int32_t *num_components,
                        gn_cpu_counts *c) {
  const size_t n = (size_t)g->n;
  scc_work w = {calloc(n + 1, sizeof(int32_t)), malloc((n + 1) * sizeof(int32_t)),
                malloc((n + 1) * sizeof(int32_t)), malloc((n + 1) * sizeof(int32_t)),
                malloc((n + 1) * sizeof(int64_t)), 0, 0, 0};
  gnest_status st = GNEST_ERR_OUT_OF_MEMORY;
  if (w.order && w.low && w.stack && w.frames && w.next_arc) {
    int32_t count = 0;
    for (int32_t v = 0; v < g->n; v++)
      if (w.order[v] == 0) count += scc_search(g, &w, v, label);
    *num_components = count;
    if (c != NULL) {
      c->edges_visited = g->m;
      c->iterations = 1;
    }
    st = GNEST_OK;
  }
  free(w.order);
  free(w.low);
  free(w.stack);
  free(w.frames);
  free(w.next_arc);
  return st;
}
