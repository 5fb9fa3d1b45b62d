#!/usr/bin/env bash
# Trees of every shape at 1M and 10M nodes: auto vs cpu vs flat for tree descendants and
# heights, then the selector's bar: auto at least as fast as the cpu on every shape, and at
# least 5x faster on the 10M-node chain. Then each method forced on flat (tree_method=euler on
# every tree, tree_method=levels on the shallow ones: by levels a 10M chain would take about 36 s a
# run) to calibrate the rule of tree_method=auto (src/algos/tree_method.c). Every GPU result is
# checked against the CPU reference by gnest-bench.
#   usage: scripts/tree-bench.sh         (OUT=/tmp/gnest-out RUNS=5 CPU_RUNS=3 SIZES="1000000 10000000")
# Writes $OUT/logs/trees-*.{txt,csv,json}; prints the tables and the bar lines. Exit status 0 when
# every cell ran and agreed and the bar holds, 1 otherwise.
set -u
OUT=${OUT:-/tmp/gnest-out}
RUNS=${RUNS:-5}
CPU_RUNS=${CPU_RUNS:-3}
SIZES=${SIZES:-1000000 10000000}
mkdir -p "$OUT/logs"
log=$OUT/logs/trees

# Wu trees of depth 4 near each size: 1 + K + K^2 + K^3 nodes (K = 100: 1.01M; K = 215: 10.0M).
wu_degree() { [ "$1" -ge 10000000 ] && echo 215 || echo 100; }
deep=() shallow=()
for n in $SIZES; do
  deep+=(--gen "chain:$n" --gen "broom:$n" --gen "caterpillar:$n")
  shallow+=(--gen "recursive:$n" --gen "tree:4:$(wu_degree "$n"):0")
done

bench() { # NAME ARGS...: one gnest-bench run, its table on stdout
  local name=$1
  shift
  bin/gnest-bench --algos tree-descendants,tree-heights --runs "$RUNS" --cpu-runs "$CPU_RUNS" \
    --quiet --csv "$log-$name.csv" --json "$log-$name.json" "$@" >"$log-$name.txt" 2>"$log-$name.err"
  local rc=$?
  echo "== $name (rc=$rc): bin/gnest-bench $*"
  cat "$log-$name.txt"
  return $rc
}

status=0
bench shapes --backends cpu,auto,flat "${deep[@]}" "${shallow[@]}" || status=1
bench euler --backends cpu,flat --options tree_method=euler "${deep[@]}" "${shallow[@]}" || status=1
bench levels --backends cpu,flat --options tree_method=levels "${shallow[@]}" || status=1

# The bar, from the first run's CSV: auto's median over the cpu's per (input, algorithm).
python3 - "$log-shapes.csv" <<'EOF' || status=1
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("algorithm", "").startswith("tree-")]
cells = {}
for r in rows:
    cells.setdefault((r["input"], r["algorithm"]), {})[r["backend"]] = r
ok = True
print("bar: auto at least as fast as cpu on every shape; >= 5x on the 10M-node chain")
for (inp, algo), by in cells.items():
    cpu, auto = by.get("cpu"), by.get("auto")
    if not cpu or not auto or not cpu["median_ms"] or not auto["median_ms"]:
        print(f"  {inp:22} {algo:17} MISSING (cpu or auto did not run)")
        ok = False
        continue
    speedup = float(cpu["median_ms"]) / float(auto["median_ms"])
    need = 5.0 if inp == "chain10000000" else 1.0
    # auto choosing the cpu runs the same code as the cpu row: only noise between them
    same_code = auto["ran"] == "cpu" and need == 1.0
    good = (speedup >= need or same_code) and auto["ok"] == "yes"
    ok &= good
    verdict = "PASS" if good else "FAIL"
    if same_code:
        verdict += " (auto ran the cpu)"
    print(f"  {inp:22} {algo:17} cpu {float(cpu['median_ms']):9.3f} ms  auto ({auto['ran']}, "
          f"{auto['iterations']} passes) {float(auto['median_ms']):9.3f} ms  {speedup:7.2f}x "
          f"(need {need:g}x, agrees: {auto['ok']})  {verdict}")
print("bar:", "met" if ok else "NOT met")
sys.exit(0 if ok else 1)
EOF
exit $status
