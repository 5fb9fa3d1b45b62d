#!/usr/bin/env bash
# lazynp parameter sweep on rmat20 (threshold, w-boost, warp granularity is not exposed by
# gnest-bench): one gnest-bench process per setting. Usage: scripts/sweep.sh OUTDIR
set -u
out=${1:-/tmp}
for args in "--threshold 16" "--threshold 32" "--threshold 64" "--threshold 256" "--threshold 32 --wboost" "--schedule static"; do
  tag=$(echo "$args" | tr -d ' -')
  bin/gnest-bench --gen rmat:20 --algos bfs,sssp,bc,color,tc --backends flat,lazynp --no-cpu --runs 5 $args \
    --csv "$out/sweep-$tag.csv" >/dev/null 2>&1
  printf '%-22s ' "$args"; awk -F, 'NR>1 {printf "%s/%s %.3f  ", $2, $3, $8}' "$out/sweep-$tag.csv"; echo
done
