"""Contexts, graphs and trees: the handles of the C library, owned by Python objects.

A handle is freed by weakref.finalize when its Python object goes, and the finalizer holds what
the handle needs alive until then: a graph its context (and, for a graph over the caller's
arrays, those arrays); a tree its context. So a context outlives its graphs, and borrowed
arrays outlive the graph that reads them, whatever order Python collects objects in.
"""

import threading
import weakref
from ctypes import POINTER, byref, c_double, c_int, c_int32, c_int64, c_uint8, c_void_p, cast

import numpy as np

from ._lib import FORMATS, CtxOptions, DegreeStats, LoadOptions, lib
from .errors import check, error_of

INT32_MAX = 2**31 - 1


def _free(free_fn, ptr, *keepalive):
    """Finalizer: frees a handle; keepalive (its context, borrowed arrays) lives until then."""
    free_fn(ptr)


class Context:
    """A gnest context: the CUDA device it runs on (or the CPU when there is none) and the
    record of its last error. device: CUDA device index (None: $GNEST_DEVICE, else 0);
    force_cpu: never touch CUDA. Calls through one context are serialised by a lock."""

    def __init__(self, *, device=None, force_cpu=False):
        opts = CtxOptions()
        lib.gnest_ctx_options_init(byref(opts))
        if device is not None:
            opts.device = int(device)
        opts.force_cpu = 1 if force_cpu else 0
        ptr = c_void_p()
        status = lib.gnest_ctx_create(byref(ptr), byref(opts))
        if status != 0:
            raise error_of(status, None)  # no context: the thread's record has the detail
        self._ptr = ptr
        self._lock = threading.Lock()
        self._finalizer = weakref.finalize(self, lib.gnest_ctx_free, ptr)

    @property
    def has_device(self):
        """True when a CUDA device is in use, False when everything runs on the CPU."""
        return bool(lib.gnest_ctx_has_device(self._ptr))

    @property
    def device_name(self):
        """"NVIDIA H100 ... (device 0, sm_90)" or "CPU (no CUDA device: why)"."""
        return lib.gnest_ctx_device_name(self._ptr).decode(errors="replace")

    def call(self, fn, *args):
        """Runs fn(ctx, *args) under the lock; a failure raises with this context's message."""
        with self._lock:
            status = fn(self._ptr, *args)
            if status != 0:
                raise error_of(status, self._ptr)

    def __repr__(self):
        return f"gnest.Context({self.device_name!r})"


_default = None
_default_lock = threading.Lock()


