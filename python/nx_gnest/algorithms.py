"""The dispatched NetworkX functions, computed by gnest and shaped as NetworkX returns them
(dicts keyed by node, lists, generators, graphs; Python numbers, never numpy scalars).

Each function takes what NetworkX passes after conversion (a GnestGraph) and the arguments of
the NetworkX function. Conditions that depend only on the arguments are in backend.can_run;
conditions found in the data (a negative weight, ...) raise
NotImplementedError here, which makes NetworkX run its own implementation when fallback or
automatic backends are on.
"""

import math

import networkx as nx
import numpy as np

import gnest

from .graph import GnestGraph, as_gnest, nx_of

DOUBLE_EXACT_INTEGERS = 2**53  # float64 holds every integer up to this exactly


def _run_options():
    """The gnest backend and options words set in nx.config.backends.gnest (absent when the
    functions are called without NetworkX having loaded the backend: then auto)."""
    config = getattr(nx.config.backends, "gnest", None)
    if config is None:
        return {"backend": "auto", "options": None}
    return {"backend": config.backend, "options": config.options or None}


# ---------------------------------------------------------------------------------------------
# Breadth-first search
# ---------------------------------------------------------------------------------------------

def _levels(gg, first_layer):
    """BFS levels (int32, -1 unreached) from the vertex indices first_layer, on gnest. Several
    sources: one extra vertex n with an arc to each, then levels minus one."""
    if len(first_layer) == 1:
        return gnest.bfs(gg.plain(), first_layer[0], **_run_options())
    offsets, columns = gg.csr()
    n = len(gg.nodes)
    with_root = gnest.from_csr(np.append(offsets, offsets[-1] + len(first_layer)),
                               np.concatenate([columns, np.asarray(first_layer, np.int32)]),
                               copy=False)
    levels = gnest.bfs(with_root, n, **_run_options())[:n]
    return np.where(levels > 0, levels - 1, -1).astype(np.int32)


def _layers(gg, first_layer, levels):
    """The vertices of each level in NetworkX's discovery order: layer k + 1 lists the new
    vertices met scanning layer k in its order, each vertex's arcs in adjacency order."""
    offsets, columns = gg.csr()
    layer = np.asarray(first_layer, dtype=np.int64)
    depth = 0
    while layer.size:
        yield layer
        starts, ends = offsets[layer], offsets[layer + 1]
        lengths = ends - starts
        # Arc positions of the whole layer, row after row: starts[i] .. ends[i] - 1.
        arcs = np.repeat(starts - np.cumsum(lengths) + lengths, lengths) + np.arange(lengths.sum())
        met = columns[arcs]
        met = met[levels[met] == depth + 1]
        _, first = np.unique(met, return_index=True)
        layer = met[np.sort(first)].astype(np.int64)
        depth += 1


def bfs_layers(G, sources):
    gg = as_gnest(G)
    if sources in gg:
        sources = [sources]
    first_layer = list(set(sources))  # NetworkX's own first layer, in the same order
    for node in first_layer:
        if node not in gg:
            raise nx.NetworkXError(f"The node {node} is not in the graph.")
    indices = [gg.index[node] for node in first_layer]
    if not indices:
        return
    levels = _levels(gg, indices)
    for layer in _layers(gg, indices, levels):
        yield gg.node_array(layer)


def single_source_shortest_path_length(G, source, cutoff=None):
    gg = as_gnest(G)
    if source not in gg:
        raise nx.NodeNotFound(f"Source {source} is not in G")
    levels = _levels(gg, [gg.index[source]])
    # NetworkX expands level L while cutoff > L - 1: it keeps L == 0 and every L < cutoff + 1.
    keep = levels >= 0
    if cutoff is not None:
        keep &= (levels == 0) | (levels - 1 < cutoff)
    reached = np.flatnonzero(keep)
    reached = reached[np.argsort(levels[reached], kind="stable")]
    return dict(zip(gg.node_array(reached), levels[reached].tolist()))


# ---------------------------------------------------------------------------------------------
# Dijkstra
# ---------------------------------------------------------------------------------------------

def _sssp_weights(gg, weight):
    """Arc weights gnest can use for NetworkX's Dijkstra with the same answer, or
    NotImplementedError saying why not."""
    w, integral = gg.weights(weight)
    if not np.all(np.isfinite(w)):
        raise NotImplementedError("a weight is NaN or infinite")
    if np.any(w < 0):
        raise NotImplementedError("a weight is negative (networkx decides: error or result)")
    return w, integral


def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
    gg = as_gnest(G)
    if source not in gg:
        raise nx.NodeNotFound(f"Node {source} not found in graph")
    w, integral = _sssp_weights(gg, weight)
    graph = gg.cached(("weight", weight), lambda: gg.borrowed(w))
    dist = gnest.sssp(graph, gg.index[source], **_run_options())
    keep = np.isfinite(dist)
    if cutoff is not None:
        keep &= dist <= cutoff
    keep[gg.index[source]] = True
    reached = np.flatnonzero(keep)
    reached = reached[np.argsort(dist[reached], kind="stable")]
    values = dist[reached]
    # Integer weights: gnest's double sums (networkx's, left to right along the path) are exact
    # while every distance stays within 2**53, where networkx's Python ints are too.
    exact = integral and (values.size == 0 or values.max() <= DOUBLE_EXACT_INTEGERS)
    values = values.astype(np.int64).tolist() if exact else values.tolist()
    return dict(zip(gg.node_array(reached), values))


