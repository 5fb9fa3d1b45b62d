#!/usr/bin/env bash
# The Wu thesis experiment on gnest (the dynamic-parallelism backends): tree descendants and
# tree heights on Wu trees, and BFS on RMAT scale 16 (the thesis's Kron_log16) and 20, every
# backend side by side with gnest-cli --compare (median of 7 after a warm-up, answers checked
# against the CPU reference). Writes one JSON per cell under $OUT/logs/dp-bench and prints a table:
# input, algorithm, then per backend "ms/device launches".
#   Trees: gnest-gen tree --depth 3 (root, K children, K^2 grandchildren: 1 + K nodes with
#   children, the thesis's 513 at K = 512), K = 32..512 at sparsity 0 and K = 512 at sparsity
#   0..4; depth 4 for K = 32 and 64. A chain of 100,000 nodes (median of 3, --tree-method levels:
#   auto would take the Euler tour): the cost per level.
set -u
OUT=${OUT:-/tmp/gnest-out}
D="$OUT/logs/dp-bench"; mkdir -p "$D" /tmp/dpin
export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs:${LD_LIBRARY_PATH:-}
if [ -f devpack/pack.tar.xz ] && [ ! -x bin/gnest-cli ]; then tar -xJf devpack/pack.tar.xz || exit 1; fi
gen() { [ -f "/tmp/dpin/$1" ] || bin/gnest-gen "${@:2}" -o "/tmp/dpin/$1" >/dev/null || exit 1; }
cells=()
for k in 32 64 128 256 512; do gen "d3k${k}s0.tree" tree --depth 3 --out-degree $k --sparsity 0; cells+=("d3k${k}s0.tree"); done
for s in 1 2 3 4; do gen "d3k512s${s}.tree" tree --depth 3 --out-degree 512 --sparsity $s; cells+=("d3k512s${s}.tree"); done
for k in 32 64; do gen "d4k${k}s0.tree" tree --depth 4 --out-degree $k --sparsity 0; cells+=("d4k${k}s0.tree"); done
gen rmat16.gnest rmat --scale 16
gen rmat20.gnest rmat --scale 20
run() { # input command [runs [flags...]]
  local j="$D/$(basename "$1")-$2.json"
  timeout 300 bin/gnest-cli "$2" "/tmp/dpin/$1" --compare --runs "${3:-7}" "${@:4}" --json >"$j" 2>"$j.err"
  echo "rc=$? $1 $2" >>"$D/rc.txt"
}
for c in "${cells[@]}"; do run "$c" tree-descendants; run "$c" tree-heights; done
run rmat16.gnest bfs
run rmat20.gnest bfs
gen chain100000.tree chain --n 100000
run chain100000.tree tree-descendants 3 --tree-method levels
python3 - "$D" <<'PY'
import json, sys, glob, os
rows = []
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try: doc = json.load(open(f))
    except Exception as e: print(os.path.basename(f), "unreadable:", e); continue
    cells = []
    for r in (doc if isinstance(doc, list) else []):
        if not r.get("ran"): continue
        cells.append("%s %.3f/%s%s" % (r["backend"], r["median_ms"], r.get("device_launches", 0),
                                        "" if r.get("agrees", True) else " DISAGREES"))
    print(os.path.basename(f)[:-5], " | ".join(cells))
PY
