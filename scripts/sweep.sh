#!/usr/bin/env bash
# Option sweep on rmat20 over every built GPU backend (gnest-bench's default list, from the
# registry): one gnest-bench process per setting, each setting a gnest_options_parse text.
# Usage: scripts/sweep.sh OUTDIR [SETTING...]
#   default settings: "threshold=16" "threshold=32" "threshold=64" "threshold=256" "wboost=1" "schedule=static"
set -u
out=${1:-/tmp}
shift || true
[ $# -gt 0 ] || set -- "threshold=16" "threshold=32" "threshold=64" "threshold=256" "wboost=1" "schedule=static"
for setting in "$@"; do
  tag=$(echo "$setting" | tr -c 'a-zA-Z0-9\n' '_')
  bin/gnest-bench --gen rmat:20 --algos bfs,sssp,bc,color,tc --no-cpu --runs 5 --options "$setting" \
    --csv "$out/sweep-$tag.csv" >/dev/null 2>&1
  printf '%-22s ' "$setting"; awk -F, 'NR>1 {printf "%s/%s %.3f  ", $2, $3, $8}' "$out/sweep-$tag.csv"; echo
done
