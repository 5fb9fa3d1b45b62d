"""The gnest package against hand-checked answers, scipy.sparse.csgraph and networkx: loading,
zero-copy CSR wrapping and its lifetime, every algorithm, backends and options, gnest_info, and
every error path raising the right exception with gnest's own message."""

import gc
import inspect
import threading

import networkx as nx
import numpy as np
import pytest

import gnest

scipy_sparse = pytest.importorskip("scipy.sparse")
csgraph = pytest.importorskip("scipy.sparse.csgraph")


def grid_matrix(rows, cols, seed):
    """A symmetric weighted grid (integer weights 1..9) as a scipy CSR matrix of float64."""
    G = nx.grid_2d_graph(rows, cols)
    rng = np.random.default_rng(seed)
    for u, v in G.edges:
        G[u][v]["weight"] = int(rng.integers(1, 10))
    return nx.to_scipy_sparse_array(G, dtype=np.float64, format="csr")


# --- building graphs ----------------------------------------------------------------------------

def test_load_mtx_file_and_its_options(tmp_path, ctx):
    path = tmp_path / "g.mtx"
    path.write_text("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n")
    g = gnest.load(path, ctx=ctx)
    assert (g.num_vertices, g.num_edges, g.is_weighted) == (3, 2, False)
    assert gnest.bfs(g, 0).tolist() == [0, 1, 2]
    assert gnest.bfs(g, 2).tolist() == [-1, -1, 0]
    undirected = gnest.load(path, symmetrize=True, ctx=ctx)
    assert undirected.num_edges == 4 and undirected.is_symmetric()
    assert gnest.bfs(undirected, 2).tolist() == [2, 1, 0]


def test_from_csr_borrows_the_arrays(ctx):
    indptr = np.array([0, 2, 3, 3], dtype=np.int64)
    indices = np.array([1, 2, 2], dtype=np.int32)
    weights = np.array([2.0, 7.0, 3.0], dtype=np.float64)
    g = gnest.from_csr(indptr, indices, weights, copy=False, ctx=ctx)
    offsets, columns, w = g.csr()
    assert np.shares_memory(offsets, indptr) and np.shares_memory(columns, indices)
    assert np.shares_memory(w, weights)
    assert not columns.flags.writeable
    assert gnest.sssp(g, 0).tolist() == [0.0, 2.0, 5.0]


def test_borrowed_arrays_live_as_long_as_the_graph(ctx):
    def build():
        return gnest.from_csr(np.array([0, 1, 2, 2], np.int64), np.array([1, 2], np.int32),
                              ctx=ctx)

    g = build()  # the caller's only references are gone
    gc.collect()
    np.ones(1 << 16)  # reuse freed memory if any was freed
    assert gnest.bfs(g, 0).tolist() == [0, 1, 2]
    columns = g.csr()[1]
    del g
    gc.collect()
    assert columns.tolist() == [1, 2]  # a view keeps the graph (and its arrays) alive


def test_from_csr_converts_other_dtypes_or_refuses_with_copy_false(ctx):
    indptr = np.array([0, 1, 2], dtype=np.int32)
    indices = np.array([1, 0], dtype=np.int64)
    g = gnest.from_csr(indptr, indices, ctx=ctx)
    assert not np.shares_memory(g.csr()[1], indices)
    assert gnest.bfs(g, 0).tolist() == [0, 1]
    with pytest.raises(TypeError, match="indptr: borrowing needs a C-contiguous int64 array"):
        gnest.from_csr(indptr, indices, copy=False, ctx=ctx)
    with pytest.raises(OverflowError, match="indices: value 4294967296 does not fit in int32"):
        gnest.from_csr([0, 1, 1], np.array([2**32], np.int64), ctx=ctx)
    with pytest.raises(TypeError, match="cannot convert float64 to int32"):
        gnest.from_csr([0, 1, 1], np.array([1.5]), ctx=ctx)


