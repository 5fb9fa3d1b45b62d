/* Progress and ETA on stderr for the tools' long runs (loading a large file, bc over many
 * sources, gnest-bench's cells, convert), one implementation for all of them. Shown only when
 * stderr is a terminal and the user did not ask for --quiet; only once a run has lasted
 * GNEST_PROGRESS_DELAY_MS (default 1000 ms), so short runs print nothing; one line, redrawn in
 * place at most 5 times a second, erased when the run ends. */
#ifndef GNEST_TOOLS_PROGRESS_H
#define GNEST_TOOLS_PROGRESS_H

#include <stdint.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gn_progress_line {
  int enabled;        /* stderr is a TTY and not quiet */
  char tool[48];      /* "gnest-cli bc" */
  double start_ms;    /* when gn_progress_start was called */
  double stage_ms;    /* when the current stage began */
  double drawn_ms;    /* last redraw; 0 = nothing on the line */
  double delay_ms;
  char stage[64];
} gn_progress_line;

/* enabled when !quiet and stderr is a terminal. */
void gn_progress_start(gn_progress_line *p, const char *tool, int quiet);
/* Stage `what` has done of total units; unit names them ("sources", "bytes", "cells"). */
void gn_progress_update(gn_progress_line *p, const char *what, double done, double total,
                        const char *unit);
/* Erases the line (if drawn). */
void gn_progress_finish(gn_progress_line *p);
/* A gnest_progress_fn for gnest_load_options.progress: user is a gn_progress_line. */
void gn_progress_load_callback(void *user, const char *stage, uint64_t done, uint64_t total);

#ifdef __cplusplus
}
#endif
#endif
