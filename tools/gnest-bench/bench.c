/* What every file of gnest-bench shares (bench.h): the algorithms' registry rows, usage errors
 * and the clock. The files use one another in one direction only: inputs.c and peers.c use
 * bench.c; run.c uses inputs.c; report.c uses run.c and peers.c; main.c uses them all. */
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "bench.h"

gnest_algorithm_desc bench_algo_desc(gnest_algorithm a) {
  gnest_algorithm_desc d;
  memset(&d, 0, sizeof d);
  gnest_algorithm_describe(a, &d);
  return d;
}

int bench_usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("gnest-bench: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs(" (see --help)\n", stderr);
  va_end(ap);
  return BENCH_EXIT_USAGE;
}

double bench_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