@pytest.mark.parametrize("indptr, indices, weights, error, message", [
    ([0, 2, 1, 3], [1, 2, 2], None, gnest.InvalidArgument,
     "offsets[2] = 1 is below offsets[1] = 2: offsets must not decrease"),
    ([1, 2, 3, 3], [1, 2, 2], None, gnest.InvalidArgument, "offsets[0] = 1: expected 0"),
    ([0, 2, 3, 3], [1, 5, 2], None, gnest.OutOfRange, "columns[1] = 5 is outside [0, 3)"),
    ([0, 2, 3, 3], [1, 2, 2], [1.0, np.nan, 2.0], gnest.InvalidArgument,
     "weights[1] = nan: expected a finite number"),
    ([0, 2, 3, 3], [1, 2, 2], [1.0, 2.0, np.inf], gnest.InvalidArgument,
     "weights[2] = inf: expected a finite number"),
])
def test_from_csr_errors_carry_gnests_message(ctx, indptr, indices, weights, error, message):
    with pytest.raises(error) as caught:
        gnest.from_csr(indptr, indices, weights, ctx=ctx)
    assert caught.value.detail == message
    assert str(caught.value) == f"gnest_graph_from_csr: {message}"
    assert caught.value.source == "gnest_graph_from_csr"


def test_from_csr_python_side_checks(ctx):
    with pytest.raises(ValueError, match="weights has 1 entries for 2 column indices"):
        gnest.from_csr([0, 1, 2], [1, 0], [1.0], ctx=ctx)
    with pytest.raises(ValueError, match="indptr: expected n \\+ 1 entries"):
        gnest.from_csr([], [], ctx=ctx)
    with pytest.raises(ValueError, match="expected a 1-D array"):
        gnest.from_csr([[0, 1]], [0], ctx=ctx)


def test_from_scipy_borrows_indices_and_float64_data(ctx):
    B = grid_matrix(4, 5, seed=1)
    A = scipy_sparse.csr_array((B.data, B.indices.astype(np.int32), B.indptr.astype(np.int32)),
                               shape=B.shape)
    g = gnest.from_scipy(A, ctx=ctx)
    offsets, columns, weights = g.csr()
    assert np.shares_memory(columns, A.indices) and np.shares_memory(weights, A.data)
    assert not np.shares_memory(offsets, A.indptr)  # int32 indptr: converted (n + 1 entries)
    assert np.array_equal(offsets, A.indptr)
    with pytest.raises(TypeError, match="indptr: borrowing needs"):
        gnest.from_scipy(A, copy=False, ctx=ctx)
    with pytest.raises(TypeError, match="expected a scipy.sparse CSR matrix or array, got "
                                        "coo_array in coo format"):
        gnest.from_scipy(A.tocoo(), ctx=ctx)
    with pytest.raises(ValueError, match="a graph needs a square matrix, got 2 x 3"):
        gnest.from_scipy(scipy_sparse.csr_array(np.ones((2, 3))), ctx=ctx)


def test_from_edges_copies_and_builds(ctx):
    g = gnest.from_edges([0, 1, 1], [1, 2, 2], [5.0, 1.0, 3.0], symmetrize=True, ctx=ctx)
    assert (g.num_vertices, g.num_edges) == (3, 4)  # the duplicate merged, both directions
    assert gnest.sssp(g, 2).tolist() == [6.0, 1.0, 0.0]
    assert gnest.from_edges([], [], num_vertices=4, ctx=ctx).num_vertices == 4
    with pytest.raises(ValueError, match="src and dst differ in length: 2 and 1"):
        gnest.from_edges([0, 1], [1], ctx=ctx)
    with pytest.raises(gnest.OutOfRange, match="edge 0: destination 5 is outside \\[0, 2\\)"):
        gnest.from_edges([0], [5], num_vertices=2, ctx=ctx)


def test_version_is_the_librarys():
    """The package mirrors one gnest.h: its version, pyproject's and the C library's agree."""
    import pathlib
    import re

    pyproject = pathlib.Path(__file__).resolve().parents[1] / "pyproject.toml"
    declared = re.search(r'^version = "([^"]+)"', pyproject.read_text(), re.M).group(1)
    assert gnest.__version__ == declared == gnest.library_version()


