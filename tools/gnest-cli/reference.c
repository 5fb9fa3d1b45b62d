/* gnest-cli --compare: the cost of the CPU reference, estimated before it runs. --compare runs
 * src/cpu first to check every backend against it; on a large input that is the whole run (BC over
 * all 4,194,304 sources of RMAT scale 22 would take the CPU days), so the estimate is checked
 * against --reference-limit and an input over it is refused before anything runs, with the ways
 * out: fewer sources (the same sampled sources are then given to every backend and to the
 * reference, so the check stays exact), or a higher limit. */
#include "cli.h"

/* The CPU references' speed in arc visits, measured on RMAT scale 20 (one core of the 2-core
 * development machine): only used to put the estimate in seconds in the message. */
static const double kVisitsPerSecond = 4e8;

int cli_check_reference_limit(const cli_args *a, const cli_input *in) {
  if (a->reference_limit <= 0) return CLI_EXIT_OK;
  char how[160];
  double work = 0;
  const gnest_run_input run = cli_run_input(in);
  gnest_status st = gnest_reference_work(in->ctx, a->algo.algorithm, &run, &work, how, sizeof how);
  if (st != GNEST_OK) return cli_fail(a, in->ctx, st);
  if (work <= a->reference_limit) return CLI_EXIT_OK;
  return cli_usage_error(
      "%s --compare: the CPU reference would visit about %.2g arcs (%s: about %.0f s of one CPU "
      "core), over --reference-limit %.0f; %s", a->algo.name, work, how, work / kVisitsPerSecond,
      a->reference_limit,
      a->algo.sources == GNEST_SOURCES_SET
          ? "compare on fewer sources (--samples 64, --sources LIST or --source N: every backend "
            "then runs the same sources) or raise --reference-limit (0 = no limit)"
          : "raise --reference-limit (0 = no limit), or run one backend without --compare");
}
