/* base: what every layer of libgnest uses, below io and core: the error record, the host
 * allocation helper, the host's free memory, the bit width of a value and the host clock. Knows
 * nothing of io, core or CUDA; a context is an opaque gnest_ctx *. Not installed.
 *
 * How base finds a context's error record without knowing struct gnest_ctx: core defines the
 * context with its gn_error_record as the FIRST member, so a pointer to the context is also a
 * pointer to that record (C11 6.7.2.1p15). core checks this at compile time (static_assert on
 * offsetof in src/core/internal.h). */
#ifndef GNEST_BASE_H
#define GNEST_BASE_H

#include <stddef.h>
#include <stdint.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The last failure recorded in a context (or, without one, in the calling thread). */
typedef struct gn_error_record {
  gnest_error err;
  char err_string[1200]; /* "source:line: message", as gnest_last_error_string returns it */
} gn_error_record;

/* The host's monotonic clock (CLOCK_MONOTONIC) in milliseconds: gnest_info's host-side times. */
double gn_now_ms(void);

/* Bytes of host memory a process could still take without swapping: the kernel's MemAvailable
 * (page cache counts as free), within the cgroup's limit when one is set; UINT64_MAX when
 * neither can be read. Large builds pick a path that fits by it: on Linux an allocation beyond it
 * succeeds and the process is killed later, when the pages are touched. */
uint64_t gn_host_memory_available(void);

/* Records the failure in ctx (ctx may be NULL) and returns status. line 0 = not about a line. */
gnest_status gn_error(gnest_ctx *ctx, gnest_status status, const char *source, int64_t line,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Host allocation that records GNEST_ERR_OUT_OF_MEMORY (with what) on failure; size 0 gives a
 * valid unique pointer. Overflow of count * size is GNEST_ERR_TOO_LARGE. */
void *gn_alloc(gnest_ctx *ctx, size_t count, size_t size, const char *what, gnest_status *st);

/* 128-bit unsigned products and sums (GCC and Clang). */
__extension__ typedef unsigned __int128 gn_u128;

/* One step of splitmix64 (Steele, Lea and Flood, OOPSLA 2014): advances *state, returns a
 * well-mixed 64-bit value. The library's own copy: tools/common/gen.h has the tools' (src/
 * does not depend on tools/). */
static inline uint64_t gn_splitmix64_step(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* The first position in [lo, hi) of the sorted cols holding a value >= x (hi when none). */
static inline int64_t gn_first_at_least(const int32_t *cols, int64_t lo, int64_t hi, int32_t x) {
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (cols[mid] < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/* The bits x needs: 0 for 0, else floor(log2(x)) + 1 (64 at most). */
static inline int gn_bit_width(uint64_t x) {
  int bits = 0;
  while (bits < 64 && (x >> bits) != 0) ++bits;
  return bits;
}

#ifdef __cplusplus
}
#endif
#endif