def default_context():
    """The context used when none is given: created on first use with the defaults."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Context()
        return _default


def _ctx_or_default(ctx):
    return ctx if ctx is not None else default_context()


class _View:
    """Exposes C memory owned by `owner` as a read-only numpy array that keeps owner alive."""

    def __init__(self, owner, address, count, dtype):
        self.owner = owner
        self.__array_interface__ = {"data": (address, True), "shape": (count,),
                                    "typestr": np.dtype(dtype).str, "version": 3}


def _array_view(owner, pointer, count, dtype):
    address = cast(pointer, c_void_p).value if pointer else None
    if count == 0 or not address:
        return np.empty(0, dtype=dtype)
    return np.asarray(_View(owner, address, count, dtype))


def _pointer(array, ctype):
    return array.ctypes.data_as(POINTER(ctype)) if array is not None else None


def _contiguous(name, values, dtype, copy):
    """values as a C-contiguous array of dtype: the same memory when it already is one; else a
    converted copy, or a TypeError when copy is False."""
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D array, got {array.ndim} dimensions")
    if array.dtype == dtype and array.flags.c_contiguous:
        return array
    if copy is False:
        raise TypeError(f"{name}: borrowing needs a C-contiguous {np.dtype(dtype).name} array, "
                        f"got {array.dtype.name}{'' if array.flags.c_contiguous else ' (strided)'}"
                        " (copy=False)")
    if array.size and not np.can_cast(array.dtype, dtype, "same_kind"):
        raise TypeError(f"{name}: cannot convert {array.dtype.name} to {np.dtype(dtype).name}")
    if array.size and np.issubdtype(dtype, np.integer):
        limits = np.iinfo(dtype)
        low, high = array.min(), array.max()
        if low < limits.min or high > limits.max:
            raise OverflowError(f"{name}: value {low if low < limits.min else high} does not fit "
                                f"in {np.dtype(dtype).name}")
    return np.ascontiguousarray(array, dtype=dtype)


def _load_options(format, one_based, symmetrize, drop_self_loops, merge_duplicates,
                  sort_adjacency):
    if format not in FORMATS:
        raise ValueError(f"format: expected one of {', '.join(FORMATS)}, got {format!r}")
    o = LoadOptions()
    lib.gnest_load_options_init(byref(o))
    o.format = FORMATS[format]
    o.one_based = int(bool(one_based))
    o.symmetrize = int(bool(symmetrize))
    o.drop_self_loops = int(bool(drop_self_loops))
    o.merge_duplicates = int(bool(merge_duplicates))
    o.sort_adjacency = int(bool(sort_adjacency))
    return o


class _Handle:
    """A C handle created in ctx, freed by free_fn when the object goes (keepalive and ctx
    living until then)."""

    def __init__(self, ctx, ptr, free_fn, keepalive=()):
        self.ctx = ctx
        self._ptr = ptr
        self._finalizer = weakref.finalize(self, _free, free_fn, ptr, ctx, keepalive)


class Graph(_Handle):
    """A gnest graph (CSR, directed arcs as stored). Build one with load(), from_edges(),
    from_csr() or from_scipy(); it is freed with the object."""

    def __init__(self, ctx, ptr, keepalive=()):
        """Internal: wraps a gnest_graph pointer created in ctx (keepalive: borrowed arrays)."""
        super().__init__(ctx, ptr, lib.gnest_graph_free, keepalive)
        self.node_ids = None  # from_networkx: the NetworkX node of each vertex

    # -- building --------------------------------------------------------------------------
    @classmethod
    def load(cls, path, *, format="auto", one_based=False, symmetrize=False,
             drop_self_loops=False, merge_duplicates=True, sort_adjacency=True, relabel=False,
             ctx=None):
        """Reads a graph file (.mtx, .gr, edge lists, .gnest; .gz/.xz decompressed), as
        gnest_graph_load with these load options. relabel=True: the vertices are the ids that
        appear in an arc, numbered 0..k-1 in increasing order (original_ids gives each one's id in
        the file), as gnest-cli's --relabel."""
        ctx = _ctx_or_default(ctx)
        opts = _load_options(format, one_based, symmetrize, drop_self_loops, merge_duplicates,
                             sort_adjacency)
        opts.relabel = int(bool(relabel))
        ptr = c_void_p()
        ctx.call(lib.gnest_graph_load, str(path).encode(), byref(opts), byref(ptr))
        return cls(ctx, ptr)

    @classmethod
    def from_edges(cls, src, dst, weights=None, *, num_vertices=None, symmetrize=False,
                   drop_self_loops=False, merge_duplicates=True, sort_adjacency=True,
                   ctx=None):
        """Builds a graph from arcs src[i] -> dst[i] (0-based ids, optional weights). The arrays
        are copied into the graph. num_vertices: default largest id + 1."""
        ctx = _ctx_or_default(ctx)
        src = _contiguous("src", src, np.int32, None)
        dst = _contiguous("dst", dst, np.int32, None)
        if src.shape != dst.shape:
            raise ValueError(f"src and dst differ in length: {src.size} and {dst.size}")
        w = None if weights is None else _contiguous("weights", weights, np.float64, None)
        if w is not None and w.shape != src.shape:
            raise ValueError(f"weights has {w.size} entries for {src.size} arcs")
        if num_vertices is None:
            num_vertices = int(max(src.max(initial=-1), dst.max(initial=-1))) + 1
        if not 0 <= num_vertices <= INT32_MAX:
            raise OverflowError(f"num_vertices = {num_vertices}: gnest takes 0 to 2^31 - 1")
        opts = _load_options("auto", False, symmetrize, drop_self_loops, merge_duplicates,
                             sort_adjacency)
        ptr = c_void_p()
        ctx.call(lib.gnest_graph_from_edges, num_vertices, src.size, _pointer(src, c_int32),
                 _pointer(dst, c_int32), _pointer(w, c_double), byref(opts), byref(ptr))
        return cls(ctx, ptr)

    @classmethod
    def from_networkx(cls, G, *, weight="weight", ctx=None):
        """A NetworkX graph as a gnest graph: vertex i is the i-th node of G (list(G)), kept in
        the graph's node_ids; an undirected G is stored both ways. weight: the edge attribute read
        as the weight (a missing one is 1), or None for an unweighted graph. Parallel edges of a
        multigraph become one arc with the smallest weight."""
        nodes = list(G)
        index = {node: i for i, node in enumerate(nodes)}
        edges = list(G.edges(data=True))
        src = np.fromiter((index[u] for u, _, _ in edges), dtype=np.int64, count=len(edges))
        dst = np.fromiter((index[v] for _, v, _ in edges), dtype=np.int64, count=len(edges))
        weights = None
        if weight is not None:
            weights = np.fromiter((d.get(weight, 1) for _, _, d in edges), dtype=np.float64,
                                  count=len(edges))
        g = cls.from_edges(src, dst, weights, num_vertices=len(nodes),
                           symmetrize=not G.is_directed(), ctx=ctx)
        g.node_ids = nodes
        return g

    @classmethod
    def from_csr(cls, indptr, indices, weights=None, *, copy=None, ctx=None):
        """Wraps CSR arrays without copying them (gnest_graph_from_csr): indptr (n + 1 entries,
        int64), indices (column ids, int32), weights (float64, or None: unweighted). Arrays of
        exactly those dtypes, C-contiguous, are borrowed: the graph reads them in place and
        keeps them alive; do not modify them while it exists. Other dtypes are converted (a copy)
        unless copy=False, which raises TypeError instead. Arcs are used as given (no sorting,
        merging or symmetrizing); gnest checks the arrays and raises with the first bad entry."""
        ctx = _ctx_or_default(ctx)
        indptr = _contiguous("indptr", indptr, np.int64, copy)
        indices = _contiguous("indices", indices, np.int32, copy)
        w = None if weights is None else _contiguous("weights", weights, np.float64, copy)
        if indptr.size == 0:
            raise ValueError("indptr: expected n + 1 entries, got an empty array")
        n, m = indptr.size - 1, indices.size
        if n > INT32_MAX:
            raise OverflowError(f"indptr describes {n} vertices: gnest takes at most 2^31 - 1")
        if w is not None and w.size != m:
            raise ValueError(f"weights has {w.size} entries for {m} column indices")
        ptr = c_void_p()
        ctx.call(lib.gnest_graph_from_csr, n, m, _pointer(indptr, c_int64),
                 _pointer(indices, c_int32), _pointer(w, c_double), byref(ptr))
        return cls(ctx, ptr, keepalive=(indptr, indices, w))

    @classmethod
    def from_scipy(cls, matrix, *, weighted=True, copy=None, ctx=None):
        """Wraps a square scipy.sparse CSR matrix or array (row i's entries are i's out-arcs)
        with from_csr: its indices (int32) are borrowed; indptr is converted when it is int32
        (n + 1 entries), data when it is not float64 (copy=False refuses both). weighted=False
        ignores the values."""
        if getattr(matrix, "format", None) != "csr":
            raise TypeError(f"expected a scipy.sparse CSR matrix or array, got "
                            f"{type(matrix).__name__}" + (f" in {matrix.format} format"
                                                          if hasattr(matrix, "format") else ""))
        rows, cols = matrix.shape
        if rows != cols:
            raise ValueError(f"a graph needs a square matrix, got {rows} x {cols}")
        return cls.from_csr(matrix.indptr, matrix.indices, matrix.data if weighted else None,
                            copy=copy, ctx=ctx)

    # -- reading ---------------------------------------------------------------------------
    @property
    def num_vertices(self):
        return int(lib.gnest_graph_num_vertices(self._ptr))

    @property
    def num_edges(self):
        """Arcs as stored (an undirected edge stored both ways counts twice)."""
        return int(lib.gnest_graph_num_edges(self._ptr))

    @property
    def num_arcs(self):
        """Arcs as stored: num_edges, by the CLI's word."""
        return self.num_edges

    @property
    def original_ids(self):
        """For a graph loaded with relabel=True: each vertex's id in the file (read-only int32
        view); None otherwise."""
        ids = lib.gnest_graph_original_ids(self._ptr)
        return _array_view(self, ids, self.num_vertices, np.int32) if ids else None

    def undirected(self):
        """This graph when it is symmetric, else a copy with every arc stored both ways (parallel
        arcs keep the smallest weight): what gnest-cli makes of a file for color, mst and tc."""
        if self.is_symmetric():
            return self
        off, col, w = self.csr()
        src = np.repeat(np.arange(self.num_vertices, dtype=np.int32), np.diff(off))
        return Graph.from_edges(src, col, w, num_vertices=self.num_vertices, symmetrize=True,
                                ctx=self.ctx)

    @property
    def is_weighted(self):
        return bool(lib.gnest_graph_is_weighted(self._ptr))

    def csr(self):
        """(offsets int64[n+1], columns int32[m], weights float64[m] or None): read-only numpy
        views of the graph's own arrays (the caller's, for a from_csr graph), valid as long as
        any of them is referenced."""
        off, col, w = POINTER(c_int64)(), POINTER(c_int32)(), POINTER(c_double)()
        lib.gnest_graph_csr(self._ptr, byref(off), byref(col), byref(w))
        n, m = self.num_vertices, self.num_edges
        weights = _array_view(self, w, m, np.float64) if w else None
        return _array_view(self, off, n + 1, np.int64), _array_view(self, col, m, np.int32), weights

    def is_symmetric(self):
        """True when every arc (u, v, w) has its reverse (v, u, w)."""
        sym = c_int()
        self.ctx.call(lib.gnest_graph_is_symmetric, self._ptr, byref(sym))
        return bool(sym.value)

    def stats(self):
        """Out-degree statistics (gnest_degree_stats) as a dict."""
        s = DegreeStats()
        self.ctx.call(lib.gnest_graph_stats, self._ptr, byref(s))
        return {name: getattr(s, name) for name, _ in DegreeStats._fields_}

    _PARTITIONS = {"ranges": 0, "random": 1, "metis": 2}

    def partition(self, parts, method="ranges"):
        """The vertices cut into `parts` parts (gnest_graph_partition): an int32 array of each
        vertex's part and the number of arcs whose ends are in different parts. method: "ranges"
        (consecutive ids balanced by arcs + vertices), "random" (a hash of the id) or "metis"
        (METIS's k-way edge-cut partitioning; gnest.NotBuilt in a build without METIS:
        gnest.build_features())."""
        if method not in self._PARTITIONS:
            raise ValueError(f"method must be one of {', '.join(self._PARTITIONS)}, got {method!r}")
        part = np.empty(self.num_vertices, dtype=np.int32)
        cut = c_int64()
        self.ctx.call(lib.gnest_graph_partition, self._ptr, int(parts), self._PARTITIONS[method],
                      _pointer(part, c_int32), byref(cut))
        return part, cut.value

    def subgraph(self, keep):
        """The subgraph induced by the vertices where keep (a boolean mask of num_vertices
        entries) is true (gnest_graph_subgraph): those vertices numbered 0, 1, ... in increasing
        id, the arcs between them with their weights, in arrays of its own. A graph found
        symmetric gives a subgraph known symmetric, without a new check."""
        mask = np.ascontiguousarray(keep, dtype=bool)
        if mask.shape != (self.num_vertices,):
            raise ValueError(f"keep: expected {self.num_vertices} entries, got shape {mask.shape}")
        ptr = c_void_p()
        self.ctx.call(lib.gnest_graph_subgraph, self._ptr, _pointer(mask.view(np.uint8), c_uint8),
                      byref(ptr))
        return Graph(self.ctx, ptr)

    def save(self, path):
        """Writes the binary CSR cache (.gnest)."""
        self.ctx.call(lib.gnest_graph_save, self._ptr, str(path).encode())

    def __repr__(self):
        return (f"gnest.Graph({self.num_vertices} vertices, {self.num_edges} arcs"
                f"{', weighted' if self.is_weighted else ''})")


