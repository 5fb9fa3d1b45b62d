#!/usr/bin/env bash
# Loader fuzzing (see README.md here). Run from the repository root after `make fuzz`.
#   tests/fuzz/run.sh replay [TARGET...]      every corpus input once through its target (make test)
#   tests/fuzz/run.sh fuzz TARGET SECONDS [RUNS]  fuzz TARGET (at most RUNS executions), one process,
#                                             niced, growing a work corpus in build/fuzz-work/TARGET
#                                             (seeded from the committed corpus)
#   tests/fuzz/run.sh merge TARGET            adds the work corpus's new coverage to the committed one
# The settings of every run (input size, per-input time and memory limits) are here, once.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

TARGETS=(mtx dimacs edgelist tree binary gzip xz)
BIN=${FUZZ_BIN:-tests/fuzz/bin} # the Makefile's FUZZ_BIN: tests/fuzz/bin-cc without clang
CORPUS=tests/fuzz/corpus
WORK=build/fuzz-work

# Largest input per target: text large enough for a few hundred edges; compressed inputs kept
# small because gzip expands up to ~1000x and xz more.
max_len() {
  case "$1" in
    gzip) echo 8192 ;;
    *) echo 4096 ;;
  esac
}
# Findings: a resident set over 1 GB, one allocation over 2 GB (a declared size the file cannot
# hold), an input running over 10 s (a hang). The allocation limit is above 1.5 GiB because
# liblzma allocates an xz header's dictionary (at most 1.5 GiB) up front: see README.md.
LIMITS=(-rss_limit_mb=1024 -malloc_limit_mb=2048 -timeout=10)

libfuzzer() { "$BIN/fuzz_$1" -help=1 2>&1 | grep libFuzzer >/dev/null; } # all read: no SIGPIPE

replay() {
  local t=$1 files log
  files=("$CORPUS/$t"/*)
  log=$(mktemp)
  if libfuzzer "$t"; then
    "$BIN/fuzz_$t" "${LIMITS[@]}" "${files[@]}" >"$log" 2>&1 || { tail -40 "$log"; rm -f "$log"; return 1; }
    echo "fuzz replay $t: ${#files[@]} inputs, libFuzzer with ASan+UBSan"
  else
    "$BIN/fuzz_$t" "${files[@]}" >"$log" 2>&1 || { tail -40 "$log"; rm -f "$log"; return 1; }
    echo "fuzz replay $t: ${#files[@]} inputs, without sanitizers (no clang: see tests/fuzz/README.md)"
  fi
  rm -f "$log"
}

case "${1:-}" in
  replay)
    shift
    for t in "${@:-${TARGETS[@]}}"; do replay "$t"; done
    ;;
  fuzz)
    t=$2 seconds=$3 runs=${4:--1}
    libfuzzer "$t" || { echo "error: $BIN/fuzz_$t is not a libFuzzer build (make fuzz needs clang)" >&2; exit 1; }
    mkdir -p "$WORK/$t" "$WORK/artifacts/$t"
    nice -n 19 "$BIN/fuzz_$t" "${LIMITS[@]}" -max_len="$(max_len "$t")" -max_total_time="$seconds" -runs="$runs" \
      -print_final_stats=1 -artifact_prefix="$WORK/artifacts/$t/" "$WORK/$t" "$CORPUS/$t"
    ;;
  merge)
    t=$2
    # edges, not hit counts: keeps the committed corpus small (a tenth) for the same code reached
    nice -n 19 "$BIN/fuzz_$t" "${LIMITS[@]}" -max_len="$(max_len "$t")" -use_counters=0 -merge=1 \
      "$CORPUS/$t" "$WORK/$t"
    ;;
  *)
    sed -n '2,7p' "$0" >&2
    exit 2
    ;;
esac
