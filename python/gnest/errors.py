"""Exceptions: every failed gnest call raises a GnestError carrying the library's own message
(gnest_last_error_string: "source:line: what was expected"), its status and the parts of it.

Each status has its own subclass, which also derives from the Python exception a caller would
expect (a missing file is an OSError, a vertex outside the graph an IndexError, ...), so
`except ValueError` and `except gnest.GnestError` both work.
"""

import enum

from ._lib import lib


class Status(enum.IntEnum):
    """gnest_status (include/gnest.h)."""

    OK = 0
    INVALID_ARGUMENT = 1
    INVALID_INPUT = 2
    OUT_OF_RANGE = 3
    IO = 4
    PARSE = 5
    UNSUPPORTED_FORMAT = 6
    TOO_LARGE = 7
    OUT_OF_MEMORY = 8
    DEVICE_OUT_OF_MEMORY = 9
    NO_DEVICE = 10
    CUDA = 11
    BACKEND_UNAVAILABLE = 12
    BACKEND_NOT_APPLICABLE = 13
    NOT_A_TREE = 14
    LAUNCH_LIMIT = 15
    CHECKSUM = 16
    INTERNAL = 17
    OVERFLOW = 18
    NOT_BUILT = 19


class GnestError(Exception):
    """A gnest call failed. status: the gnest_status (a Status); status_name: its text (gnest_strerror);
    source, line, detail: the parts of the last error (file or function, 1-based input line or 0,
    what was wrong); str(): the whole line."""

    def __init__(self, status, message, source="", line=0, detail=""):
        super().__init__(message)
        self.status = Status(status) if status in Status._value2member_map_ else status
        self.status_name = lib.gnest_strerror(status).decode()
        self.source = source
        self.line = line
        self.detail = detail


class InvalidArgument(GnestError, ValueError):
    """GNEST_ERR_INVALID_ARGUMENT: a bad argument or option value."""


class InvalidInput(GnestError, ValueError):
    """GNEST_ERR_INVALID_INPUT: a graph this call cannot take (negative SSSP weight, directed
    graph where an undirected one is needed, ...)."""


class OutOfRange(GnestError, IndexError):
    """GNEST_ERR_OUT_OF_RANGE: a vertex id outside the graph."""


class FileError(GnestError, OSError):
    """GNEST_ERR_IO: a file cannot be opened, read or written."""


class ParseError(GnestError, ValueError):
    """GNEST_ERR_PARSE or GNEST_ERR_CHECKSUM: a malformed input file."""


class UnsupportedFormat(GnestError, ValueError):
    """GNEST_ERR_UNSUPPORTED_FORMAT: a well-formed file of a kind gnest does not read."""


class TooLarge(GnestError, OverflowError):
    """GNEST_ERR_TOO_LARGE: sizes that do not fit."""


class OutOfMemory(GnestError, MemoryError):
    """GNEST_ERR_OUT_OF_MEMORY or GNEST_ERR_DEVICE_OUT_OF_MEMORY."""


class BackendError(GnestError, RuntimeError):
    """No device, backend unavailable or not applicable, CUDA error, launch limit: the call
    cannot run here as asked."""


class NotATree(GnestError, ValueError):
    """GNEST_ERR_NOT_A_TREE: a cycle, two roots, no root, an unreachable node."""


class InternalError(GnestError, RuntimeError):
    """GNEST_ERR_INTERNAL: a bug in gnest."""


class ResultOverflow(GnestError, OverflowError):
    """GNEST_ERR_OVERFLOW: a distance or MST total of finite weights overflows double."""


class NotBuilt(GnestError, NotImplementedError):
    """GNEST_ERR_NOT_BUILT: the call needs an optional package this build lacks (the message
    names it)."""


_BY_STATUS = {
    Status.INVALID_ARGUMENT: InvalidArgument, Status.INVALID_INPUT: InvalidInput,
    Status.OUT_OF_RANGE: OutOfRange, Status.IO: FileError, Status.PARSE: ParseError,
    Status.UNSUPPORTED_FORMAT: UnsupportedFormat, Status.TOO_LARGE: TooLarge,
    Status.OUT_OF_MEMORY: OutOfMemory, Status.DEVICE_OUT_OF_MEMORY: OutOfMemory,
    Status.NO_DEVICE: BackendError, Status.CUDA: BackendError,
    Status.BACKEND_UNAVAILABLE: BackendError, Status.BACKEND_NOT_APPLICABLE: BackendError,
    Status.NOT_A_TREE: NotATree, Status.LAUNCH_LIMIT: BackendError, Status.CHECKSUM: ParseError,
    Status.INTERNAL: InternalError, Status.OVERFLOW: ResultOverflow, Status.NOT_BUILT: NotBuilt,
}


def error_of(status, ctx=None):
    """The exception for a failed call: the last error recorded in ctx (a context pointer), or
    in this thread's record when ctx is None."""
    record = lib.gnest_last_error(ctx).contents
    message = lib.gnest_last_error_string(ctx).decode(errors="replace")
    cls = _BY_STATUS.get(status, GnestError)
    return cls(status, message, record.source.decode(errors="replace"), record.line,
               record.message.decode(errors="replace"))


def check(status, ctx=None):
    """Raises error_of(status, ctx) unless status is GNEST_OK."""
    if status != 0:
        raise error_of(status, ctx)
