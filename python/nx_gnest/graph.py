"""GnestGraph: a NetworkX graph seen by gnest. Vertex i is the i-th node in the graph's node order
(any hashable labels), arcs follow NetworkX's adjacency order, and the CSR arrays, weights and
gnest graphs are built on first use, then kept with the object (NetworkX caches converted graphs
on the original and drops them when the graph is changed through its methods)."""

import numbers

import numpy as np

import gnest
from gnest.graph import INT32_MAX


class GnestGraph:
    """The converted graph. nx: the NetworkX graph it stands for (what convert_to_nx returns)."""

    __networkx_backend__ = "gnest"

    def __init__(self, graph):
        self.nx = graph
        self.nodes = list(graph)
        self.index = {node: i for i, node in enumerate(self.nodes)}
        self._csr = None
        self._weights = {}
        self._gnest = {}

    # What NetworkX's decorators (not_implemented_for, ...) ask of a graph argument.
    def is_directed(self):
        return self.nx.is_directed()

    def is_multigraph(self):
        return self.nx.is_multigraph()

    def __len__(self):
        return len(self.nodes)

    def __iter__(self):
        return iter(self.nodes)

    def __contains__(self, node):
        try:
            return node in self.index
        except TypeError:  # unhashable: not a node (as NetworkX answers)
            return False

    def csr(self):
        """(offsets int64[n+1], columns int32[m]): arc u -> v for every v in G[u], in order (an
        undirected edge gives both arcs, a self-loop one)."""
        if self._csr is None:
            if len(self.nodes) > INT32_MAX:
                raise NotImplementedError("gnest takes fewer than 2**31 vertices")
            adj, index = self.nx._adj, self.index
            degrees = np.fromiter((len(adj[u]) for u in self.nodes), np.int64, len(self.nodes))
            offsets = np.zeros(len(self.nodes) + 1, np.int64)
            np.cumsum(degrees, out=offsets[1:])
            columns = np.fromiter((index[v] for u in self.nodes for v in adj[u]), np.int32,
                                  int(offsets[-1]))
            self._csr = offsets, columns
        return self._csr

    def arcs(self):
        """(sources, targets) int32 arrays of every arc in csr() order."""
        offsets, columns = self.csr()
        sources = np.repeat(np.arange(len(self.nodes), dtype=np.int32), np.diff(offsets))
        return sources, columns

    def weights(self, attribute, default=1):
        """(float64 weight of every arc in csr() order, whether all are integers): the edge
        attribute, `default` where it is missing; attribute None gives all `default`.
        NotImplementedError when a value is not a real number (NetworkX then decides)."""
        key = (attribute, default)
        if key not in self._weights:
            adj = self.nx._adj
            values = [d.get(attribute, default) for u in self.nodes for d in adj[u].values()]
            kinds = set(map(type, values))
            if not all(issubclass(kind, numbers.Real) for kind in kinds):
                names = sorted(kind.__name__ for kind in kinds)
                raise NotImplementedError(f"edge weights {attribute!r} are not all real numbers "
                                          f"({', '.join(names)})")
            integral = all(issubclass(kind, numbers.Integral) for kind in kinds)
            self._weights[key] = np.array(values, dtype=np.float64), integral
        return self._weights[key]

    def borrowed(self, weights=None):
        """A gnest graph over csr() without copying it, weighted (float64 weights the caller has
        checked, borrowed as they are) or not."""
        offsets, columns = self.csr()
        return gnest.from_csr(offsets, columns, weights, copy=False)

    def cached(self, key, build):
        """The gnest graph kept under key, made by build() the first time."""
        if key not in self._gnest:
            self._gnest[key] = build()
        return self._gnest[key]

    def plain(self):
        """The unweighted gnest graph over csr() (arcs as NetworkX lists them)."""
        return self.cached("plain", self.borrowed)

    def node_array(self, indices):
        """The node labels of vertex indices, as a list."""
        nodes = self.nodes
        return [nodes[i] for i in indices.tolist()]

    def __repr__(self):
        return f"GnestGraph({self.nx!r})"


def as_gnest(graph):
    """A GnestGraph for a NetworkX graph or a GnestGraph."""
    return graph if isinstance(graph, GnestGraph) else GnestGraph(graph)


def nx_of(graph):
    """The NetworkX graph behind a GnestGraph, or the graph itself."""
    return graph.nx if isinstance(graph, GnestGraph) else graph
