"""Builds the gnest Python package with libgnest.so inside it. The library comes from, in order:
$GNEST_LIBRARY (a file), $GNEST_PREFIX/lib (an install prefix), the gnest repository this
directory sits in (`make lib` runs there first), else the libdir of `pkg-config gnest` (an
installed gnest, for a copy of python/ outside the repository)."""

import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def _library_in(directory):
    """libgnest.so in directory, or its versioned file (libgnest.so.MAJOR...) when only that is."""
    directory = Path(directory)
    candidates = [directory / "libgnest.so"] + sorted(directory.glob("libgnest.so.*"))
    return next((c for c in candidates if c.exists()), directory / "libgnest.so")


def _pkg_config_libdir():
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "gnest"], check=True,
                             capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


def _in_repository():
    return (REPO / "Makefile").is_file() and (REPO / "include" / "gnest.h").is_file()


def find_library():
    """The libgnest.so to bundle, in the order the module docstring gives."""
    if os.environ.get("GNEST_LIBRARY"):
        return Path(os.environ["GNEST_LIBRARY"])
    if os.environ.get("GNEST_PREFIX"):
        return _library_in(Path(os.environ["GNEST_PREFIX"]) / "lib")
    if _in_repository():
        jobs = str(os.cpu_count() or 1)
        print(f"gnest: running `make -j{jobs} lib` in {REPO} (about a minute on 2 cores when "
              "nothing is built yet)")
        subprocess.run(["make", f"-j{jobs}", "lib"], cwd=REPO, check=True)
        return _library_in(REPO / "lib")
    libdir = _pkg_config_libdir()
    if libdir is None:
        raise SystemExit(
            "gnest: no libgnest.so to bundle: set GNEST_LIBRARY to the file, or GNEST_PREFIX to "
            "an install prefix (make install PREFIX=...), or install gnest where pkg-config "
            "finds gnest.pc, or build from the gnest repository")
    return _library_in(libdir)


class BuildWithLibrary(build_py):
    """build_py that also copies libgnest.so (the file, links resolved) into gnest/."""

    def run(self):
        super().run()
        library = find_library()
        if not library.is_file():
            raise SystemExit(f"gnest: {library} does not exist")
        target = Path(self.build_lib) / "gnest" / "libgnest.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(library.resolve(), target)
        print(f"gnest: bundled {library.resolve()} as {target}")


class BinaryDistribution(Distribution):
    """The wheel holds a native library: platform-specific, not pure Python."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
