/* Backend "flat": its loops and kernels are in flat.cuh (shared with the persistent backends
 * that reuse its frontier loop and cooperative launch: freelaunch, levelsched); instantiated
 * here. */
#include "sched/flat.cuh"

GN_BACKEND_OPS(FLAT, gn_flat)
