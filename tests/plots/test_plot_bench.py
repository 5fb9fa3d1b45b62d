"""scripts/plot-bench.py: PNGs from a gnest-bench record, cells that did not run shown as such,
cells without a peer left out with a note, the device in every title, clear errors for records
that are not gnest-bench's. Run by `make test` (needs matplotlib and pytest)."""
import importlib.util
import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.image  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "plot-bench.py"
FIXTURE = Path(__file__).with_name("fixture.json")
GNEST_BENCH = REPO / "bin" / "gnest-bench"
DEVICE = "Fixture GPU (device 0, sm_90)"

spec = importlib.util.spec_from_file_location("plot_bench", SCRIPT)
plot_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot_bench)


def png_size(path):
    """(width, height) from a PNG's IHDR; fails unless the file is a PNG that decodes."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    pixels = matplotlib.image.imread(path)  # decodes every chunk
    assert pixels.shape[:2] == (height, width)
    return width, height


def texts(fig):
    """Every text drawn in the figure: titles, labels, tick labels, notes."""
    found = [t.get_text() for t in fig.findobj(matplotlib.text.Text)]
    return "\n".join(found)


def fixture_run():
    return plot_bench.load_run(FIXTURE)


def test_fixture_gives_two_valid_pngs(tmp_path, capsys):
    assert plot_bench.main([str(FIXTURE), "--out", str(tmp_path / "plots")]) == 0
    for name in ("times.png", "speedup.png"):
        width, height = png_size(tmp_path / "plots" / name)
        assert width > 600 and height > 200
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == ["speedup.png", "times.png"]
    assert "times.png" in capsys.readouterr().out


def test_every_title_names_the_device_and_date():
    run = fixture_run()
    for draw in (plot_bench.draw_times, plot_bench.draw_speedup):
        fig = draw(run, plt)
        title = fig._suptitle.get_text()
        assert DEVICE in title and "2026-11-23T12:00:00Z" in title, title
        plt.close(fig)


def test_cells_without_a_time_are_shown_as_such():
    fig = plot_bench.draw_times(fixture_run(), plt)
    panels = {ax.get_title(): texts(ax) for ax in fig.axes if ax.get_title()}
    assert set(panels) == {"bfs", "sssp", "color", "tree-heights"}
    assert "!" in panels["bfs"]                      # lazynp disagrees with cpu on g1
    assert panels["bfs"].count("n/a") == 2           # naive-dp unavailable, lazynp without device
    assert "not run" in panels["bfs"]                # g2 has no naive-dp row
    assert "skipped" in panels["sssp"] and "FAILED" in panels["sssp"]
    assert panels["color"].count("FAILED") == 2      # no backend succeeded on g3
    notes = texts(fig)
    assert "not loaded: broken (malformed input file: broken.mtx:3: expected a column index" in notes
    plt.close(fig)


def test_speedup_draws_cells_with_a_peer_and_lists_the_others():
    fig = plot_bench.draw_speedup(fixture_run(), plt)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["g1 bfs", "g1 sssp", "g3 color"]
    bars = sorted(round(p.get_width() + p.get_x(), 6) for p in ax.patches)
    assert bars == [0.5, 2.0]                        # peer 1.5 / gnest 3; peer 4 / gnest 2
    drawn = texts(fig)
    assert "2.00x faster: flat 2 ms vs Peer A 4 ms" in drawn
    assert "2.00x slower: lazynp 3 ms" in drawn
    assert "no successful gnest result (peer: Peer C 5 ms)" in drawn
    assert "no peer figure, not plotted: g2 bfs, t1 tree-heights" in drawn
    assert "gnest faster in 1 of 3 cells" in fig._suptitle.get_text()
    plt.close(fig)


def test_no_peer_at_all_still_gives_the_speedup_png(tmp_path):
    run = json.loads(FIXTURE.read_text())
    for entry in run["summary"]:
        entry.pop("peer_ms", None)
    record = tmp_path / "run.json"
    record.write_text(json.dumps(run))
    assert plot_bench.main([str(record), "--out", str(tmp_path)]) == 0
    png_size(tmp_path / "speedup.png")
    fig = plot_bench.draw_speedup(plot_bench.load_run(record), plt)
    assert "no cell of this run has a peer figure" in texts(fig)
    plt.close(fig)


@pytest.mark.parametrize("content, message", [
    ('{"tool": "gnest-cli", "results": []}',
     '{f} is not a gnest-bench JSON record (expected "tool": "gnest-bench", found "gnest-cli")'),
    ('{"results": []}', '{f} is not a gnest-bench JSON record (expected "tool": "gnest-bench", it has no "tool")'),
    ("[1, 2]", "{f} is not a gnest-bench JSON record (its top level is not an object)"),
    ('{"tool": "gnest-bench",\n "device": }', "{f}:2: not JSON (Expecting value, column 12): not a gnest-bench JSON record"),
    ('{"tool": "gnest-bench", "device": "d", "date": "x", "summary": []}', '{f}: expected "results" (a list)'),
    ('{"tool": "gnest-bench", "device": "d", "date": "x", "summary": [], "results": [{"input": "a"}]}',
     '{f}: results[0]: expected "algorithm" (a string)'),
])
def test_a_record_that_is_not_gnest_benchs_is_an_error(tmp_path, capsys, content, message):
    record = tmp_path / "other.json"
    record.write_text(content)
    out = tmp_path / "out"
    assert plot_bench.main([str(record), "--out", str(out)]) == 1
    assert capsys.readouterr().err == "plot-bench: " + message.format(f=record) + "\n"
    assert not out.exists() or not any(out.iterdir()), "no PNG for a bad record"


def test_missing_record_is_an_error(tmp_path, capsys):
    assert plot_bench.main([str(tmp_path / "absent.json"), "--out", str(tmp_path)]) == 1
    assert "plot-bench: cannot read " in capsys.readouterr().err


def test_default_record_is_the_last_suite_record_by_name(tmp_path):
    for name in ("2026-11-22-1000-suite.json", "2026-11-22-1200-suite.json", "2026-11-22-scale.json",
                 "README.txt"):
        (tmp_path / name).write_text("{}")
    assert plot_bench.newest_run(tmp_path).name == "2026-11-22-1200-suite.json"
    with pytest.raises(plot_bench.PlotError, match="no run given and no \\*-suite.json under"):
        plot_bench.newest_run(tmp_path / "empty")


needs_bench = pytest.mark.skipif(not GNEST_BENCH.exists(), reason="bin/gnest-bench is not built (run make)")
PEERS_HEADER = "input\talgorithm\tms\tpeer\ttimer\tdevice\tdate\tsource\tnote\n"


@needs_bench
def test_a_real_gnest_bench_record_plots(tmp_path):
    """gnest-bench's own JSON (cpu and flat: flat is n/a without a GPU) with a peer from --peers."""
    table = tmp_path / "peers.tsv"
    table.write_text(PEERS_HEADER + "rmat5\tbfs\t0.001\tPeer R\tCUDA events\tNVIDIA H200\t2026-11-23\tt\n")
    record = tmp_path / "run.json"
    subprocess.run([str(GNEST_BENCH), "--gen", "rmat:5", "--algos", "bfs,sssp", "--backends", "cpu,flat",
                    "--runs", "1", "--peers", str(table), "--json", str(record), "--quiet"],
                   check=True, capture_output=True)
    run = plot_bench.load_run(record)
    fig = plot_bench.draw_times(run, plt)
    flat = next(r for r in run["results"] if r["backend"] == "flat")
    if flat["status"] != "ok":  # no GPU here: the library's status must read as unavailable
        assert sum(texts(ax).count("n/a") for ax in fig.axes) == 2, flat["status"]
    plt.close(fig)
    fig = plot_bench.draw_speedup(run, plt)
    assert "vs Peer R 0.001 ms" in texts(fig)
    assert "no peer figure, not plotted: rmat5 sssp" in texts(fig)
    plt.close(fig)
    assert plot_bench.main([str(record), "--out", str(tmp_path / "plots")]) == 0
    png_size(tmp_path / "plots" / "times.png")


