"""The ctypes mirrors of include/gnest.h's structs and enums must match the header: a C program
compiled against the header prints each struct's size, each field's offset and size, the
gnest_status values and those of the algorithm registry's kinds, and they are compared with the
package's. Skips (saying why) without a C
compiler or outside the repository (no header)."""

import ctypes
import shutil
import subprocess
from pathlib import Path

import pytest

from gnest import Status
from gnest._lib import INPUT_KINDS, RESULT_KINDS, SOURCES_KINDS, STRUCTS

# The package's enum mirrors: C prefix and Python dict.
ENUMS = {"GNEST_INPUT_": INPUT_KINDS, "GNEST_SOURCES_": SOURCES_KINDS,
         "GNEST_RESULT_": RESULT_KINDS}

HEADER_DIR = Path(__file__).resolve().parents[2] / "include"


def c_program():
    lines = ["#include <stdio.h>", "#include <stddef.h>", '#include "gnest.h"', "int main(void) {"]
    for name, mirror in STRUCTS.items():
        lines.append(f'  printf("{name} %zu\\n", sizeof({name}));')
        for field, _ in mirror._fields_:
            lines.append(f'  printf("{name}.{field} %zu %zu\\n", offsetof({name}, {field}), '
                         f'sizeof((({name} *)0)->{field}));')
    for status in Status:
        c_name = "GNEST_OK" if status is Status.OK else f"GNEST_ERR_{status.name}"
        lines.append(f'  printf("{status.name} %d\\n", (int){c_name});')
    lines.append('  printf("COUNT %d\\n", (int)GNEST_STATUS_COUNT);')
    for prefix, values in ENUMS.items():
        for name in values:
            lines.append(f'  printf("{prefix}{name} %d\\n", (int){prefix}{name});')
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def expected():
    rows = {}
    for name, mirror in STRUCTS.items():
        rows[name] = ctypes.sizeof(mirror)
        for field, _ in mirror._fields_:
            rows[f"{name}.{field}"] = (getattr(mirror, field).offset, getattr(mirror, field).size)
    rows.update({status.name: status.value for status in Status})
    rows["COUNT"] = len(Status)
    for prefix, values in ENUMS.items():
        rows.update({prefix + name: value for name, value in values.items()})
    return rows


def test_structs_and_statuses_match_the_header(tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler (cc) to compile the header")
    if not (HEADER_DIR / "gnest.h").is_file():
        pytest.skip(f"{HEADER_DIR}/gnest.h not found (not run from the gnest repository)")
    source = tmp_path / "layout.c"
    source.write_text(c_program())
    subprocess.run([compiler, "-std=c11", f"-I{HEADER_DIR}", str(source), "-o",
                    str(tmp_path / "layout")], check=True)
    out = subprocess.run([str(tmp_path / "layout")], check=True, capture_output=True, text=True)
    actual = {}
    for line in out.stdout.splitlines():
        key, *numbers = line.split()
        actual[key] = int(numbers[0]) if len(numbers) == 1 else tuple(map(int, numbers))
    assert actual == expected()
