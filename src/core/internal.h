/* core's definitions shared inside libgnest: the opaque handles (context, graph, tree). The
 * error helper and gn_alloc come from base.h. Not installed. */
#ifndef GNEST_INTERNAL_H
#define GNEST_INTERNAL_H

#include <assert.h> /* static_assert, in C11 and C++ alike */
#include <stddef.h>
#include "base/base.h"
#include "gnest.h"
#include "io/io.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gn_device;      /* device state of a context (src/core/device.cu) */
struct gn_device_graph;/* device copy of a graph */
struct gn_device_tree; /* device copy of a tree */

/* The rows of an input (graph CSR rows, tree children lists) longer than threshold: the items a
 * pass can nest ("parents with children"). The device-launching backends size their
 * pending-launch pool from rows_above; Free Launch sizes its queues from it and picks its mode
 * from the spread of those rows. Cached on the input for the last (threshold, chunk) asked
 * (gn_row_census_count, stats.c). */
typedef struct gn_row_census {
  int known;
  int32_t threshold;
  int32_t chunk;          /* chunks_above counts pieces of this many iterations */
  int64_t rows;           /* all rows */
  int64_t rows_above;     /* rows longer than threshold */
  int64_t arcs_above;     /* their total length */
  double arcs_above_sq;   /* the sum of their squared lengths */
  int64_t max_row;        /* the longest row (0 without rows) */
  int64_t chunks_above;   /* sum over those rows of ceil(length / chunk) */
  /* agg's defaults rule (src/sched/agg_rule.h): the shortest length (>= rank_floor) that at most
   * rank rows exceed; cached separately (a recount above clears it). */
  int rank_known;
  int64_t rank;
  int32_t rank_floor;
  int32_t rank_length;
} gn_row_census;

struct gnest_ctx {
  gn_error_record last_error; /* FIRST member: base's gn_error finds it from the opaque pointer */
  int has_device;
  int device;              /* CUDA device index when has_device */
  char device_name[256];
  struct gn_device *dev;   /* NULL without a device */
};
static_assert(offsetof(struct gnest_ctx, last_error) == 0,
              "base.h: a context must begin with its gn_error_record");

/* What gnest learns of a graph's weights in one pass, once (gn_graph_weight_facts). */
typedef struct gn_weight_facts {
  int known;
  int float_exact; /* every weight is exactly a float (1 without weights) */
  double max_abs;  /* the largest |weight| (1 without weights, 0 without arcs) */
  int nonnegative; /* no weight is negative or NaN (1 without weights) */
  int whole;       /* every weight is a whole number (1 without weights) */
} gn_weight_facts;

struct gnest_graph {
  gnest_ctx *ctx;          /* the context it was created in (device copies live there) */
  gn_csr csr;
  int borrowed;            /* csr's arrays belong to the caller (gnest_graph_from_csr) */
  int symmetric_known;
  int symmetric;
  int stats_known;
  gnest_degree_stats stats;
  struct gn_device_graph *dev; /* uploaded on first GPU use */
  gn_row_census census;
  gn_weight_facts weight_facts;
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
  /* The Euler tour's splitter salt, a hash of n and parent (gn_euler_salt, core/tree_salt.h):
   * computed once when the handle is built. */
  uint64_t euler_salt;
  struct gn_device_tree *dev;
  gn_row_census census;
  /* What src/sched derives from the tree once and keeps with it (the static level scheduler's
   * plan, src/sched/levelsched.cu): built on first use, released with the tree by
   * sched_cache_free. core knows nothing else of it. */
  void *sched_cache;
  void (*sched_cache_free)(void *cache);
};

/* The graph's weight facts, computed on first use (O(m)) and cached in the handle. */
gn_weight_facts gn_graph_weight_facts(const gnest_graph *g);

/* A new handle around csr (graph.c): an owned csr (borrowed 0) is freed on failure; a borrowed
 * one (the caller's arrays) is never freed by gnest. */
gnest_status gn_graph_wrap(gnest_ctx *ctx, gn_csr *csr, int borrowed, gnest_graph **out);

/* Builds a tree handle from a validated-or-not parent array (validation here). Takes a copy. */
gnest_status gn_tree_build(gnest_ctx *ctx, const char *source, int32_t n, const int32_t *parent,
                           gnest_tree **out);

#ifdef __cplusplus
}
#endif
#endif
