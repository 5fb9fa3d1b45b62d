/* What the hybrid LazyNP backends share (Ozen thesis 5.6; lazynp_cpu.cu, lazynp_cross.cu): host
 * threads that run part of a pass beside (or after) the GPU, on the managed memory the engine
 * gives their calls (WHERE HYBRID in backends.def). Rule 6 of src/sched/README.md: only visitors
 * that declare kHostRunnable are run here; their members are __host__ __device__ and write
 * shared values through the step's atomics (host atomics on this side).
 *
 * Host threads are started for the pass that has host work and joined before it returns, so a
 * call never leaves one behind, on any path.
 *
 * What a pass costs beyond its own work is a constant: the managed memory both sides address is
 * the algorithm's (its input, outputs and work lists), which a pass touches only where its items
 * and saved contexts do. The bookkeeping is never managed, so no pass moves a page for it: the
 * engine's counters and the saved-context buffer are device memory, read by explicit copies of
 * what the pass needs (a count, the saved contexts); the host threads' inner iterations and push
 * overflow go to host fields of the engine (gn_host_step, gn_engine_finish). */
#ifndef GNEST_HYBRID_CUH
#define GNEST_HYBRID_CUH

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "sched/lazynp.cuh"

/* Host threads for a pass: options.host_threads, or the online CPUs, at most GN_HOST_THREADS_MAX
 * (the calling thread is one of them). */
static inline int gn_host_threads(const gn_engine &e) {
  int t = e.call->opts.host_threads;
  if (t <= 0) {
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    t = cpus > 0 ? (int)(cpus < GN_HOST_THREADS_MAX ? cpus : GN_HOST_THREADS_MAX) : 1;
  }
  return t;
}

/* A hybrid backend's state: lazynp's saved-context buffer (first, where lazynp.cuh's pieces find
 * it as gn_backend_state<gn_saved>), the host threads of a pass, and lazynp-cpu's host copies
 * of the saved contexts. */
struct gn_hybrid_state {
  gn_saved saved;
  int threads;         /* gn_host_threads, resolved once per call (sysconf reads /sys) */
  int32_t *host_items; /* host copies of saved.items / saved.begin, host_capacity long */
  int64_t *host_begin;
  int32_t host_capacity;
};
static_assert(offsetof(gn_hybrid_state, saved) == 0, "lazynp.cuh reads the state as gn_saved");

/* Before a loop: lazynp's buffer for max_items contexts, the host thread count, and host copies
 * of the buffer when the host reads the contexts (host_copies, lazynp-cpu). */
static inline gnest_status gn_hybrid_prepare(gn_engine &e, int64_t max_items, bool host_copies) {
  GN_TRY(gn_lazynp_prepare(e, max_items));
  gn_hybrid_state &h = gn_backend_state<gn_hybrid_state>(e);
  if (!h.threads) h.threads = gn_host_threads(e);
  if (!host_copies || (h.host_items && h.host_capacity >= h.saved.capacity)) return GNEST_OK;
  GN_TRY(e.scratch->alloc_host(&h.host_items, (size_t)h.saved.capacity,
                               "host copy of saved items"));
  GN_TRY(e.scratch->alloc_host(&h.host_begin, (size_t)h.saved.capacity,
                               "host copy of saved contexts"));
  h.host_capacity = h.saved.capacity;
  return GNEST_OK;
}

/* What the hybrid backends' structs share: lazynp's host-dispatched pieces (no fused loop, the
 * buffer checked at the end), prepared with the hybrid state. */
template <bool kHostCopies>
struct gn_hybrid_dispatched : gn_lazynp_host_dispatched {
  static gnest_status prepare(gn_engine &e, int64_t max_items) {
    return gn_hybrid_prepare(e, max_items, kHostCopies);
  }
};

/* The step of a pass's host threads: s, with push overflow raised in host memory (the engine's
 * flags are device memory). */
template <class S>
static S gn_host_step(gn_engine &e, const S &s) {
  S h = s;
  h.overflow = &e.host_overflow;
  return h;
}

