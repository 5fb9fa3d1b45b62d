/* gn_parallel_threads / gn_parallel_run (parallel.h): plain pthreads, one join per call. */
#include "base/parallel.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

int gn_parallel_threads(void) {
  const char *env = getenv("GNEST_THREADS");
  if (env && *env) {
    char *end = NULL;
    long v = strtol(env, &end, 10);
    if (*end == '\0' && v >= 1 && v <= 256) return v > kGnMaxThreads ? kGnMaxThreads : (int)v;
  }
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 1) return 1;
  return cpus > kGnMaxThreads ? kGnMaxThreads : (int)cpus;
}

typedef struct gn_thread_job {
  void (*fn)(void *arg, int t);
  void *arg;
  int t;
} gn_thread_job;

static void *gn_thread_main(void *p) {
  const gn_thread_job *job = p;
  job->fn(job->arg, job->t);
  return NULL;
}

void gn_parallel_run(int threads, void (*fn)(void *arg, int t), void *arg) {
  if (threads < 1) threads = 1;
  if (threads > kGnMaxThreads) threads = kGnMaxThreads;
  gn_thread_job jobs[kGnMaxThreads];
  pthread_t ids[kGnMaxThreads];
  int started[kGnMaxThreads] = {0};
  for (int t = 1; t < threads; t++) {
    jobs[t] = (gn_thread_job){fn, arg, t};
    started[t] = pthread_create(&ids[t], NULL, gn_thread_main, &jobs[t]) == 0;
  }
  fn(arg, 0);
  for (int t = 1; t < threads; t++) {
    if (started[t]) pthread_join(ids[t], NULL);
    else fn(arg, t); /* could not start: its share runs here */
  }
}

int gn_parallel_threads_for(int64_t items) {
  return items < ((int64_t)1 << 20) ? 1 : gn_parallel_threads();
}

void gn_parallel_share(int64_t items, int t, int threads, int64_t *from, int64_t *to) {
  *from = (int64_t)((__int128)items * t / threads); /* no overflow for any int64 count */
  *to = (int64_t)((__int128)items * (t + 1) / threads);
}

int gn_split_rows_by_arcs(const int64_t *offsets, int32_t n, int32_t *bound) {
  const int64_t m = offsets[n];
  const int parts = gn_parallel_threads_for(m);
  bound[0] = 0;
  for (int t = 1; t < parts; t++) {
    const int64_t want = m / parts * t;
    int32_t lo = bound[t - 1], hi = n;
    while (lo < hi) { /* first row starting at or after want */
      const int32_t mid = lo + (hi - lo) / 2;
      if (offsets[mid] < want) lo = mid + 1; else hi = mid;
    }
    bound[t] = lo;
  }
  bound[parts] = n;
  return parts;
}