def test_from_networkx_keeps_nodes_and_weights(ctx):
    G = nx.Graph()
    G.add_edge("a", "b", weight=2.5)
    G.add_edge("b", "c", weight=1.0)
    G.add_node("lonely")
    g = gnest.from_networkx(G, ctx=ctx)
    assert g.node_ids == ["a", "b", "c", "lonely"]
    assert (g.num_vertices, g.num_arcs, g.is_symmetric()) == (4, 4, True)
    assert gnest.sssp(g, 0).tolist()[:3] == [0.0, 2.5, 3.5]
    D = nx.DiGraph([(1, 2), (2, 3)])
    d = gnest.from_networkx(D, weight=None, ctx=ctx)
    assert (d.num_arcs, d.is_weighted, d.node_ids) == (2, False, [1, 2, 3])
    assert gnest.bfs(d, 2).tolist() == [-1, -1, 0]


def test_relabel_and_original_ids(tmp_path, ctx):
    path = tmp_path / "sparse.txt"
    path.write_text("10 20\n20 30\n")
    g = gnest.load(path, relabel=True, ctx=ctx)
    assert g.num_vertices == 3 and g.original_ids.tolist() == [10, 20, 30]
    assert gnest.load(path, ctx=ctx).original_ids is None


def test_undirected_algorithms_symmetrize_as_the_cli(ctx):
    """color, mst and triangles take a directed graph as undirected by default, as gnest-cli
    does; symmetrize=False runs it as it is (and then it must be symmetric)."""
    directed = gnest.from_edges([0, 1, 2], [1, 2, 0], [4.0, 1.0, 2.0], ctx=ctx)
    both = gnest.from_edges([0, 1, 2], [1, 2, 0], [4.0, 1.0, 2.0], symmetrize=True, ctx=ctx)
    assert gnest.triangles(directed) == gnest.triangles(both) == 1
    assert gnest.color(directed).tolist() == gnest.color(both).tolist()
    assert gnest.mst(directed).total_weight == gnest.mst(both).total_weight == 3.0
    assert both.undirected() is both
    for f in (gnest.color, gnest.mst, gnest.triangles):
        with pytest.raises(gnest.InvalidInput, match="undirected"):
            f(directed, symmetrize=False)


# --- algorithms against references --------------------------------------------------------------

def test_the_functions_are_the_registrys_rows():
    """The package's algorithm functions are the library's registry rows, by their Python names
    (a row added to src/algos/algos.def needs its function here), each exported."""
    module = gnest.algorithms
    rows = module.ALGORITHMS
    functions = {name for name, f in vars(module).items()
                 if inspect.isfunction(f) and not name.startswith("_")
                 and f.__module__ == module.__name__} - {"last_info", "path_to"}
    assert functions == set(rows)
    assert set(rows) <= set(gnest.__all__)


def test_nx_functions_are_the_registrys_networkx_names():
    """nx_gnest dispatches exactly the NetworkX functions the registry's rows name (its list is
    its own: NetworkX reads it while being imported, before the C library may be loaded)."""
    import nx_gnest

    names = {name for row in gnest.algorithms.ALGORITHMS.values()
             for name in row.networkx_names.decode().split()}
    assert names == set(nx_gnest.FUNCTIONS)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bfs_and_sssp_match_scipy_csgraph(ctx, seed):
    A = grid_matrix(7, 9, seed)
    g = gnest.from_scipy(A, ctx=ctx)
    hops = csgraph.shortest_path(A, unweighted=True, indices=seed)
    assert gnest.bfs(g, seed).tolist() == hops.astype(int).tolist()
    dist = csgraph.dijkstra(A, indices=seed)
    assert np.array_equal(gnest.sssp(g, seed), dist)


def test_weights_beyond_float32_are_exact(ctx):
    g = gnest.from_edges([0, 1], [1, 2], [16777217.0, 0.1], symmetrize=True, ctx=ctx)
    assert g.csr()[2].dtype == np.float64
    dist = gnest.sssp(g, 0, backend="cpu")
    assert dist.dtype == np.float64 and dist.tolist() == [0.0, 16777217.0, 16777217.0 + 0.1]
    forest = gnest.mst(g, backend="cpu")
    assert forest.total_weight == 0.1 + 16777217.0 and forest.w.dtype == np.float64
    rounded = gnest.sssp(g, 0, backend="cpu", options="weights=float")
    assert rounded[1] == 16777216.0