class Tree(_Handle):
    """A rooted tree (parent array; the root's parent is -1)."""

    def __init__(self, ctx, ptr):
        """Internal: wraps a gnest_tree pointer created in ctx."""
        super().__init__(ctx, ptr, lib.gnest_tree_free)

    @classmethod
    def from_parents(cls, parents, *, ctx=None):
        """parents[i] is node i's parent, -1 for the root (copied and validated)."""
        ctx = _ctx_or_default(ctx)
        parents = _contiguous("parents", parents, np.int32, None)
        ptr = c_void_p()
        ctx.call(lib.gnest_tree_from_parents, parents.size, _pointer(parents, c_int32),
                 byref(ptr))
        return cls(ctx, ptr)

    @classmethod
    def load(cls, path, *, ctx=None):
        """Reads a tree file (.tree, optionally .gz/.xz)."""
        ctx = _ctx_or_default(ctx)
        ptr = c_void_p()
        ctx.call(lib.gnest_tree_load, str(path).encode(), byref(ptr))
        return cls(ctx, ptr)

    @classmethod
    def from_graph(cls, graph, root):
        """The graph's arcs, taken as undirected edges, must form a tree spanning every vertex."""
        ptr = c_void_p()
        graph.ctx.call(lib.gnest_tree_from_graph, graph._ptr, int(root), byref(ptr))
        return cls(graph.ctx, ptr)

    @property
    def num_nodes(self):
        return int(lib.gnest_tree_num_nodes(self._ptr))

    @property
    def root(self):
        return int(lib.gnest_tree_root(self._ptr))

    def parents(self):
        """Read-only int32 view of the parent array (the root's entry is -1)."""
        parent, child_off, children = POINTER(c_int32)(), POINTER(c_int64)(), POINTER(c_int32)()
        lib.gnest_tree_arrays(self._ptr, byref(parent), byref(child_off), byref(children))
        return _array_view(self, parent, self.num_nodes, np.int32)

    def __repr__(self):
        return f"gnest.Tree({self.num_nodes} nodes, root {self.root})"