/* One host-parallel loop: positions [0, count) in chunks taken from a shared counter. */
template <class Body>
struct gn_host_job {
  int64_t next;               /* the next chunk's first position (atomic) */
  int64_t count, chunk;
  const Body *body;           /* body(k) runs position k, returns its inner iterations */
  unsigned long long edges;   /* summed by the threads (atomic) */
};

template <class Body>
static void gn_host_work(gn_host_job<Body> *job) {
  unsigned long long edges = 0;
  for (;;) {
    const int64_t first = __atomic_fetch_add(&job->next, job->chunk, __ATOMIC_RELAXED);
    if (first >= job->count) break;
    const int64_t last = first + job->chunk < job->count ? first + job->chunk : job->count;
    for (int64_t k = first; k < last; ++k) edges += (*job->body)(k);
  }
  __atomic_fetch_add(&job->edges, edges, __ATOMIC_RELAXED);
}

template <class Body>
static void *gn_host_thread(void *arg) {
  gn_host_work(static_cast<gn_host_job<Body> *>(arg));
  return nullptr;
}

/* Runs body(k) for every k in [0, count) on up to `threads` host threads (the caller one of
 * them), `chunk` positions at a time, and adds the inner iterations they report to *edges.
 * Every thread started is joined before it returns. A thread that cannot be started is an error
 * (GNEST_ERR_INTERNAL, after the others and the caller have finished the work). */
template <class Body>
static gnest_status gn_host_parallel(gn_engine &e, int threads, int64_t count, int64_t chunk,
                                     const Body &body, unsigned long long *edges) {
  if (count <= 0) return GNEST_OK;
  if (chunk < 1) chunk = 1;
  gn_host_job<Body> job = {0, count, chunk, &body, 0};
  const int64_t chunks = (count + chunk - 1) / chunk;
  int helpers = threads - 1;
  if (helpers > chunks - 1) helpers = (int)(chunks - 1);
  pthread_t tid[GN_HOST_THREADS_MAX];
  int started = 0, failed = 0;
  for (; started < helpers; ++started) {
    failed = pthread_create(&tid[started], nullptr, gn_host_thread<Body>, &job);
    if (failed) break;
  }
  gn_host_work(&job);
  for (int j = 0; j < started; ++j) pthread_join(tid[j], nullptr);
  *edges += job.edges;
  if (failed)
    return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0,
                    "%s: cannot start host thread %d of %d: %s", gnest_backend_name(e.backend),
                    started + 2, helpers + 1, strerror(failed));
  return GNEST_OK;
}

/* The rest of one item on the host: edges [b, end(i)) in order, then its post (rules 2-3: one
 * thread runs them all, so the post follows every edge). Returns the edges run. */
template <class V, class S>
static unsigned long long gn_host_rest(const V &v, int32_t i, int64_t b, const S &s) {
  const int64_t en = v.end(i);
  for (int64_t e = b; e < en; ++e) v.edge(i, e, s);
  if constexpr (V::kHasPost) v.post(i, s);
  return en > b ? (unsigned long long)(en - b) : 0ull;
}

/* A whole item on the host: pre, then its edges and post when pre accepts it (rule 1). */
template <class V, class S>
static unsigned long long gn_host_item(const V &v, int32_t i, const S &s) {
  if (!v.pre(i, s)) return 0;
  return gn_host_rest(v, i, v.begin(i), s);
}

/* Waits for the engine's stream: the GPU side of a pass is finished (and its writes visible to
 * the host) once this returns. */
static inline gnest_status gn_hybrid_sync(gn_engine &e) {
  GN_CUDA(e.ctx, cudaStreamSynchronize(e.stream));
  return GNEST_OK;
}

/* The hybrid backends' guard against a visitor that is not host-runnable: the registry refuses
 * such algorithms (GN_ALGOS_HOST_RUNNABLE), so this is reached only through a registry bug. */
static inline gnest_status gn_hybrid_not_runnable(gn_engine &e) {
  return gn_error(e.ctx, GNEST_ERR_INTERNAL, e.call->fn, 0,
                  "backend %s was given a visitor that is not host-runnable (kHostRunnable); the "
                  "registry should have refused %s",
                  gnest_backend_name(e.backend), e.call->traits->name);
}

#endif
