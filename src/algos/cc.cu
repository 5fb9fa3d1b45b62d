/* gnest_cc: weakly connected components by concurrent union (cc_link, cc.cuh) and subgraph
 * sampling (Afforest: Sutton, Ben-Nun and Barak, IPDPS 2018):
 *   1. sample (cc_sample_kernel): every vertex links its first kSampleArcs arcs, each followed by
 *      a compression; on a graph with a giant component most vertices are now in its tree;
 *   2. skip (cc_mode_kernel, cc_outside_kernel): the label held by most of kModeProbes spread-out
 *      vertices names that component; only the vertices outside it make the work list;
 *   3. link (cc_link_visitor): one pass of the backend links every arc of the listed rows;
 *   4. compress (cc_compress_kernel): every vertex walks up to its root and takes it as label.
 * The skip is sound on a symmetric graph only: an arc u - v with u inside the sampled component
 * and v outside is also v's arc v -> u, and v is listed. Any label may be skipped, the mode only
 * skips the most. A graph not known to be symmetric (its symmetry is never checked for this)
 * skips nothing: one pass links all its arcs, joining each arc's ends in either direction, so a
 * directed graph needs no reverse arcs. Either way one link per arc joins each component into
 * one tree whose root is its smallest id: the labels of the CPU's union-find (src/cpu/cc.c), on
 * every backend. Nothing waits for the host between the kernels. */
#include "algos/algo.cuh"
#include "algos/cc.cuh"
#include "algos/components.cuh"
#include "base/parallel.h"

enum { kSampleArcs = 2, kModeProbes = 1024 };

/* Every vertex takes its root as label: each walk publishes every step in its own label, so a
 * walk that reaches a label another walk has already moved up goes on from there. Labels only
 * point to smaller ids (cc_link), so every walk ends at a root. */
__global__ void cc_compress_kernel(int32_t *label, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) {
    int32_t x = gn_load_now(&label[v]);
    for (;;) {
      const int32_t up = gn_load_now(&label[x]);
      if (up == x) break;
      x = up;
      *(volatile int32_t *)&label[v] = x;
    }
  });
}

__global__ void cc_init_kernel(int32_t *label, int32_t n) {
  gn_for_each_index(n, [&](int64_t v) { label[v] = (int32_t)v; });
}

/* Every vertex of more than k arcs links its arc k. */
__global__ void cc_sample_kernel(const int64_t *offsets, const int32_t *cols, int32_t *label,
                                 int32_t n, int32_t k) {
  gn_for_each_index(n, [&](int64_t v) {
    const int64_t e = offsets[v] + k;
    if (e < offsets[v + 1]) cc_link<gn_step>(label, (int32_t)v, __ldg(&cols[e]));
  });
}

/* *skip = the label most of the probed vertices hold (the smallest on ties), one block of
 * kModeProbes threads: probe i is vertex i * 2654435761 mod n (Knuth's multiplicative hash,
 * spread over the ids whatever the graph's numbering); each thread counts the probes equal to
 * its own (kModeProbes compares, all threads reading the same entry at once), then the block
 * keeps the largest count. */
__global__ void __launch_bounds__(kModeProbes)
    cc_mode_kernel(const int32_t *label, int32_t n, int32_t *skip) {
  __shared__ int32_t probe[kModeProbes];
  __shared__ unsigned long long best;
  const int i = (int)threadIdx.x;
  probe[i] = label[(int64_t)((uint64_t)i * 2654435761u % (uint64_t)n)];
  if (i == 0) best = 0;
  __syncthreads();
  const int32_t mine = probe[i];
  uint32_t count = 0;
  for (int j = 0; j < kModeProbes; ++j) count += probe[j] == mine;
  /* the largest count first, then the smallest label: count above, the label's complement below */
  atomicMax(&best, (unsigned long long)count << 32 | (uint32_t)~(uint32_t)mine);
  __syncthreads();
  if (i == 0) *skip = (int32_t)~(uint32_t)best;
}

/* Lists the vertices whose (compressed) label is not *skip. */
__global__ void cc_outside_kernel(const int32_t *label, int32_t n, const int32_t *skip,
                                  int32_t *list, int32_t *count) {
  const int32_t giant = *skip;
  gn_for_each_index(n, [&](int64_t v) {
    if (label[v] != giant) list[gn_append_slot(count)] = (int32_t)v;
  });
}

/* Steps 1 and 2 of the header: the sampled links, then the list of the vertices outside the
 * component most probes fell in (*items). */
static gnest_status cc_sample(gn_engine &e, const gn_device_graph *dg, int32_t *label,
                              gn_items *items) {
  const int32_t n = dg->n;
  const int grid = gn_grid_for(n, e.block);
  int32_t *list = nullptr, *counts = nullptr; /* counts: the list's length, the skipped label */
  GN_TRY(e.scratch->alloc(&list, (size_t)n, "vertices outside the sampled component"));
  GN_TRY(e.scratch->alloc(&counts, 2, "their count and component"));
  GN_TRY(gn_memset(e.ctx, counts, 0, sizeof(int32_t)));
  /* A compression after each arc, not only after both: the second arc's walks then start one
   * step from a root (H200, the whole gnest_cc: one compression after both took 5.5 ms at RMAT
   * scale 24 and 0.27 ms on USA-road-FLA, one after each 4.9 and 0.20 ms). */
  for (int32_t k = 0; k < kSampleArcs; ++k) {
    GN_KERNEL(e, grid, e.block, cc_sample_kernel, dg->offsets, dg->cols, label, n, k);
    GN_KERNEL(e, grid, e.block, cc_compress_kernel, label, n);
  }
  GN_KERNEL(e, 1, kModeProbes, cc_mode_kernel, label, n, counts + 1);
  GN_KERNEL(e, grid, e.block, cc_outside_kernel, label, n, counts + 1, list, counts);
  *items = gn_items{list, n, counts};
  return GNEST_OK;
}