def test_distance_overflow_raises(ctx):
    g = gnest.from_edges([0, 1], [1, 2], [1e308, 1e308], ctx=ctx)
    with pytest.raises(gnest.ResultOverflow, match="arc 1 -> 2"):
        gnest.sssp(g, 0, backend="cpu")


def test_unreachable_vertices(ctx):
    g = gnest.from_edges([0], [1], num_vertices=3, ctx=ctx)
    assert gnest.bfs(g, 0).tolist() == [0, 1, -1]
    assert gnest.sssp(g, 0).tolist() == [0.0, 1.0, np.inf]


def test_bc_matches_networkx_raw_sums(ctx):
    D = nx.gnp_random_graph(40, 0.08, seed=5, directed=True)
    g = gnest.from_edges(*zip(*D.edges), num_vertices=40, ctx=ctx)
    expected = nx.betweenness_centrality(D, normalized=False)
    assert gnest.bc(g) == pytest.approx([expected[v] for v in range(40)], rel=1e-9, abs=1e-12)
    one = nx.betweenness_centrality_subset(D, sources=[3], targets=list(D), normalized=False)
    assert gnest.bc(g, 3) == pytest.approx([one[v] for v in range(40)], rel=1e-9, abs=1e-12)
    sampled = gnest.bc(g, k=5, seed=9)
    assert np.array_equal(sampled, gnest.bc(g, k=5, seed=9))  # same seed, same sources
    with pytest.raises(ValueError, match="give sources or k, not both"):
        gnest.bc(g, [1], k=2)


def test_bc_weighted_matches_networkx_raw_sums(ctx):
    D = nx.gnp_random_graph(40, 0.1, seed=7, directed=True)
    for u, v in D.edges:
        D[u][v]["weight"] = (u * 5 + v * 3) % 4 + 1  # 1..4: many ties of equal-length paths
    src, dst = zip(*D.edges)
    w = [D[u][v]["weight"] for u, v in D.edges]
    g = gnest.from_edges(src, dst, w, num_vertices=40, ctx=ctx)
    expected = nx.betweenness_centrality(D, normalized=False, weight="weight")
    got = gnest.bc_weighted(g)
    assert got == pytest.approx([expected[v] for v in range(40)], rel=1e-9, abs=1e-12)
    assert not np.allclose(got, gnest.bc(g))  # the weights change the shortest paths
    one = nx.betweenness_centrality_subset(D, sources=[3], targets=list(D), normalized=False,
                                           weight="weight")
    assert gnest.bc_weighted(g, 3) == pytest.approx([one[v] for v in range(40)], rel=1e-9,
                                                     abs=1e-12)
    assert np.array_equal(gnest.bc_weighted(g, k=5, seed=9), gnest.bc_weighted(g, k=5, seed=9))
    unweighted = gnest.from_edges(src, dst, num_vertices=40, ctx=ctx)
    assert gnest.bc_weighted(unweighted).tolist() == gnest.bc(unweighted).tolist()


def test_bc_weighted_errors(ctx):
    g = gnest.from_edges([0, 1], [1, 2], [1, -2], ctx=ctx)
    with pytest.raises(gnest.InvalidInput, match="arc 1 -> 2 has weight -2"):
        gnest.bc_weighted(g)
    g = gnest.from_edges([0, 1], [1, 2], [1, 0], symmetrize=True, ctx=ctx)
    with pytest.raises(gnest.InvalidInput, match="cycle of zero-weight arcs"):
        gnest.bc_weighted(g)
    assert gnest.bc_weighted(g, []).tolist() == [0, 0, 0]  # no source, no cycle reached

