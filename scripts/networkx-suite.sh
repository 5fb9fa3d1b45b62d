#!/usr/bin/env bash
# Runs NetworkX's own tests of the functions gnest's backend serves, with the backend on:
# NETWORKX_TEST_BACKEND=gnest (every dispatchable call in those tests goes through gnest's
# can_run / convert / call / convert back) and NETWORKX_FALLBACK_TO_NX=True (networkx answers
# where gnest's can_run says no). Prints pytest's pass/fail/skip line, then, per dispatched
# function, how many calls gnest computed and how many it left to networkx.
# Usage, after `pip install ./python` into PYTHON's environment:
#   scripts/networkx-suite.sh [PYTHON]        (default python3; extra pytest words via $PYTEST_ARGS)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
python=${1:-python3}
tests=(
  networkx/algorithms/traversal/tests/test_bfs.py               # bfs_layers
  networkx/algorithms/shortest_paths/tests/test_unweighted.py   # single_source_shortest_path_length
  networkx/algorithms/shortest_paths/tests/test_weighted.py     # single_source_dijkstra_path_length
  networkx/algorithms/centrality/tests/test_betweenness_centrality.py  # betweenness_centrality, weighted too
  networkx/algorithms/coloring/tests/test_coloring.py           # greedy_color
  networkx/algorithms/tree/tests/test_mst.py                    # minimum_spanning_edges / _tree
  networkx/algorithms/tests/test_cluster.py                     # triangles
)
# The tests import networkx's conftest.py (its --backend machinery): run where networkx lives.
site=$("$python" -c 'import networkx, os; print(os.path.dirname(os.path.dirname(networkx.__file__)))')
"$python" -c 'import networkx; print("networkx", networkx.__version__)'
cd "$site"
export NETWORKX_TEST_BACKEND=gnest NETWORKX_FALLBACK_TO_NX=True
export PYTHONPATH="$root/python/tests${PYTHONPATH:+:$PYTHONPATH}"
# shellcheck disable=SC2086
exec "$python" -m pytest -q -p no:cacheprovider -p nx_dispatch_counts ${PYTEST_ARGS:-} "${tests[@]}"
