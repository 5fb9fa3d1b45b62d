/* Algorithm options, backend names, and which backends this build can run. */
#include <string.h>

#include "internal.h"

void gnest_options_init(gnest_options *opts) {
  if (!opts) return;
  opts->backend = GNEST_BACKEND_AUTO;
  opts->threshold = 0;
  opts->coarsening = 0;
  opts->granularity = GNEST_GRAN_DEFAULT;
  opts->schedule = GNEST_SCHEDULE_DYNAMIC;
  opts->wboost = 0;
  opts->block_size = 0;
}

/* Indexed by gnest_backend. */
static const char *const gn_backend_names[GNEST_BACKEND_COUNT] = {
    [GNEST_BACKEND_AUTO] = "auto",
    [GNEST_BACKEND_CPU] = "cpu",
    [GNEST_BACKEND_FLAT] = "flat",
    [GNEST_BACKEND_NAIVE_DP] = "naive-dp",
    [GNEST_BACKEND_HIER] = "hier",
    [GNEST_BACKEND_CDP_WARP] = "cdp-warp",
    [GNEST_BACKEND_CDP_BLOCK] = "cdp-block",
    [GNEST_BACKEND_CDP_GRID] = "cdp-grid",
    [GNEST_BACKEND_AGG] = "agg",
    [GNEST_BACKEND_LAZYNP] = "lazynp",
    [GNEST_BACKEND_LAZYNP_CTA] = "lazynp-cta",
    [GNEST_BACKEND_LAZYNP_WARP] = "lazynp-warp",
    [GNEST_BACKEND_FREELAUNCH] = "freelaunch",
};

const char *gnest_backend_name(gnest_backend b) {
  if ((int)b < 0 || (int)b >= (int)GNEST_BACKEND_COUNT) return NULL;
  return gn_backend_names[b];
}

gnest_status gnest_backend_from_name(const char *name, gnest_backend *out) {
  const char *fn = "gnest_backend_from_name";
  if (!name) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "name is NULL");
  if (!out) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  for (int b = 0; b < (int)GNEST_BACKEND_COUNT; ++b)
    if (strcmp(name, gn_backend_names[b]) == 0) {
      *out = (gnest_backend)b;
      return GNEST_OK;
    }
  return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                  "unknown backend '%.100s' (expected one of: auto cpu flat naive-dp hier cdp-warp "
                  "cdp-block cdp-grid agg lazynp lazynp-cta lazynp-warp freelaunch)",
                  name);
}

/* This build has the cpu reference and the flat and lazynp device backends; every other backend
 * is reported as unavailable (never silently replaced). */
gnest_status gnest_backend_available(const gnest_ctx *ctx, gnest_backend b) {
  if (!ctx || (int)b < 0 || (int)b >= (int)GNEST_BACKEND_COUNT) return GNEST_ERR_INVALID_ARGUMENT;
  switch (b) {
    case GNEST_BACKEND_AUTO:
    case GNEST_BACKEND_CPU:
      return GNEST_OK;
    case GNEST_BACKEND_FLAT:
    case GNEST_BACKEND_LAZYNP:
      return ctx->has_device ? GNEST_OK : GNEST_ERR_NO_DEVICE;
    default:
      return GNEST_ERR_BACKEND_UNAVAILABLE;
  }
}
