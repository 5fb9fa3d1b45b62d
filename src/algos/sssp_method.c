/* sssp_delta: the schedule of an SSSP call on a device backend (sssp_method.h). */
#include <stdio.h>

#include "sssp_method.h"

double gn_sssp_step_pick(float asked, int weighted, int64_t n, int64_t m, double mean_weight,
                         char *why, size_t size) {
  char scratch[8];
  if (!why || size == 0) why = scratch, size = sizeof scratch;
  if (asked < 0.0f) {
    snprintf(why, size, "sssp: Bellman-Ford (sssp_delta=off)");
    return 0.0;
  }
  if (asked > 0.0f) {
    snprintf(why, size, "sssp: near-far, step %g (sssp_delta=%g)", (double)asked, (double)asked);
    return (double)asked;
  }
  const double mean = n > 0 ? (double)m / (double)n : 0.0;
  if (!weighted) {
    snprintf(why, size, "sssp: Bellman-Ford (unweighted: each level is a BFS level)");
    return 0.0;
  }
  if (mean >= GN_SSSP_AUTO_MAX_MEAN_DEGREE) {
    snprintf(why, size, "sssp: Bellman-Ford (mean degree %.1f >= %.0f: likely shallow)", mean,
             GN_SSSP_AUTO_MAX_MEAN_DEGREE);
    return 0.0;
  }
  /* All weights zero (or a step that is no float): no threshold would separate anything. */
  const double step = GN_SSSP_AUTO_STEP_WEIGHTS * mean_weight;
  if (!(step > 0.0) || step > 3.0e38) {
    snprintf(why, size, "sssp: Bellman-Ford (mean weight %g gives no step)", mean_weight);
    return 0.0;
  }
  snprintf(why, size, "sssp: near-far, step %g (%.0f x mean weight %.3g; mean degree %.1f < %.0f)",
           step, GN_SSSP_AUTO_STEP_WEIGHTS, mean_weight, mean, GN_SSSP_AUTO_MAX_MEAN_DEGREE);
  return step;
}
