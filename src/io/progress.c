/* Progress of the load running on this thread. gn_load_csr installs the caller's callback for
 * its duration, so the readers, parsers and builder report without a progress argument in their
 * signatures (io.h stays what the tools and tests call). Reports are thinned to one per 1/256 of
 * a stage, plus its completion. */
#include "io/io_internal.h"

typedef struct gn_progress {
  gnest_progress_fn fn;
  void *user;
  const char *stage; /* stage of the last report */
  uint64_t next;     /* done value from which the next report goes out */
} gn_progress;

static _Thread_local gn_progress gn_current;

void gn_progress_begin(const gnest_load_options *opts) {
  gn_current.fn = opts ? opts->progress : NULL;
  gn_current.user = opts ? opts->progress_user : NULL;
  gn_current.stage = NULL;
  gn_current.next = 0;
}

void gn_progress_end(void) { gn_current.fn = NULL; }

void gn_progress_report(const char *stage, uint64_t done, uint64_t total) {
  gn_progress *p = &gn_current;
  if (!p->fn) return;
  if (stage != p->stage) {
    p->stage = stage;
    p->next = 0;
  }
  if (done < p->next && done < total) return;
  p->next = done + (total / 256 > 1 ? total / 256 : 1);
  p->fn(p->user, stage, done, total);
}
