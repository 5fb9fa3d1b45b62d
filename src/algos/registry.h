/* The algorithm registry (algos.def) inside the library: what its columns name. Included by
 * registry.c, which makes the rows, dispatch.c, which calls their RUN, and each driver, which
 * defines its row's RUN and hands its row's traits to the call frame. */
#ifndef GNEST_ALGOS_REGISTRY_H
#define GNEST_ALGOS_REGISTRY_H

#include "gnest.h"
#include "sched/registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The traits of a (what the call frame and the selector read of its row); NULL outside
 * gnest_algorithm. */
const gn_algo_traits *gn_algo_traits_of(gnest_algorithm a);
/* The same, or NULL with the error recorded in ctx (NULL: the thread's record) for fn. */
const gn_algo_traits *gn_algo_traits_checked(gnest_ctx *ctx, gnest_algorithm a, const char *fn);
/* The name of a for messages; "unknown" outside gnest_algorithm. */
const char *gn_algo_name(gnest_algorithm a);

/* algos.def, NEEDS. */
#define GN_NEEDS_UNDIRECTED 1u /* a symmetric graph */
#define GN_NEEDS_SIMPLE 2u     /* sorted adjacency lists without duplicate arcs */
#define GN_NEEDS_WEIGHTS 4u    /* reads the weights */
#define GN_NEEDS_NONNEGATIVE 8u /* weights >= 0 (the tools refuse a negative one while loading) */

/* An algorithm's gnest_run entry (algos.def, RUN): its public function, called with the fields of
 * in and out its row names. ctx, in and out are not NULL. */
typedef gnest_status gn_run_fn(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                               const gnest_options *opts, gnest_info *info);

/* Every row's RUN, declared once here (C linkage: the drivers are CUDA C++). */
#define GN_ALGORITHM(ID, NAME, INPUT, NEEDS, SOURCES, RESULT, VALUE, SELECT, METHOD, RUN,      \
                     CPU_WORK, PYTHON, NETWORKX, SUMMARY, NOTES)                              \
  gn_run_fn RUN;
#include "algos/algos.def"
#undef GN_ALGORITHM

#ifdef __cplusplus
}
#endif
#endif
