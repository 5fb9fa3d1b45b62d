/* A sorted CSR for the tests of the host-threaded checks over a graph's arcs: the ring of n
 * vertices, each linked both ways to the 4 nearest on either side. */
#ifndef GNEST_TESTS_RING_CSR_H
#define GNEST_TESTS_RING_CSR_H

#include <stdint.h>

enum { kRingDegree = 8 };

/* Fills off[0..n] and cols[0 .. kRingDegree x n) (n >= kRingDegree + 1); rows strictly
 * increasing, every arc with its reverse. */
void ring_csr(int32_t n, int64_t *off, int32_t *cols);

#endif