def test_color_tie_id_is_networkx_largest_first(ctx):
    for seed in (3, 5):
        G = nx.gnm_random_graph(1500, 6000, seed=seed)
        G.add_edges_from((v, v) for v in range(0, 1500, 50))  # NetworkX's degree counts them 2
        src, dst = zip(*G.edges)
        g = gnest.from_edges(src, dst, num_vertices=1500, symmetrize=True, ctx=ctx)
        want = nx.greedy_color(G, strategy="largest_first")
        colors = gnest.color(g, tie="id")
        assert colors.tolist() == [want[v] for v in range(1500)]
        assert gnest.color(g, options="color_tie=id").tolist() == colors.tolist()
        hashed = gnest.color(g)
        assert hashed.tolist() == gnest.color(g, tie="hash").tolist()
        assert all(hashed[u] != hashed[v] for u, v in G.edges if u != v)
    with pytest.raises(ValueError, match="tie"):
        gnest.color(g, tie="degree")
    with pytest.raises(gnest.InvalidArgument, match="color_tie"):
        gnest.color(g, options="color_tie=random")


def test_color_is_proper_and_mst_and_triangles_match(ctx):
    G = nx.gnp_random_graph(60, 0.1, seed=11)
    for u, v in G.edges:
        G[u][v]["weight"] = (u * 7 + v * 3) % 11 + 1
    src, dst = zip(*G.edges)
    w = [G[u][v]["weight"] for u, v in G.edges]
    g = gnest.from_edges(src, dst, w, num_vertices=60, symmetrize=True, ctx=ctx)
    colors = gnest.color(g)
    assert all(colors[u] != colors[v] for u, v in G.edges)
    # every coloring method gives the same (the CPU backend ignores the method; a GPU runs it)
    for method in ("auto", "rounds", "async"):
        assert gnest.color(g, options={"color_method": method}).tolist() == colors.tolist()
        assert gnest.color(g, options=f"color_method={method}").tolist() == colors.tolist()
    with pytest.raises(gnest.InvalidArgument, match="color_method"):
        gnest.color(g, options="color_method=jp")
    forest = gnest.mst(g)
    assert forest.total_weight == nx.minimum_spanning_tree(G).size(weight="weight")
    assert len(forest.u) == 60 - nx.number_connected_components(G)
    assert np.all(forest.u < forest.v)
    total, per_vertex = gnest.triangles(g, per_vertex=True)
    expected = nx.triangles(G)
    assert per_vertex.tolist() == [expected[v] for v in range(60)]
    assert total == sum(expected.values()) // 3 == gnest.triangles(g)
    # every triangle counting method gives the same counts (the CPU backend ignores the method)
    for method in ("auto", "search", "hash"):
        for options in ({"tc_method": method}, f"tc_method={method}"):
            t, pv = gnest.triangles(g, per_vertex=True, options=options)
            assert (t, pv.tolist()) == (total, per_vertex.tolist())
    with pytest.raises(gnest.InvalidArgument, match="tc_method"):
        gnest.triangles(g, options="tc_method=bitmap")


def test_tree_algorithms(ctx):
    #      0
    #    1   2
    #   3
    t = gnest.tree_from_parents([-1, 0, 0, 1], ctx=ctx)
    assert (t.num_nodes, t.root) == (4, 0)
    assert t.parents().tolist() == [-1, 0, 0, 1]
    assert gnest.tree_descendants(t).tolist() == [4, 2, 1, 1]
    assert gnest.tree_heights(t).tolist() == [3, 2, 1, 1]
    # every tree method gives the same (the CPU backend ignores the method; a GPU runs it)
    for method in ("auto", "levels", "euler"):
        assert gnest.tree_heights(t, options={"tree_method": method}).tolist() == [3, 2, 1, 1]
        assert gnest.tree_descendants(t, options=f"tree_method={method}").tolist() == [4, 2, 1, 1]
    with pytest.raises(gnest.InvalidArgument, match="tree_method"):
        gnest.tree_heights(t, options="tree_method=contraction")
    g = gnest.from_edges([0, 0, 1], [1, 2, 3], symmetrize=True, ctx=ctx)
    assert gnest.tree_heights(gnest.Tree.from_graph(g, 1)).tolist() == [2, 3, 1, 1]
    with pytest.raises(gnest.NotATree):
        gnest.tree_from_parents([1, 0], ctx=ctx)


