/* Backend "lazynp": LazyNP with the next-level kernel dispatched from the host (Ozen thesis
 * ch. 5). During the parent pass a thread whose item has an inner trip count above the threshold
 * does not run it: it saves the item's context (item, first inner index still to run) into a
 * buffer. After the parent pass, one Next-Level Kernel (NLK), launched from the host, runs every
 * saved item with a whole CTA (or a warp, GN_GRAN_WARP) striding over its inner loop; the
 * item's post work moves into the NLK, after a barrier, so it still follows all its edges.
 * No dynamic parallelism is needed. The engine's host loops run a parent pass + NLK per level.
 *
 * w-boost (ch. 5): a warp is busy for as long as its longest light item anyway, so with wboost the
 * saving lanes first run that many of their own iterations, then save only the remainder
 * (lazynp.cuh, shared with the device-dispatched lazynp-cta and lazynp-warp).
 *
 * Options read: threshold (default 32), granularity (warp or CTA per saved item), wboost. */
#include "sched/lazynp.cuh"

struct gn_lazynp : gn_lazynp_host_dispatched {
  /* Parent pass, then the next-level kernel over what it saved. */
  template <class V>
  static gnest_status pass(gn_engine &e, const V &v, const gn_items &items, const gn_step &s) {
    GN_TRY(gn_lazynp_parent(e, v, items, s));
    return gn_lazynp_next_level(e, v, s);
  }
};

GN_BACKEND_OPS(LAZYNP, gn_lazynp)
