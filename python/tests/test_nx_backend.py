"""The NetworkX backend: every dispatched function with backend="gnest" against networkx's own
answer on graphs of several shapes (labels that are not 0..n-1, directed, disconnected,
weighted, ties), automatic dispatch with networkx's fallback where gnest cannot serve a call,
and errors. Needs the package installed (`pip install ./python`: the entry points)."""

import functools
import random
import re

import networkx as nx
import pytest

import gnest
import nx_gnest.algorithms

if "gnest" not in nx.utils.backends.backends:
    pytest.skip("the gnest NetworkX backend is not installed (pip install ./python)",
                allow_module_level=True)


def relabelled(G):
    """G with labels that are neither integers nor in order (strings, shuffled)."""
    nodes = list(G)
    random.Random(4).shuffle(nodes)
    return nx.relabel_nodes(G, {v: f"n{nodes.index(v)}" for v in G})


def weighted(G, seed, kind=int):
    rng = random.Random(seed)
    for u, v in G.edges:
        G[u][v]["weight"] = rng.randint(1, 9) if kind is int else rng.randint(1, 64) / 8
    return G


def undirected_graphs():
    yield "karate", nx.karate_club_graph()
    yield "grid with ties", nx.grid_2d_graph(5, 6)
    yield "disconnected gnp", nx.gnp_random_graph(50, 0.04, seed=2)
    yield "string labels", relabelled(nx.gnp_random_graph(40, 0.12, seed=3))
    yield "path", nx.path_graph(9)
    yield "empty", nx.empty_graph(5)
    triangle_and_isolated = nx.Graph([(0, 1), (1, 2), (2, 0)])
    triangle_and_isolated.add_nodes_from(["x", "y"])
    yield "triangle and isolated nodes", triangle_and_isolated


def all_graphs():
    yield from undirected_graphs()
    yield "directed gnp", nx.gnp_random_graph(40, 0.08, seed=5, directed=True)
    yield "directed string labels", relabelled(nx.gnp_random_graph(30, 0.1, seed=6,
                                                                   directed=True))


# The tests reuse graphs across calls: NetworkX's note that it caches conversions is expected.
nx.config.warnings_to_ignore.add("cache")

UNDIRECTED = dict(undirected_graphs())
ALL = dict(all_graphs())


# gnest's backends agree on betweenness within 1e-6 relative (the GPU sums in another order).
BC_TOLERANCE = {"rel": 1e-6, "abs": 1e-12}


def both(function, *args, **kwargs):
    """(gnest's answer, networkx's answer) of one NetworkX function."""
    return function(*args, backend="gnest", **kwargs), function(*args, backend="networkx", **kwargs)


@pytest.mark.parametrize("name", ALL)
def test_bfs_layers_and_lengths(name):
    G = ALL[name]
    nodes = list(G)
    for sources in (nodes[0], nodes[-1:] + nodes[:2]):
        ours, theirs = both(nx.bfs_layers, G, sources)
        assert list(ours) == list(theirs)  # layers and the order inside each
    ours, theirs = both(nx.single_source_shortest_path_length, G, nodes[1])
    assert ours == theirs
    for cutoff in (0, 1, 2.5, -1):
        ours, theirs = both(nx.single_source_shortest_path_length, G, nodes[1], cutoff=cutoff)
        assert ours == theirs


