#!/usr/bin/env python3
"""Draws one gnest-bench run (the file its --json wrote) as two PNGs:

  OUT/times.png    median time of every backend on every input, one panel per algorithm, log axis;
                   cells that did not run (skipped, unavailable, failed) or disagreed say so in place
  OUT/speedup.png  per cell, the best backend's speed-up over the best peer (peer ms / gnest ms);
                   cells without a peer figure are listed under the plot, not drawn

Every title names the run's device and date. The peers are the ones the run recorded, or, with
--peers TSV, the ones of that table (read through gnest-bench --print-peers: one parser for the
format). Usage: scripts/plot-bench.py [RUN.json] [--out DIR] [--peers TSV]; without RUN.json the
last bench/results/*.json in name order (results are named by date). Needs matplotlib.
Exit status: 0 the PNGs are written, 1 the run or the table cannot be used, 2 usage error.
"""
import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ALGORITHMS = ["bfs", "sssp", "bc", "color", "mst", "tc", "tree-descendants", "tree-heights"]
UNAVAILABLE = {"no usable CUDA device", "backend not available in this build",
               "backend not applicable to this algorithm"}
PEER_KEYS = ["peer_ms", "peer", "peer_timer", "peer_device", "peer_date", "peer_source", "peer_note"]


class PlotError(Exception):
    """A run or a peer table that cannot be plotted; the message says why."""


# ---- reading and checking the run -----------------------------------------------------------

def expect(cond, where, what):
    if not cond:
        raise PlotError(f"{where}: expected {what}")


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_result(row, where):
    expect(isinstance(row, dict), where, "an object")
    for key in ("input", "algorithm", "backend", "status"):
        expect(isinstance(row.get(key), str), where, f'"{key}" (a string)')
    expect(is_number(row.get("runs", 0)), where, '"runs" (a number)')
    if row.get("median_ms") is not None:
        expect(is_number(row["median_ms"]), where, '"median_ms" (a number or null)')


def check_summary(entry, where):
    expect(isinstance(entry, dict), where, "an object")
    for key in ("input", "algorithm"):
        expect(isinstance(entry.get(key), str), where, f'"{key}" (a string)')
    for key in ("best_ms", "peer_ms"):
        if entry.get(key) is not None:
            expect(is_number(entry[key]), where, f'"{key}" (a number or null)')


def check_run(run, name):
    not_ours = f"{name} is not a gnest-bench JSON record"
    if not isinstance(run, dict):
        raise PlotError(f"{not_ours} (its top level is not an object)")
    if run.get("tool") != "gnest-bench":
        found = f"found {json.dumps(run['tool'])}" if "tool" in run else "it has no \"tool\""
        raise PlotError(f'{not_ours} (expected "tool": "gnest-bench", {found})')
    for key in ("device", "date"):
        expect(isinstance(run.get(key), str), name, f'"{key}" (a string)')
    for key in ("results", "summary"):
        expect(isinstance(run.get(key), list), name, f'"{key}" (a list)')
    for i, row in enumerate(run["results"]):
        check_result(row, f"{name}: results[{i}]")
    for i, entry in enumerate(run["summary"]):
        check_summary(entry, f"{name}: summary[{i}]")


def load_run(path):
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise PlotError(f"cannot read {path}: {e.strerror or e}")
    except UnicodeDecodeError:
        raise PlotError(f"{path} is not a gnest-bench JSON record (not UTF-8 text)")
    try:
        run = json.loads(text)
    except json.JSONDecodeError as e:
        raise PlotError(f"{path}:{e.lineno}: not JSON ({e.msg}, column {e.colno}): "
                        "not a gnest-bench JSON record")
    check_run(run, str(path))
    return run


def newest_run(results_dir):
    """The last small-suite record by name (named by date, as scripts/docs.py reads them); the
    scale records (*-scale.json) hold other inputs, which these plots do not draw."""
    runs = sorted(Path(results_dir).glob("*-suite.json"))
    if not runs:
        raise PlotError(f"no run given and no *-suite.json under {results_dir} "
                        "(gnest-bench --suite bench --json FILE writes one)")
    return runs[-1]


# ---- peers from a table ------------------------------------------------------------------------

