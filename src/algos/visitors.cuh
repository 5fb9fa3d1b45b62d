/* Every visitor type of src/algos, for the backends' explicit instantiation (backend.cuh):
 * a visitor added to an algorithm is added here too, once. */
#ifndef GNEST_ALGOS_VISITORS_CUH
#define GNEST_ALGOS_VISITORS_CUH

#include "algos/bc.cuh"
#include "algos/bfs.cuh"
#include "algos/color.cuh"
#include "algos/mst.cuh"
#include "algos/pred.cuh"
#include "algos/sssp.cuh"
#include "algos/tc.cuh"
#include "algos/tree.cuh"

/* X(ARG, visitor type) for every visitor. */
#define GN_FOR_EACH_VISITOR(X, ARG) \
  X(ARG, bfs_visitor) \
  X(ARG, bfs_bottom_up_visitor) \
  X(ARG, sssp_visitor) \
  X(ARG, bc_forward) \
  X(ARG, bc_backward) \
  X(ARG, self_loop_visitor) \
  X(ARG, color_split_visitor) \
  X(ARG, color_round_visitor) \
  X(ARG, mst_min_visitor) \
  X(ARG, mst_tie_visitor) \
  X(ARG, mst_filter_visitor) \
  X(ARG, orient_visitor) \
  X(ARG, triangle_visitor) \
  X(ARG, descendants_visitor) \
  X(ARG, heights_visitor) \
  X(ARG, bfs_pred_visitor) \
  X(ARG, sssp_hops_visitor) \
  X(ARG, sssp_pred_visitor)

#endif