static gnest_status cc_on_device(gn_engine &e, const gnest_graph *g, const gn_device_graph *dg,
                                 int32_t *labels_out) {
  gnest_ctx *ctx = e.ctx;
  const int32_t n = dg->n;
  const bool sampled = g->symmetric_known && g->symmetric;
  int32_t *label = nullptr;
  GN_TRY(e.scratch->alloc(&label, (size_t)n, "component labels"));

  GN_TRY(gn_timer_start(ctx));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, cc_init_kernel, label, n);
  gn_items items = gn_all_items(n);
  if (sampled) GN_TRY(cc_sample(e, dg, label, &items));
  e.call->method = sampled ? "sampled" : "link";
  const cc_link_visitor link = {{dg->offsets, dg->cols}, label};
  GN_TRY(gn_run_pass(e, link, items, 0, nullptr, nullptr, 0));
  GN_KERNEL(e, gn_grid_for(n, e.block), e.block, cc_compress_kernel, label, n);
  GN_TRY(gn_engine_check(&e)); /* a dropped row would leave components apart */
  e.call->iterations = 1;
  GN_TRY(gn_engine_close(&e));
  return gn_to_host(ctx, labels_out, label, sizeof(int32_t) * (size_t)n);
}

/* gn_count_components on host threads: thread t checks and counts its share of the vertices
 * (gn_parallel_share). */
struct cc_count_job {
  const int32_t *labels;
  int32_t n, threads;
  int64_t roots[kGnMaxThreads];
  int32_t first_bad[kGnMaxThreads]; /* the share's first vertex with a wrong label, or -1 */
};

static void cc_count_share(void *arg, int t) {
  cc_count_job &j = *static_cast<cc_count_job *>(arg);
  int64_t from, to;
  gn_parallel_share(j.n, t, j.threads, &from, &to);
  int64_t roots = 0;
  j.first_bad[t] = -1;
  for (int64_t v = from; v < to; ++v) {
    const int32_t r = j.labels[v];
    if (r < 0 || r > v || j.labels[r] != r) {
      j.first_bad[t] = (int32_t)v;
      break;
    }
    roots += r == v;
  }
  j.roots[t] = roots;
}

gnest_status gn_count_components(gn_call *call, const int32_t *labels, int32_t n,
                                 int32_t *num_components) {
  cc_count_job j;
  j.labels = labels;
  j.n = n;
  j.threads = gn_parallel_threads_for(n);
  gn_parallel_run(j.threads, cc_count_share, &j);
  int64_t count = 0;
  for (int t = 0; t < j.threads; ++t) {
    const int32_t v = j.first_bad[t];
    if (v >= 0)
      return gn_error(call->ctx, GNEST_ERR_INTERNAL, call->fn, 0,
                      "vertex %d got component label %d from the %s backend", v, labels[v],
                      gnest_backend_name(call->backend));
    count += j.roots[t];
  }
  if (num_components) *num_components = (int32_t)count;
  return GNEST_OK;
}

gnest_status gn_components_call(gnest_ctx *ctx, gnest_algorithm algorithm, const char *fn,
                                const gnest_graph *g, int32_t *labels, int32_t *num_components,
                                const gnest_options *opts, gnest_info *info,
                                gn_cpu_components_fn *on_host, gn_device_components_fn *on_device) {
  gn_call call;
  return gn_public_call(
      call, gn_algo_begin(&call, ctx, algorithm, fn, g, NULL, opts, info), g,
      [&] { return gn_need_output(&call, labels, "labels"); },
      [&](gn_cpu_counts *c) {
        int32_t count = 0;
        GN_TRY(on_host(&g->csr, labels, &count, c));
        if (num_components) *num_components = count;
        return GNEST_OK;
      },
      [&](gn_engine &e, const gn_device_graph *dg) {
        if (g->csr.n > 0) GN_TRY(on_device(e, g, dg, labels));
        return gn_count_components(&call, labels, g->csr.n, num_components);
      });
}

gnest_status gnest_cc(gnest_ctx *ctx, const gnest_graph *g, int32_t *labels,
                      int32_t *num_components, const gnest_options *opts, gnest_info *info) {
  return gn_components_call(ctx, GNEST_ALGO_CC, "gnest_cc", g, labels, num_components, opts, info,
                            gn_cpu_cc, cc_on_device);
}

/* gnest_run's entry (algos.def). */
gnest_status gn_run_cc(gnest_ctx *ctx, const gnest_run_input *in, gnest_result *out,
                       const gnest_options *opts, gnest_info *info) {
  return gnest_cc(ctx, in->graph, out->values_i32, &out->num_components, opts, info);
}
