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
    """NetworkX's breadth-first tree, level by level: (layer, parents) index arrays. Layer k + 1
    lists the new vertices met scanning layer k in its order, each vertex's arcs in adjacency
    order (NetworkX's discovery order); parents[i] is the vertex whose arc met layer[i] first,
    NetworkX's parent of it (-1 in the first layer)."""
    offsets, columns = gg.csr()
    layer = np.asarray(first_layer, dtype=np.int64)
    parents = np.full(layer.size, -1, np.int64)
    depth = 0
    while layer.size:
        yield layer, parents
        starts, ends = offsets[layer], offsets[layer + 1]
        lengths = ends - starts
        # Arc positions of the whole layer, row after row: starts[i] .. ends[i] - 1.
        arcs = np.repeat(starts - np.cumsum(lengths) + lengths, lengths) + np.arange(lengths.sum())
        met, owners = columns[arcs], np.repeat(layer, lengths)
        new = levels[met] == depth + 1
        met, owners = met[new], owners[new]
        _, first = np.unique(met, return_index=True)
        first = np.sort(first)
        layer, parents = met[first].astype(np.int64), owners[first]
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
    for layer, _ in _layers(gg, indices, levels):
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


# ---------------------------------------------------------------------------------------------
# Paths: breadth-first trees (NetworkX's parents) and gnest's predecessors
# ---------------------------------------------------------------------------------------------

def _bfs_tree(gg, source, depth_limit=None):
    """NetworkX's bfs_edges(G, source, depth_limit) from the vertex index source, a level at a
    time: (children, parents) index arrays in NetworkX's order. Levels come from gnest; the
    parents are NetworkX's (the first discoverer: _layers), not gnest's smallest id, so every
    breadth-first path is the one networkx returns."""
    levels = _levels(gg, [source])
    for depth, (layer, parents) in enumerate(_layers(gg, [source], levels)):
        # NetworkX expands level L while L < depth_limit (default len(G): no limit).
        if depth and (depth_limit is None or depth - 1 < depth_limit):
            yield layer, parents
        elif depth:
            return


def _bfs_source(gg, source):
    """source's vertex index; NetworkXError as G.neighbors(source) raises it in bfs_edges."""
    if source not in gg:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    return gg.index[source]


def bfs_predecessors(G, source, depth_limit=None, sort_neighbors=None):
    gg = as_gnest(G)
    for children, parents in _bfs_tree(gg, _bfs_source(gg, source), depth_limit):
        yield from zip(gg.node_array(children), gg.node_array(parents))


def bfs_successors(G, source, depth_limit=None, sort_neighbors=None):
    gg = as_gnest(G)
    # NetworkX groups bfs_edges by runs of one parent; the source comes first, with [] when it
    # discovers nothing.
    parent, children = _bfs_source(gg, source), []
    for layer, parents in _bfs_tree(gg, parent, depth_limit):
        for child, p in zip(layer.tolist(), parents.tolist()):
            if p != parent:
                yield gg.nodes[parent], children
                parent, children = p, []
            children.append(gg.nodes[child])
    yield gg.nodes[parent], children


def _bfs_paths(gg, source, cutoff=None):
    """NetworkX's single_source_shortest_path from the vertex index source: {node: path} in its
    order (discovery order), each path extending its NetworkX parent's."""
    nodes = gg.nodes
    paths = {source: [nodes[source]]}
    # NetworkX expands level L while cutoff > L, as bfs_edges does while L < depth_limit.
    for children, parents in _bfs_tree(gg, source, cutoff):
        for child, parent in zip(children.tolist(), parents.tolist()):
            paths[child] = paths[parent] + [nodes[child]]
    return {nodes[v]: path for v, path in paths.items()}


def single_source_shortest_path(G, source, cutoff=None):
    gg = as_gnest(G)
    if source not in gg:
        raise nx.NodeNotFound(f"Source {source} not in G")
    return _bfs_paths(gg, gg.index[source], cutoff)


def _dijkstra_weights(gg, weight):
    """The gnest graph of these weights, once _sssp_weights has accepted them; integer weights
    summing to 2**53 or more are left to networkx (its Python ints stay exact where float64
    sums could tie two paths of different lengths)."""
    w, integral = _sssp_weights(gg, weight)
    if integral and w.sum() >= DOUBLE_EXACT_INTEGERS:
        raise NotImplementedError("integer weights summing beyond 2**53")
    return gg.cached(("weight", weight), lambda: gg.borrowed(w))


