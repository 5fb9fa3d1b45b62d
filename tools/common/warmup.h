/* Warm-up before timed runs, one rule for gnest-bench (--warmup, --warmup-ms) and gnest-cli
 * --compare. A device that sat idle (while the CPU reference or the host's load ran) clocks down,
 * and one sub-millisecond warm-up call does not bring it back: the first backend of a cell read a
 * few percent slower than the same code timed later (H200). So warm-up runs go on until they
 * have taken some milliseconds of calls. */
#ifndef GNEST_TOOLS_WARMUP_H
#define GNEST_TOOLS_WARMUP_H

#ifdef __cplusplus
extern "C" {
#endif

/* Warm-up runs beyond the minimum stop here, whatever the time asked. */
#define GN_WARMUP_RUNS_MAX 1000

/* Whether one more warm-up run is due after `done` of them that took `spent_ms` of calls:
 * min_runs of them, then (unless min_runs is 0) more until want_ms have passed, at most
 * GN_WARMUP_RUNS_MAX. */
int gn_warmup_due(int done, int min_runs, double spent_ms, double want_ms);

#ifdef __cplusplus
}
#endif

#endif
