/* A CTA's own queue of heavy items, shared by the backends that let the parent's CTA run the
 * children of its parents: Free Launch's T3 ("a child kernel to the parent's own block") and the
 * static level scheduler's CTA steps. Included by those backends' files only.
 *
 * One round: every thread of the CTA brings at most one item. An item whose inner loop is at
 * most `threshold` iterations runs in its thread (edges, then post); a heavier one is queued in
 * shared memory. After a barrier the whole CTA strides over each queued item's inner loop in
 * turn, and after a barrier one thread runs its post. A round ends with every edge and post of
 * its items done and visible to the whole CTA, so consecutive rounds may depend on each other
 * (the level scheduler's steps inside one CTA). */
#ifndef GNEST_CTA_QUEUE_CUH
#define GNEST_CTA_QUEUE_CUH

#include "sched/backend.cuh"

/* In shared memory. The count of round r lives in count[r % 3]: thread 0 zeroes the slot of
 * round r + 1 at the start of round r; its last readers (round r - 2's threads, after that
 * round's barrier) have all passed round r - 1's barrier by then, and round r + 1's pushes come
 * after round r's barrier. */
struct gn_cta_queue {
  int32_t items[1024]; /* blockDim.x <= 1024 (gn_check_options) */
  int32_t count[3];
};

/* The CTA's next index from a counter shared by the grid (a queue entry, a batch): thread 0 takes
 * it, every thread of the CTA gets it. */
__device__ __forceinline__ unsigned int gn_cta_ticket(unsigned int *counter) {
  __shared__ unsigned int ticket;
  if (threadIdx.x == 0) ticket = atomicAdd(counter, 1u);
  __syncthreads();
  const unsigned int t = ticket;
  __syncthreads(); /* every thread has read it before thread 0 takes the next */
  return t;
}

/* The CTA's threads over iterations [b, en) of item i (each thread counts its own). */
template <class V>
__device__ __forceinline__ void gn_cta_stride(const V &v, int32_t i, int64_t b, int64_t en,
                                              const gn_step &s, unsigned long long &edges) {
  for (int64_t e = b + threadIdx.x; e < en; e += blockDim.x) {
    v.edge(i, e, s);
    ++edges;
  }
}

/* Before the first round (every thread of the CTA). */
__device__ __forceinline__ void gn_cta_queue_init(gn_cta_queue &q) {
  if (threadIdx.x == 0) q.count[0] = q.count[1] = q.count[2] = 0;
  __syncthreads();
}

/* One round (called by every thread of the CTA, block-uniformly; has = false for threads without
 * an item). round counts the CTA's rounds (block-uniform). */
template <class V>
__device__ __forceinline__ void gn_cta_round(const V &v, bool has, int32_t i, const gn_step &s,
                                             int32_t threshold, gn_cta_queue &q, uint32_t &round,
                                             unsigned long long &edges) {
  int32_t *count = &q.count[round % 3];
  if (threadIdx.x == 0) q.count[(round + 1) % 3] = 0;
  ++round;
  if (has && v.pre(i, s)) {
    const int64_t b = v.begin(i), en = v.end(i);
    if (en - b > threshold) q.items[atomicAdd(count, 1)] = i;
    else gn_serial_item(v, i, b, en, s, edges);
  }
  __syncthreads();
  const int32_t queued = *count;
  for (int32_t j = 0; j < queued; ++j) {
    const int32_t item = q.items[j];
    gn_cta_stride(v, item, v.begin(item), v.end(item), s, edges);
    __syncthreads(); /* every edge of item done and visible; q.items read by all */
    if constexpr (V::kHasPost) {
      if (threadIdx.x == 0) v.post(item, s);
    }
  }
  /* The queued items' posts are visible before the next round reads what they wrote. */
  if constexpr (V::kHasPost) {
    if (queued > 0) __syncthreads();
  }
}

#endif
