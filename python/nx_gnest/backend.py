"""The NetworkX backend interface (entry point `networkx.backends`: gnest): conversion to and
from NetworkX graphs, can_run / should_run, and the dispatched functions."""

import inspect
from collections.abc import Iterator

import networkx as nx

from . import FUNCTIONS, algorithms
from .graph import GnestGraph, nx_of


def _needs_undirected(graph, **_):
    return "directed graph: gnest's algorithm needs an undirected one" if graph.is_directed() \
        else True


def _sources_reusable(graph, sources, **_):
    # Checking the sources here would consume a one-shot iterator before the call.
    return "an iterator of sources is left to networkx" if (
        sources not in graph and isinstance(sources, Iterator)) else True


def _weight_is_a_name(graph, weight=None, **_):
    return "a weight function is left to networkx" if callable(weight) else True


def _largest_first(graph, strategy="largest_first", interchange=False, **_):
    if graph.is_directed():
        return "directed graph: gnest colors undirected graphs"
    if strategy != "largest_first":
        return f"strategy {strategy!r}: gnest reproduces largest_first only"
    return "interchange is left to networkx" if interchange else True


def _kruskal(graph, algorithm="kruskal", weight="weight", **_):
    if graph.is_directed():
        return "directed graph: a spanning tree needs an undirected one"
    if algorithm != "kruskal":
        return f"algorithm {algorithm!r}: gnest gives Kruskal's forest (ties differ in others)"
    return _weight_is_a_name(graph, weight)


def _needs_directed(graph, **_):
    return "undirected graph: networkx raises (a function for directed graphs)" \
        if not graph.is_directed() else True


def _refuses_directed(graph, **_):
    return "directed graph: networkx raises (a function for undirected graphs)" \
        if graph.is_directed() else True


def _networkx_neighbor_order(graph, sort_neighbors=None, **_):
    return "sort_neighbors is left to networkx" if sort_neighbors is not None else True


def _dijkstra_method(graph, weight=None, method="dijkstra", **_):
    if weight is not None and method == "bellman-ford":
        return "method 'bellman-ford' is left to networkx"
    return _weight_is_a_name(graph, weight)


# What each function needs of its arguments (data-dependent limits raise NotImplementedError
# from the function itself; see algorithms.py).
_ARGUMENT_CHECKS = {
    "bfs_layers": _sources_reusable,
    "single_source_shortest_path_length": lambda graph, **_: True,
    "single_source_dijkstra_path_length": _weight_is_a_name,
    "betweenness_centrality": _weight_is_a_name,
    "greedy_color": _largest_first,
    "minimum_spanning_edges": _kruskal,
    "minimum_spanning_tree": _kruskal,
    "triangles": _needs_undirected,
    "connected_components": _refuses_directed,
    "number_connected_components": _refuses_directed,
    "weakly_connected_components": _needs_directed,
    "number_weakly_connected_components": _needs_directed,
    "strongly_connected_components": _needs_directed,
    "number_strongly_connected_components": _needs_directed,
    "bfs_predecessors": _networkx_neighbor_order,
    "bfs_successors": _networkx_neighbor_order,
    "single_source_shortest_path": lambda graph, **_: True,
    "single_source_dijkstra_path": _weight_is_a_name,
    "dijkstra_path": _weight_is_a_name,
    "shortest_path": _dijkstra_method,
}
assert _ARGUMENT_CHECKS.keys() == FUNCTIONS.keys()


def can_run(name, args, kwargs):
    """True when gnest computes NetworkX's answer for this call, else the reason it does not."""
    check = _ARGUMENT_CHECKS.get(name)
    if check is None:
        return f"gnest does not implement {name}"
    try:
        bound = inspect.signature(getattr(algorithms, name)).bind(*args, **kwargs)
    except TypeError as exc:  # networkx reports bad arguments itself
        return f"arguments networkx will reject: {exc}"
    arguments = dict(bound.arguments)
    graph = nx_of(arguments.pop("G"))
    if not isinstance(graph, nx.Graph):
        return f"not a NetworkX graph: {type(graph).__name__}"
    if graph.is_multigraph():
        return "multigraphs are left to networkx"
    return check(graph, **arguments)


def should_run(name, args, kwargs):
    """Whenever it can: the user chose gnest (backend= or automatic backends)."""
    return True


class BackendInterface:
    """What NetworkX loads for backend="gnest"."""

    can_run = staticmethod(can_run)
    should_run = staticmethod(should_run)

    @staticmethod
    def convert_from_nx(graph, *, edge_attrs=None, node_attrs=None, preserve_edge_attrs=False,
                        preserve_node_attrs=False, preserve_graph_attrs=False, name=None,
                        graph_name=None):
        """A GnestGraph standing for graph: arrays are built when an algorithm first needs them,
        with the attribute it names, so the attribute hints are not needed here."""
        return GnestGraph(graph)

    @staticmethod
    def convert_to_nx(obj, *, name=None):
        """The NetworkX graph behind a GnestGraph; any other result as it is."""
        return obj.nx if isinstance(obj, GnestGraph) else obj


for _name in FUNCTIONS:
    setattr(BackendInterface, _name, staticmethod(getattr(algorithms, _name)))
