"""The ctypes binding of libgnest: where the library is, the C structs it exchanges, and the
prototype of every function the package calls. Nothing here is public.

The structs mirror include/gnest.h field by field; tests/test_layout.py compiles a C program
that prints their sizes and offsets and compares them with these, so a header change that is
not carried here fails the tests instead of corrupting memory.
"""

import ctypes
import os
from ctypes import POINTER, c_char, c_char_p, c_double, c_int, c_int32, c_int64, c_uint64
from ctypes import c_uint8, c_void_p

LIBRARY_ENV = "GNEST_LIBRARY"
# The version of include/gnest.h whose structs and prototypes this module mirrors: the package's
# version too. A library of another major.minor (the ABI may change with the minor while the
# major is 0) is refused at import instead of corrupting memory.
VERSION = "0.6.0"


def library_path():
    """$GNEST_LIBRARY when set, else the libgnest.so bundled into the package at install."""
    return os.environ.get(LIBRARY_ENV) or os.path.join(os.path.dirname(__file__), "libgnest.so")


def _load():
    path = library_path()
    try:
        return ctypes.CDLL(path)
    except OSError as exc:
        raise ImportError(
            f"gnest: cannot load the C library {path}: {exc} (reinstall with "
            f"`pip install ./python`, or point ${LIBRARY_ENV} at a libgnest.so)"
        ) from exc


class CtxOptions(ctypes.Structure):
    _fields_ = [("device", c_int), ("force_cpu", c_int), ("device_memory_limit", ctypes.c_size_t)]


class Error(ctypes.Structure):
    _fields_ = [("status", c_int), ("source", c_char * 512), ("line", c_int64),
                ("message", c_char * 512)]


class LoadOptions(ctypes.Structure):
    _fields_ = [("format", c_int), ("one_based", c_int), ("symmetrize", c_int),
                ("drop_self_loops", c_int), ("merge_duplicates", c_int),
                ("sort_adjacency", c_int), ("relabel", c_int), ("max_vertices", c_int64),
                ("progress", ctypes.c_void_p), ("progress_user", ctypes.c_void_p),
                ("refuse_negative_weights", c_int)]


SETTINGS_SIZE = 256  # GNEST_SETTINGS_SIZE


class Options(ctypes.Structure):
    _fields_ = [("backend", c_int), ("threshold", c_int32), ("block_size", c_int32),
                ("schedule", c_int), ("bfs_direction", c_int), ("color_method", c_int),
                ("tc_method", c_int), ("tree_method", c_int), ("color_tie", c_int),
                ("weights", c_int),
                ("settings", c_char * SETTINGS_SIZE)]


class Info(ctypes.Structure):
    _fields_ = [("backend", c_int), ("backend_name", c_char_p), ("reason", c_char * 512),
                ("time_ms", c_double), ("kernel_launches", c_int64),
                ("device_launches", c_int64), ("edges_visited", c_int64),
                ("iterations", c_int32), ("device_bytes", c_int64),
                ("grid_barriers", c_int64), ("barriers_saved", c_int64),
                ("method_name", c_char_p), ("backend_passes", c_int64),
                ("own_passes", c_int64), ("setup_ms", c_double), ("call_ms", c_double),
                ("upload_ms", c_double), ("upload_bytes", c_int64)]


class BcSources(ctypes.Structure):
    _fields_ = [("mode", c_int), ("list", POINTER(c_int32)), ("count", c_int32),
                ("seed", c_uint64)]


class DegreeStats(ctypes.Structure):
    _fields_ = [("n", c_int64), ("m", c_int64), ("mean", c_double), ("max", c_int64),
                ("stddev", c_double), ("cv", c_double), ("vertices_above_32", c_double),
                ("edges_above_32", c_double), ("vertices_above_1024", c_double),
                ("edges_above_1024", c_double), ("self_loops", c_int64),
                ("isolated", c_int64)]


class AlgorithmDesc(ctypes.Structure):
    _fields_ = [("algorithm", c_int), ("name", c_char_p), ("summary", c_char_p),
                ("notes", c_char_p), ("input", c_int), ("undirected", c_int), ("simple", c_int),
                ("weighted", c_int), ("sources", c_int), ("result", c_int),
                ("value_name", c_char_p), ("method_key", c_char_p), ("methods", c_char_p),
                ("method_help", c_char_p), ("python_name", c_char_p),
                ("networkx_names", c_char_p), ("nonnegative_weights", c_int)]


class RunInput(ctypes.Structure):
    _fields_ = [("graph", c_void_p), ("tree", c_void_p), ("source", c_int32),
                ("sources", POINTER(BcSources))]


class Result(ctypes.Structure):
    _fields_ = [("values_i32", POINTER(c_int32)),
                ("values_f64", POINTER(c_double)), ("values_u64", POINTER(c_uint64)),
                ("edge_u", POINTER(c_int32)), ("edge_v", POINTER(c_int32)),
                ("edge_weight", POINTER(c_double)), ("total", c_uint64), ("num_colors", c_int32),
                ("total_weight", c_double), ("num_edges", c_int64),
                ("num_components", c_int32), ("pred", POINTER(c_int32))]


# Mirrors of the header's structs, by their C names (for the layout test).
STRUCTS = {
    "gnest_ctx_options": CtxOptions,
    "gnest_error": Error,
    "gnest_load_options": LoadOptions,
    "gnest_options": Options,
    "gnest_info": Info,
    "gnest_bc_sources": BcSources,
    "gnest_degree_stats": DegreeStats,
    "gnest_algorithm_desc": AlgorithmDesc,
    "gnest_run_input": RunInput,
    "gnest_result": Result,
}

