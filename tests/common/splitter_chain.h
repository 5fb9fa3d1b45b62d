/* A tree crafted against the Euler-tour method's unsalted splitter hash, for the tests that show
 * the tree's own salt defeats such a numbering (src/algos/tree_euler.h). */
#ifndef GNEST_TESTS_SPLITTER_CHAIN_H
#define GNEST_TESTS_SPLITTER_CHAIN_H

#include <stdint.h>
#include "gnest.h"

/* Chain of n nodes numbered against the Euler tour's unsalted splitter hash (salt 0 at the
 * device's spacing gn_euler_gap(n)): from the root down, first the nodes neither of whose tokens
 * that hash picks, in increasing id, then the others. Unsalted, the sublist after the root's
 * enter would run about n (1 - 1/gap)^2 tokens with one thread; the tree's own salt spreads the
 * splitters again. *parent is allocated (free it); GNEST_ERR_INVALID_ARGUMENT for a NULL parent
 * or n < 1, GNEST_ERR_OUT_OF_MEMORY. */
gnest_status gn_gen_chain_against_splitters(int32_t n, int32_t **parent);

#endif
