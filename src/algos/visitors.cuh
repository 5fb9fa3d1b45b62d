/* Every visitor type of src/algos, for the backends' explicit instantiation (backend.cuh):
 * a visitor added to an algorithm is added here too, once. */
#ifndef GNEST_ALGOS_VISITORS_CUH
#define GNEST_ALGOS_VISITORS_CUH

#include "algos/bc.cuh"
#include "algos/bc_weighted.cuh"
#include "algos/bfs.cuh"
#include "algos/cc.cuh"
#include "algos/color.cuh"
#include "algos/mst.cuh"
#include "algos/scc.cuh"
#include "algos/pred.cuh"
#include "algos/sssp.cuh"
#include "algos/tc.cuh"
#include "algos/tree.cuh"

/* X(ARG, visitor type) for every visitor. */
#define GN_FOR_EACH_VISITOR(X, ARG) \
  X(ARG, bfs_visitor) \
  X(ARG, sssp_visitor<float>) \
  X(ARG, sssp_visitor<double>) \
  X(ARG, sssp_whole_visitor) \
  X(ARG, bc_forward) \
  X(ARG, bc_backward) \
  X(ARG, self_loop_visitor) \
  X(ARG, color_split_visitor) \
  X(ARG, color_round_visitor) \
  X(ARG, mst_min_visitor<float>) \
  X(ARG, mst_min_visitor<double>) \
  X(ARG, mst_tie_visitor<float>) \
  X(ARG, mst_tie_visitor<double>) \
  X(ARG, orient_visitor) \
  X(ARG, triangle_visitor) \
  X(ARG, descendants_visitor) \
  X(ARG, heights_visitor) \
  X(ARG, bcw_count_in_arcs_f) \
  X(ARG, bcw_forward_f) \
  X(ARG, bcw_backward_f) \
  X(ARG, bcw_count_in_arcs_d) \
  X(ARG, bcw_forward_d) \
  X(ARG, bcw_backward_d) \
  X(ARG, cc_link_visitor) \
  X(ARG, scc_reverse_visitor) \
  X(ARG, scc_count_visitor) \
  X(ARG, scc_peel_visitor) \
  X(ARG, scc_forward_visitor) \
  X(ARG, scc_backward_visitor) \
  X(ARG, bfs_pred_visitor) \
  X(ARG, sssp_hops_visitor_f) \
  X(ARG, sssp_pred_visitor_f) \
  X(ARG, sssp_hops_visitor_d) \
  X(ARG, sssp_pred_visitor_d)

#endif
