"""pytest plugin for NetworkX's own test suite run with NETWORKX_TEST_BACKEND=gnest: counts,
per dispatched function, the calls gnest computed and those it left to networkx (can_run said
no, or the function raised NotImplementedError), and prints them at the end, so a pass count
says how much of it gnest really answered. Load with `-p nx_dispatch_counts`."""

import collections

from nx_gnest import FUNCTIONS, backend

counts = collections.defaultdict(collections.Counter)


def _counting_can_run(original):
    def can_run(name, args, kwargs):
        answer = original(name, args, kwargs)
        if answer is not True and name in FUNCTIONS:
            counts[name]["left to networkx (can_run)"] += 1
        return answer
    return can_run


def _counting(name, function):
    def call(*args, **kwargs):
        try:
            result = function(*args, **kwargs)
        except NotImplementedError:
            counts[name]["left to networkx (data)"] += 1
            raise
        counts[name]["computed by gnest"] += 1
        return result
    call.__wrapped__ = function
    return call


def pytest_configure(config):
    interface = backend.BackendInterface
    interface.can_run = staticmethod(_counting_can_run(backend.can_run))
    for name in FUNCTIONS:
        setattr(interface, name, staticmethod(_counting(name, getattr(interface, name))))


def pytest_terminal_summary(terminalreporter):
    write = terminalreporter.write_line
    write("gnest dispatch: calls per function (computed by gnest / left to networkx)")
    for name in sorted(FUNCTIONS):
        c = counts[name]
        write(f"  {name}: {c['computed by gnest']} computed, "
              f"{c['left to networkx (can_run)']} refused by can_run, "
              f"{c['left to networkx (data)']} refused on the data")