@needs_bench
def test_peers_option_replaces_the_recorded_peers(tmp_path):
    table = tmp_path / "new.tsv"
    table.write_text(PEERS_HEADER + "g1\tbfs\t1.0\tPeer New\twall clock\tOther GPU\t2026-11-24\tt\tn\n")
    run = plot_bench.with_peers(fixture_run(), *plot_bench.read_peer_table(table, GNEST_BENCH))
    fig = plot_bench.draw_speedup(run, plt)
    drawn = texts(fig)
    assert "2.00x slower: flat 2 ms vs Peer New 1 ms" in drawn
    assert "Peer A" not in drawn and "Peer B" not in drawn        # the recorded peers are gone
    assert f"table: {table}, given with --peers" in fig._suptitle.get_text()
    assert "the peers ran on other hardware than this run" in drawn
    plt.close(fig)


@needs_bench
def test_peers_option_reports_a_malformed_table(tmp_path, capsys):
    table = tmp_path / "bad.tsv"
    table.write_text(PEERS_HEADER + "g1\tbfs\tsoon\tP\tT\tD\t2026-11-24\tt\n")
    out = tmp_path / "out"
    assert plot_bench.main([str(FIXTURE), "--out", str(out), "--peers", str(table),
                            "--gnest-bench", str(GNEST_BENCH)]) == 1
    assert capsys.readouterr().err == (f"plot-bench: gnest-bench: {table}:2: field 3 (ms): expected a "
                                       "positive number of milliseconds, found 'soon'\n")
    assert not out.exists()


def test_script_runs_as_a_command(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), str(FIXTURE), "--out", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    png_size(tmp_path / "speedup.png")
