/* Shared checks of the loader fuzz targets (see fuzz.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

char *fuzz_text(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) fuzz_fail("cannot allocate %zu bytes for the input", size + 1);
  if (size) memcpy(text, data, size);
  text[size] = '\0';
  return text;
}

void fuzz_fail(const char *what, ...) {
  va_list ap;
  va_start(ap, what);
  fputs("fuzz: broken promise: ", stderr);
  vfprintf(stderr, what, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

gnest_status fuzz_check_status(gnest_status st) {
  if (st == GNEST_OK) return st;
  const gnest_error *err = gnest_last_error(NULL);
  if (err->status != st || err->message[0] == '\0')
    fuzz_fail("status %d returned but the error record holds status %d, message '%s'", (int)st,
              (int)err->status, err->message);
  return st;
}

const gnest_load_options kFuzzParseOptions[2] = {{.merge_duplicates = 1, .sort_adjacency = 1},
                                                 {.merge_duplicates = 1, .sort_adjacency = 1,
                                                  .refuse_negative_weights = 1}};

void fuzz_check_refused_negative(const gnest_load_options *opts, const gn_edges *e) {
  if (!opts->refuse_negative_weights || !e->w) return;
  for (int64_t i = 0; i < e->m; i++)
    if (e->w[i] < 0.0)
      fuzz_fail("edge %lld has weight %g under refuse_negative_weights", (long long)i, e->w[i]);
}

void fuzz_check_edges(const gn_edges *e) {
  if (e->n < 0 || e->m < 0) fuzz_fail("negative edge list sizes n %d, m %lld", e->n, (long long)e->m);
  if (e->m > 0 && (!e->src || !e->dst)) fuzz_fail("%lld edges but no arrays", (long long)e->m);
  for (int64_t i = 0; i < e->m; i++)
    if (e->src[i] < 0 || e->src[i] >= e->n || e->dst[i] < 0 || e->dst[i] >= e->n)
      fuzz_fail("edge %lld (%d -> %d) outside [0, %d)", (long long)i, e->src[i], e->dst[i], e->n);
}

/* Equal weights, or both NaN: a cache may carry NaN weights, and the builder keeps each one with
 * its reverse (the cache reader's own check, with ==, only clears its flag then). */
static int same_weight(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

/* 1 when the sorted list of v holds an arc to u with weight w (any weight when unweighted). */
static int has_arc(const gn_csr *c, int32_t v, int32_t u, const double *w) {
  int64_t lo = c->offsets[v], hi = c->offsets[v + 1];
  while (lo < hi) { /* first position with column >= u */
    int64_t mid = lo + (hi - lo) / 2;
    if (c->cols[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  for (; lo < c->offsets[v + 1] && c->cols[lo] == u; lo++)
    if (!w || same_weight(c->weights[lo], *w)) return 1;
  return 0;
}

/* A CSR claimed symmetric has the reverse of every arc, same weight (checked on sorted lists). */
static void check_symmetric(const gn_csr *c) {
  if (!c->symmetric || !c->sorted) return;
  for (int32_t u = 0; u < c->n; u++)
    for (int64_t k = c->offsets[u]; k < c->offsets[u + 1]; k++)
      if (!has_arc(c, c->cols[k], u, c->weights ? &c->weights[k] : NULL))
        fuzz_fail("CSR claimed symmetric has arc %d -> %d but not its reverse", u, c->cols[k]);
}

void fuzz_check_csr(const gn_csr *c) {
  if (c->n < 0 || c->m < 0 || !c->offsets) fuzz_fail("CSR with n %d, m %lld, offsets %p", c->n, (long long)c->m, (void *)c->offsets);
  if (c->offsets[0] != 0 || c->offsets[c->n] != c->m)
    fuzz_fail("CSR offsets run from %lld to %lld, expected 0 to m = %lld", (long long)c->offsets[0],
              (long long)c->offsets[c->n], (long long)c->m);
  for (int32_t u = 0; u < c->n; u++) {
    if (c->offsets[u + 1] < c->offsets[u]) fuzz_fail("CSR offsets fall at vertex %d", u);
    for (int64_t k = c->offsets[u]; k < c->offsets[u + 1]; k++) {
      if (c->cols[k] < 0 || c->cols[k] >= c->n) fuzz_fail("arc %d -> %d outside [0, %d)", u, c->cols[k], c->n);
      if (k == c->offsets[u]) continue;
      if (c->sorted && c->cols[k] < c->cols[k - 1]) fuzz_fail("list of %d claimed sorted is not", u);
      if (c->merged && c->cols[k] == c->cols[k - 1]) fuzz_fail("list of %d claimed merged repeats %d", u, c->cols[k]);
    }
  }
  check_symmetric(c);
}

/* The builder's option sets: defaults, everything on, everything off. */
static const gnest_load_options kBuildOptions[] = {
    {GNEST_FORMAT_AUTO, 0, 0, 0, 1, 1},
    {GNEST_FORMAT_AUTO, 0, 1, 1, 1, 1},
    {GNEST_FORMAT_AUTO, 0, 0, 0, 0, 0},
    {GNEST_FORMAT_AUTO, 0, 1, 0, 0, 1},
};

void fuzz_build_all(const char *source, const gn_edges *e) {
  fuzz_check_edges(e);
  if (e->n > kFuzzMaxBuildVertices) return;
  const int64_t saved_min_arcs = gn_csr_blocked_min_arcs;
  for (int blocked = 0; blocked < 2; blocked++) {
    gn_csr_blocked_min_arcs = blocked ? 1 : INT64_MAX; /* small inputs take the blocked path too */
    for (size_t i = 0; i < sizeof kBuildOptions / sizeof kBuildOptions[0]; i++) {
      gn_csr c;
      gnest_status st = gn_csr_build(NULL, source, e, &kBuildOptions[i], &c);
      if (st != GNEST_OK)
        fuzz_fail("a parsed edge list (n %d, m %lld) does not build with option set %zu: %s", e->n,
                  (long long)e->m, i, gnest_last_error_string(NULL));
      fuzz_check_csr(&c);
      const gnest_load_options *o = &kBuildOptions[i];
      if ((o->sort_adjacency || o->merge_duplicates) && !c.sorted) fuzz_fail("sorted lists asked, not claimed");
      if (o->merge_duplicates && !c.merged) fuzz_fail("merged lists asked, not claimed");
      gn_csr_free(&c);
    }
  }
  gn_csr_blocked_min_arcs = saved_min_arcs;
}