# --- backends, options, info ------------------------------------------------------------------

def test_backend_argument_and_info(ctx):
    g = gnest.from_edges([0, 1], [1, 2], ctx=ctx)
    gnest.bfs(g, 0, backend="cpu")
    info = gnest.last_info()
    assert info.backend == "cpu" and info.reason == "forced by caller"
    assert info.iterations >= 2 and info.edges_visited == 2 and info.time_ms >= 0
    assert info.device_bytes == 0  # the CPU holds no device memory
    # the serial reference ran on the host: no backend pass, no kernel of its own
    assert info.method_name == "cpu reference"
    assert info.backend_passes == 0 and info.own_passes == 0
    # on the host nothing precedes the timed part; the whole call covers it
    assert info.setup_ms == 0 and info.call_ms >= info.time_ms
    gnest.bfs(g, 0)
    assert gnest.last_info().backend == "cpu"  # auto on a CPU context: the selector's reason
    assert "cpu" in gnest.last_info().reason
    assert gnest.bfs(g, 0, backend="cpu", options={"threshold": 8, "wboost": 1}).tolist() == \
        [0, 1, 2]
    assert gnest.bfs(g, 0, options="schedule=static").tolist() == [0, 1, 2]
    assert gnest.bfs(g, 0, backend="cpu", options={"cta_levels": "off"}).tolist() == [0, 1, 2]
    assert gnest.bfs(g, 0, backend="cpu", options="cta_levels=1").tolist() == [0, 1, 2]
    with pytest.raises(gnest.InvalidArgument, match="cta_levels"):
        gnest.bfs(g, 0, backend="cpu", options="cta_levels=-2")
    assert gnest.bfs(g, 0, backend="cpu", options={"lanes": 4}).tolist() == [0, 1, 2]
    with pytest.raises(gnest.InvalidArgument, match="lanes"):
        gnest.bfs(g, 0, backend="cpu", options="lanes=3")
    assert gnest.bfs(g, 0, backend="cpu", options={"freelaunch_mode": "t2"}).tolist() == [0, 1, 2]
    info = gnest.last_info()
    assert info.grid_barriers == 0 and info.barriers_saved == 0  # the cpu has no grid


def test_options_fill_fields_and_settings():
    """options= takes gnest_options' field keys and the backends' settings alike: the fields go
    into the struct, the settings into its settings text (a key given again replaces its word)."""
    from gnest.algorithms import _options
    o = _options("cpu", {"threshold": 8, "granularity": "warp", "wboost": 1, "schedule": "static"})
    assert o.threshold == 8 and o.schedule == 1
    assert o.settings == b"granularity=warp wboost=1"
    o = _options(None, "kc=2 lanes=8 kc=5 cta_levels=-1")
    assert o.settings == b"kc=5 lanes=8 cta_levels=off"  # in place, canonical
    with pytest.raises(gnest.InvalidArgument, match="unknown option 'speed'"):
        _options(None, {"speed": 3})
    with pytest.raises(gnest.InvalidArgument, match="'wboost=2': wboost = 2 is out of range"):
        _options(None, "wboost=2")


def test_last_info_is_per_thread(ctx):
    g = gnest.from_edges([0], [1], ctx=ctx)
    gnest.bfs(g, 0, backend="cpu")
    seen = []
    thread = threading.Thread(target=lambda: seen.append(gnest.last_info()))
    thread.start()
    thread.join()
    assert seen == [None] and gnest.last_info() is not None


def test_gpu_backend_without_a_device_says_so(ctx):
    g = gnest.from_edges([0], [1], ctx=ctx)
    with pytest.raises(gnest.BackendError) as caught:
        gnest.bfs(g, 0, backend="lazynp")
    assert caught.value.status == gnest.Status.NO_DEVICE
    assert caught.value.detail  # gnest's explanation, not just the status


def test_context_on_the_cpu(ctx):
    assert not ctx.has_device
    assert ctx.device_name.startswith("CPU")


