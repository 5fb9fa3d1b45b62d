#!/usr/bin/env bash
# The benchmarks of the last two seed techniques (issue 10), on the GPU machine, from the repository
# root (scripts/gpu-run.sh fl-bench runs it): gnest-bench processes (median of 7 timed runs after a
# warm-up, every result checked against the cpu reference), their JSON under $OUT/logs/fl-bench,
# and two tables on stdout.
#
# 1. Free Launch: BFS on rmat20 (scale 20, symmetrized) and cnr-2000, tree descendants on the Wu
#    trees of scripts/dp-bench.sh (depth 3, K = 32..512 at sparsity 0, K = 512 at sparsity 1..4;
#    depth 4, K = 32 and 64): freelaunch forced to T1, T2, T3, T4 and with the rule's pick (the mode
#    it chose from gnest_info.reason), against naive-dp, the best of cdp-warp / cdp-block /
#    cdp-grid, flat and lazynp. Bars: the pick within 1.2x of the best mode on every input; Free
#    Launch (the pick) faster than naive-dp everywhere.
# 2. The static level scheduler: tree descendants and heights by levels on a 100,000-node chain, a broom
#    (handle 100,000, 100,000 bristles), a caterpillar (spine 100,000, 7 legs), the Wu trees 4-128-0
#    and 4-32-0, a random recursive tree of 1,000,000 nodes, and BC (one source) on USA-road-FLA:
#    flat (a grid barrier a level) against levelsched: time, grid barriers, barriers saved, cost per
#    level. Bar: on the chain, levelsched's cost per level at least 10x below flat's.
# RUNS (default 7) sets the timed runs per cell; DATA (default devdata) holds cnr-2000.mtx.xz and USA-road-FLA.mtx.xz.
set -u
OUT=${OUT:-/tmp/gnest-out}
DATA=${DATA:-devdata}
D="$OUT/logs/fl-bench"; IN=/tmp/flin
mkdir -p "$D" "$IN"
export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs:${LD_LIBRARY_PATH:-}
if [ -f devpack/pack.tar.xz ] && [ ! -x bin/gnest-bench ]; then tar -xJf devpack/pack.tar.xz || exit 1; fi
gen() { [ -f "$IN/$1" ] || bin/gnest-gen "${@:2}" -o "$IN/$1" >/dev/null 2>&1 || { echo "gnest-gen $*" >&2; exit 1; }; }
gen rmat20.gnest rmat --scale 20 --undirected
gen chain100000.tree chain --n 100000
gen broom100000.tree broom --n 200000 --handle 100000
gen caterpillar100000.tree caterpillar --n 800000 --legs 7
gen recursive1000000.tree recursive --n 1000000
trees=()
for k in 32 64 128 256 512; do trees+=(--gen "tree:3:$k:0"); done
for s in 1 2 3 4; do trees+=(--gen "tree:3:512:$s"); done
trees+=(--gen tree:4:32:0 --gen tree:4:64:0)
bench() { # name, gnest-bench arguments...
  timeout 540 bin/gnest-bench --runs "${RUNS:-7}" --cpu-runs 1 --quiet --json "$D/$1.json" "${@:2}" \
    >"$D/$1.txt" 2>"$D/$1.err"
  echo "rc=$? $1" >>"$D/rc.txt"
}
fl_inputs=(--graph "$IN/rmat20.gnest" --graph "$DATA/cnr-2000.mtx.xz" "${trees[@]}" --algos bfs,tree-descendants)
bench fl-others "${fl_inputs[@]}" --backends cpu,naive-dp,cdp-warp,cdp-block,cdp-grid,flat,lazynp,freelaunch
for m in t1 t2 t3 t4; do bench "fl-$m" "${fl_inputs[@]}" --backends cpu,freelaunch --options "freelaunch_mode=$m"; done
# By levels (tree_method=levels): on these deep trees auto would take the Euler tour on both
# backends, which runs no level loop (README.md, "Tree methods").
bench levelsched --graph "$IN/chain100000.tree" --graph "$IN/broom100000.tree" \
  --graph "$IN/caterpillar100000.tree" --gen tree:4:128:0 --gen tree:4:32:0 --graph "$IN/recursive1000000.tree" \
  --graph "$DATA/USA-road-FLA.mtx.xz" --algos tree-descendants,tree-heights,bc --backends cpu,flat,levelsched \
  --options tree_method=levels