@pytest.mark.parametrize("name", ALL)
def test_dijkstra_lengths(name):
    G = weighted(ALL[name].copy(), seed=7)
    source = list(G)[0]
    ours, theirs = both(nx.single_source_dijkstra_path_length, G, source)
    assert ours == theirs and all(type(d) is int for d in ours.values())
    ours, theirs = both(nx.single_source_dijkstra_path_length, G, source, cutoff=6)
    assert ours == theirs
    H = weighted(ALL[name].copy(), seed=8, kind=float)  # eighths: exact in float32
    ours, theirs = both(nx.single_source_dijkstra_path_length, H, source, weight="weight")
    assert ours == theirs
    ours, theirs = both(nx.single_source_dijkstra_path_length, G, source, weight="missing")
    assert ours == theirs  # a missing attribute weighs 1


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("normalized", [True, False])
@pytest.mark.parametrize("endpoints", [False, True])
def test_betweenness_equals_networkx(name, normalized, endpoints):
    G = ALL[name]
    ours, theirs = both(nx.betweenness_centrality, G, normalized=normalized, endpoints=endpoints)
    assert ours.keys() == theirs.keys()
    assert list(ours.values()) == pytest.approx(list(theirs.values()), **BC_TOLERANCE)
    if len(G) >= 4:
        k = len(G) // 3
        ours, theirs = both(nx.betweenness_centrality, G, k=k, seed=11, normalized=normalized,
                            endpoints=endpoints)
        assert list(ours.values()) == pytest.approx(list(theirs.values()), nan_ok=True,
                                                    **BC_TOLERANCE)


def test_betweenness_with_equal_weights_runs_on_gnest():
    G = nx.karate_club_graph()
    nx.set_edge_attributes(G, 2.5, "w")
    ours, theirs = both(nx.betweenness_centrality, G, weight="w")
    assert list(ours.values()) == pytest.approx(list(theirs.values()), **BC_TOLERANCE)
    assert gnest.last_info().method_name  # served by gnest


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("normalized", [True, False])
@pytest.mark.parametrize("endpoints", [False, True])
def test_weighted_betweenness_equals_networkx(name, normalized, endpoints):
    """Integer weights 1..9 (ties of equal-length paths exact on both sides), and sampled."""
    G = weighted(ALL[name].copy(), seed=12)
    ours, theirs = both(nx.betweenness_centrality, G, weight="weight", normalized=normalized,
                        endpoints=endpoints)
    assert ours.keys() == theirs.keys()
    assert list(ours.values()) == pytest.approx(list(theirs.values()), **BC_TOLERANCE)
    if len(G) >= 4:
        k = len(G) // 3
        ours, theirs = both(nx.betweenness_centrality, G, k=k, seed=11, weight="weight",
                            normalized=normalized, endpoints=endpoints)
        assert list(ours.values()) == pytest.approx(list(theirs.values()), nan_ok=True,
                                                    **BC_TOLERANCE)


def test_weighted_betweenness_ties_differ_from_unweighted():
    """A square 0-1-2-3-0 with one heavy edge: the two weighted paths 0-1-2 (1 + 1) and 0-3-2
    (1 + 1) tie, 1-3 goes through 0 or 2 only as weights allow."""
    G = nx.Graph()
    G.add_weighted_edges_from([(0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 0, 1), (0, 2, 5), (1, 3, 2)])
    ours, theirs = both(nx.betweenness_centrality, G, weight="weight", normalized=False)
    assert ours == pytest.approx(theirs, **BC_TOLERANCE)
    assert ours != pytest.approx(nx.betweenness_centrality(G, normalized=False))


def test_weighted_betweenness_leaves_zero_weights_to_networkx():
    G = nx.path_graph(4)
    for (u, v), w in zip(G.edges, [1, 0, 2]):
        G[u][v]["weight"] = w
    with pytest.raises(NotImplementedError, match="zero"):
        nx_gnest.algorithms.betweenness_centrality(G, weight="weight")
    with pytest.raises(NotImplementedError):  # backend= forces gnest: no fallback
        nx.betweenness_centrality(G, weight="weight", backend="gnest")


@pytest.mark.parametrize("weights", [[1, 2.5, 2], [1, 2**24, 2], [0.1, 0.2, 0.3]])
def test_weighted_betweenness_of_positive_doubles_is_networkx(weights):
    # Both sum path lengths left to right in double and compare them exactly: the same ties.
    G = nx.cycle_graph(6)
    for (u, v), w in zip(G.edges, weights * 2):
        G[u][v]["weight"] = w
    ours, theirs = both(nx.betweenness_centrality, G, weight="weight")
    assert ours == pytest.approx(theirs, rel=1e-12)


