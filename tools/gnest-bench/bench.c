/* What every file of gnest-bench shares (bench.h): the algorithms' names, usage errors and the
 * clock. The files use one another in one direction only: inputs.c and peers.c use bench.c;
 * run.c uses inputs.c; report.c uses run.c and peers.c; main.c uses them all. */
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "bench.h"

static const char *const algo_names[BA_COUNT] = {
    "bfs", "sssp", "bc", "color", "mst", "tc", "tree-descendants", "tree-heights"};

const char *bench_algo_name(bench_algo a) {
  return (int)a >= 0 && a < BA_COUNT ? algo_names[a] : "?";
}

int bench_algo_from_name(const char *name, bench_algo *out) {
  for (int a = 0; a < BA_COUNT; a++)
    if (strcmp(name, algo_names[a]) == 0) {
      *out = (bench_algo)a;
      return 1;
    }
  return 0;
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
