/* The frame of every public algorithm call: argument and option checks, backend resolution,
 * timing and gnest_info. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/device_api.h"
#include "sched/run.h"

/* The registry's word on a (the call has checked that a is an algorithm). */
/* ---------------------------------------------------------------------------------------------
 * Backend resolution
 * ------------------------------------------------------------------------------------------- */

static gnest_status gn_check_backend(gn_call *call) {
  const char *name = gnest_backend_name(call->backend);
  gnest_status st = gnest_backend_available(call->ctx, call->backend);
  if (st == GNEST_ERR_NO_DEVICE)
    return gn_error(call->ctx, st, call->fn, 0,
                    "backend '%s' needs a CUDA device; this context runs on the %s", name,
                    call->ctx->device_name);
  if (st == GNEST_ERR_BACKEND_UNAVAILABLE && gn_backend_host_work(call->backend))
    return gn_error(call->ctx, st, call->fn, 0,
                    "backend '%s' runs passes on host threads beside the device on managed "
                    "memory, which needs concurrent managed access "
                    "(cudaDevAttrConcurrentManagedAccess); the %s has none",
                    name, call->ctx->device_name);
  if (st != GNEST_OK)
    return gn_error(call->ctx, st, call->fn, 0, "backend '%s' is not available in this build "
                    "(available: %s)", name, gn_backends_built_text());
  const char *why = "";
  if (!gn_backend_applies(call->backend, call->algo, &why))
    return gn_error(call->ctx, GNEST_ERR_BACKEND_NOT_APPLICABLE, call->fn, 0,
                    "backend '%s' cannot run %s: %s", name, call->traits->name, why);
  return GNEST_OK;
}

/* The selector's choice from gs (NULL: none) into call->backend and its reason. No CUDA calls
 * (gn_select_on_shape runs it on a CUDA host-function thread). */
static void gn_select(gn_call *call, const gnest_degree_stats *gs, const gnest_tree *t) {
  char why[sizeof call->reason - sizeof "selector: " + 1];
  call->backend = gn_select_backend(call->ctx, call->traits, gs, t, why, sizeof why);
  snprintf(call->reason, sizeof call->reason, "selector: %s", why);
}

/* gn_graph_upload_with_shape's ready: the choice made while the columns go up, and the chosen
 * backend's device code loaded meanwhile (gn_code_load_begin). */
static void gn_select_on_shape(void *arg, const gnest_degree_stats *stats) {
  gn_call *call = arg;
  gn_select(call, stats, NULL);
  call->selected_early = 1;
  const gnest_backend b = call->backend;
  if (call->code_of && b != GNEST_BACKEND_AUTO && !gn_backend_on_host(b) &&
      !gn_backend_host_work(b))
    gn_code_load_begin(call->ctx, &call->loader, call->code_of(b));
}

static gnest_status gn_auto_backend(gn_call *call, const gnest_graph *g, const gnest_tree *t) {
  gnest_degree_stats gs;
  const gnest_degree_stats *gsp = NULL;
  /* Statistics matter only when there is a device to choose a backend for. The selector reads no
   * self-loops, so a graph's first long upload gives it the rest from the offsets while the
   * columns are still on their way. */
  if (g && call->ctx->has_device && !g->stats_known && gn_graph_upload_is_long(g)) {
    const gnest_status st = gn_graph_upload_with_shape(call->ctx, g, gn_select_on_shape, call);
    if (st != GNEST_OK) return st;
  }
  if (g && call->ctx->has_device && !call->selected_early) {
    gnest_status st = gnest_graph_stats(call->ctx, g, &gs);
    if (st != GNEST_OK) return st;
    gsp = &gs;
  }
  if (!call->selected_early) gn_select(call, gsp, t);
  if (call->backend == GNEST_BACKEND_AUTO)
    return gn_error(call->ctx, GNEST_ERR_INTERNAL, call->fn, 0, "the selector returned 'auto'");
  return GNEST_OK;
}

static gnest_status gn_check_input(gn_call *call, const gnest_graph *g, const gnest_tree *t) {
  if (call->traits->input == GNEST_INPUT_TREE) {
    if (g) return gn_error(call->ctx, GNEST_ERR_INTERNAL, call->fn, 0, "a graph given to %s",
                           call->traits->name);
    if (!t) return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0, "tree is NULL");
    if (!t->ctx)
      return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0,
                      "the tree belongs to no context (not created by gnest)");
  } else {
    if (t) return gn_error(call->ctx, GNEST_ERR_INTERNAL, call->fn, 0, "a tree given to %s",
                           call->traits->name);
    if (!g) return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0, "graph is NULL");
    if (!g->ctx)
      return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0,
                      "the graph belongs to no context (not created by gnest)");
  }
  return GNEST_OK;
}

/* A frontier item with more arcs than the threshold is nested (its arcs spread over a warp, a CTA
 * or the grid): on a graph of low mean degree, 32 leaves the many items of 10 to 32 arcs to one
 * thread each. Measured on an H200, freelaunch at threshold
 * 8 / 32: cnr-2000 (mean 9.9) BFS 0.87 / 1.23 ms, SSSP 2.54 / 3.44, BC 1.89 / 4.03 (lazynp
 * 2.28 / 2.99); rmat20 (mean 30) is best at 32 (BFS 0.65 against 0.99 at 16). The switch between
 * two powers of two is at their geometric mean. */