@pytest.mark.parametrize("name", UNDIRECTED)
def test_greedy_color_largest_first_gives_networkx_colors(name):
    ours, theirs = both(nx.greedy_color, UNDIRECTED[name])
    assert ours == theirs and list(ours) == list(theirs)


def test_greedy_color_on_many_random_graphs():
    for seed in range(20):
        G = nx.gnm_random_graph(30 + seed, 60 + 5 * seed, seed=seed)
        ours, theirs = both(nx.greedy_color, G, strategy="largest_first")
        assert ours == theirs, seed


def test_greedy_color_on_a_1500_vertex_random_graph_with_many_ties():
    # Degree ties everywhere: only NetworkX's own tie rule gives its colors.
    for seed in (1, 2):
        G = nx.gnm_random_graph(1500, 6000, seed=seed)
        ours, theirs = both(nx.greedy_color, G, strategy="largest_first")
        assert ours == theirs and list(ours) == list(theirs), seed
        assert max(ours.values()) == max(theirs.values())


def test_greedy_color_counts_self_loops_as_networkx_degree():
    # A self-loop adds 2 to NetworkX's degree, which moves the vertex up its order.
    G = nx.path_graph(3)
    G.add_edge(0, 0)
    ours, theirs = both(nx.greedy_color, G)
    assert ours == theirs == {0: 0, 1: 1, 2: 0}
    G = nx.gnm_random_graph(300, 900, seed=4)
    G.add_edges_from((v, v) for v in range(0, 300, 7))
    ours, theirs = both(nx.greedy_color, G)
    assert ours == theirs and list(ours) == list(theirs)


def test_greedy_color_with_labelled_nodes_in_insertion_order():
    G = nx.Graph()
    G.add_edges_from([("z", "a"), ("a", "m"), ("m", "z"), ("m", "q"), ("b", "c")])
    ours, theirs = both(nx.greedy_color, G)
    assert ours == theirs and list(ours) == list(theirs)


@pytest.mark.parametrize("name", UNDIRECTED)
def test_minimum_spanning_edges_and_tree(name):
    for G in (UNDIRECTED[name], weighted(UNDIRECTED[name].copy(), seed=12)):
        ours, theirs = both(nx.minimum_spanning_edges, G)
        assert list(ours) == list(theirs)  # the same edges, ties included, in the same order
        ours, theirs = both(nx.minimum_spanning_edges, G, data=False)
        assert list(ours) == list(theirs)
        ours, theirs = both(nx.minimum_spanning_tree, G)
        assert nx.utils.graphs_equal(ours, theirs)


def test_mst_nan_weights():
    G = weighted(nx.karate_club_graph(), seed=1)
    G.add_edge(0, 33, weight=float("nan"))
    ours, theirs = both(nx.minimum_spanning_edges, G, ignore_nan=True)
    assert list(ours) == list(theirs)
    edges = nx.minimum_spanning_edges(G, backend="gnest")  # lazy, as networkx's
    with pytest.raises(ValueError, match="NaN found as an edge weight"):
        list(edges)


@pytest.mark.parametrize("name", UNDIRECTED)
def test_triangles(name):
    G = UNDIRECTED[name]
    ours, theirs = both(nx.triangles, G)
    assert ours == theirs
    nodes = list(G)
    if nodes:
        assert both(nx.triangles, G, nodes[0])[0] == nx.triangles(G, nodes[0])
        ours, theirs = both(nx.triangles, G, nodes[:3] + ["not a node"])
        assert ours == theirs


def test_self_loops_are_ignored_as_networkx_does():
    G = nx.karate_club_graph()
    G.add_edges_from([(0, 0), (5, 5)])
    assert both(nx.triangles, G)[0] == nx.triangles(G)
    bc_ours, bc_theirs = both(nx.betweenness_centrality, G)
    assert list(bc_ours.values()) == pytest.approx(list(bc_theirs.values()), **BC_TOLERANCE)
    assert list(nx.bfs_layers(G, 0, backend="gnest")) == list(nx.bfs_layers(G, 0))
    ours, theirs = both(nx.minimum_spanning_edges, G)
    assert list(ours) == list(theirs)


