/* gn_warmup_due (warmup.h). */
#include "warmup.h"

int gn_warmup_due(int done, int min_runs, double spent_ms, double want_ms) {
  if (done < min_runs) return 1;
  return min_runs > 0 && spent_ms < want_ms && done < GN_WARMUP_RUNS_MAX;
}