int32_t gn_traversal_threshold(int64_t n, int64_t m) {
  if (n <= 0) return 32;
  const double mean = (double)m / (double)n;
  int32_t t = 8;
  while (t < 32 && mean >= (double)t * 1.4142135623730951) t *= 2;
  return t;
}

/* Lanes per item of flat's loops (the setting lanes). A frontier level is a chain of
 * dependent global accesses per arc (the arc, the neighbour's value, an atomic, a push), which
 * one thread per item walks arc after arc; lanes walk an item's arcs at once, and idle where
 * the item has fewer arcs than lanes. What counts is the length of the item an arc belongs to,
 * whose mean over the arcs is sum d^2 / sum d = mean (1 + cv^2): 2.9 on USA-road-FLA (mean 2.5),
 * 53 on cnr-2000 (mean 9.9, a few thousand-arc hubs). Measured on an H200 (flat, median of 5
 * at 1 / 2 / 4 / 8 / 16 / 32 lanes): FLA BFS 12.9 / 7.8 / 6.6 /
 * 8.0 / 10.7 / 14.8 ms, SSSP 17.8 / 11.6 / 9.4 / 9.1 / 10.4 / 12.5, BC 31.1 / 18.3 / 15.4 / 16.8
 * / 20.2 / 25.2; cnr-2000 BFS 14.5 / ... / 1.21 / 0.74, SSSP 34.6 / ... / 3.31 / 2.18, BC 28.9 /
 * ... / 2.27 / 1.41. MST's passes over every vertex lose (FLA 1.42 -> 1.66 ms at 4 lanes), so
 * the rule is the traversals' only. */
int32_t gn_traversal_lanes(double mean, double cv) {
  const double arc_mean = mean * (1.0 + cv * cv);
  int32_t lanes = 1;
  while (lanes < 32 && (double)lanes < arc_mean) lanes *= 2;
  return lanes;
}

void gn_reason_append_whole(gn_call *call, const char *tail) {
  const size_t cap = sizeof call->reason, need = strlen(tail);
  const size_t len = strlen(call->reason);
  if (len + need < cap) {
    memcpy(call->reason + len, tail, need + 1);
  } else if (need + 3 < cap) { /* the text before is cut: "..." then the whole tail */
    const size_t at = cap - 1 - need - 3;
    memcpy(call->reason + at, "...", 3);
    memcpy(call->reason + at + 3, tail, need + 1);
  } else { /* the tail alone does not fit: its start */
    memcpy(call->reason, tail, cap - 4);
    memcpy(call->reason + cap - 4, "...", 4);
  }
}

void gn_reason_appendf(gn_call *call, const char *fmt, ...) {
  char tail[2 * sizeof call->reason];
  va_list ap;
  va_start(ap, fmt);
  const int n = vsnprintf(tail, sizeof tail, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof tail) memcpy(tail + sizeof tail - 4, "...", 4);
  gn_reason_append_whole(call, tail);
}

void gn_note_method(gn_call *call, const char *key, const char *asked, const char *ran,
                    const char *why) {
  call->method = ran;
  gn_reason_appendf(call, "; method: %s (%s=%s)%s%s", ran, key, asked, why ? ": " : "",
                    why ? why : "");
}

/* A traversal's threshold and lanes on a device backend when the caller gives none (the rules
 * above), each named in the reason when the backend reads it. The lanes need the graph's degree
 * statistics (computed once, then cached on the graph). */
static gnest_status gn_traversal_defaults(gn_call *call, const gnest_graph *g) {
  const int64_t n = g->csr.n, m = n > 0 ? g->csr.offsets[n] : 0;
  if (call->threshold_asked == 0) {
    call->opts.threshold = gn_traversal_threshold(n, m);
    if (gn_backend_reads(call->backend, "threshold")) {
      gn_reason_appendf(call, "; threshold %d (mean degree %.1f)", (int)call->opts.threshold,
                        n > 0 ? (double)m / (double)n : 0.0);
    }
  }
  if (call->opts.lanes == 0 && gn_backend_reads(call->backend, "lanes")) {
    gnest_degree_stats gs;
    const gnest_status st = gnest_graph_stats(call->ctx, g, &gs);
    if (st != GNEST_OK) return st;
    call->opts.lanes = gn_traversal_lanes(gs.mean, gs.cv);
    gn_reason_appendf(call, "; lanes %d (arcs' mean degree %.1f)", (int)call->opts.lanes,
                      gs.mean * (1.0 + gs.cv * gs.cv));
  }
  return GNEST_OK;
}

