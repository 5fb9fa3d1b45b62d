"""The algorithms: each takes a Graph (or Tree), a backend name and optional gnest_options words,
and returns numpy arrays. What ran (backend, why, time) is kept per thread: last_info()."""

import threading
from ctypes import POINTER, byref, c_double, c_float, c_int32, c_int64, c_uint64
from dataclasses import dataclass

import numpy as np

from ._lib import BC_ALL, BC_LIST, BC_SAMPLE, BcSources, Info as _CInfo, Options, lib
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
    method such as euler runs no backend pass: backend_passes 0)."""

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


_last = threading.local()


def last_info():
    """The Info of this thread's last successful algorithm call (None before the first)."""
    return getattr(_last, "info", None)


def _options(backend, options):
    """gnest_options from a backend name and gnest_options_parse words (a string, or a dict of
    key: value), through gnest_options_parse, which checks every word."""
    o = Options()
    lib.gnest_options_init(byref(o))
    words = [] if backend is None else [f"backend={backend}"]
    if isinstance(options, dict):
        words += [f"{key}={value}" for key, value in options.items()]
    elif options:
        words.append(str(options))
    if words:
        check(lib.gnest_options_parse(byref(o), " ".join(words).encode()))
    return o


def _run(handle, fn, backend, options, *outputs):
    """Calls fn(ctx, handle, *outputs, opts, info) in the handle's context; records the info."""
    opts = _options(backend, options)
    info = _CInfo()
    handle.ctx.call(fn, handle._ptr, *outputs, byref(opts), byref(info))
    _last.info = Info(info.backend_name.decode() if info.backend_name else "",
                      info.reason.decode(errors="replace"), info.time_ms,
                      info.kernel_launches, info.device_launches, info.edges_visited,
                      info.iterations, info.device_bytes, info.grid_barriers,
                      info.barriers_saved,
                      info.method_name.decode() if info.method_name else "",
                      info.backend_passes, info.own_passes)


def _out(array, ctype):
    return array.ctypes.data_as(POINTER(ctype))


def _vertex(graph, name, value):
    v = int(value)
    if not -(2**31) <= v <= INT32_MAX:
        raise IndexError(f"{name} {v} is outside the graph's {graph.num_vertices} vertices")
    return v


def bfs(graph, source, *, backend="auto", options=None):
    """BFS levels from source (arcs as stored): int32 array, -1 where unreachable."""
    levels = np.empty(graph.num_vertices, dtype=np.int32)
    _run(graph, lib.gnest_bfs, backend, options, _vertex(graph, "source", source),
         _out(levels, c_int32))
    return levels


def sssp(graph, source, *, backend="auto", options=None):
    """Shortest distances from source: float32 array, inf where unreachable (unweighted graph:
    weight 1; a negative weight raises InvalidInput)."""
    dist = np.empty(graph.num_vertices, dtype=np.float32)
    _run(graph, lib.gnest_sssp, backend, options, _vertex(graph, "source", source),
         _out(dist, c_float))
    return dist


def bc(graph, sources=None, *, k=None, seed=1, backend="auto", options=None):
    """Brandes betweenness (unweighted, arcs as stored, not normalised): float64 array. sources:
    None for all vertices, or a vertex / list of vertices; k: instead, k distinct sources drawn
    with seed. The sum over the sources used, not rescaled (an undirected graph stored both ways
    gives twice the undirected value)."""
    spec = BcSources()
    ids = None
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
    result = np.empty(graph.num_vertices, dtype=np.float64)
    _run(graph, lib.gnest_bc, backend, options, byref(spec), _out(result, c_double))
    return result


def color(graph, *, backend="auto", options=None):
    """A proper coloring of a symmetric graph: int32 color per vertex, colors 0..max. Largest
    degree first, ties by a fixed hash of the id: the same coloring on every backend."""
    colors = np.empty(graph.num_vertices, dtype=np.int32)
    count = c_int32()
    _run(graph, lib.gnest_color, backend, options, _out(colors, c_int32), byref(count))
    return colors


@dataclass(frozen=True)
class SpanningForest:
    """A minimum spanning forest: its total weight and its edges (u < v, weight w)."""

    total_weight: float
    u: np.ndarray
    v: np.ndarray
    w: np.ndarray


def mst(graph, *, backend="auto", options=None):
    """Minimum spanning forest of a symmetric graph (unweighted: weight 1). Ties are broken by
    (weight, u, v): the same forest on every backend."""
    n = graph.num_vertices
    u, v = np.empty(max(n - 1, 0), np.int32), np.empty(max(n - 1, 0), np.int32)
    w = np.empty(max(n - 1, 0), np.float32)
    total, count = c_double(), c_int64()
    _run(graph, lib.gnest_mst, backend, options, byref(total), byref(count), _out(u, c_int32),
         _out(v, c_int32), _out(w, c_float))
    k = count.value
    return SpanningForest(total.value, u[:k], v[:k], w[:k])


def triangles(graph, *, per_vertex=False, backend="auto", options=None):
    """Triangles of a symmetric graph with sorted, duplicate-free rows, each counted once: the
    total (int), or (total, uint64 array of the triangles at each vertex) with per_vertex."""
    total = c_uint64()
    counts = np.empty(graph.num_vertices, dtype=np.uint64) if per_vertex else None
    _run(graph, lib.gnest_tc, backend, options, byref(total),
         _out(counts, c_uint64) if per_vertex else None)
    return (total.value, counts) if per_vertex else total.value


def tree_descendants(tree, *, backend="auto", options=None):
    """Size of each node's subtree, itself included: int32 array."""
    out = np.empty(tree.num_nodes, dtype=np.int32)
    _run(tree, lib.gnest_tree_descendants, backend, options, _out(out, c_int32))
    return out


def tree_heights(tree, *, backend="auto", options=None):
    """Levels of each node's subtree (a leaf has height 1): int32 array."""
    out = np.empty(tree.num_nodes, dtype=np.int32)
    _run(tree, lib.gnest_tree_heights, backend, options, _out(out, c_int32))
    return out
