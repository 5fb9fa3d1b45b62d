"""gnest for Python: graphs loaded from files or wrapped around numpy / scipy.sparse CSR arrays
without copying, every gnest algorithm with a backend argument, numpy arrays back, failures as
exceptions carrying gnest's message. The NetworkX backend lives in the sibling package nx_gnest.

    import gnest
    g = gnest.load("graph.mtx")                 # or gnest.from_scipy(A), gnest.from_csr(...)
    levels = gnest.bfs(g, 0, backend="cpu")     # numpy int32
    print(gnest.last_info())                    # backend that ran, why, time
"""

from ._lib import VERSION as __version__
from ._lib import lib as _lib, library_path
from .algorithms import (Info, SpanningForest, bc, bc_weighted, bfs, color, last_info, mst, sssp,
                         tree_descendants, tree_heights, triangles)
from .algorithms import connected_components, strongly_connected_components
from .algorithms import path_to
from .errors import (BackendError, FileError, GnestError, InternalError, InvalidArgument,
                     InvalidInput, NotATree, OutOfMemory, OutOfRange, ParseError, Status,
                     TooLarge, UnsupportedFormat)
from .errors import NotBuilt, ResultOverflow
from .graph import Context, Graph, Tree, default_context




def library_version():
    """The version of the C library in use (gnest_version): the package's major.minor."""
    return _lib.gnest_version().decode()


def build_features():
    """The optional packages the C library was built with (gnest_build_features), e.g.
    ["metis"]; [] for none."""
    return _lib.gnest_build_features().decode().split()


load = Graph.load
from_networkx = Graph.from_networkx
from_edges = Graph.from_edges
from_csr = Graph.from_csr
from_scipy = Graph.from_scipy
load_tree = Tree.load
tree_from_parents = Tree.from_parents

__all__ = [
    "BackendError", "Context", "FileError", "GnestError", "Graph", "Info", "InternalError",
    "InvalidArgument", "InvalidInput", "NotATree", "OutOfMemory", "OutOfRange", "ParseError",
    "SpanningForest", "Status", "TooLarge", "Tree", "UnsupportedFormat", "bc", "bc_weighted", "bfs", "color",
    "default_context", "from_csr", "from_edges", "from_networkx", "from_scipy", "last_info",
    "library_path", "library_version",
    "load", "load_tree", "mst", "sssp", "tree_descendants", "tree_from_parents", "tree_heights",
    "triangles", "path_to",
    "ResultOverflow", "NotBuilt", "build_features",
    "connected_components", "strongly_connected_components",
]