cat "$D/rc.txt"
python3 - "$D" <<'PY'
import json, os, re, sys
d = sys.argv[1]
def rows(name):
    try: doc = json.load(open(os.path.join(d, name + ".json")))
    except Exception as e: print(f"{name}: unreadable ({e})"); return []
    return [r for r in doc.get("results", []) if r.get("algorithm") != "load"]
def ms(r): return r["median_ms"] if r.get("runs", 0) > 0 and r.get("ok") in ("yes", "ref") else None
def fmt(x): return "-" if x is None else ("%.4g" % x)
cells = {}
def put(key, col, r):
    cells.setdefault(key, {})[col] = r
for r in rows("fl-others"):
    put((r["input"], r["algorithm"]), r["backend"] if r["backend"] != "freelaunch" else "pick", r)
for m in ("t1", "t2", "t3", "t4"):
    for r in rows("fl-" + m):
        if r["backend"] == "freelaunch": put((r["input"], r["algorithm"]), m.upper(), r)
print("\n## Free Launch (median ms; 'pick' = the rule's choice)\n")
print("| input | algorithm | T1 | T2 | T3 | T4 | pick | pick / best mode | naive-dp | best cdp | flat | lazynp | naive-dp / pick |")
print("|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|")
bar_pick = bar_dp = True
for (inp, algo), c in cells.items():
    modes = {m: ms(c[m]) for m in ("T1", "T2", "T3", "T4") if m in c}
    best = min([v for v in modes.values() if v is not None], default=None)
    pick = c.get("pick")
    pick_ms = ms(pick) if pick else None
    mode = re.search(r"free launch (T[1-4])", pick.get("reason", "")) if pick else None
    cdp = [(ms(c[b]), b) for b in ("cdp-warp", "cdp-block", "cdp-grid") if b in c and ms(c[b]) is not None]
    best_cdp = min(cdp) if cdp else (None, "-")
    dp = ms(c["naive-dp"]) if "naive-dp" in c else None
    ratio = pick_ms / best if pick_ms and best else None
    vs_dp = dp / pick_ms if dp and pick_ms else None
    bar_pick &= ratio is not None and ratio <= 1.2
    bar_dp &= vs_dp is not None and vs_dp > 1.0
    print(f"| {inp} | {algo} | " + " | ".join(fmt(modes.get(m)) for m in ("T1", "T2", "T3", "T4")) +
          f" | {fmt(pick_ms)} ({mode.group(1) if mode else '?'}) | {fmt(ratio)} | {fmt(dp)} | "
          f"{fmt(best_cdp[0])} ({best_cdp[1]}) | {fmt(ms(c['flat']) if 'flat' in c else None)} | "
          f"{fmt(ms(c['lazynp']) if 'lazynp' in c else None)} | {fmt(vs_dp)} |")
print(f"\nbar: the pick within 1.2x of the best mode everywhere: {'yes' if bar_pick else 'NO'}; "
      f"faster than naive-dp everywhere: {'yes' if bar_dp else 'NO'}")
print("\n## Static level scheduler (median ms; barriers = grid-wide barriers of the call)\n")
print("| input | algorithm | levels | flat ms | flat barriers | levelsched ms | barriers | saved | flat / levelsched | flat us/level | levelsched us/level | per-level ratio |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
ls = {}
for r in rows("levelsched"): ls.setdefault((r["input"], r["algorithm"]), {})[r["backend"]] = r
for (inp, algo), c in ls.items():
    f, l = c.get("flat"), c.get("levelsched")
    if not f or not l: continue
    fm, lm = ms(f), ms(l)
    # Trees: one level a node depth (iterations); BC: flat syncs after every forward and backward level.
    levels = f.get("iterations", 0) if algo != "bc" else f.get("grid_barriers", 0) // 2
    fpl = fm * 1e3 / levels if fm and levels else None
    lpl = lm * 1e3 / levels if lm and levels else None
    print(f"| {inp} | {algo} | {levels} | {fmt(fm)} | {f.get('grid_barriers', '-')} | {fmt(lm)} | "
          f"{l.get('grid_barriers', '-')} | {l.get('barriers_saved', '-')} | "
          f"{fmt(fm / lm if fm and lm else None)} | {fmt(fpl)} | {fmt(lpl)} | "
          f"{fmt(fpl / lpl if fpl and lpl else None)} |")
PY
