/* Host-side pieces every algorithm driver of src/algos repeats: the public function's skeleton,
 * argument checks, CPU-counter bookkeeping and a fill kernel. Included by the drivers (.cu)
 * only, never by visitor headers. */
#ifndef GNEST_ALGOS_ALGO_CUH
#define GNEST_ALGOS_ALGO_CUH

#include "algos/registry.h"
#include "core/device_api.h"
#include "cpu/cpu.h"
#include "sched/engine.cuh"

/* a[0..n) = value, except a[at] = at_value (at outside [0, n): no exception). */
template <class T>
__global__ void gn_fill_kernel(T *a, int32_t n, T value, int32_t at, T at_value) {
  gn_for_each_index(n, [&](int64_t v) { a[v] = v == at ? at_value : value; });
}

/* Frontier loops never run more levels than vertices + 1 (kept clear of int32 overflow). */
static inline int32_t gn_level_bound(int32_t n) {
  return n < INT32_MAX - 2 ? n + 1 : INT32_MAX - 2;
}

static inline gnest_status gn_need_output(gn_call *call, const void *out, const char *name) {
  if (out != NULL) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_INVALID_ARGUMENT, call->fn, 0, "%s is NULL", name);
}

static inline gnest_status gn_check_source(gn_call *call, const gnest_graph *g, int32_t source) {
  if (source >= 0 && source < g->csr.n) return GNEST_OK;
  return gn_error(call->ctx, GNEST_ERR_OUT_OF_RANGE, call->fn, 0,
                  "source %d is outside the graph's %d vertices", source, g->csr.n);
}

/* Any weight that is negative or NaN: GNEST_ERR_INVALID_INPUT naming the first such arc (the
 * shortest-path algorithms' check; sssp.cu). */
gnest_status sssp_check_weights(gn_call *call, const gnest_graph *g);

/* A kernel of backend b's device code (gn_ops::code), whose first use loads it. */
static inline const void *gn_backend_code(gnest_backend b) { return gn_common_ops_of(b).code; }

/* The call frame of algorithm a (gn_call_begin_loading), given its registry row's traits: the
 * layers below learn of the algorithm from what its row says, not from its name. */
static inline gnest_status gn_algo_begin(gn_call *call, gnest_ctx *ctx, gnest_algorithm a,
                                         const char *fn, const gnest_graph *g, const gnest_tree *t,
                                         const gnest_options *opts, gnest_info *info) {
  return gn_call_begin_loading(call, gn_backend_code, ctx, gn_algo_traits_of(a), fn, g, t, opts,
                               info);
}

/* After a src/cpu reference: records its counters, or its failure (host memory only; an
 * overflow the driver's check after the reference found comes with its own message). */
static inline gnest_status gn_cpu_finish(gn_call *call, gnest_status st, const gn_cpu_counts &c) {
  if (st == GNEST_ERR_OVERFLOW) return st;
  if (st == GNEST_ERR_OUT_OF_MEMORY)
    return gn_error(call->ctx, st, call->fn, 0, "out of host memory for the CPU %s work arrays",
                    call->traits->name);
  if (st == GNEST_ERR_INVALID_INPUT) return st; /* found by the run: on_host recorded what */
  if (st != GNEST_OK)
    return gn_error(call->ctx, st, call->fn, 0, "the CPU %s reference failed: %s",
                    call->traits->name, gnest_strerror(st));
  call->edges_visited = c.edges_visited;
  call->iterations = c.iterations;
  return GNEST_OK;
}

/* Whether the call's weights run as float (gnest_weights: FLOAT, or AUTO with every weight
 * exactly a float) rather than double. Unweighted: false. */
static inline bool gn_weights_as_float(const gn_call *call, const gnest_graph *g) {
  if (!g->csr.weights) return false;
  if (call->opts.weights == GNEST_WEIGHTS_FLOAT) return true;
  if (call->opts.weights == GNEST_WEIGHTS_DOUBLE) return false;
  return gn_graph_weight_facts(g).float_exact != 0;
}

/* The weights a device pass reads: one of f32 / f64 (the type gn_weights_as_float picks), both
 * NULL for an unweighted graph. Appends the type to the call's reason. */
