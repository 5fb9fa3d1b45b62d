#!/usr/bin/env bash
# RMAT at scale (default scale 26, edge factor 16, undirected: about 2.1 billion arcs) on one GPU.
# Generates the graph once into a binary CSR cache (weights 1-64, the benchmark's), then runs each
# algorithm in its own gnest-cli process on it (auto backend, one source for BC) and prints, per
# algorithm: time, edges visited, GTEPS (edges visited per second / 1e9), the most device memory
# gnest held and that per arc, host peak memory, the load time, and what the one (cold) call
# spent before its timed part (setup: upload, first-use copies) and in all (call).
#   usage: scripts/scale-bench.sh            (SCALE=26 CACHE=/tmp/gnest-scale BACKEND=auto
#                                             ALGOS="bfs sssp bc tc color mst" CHECK=bfs
#                                             TIMEOUT=300: seconds per gnest-cli run)
# CHECK lists the algorithms also run with --compare (CHECK= runs none), which checks every backend against the CPU
# reference (BFS: about 2 billion arc visits on one core, well under --reference-limit).
# Needs about 60 GB of host memory at scale 26 (generation peaks at about 27 bytes per arc,
# measured at scale 22) and about 17 GB of disk in CACHE.
set -u
SCALE=${SCALE:-26}
CACHE=${CACHE:-/tmp/gnest-scale}
BACKEND=${BACKEND:-auto}
ALGOS=${ALGOS:-bfs sssp bc tc color mst}
CHECK=${CHECK-bfs}
TIMEOUT=${TIMEOUT:-300}
OUT=${OUT:-/tmp/gnest-out}
mkdir -p "$CACHE" "$OUT/logs"
graph=$CACHE/rmat$SCALE.gnest
log=$OUT/logs/scale$SCALE

# Host peak memory from /usr/bin/time -v where the machine has it ("0" otherwise).
TIMEV=(/usr/bin/time -v)
[ -x /usr/bin/time ] || TIMEV=()
peak_kb() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1"; }

if [ ! -f "$graph" ]; then
  "${TIMEV[@]}" bin/gnest-gen rmat --scale "$SCALE" --undirected --weights 1:64 -o "$graph" \
    >"$log-gen.txt" 2>&1 || { echo "gnest-gen failed:"; tail -n 5 "$log-gen.txt"; exit 1; }
  echo "generated: $(grep '^gnest-gen:' "$log-gen.txt"); host peak $(( $(peak_kb "$log-gen.txt") / 1048576 )) GiB"
fi

printf '%-6s %10s %14s %7s %10s %9s %9s %9s %9s %9s\n' algo ms edges GTEPS "dev MiB" "B/arc" "host GiB" \
  "load ms" "setup ms" "call ms"
for algo in $ALGOS; do
  extra=()
  # BC from BFS's source (the highest out-degree vertex; vertex 0 may be isolated)
  src=$(sed -n 's/.*"source": *\([0-9]*\).*/\1/p' "$log-bfs.json" 2>/dev/null | head -n 1)
  [ "$algo" = bc ] && extra=(--source "${src:-0}")
  "${TIMEV[@]}" timeout "$TIMEOUT" bin/gnest-cli "$algo" "$graph" --backend "$BACKEND" --json "${extra[@]}" \
    >"$log-$algo.json" 2>"$log-$algo.err"
  rc=$?
  if [ $rc -ne 0 ]; then
    [ $rc -eq 124 ] && { printf '%-6s did not finish in %d s\n' "$algo" "$TIMEOUT"; continue; }
    printf '%-6s failed (rc=%d): %s\n' "$algo" $rc "$(grep -m1 'gnest-cli' "$log-$algo.err")"
    continue
  fi
  python3 - "$log-$algo.json" "$(peak_kb "$log-$algo.err")" "$algo" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
arcs = d["graph"]["m"]
ms, edges, dev = d["time_ms"], d["edges_visited"], d.get("device_bytes", 0)
per_arc = f"{dev / arcs:.1f}" if arcs else "-"
print(f"{sys.argv[3]:<6} {ms:10.2f} {edges:14d} {edges / ms / 1e6:7.2f} {dev / 2**20:10.0f} "
      f"{per_arc:>9} {int(sys.argv[2]) / 2**20:9.1f} {d.get('load_ms', 0):9.0f} "
      f"{d.get('setup_ms', 0):9.1f} {d.get('call_ms', 0):9.1f}")
EOF
done

for algo in $CHECK; do
  timeout "$TIMEOUT" bin/gnest-cli "$algo" "$graph" --compare --runs 3 >"$log-$algo-compare.txt" 2>&1
  echo "$algo --compare: rc=$? (0: every backend agrees with the CPU reference; table in logs)"
done
