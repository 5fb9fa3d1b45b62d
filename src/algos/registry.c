/* The algorithm registry (algos.def) as C data, and the public functions that read it: names and
 * descriptions; and the traits the drivers hand to the call frame and the selector
 * (sched/registry.h). gnest_run and gnest_reference_work, which need the drivers: dispatch.c. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "algos/registry.h"
#include "core/internal.h"
#include "sched/registry.h"

typedef struct gn_algo_row {
  gnest_algorithm_desc desc;
  gn_algo_traits traits;
} gn_algo_row;

#define GN_METHOD(KEY, WORDS, HELP) #KEY, WORDS, HELP
#define GN_ONE_METHOD "", "", ""
#define GN_ALGORITHM(ID, NAME, INPUT, NEEDS, SOURCES, RESULT, VALUE, SELECT, METHOD, RUN,      \
                     CPU_WORK, PYTHON, NETWORKX, SUMMARY, NOTES)                              \
  {{GNEST_ALGO_##ID, NAME, SUMMARY, NOTES, GNEST_INPUT_##INPUT,                               \
    ((NEEDS) & GN_NEEDS_UNDIRECTED) != 0, ((NEEDS) & GN_NEEDS_SIMPLE) != 0,                   \
    ((NEEDS) & GN_NEEDS_WEIGHTS) != 0, GNEST_SOURCES_##SOURCES, GNEST_RESULT_##RESULT, VALUE, \
    METHOD, PYTHON, NETWORKX, ((NEEDS) & GN_NEEDS_NONNEGATIVE) != 0},                         \
   {GNEST_ALGO_##ID, NAME, GNEST_INPUT_##INPUT, SELECT}},
static const gn_algo_row gn_algos[] = {
#include "algos/algos.def"
};
#undef GN_ALGORITHM
#undef GN_ONE_METHOD
#undef GN_METHOD

/* One row per gnest_algorithm value, in enum order (the table is indexed by the enum). */
_Static_assert(sizeof gn_algos / sizeof gn_algos[0] == GNEST_ALGO_COUNT,
               "algos.def needs exactly one row per gnest_algorithm value");

static const gn_algo_row *gn_row_of(gnest_algorithm a) {
  if ((int)a < 0 || (int)a >= (int)GNEST_ALGO_COUNT) return NULL;
  const gn_algo_row *r = &gn_algos[a];
  return r->desc.algorithm == a ? r : NULL; /* a row out of enum order is a registry bug */
}

const gn_algo_traits *gn_algo_traits_of(gnest_algorithm a) {
  const gn_algo_row *r = gn_row_of(a);
  return r ? &r->traits : NULL;
}

const char *gn_algo_name(gnest_algorithm a) {
  const gn_algo_row *r = gn_row_of(a);
  return r ? r->desc.name : "unknown";
}

const char *gnest_algorithm_name(gnest_algorithm a) {
  const gn_algo_row *r = gn_row_of(a);
  return r ? r->desc.name : NULL;
}

gnest_status gnest_algorithm_from_name(const char *name, gnest_algorithm *out) {
  const char *fn = "gnest_algorithm_from_name";
  if (!name) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "name is NULL");
  if (!out) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  char all[256] = "";
  size_t len = 0;
  for (int a = 0; a < (int)GNEST_ALGO_COUNT; ++a) {
    if (strcmp(name, gn_algos[a].desc.name) == 0) {
      *out = (gnest_algorithm)a;
      return GNEST_OK;
    }
    int w = snprintf(all + len, sizeof all - len, "%s%s", a ? " " : "", gn_algos[a].desc.name);
    if (w > 0 && (size_t)w < sizeof all - len) len += (size_t)w;
  }
  return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                  "unknown algorithm '%.100s' (expected one of: %s)", name, all);
}

const gn_algo_traits *gn_algo_traits_checked(gnest_ctx *ctx, gnest_algorithm a, const char *fn) {
  const gn_algo_row *r = gn_row_of(a);
  if (!r)
    gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
             "%d is not a gnest_algorithm value (0..%d)", (int)a, (int)GNEST_ALGO_COUNT - 1);
  return r ? &r->traits : NULL;
}

gnest_status gnest_algorithm_describe(gnest_algorithm a, gnest_algorithm_desc *out) {
  const char *fn = "gnest_algorithm_describe";
  if (!gn_algo_traits_checked(NULL, a, fn)) return GNEST_ERR_INVALID_ARGUMENT;
  const gn_algo_row *r = gn_row_of(a);
  if (!out) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  *out = r->desc;
  return GNEST_OK;
}
