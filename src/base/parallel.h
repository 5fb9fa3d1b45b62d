/* Host threads for the big host-side loops (building a CSR of billions of arcs, generating
 * inputs). Results never depend on the thread count: callers split their work so that each
 * thread's share is fixed by its index, and a thread that cannot be started has its share run on
 * the calling thread. */
#ifndef GNEST_PARALLEL_H
#define GNEST_PARALLEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How many threads host loops use: $GNEST_THREADS when it is a number in [1, 256], else the
 * online CPUs, at most kGnMaxThreads. */
enum { kGnMaxThreads = 64 };
int gn_parallel_threads(void);

/* Calls fn(arg, t) for every t in [0, threads), concurrently (t = 0 on the calling thread), and
 * returns when all have returned. threads is clamped to [1, kGnMaxThreads]. */
void gn_parallel_run(int threads, void (*fn)(void *arg, int t), void *arg);

/* Threads for a host pass over `items` items: 1 below 2^20, where starting threads costs more
 * than it saves; else gn_parallel_threads(). */
int gn_parallel_threads_for(int64_t items);

/* Thread t's share [*from, *to) of `items` items cut into `threads` near-equal consecutive
 * shares (items t / threads to items (t + 1) / threads). */
void gn_parallel_share(int64_t items, int t, int threads, int64_t *from, int64_t *to);

/* Splits the rows [0, n) of a CSR (offsets[0..n], m = offsets[n]) for a host-parallel pass over
 * its arcs: returns the thread count (1 below 2^20 arcs, where starting threads costs more than
 * it saves; else gn_parallel_threads) and cuts the rows into that many ranges of about m / threads
 * arcs each: thread t takes rows [bound[t], bound[t + 1]) (bound: kGnMaxThreads + 1 entries). */
int gn_split_rows_by_arcs(const int64_t *offsets, int32_t n, int32_t *bound);

#ifdef __cplusplus
}
#endif
#endif
