/* Round-synchronous CPU simulation of the Euler-tour method for tree descendants and heights
 * (src/algos/tree_euler.h, README.md of this folder): every pass the GPU runs, one loop over its
 * threads calling the same per-thread functions as the kernels, counting passes (kernel launches
 * or grid-wide barriers), the longest serial chain of dependent reads in a thread, and the bytes
 * read and written. It times nothing. Not part of libgnest. */
#ifndef GNEST_PROTO_TREE_SIM_H
#define GNEST_PROTO_TREE_SIM_H

#include <stdint.h>
#include "gnest.h"

/* A rooted tree as gnest_tree_arrays gives it: children CSR, each parent's children together. */
typedef struct proto_tree {
  int32_t n, root;
  const int64_t *child_offsets; /* [n + 1] */
  const int32_t *children;      /* [n - 1] */
} proto_tree;

/* One pass: what the GPU would launch as one kernel (or one cub call). */
typedef struct proto_pass {
  const char *name;
  int64_t threads;       /* items of the pass */
  int64_t longest;       /* the most dependent reads one thread makes in a row */
  int64_t bytes_read;    /* array elements read x their size (no cache model) */
  int64_t bytes_written;
} proto_pass;

typedef void (*proto_pass_fn)(void *user, const proto_pass *p);

typedef struct proto_tree_totals {
  uint32_t gap;          /* splitter spacing used */
  uint64_t salt;         /* splitter salt used (the tree's: gn_euler_salt) */
  int32_t splitters;
  int32_t passes;        /* dependent passes in all */
  int32_t jump_passes;   /* of which pointer jumping over the splitters */
  int32_t sparse_passes; /* of which sparse-table levels (heights only) */
  int64_t longest_walk;  /* tokens of the longest sublist: the longest in-thread chain */
  int64_t bytes_read, bytes_written;
  int64_t device_bytes;  /* the method's device arrays (the tree's own copy not counted) */
} proto_tree_totals;

/* The Euler-tour method on t: descendants[n] always; heights[n] too when heights is not NULL
 * (then the counts are those of a heights call, else of a descendants call). gap = splitter
 * spacing, a power of two >= 2, or 0 for the device's choice (gn_euler_gap). on_pass (may be
 * NULL) is called after every pass. GNEST_ERR_INVALID_ARGUMENT for NULL arguments, a bad gap or
 * a tree above GN_EULER_MAX_NODES; GNEST_ERR_OUT_OF_MEMORY. */
gnest_status proto_tree_euler(const proto_tree *t, uint32_t gap, int32_t *descendants,
                              int32_t *heights, proto_pass_fn on_pass, void *user,
                              proto_tree_totals *totals);

/* The same with the splitter salt given (0: the unsalted hash that a crafted numbering defeats,
 * bench/NOTES.md) instead of the tree's own, which is what the device uses. */
gnest_status proto_tree_euler_salted(const proto_tree *t, uint32_t gap, uint64_t salt,
                                     int32_t *descendants, int32_t *heights,
                                     proto_pass_fn on_pass, void *user,
                                     proto_tree_totals *totals);

/* The tree's splitter salt as the library computes it for the same tree (gn_euler_salt of its
 * parent array, derived here from the children CSR). GNEST_ERR_INVALID_ARGUMENT as above. */
gnest_status proto_tree_salt(const proto_tree *t, uint64_t *salt);

#endif
