#!/usr/bin/env bash
# compute-sanitizer over gnest-cli (one process, no forking test runner in between): every
# algorithm x built device backend of the registry (`gnest-cli backends`) x every test
# configuration of that backend, on a small skewed weighted graph, a small directed graph and a
# synthetic tree. memcheck runs every configuration; the other tools run each backend's default
# (not on the device-launching backends: racecheck and synccheck do not support device launches).
# Coloring runs both methods (async, the default, and --color-method rounds, the backends' own
# loops), and on a multigraph (self-loops and parallel arcs kept): its self-loop pass.
# Each tool also runs the tree algorithms' Euler tour (--tree-method euler; it uses no backend
# loop, so on flat only) over a deep caterpillar and a random recursive tree
# (when SANITIZE_ALGOS names a tree algorithm, or by default). tc and mst run with their optional
# outputs too (--all-outputs: tc's per-vertex counts have a kernel of their own).
# Usage (GPU machine, repository root): scripts/sanitize-cli.sh [TOOLS...]   default: memcheck racecheck synccheck
# SANITIZE_BACKENDS="a b" limits the run to those backends (the per-call time limit splits it);
# SANITIZE_ALGOS="color" to those algorithms (gnest-cli command names); SANITIZE_CONFIGS=default
# gives memcheck each backend's default configuration only.
set -u
tools=${*:-memcheck racecheck synccheck}
tmp=$(mktemp -d)
bin/gnest-gen rmat --scale 11 --weights 1:64 --undirected -o "$tmp/g.gnest" 2>/dev/null
bin/gnest-gen rmat --scale 10 -o "$tmp/d.gnest" 2>/dev/null
bin/gnest-gen tree --depth 4 --out-degree 48 --sparsity 1 -o "$tmp/t.tree" 2>/dev/null
bin/gnest-gen caterpillar --n 20000 --legs 2 -o "$tmp/c.tree" 2>/dev/null
bin/gnest-gen recursive --n 20000 -o "$tmp/r.tree" 2>/dev/null
bin/gnest-gen rmat --scale 10 --undirected -o "$tmp/u.gnest" 2>/dev/null
bin/gnest-cli convert "$tmp/u.gnest" "$tmp/u.txt" >/dev/null 2>&1
{ cat "$tmp/u.txt"; awk 'BEGIN { for (i = 0; i < 1024; i += 7) print i, i }'; sed -n 2,1000p "$tmp/u.txt"; } >"$tmp/multi.txt"
algos=${SANITIZE_ALGOS:-bfs sssp bc bc-weighted color mst tc cc scc tree-descendants tree-heights}
backends=${SANITIZE_BACKENDS:-$(bin/gnest-cli backends | awk '$2 == "built" && $3 == "device" {print $1}')}
[ -n "$backends" ] || { echo "no device backend in the registry" >&2; exit 1; }
fail=0
# One sanitizer run: tool, backend, options words, algorithm, input, extra flags.
check() {
  local tool=$1 b=$2 cfg=$3 a=$4 in=$5; shift 5
  local out rc summary
  out=$(compute-sanitizer --tool "$tool" --error-exitcode 9 bin/gnest-cli "$a" "$in" --backend "$b" \
        --options "$cfg" "$@" --quiet 2>&1)
  rc=$?
  # A backend the registry does not apply to the algorithm (levelsched on a frontier algorithm)
  # refuses it with GNEST_ERR_BACKEND_NOT_APPLICABLE: nothing ran, nothing to check.
  if [ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q "backend '$b' cannot run $a"; then
    printf '%-10s %-7s %-40s %-17s not applicable\n' "$tool" "$b" "[$cfg]" "$a"
    return
  fi
  summary=$(printf '%s\n' "$out" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
  printf '%-10s %-7s %-40s %-17s %-12s rc=%d %s\n' "$tool" "$b" "[$cfg]" "$a" "$(basename "$in")" "$rc" "$summary"
  [ $rc -eq 0 ] || { fail=1; printf '%s\n' "$out" | head -n 30; }
}
for tool in $tools; do
  for b in $backends; do
    # compute-sanitizer's racecheck and synccheck do not support CUDA dynamic parallelism (they
    # say so and report it as a hazard): backends that launch from the device get memcheck only.
    if [ "$tool" != memcheck ] && bin/gnest-cli backends | awk -v b="$b" '$1 == b && $4 == "launches" {f=1} END {exit !f}'; then
      printf '%-10s %-7s not run: %s does not support device-side launches\n' "$tool" "$b" "$tool"
      continue
    fi
    configs=("default")
    if [ "$tool" = memcheck ] && [ "${SANITIZE_CONFIGS:-all}" = all ]; then
      line=$(bin/gnest-cli backends | awk -v b="$b" '$1 == b')
      eval "configs=($(printf '%s\n' "$line" | sed -n 's/.*configs: \(.*\)  summary:.*/\1/p'))"
    fi
    for cfg in "${configs[@]}"; do
      for a in $algos; do
        case $a in
          tree-*) check "$tool" "$b" "$cfg" "$a" "$tmp/t.tree" ;;
          bc|bc-weighted) check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --samples 4 ;;
          bfs|sssp) check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest"
                    check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --predecessors
                    [ "$a" = bfs ] || check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --weights double ;;
          cc|scc) check "$tool" "$b" "$cfg" "$a" "$tmp/d.gnest" ;;
          color) check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest"
                 check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --color-method rounds
                 check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --color-tie id
                 check "$tool" "$b" "$cfg" "$a" "$tmp/multi.txt" --keep-duplicates ;;
          mst) check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --all-outputs
               check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --weights double ;;
          tc) check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest"
              check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" --all-outputs ;;
          *) check "$tool" "$b" "$cfg" "$a" "$tmp/g.gnest" ;;
        esac
      done
      case " $algos " in *" bfs "*) check "$tool" "$b" "$cfg" bfs "$tmp/d.gnest" ;; esac
    done
  done
done
if printf '%s\n' $backends | grep -qx flat; then
  for tool in $tools; do
    for a in $algos; do
      case $a in
        tree-*) for t in c r; do check "$tool" flat default "$a" "$tmp/$t.tree" --tree-method euler; done ;;
      esac
    done
  done
fi
rm -rf "$tmp"
exit $fail
