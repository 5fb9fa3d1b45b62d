#!/usr/bin/env python3
"""Writes the generated parts of gnest's documentation, so that they cannot drift. Each part sits
between the markers <!-- docs.py: NAME --> and <!-- docs.py: end --> of a file of MARKED:

  headline     README.md: the newest H200 suite record (bench/results/*-suite.json) against the
               peers
  performance  docs/performance.md: every published suite record, one table each, newest first
  scale        docs/performance.md: every published record of --suite scale (*-scale.json)
  plots        docs/performance.md: the record that make plots draws (the newest)
  wins         docs/backends.md: the cells each backend is the fastest in, per record
  example      README.md, docs/api.md: docs/examples/bfs.c (make builds it, make test runs it)
  cli          docs/cli.md: the --help texts of bin/gnest-cli, bin/gnest-gen and bin/gnest-bench

usage: scripts/docs.py            rewrite the files that differ (make docs)
       scripts/docs.py --check    write nothing; name each file that differs, exit 1 (make test)
Needs the built tools (make) for the cli part; Python 3 standard library only.
"""
import functools
import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MARKED = ["README.md", "docs/api.md", "docs/backends.md", "docs/cli.md", "docs/performance.md"]
MARKER = re.compile(r"(<!-- docs\.py: ([\w-]+) -->\n)(.*?)(<!-- docs\.py: end -->)", re.S)
ALGORITHMS = {"bfs": "BFS", "sssp": "SSSP", "bc": "BC (one source)", "color": "coloring",
              "mst": "MST", "tc": "TC", "tree-descendants": "tree descendants",
              "tree-heights": "tree heights", "bc-weighted": "BC weighted (one source)",
              "cc": "connected components", "scc": "strongly connected components"}
UNAVAILABLE = {"no usable CUDA device", "backend not available in this build",
               "backend not applicable to this algorithm"}
RECORD_KEYS = ("tool", "version", "date", "device", "command", "inputs", "results", "summary")


class DocsError(Exception):
    pass


# ---- the published records ---------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def records(suite="suite"):
    """Every bench/results/*-SUITE.json, newest first (they are named by date)."""
    runs = []
    for path in sorted((REPO / "bench" / "results").glob(f"*-{suite}.json"), reverse=True):
        run = json.loads(path.read_text())
        run["file"] = str(path.relative_to(REPO))
        missing = [k for k in RECORD_KEYS if k not in run]
        if run.get("tool") != "gnest-bench" or missing:
            raise DocsError(f"{run['file']}: not a gnest-bench --json record (missing {missing})")
        runs.append(run)
    if not runs:
        raise DocsError(f"no *-{suite}.json record under bench/results")
    return tuple(runs)


def ms(x):
    """Three significant digits: 0.0632, 0.650, 14.9, 261, 6,171."""
    return f"{x:,.0f}" if x >= 100 else f"{x:#.3g}"


def title(run):
    return f"{run['device'].split(' (')[0]}, {run['date'][:10]}"


def command(run):
    """What a table's heading says besides its title: the command, gnest's version, the file, and
    the cells a --time-limit left out (the record's table then lacks them)."""
    text = f"`{run['command']}` (gnest {run['version']}, {run['file']})"
    if run.get("cells_not_started"):
        text += (f"; stopped by its time limit of {run['time_limit_s']} s: "
                 f"{run['cells_not_started']} of {run['cells_planned']} cells did not start")
    return text


def cells(run):
    """{(input, algorithm): {backend: result row}}, in the record's order."""
    out = {}
    for r in run["results"]:
        if r["algorithm"] != "load":
            out.setdefault((r["input"], r["algorithm"]), {})[r["backend"]] = r
    return out


def backends(run):
    return list(dict.fromkeys(r["backend"] for r in run["results"] if r["algorithm"] != "load"))


def time_of(r):
    """A result row's median as text, or why it has none (gnest-bench's marks)."""
    if r is None:
        return "-"
    if r["status"] != "ok":
        if r["status"].startswith("skipped"):
            return "skip"
        return "n/a" if r["status"] in UNAVAILABLE else "FAIL"
    text = ms(r["median_ms"]) + ("!" if r["ok"] == "no" else "")
    return text + (f" ({r['ran']})" if r["backend"] == "auto" else "")


def fastest(s):
    """The backend that ran fastest in a summary cell (auto: the one it picked)."""
    return s["best_ran"] if s["best_backend"] == "auto" else s["best_backend"]


def peer_name(s):
    return re.split(r" \(|,", s["peer"])[0]


def bold(text, yes=True):
    return f"**{text}**" if yes else text


def table(header, lines):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(out + ["| " + " | ".join(line) + " |" for line in lines]) + "\n"


# ---- the generated parts -----------------------------------------------------------------------

def headline():
    runs = records()
    run = next((r for r in runs if "H200" in r["device"]), runs[0])
    by_cell, best = cells(run), {(s["input"], s["algorithm"]): s for s in run["summary"]}
    graphs = [i["name"] for i in run["inputs"] if i["kind"] == "graph" and i["status"] == "ok"]
    lines, ahead, compared = [], 0, 0
    for algo, algo_name in ALGORITHMS.items():
        line = []
        for name in graphs:
            auto, s = by_cell.get((name, algo), {}).get("auto"), best.get((name, algo), {})
            if not auto or auto["status"] != "ok" or "peer_ms" not in s:
                line.append(time_of(auto))
                continue
            faster = auto["median_ms"] < s["peer_ms"]
            compared, ahead = compared + 1, ahead + faster
            line.append(f"{bold(ms(auto['median_ms']), faster)} ({auto['ran']}) / "
                        f"{bold(ms(s['peer_ms']), not faster)} {peer_name(s)}")
        if any(c != "-" for c in line):
            lines.append([algo_name] + line)
    return (table(["algorithm"] + graphs, lines)
            + "\nEach cell: the median ms of gnest's `auto` (the backend it ran) / the best public"
            + " code's (bench/peers.tsv);\nbold: the faster. gnest is faster in"
            + f" {ahead} of {compared} cells. {title(run)}:\n{command(run)}.\n")


