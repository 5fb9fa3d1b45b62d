#!/usr/bin/env bash
# Runs GPU work ONE STEP AT A TIME (persistent cooperative kernels hold every SM: concurrent GPU
# processes serialize and time out). Runs on the lent GPU machine from a copy of the repository built on the development machine
# (../shared/GPU.md): GPU test suite, compute-sanitizer (memcheck + racecheck, small sizes) and the
# benchmark suite. Logs go under $OUT (tarred), a short table is printed last.
#   usage: scripts/gpu-run.sh [tests] [matrix] [sanitize] [bench] [bench-old] [big] [scale]
#          [scale-suite] [color] [trees]
#   matrix: test_gpu_algos in parallel processes by backend group (MATRIX_GROUPS, MATRIX_FILTER,
#          MATRIX_JOBS; see the step)
#          (default: the first three; GNEST_TEST_BACKENDS=a,b limits the test matrix to backends,
#          GNEST_TEST_ALGOS=a,b to algorithms)
#   color: the coloring alone: its GPU tests on every backend (or
#   GNEST_TEST_BACKENDS), compute-sanitizer memcheck and racecheck over gnest-cli color, and the
#   suite's coloring cells (gnest-bench --algos color --runs 7).
#   big: tests/bin/test_gpu_big with GNEST_TEST_BIG=1 (more than 2^31 arcs; 9 GB host and device)
#   scale: scripts/scale-bench.sh (RMAT scale $SCALE, default 26: time, GTEPS, device bytes per arc)
#   scale-suite: gnest-bench --suite scale (rmat24, rmat26, urand26, a 4096^2 grid), auto plus
#   SCALE_BACKENDS, 3 runs, no CPU check, graphs cached in SCALE_CACHE; no input or cell starts
#   after SCALE_LIMIT seconds (gnest-bench --time-limit, default 420), so the JSON record holds
#   what ran (exit 4 when the limit stopped it); a backstop timeout kills the run at 580 s
#   trees: scripts/tree-bench.sh (chain, broom, caterpillar, random recursive and Wu trees at 1M and
#   10M nodes: auto vs cpu vs flat, both tree methods forced, and the selector's bar)
#   bench-old: devold/gnest-bench (a build of an earlier commit, copied there by hand) and
#   bin/gnest-bench on the suite's flat and lazynp cells, one after the other on the same machine.
# The build may travel as devpack/pack.tar.xz (bin, tests/bin, .devlibs, devold packed to stay
# under the carry limit): it is unpacked first.
set -u
OUT=${OUT:-/tmp/gnest-out}
mkdir -p "$OUT/logs"
export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs:${LD_LIBRARY_PATH:-}
# The data the tests and benchmark read: devdata/ travels with the tree (../shared does not).
if [ -d devdata ] && [ ! -e ../shared/data ]; then mkdir -p ../shared && ln -s "$PWD/devdata" ../shared/data; fi
if [ -f devpack/pack.tar.xz ]; then tar -xJf devpack/pack.tar.xz || exit 1; fi
steps=${*:-tests sanitize bench}
nvidia-smi -L | tee "$OUT/logs/device.txt"
summary=()
for step in $steps; do
  t0=$(date +%s)
  case $step in
    tests)
      for t in tests/bin/test_*; do
        # A bound per binary: a hang (cdp-warp under a forced tiny launch pool has hung:
        # docs/design.md) shows as rc=124 instead of eating the whole call.
        timeout "${TEST_LIMIT:-540}" "$t" --jobs 4 --short-filename >"$OUT/logs/$(basename "$t").log" 2>&1
        summary+=("$(basename "$t"): rc=$? $(tail -n 1 "$OUT/logs/$(basename "$t").log")")
      done ;;
    matrix)
      # The GPU test matrix in parallel processes, one per backend group (MATRIX_GROUPS, space-
      # separated, each a GNEST_TEST_BACKENDS list), each bounded by TEST_LIMIT; MATRIX_FILTER
      # (a Criterion extended glob, e.g. 'gpu_@(real/*|graphs/long_path)') limits the tests.
      # One process with --jobs 12 slowed every test (the GPU time-slices between processes):
      # a group runs --jobs ${MATRIX_JOBS:-3}.
      groups=${MATRIX_GROUPS:-"flat,lazynp naive-dp,hier,cdp-warp cdp-block,cdp-grid,agg lazynp-cta,lazynp-warp,freelaunch,levelsched lazynp-cpu,lazynp-cross"}
      k=0
      for g in $groups; do
        k=$((k + 1))
        GNEST_TEST_BACKENDS=$g timeout "${TEST_LIMIT:-540}" tests/bin/test_gpu_algos \
          --jobs "${MATRIX_JOBS:-3}" --verbose --short-filename ${MATRIX_FILTER:+--filter "$MATRIX_FILTER"} \
          >"$OUT/logs/matrix-$k.log" 2>&1 &
      done
      wait
      k=0
      for g in $groups; do
        k=$((k + 1))
        log="$OUT/logs/matrix-$k.log"
        unfinished=$(comm -23 <(grep -a '^\[RUN' "$log" | awk '{print $NF}' | sort) \
                              <(grep -a -E '^\[(PASS|FAIL|SKIP)' "$log" | awk '{print $2}' | sed 's/:$//' | sort) | tr '\n' ' ')
        summary+=("test_gpu_algos [$g]: $(grep -a 'Synthesis' "$log" | tail -n 1)${unfinished:+ unfinished: $unfinished}")
        grep -a -A3 'Assertion Failed' "$log" | head -n 12 | sed 's/^/    /' || true
      done ;;
    sanitize)
      # memcheck over every algorithm x device backend x registry configuration, racecheck and
      # synccheck over each backend's default, one gnest-cli process each (scripts/sanitize-cli.sh).
      scripts/sanitize-cli.sh >"$OUT/logs/sanitize-cli.log" 2>&1
      summary+=("sanitizer memcheck (all configurations) / racecheck / synccheck (gnest-cli): rc=$? $(grep -c 'rc=0' "$OUT/logs/sanitize-cli.log") clean runs, $(grep -c 'rc=[1-9]' "$OUT/logs/sanitize-cli.log") failed")
      # The whole GPU test suite under memcheck (small sizes) takes over 7 minutes with every
      # configuration: only with SANITIZE_SUITE=1, bounded by SANITIZE_LIMIT seconds.
      if [ "${SANITIZE_SUITE:-0}" = 1 ]; then
        GNEST_TEST_SMALL=1 timeout "${SANITIZE_LIMIT:-400}" compute-sanitizer --tool memcheck \
          --error-exitcode 9 --target-processes all \
          tests/bin/test_gpu_algos --jobs 4 >"$OUT/logs/sanitize-memcheck.log" 2>&1
        summary+=("sanitizer memcheck (GPU suite): rc=$?")
      fi ;;
    bench)
      bin/gnest-bench --suite bench --data devdata --runs 7 --cpu-max-edges 4000000 \
        --csv "$OUT/logs/bench.csv" --json "$OUT/logs/bench.json" >"$OUT/logs/bench.txt" 2>"$OUT/logs/bench.err"
      summary+=("bench: rc=$?") ;;
    scale-suite)
      mkdir -p "${SCALE_CACHE:-/tmp/gnest-cache}"
      timeout 580 bin/gnest-bench --suite scale --cache "${SCALE_CACHE:-/tmp/gnest-cache}" \
        --time-limit "${SCALE_LIMIT:-420}" \
        --no-cpu --runs 3 --backends "auto${SCALE_BACKENDS:+,$SCALE_BACKENDS}" \
        --csv "$OUT/logs/scale.csv" --json "$OUT/logs/scale.json" >"$OUT/logs/scale.txt" 2>"$OUT/logs/scale.err"
      summary+=("scale suite: rc=$? (4: stopped by the ${SCALE_LIMIT:-420} s limit; 124: killed at 580 s)") ;;
    big)
      GNEST_TEST_BIG=1 timeout "${TEST_LIMIT:-540}" tests/bin/test_gpu_big --short-filename \
        >"$OUT/logs/test_gpu_big.log" 2>&1
      summary+=("test_gpu_big (GNEST_TEST_BIG=1): rc=$? $(tail -n 1 "$OUT/logs/test_gpu_big.log")") ;;
    scale)
      OUT=$OUT scripts/scale-bench.sh >"$OUT/logs/scale-bench.txt" 2>&1
      summary+=("scale-bench: rc=$?")
      cat "$OUT/logs/scale-bench.txt" ;;
    color)
      GNEST_TEST_ALGOS=color timeout "${TEST_LIMIT:-540}" tests/bin/test_gpu_algos --jobs 4 \
        --short-filename >"$OUT/logs/color-test_gpu_algos.log" 2>&1
      summary+=("test_gpu_algos (GNEST_TEST_ALGOS=color): rc=$? $(tail -n 1 "$OUT/logs/color-test_gpu_algos.log")")
      timeout "${TEST_LIMIT:-540}" tests/bin/test_gpu_structure --filter 'gpu_structure/coloring*' \
        --short-filename >"$OUT/logs/color-test_gpu_structure.log" 2>&1
      summary+=("test_gpu_structure (coloring): rc=$? $(tail -n 1 "$OUT/logs/color-test_gpu_structure.log")")
      SANITIZE_ALGOS=color scripts/sanitize-cli.sh memcheck racecheck >"$OUT/logs/color-sanitize.log" 2>&1
      summary+=("sanitizer memcheck / racecheck (gnest-cli color): rc=$? $(grep -c 'rc=0' "$OUT/logs/color-sanitize.log") clean runs, $(grep -c 'rc=[1-9]' "$OUT/logs/color-sanitize.log") failed")
      bin/gnest-bench --suite bench --data devdata --algos color --runs 7 --cpu-max-edges 4000000 \
        --csv "$OUT/logs/bench-color.csv" --json "$OUT/logs/bench-color.json" \
        >"$OUT/logs/bench-color.txt" 2>"$OUT/logs/bench-color.err"
      summary+=("bench (color): rc=$?")
      cat "$OUT/logs/bench-color.txt" ;;
    trees)
      OUT=$OUT scripts/tree-bench.sh >"$OUT/logs/tree-bench.txt" 2>&1
      summary+=("tree-bench: rc=$? $(grep '^bar: ' "$OUT/logs/tree-bench.txt" | tail -n 1)")
      grep -A 40 '^bar: auto' "$OUT/logs/tree-bench.txt" ;;
    bench-old)
      for which in devold bin; do
        "$which/gnest-bench" --suite bench --data devdata --runs 7 --no-cpu --backends flat,lazynp \
          >"$OUT/logs/bench-$which.txt" 2>"$OUT/logs/bench-$which.err"
        summary+=("bench ($which/gnest-bench): rc=$?")
      done ;;
  esac
  summary+=("  ($step took $(( $(date +%s) - t0 )) s)")
done
tar -C "$OUT" -czf "$OUT/logs.tgz" logs && rm -rf "$OUT/logs"
[ -f "$OUT/logs.tgz" ] && tar -xzf "$OUT/logs.tgz" -O logs/bench.txt 2>/dev/null | tail -n 40
printf '%s\n' "${summary[@]}"