# ---------------------------------------------------------------------------------------------
# Betweenness
# ---------------------------------------------------------------------------------------------

def _betweenness_graph(gg, weight):
    """The gnest graph and function that give NetworkX's betweenness for this weight: the
    unweighted Brandes when every weight is the same positive number (the same shortest paths),
    the weighted one when every weight is positive (both sum paths left to right in double and
    compare sums exactly, so ties agree); otherwise NotImplementedError (networkx runs it)."""
    if weight is None:
        return gg.plain(), gnest.bc
    w, _ = gg.weights(weight)
    if not np.all(np.isfinite(w)):
        raise NotImplementedError("a weight is NaN or infinite")
    if w.size and np.all(w == w[0]) and w[0] > 0:
        return gg.plain(), gnest.bc
    if np.any(w <= 0):
        # NetworkX's Dijkstra counts paths in discovery order, which a zero weight can make
        # wrong (a vertex counted before all its equal-distance predecessors); negative: its call.
        raise NotImplementedError("a weight is zero or negative (networkx decides)")
    return gg.cached(("weight", weight), lambda: gg.borrowed(w)), gnest.bc_weighted


def _endpoint_counts(gg, sources):
    """What endpoints=True adds to the raw sums: for each source s, the vertices it reaches
    (s excluded), and for each vertex v, the sources other than v that reach it."""
    graph = gg.plain()
    extra = np.zeros(len(gg.nodes), dtype=np.float64)
    for s in sources:
        reached = gnest.bfs(graph, int(s), **_run_options()) >= 0
        reached[s] = False
        extra[reached] += 1
        extra[s] += np.count_nonzero(reached)
    return extra


def _rescale(values, n, *, normalized, directed, endpoints, sampled):
    """NetworkX's rescaling of raw betweenness sums over ordered (s, t) pairs (values, one per
    vertex): N candidate vertices per pair (n, or n - 1 without endpoints); K sources (all, or
    the k sampled); unordered pairs for an undirected graph when not normalised. With sampling
    and without endpoints, a sampled vertex was a source itself, so it had K - 1 sources."""
    pairs = n if endpoints else n - 1
    if pairs < 2:
        return values
    sources = pairs if sampled is None else len(sampled)
    halve = 1 if directed else 2

    def factor(k):  # k = 0 divides by zero, as in networkx
        return 1 / (k * (pairs - 1)) if normalized else pairs / (k * halve)

    if sampled is None or endpoints:
        return values * factor(sources)
    scale = np.full(values.shape, factor(sources))
    # k = 1: no source could have counted the sampled vertex (it was the one): undefined.
    scale[sampled] = factor(sources - 1) if sources > 1 else math.nan
    return values * scale


def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False, seed=None):
    gg = as_gnest(G)
    graph, brandes = _betweenness_graph(gg, weight)
    n = len(gg.nodes)
    if k is None:
        sampled = None
        raw = brandes(graph, **_run_options())
        sources = range(n)
    else:
        # NetworkX draws the sources this way, from the seed it was given.
        random = nx.utils.create_py_random_state(seed)
        sampled = np.array([gg.index[node] for node in random.sample(gg.nodes, k)], np.int64)
        raw = brandes(graph, sampled, **_run_options())
        sources = sampled
    if endpoints:
        raw = raw + _endpoint_counts(gg, sources)
    values = _rescale(raw, n, normalized=normalized, directed=gg.is_directed(),
                      endpoints=endpoints, sampled=sampled)
    return dict(zip(gg.nodes, values.tolist()))


# ---------------------------------------------------------------------------------------------
# Greedy coloring
# ---------------------------------------------------------------------------------------------

def greedy_color(G, strategy="largest_first", interchange=False):
    gg = as_gnest(G)
    graph = nx_of(G)
    if not gg.nodes:
        return {}
    # NetworkX colors in sorted(G, key=G.degree, reverse=True): a stable sort, so ties keep node
    # order, which is the vertex order of gg. gnest's color_tie=id is that order (largest degree
    # first, a self-loop arc counting 2 as in NetworkX's degree, ties by the smaller id), so the
    # greedy colorings are the same.
    colors = gnest.color(gg.plain(), tie="id", **_run_options()).tolist()
    color_of = dict(zip(gg.nodes, colors))
    # NetworkX's dict lists the nodes in the order it colored them.
    return {node: color_of[node] for node in sorted(graph, key=graph.degree, reverse=True)}


# ---------------------------------------------------------------------------------------------
# Minimum spanning tree (Kruskal's answer)
# ---------------------------------------------------------------------------------------------

