/* The frame every public algorithm call runs in: argument checks, backend resolution (selector),
 * timing, and filling gnest_info. Used by src/algos; knows nothing of any algorithm's maths. */
#ifndef GNEST_RUN_H
#define GNEST_RUN_H

#include "core/device_api.h"
#include "core/internal.h"
#include "sched/registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A kernel of backend b's device code, whose first use loads it (gn_code_load_begin); NULL for a
 * backend without device loops. The algorithm layer has it (the backends' table, algos/algo.cuh);
 * the frame, below the backends, is handed it. */
typedef const void *(*gn_code_of)(gnest_backend b);

typedef struct gn_call {
  gnest_ctx *ctx;
  gnest_algorithm algo;
  const gn_algo_traits *traits; /* the algorithm's row, as its driver handed it */
  const char *fn;          /* public function name, for messages */
  gn_opts opts;            /* caller's options, settings parsed, defaults filled (threshold,
                              block size, lanes) */
  int32_t threshold_asked; /* the caller's options.threshold: 0 = not given (agg's rule picks) */
  gnest_backend backend;   /* resolved: never AUTO */
  int on_host;             /* the resolved backend runs on the host (src/cpu) */
  char reason[512];
  gnest_info *info;        /* caller's, may be NULL */
  double t0;               /* host clock at begin (CPU backend timing) */
  double time_ms;          /* set by the device path (CUDA events); < 0 = use host clock */
  int64_t launches, device_launches, edges_visited;
  int32_t iterations;
  int64_t grid_barriers, barriers_saved; /* gnest_info's, added to by the backends */
  const char *method;      /* the method that runs (static text, set by the algorithm); NULL:
                              the algorithm's one method, "default" */
  int64_t backend_passes;  /* gnest_info's: passes the backend's loops ran (the engine's count) */
  int64_t own_passes;      /* and the algorithm's own launches beside them */
  int selected_early;      /* auto chose during the graph's first upload (gn_auto_backend) */
  gn_code_of code_of;      /* NULL: no code loads with the choice */
  gn_code_loader loader;   /* the chosen backend's device code, loading during a first upload;
                              waited for when the engine is open, or when the call ends */
} gn_call;

/* Checks ctx and the graph or tree (exactly one non-NULL), fills defaults, resolves the backend:
 * forced backends are checked with gnest_backend_available and for applicability to the
 * algorithm; auto asks the selector. On failure records the error and returns it. */
gnest_status gn_call_begin(gn_call *call, gnest_ctx *ctx, const gn_algo_traits *algo, const char *fn,
                           const gnest_graph *g, const gnest_tree *t, const gnest_options *opts,
                           gnest_info *info);
/* gn_call_begin, and when auto chooses during a graph's first long upload, the chosen backend's
 * code (code_of) loads meanwhile. */
gnest_status gn_call_begin_loading(gn_call *call, gn_code_of code_of, gnest_ctx *ctx,
                                   const gn_algo_traits *algo, const char *fn,
                                   const gnest_graph *g, const gnest_tree *t,
                                   const gnest_options *opts, gnest_info *info);
/* Fills info (on success only) and returns st. */
gnest_status gn_call_end(gn_call *call, gnest_status st);

/* Appends tail to the call's reason whole: when the text before it leaves too little room, that
 * text is cut short with "..." instead (a backend's own account can say ~200 characters); a tail
 * longer than the whole reason keeps its start, ending in "...". Nothing is cut unmarked. */
void gn_reason_append_whole(gn_call *call, const char *tail);
/* The same for printf-style text: every addition to the reason after its first words. */
void gn_reason_appendf(gn_call *call, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Appends "; method: RAN (KEY=ASKED)" to the call's reason -- the method that runs and the word
 * asked for -- then ": why" when auto's choice has a reason to give (why not NULL); ran (static
 * text) becomes the call's method (gnest_info.method_name). */
void gn_note_method(gn_call *call, const char *key, const char *asked, const char *ran,
                    const char *why);

/* The threshold of a traversal (BFS, SSSP, BC) on a device backend when the caller gives none: the
 * power of two nearest the mean degree m / n, within 8 .. 32 (32 for an empty graph). */
int32_t gn_traversal_threshold(int64_t n, int64_t m);
/* The lanes per item (the setting lanes) of a traversal on a backend that reads them when the
 * caller gives none, from the out-degrees' mean and cv: the smallest power of two at least the
 * arcs' mean degree mean (1 + cv^2) (the degree of the item an average arc leaves), 1 .. 32. */
int32_t gn_traversal_lanes(double mean, double cv);

/* Selector (src/sched/selector.c): picks a backend for auto. Writes its reason. */
gnest_backend gn_select_backend(const gnest_ctx *ctx, const gn_algo_traits *algo,
                                const gnest_degree_stats *gs, const gnest_tree *t, char *reason,
                                size_t reason_size);

#ifdef __cplusplus
}
#endif
#endif
