/* gnest_run and gnest_reference_work: the registry's RUN and CPU_WORK columns (algos.def), the
 * generic entries over the drivers' typed functions and the CPU references' cost models. Apart
 * from registry.c, so that the drivers, which read the registry's rows, and this table, which
 * calls the drivers, use one another in one direction only. */
#include <string.h>

#include "algos/registry.h"
#include "core/internal.h"
#include "cpu/cpu.h"
#include "sched/registry.h"

typedef struct gn_algo_entry {
  gn_run_fn *run;
  gn_cpu_work_fn *cpu_work;
} gn_algo_entry;

#define GN_METHOD(KEY, WORDS, HELP)
#define GN_ONE_METHOD
#define GN_ALGORITHM(ID, NAME, INPUT, NEEDS, SOURCES, RESULT, VALUE, SELECT, METHOD, RUN,      \
                     CPU_WORK, PYTHON, NETWORKX, SUMMARY, NOTES)                              \
  [GNEST_ALGO_##ID] = {RUN, CPU_WORK},
static const gn_algo_entry gn_entries[GNEST_ALGO_COUNT] = {
#include "algos/algos.def"
};
#undef GN_ALGORITHM
#undef GN_ONE_METHOD
#undef GN_METHOD

/* The checks gnest_run and gnest_reference_work share: ctx, a, in, and an output pointer. The
 * traits of a, or NULL with the error recorded. */
static const gn_algo_traits *gn_checked(gnest_ctx *ctx, gnest_algorithm a,
                                        const gnest_run_input *in, const void *out,
                                        const char *out_name, const char *fn, gnest_status *st) {
  *st = GNEST_ERR_INVALID_ARGUMENT;
  if (!ctx) {
    gn_error(NULL, *st, fn, 0, "ctx is NULL");
    return NULL;
  }
  const gn_algo_traits *t = gn_algo_traits_checked(ctx, a, fn);
  if (!t) return NULL;
  if (!in) {
    gn_error(ctx, *st, fn, 0, "in is NULL");
    return NULL;
  }
  if (!out) {
    gn_error(ctx, *st, fn, 0, "%s is NULL", out_name);
    return NULL;
  }
  *st = GNEST_OK;
  return t;
}

gnest_status gnest_run(gnest_ctx *ctx, gnest_algorithm a, const gnest_run_input *in,
                       gnest_result *out, const gnest_options *opts, gnest_info *info) {
  gnest_status st;
  const gn_algo_traits *t = gn_checked(ctx, a, in, out, "out", "gnest_run", &st);
  return t ? gn_entries[t->id].run(ctx, in, out, opts, info) : st;
}

/* The input of a cost model, or an error recorded in ctx. */
static gnest_status gn_work_input(gnest_ctx *ctx, const gn_algo_traits *t,
                                  const gnest_run_input *in, gn_cpu_work_input *w,
                                  const char *fn) {
  memset(w, 0, sizeof *w);
  if (t->input == GNEST_INPUT_TREE) {
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
  const gn_algo_traits *t = gn_checked(ctx, a, in, visits, "visits", fn, &st);
  if (!t) return st;
  gn_cpu_work_input w;
  st = gn_work_input(ctx, t, in, &w, fn);
  if (st != GNEST_OK) return st;
  char scratch[8];
  if (!how || how_size == 0) {
    how = scratch;
    how_size = sizeof scratch;
  }
  *visits = gn_entries[t->id].cpu_work(&w, how, how_size);
  return GNEST_OK;
}