# --- error paths --------------------------------------------------------------------------------

def test_file_errors(tmp_path, ctx):
    with pytest.raises(FileNotFoundError.__mro__[1]) as caught:  # OSError
        gnest.load(tmp_path / "missing.mtx", ctx=ctx)
    assert isinstance(caught.value, gnest.FileError)
    assert str(caught.value).startswith(str(tmp_path / "missing.mtx"))
    bad = tmp_path / "bad.mtx"
    bad.write_text("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 x\n")
    with pytest.raises(gnest.ParseError) as caught:
        gnest.load(bad, ctx=ctx)
    assert caught.value.line == 3 and caught.value.source == str(bad)
    assert str(caught.value).startswith(f"{bad}:3: ")
    with pytest.raises(ValueError, match="format: expected one of auto, mtx"):
        gnest.load(bad, format="csv", ctx=ctx)


def test_algorithm_errors(ctx):
    g = gnest.from_edges([0, 1], [1, 2], [1.0, -2.0], ctx=ctx)
    with pytest.raises(gnest.InvalidInput, match="arc 1 -> 2 has weight -2; shortest paths need"):
        gnest.sssp(g, 0)
    with pytest.raises(gnest.OutOfRange, match="source 7 is outside the graph's 3 vertices"):
        gnest.bfs(g, 7)
    with pytest.raises(IndexError, match="source 4294967296 is outside"):
        gnest.bfs(g, 2**32)
    with pytest.raises(gnest.InvalidInput, match="undirected"):
        gnest.color(g, symmetrize=False)  # directed, taken as it is
    with pytest.raises(gnest.InvalidArgument, match="'backend=warp-drive'"):
        gnest.bfs(g, 0, backend="warp-drive")
    with pytest.raises(gnest.InvalidArgument, match="threshold"):
        gnest.bfs(g, 0, options="threshold=-3")
    with pytest.raises(gnest.InvalidArgument) as caught:
        gnest.bfs(g, 0, options="colour=blue")
    assert isinstance(caught.value, ValueError) and "colour" in str(caught.value)


def _smallest_ids(components, n):
    """Labels from NetworkX's components: each vertex's component by its smallest vertex."""
    labels = np.empty(n, np.int32)
    for part in components:
        labels[list(part)] = min(part)
    return labels


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_components_match_networkx(ctx, seed):
    G = nx.gnp_random_graph(80, 0.02 * seed, seed=seed, directed=True)
    G.add_edge(5, 5)  # a self-loop joins nothing
    src, dst = zip(*G.edges)
    g = gnest.from_edges(src, dst, num_vertices=80, ctx=ctx)
    weak = gnest.connected_components(g)
    assert weak.dtype == np.int32
    assert weak.tolist() == _smallest_ids(nx.weakly_connected_components(G), 80).tolist()
    strong = gnest.strongly_connected_components(g, backend="cpu")
    assert strong.tolist() == _smallest_ids(nx.strongly_connected_components(G), 80).tolist()
    assert gnest.last_info().backend == "cpu"
    assert np.count_nonzero(strong == np.arange(80)) == nx.number_strongly_connected_components(G)


def test_components_of_empty_and_isolated_graphs(ctx):
    empty = gnest.from_edges([], [], num_vertices=0, ctx=ctx)
    assert gnest.connected_components(empty).size == 0
    assert gnest.strongly_connected_components(empty).size == 0
    lone = gnest.from_edges([], [], num_vertices=3, ctx=ctx)
    assert gnest.connected_components(lone).tolist() == [0, 1, 2]
    assert gnest.strongly_connected_components(lone).tolist() == [0, 1, 2]