# --- dispatch and fallback ----------------------------------------------------------------------

@pytest.fixture
def automatic():
    """NETWORKX_AUTOMATIC_BACKENDS=gnest for one test: gnest first, networkx where it cannot."""
    saved = list(nx.config.backend_priority.algos)
    nx.config.backend_priority.algos = ["gnest"]
    yield
    nx.config.backend_priority.algos = saved


def served_by_gnest(call):
    """Runs call(); True when gnest computed it (its last_info changed)."""
    before = gnest.last_info()
    result = call()
    return gnest.last_info() is not before, result


def test_automatic_dispatch_uses_gnest(automatic):
    G = nx.karate_club_graph()
    served, result = served_by_gnest(lambda: nx.betweenness_centrality(G))
    assert served
    assert result == pytest.approx(nx.betweenness_centrality(G, backend="networkx"))


@pytest.mark.parametrize("call", [
    lambda: nx.betweenness_centrality(nx.MultiGraph(nx.karate_club_graph())),
    lambda: nx.greedy_color(nx.karate_club_graph(), strategy="smallest_last"),
    lambda: nx.greedy_color(nx.karate_club_graph(), interchange=True),
    lambda: nx.minimum_spanning_tree(nx.karate_club_graph(), algorithm="prim"),
    lambda: nx.single_source_dijkstra_path_length(nx.karate_club_graph(), 0,
                                                  weight=lambda u, v, d: 2),
    lambda: nx.greedy_color(nx.DiGraph([(0, 1), (1, 2)])),
], ids=["multigraph", "other strategy", "interchange", "prim", "weight function", "directed"])
def test_automatic_dispatch_falls_back_where_gnest_cannot(automatic, call):
    served, result = served_by_gnest(call)
    assert not served
    nx.config.backend_priority.algos = []
    expected = call()
    assert nx.utils.graphs_equal(result, expected) if isinstance(expected, nx.Graph) else \
        result == expected


def test_data_dependent_fallback(automatic):
    G = nx.path_graph(4)
    G.add_edge(1, 2, weight=-1)  # negative: networkx's Dijkstra decides what to do (raise)
    before = gnest.last_info()
    with pytest.raises(ValueError, match="Contradictory paths found"):
        nx.single_source_dijkstra_path_length(G, 3)
    assert gnest.last_info() is before
    G.add_edge(1, 2, weight=0.1)  # not a float32: gnest sums in float64 as networkx does
    served, result = served_by_gnest(lambda: nx.single_source_dijkstra_path_length(G, 0))
    assert served and result == {0: 0, 1: 1, 2: 1.1, 3: 2.1}


def test_can_run_reasons():
    backend = nx.utils.backends._load_backend("gnest")
    G = nx.karate_club_graph()
    assert backend.can_run("triangles", (G,), {}) is True
    assert "directed" in backend.can_run("triangles", (G.to_directed(),), {})
    assert "multigraph" in backend.can_run("triangles", (nx.MultiGraph(G),), {})
    assert "iterator" in backend.can_run("bfs_layers", (G, iter([0, 1])), {})
    assert "strategy 'DSATUR'" in backend.can_run("greedy_color", (G,), {"strategy": "DSATUR"})
    assert "does not implement" in backend.can_run("pagerank", (G,), {})


def test_errors_through_networkx():
    G = nx.karate_club_graph()
    with pytest.raises(nx.NodeNotFound):
        nx.single_source_shortest_path_length(G, "nobody", backend="gnest")
    with pytest.raises(nx.NetworkXError, match="The node nobody is not in the graph"):
        list(nx.bfs_layers(G, ["nobody"], backend="gnest"))
    with pytest.raises(ValueError, match="larger"):
        nx.betweenness_centrality(G, k=99, backend="gnest")
    nx.config.backends.gnest.backend = "warp-drive"
    try:
        with pytest.raises(gnest.InvalidArgument, match="'backend=warp-drive': bad value"):
            nx.triangles(G, backend="gnest")
    finally:
        nx.config.backends.gnest.backend = "auto"


