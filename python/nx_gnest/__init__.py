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
        "NetworkX's seed semantics). Weighted calls run on gnest with integer weights >= 1 "
        "summing below 2**24 (exact float32 ties; equal weights use the unweighted Brandes); "
        "zero, negative, fractional or larger weights run on networkx."),
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