def read_peer_table(tsv, gnest_bench):
    """The cells of a peer table, as gnest-bench parses it: {(input, algorithm): peer fields}."""
    if not os.access(gnest_bench, os.X_OK):
        raise PlotError(f"--peers needs gnest-bench to read the table: {gnest_bench} is not built "
                        "(make bin/gnest-bench, or give --gnest-bench PATH)")
    done = subprocess.run([str(gnest_bench), "--print-peers", "--peers", str(tsv)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise PlotError(done.stderr.strip() or f"{gnest_bench} --print-peers failed ({done.returncode})")
    table = json.loads(done.stdout)
    return table["peers"], {(c["input"], c["algorithm"]): c for c in table["cells"]}


def with_peers(run, origin, cells):
    """The run with every summary entry's peer taken from cells (none where the table has none)."""
    summary = []
    for entry in run["summary"]:
        entry = {k: v for k, v in entry.items() if k not in PEER_KEYS and k != "best_over_peer"}
        peer = cells.get((entry["input"], entry["algorithm"]))
        if peer:
            entry.update({k: peer[k] for k in PEER_KEYS if k in peer})
        summary.append(entry)
    return dict(run, summary=summary, peers=f"{origin}, given with --peers")


# ---- what each cell shows ----------------------------------------------------------------------

def cell_mark(row):
    """'' for a timed result, else what the summary table prints in its place."""
    if row is None:
        return "none"
    if row["status"].startswith("skipped"):
        return "skip"
    if row["status"] in UNAVAILABLE:
        return "n/a"
    if row["status"] != "ok" or row.get("runs", 0) <= 0 or not is_number(row.get("median_ms")):
        return "FAIL"
    return "!" if row.get("ok") == "no" else ""


def ordered(values, order=()):
    seen = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return sorted(seen, key=lambda v: order.index(v) if v in order else len(order))


def run_label(run):
    runs = f"median of {run['runs']} timed runs" if "runs" in run else "median ms"
    return f"{run['device']} · {run['date']} · {runs}"


# ---- the plots ------------------------------------------------------------------------------

def backend_colors(backends, plt):
    palette = plt.get_cmap("tab10").colors
    others = iter(c for i, c in enumerate(palette) if i != 7)  # 7 (grey) is kept for cpu
    return {b: palette[7] if b == "cpu" else next(others, "black") for b in backends}


def draw_time_panel(ax, run, algo, backends, colors):
    from matplotlib import ticker
    rows = {(r["input"], r["backend"]): r for r in run["results"] if r["algorithm"] == algo}
    inputs = ordered(r["input"] for r in run["results"] if r["algorithm"] == algo)
    summary = {e["input"]: e for e in run["summary"] if e["algorithm"] == algo}
    peers = {name: e["peer_ms"] for name, e in summary.items() if is_number(e.get("peer_ms"))}
    times = [r["median_ms"] for r in rows.values() if cell_mark(r) in ("", "!")] + list(peers.values())
    floor = min(times) / 4 if times else 0.01
    width = 0.8 / len(backends)
    for i, name in enumerate(inputs):
        for j, backend in enumerate(backends):
            x = i - 0.4 + width * (j + 0.5)
            row = rows.get((name, backend))
            mark = cell_mark(row)
            if mark in ("", "!"):
                draw_time_bar(ax, x, width, row, floor, colors[backend], mark)
                if summary.get(name, {}).get("best_backend") == backend:
                    top = row["max_ms"] if is_number(row.get("max_ms")) else row["median_ms"]
                    ax.plot(x, top * 1.7, marker="*", color="black", markersize=7)
            else:
                draw_placeholder(ax, x, width, PLACEHOLDERS[mark], colors[backend])
        if name in peers:
            ax.hlines(peers[name], i - 0.45, i + 0.45, colors="black", linestyles="--", linewidth=1,
                      zorder=3)
    ax.set_yscale("log")
    ax.set_ylim(bottom=floor, top=max(times) * 4 if times else 1)
    ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    ax.yaxis.set_minor_formatter(ticker.NullFormatter())
    ax.set_xlim(-0.5, len(inputs) - 0.5)
    ax.set_xticks(range(len(inputs)), inputs, fontsize=8)
    ax.set_title(algo, fontsize=10)
    ax.grid(axis="y", which="major", alpha=0.3)


PLACEHOLDERS = {"skip": "skipped", "n/a": "n/a", "FAIL": "FAILED", "none": "not run"}


def draw_placeholder(ax, x, width, label, color):
    """A cell without a time: a pale hatched slot in the backend's colour, saying why."""
    ax.axvspan(x - width / 2, x + width / 2, facecolor="none", edgecolor=color, hatch="..",
               alpha=0.35, linewidth=0)
    ax.text(x, 0.5, label, transform=ax.get_xaxis_transform(), rotation=90, ha="center",
            va="center", fontsize=8, color="firebrick" if label == "FAILED" else "dimgray")


def draw_time_bar(ax, x, width, row, floor, color, mark):
    ms = row["median_ms"]
    ax.bar(x, ms - floor, width, bottom=floor, color=color, edgecolor="firebrick" if mark else color,
           hatch="//" if mark else None, linewidth=1.5 if mark else 0.5)
    if is_number(row.get("min_ms")) and is_number(row.get("max_ms")):
        ax.vlines(x, row["min_ms"], row["max_ms"], color="black", linewidth=0.8)
    if mark:
        ax.text(x, ms * 1.3, "!", ha="center", va="bottom", color="firebrick", fontweight="bold")


def footer_lines(run):
    lines = ["bars: median ms, whiskers min..max; ★ fastest backend of the cell; dashed line: best peer; "
             "! (hatched) = disagrees with cpu",
             "skipped = cpu skipped (--cpu-max-edges); n/a = backend unavailable or not applicable; "
             "FAILED = error (the JSON's detail says which); not run = no row for this backend"]
    with_peer = [e for e in run["summary"] if is_number(e.get("peer_ms"))]
    if with_peer:
        lines.append(f"best peer: {peer_devices(with_peer)}; table: {peers_origin(run)}")
    for r in run["results"]:
        if r["algorithm"] == "load":
            lines.append(f"not loaded: {r['input']} ({r['status']}: {r.get('detail', '')})")
    if run.get("command"):
        lines.append(f"command: {run['command']}")
    return lines


def margins(fig, top_in, bottom_in, left=0.07, right=0.98, hspace=0.45):
    """Leaves top_in / bottom_in inches above and below the axes (title, legend, notes)."""
    h = fig.get_figheight()
    fig.subplots_adjust(top=1 - top_in / h, bottom=bottom_in / h, left=left, right=right, hspace=hspace)


def notes_text(fig, lines):
    fig.text(0.01, 0.01, "\n".join(lines), fontsize=7, va="bottom", ha="left")


def draw_times(run, plt):
    """The time plot's figure (one panel per algorithm)."""
    algos = ordered((r["algorithm"] for r in run["results"] if r["algorithm"] != "load"), ALGORITHMS)
    backends = ordered(r["backend"] for r in run["results"] if r["algorithm"] != "load")
    cols = 2 if len(algos) > 1 else 1
    rows = max(1, math.ceil(len(algos) / cols))
    notes = footer_lines(run)
    top, bottom = 1.25, 0.55 + 0.14 * len(notes)
    fig, axes = plt.subplots(rows, cols, figsize=(6.5 * cols, 2.9 * rows + top + bottom), squeeze=False)
    colors = backend_colors(backends, plt)
    for ax, algo in zip(axes.flat, algos):
        draw_time_panel(ax, run, algo, backends, colors)
        ax.set_ylabel("ms", fontsize=8)
    for ax in list(axes.flat)[len(algos):]:
        ax.axis("off")
    if not algos:
        axes.flat[0].text(0.5, 0.5, "no algorithm ran in this record", ha="center",
                          transform=axes.flat[0].transAxes)
    handles = [plt.Rectangle((0, 0), 1, 1, color=colors[b]) for b in backends]
    handles.append(plt.Line2D([], [], color="black", linestyle="--", linewidth=1))
    fig.legend(handles, backends + ["best peer"], loc="lower center", ncol=min(len(backends) + 1, 9), fontsize=9,
               bbox_to_anchor=(0.5, 1 - (top - 0.05) / fig.get_figheight()), frameon=False)
    fig.suptitle(f"gnest-bench: median time per backend and input (ms, log scale)\n{run_label(run)}",
                 fontsize=11, y=1 - 0.08 / fig.get_figheight(), va="top")
    notes_text(fig, notes)
    margins(fig, top + 0.1, bottom)
    return fig


def peers_origin(run):
    return run.get("peers") or "as recorded in the run"


def peer_devices(entries):
    devices = ordered(e["peer_device"] for e in entries if e.get("peer_device"))
    return "; ".join(devices) if devices else "device not recorded"


def speedup_text(e):
    peer = f"{e.get('peer', 'peer')} {e['peer_ms']:.3g} ms"
    if not is_number(e.get("best_ms")) or e["best_ms"] <= 0:
        return None, f"no successful gnest result (peer: {peer})"
    s = e["peer_ms"] / e["best_ms"]
    verdict = f"{s:.2f}x faster" if s >= 1 else f"{1 / s:.2f}x slower"
    return s, f"{verdict}: {e.get('best_ran') or e.get('best_backend')} {e['best_ms']:.3g} ms vs {peer}"


def draw_speedup(run, plt):
    """The speed-up plot's figure: one bar per cell that has a peer figure."""
    from matplotlib import ticker
    with_peer = [e for e in run["summary"] if is_number(e.get("peer_ms"))]
    without = [f"{e['input']} {e['algorithm']}" for e in run["summary"] if not is_number(e.get("peer_ms"))]
    notes = []
    if without:
        notes.append("no peer figure, not plotted: " + ", ".join(without))
    if with_peer and any(e.get("peer_device", "") not in run["device"] for e in with_peer):
        notes.append("the peers ran on other hardware than this run: the ratios are indicative")
    top, bottom = 1.0, 0.75 + 0.14 * len(notes)
    fig, ax = plt.subplots(figsize=(11, 0.32 * max(1, len(with_peer)) + top + bottom))
    values = [speedup_text(e) for e in with_peer]
    drawn = [s for s, _ in values if s]
    for y, (s, text) in enumerate(values):
        if s:  # from 1 to the speed-up: right of 1 gnest is faster, left of it slower
            ax.barh(y, s - 1, left=1, color="seagreen" if s >= 1 else "indianred", height=0.6)
        ax.text(1.01, y, text, transform=ax.get_yaxis_transform(), va="center", fontsize=8,
                color="black" if s else "firebrick")
    ax.set_xscale("log")
    ax.set_xlim(min(drawn + [1]) / 1.6, max(drawn + [1]) * 1.6)
    ax.xaxis.set_major_locator(ticker.FixedLocator([f * 10.0 ** k for k in range(-4, 5) for f in (1, 2, 5)]))
    ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}x"))
    ax.xaxis.set_minor_locator(ticker.NullLocator())
    ax.axvline(1, color="black", linewidth=0.8)
    ax.set_yticks(range(len(with_peer)), [f"{e['input']} {e['algorithm']}" for e in with_peer], fontsize=8)
    ax.set_ylim(max(len(with_peer), 1) - 0.5, -0.5)
    ax.grid(axis="x", which="major", alpha=0.3)
    ax.set_xlabel("peer ms / gnest ms (log scale): right of 1, gnest's best backend is faster", fontsize=9)
    if not with_peer:
        ax.text(0.5, 0.5, "no cell of this run has a peer figure", ha="center", transform=ax.transAxes)
    faster = sum(1 for v in drawn if v >= 1)
    fig.suptitle(f"gnest-bench: speed-up of the best backend over the best peer "
                 f"(gnest faster in {faster} of {len(with_peer)} cells)\n"
                 f"run: {run_label(run)}\npeers: {peer_devices(with_peer)}; table: {peers_origin(run)}",
                 fontsize=10, y=1 - 0.08 / fig.get_figheight(), va="top")
    notes_text(fig, notes)
    margins(fig, top, bottom, left=0.13, right=0.56)
    return fig


def save(fig, out, plt):
    """Writes through a temporary file, so a failure never leaves a partial PNG."""
    tmp = out.with_name(out.name + ".tmp")
    try:
        fig.savefig(tmp, dpi=110, format="png")
        os.replace(tmp, out)
    finally:
        plt.close(fig)
        if tmp.exists():
            tmp.unlink()


# ---- command line --------------------------------------------------------------------------

def parse_args(argv):
    p = argparse.ArgumentParser(prog="plot-bench", description="Draws a gnest-bench run (its JSON) as PNGs.")
    p.add_argument("run", nargs="?", help="gnest-bench --json FILE (default: the last bench/results/*.json by name)")
    p.add_argument("--out", default=str(REPO / "docs" / "img"), help="directory of the PNGs (default docs/img)")
    p.add_argument("--peers", help="compare with this peer table (bench/peers.tsv format) instead of the run's own peers")
    p.add_argument("--gnest-bench", default=str(REPO / "bin" / "gnest-bench"), help="gnest-bench, to read --peers")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot-bench: needs matplotlib (pip install matplotlib)", file=sys.stderr)
        return 1
    try:
        path = Path(args.run) if args.run else newest_run(REPO / "bench" / "results")
        run = load_run(path)
        if args.peers:
            run = with_peers(run, *read_peer_table(args.peers, args.gnest_bench))
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        save(draw_times(run, plt), out / "times.png", plt)
        save(draw_speedup(run, plt), out / "speedup.png", plt)
    except (PlotError, OSError) as e:
        print(f"plot-bench: {e}", file=sys.stderr)
        return 1
    print(f"plot-bench: {path} -> {out / 'times.png'}, {out / 'speedup.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