def test_config_chooses_the_gnest_backend():
    G = nx.karate_club_graph()
    nx.config.backends.gnest.backend = "cpu"
    try:
        nx.triangles(G, backend="gnest")
        assert gnest.last_info().reason == "forced by caller"
    finally:
        nx.config.backends.gnest.backend = "auto"


def _as_sets(components):
    return sorted(map(frozenset, components), key=lambda s: sorted(map(str, s)))


@pytest.mark.parametrize("name", UNDIRECTED)
def test_connected_components(name):
    G = UNDIRECTED[name]
    ours, theirs = both(nx.connected_components, G)
    assert list(ours) == list(theirs)  # the same sets in the same order
    assert nx.number_connected_components(G, backend="gnest") == \
        nx.number_connected_components(G)


@pytest.mark.parametrize("name", [n for n in ALL if n not in UNDIRECTED])
def test_weakly_and_strongly_connected_components(name):
    G = ALL[name]
    ours, theirs = both(nx.weakly_connected_components, G)
    assert list(ours) == list(theirs)
    ours, theirs = both(nx.strongly_connected_components, G)
    assert _as_sets(ours) == _as_sets(theirs)  # networkx's order is its search's
    for count in (nx.number_weakly_connected_components, nx.number_strongly_connected_components):
        assert count(G, backend="gnest") == count(G)


def test_components_refuse_the_wrong_kind_of_graph():
    with pytest.raises(nx.NetworkXNotImplemented):
        list(nx.connected_components(nx.DiGraph([(0, 1)]), backend="gnest"))
    with pytest.raises(nx.NetworkXNotImplemented):
        list(nx.strongly_connected_components(nx.Graph([(0, 1)]), backend="gnest"))


# --- paths ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL)
def test_breadth_first_paths_are_networkx_paths(name):
    """Breadth-first trees take NetworkX's parents (the first discoverer): the same answers, in
    the same order, ties included."""
    G = ALL[name]
    for source in list(G)[:3]:
        for depth_limit in (None, 0, 1, 2.5):
            for function in (nx.bfs_predecessors, nx.bfs_successors):
                ours, theirs = both(function, G, source, depth_limit=depth_limit)
                assert list(ours) == list(theirs)
        for cutoff in (None, 0, 1, 2.5, -1):
            ours, theirs = both(nx.single_source_shortest_path, G, source, cutoff=cutoff)
            assert list(ours.items()) == list(theirs.items())
        ours, theirs = both(nx.shortest_path, G, source)
        assert list(ours.items()) == list(theirs.items())
        ours, theirs = both(nx.shortest_path, G, target=source)
        assert list(ours.items()) == list(theirs.items())


def test_all_pairs_shortest_path_is_a_generator_of_networkx_paths():
    G = ALL["directed gnp"]
    ours, theirs = both(nx.shortest_path, G)
    assert iter(ours) is ours  # lazy, as networkx's
    assert [(s, list(p.items())) for s, p in ours] == [(s, list(p.items())) for s, p in theirs]


def path_weight(G, path, weight):
    """A path's length as networkx sums it (left to right from 0); None for a missing edge."""
    total = 0
    for u, v in zip(path, path[1:]):
        if v not in G[u]:
            return None
        total += 1 if weight is None else G[u][v].get(weight, 1)
    return total


def random_weighted(seed, directed, kind):
    """A sparse random graph (unreachable nodes, ties of equal-length paths) with weights of a
    kind: small integers, tenths (not float32s), any float, or integers with zeros."""
    rng = random.Random(seed)
    G = nx.gnp_random_graph(60, 0.05, seed=seed, directed=directed)
    draw = {"int": lambda: rng.randint(1, 4), "tenths": lambda: rng.randint(1, 30) / 10,
            "float": rng.random, "zeros": lambda: rng.randint(0, 2)}[kind]
    for u, v in G.edges:
        G[u][v]["weight"] = draw()
    return G


