/* Bottom-up tree reductions: descendants and heights.
 *
 * t->order lists the nodes level by level from the root, so walking it backwards visits every
 * node after all of its children. descendants[v] counts v itself; a leaf has height 1.
 * Counters: edges_visited = child links read (n - 1), iterations = levels (t->depth). */
#include "cpu/cpu.h"

static void fill_counts(const gn_cpu_tree *t, gn_cpu_counts *c) {
  if (c == NULL) return;
  c->edges_visited = t->n > 0 ? t->child_offsets[t->n] : 0;
  c->iterations = t->depth;
}

gnest_status gn_cpu_tree_descendants(const gn_cpu_tree *t, int32_t *desc, gn_cpu_counts *c) {
  for (int32_t i = t->n - 1; i >= 0; i--) {
    const int32_t v = t->order[i];
    int32_t size = 1;
    for (int64_t k = t->child_offsets[v]; k < t->child_offsets[v + 1]; k++) size += desc[t->children[k]];
    desc[v] = size;
  }
  fill_counts(t, c);
  return GNEST_OK;
}

gnest_status gn_cpu_tree_heights(const gn_cpu_tree *t, int32_t *heights, gn_cpu_counts *c) {
  for (int32_t i = t->n - 1; i >= 0; i--) {
    const int32_t v = t->order[i];
    int32_t tallest_child = 0;
    for (int64_t k = t->child_offsets[v]; k < t->child_offsets[v + 1]; k++) {
      const int32_t h = heights[t->children[k]];
      if (h > tallest_child) tallest_child = h;
    }
    heights[v] = tallest_child + 1;
  }
  fill_counts(t, c);
  return GNEST_OK;
}
