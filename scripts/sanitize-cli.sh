#!/usr/bin/env bash
# compute-sanitizer over gnest-cli (one process, no forking test runner in between): every
# algorithm x built device backend of the registry (`gnest-cli backends`) on a small skewed
# weighted graph and a synthetic tree.
# Usage (GPU machine, repository root): scripts/sanitize-cli.sh [TOOLS...]   default: memcheck racecheck synccheck
set -u
tools=${*:-memcheck racecheck synccheck}
tmp=$(mktemp -d)
bin/gnest-gen rmat --scale 11 --weights 1:64 --undirected -o "$tmp/g.gnest" 2>/dev/null
bin/gnest-gen rmat --scale 10 -o "$tmp/d.gnest" 2>/dev/null
bin/gnest-gen tree --depth 4 --out-degree 48 --sparsity 1 -o "$tmp/t.tree" 2>/dev/null
backends=$(bin/gnest-cli backends | awk '$2 == "built" && $3 == "device" {print $1}')
[ -n "$backends" ] || { echo "no device backend in the registry" >&2; exit 1; }
fail=0
for tool in $tools; do
  for b in $backends; do
    for a in bfs sssp bc color mst tc tree-descendants tree-heights; do
      in="$tmp/g.gnest"; extra=""
      case $a in tree-*) in="$tmp/t.tree" ;; bc) extra="--samples 4" ;; esac
      out=$(compute-sanitizer --tool "$tool" --error-exitcode 9 bin/gnest-cli "$a" "$in" --backend "$b" $extra --quiet 2>&1)
      rc=$?
      summary=$(printf '%s\n' "$out" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
      printf '%-10s %-7s %-17s rc=%d %s\n' "$tool" "$b" "$a" "$rc" "$summary"
      [ $rc -eq 0 ] || { fail=1; printf '%s\n' "$out" | head -n 30; }
    done
    out=$(compute-sanitizer --tool "$tool" --error-exitcode 9 bin/gnest-cli bfs "$tmp/d.gnest" --backend "$b" --quiet 2>&1)
    printf '%-10s %-7s %-17s rc=%d\n' "$tool" "$b" "bfs (directed)" "$?"
  done
done
rm -rf "$tmp"
exit $fail