# Enum values used by the package (include/gnest.h).
FORMATS = {"auto": 0, "mtx": 1, "dimacs": 2, "edgelist": 3, "binary": 4}
BC_ALL, BC_LIST, BC_SAMPLE = 0, 1, 2
INPUT_KINDS = {"GRAPH": 0, "TREE": 1}
SOURCES_KINDS = {"NONE": 0, "ONE": 1, "SET": 2}
RESULT_KINDS = {"LEVELS": 0, "DISTANCES": 1, "SCORES": 2, "COLORING": 3, "FOREST": 4,
                "COUNTS": 5, "NODE_VALUES": 6, "COMPONENTS": 7}

_p = c_void_p
_pi32, _pi64, _pf64 = POINTER(c_int32), POINTER(c_int64), POINTER(c_double)
_PROTOTYPES = {
    "gnest_version": (c_char_p, []),
    "gnest_strerror": (c_char_p, [c_int]),
    "gnest_graph_original_ids": (POINTER(c_int32), [c_void_p]),
    "gnest_ctx_options_init": (None, [POINTER(CtxOptions)]),
    "gnest_ctx_create": (c_int, [POINTER(_p), POINTER(CtxOptions)]),
    "gnest_ctx_free": (None, [_p]),
    "gnest_ctx_has_device": (c_int, [_p]),
    "gnest_ctx_device_name": (c_char_p, [_p]),
    "gnest_last_error": (POINTER(Error), [_p]),
    "gnest_last_error_string": (c_char_p, [_p]),
    "gnest_load_options_init": (None, [POINTER(LoadOptions)]),
    "gnest_graph_load": (c_int, [_p, c_char_p, POINTER(LoadOptions), POINTER(_p)]),
    "gnest_graph_from_edges": (c_int, [_p, c_int32, c_int64, _pi32, _pi32, _pf64,
                                       POINTER(LoadOptions), POINTER(_p)]),
    "gnest_graph_from_csr": (c_int, [_p, c_int32, c_int64, _pi64, _pi32, _pf64, POINTER(_p)]),
    "gnest_graph_subgraph": (c_int, [_p, _p, POINTER(c_uint8), POINTER(_p)]),
    "gnest_graph_save": (c_int, [_p, _p, c_char_p]),
    "gnest_graph_free": (None, [_p]),
    "gnest_graph_num_vertices": (c_int32, [_p]),
    "gnest_graph_num_edges": (c_int64, [_p]),
    "gnest_graph_is_weighted": (c_int, [_p]),
    "gnest_graph_csr": (None, [_p, POINTER(_pi64), POINTER(_pi32), POINTER(_pf64)]),
    "gnest_graph_is_symmetric": (c_int, [_p, _p, POINTER(c_int)]),
    "gnest_graph_stats": (c_int, [_p, _p, POINTER(DegreeStats)]),
    "gnest_graph_partition": (c_int, [_p, _p, c_int32, c_int, _pi32, POINTER(c_int64)]),
    "gnest_build_features": (c_char_p, []),
    "gnest_tree_from_parents": (c_int, [_p, c_int32, _pi32, POINTER(_p)]),
    "gnest_tree_load": (c_int, [_p, c_char_p, POINTER(_p)]),
    "gnest_tree_from_graph": (c_int, [_p, _p, c_int32, POINTER(_p)]),
    "gnest_tree_free": (None, [_p]),
    "gnest_tree_num_nodes": (c_int32, [_p]),
    "gnest_tree_root": (c_int32, [_p]),
    "gnest_tree_arrays": (None, [_p, POINTER(_pi32), POINTER(_pi64), POINTER(_pi32)]),
    "gnest_options_init": (None, [POINTER(Options)]),
    "gnest_options_parse": (c_int, [POINTER(Options), c_char_p]),
    "gnest_backend_from_name": (c_int, [c_char_p, POINTER(c_int)]),
    "gnest_algorithm_describe": (c_int, [c_int, POINTER(AlgorithmDesc)]),
    "gnest_run": (c_int, [_p, c_int, POINTER(RunInput), POINTER(Result), POINTER(Options),
                          POINTER(Info)]),
}


def _check_version(library):
    """ImportError unless the library's major.minor is VERSION's."""
    fn = getattr(library, "gnest_version", None)
    if fn is None:
        found = "older than 0.4.0 (no gnest_version)"
    else:
        fn.restype, fn.argtypes = c_char_p, []
        found = fn().decode()
    if found.split(".")[:2] != VERSION.split(".")[:2]:
        raise ImportError(
            f"gnest: the C library {library_path()} is version {found}; this package mirrors "
            f"{VERSION} (reinstall with `pip install ./python` from the same tree, or point "
            f"${LIBRARY_ENV} at a matching libgnest.so)")
    return library


def _bind(library):
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(library, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return library


lib = _bind(_check_version(_load()))


def algorithms():
    """The library's algorithm registry (src/algos/algos.def), row by row: an AlgorithmDesc per
    gnest_algorithm value, in its order."""
    rows = []
    while True:
        desc = AlgorithmDesc()
        if lib.gnest_algorithm_describe(len(rows), ctypes.byref(desc)) != 0:
            return rows
        rows.append(desc)