struct gn_weights_view {
  const float *f32;
  const double *f64;
};

static inline gnest_status gn_call_weights(gn_engine &e, const gnest_graph *g,
                                           gn_weights_view *out) {
  *out = gn_weights_view{nullptr, nullptr};
  if (!g->csr.weights) return GNEST_OK;
  const bool as_float = gn_weights_as_float(e.call, g);
  const void *w = nullptr;
  if (e.host_work) GN_TRY(gn_graph_weights_in_scratch(e.ctx, g, *e.scratch, as_float, &w));
  else GN_TRY(gn_graph_weights_on_device(e.ctx, g, as_float, &w));
  if (as_float) out->f32 = static_cast<const float *>(w);
  else out->f64 = static_cast<const double *>(w);
  gn_reason_appendf(e.call, "; weights: %s (weights=%s)", as_float ? "float" : "double",
                    gn_weights_word(e.call->opts.weights));
  return GNEST_OK;
}

/* The graph the CPU reference reads: g's CSR, with the weights rounded to float into *rounded
 * (freed by the caller) when FLOAT asks for it and some weight is not a float. */
static inline gnest_status gn_cpu_weights(gn_call *call, const gnest_graph *g, gn_csr *view,
                                          double **rounded) {
  *view = g->csr;
  *rounded = nullptr;
  if (!gn_weights_as_float(call, g) || gn_graph_weight_facts(g).float_exact) return GNEST_OK;
  gnest_status st = GNEST_OK;
  double *w = (double *)gn_alloc(call->ctx, g->csr.m > 0 ? (size_t)g->csr.m : 1, sizeof(double),
                                 "the weights rounded to float", &st);
  if (!w) return st;
  for (int64_t e = 0; e < g->csr.m; ++e) w[e] = (double)(float)g->csr.weights[e];
  view->weights = w;
  *rounded = w;
  return GNEST_OK;
}

/* Whether the input's first upload is long enough to load device code meanwhile. */
static inline bool gn_upload_is_long(const gnest_graph *g) { return gn_graph_upload_is_long(g); }
static inline bool gn_upload_is_long(const gnest_tree *t) { return gn_tree_upload_is_long(t); }

/* The device path's set-up: the input's device copy and the engine on the call's scratch (freed
 * on every path when this returns). on_device(engine, device input) does the rest. A first
 * upload loads the backend's device code meanwhile (gn_code_load_begin, core/device_api.h),
 * unless the selector started that load already (gn_auto_backend, sched/run.c). */
template <class Input, class OnDevice>
gnest_status gn_device_path(gn_call &call, const Input *input, OnDevice on_device) {
  gn_scratch scratch(call.ctx);
  gn_engine e;
  decltype(gn_device_copy_of(input)) copy = nullptr;
  if (!call.loader.started && !gn_backend_host_work(call.backend) && gn_upload_is_long(input))
    gn_code_load_begin(call.ctx, &call.loader, gn_backend_code(call.backend));
  const gnest_status opened = gn_engine_open(&e, &call, &scratch, input, &copy);
  gn_code_load_end(&call.loader);
  GN_TRY(opened);
  GN_TRY(gn_engine_ready(e));
  return on_device(e, copy);
}

/* The skeleton of every public algorithm function: the call frame (begun: gn_algo_begin's
 * status), the algorithm's own argument checks, then the host reference (on_host(&counts)) or
 * the device path (on_device(engine, device copy of input)), and gnest_info. */
template <class Input, class Check, class OnHost, class OnDevice>
gnest_status gn_public_call(gn_call &call, gnest_status begun, const Input *input, Check check,
                            OnHost on_host, OnDevice on_device) {
  if (begun != GNEST_OK) return begun;
  gnest_status st = check();
  if (st == GNEST_OK && call.on_host) {
    gn_cpu_counts c = {0, 0};
    st = gn_cpu_finish(&call, on_host(&c), c);
  } else if (st == GNEST_OK) {
    st = gn_device_path(call, input, on_device);
  }
  return gn_call_end(&call, st);
}

#endif