def _tree_paths(gg, pred, order):
    """{node: path} for the vertex indices of order, in that order, each path rebuilt along
    gnest's predecessors (pred[v] = -1 at the source) and extending its parent's."""
    nodes, pred = gg.nodes, pred.tolist()
    paths = {}
    for v in order.tolist():
        chain = []
        while v >= 0 and v not in paths:
            chain.append(v)
            v = pred[v]
        path = paths[v] if v >= 0 else []
        for u in reversed(chain):
            path = paths[u] = path + [nodes[u]]
    return {nodes[v]: paths[v] for v in order.tolist()}


def _dijkstra_paths(gg, source, cutoff, weight):
    """single_source_dijkstra_path from the vertex index source (weights checked by caller):
    paths along gnest's predecessors, by distance as networkx orders them."""
    dist, pred = gnest.sssp(_dijkstra_weights(gg, weight), source, predecessors=True,
                            **_run_options())
    keep = np.isfinite(dist)
    if cutoff is not None:
        keep &= dist <= cutoff
    keep[source] = True
    reached = np.flatnonzero(keep)
    return _tree_paths(gg, pred, reached[np.argsort(dist[reached], kind="stable")])


def single_source_dijkstra_path(G, source, cutoff=None, weight="weight"):
    gg = as_gnest(G)
    if source not in gg:
        raise nx.NodeNotFound(f"Node {source} not found in graph")
    return _dijkstra_paths(gg, gg.index[source], cutoff, weight)


def _path(gg, source, target, weight, no_path):
    """A shortest path between two nodes of gg along gnest's predecessors (BFS with weight None,
    else Dijkstra); NetworkXNoPath(no_path) when target is unreached."""
    s, t = gg.index[source], gg.index[target]
    if weight is None:
        _, pred = gnest.bfs(gg.plain(), s, predecessors=True, **_run_options())
    else:
        _, pred = gnest.sssp(_dijkstra_weights(gg, weight), s, predecessors=True,
                             **_run_options())
    path = gnest.path_to(pred, s, t)
    if not path:
        raise nx.NetworkXNoPath(no_path)
    return gg.node_array(np.asarray(path))


def dijkstra_path(G, source, target, weight="weight"):
    gg = as_gnest(G)
    if source not in gg:
        raise nx.NodeNotFound(f"Node {source} not found in graph")
    if target == source:
        return [target]
    if target not in gg:
        _dijkstra_weights(gg, weight)  # networkx would search (and check the weights) first
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return _path(gg, source, target, weight, f"No path to {target}.")


def _all_pairs_paths(gg, weight):
    """NetworkX's all_pairs_shortest_path / all_pairs_dijkstra_path: (node, paths) for every
    node, lazily."""
    for node in gg.nodes:
        s = gg.index[node]
        yield node, _bfs_paths(gg, s) if weight is None else _dijkstra_paths(gg, s, None, weight)


def shortest_path(G, source=None, target=None, weight=None, method="dijkstra"):
    if method not in ("dijkstra", "bellman-ford"):
        raise ValueError(f"method not supported: {method}")
    gg = as_gnest(G)  # weight None: breadth-first, whatever the method; else Dijkstra (can_run)
    if weight is not None:
        _dijkstra_weights(gg, weight)  # before anything is returned, a generator included
    if source is None and target is None:
        return _all_pairs_paths(gg, weight)
    if source is None:  # paths to target: from it in the reversed graph, turned around
        graph = nx_of(G)
        reverse = as_gnest(graph.reverse(copy=False)) if graph.is_directed() else gg
        if weight is None:
            paths = single_source_shortest_path(reverse, target)
        else:
            paths = single_source_dijkstra_path(reverse, target, weight=weight)
        return {node: path[::-1] for node, path in paths.items()}
    if target is None:
        if weight is None:
            return single_source_shortest_path(gg, source)
        return single_source_dijkstra_path(gg, source, weight=weight)
    # networkx's bidirectional searches: their checks, messages and a path of theirs' length.
    if source not in gg:
        raise nx.NodeNotFound(f"Source {source} is not in G")
    if target not in gg:
        raise nx.NodeNotFound(f"Target {target} is not in G")
    if source == target:
        return [source]
    return _path(gg, source, target, weight, f"No path between {source} and {target}.")


__all__ = ["GnestGraph", "betweenness_centrality", "bfs_layers", "greedy_color",
           "minimum_spanning_edges", "minimum_spanning_tree", "single_source_dijkstra_path_length",
           "single_source_shortest_path_length", "triangles", "connected_components",
           "number_connected_components", "weakly_connected_components",
           "number_weakly_connected_components", "strongly_connected_components",
           "number_strongly_connected_components", "bfs_predecessors", "bfs_successors",
           "single_source_shortest_path", "single_source_dijkstra_path", "dijkstra_path",
           "shortest_path"]
