"""The algorithms: each takes a Graph (or Tree), a backend name and optional gnest_options words,
and returns numpy arrays. Every one runs through gnest_run by its row of the library's algorithm
registry (found by its Python name), its arrays allocated by the row's result kind. What ran
(backend, why, time) is kept per thread: last_info()."""

import threading
from ctypes import POINTER, byref, c_double, c_int32, c_uint64
from dataclasses import dataclass

import numpy as np

from ._lib import (BC_ALL, BC_LIST, BC_SAMPLE, INPUT_KINDS, RESULT_KINDS, BcSources,
                   Info as _CInfo, Options, Result, RunInput, algorithms as _registry, lib)
from .errors import check
from .graph import INT32_MAX

@dataclass(frozen=True)
class Info:
    """What ran (gnest_info): the backend that ran (never "auto"), why it was chosen, the
    algorithm's time in ms (CUDA events on the GPU, wall clock on the CPU), kernels launched from
    the host and from the device, inner-loop iterations executed, levels / rounds / passes, the
    most device memory gnest held during the call (0 on the CPU), and the grid-wide barriers of
    the persistent backends (and those the static level scheduler saved); the method that ran
    ("hash", "euler", ..., "default" for an algorithm with one method, "cpu reference" on the
    cpu backend), the passes the backend's loops ran and those of the method's own kernels (a
    method such as euler runs no backend pass: backend_passes 0); setup_ms, the host time before
    the timed region (checks, the graph's upload and the device copies made on first use, kept
    for later calls on the graph; 0 on the CPU) and call_ms, the whole call's host time;
    upload_ms and upload_bytes, the part of setup_ms that copied the input to the device (0 when
    an earlier call had)."""

    backend: str
    reason: str
    time_ms: float
    kernel_launches: int
    device_launches: int
    edges_visited: int
    iterations: int
    device_bytes: int
    grid_barriers: int
    barriers_saved: int
    method_name: str
    backend_passes: int
    own_passes: int
    setup_ms: float
    call_ms: float
    upload_ms: float
    upload_bytes: int


_last = threading.local()


def last_info():
    """The Info of this thread's last successful algorithm call (None before the first)."""
    return getattr(_last, "info", None)


def _options(backend, options, fields=()):
    """gnest_options from a backend name, a function's own fields (key=value words) and
    gnest_options_parse words (a string, or a dict of key: value), through gnest_options_parse,
    which checks every word (options last: a key given again replaces the earlier word)."""
    o = Options()
    lib.gnest_options_init(byref(o))
    words = ([] if backend is None else [f"backend={backend}"]) + list(fields)
    if isinstance(options, dict):
        words += [f"{key}={value}" for key, value in options.items()]
    elif options:
        words.append(str(options))
    if words:
        check(lib.gnest_options_parse(byref(o), " ".join(words).encode()))
    return o


# The registry's rows by their Python names: the functions below are exactly these.
ALGORITHMS = {row.python_name.decode(): row for row in _registry()}


def _out(array, ctype):
    return None if array is None else array.ctypes.data_as(POINTER(ctype))


class _Outputs:
    """The numpy arrays of a result kind for n vertices (or nodes), and the gnest_result pointing
    at them. per_vertex: a COUNTS result's optional per-vertex array; pred: the predecessors of
    an algorithm from one source."""

    def __init__(self, kind, n, per_vertex, pred=False):
        self.values = self.u = self.v = self.w = self.pred = None
        self.result = Result()
        if pred:
            self.pred = np.empty(n, dtype=np.int32)
            self.result.pred = _out(self.pred, c_int32)
        if kind == RESULT_KINDS["FOREST"]:
            self.u, self.v = np.empty(max(n - 1, 0), np.int32), np.empty(max(n - 1, 0), np.int32)
            self.w = np.empty(max(n - 1, 0), np.float64)
            self.result.edge_u, self.result.edge_v = _out(self.u, c_int32), _out(self.v, c_int32)
            self.result.edge_weight = _out(self.w, c_double)
        elif kind in (RESULT_KINDS["DISTANCES"], RESULT_KINDS["SCORES"]):
            self.values = np.empty(n, dtype=np.float64)
            self.result.values_f64 = _out(self.values, c_double)
        elif kind == RESULT_KINDS["COUNTS"]:
            self.values = np.empty(n, dtype=np.uint64) if per_vertex else None
            self.result.values_u64 = _out(self.values, c_uint64)
        else:  # LEVELS, COLORING, NODE_VALUES, COMPONENTS
            self.values = np.empty(n, dtype=np.int32)
            self.result.values_i32 = _out(self.values, c_int32)