def _kruskal_edges(graph, weight, ignore_nan):
    """The edges of NetworkX's Kruskal forest, in the order it yields them, as (u, v, data).

    NetworkX takes the edges in a stable sort by weight of G.edges(data=True): with ties, the
    earlier edge wins. gnest's forest is the minimum one for (weight, u, v) order; giving each
    edge its rank in NetworkX's order as its weight (distinct integers) makes gnest's forest
    NetworkX's (ranks are exact float64 weights)."""
    edges = [(u, v, d) for u, v, d in graph.edges(data=True) if u != v]
    values = [d.get(weight, 1) for _, _, d in edges]
    if not all(isinstance(x, (int, float, np.integer, np.floating)) for x in values):
        raise NotImplementedError("edge weights that are not all int or float")
    w = np.array(values, dtype=np.float64)
    if np.any(np.abs(w[np.isfinite(w)]) > 2**53):
        raise NotImplementedError("weights beyond 2**53: float64 would not order them exactly")
    nan = np.isnan(w)
    if nan.any():
        if not ignore_nan:
            at = edges[int(np.flatnonzero(nan)[0])]
            raise ValueError(f"NaN found as an edge weight. Edge {at}")
        kept = np.flatnonzero(~nan)
        edges, w = [edges[i] for i in kept], w[kept]
    if not edges:
        return []
    rank = np.empty(len(edges), np.int64)
    rank[np.argsort(w, kind="stable")] = np.arange(len(edges))
    index = {node: i for i, node in enumerate(graph)}
    u = np.array([index[e[0]] for e in edges], np.int32)
    v = np.array([index[e[1]] for e in edges], np.int32)
    forest = gnest.mst(gnest.from_edges(u, v, rank.astype(np.float64), num_vertices=len(index),
                                        symmetrize=True),
                       **_run_options())
    chosen = np.sort(forest.w.astype(np.int64))
    by_rank = np.argsort(rank)
    return [edges[i] for i in by_rank[chosen].tolist()]


def minimum_spanning_edges(G, algorithm="kruskal", weight="weight", keys=True, data=True,
                           ignore_nan=False):
    # A generator, as networkx's: nothing runs (nor raises) before the first edge is asked for.
    for u, v, d in _kruskal_edges(nx_of(G), weight, ignore_nan):
        yield (u, v, d) if data else (u, v)


def minimum_spanning_tree(G, weight="weight", algorithm="kruskal", ignore_nan=False):
    graph = nx_of(G)
    tree = graph.__class__()
    tree.graph.update(graph.graph)
    tree.add_nodes_from(graph.nodes.items())
    tree.add_edges_from(_kruskal_edges(graph, weight, ignore_nan))
    return tree


# ---------------------------------------------------------------------------------------------
# Triangles
# ---------------------------------------------------------------------------------------------

def triangles(G, nodes=None):
    gg = as_gnest(G)
    graph = nx_of(G)
    # gnest counts on sorted rows without self-loops: a sorted copy, built once and kept.
    sorted_rows = gg.cached("sorted", lambda: gnest.from_edges(
        *gg.arcs(), num_vertices=len(gg.nodes), drop_self_loops=True))
    _, counts = gnest.triangles(sorted_rows, per_vertex=True, **_run_options())
    counts = counts.tolist()
    if nodes is not None and nodes in graph:
        return counts[gg.index[nodes]]
    if nodes is None:
        return dict(zip(gg.nodes, counts))
    return {node: counts[gg.index[node]] for node in graph.nbunch_iter(nodes)}


# ---------------------------------------------------------------------------------------------
# Connected components
# ---------------------------------------------------------------------------------------------

def _labels(G, strong):
    """Each vertex's component (its smallest vertex index) on gnest, weak or strong."""
    gg = as_gnest(G)
    run = gnest.strongly_connected_components if strong else gnest.connected_components
    return gg, run(gg.plain(), **_run_options())


def _component_sets(G, strong):
    """The components as sets of nodes, by their first node in the graph's order: the order
    NetworkX yields (weakly) connected components in."""
    gg, labels = _labels(G, strong)
    if labels.size == 0:
        return
    by_label = np.argsort(labels, kind="stable")
    for part in np.split(by_label, np.flatnonzero(np.diff(labels[by_label])) + 1):
        yield set(gg.node_array(part))


def _count(G, strong):
    _, labels = _labels(G, strong)
    return int(np.count_nonzero(labels == np.arange(labels.size)))


def connected_components(G):
    yield from _component_sets(G, False)


def number_connected_components(G):
    return _count(G, False)


def weakly_connected_components(G):
    yield from _component_sets(G, False)


def number_weakly_connected_components(G):
    return _count(G, False)


def strongly_connected_components(G):
    yield from _component_sets(G, True)


def number_strongly_connected_components(G):
    return _count(G, True)


__all__ = ["GnestGraph", "betweenness_centrality", "bfs_layers", "greedy_color",
           "minimum_spanning_edges", "minimum_spanning_tree", "single_source_dijkstra_path_length",
           "single_source_shortest_path_length", "triangles", "connected_components",
           "number_connected_components", "weakly_connected_components",
           "number_weakly_connected_components", "strongly_connected_components",
           "number_strongly_connected_components"]
