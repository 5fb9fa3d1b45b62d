/* The algorithm registry (algos.def) as C data, and the public functions that read it: names,
 * descriptions, gnest_run and gnest_reference_work; and the traits the call frame and the selector
 * read (sched/registry.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "algos/registry.h"
#include "core/internal.h"
#include "cpu/cpu.h"
#include "sched/registry.h"

typedef struct gn_algo_row {
  gnest_algorithm_desc desc;
  gn_algo_traits traits;
  gn_run_fn *run;
  gn_cpu_work_fn *cpu_work;
} gn_algo_row;

#define GN_METHOD(KEY, WORDS, HELP) #KEY, WORDS, HELP
#define GN_ONE_METHOD "", "", ""
#define GN_ALGORITHM(ID, NAME, INPUT, NEEDS, SOURCES, RESULT, VALUE, SELECT, METHOD, RUN,      \
                     CPU_WORK, PYTHON, NETWORKX, SUMMARY, NOTES)                              \
  {{GNEST_ALGO_##ID, NAME, SUMMARY, NOTES, GNEST_INPUT_##INPUT,                               \
    ((NEEDS) & GN_NEEDS_UNDIRECTED) != 0, ((NEEDS) & GN_NEEDS_SIMPLE) != 0,                   \
    ((NEEDS) & GN_NEEDS_WEIGHTS) != 0, GNEST_SOURCES_##SOURCES, GNEST_RESULT_##RESULT, VALUE, \
    METHOD, PYTHON, NETWORKX},                                                                \
   {NAME, GNEST_INPUT_##INPUT, SELECT},                                                       \
   RUN,                                                                                       \
   CPU_WORK},
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

/* The row of a, or NULL with the error recorded in ctx (NULL: the thread's record) for fn. */
static const gn_algo_row *gn_row_checked(gnest_ctx *ctx, gnest_algorithm a, const char *fn) {
  const gn_algo_row *r = gn_row_of(a);
  if (!r)
    gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
             "%d is not a gnest_algorithm value (0..%d)", (int)a, (int)GNEST_ALGO_COUNT - 1);
  return r;
}

gnest_status gnest_algorithm_describe(gnest_algorithm a, gnest_algorithm_desc *out) {
  const char *fn = "gnest_algorithm_describe";
  const gn_algo_row *r = gn_row_checked(NULL, a, fn);
  if (!r) return GNEST_ERR_INVALID_ARGUMENT;
  if (!out) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  *out = r->desc;
  return GNEST_OK;
}

/* The checks gnest_run and gnest_reference_work share: ctx, a, in, and an output pointer. */
static const gn_algo_row *gn_row_for_call(gnest_ctx *ctx, gnest_algorithm a,
                                          const gnest_run_input *in, const void *out,
                                          const char *out_name, const char *fn,
                                          gnest_status *st) {
  *st = GNEST_ERR_INVALID_ARGUMENT;
  if (!ctx) {
    gn_error(NULL, *st, fn, 0, "ctx is NULL");
    return NULL;
  }
  const gn_algo_row *r = gn_row_checked(ctx, a, fn);
  if (!r) return NULL;
  if (!in) {
    gn_error(ctx, *st, fn, 0, "in is NULL");
    return NULL;
  }
  if (!out) {
    gn_error(ctx, *st, fn, 0, "%s is NULL", out_name);
    return NULL;
  }
  *st = GNEST_OK;
  return r;
}

gnest_status gnest_run(gnest_ctx *ctx, gnest_algorithm a, const gnest_run_input *in,
                       gnest_result *out, const gnest_options *opts, gnest_info *info) {
  gnest_status st;
  const gn_algo_row *r = gn_row_for_call(ctx, a, in, out, "out", "gnest_run", &st);
  return r ? r->run(ctx, in, out, opts, info) : st;
}

/* The input of a's cost model, or an error recorded in ctx. */
static gnest_status gn_work_input(gnest_ctx *ctx, const gn_algo_row *r, const gnest_run_input *in,
                                  gn_cpu_work_input *w, const char *fn) {
  memset(w, 0, sizeof *w);
  if (r->desc.input == GNEST_INPUT_TREE) {
    if (!in->tree) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "in->tree is NULL");
    w->nodes = in->tree->n;
    return GNEST_OK;
  }
  if (!in->graph) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "in->graph is NULL");
  w->graph = &in->graph->csr;
  const gnest_bc_sources *s = in->sources;
  w->sources = !s || s->mode == GNEST_BC_ALL ? in->graph->csr.n : s->count;
  return GNEST_OK;
}

gnest_status gnest_reference_work(gnest_ctx *ctx, gnest_algorithm a, const gnest_run_input *in,
                                  double *visits, char *how, size_t how_size) {
  const char *fn = "gnest_reference_work";
  gnest_status st;
  const gn_algo_row *r = gn_row_for_call(ctx, a, in, visits, "visits", fn, &st);
  if (!r) return st;
  gn_cpu_work_input w;
  st = gn_work_input(ctx, r, in, &w, fn);
  if (st != GNEST_OK) return st;
  char scratch[8];
  if (!how || how_size == 0) {
    how = scratch;
    how_size = sizeof scratch;
  }
  *visits = r->cpu_work(&w, how, how_size);
  return GNEST_OK;
}