def _run(name, handle, backend, options, *, source=0, sources=None, per_vertex=True,
         fields=(), pred=False):
    """Runs the registry's algorithm of Python name `name` on handle (a Graph or Tree) in the
    handle's context through gnest_run; records the info; returns its _Outputs."""
    row = ALGORITHMS[name]
    tree = row.input == INPUT_KINDS["TREE"]
    n = handle.num_nodes if tree else handle.num_vertices
    out = _Outputs(row.result, n, per_vertex, pred)
    run = RunInput(None if tree else handle._ptr, handle._ptr if tree else None, source,
                   None if sources is None else POINTER(BcSources)(sources))
    opts = _options(backend, options, fields)
    info = _CInfo()
    handle.ctx.call(lib.gnest_run, row.algorithm, byref(run), byref(out.result), byref(opts),
                    byref(info))
    _last.info = Info(info.backend_name.decode() if info.backend_name else "",
                      info.reason.decode(errors="replace"), info.time_ms,
                      info.kernel_launches, info.device_launches, info.edges_visited,
                      info.iterations, info.device_bytes, info.grid_barriers,
                      info.barriers_saved,
                      info.method_name.decode() if info.method_name else "",
                      info.backend_passes, info.own_passes, info.setup_ms, info.call_ms,
                      info.upload_ms, info.upload_bytes)
    return out


def _vertex(graph, name, value):
    v = int(value)
    if not -(2**31) <= v <= INT32_MAX:
        raise IndexError(f"{name} {v} is outside the graph's {graph.num_vertices} vertices")
    return v


def _from_source(name, graph, source, backend, options, predecessors):
    out = _run(name, graph, backend, options, source=_vertex(graph, "source", source),
               pred=predecessors)
    return (out.values, out.pred) if predecessors else out.values


def bfs(graph, source, *, predecessors=False, backend="auto", options=None):
    """BFS levels from source (arcs as stored): int32 array, -1 where unreachable. With
    predecessors=True, (levels, pred): pred[v] is v's parent on a shortest path, the smallest
    vertex among the parents on the paths of fewest arcs, -1 for the source and unreached
    vertices (gnest.h, gnest_bfs_pred); path_to(pred, source, v) rebuilds a path."""
    return _from_source("bfs", graph, source, backend, options, predecessors)


def sssp(graph, source, *, predecessors=False, backend="auto", options=None):
    """Shortest distances from source: float64 array, inf where unreachable (unweighted graph:
    weight 1; a negative weight raises InvalidInput; a distance beyond the range of double raises
    ResultOverflow; options="weights=float" rounds the weights to float32). With
    predecessors=True, (dist, pred):
    pred[v] is v's parent on a shortest path, the smallest vertex among the parents on the
    shortest paths of fewest arcs, -1 for the source and unreached vertices."""
    return _from_source("sssp", graph, source, backend, options, predecessors)


def path_to(pred, source, target):
    """The path source -> target as a list of vertices, rebuilt from the predecessors that bfs or
    sssp returned for that source; [] when target is unreached."""
    path = [int(target)]
    while path[-1] != source:
        parent = int(pred[path[-1]])
        if parent < 0:
            return []
        path.append(parent)
        if len(path) > len(pred):
            raise ValueError("pred is not a tree of parents")
    path.reverse()
    return path


def bc(graph, sources=None, *, k=None, seed=1, backend="auto", options=None):
    """Brandes betweenness (unweighted, arcs as stored, not normalised): float64 array. sources:
    None for all vertices, or a vertex / list of vertices; k: instead, k distinct sources drawn
    with seed. The sum over the sources used, not rescaled (an undirected graph stored both ways
    gives twice the undirected value)."""
    return _run("bc", graph, backend, options, sources=_bc_sources(graph, sources, k, seed)).values


def _bc_sources(graph, sources, k, seed):
    """The gnest_bc_sources of bc's and bc_weighted's sources / k / seed arguments."""
    spec = BcSources()
    if k is not None:
        if sources is not None:
            raise ValueError("give sources or k, not both")
        spec.mode, spec.count, spec.seed = BC_SAMPLE, int(k), int(seed)
    elif sources is None:
        spec.mode = BC_ALL
    else:
        ids = np.ascontiguousarray(np.atleast_1d(np.asarray(sources, dtype=np.int64)))
        if ids.size and (ids.min() < -(2**31) or ids.max() > INT32_MAX):
            raise IndexError(f"a source is outside the graph's {graph.num_vertices} vertices")
        ids = ids.astype(np.int32)
        spec.mode, spec.list, spec.count = BC_LIST, _out(ids, c_int32), ids.size
        spec.ids = ids  # the list lives as long as the spec that points at it
    return spec