def test_predecessors_rule_and_paths(ctx):
    # 0 -> {1, 2} -> 3: a tie at 3, the smaller parent wins; 3 -> 0 into the source; 4 unreached
    g = gnest.from_edges([0, 0, 2, 1, 3, 4], [2, 1, 3, 3, 0, 3], num_vertices=5, ctx=ctx)
    levels, pred = gnest.bfs(g, 0, predecessors=True)
    assert "predecessors: " in gnest.last_info().reason
    assert levels.tolist() == gnest.bfs(g, 0).tolist() == [0, 1, 1, 2, -1]
    assert pred.tolist() == [-1, 0, 0, 1, -1]
    assert gnest.path_to(pred, 0, 3) == [0, 1, 3]
    assert gnest.path_to(pred, 0, 0) == [0]
    assert gnest.path_to(pred, 0, 4) == []
    # weighted: 0 -> 3 directly (2) is as short as 0 -> 1 -> 3 and has fewer arcs
    w = gnest.from_edges([0, 1, 0], [1, 3, 3], weights=[1.0, 1.0, 2.0], num_vertices=4, ctx=ctx)
    dist, wpred = gnest.sssp(w, 0, predecessors=True)
    assert dist.tolist() == [0.0, 1.0, np.inf, 2.0]
    assert wpred.tolist() == [-1, 0, -1, 0]


@pytest.mark.parametrize("seed", [1, 2])
def test_predecessor_paths_are_shortest(ctx, seed):
    A = grid_matrix(7, 9, seed)
    g = gnest.from_scipy(A, ctx=ctx)
    dist, pred = gnest.sssp(g, seed, predecessors=True)
    levels, bpred = gnest.bfs(g, seed, predecessors=True)
    for v in range(g.num_vertices):
        path = gnest.path_to(pred, seed, v)
        assert sum(A[a, b] for a, b in zip(path, path[1:])) == dist[v]
        assert len(gnest.path_to(bpred, seed, v)) == levels[v] + 1


# --- subgraphs -------------------------------------------------------------------------------

def test_subgraph_of_a_weighted_graph(ctx):
    # a weighted 4-cycle 0-1-2-3 plus a chord 0-2; without vertex 1: the path 2-3-0 and the chord
    src, dst, w = [0, 1, 2, 3, 0], [1, 2, 3, 0, 2], [1.0, 2.0, 3.0, 4.0, 5.0]
    g = gnest.from_edges(src, dst, w, symmetrize=True, ctx=ctx)
    assert g.is_symmetric()
    sub = g.subgraph([True, False, True, True])
    assert (sub.num_vertices, sub.num_edges) == (3, 6)
    off, col, wt = sub.csr()
    arcs = {(u, int(col[e]), float(wt[e])) for u in range(3) for e in range(off[u], off[u + 1])}
    assert arcs == {(0, 1, 5.0), (1, 0, 5.0), (1, 2, 3.0), (2, 1, 3.0), (0, 2, 4.0), (2, 0, 4.0)}
    assert sub.is_symmetric()
    assert gnest.mst(sub).total_weight == 7.0
    empty = g.subgraph(np.zeros(4, dtype=bool))
    assert (empty.num_vertices, empty.num_edges) == (0, 0)
    with pytest.raises(ValueError, match="expected 4 entries"):
        g.subgraph([True, False])


# --- partitions ------------------------------------------------------------------------------

def test_partition_ranges_random_and_metis(ctx):
    # two triangles joined by one edge
    g = gnest.from_edges([0, 1, 2, 2, 3, 4, 5], [1, 2, 0, 3, 4, 5, 3], symmetrize=True, ctx=ctx)
    part, cut = g.partition(2)
    assert part.tolist() == [0, 0, 0, 1, 1, 1] and cut == 2
    part, cut = g.partition(3, "random")
    assert part.dtype == np.int32 and set(part.tolist()) <= {0, 1, 2}
    off, col, _ = g.csr()
    assert cut == sum(int(part[u] != part[col[e]]) for u in range(6) for e in range(off[u], off[u + 1]))
    if "metis" in gnest.build_features():
        part, cut = g.partition(2, "metis")
        assert cut == 2 and len(set(part[:3].tolist())) == 1
    else:
        with pytest.raises(gnest.NotBuilt, match="libmetis-dev"):
            g.partition(2, "metis")
    with pytest.raises(ValueError, match="ranges, random, metis"):
        g.partition(2, "kway")
    with pytest.raises(gnest.InvalidArgument, match="parts must be in"):
        g.partition(7)
