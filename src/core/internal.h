/* Definitions shared inside libgnest: the opaque handles and the error helper. Not installed. */
#ifndef GNEST_INTERNAL_H
#define GNEST_INTERNAL_H

#include <stdarg.h>
#include "gnest.h"
#include "io.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gn_device;      /* device state of a context (src/core/device.cu) */
struct gn_device_graph;/* device copy of a graph */
struct gn_device_tree; /* device copy of a tree */

struct gnest_ctx {
  gnest_error err;
  char err_string[1200];
  int has_device;
  int device;              /* CUDA device index when has_device */
  char device_name[256];
  struct gn_device *dev;   /* NULL without a device */
};

struct gnest_graph {
  gnest_ctx *ctx;          /* the context it was created in (device copies live there) */
  gn_csr csr;
  int symmetric_known;
  int symmetric;
  int stats_known;
  gnest_degree_stats stats;
  struct gn_device_graph *dev; /* uploaded on first GPU use */
};

struct gnest_tree {
  gnest_ctx *ctx;
  int32_t n, root;
  int32_t *parent;          /* [n], root's entry -1 */
  int64_t *child_offsets;   /* [n+1] children CSR */
  int32_t *children;        /* [n-1] */
  int32_t depth;            /* number of levels */
  int32_t *order;           /* [n] nodes in level order (root first) */
  int64_t *level_offsets;   /* [depth+1] into order */
  int64_t *nodes_per_level, *children_per_level; /* [depth] */
  int32_t *max_degree_per_level;                 /* [depth] */
  int32_t leaves, max_out_degree;
  struct gn_device_tree *dev;
};

/* Records the failure in ctx (ctx may be NULL) and returns status. line 0 = not about a line. */
gnest_status gn_error(gnest_ctx *ctx, gnest_status status, const char *source, int64_t line,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Host allocation that records GNEST_ERR_OUT_OF_MEMORY (with what) on failure; size 0 gives a
 * valid unique pointer. Overflow of count * size is GNEST_ERR_TOO_LARGE. */
void *gn_alloc(gnest_ctx *ctx, size_t count, size_t size, const char *what, gnest_status *st);

/* Builds a tree handle from a validated-or-not parent array (validation here). Takes a copy. */
gnest_status gn_tree_build(gnest_ctx *ctx, const char *source, int32_t n, const int32_t *parent,
                           gnest_tree **out);

#ifdef __cplusplus
}
#endif
#endif
