/* The arrays of a gnest_result by its kind (result.h). */
#include "result.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* calloc that never returns NULL for a zero count (so NULL always means failure). The 2 MB pages
 * inside a large array are advised onto huge pages (advice only: without them it works the same):
 * a result comes back from the device into fresh pages, and one fault per 2 MB instead of per
 * 4 KB shortened that copy in a cold `gnest-cli bfs` on rmat24 from 5.2-6.0 to 3.6-3.9 ms
 * (67 MB of levels, H200 host). */
static void *zalloc(int64_t count, size_t size) {
  void *p = calloc(count > 0 ? (size_t)count : 1, size);
#ifdef MADV_HUGEPAGE
  const uintptr_t huge = (uintptr_t)2 << 20;
  const size_t bytes = count > 0 ? (size_t)count * size : 0;
  if (p && bytes >= 2 * huge) {
    const uintptr_t begin = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    const uintptr_t end = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (end > begin) (void)madvise((void *)begin, end - begin, MADV_HUGEPAGE);
  }
#endif
  return p;
}

gnest_status gn_result_alloc(gnest_result_kind kind, int32_t n, int optional, gnest_result *r) {
  memset(r, 0, sizeof *r);
  int ok = 1;
  switch (kind) {
    case GNEST_RESULT_DISTANCES: /* fallthrough: both are doubles */
    case GNEST_RESULT_SCORES: ok = (r->values_f64 = zalloc(n, sizeof(double))) != NULL; break;
    case GNEST_RESULT_COUNTS:
      if (optional) ok = (r->values_u64 = zalloc(n, sizeof(uint64_t))) != NULL;
      break;
    case GNEST_RESULT_FOREST:
      if (!optional) break;
      r->edge_u = zalloc((int64_t)n - 1, sizeof(int32_t));
      r->edge_v = zalloc((int64_t)n - 1, sizeof(int32_t));
      r->edge_weight = zalloc((int64_t)n - 1, sizeof(double));
      ok = r->edge_u && r->edge_v && r->edge_weight;
      break;
    default: /* LEVELS, COLORING, NODE_VALUES, COMPONENTS */
      ok = (r->values_i32 = zalloc(n, sizeof(int32_t))) != NULL;
      break;
  }
  if (ok) return GNEST_OK;
  gn_result_free(r);
  return GNEST_ERR_OUT_OF_MEMORY;
}

const char *gn_result_optional_name(gnest_result_kind kind) {
  switch (kind) {
    case GNEST_RESULT_COUNTS: return "per-vertex counts";
    case GNEST_RESULT_FOREST: return "forest edges";
    default: return NULL;
  }
}

gnest_status gn_result_alloc_pred(int32_t n, gnest_result *r) {
  r->pred = zalloc(n, sizeof(int32_t));
  return r->pred ? GNEST_OK : GNEST_ERR_OUT_OF_MEMORY;
}

void gn_result_free(gnest_result *r) {
  free(r->values_i32);
  free(r->values_f64);
  free(r->values_u64);
  free(r->edge_u);
  free(r->edge_v);
  free(r->edge_weight);
  free(r->pred);
  memset(r, 0, sizeof *r);
}

void *gn_result_values(const gnest_result *r, size_t *entry_bytes) {
  *entry_bytes = r->values_i32 ? sizeof(int32_t) : r->values_f64 ? sizeof(double)
               : r->values_u64 ? sizeof(uint64_t) : 0;
  if (r->values_i32) return r->values_i32;
  if (r->values_f64) return r->values_f64;
  return r->values_u64;
}

const char *gn_result_number(char *buf, size_t size, double v) {
  if (!isfinite(v)) {
    snprintf(buf, size, "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
  } else if (v == trunc(v) && fabs(v) <= 9007199254740992.0) {
    snprintf(buf, size, "%.0f", v);
  } else {
    for (int precision = 15; precision <= 17; ++precision) {
      snprintf(buf, size, "%.*g", precision, v);
      if (strtod(buf, NULL) == v) break;
    }
  }
  return buf;
}