static gnest_status gn_call_frame(gn_call *call, gnest_ctx *ctx, const gn_algo_traits *algo,
                                  const char *fn, const gnest_graph *g, const gnest_tree *t,
                                  const gnest_options *opts, gnest_info *info) {
  call->ctx = ctx;
  call->traits = algo;
  call->algo = algo ? algo->id : GNEST_ALGO_COUNT;
  call->fn = fn ? fn : algo ? algo->name : "gn_call_begin";
  call->info = info;
  call->t0 = gn_now_ms();
  call->time_ms = -1.0;
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0, "ctx is NULL");
  gn_device_upload_reset(ctx); /* the selector's statistics may upload the graph */
  if (!algo || (int)algo->id < 0 || (int)algo->id >= (int)GNEST_ALGO_COUNT)
    return gn_error(ctx, GNEST_ERR_INTERNAL, call->fn, 0, "unknown algorithm");
  gnest_status st = gn_check_input(call, g, t);
  if (st != GNEST_OK) return st;

  if (opts) st = gn_opts_resolve(ctx, call->fn, opts, &call->opts);
  else gn_opts_defaults(&call->opts);
  if (st != GNEST_OK) return st;
  call->threshold_asked = call->opts.threshold;
  if (call->opts.threshold == 0) call->opts.threshold = 32;
  if (call->opts.block_size == 0) call->opts.block_size = 256;

  if (ctx->has_device) { /* the context's device may not be this thread's current one */
    st = gn_device_make_current(ctx);
    if (st != GNEST_OK) return st;
  }
  if (call->opts.backend == GNEST_BACKEND_AUTO) {
    st = gn_auto_backend(call, g, t);
    if (st != GNEST_OK) return st;
  } else {
    call->backend = call->opts.backend;
    snprintf(call->reason, sizeof call->reason, "forced by caller");
  }
  call->opts.backend = call->backend;
  call->on_host = gn_backend_on_host(call->backend);
  st = gn_check_backend(call);
  if (st == GNEST_OK && !call->on_host && g && (algo->select & GN_SELECT_TRAVERSAL))
    st = gn_traversal_defaults(call, g);
  if (call->opts.lanes == 0) call->opts.lanes = 1;
  if (st == GNEST_OK && !call->on_host) {
    gn_device_peak_reset(ctx);
    gn_device_timer_reset(ctx);
  }
  return st;
}

gnest_status gn_call_begin(gn_call *call, gnest_ctx *ctx, const gn_algo_traits *algo,
                           const char *fn, const gnest_graph *g, const gnest_tree *t,
                           const gnest_options *opts, gnest_info *info) {
  return gn_call_begin_loading(call, NULL, ctx, algo, fn, g, t, opts, info);
}

gnest_status gn_call_begin_loading(gn_call *call, gn_code_of code_of, gnest_ctx *ctx,
                                   const gn_algo_traits *algo, const char *fn,
                                   const gnest_graph *g, const gnest_tree *t,
                                   const gnest_options *opts, gnest_info *info) {
  memset(call, 0, sizeof *call);
  call->code_of = code_of;
  const gnest_status st = gn_call_frame(call, ctx, algo, fn, g, t, opts, info);
  if (st != GNEST_OK) gn_code_load_end(&call->loader); /* no gn_call_end follows */
  return st;
}

/* The method that ran, for gnest_info.method_name. */
static const char *gn_call_method(const gn_call *call) {
  if (call->on_host) return "cpu reference";
  return call->method ? call->method : "default";
}

gnest_status gn_call_end(gn_call *call, gnest_status st) {
  gn_code_load_end(&call->loader);
  if (st == GNEST_ERR_DEVICE_OUT_OF_MEMORY && !call->on_host) gn_device_release_cache(call->ctx);
  if (st != GNEST_OK || !call->info) return st;
  gnest_info *info = call->info;
  const char *method = gn_call_method(call);
  /* The backend named above ran none of this call's work: the reason says so. */
  if (!call->on_host && call->backend_passes == 0 && call->own_passes > 0)
    gn_reason_appendf(call, "; no backend pass: the %s method's own kernels", method);
  info->backend = call->backend;
  info->backend_name = gnest_backend_name(call->backend);
  snprintf(info->reason, sizeof info->reason, "%s", call->reason);
  const double now = gn_now_ms();
  info->time_ms = call->time_ms >= 0.0 ? call->time_ms : now - call->t0;
  const double began = call->on_host ? -1.0 : gn_device_timer_began(call->ctx);
  info->setup_ms = began >= 0.0 ? began - call->t0 : 0.0;
  info->upload_ms = 0.0;
  info->upload_bytes = 0;
  if (!call->on_host) gn_device_upload_stats(call->ctx, &info->upload_ms, &info->upload_bytes);
  info->call_ms = now - call->t0;
  info->kernel_launches = call->launches;
  info->device_launches = call->device_launches;
  info->edges_visited = call->edges_visited;
  info->iterations = call->iterations;
  info->device_bytes = call->on_host ? 0 : (int64_t)gn_device_bytes_peak(call->ctx);
  info->grid_barriers = call->grid_barriers;
  info->barriers_saved = call->barriers_saved;
  info->method_name = method;
  info->backend_passes = call->backend_passes;
  info->own_passes = call->own_passes;
  return st;
}
