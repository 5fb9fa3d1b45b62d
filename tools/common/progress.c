/* Progress lines on stderr (see progress.h). */
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void gn_progress_start(gn_progress_line *p, const char *tool, int quiet) {
  memset(p, 0, sizeof *p);
  p->enabled = !quiet && isatty(STDERR_FILENO);
  snprintf(p->tool, sizeof p->tool, "%s", tool);
  p->start_ms = p->stage_ms = now_ms();
  const char *delay = getenv("GNEST_PROGRESS_DELAY_MS");
  p->delay_ms = delay && *delay ? atof(delay) : 1000.0;
}

/* "1.2 GB", "340 MB", "12,345": the amounts in a unit a person reads at a glance. */
static void format_amount(char *buf, size_t size, double v, const char *unit) {
  if (strcmp(unit, "bytes") == 0 && v >= 1e9) snprintf(buf, size, "%.1f GB", v / 1e9);
  else if (strcmp(unit, "bytes") == 0) snprintf(buf, size, "%.0f MB", v / 1e6);
  else snprintf(buf, size, "%.0f %s", v, unit);
}

static void format_eta(char *buf, size_t size, double seconds) {
  if (seconds >= 3600) snprintf(buf, size, "%.0f h %02.0f min", seconds / 3600, (double)((long)seconds % 3600 / 60));
  else if (seconds >= 60) snprintf(buf, size, "%.0f min %02.0f s", (double)((long)seconds / 60), (double)((long)seconds % 60));
  else snprintf(buf, size, "%.0f s", seconds);
}

void gn_progress_update(gn_progress_line *p, const char *what, double done, double total,
                        const char *unit) {
  if (!p->enabled) return;
  double t = now_ms();
  if (strncmp(p->stage, what, sizeof p->stage - 1) != 0) {
    snprintf(p->stage, sizeof p->stage, "%s", what);
    p->stage_ms = t;
  }
  if (t - p->start_ms < p->delay_ms || (p->drawn_ms > 0 && t - p->drawn_ms < 200 && done < total)) return;
  char d[32], n[32], eta[32] = "";
  format_amount(d, sizeof d, done, unit);
  format_amount(n, sizeof n, total, unit);
  double elapsed = (t - p->stage_ms) / 1e3, pct = total > 0 ? 100.0 * done / total : 0;
  if (done > 0 && done < total && elapsed > 0) {
    char left[24];
    format_eta(left, sizeof left, elapsed * (total - done) / done);
    snprintf(eta, sizeof eta, ", ETA %s", left);
  }
  fprintf(stderr, "\r%s: %s %.0f%% (%s of %s%s)\033[K", p->tool, what, pct, d, n, eta);
  fflush(stderr);
  p->drawn_ms = t;
}

void gn_progress_finish(gn_progress_line *p) {
  if (!p->enabled || p->drawn_ms == 0) return;
  fputs("\r\033[K", stderr);
  fflush(stderr);
  p->drawn_ms = 0;
}

void gn_progress_load_callback(void *user, const char *stage, uint64_t done, uint64_t total) {
  gn_progress_line *p = user;
  char what[64];
  snprintf(what, sizeof what, "loading: %s", stage);
  gn_progress_update(p, what, (double)done, (double)total, strcmp(stage, "building") == 0 ? "arcs" : "bytes");
}
