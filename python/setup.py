"""Builds the gnest Python package with libgnest.so inside it (see README.md, "How it finds the
library"): $GNEST_LIBRARY, else $GNEST_PREFIX/lib, else `pkg-config gnest`'s libdir, else the
repository this directory sits in, where `make lib` is run first."""

import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def _pkg_config_libdir():
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "gnest"], check=True,
                             capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return Path(out.stdout.strip()) if out.stdout.strip() else None


def _built_in_repository():
    if not (REPO / "Makefile").is_file() or not (REPO / "include" / "gnest.h").is_file():
        raise SystemExit(
            "gnest: no libgnest.so to bundle: set GNEST_LIBRARY to the file, or GNEST_PREFIX to "
            "an install prefix (make install PREFIX=...), or build from the gnest repository "
            f"(this directory's parent, {REPO}, is not one)")
    jobs = str(os.cpu_count() or 1)
    print(f"gnest: running `make -j{jobs} lib` in {REPO} (about a minute on 2 cores)")
    subprocess.run(["make", f"-j{jobs}", "lib"], cwd=REPO, check=True)
    return REPO / "lib" / "libgnest.so"


def find_library():
    """The libgnest.so to bundle, in the order the module docstring gives."""
    if os.environ.get("GNEST_LIBRARY"):
        return Path(os.environ["GNEST_LIBRARY"])
    if os.environ.get("GNEST_PREFIX"):
        return Path(os.environ["GNEST_PREFIX"]) / "lib" / "libgnest.so"
    libdir = _pkg_config_libdir()
    if libdir is not None and (libdir / "libgnest.so").exists():
        return libdir / "libgnest.so"
    return _built_in_repository()


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
