"""nx_gnest: gnest as a NetworkX backend (`backend="gnest"`, NETWORKX_AUTOMATIC_BACKENDS=gnest).

NetworkX calls get_info() while it is itself being imported (the `networkx.backend_info` entry
point), so this module imports nothing; the backend is nx_gnest.backend.BackendInterface.
"""

# The dispatched functions, with what a user should know about each (shown in NetworkX's docs
# of the function, under "Backends").
FUNCTIONS = {
    "bfs_layers": "Levels on gnest; the order inside each layer is NetworkX's (discovery order).",
    "single_source_shortest_path_length": "Levels on gnest.",
    "single_source_dijkstra_path_length": (
        "Distances on gnest in float64, summed along each path as networkx sums them: the same "
        "numbers (integers up to 2**53 exact). Callable weights and negative or non-finite "
        "weights run on networkx."),
    "betweenness_centrality": (
        "Brandes on gnest, rescaled as NetworkX does (normalized, endpoints, k sampling with "
        "NetworkX's seed semantics). Weighted calls run on gnest with positive finite weights "
        "(path lengths summed left to right in double and compared exactly, as NetworkX does; "
        "equal weights use the unweighted Brandes); zero or negative weights run on networkx."),
    "greedy_color": (
        "strategy='largest_first' without interchange runs on gnest (color_tie=id: ties by "
        "node order, self-loops counting 2 in the degree) and gives NetworkX's coloring "
        "exactly; other strategies run on networkx."),
    "minimum_spanning_edges": (
        "algorithm='kruskal' runs on gnest and gives NetworkX's edges, ties included, in "
        "NetworkX's order; prim and boruvka run on networkx."),
    "minimum_spanning_tree": "As minimum_spanning_edges.",
    "triangles": "Triangle counts on gnest.",
    "connected_components": (
        "Labels on gnest; the sets come in NetworkX's order (by their first node)."),
    "number_connected_components": "Counted on gnest.",
    "weakly_connected_components": "As connected_components, arcs taken both ways.",
    "number_weakly_connected_components": "Counted on gnest.",
    "strongly_connected_components": (
        "Labels on gnest; the sets come by their first node in the graph's order, not in "
        "networkx's (Tarjan's completion) order."),
    "number_strongly_connected_components": "Counted on gnest.",
    "bfs_predecessors": (
        "Levels on gnest; each node's predecessor is NetworkX's (the first to discover it), "
        "yielded in NetworkX's order. sort_neighbors runs on networkx."),
    "bfs_successors": "As bfs_predecessors.",
    "single_source_shortest_path": (
        "Levels on gnest; NetworkX's paths exactly (each through the first node to discover "
        "the next)."),
    "single_source_dijkstra_path": (
        "Distances and predecessors on gnest in float64: every path has NetworkX's length, but "
        "where shortest paths tie gnest takes, at each node, the smallest node (in the graph's "
        "order) among the predecessors on the tied paths of fewest edges, where networkx takes "
        "the first found. Weights as single_source_dijkstra_path_length; integer weights "
        "summing beyond 2**53 run on networkx."),
    "dijkstra_path": "As single_source_dijkstra_path.",
    "shortest_path": (
        "weight=None from a source or to a target: NetworkX's paths exactly; with both, or "
        "with a weight: gnest's predecessors (ties as in single_source_dijkstra_path; networkx "
        "searches from both ends then). method='bellman-ford' with a weight runs on networkx."),
}


def get_info():
    """The `networkx.backend_info` entry point: what NetworkX shows and configures."""
    common = ("Directed graphs where the algorithm needs an undirected one, and multigraphs, "
              "run on networkx (with NETWORKX_FALLBACK_TO_NX=True or automatic backends).")
    return {
        "backend_name": "gnest",
        "project": "gnest",
        "package": "nx_gnest",
        "short_summary": "GPU graph analytics (CPU reference without a GPU).",
        "functions": {name: {"additional_docs": f"{doc} {common}"}
                      for name, doc in FUNCTIONS.items()},
        # nx.config.backends.gnest.backend / .options: the gnest backend and gnest_options words.
        "default_config": {"backend": "auto", "options": ""},
    }