@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
@pytest.mark.parametrize("kind", ["int", "tenths", "float", "zeros", None])
def test_shortest_paths_are_shortest_on_random_graphs(directed, kind):
    """Every path starts at the source, follows edges and has NetworkX's length; the same nodes
    are reached; unreached targets raise NetworkXNoPath as in networkx."""
    weight = None if kind is None else "weight"
    for seed in range(4):
        G = random_weighted(seed, directed, kind or "int")
        lengths = dict(nx.all_pairs_dijkstra_path_length(G, weight=weight, backend="networkx"))
        for source in list(G)[:6]:
            paths = nx.single_source_dijkstra_path(G, source, weight=weight, backend="gnest") \
                if weight else nx.single_source_shortest_path(G, source, backend="gnest")
            assert paths.keys() == lengths[source].keys()
            for target, path in paths.items():
                assert path[0] == source and path[-1] == target
                assert path_weight(G, path, weight) == lengths[source][target]
            for target in G:
                calls = [functools.partial(nx.shortest_path, G, source, target, weight=weight)]
                if weight:
                    calls.append(functools.partial(nx.dijkstra_path, G, source, target))
                for call in calls:
                    if target in lengths[source]:
                        path = call(backend="gnest")
                        assert (path[0], path[-1]) == (source, target)
                        # Exactly: networkx's bidirectional search (shortest_path with a target)
                        # can give a path whose sum is one ulp longer, gnest's never is.
                        assert path_weight(G, path, weight) == lengths[source][target]
                        continue
                    with pytest.raises(nx.NetworkXNoPath) as expected:
                        call(backend="networkx")
                    with pytest.raises(nx.NetworkXNoPath, match=re.escape(str(expected.value))):
                        call(backend="gnest")


@pytest.mark.parametrize("kind", ["int", "tenths"])
def test_dijkstra_paths_with_cutoff_and_to_a_target(kind):
    G = random_weighted(9, True, kind)
    for source in list(G)[:5]:
        for cutoff in (0, 1, 2.5, 4):
            ours, theirs = both(nx.single_source_dijkstra_path, G, source, cutoff=cutoff)
            assert ours.keys() == theirs.keys()
        ours, theirs = both(nx.shortest_path, G, target=source, weight="weight")
        assert ours.keys() == theirs.keys()
        assert all(path[-1] == source and path_weight(G, path, "weight") ==
                   path_weight(G, theirs[node], "weight") for node, path in ours.items())
        ours, theirs = both(nx.shortest_path, G, weight="weight")
        assert [s for s, _ in ours] == [s for s, _ in theirs]


def test_tied_paths_follow_gnest_rule():
    """Two shortest paths 0-2-4 and 0-1-4 of weight 2: networkx takes the first found (0-2-4,
    as 0 lists 2 first); gnest takes, at each node, the parent first in the graph's node order
    among those on the tied paths of fewest edges (0-1-4; and 0-3 over 0-1-3 and 0-2-3)."""
    G = nx.DiGraph()
    G.add_nodes_from(range(5))  # node order 0, 1, 2, 3, 4
    G.add_weighted_edges_from([(0, 2, 1), (0, 1, 1), (2, 3, 1), (1, 3, 1), (2, 4, 1),
                               (1, 4, 1)])
    assert nx.dijkstra_path(G, 0, 4, backend="networkx") == [0, 2, 4]
    assert nx.dijkstra_path(G, 0, 4, backend="gnest") == [0, 1, 4]
    G.add_edge(0, 3, weight=2)
    assert nx.single_source_dijkstra_path(G, 0, backend="gnest")[3] == [0, 3]
    assert nx.shortest_path(G, 0, 4, weight="weight", backend="gnest") == [0, 1, 4]
    # Breadth-first paths: networkx's parent (the first discoverer), not the smallest one.
    assert nx.single_source_shortest_path(G, 0, backend="gnest")[4] == [0, 2, 4]
    assert dict(nx.bfs_predecessors(G, 0, backend="gnest"))[4] == 2