def _as_undirected(graph, symmetrize):
    """The graph color, mst and triangles run on: as gnest-cli does by default (symmetrize=True),
    the graph taken as undirected (Graph.undirected); symmetrize=False: as it is, and then it must
    be symmetric (else InvalidInput)."""
    return graph.undirected() if symmetrize else graph


COLOR_TIES = ("hash", "id")


def color(graph, *, symmetrize=True, tie="hash", backend="auto", options=None):
    """A proper coloring of the graph taken as undirected (symmetrize, as gnest-cli): int32 color
    per vertex, colors 0..max, the same on every backend. Greedy: each vertex in turn takes the
    smallest color its colored neighbours leave free, largest degree first (duplicate arcs
    counted). tie orders equal degrees: "hash" (default) by a fixed hash of the id, self-loops
    left out of the degree; "id" by the smaller id first, a self-loop counting 2 in the degree,
    which is NetworkX's greedy_color(G, strategy="largest_first") with the ids as node order."""
    if tie not in COLOR_TIES:
        raise ValueError(f"tie={tie!r}: expected one of {COLOR_TIES}")
    return _run("color", _as_undirected(graph, symmetrize), backend, options,
                fields=[f"color_tie={tie}"]).values


@dataclass(frozen=True)
class SpanningForest:
    """A minimum spanning forest: its total weight and its edges (u < v, weight w)."""

    total_weight: float
    u: np.ndarray
    v: np.ndarray
    w: np.ndarray


def mst(graph, *, symmetrize=True, backend="auto", options=None):
    """Minimum spanning forest of the graph taken as undirected (symmetrize, as gnest-cli;
    unweighted: weight 1). Ties are broken by (weight, u, v): the same forest on every backend."""
    out = _run("mst", _as_undirected(graph, symmetrize), backend, options)
    k = out.result.num_edges
    return SpanningForest(out.result.total_weight, out.u[:k], out.v[:k], out.w[:k])


def triangles(graph, *, per_vertex=False, symmetrize=True, backend="auto", options=None):
    """Triangles of the graph taken as undirected (symmetrize, as gnest-cli), rows sorted and
    duplicate-free, each counted once: the total (int), or (total, uint64 array of the triangles
    at each vertex) with per_vertex."""
    out = _run("triangles", _as_undirected(graph, symmetrize), backend, options,
               per_vertex=per_vertex)
    total = int(out.result.total)
    return (total, out.values) if per_vertex else total


def tree_descendants(tree, *, backend="auto", options=None):
    """Size of each node's subtree, itself included: int32 array."""
    return _run("tree_descendants", tree, backend, options).values


def tree_heights(tree, *, backend="auto", options=None):
    """Levels of each node's subtree (a leaf has height 1): int32 array."""
    return _run("tree_heights", tree, backend, options).values


def bc_weighted(graph, sources=None, *, k=None, seed=1, backend="auto", options=None):
    """Brandes betweenness over shortest weighted paths (Dijkstra; unweighted graph: weight 1),
    arcs as stored, not normalised: float64 array, with bc's sources, k and seed. A path is
    shortest when its double sum equals the distance exactly (integer weights: exact ties). A
    negative weight, or a cycle of zero-weight arcs reached from a source (an undirected edge of
    weight 0 is one), raises InvalidInput."""
    return _run("bc_weighted", graph, backend, options,
                sources=_bc_sources(graph, sources, k, seed)).values


def connected_components(graph, *, backend="auto", options=None):
    """Weakly connected components: int32 array, each vertex's component named by its smallest
    vertex id (the same on every backend). An arc joins its ends in either direction: a directed
    graph needs no symmetrizing. The number of components is (labels == arange(n)).sum()."""
    return _run("connected_components", graph, backend, options).values


def strongly_connected_components(graph, *, backend="auto", options=None):
    """Strongly connected components, arcs as stored: int32 array, each vertex's component named
    by its smallest vertex id (the same on every backend)."""
    return _run("strongly_connected_components", graph, backend, options).values