def performance():
    out = []
    for run in records():
        names, best = backends(run), {(s["input"], s["algorithm"]): s for s in run["summary"]}
        lines = []
        for (name, algo), by in cells(run).items():
            s = best.get((name, algo))
            times = [bold(time_of(by.get(b)), s and s["best_backend"] == b) for b in names]
            peer = ["-", "-"]
            if s and "peer_ms" in s:
                peer = [f"{ms(s['peer_ms'])} {peer_name(s)}", f"{s['best_over_peer']:#.2g}"]
            lines.append([name, ALGORITHMS[algo]] + times + [fastest(s) if s else "-"] + peer)
        header = ["input", "algorithm"] + names + ["fastest", "peer", "fastest / peer"]
        text = f"### {title(run)}\n\n{command(run)}\n\n" + table(header, lines)
        if run.get("auto_over_best_geomean"):
            left_out = run.get("auto_cells_left_out", 0)
            text += (f"\n`auto` over the fastest backend of each cell: geometric mean "
                     f"{run['auto_over_best_geomean']:.3f} over {run['auto_cells']} cells")
            text += (f" ({left_out} cells left out: their method runs no backend pass, the same "
                     f"kernels on every backend).\n" if left_out else ".\n")
        out.append(text)
    return "\n".join(out)


def scale():
    """Per cell: auto's median (the backend it ran), its first call on a graph without device
    copies (upload included) and the most device memory in use, and the peer where there is one."""
    out = []
    for run in records("scale"):
        best = {(s["input"], s["algorithm"]): s for s in run["summary"]}
        lines = []
        for (name, algo), by in cells(run).items():
            r, s = by.get("auto"), best.get((name, algo), {})
            ok = r is not None and r["status"] == "ok"
            peer = ["-", "-"]
            if ok and "peer_ms" in s:
                ratio = r["median_ms"] / s["peer_ms"]
                peer = [f"{ms(s['peer_ms'])} {peer_name(s)}", f"{ratio:#.2g}"]
            lines.append([name, ALGORITHMS[algo], time_of(r),
                          ms(r["first_call_ms"]) if ok else "-",
                          f"{r['device_bytes'] / 1e9:.1f}" if ok else "-"] + peer)
        header = ["input", "algorithm", "auto", "first call", "device GB", "peer", "auto / peer"]
        out.append(f"### {title(run)}\n\n{command(run)}\n\n" + table(header, lines))
    return "\n".join(out)


def plots():
    run = records()[0]
    return f"Drawn by `make plots` from the newest record: {title(run)} ({run['file']}).\n"


def wins():
    out = []
    for run in records():
        won = {}  # backend: {input: [algorithm, ...]}
        for s in run["summary"]:
            won.setdefault(fastest(s), {}).setdefault(s["input"], []).append(s["algorithm"])
        lines = [[f"`{b}`", "; ".join(f"{name}: {', '.join(ALGORITHMS[a] for a in algos)}"
                                      for name, algos in won[b].items())]
                 for b in backends(run) if b in won]
        out.append(f"**{title(run)}**: {command(run)}.\n\n"
                   + table(["backend", "the fastest in"], lines))
    return "\n".join(out)


def example():
    return "```c\n" + (REPO / "docs" / "examples" / "bfs.c").read_text() + "```\n"


def help_text(*argv):
    tool = REPO / "bin" / argv[0]
    if not tool.exists():
        raise DocsError(f"bin/{argv[0]} is not built (run make)")
    p = subprocess.run([str(tool), *argv[1:], "--help"], capture_output=True, text=True, cwd=REPO)
    if p.returncode != 0:
        raise DocsError(f"bin/{' '.join(argv)} --help: exit status {p.returncode}: {p.stderr}")
    return p.stdout.rstrip("\n")


def listed(text, after):
    """The first word of each indented line of the list that follows the line `after`."""
    section = text.split(after, 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  ([a-z][\w-]*)", section, re.M)


def cli():
    out = []
    for tool, after in (("gnest-cli", "commands:"), ("gnest-gen", "KIND is one of:"),
                        ("gnest-bench", None)):
        top = help_text(tool)
        out += [f"## {tool}\n", "```text", top, "```\n"]
        for command_name in listed(top, after) if after else []:
            out += [f"### {tool} {command_name}\n", "```text", help_text(tool, command_name),
                    "```\n"]
    return "\n".join(out)


PARTS = {"headline": headline, "performance": performance, "scale": scale, "plots": plots,
         "wins": wins, "example": example, "cli": cli}


def fill(name, text):
    def part(m):
        if m.group(2) not in PARTS:
            raise DocsError(f"{name}: unknown marker '{m.group(2)}' (known: {', '.join(PARTS)})")
        return m.group(1) + PARTS[m.group(2)]() + m.group(4)
    return MARKER.sub(part, text)


def main(argv):
    if argv not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        wanted = {name: fill(name, (REPO / name).read_text()) for name in MARKED}
    except (DocsError, OSError, ValueError, KeyError) as e:
        print(f"docs.py: {e}", file=sys.stderr)
        return 1
    stale = [name for name, text in wanted.items() if (REPO / name).read_text() != text]
    for name in stale:
        if argv:
            print(f"docs.py: {name} differs from what scripts/docs.py writes (make docs)",
                  file=sys.stderr)
        else:
            (REPO / name).write_text(wanted[name])
            print(f"docs.py: wrote {name}")
    return 1 if stale and argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