def test_path_errors_as_networkx():
    G = nx.path_graph(4)
    G.add_node("alone")
    for call, error, message in [
            (lambda b: nx.single_source_shortest_path(G, "x", backend=b), nx.NodeNotFound,
             "Source x not in G"),
            (lambda b: nx.single_source_dijkstra_path(G, "x", backend=b), nx.NodeNotFound,
             "Node x not found in graph"),
            (lambda b: nx.dijkstra_path(G, "x", 1, backend=b), nx.NodeNotFound,
             "Node x not found in graph"),
            (lambda b: nx.dijkstra_path(G, 0, "x", backend=b), nx.NetworkXNoPath,
             "No path to x."),
            (lambda b: nx.dijkstra_path(G, 0, "alone", backend=b), nx.NetworkXNoPath,
             "No path to alone."),
            (lambda b: nx.shortest_path(G, 0, "x", backend=b), nx.NodeNotFound,
             "Target x is not in G"),
            (lambda b: nx.shortest_path(G, "x", 0, weight="weight", backend=b),
             nx.NodeNotFound, "Source x is not in G"),
            (lambda b: nx.shortest_path(G, 0, "alone", backend=b), nx.NetworkXNoPath,
             "No path between 0 and alone."),
            (lambda b: nx.shortest_path(G, target="x", backend=b), nx.NodeNotFound,
             "Source x not in G"),
            (lambda b: nx.shortest_path(G, 0, 1, method="floyd", backend=b), ValueError,
             "method not supported: floyd"),
            (lambda b: list(nx.bfs_predecessors(G, "x", backend=b)), nx.NetworkXError,
             "The node x is not in the graph."),
            (lambda b: list(nx.bfs_successors(G, "x", backend=b)), nx.NetworkXError,
             "The node x is not in the graph.")]:
        for backend in ("networkx", "gnest"):
            with pytest.raises(error, match=re.escape(message)):
                call(backend)
    assert nx.dijkstra_path(G, 2, 2, backend="gnest") == [2]
    assert nx.shortest_path(G, 2, 2, backend="gnest") == [2]
    assert list(nx.bfs_successors(G, "alone", backend="gnest")) == [("alone", [])]
    nx.bfs_predecessors(G, "x", backend="gnest")  # a generator: nothing raised until used


def test_path_dispatch_and_fallback(automatic):
    backend = nx.utils.backends._load_backend("gnest")
    G = nx.path_graph(5)
    assert "sort_neighbors" in backend.can_run("bfs_successors", (G, 0), {"sort_neighbors": sorted})
    assert "bellman-ford" in backend.can_run("shortest_path", (G, 0),
                                             {"weight": "weight", "method": "bellman-ford"})
    assert backend.can_run("shortest_path", (G, 0), {"method": "bellman-ford"}) is True
    assert "function" in backend.can_run("dijkstra_path", (G, 0, 4), {"weight": lambda *_: 1})
    served, path = served_by_gnest(lambda: nx.dijkstra_path(G, 0, 4))
    assert served and path == [0, 1, 2, 3, 4]
    G.add_edge(1, 2, weight=-1)  # negative: networkx decides
    before = gnest.last_info()
    with pytest.raises(ValueError, match="Contradictory paths found"):
        nx.single_source_dijkstra_path(G, 0)
    assert gnest.last_info() is before
    G = nx.path_graph(3)
    nx.set_edge_attributes(G, 2**52, "weight")  # integer sums beyond 2**53: networkx's ints
    with pytest.raises(NotImplementedError, match="2\\*\\*53"):
        nx_gnest.algorithms.dijkstra_path(G, 0, 2)
    served, path = served_by_gnest(lambda: nx.dijkstra_path(G, 0, 2))
    assert not served and path == [0, 1, 2]
