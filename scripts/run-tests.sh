#!/usr/bin/env bash
# Runs Criterion test binaries for `make test`: failures in full, one line per skipped test with
# its reason ("[SKIP] suite::test: no CUDA device (no driver found)"), and each binary's synthesis
# with its skipped count. Criterion prints skip reasons only in verbose mode, which also lists
# every test run and passed: those lines are left out here.
# Usage: scripts/run-tests.sh JOBS BINARY...     Exit status: non-zero when a binary fails.
set -u
jobs=$1
shift
status=0
for t in "$@"; do
  echo "== $t"
  "$t" --jobs "$jobs" --short-filename --verbose 2>&1 | awk '
    /^\[RUN \]/ || /^\[PASS\]/ || /^\[----\] Criterion v/ { next }
    /^\[SKIP\]/ { skipped++ }
    /^\[====\] Synthesis:/ { sub(/ *$/, ""); $0 = $0 " | Skipped: " skipped + 0 }
    { print; fflush() }'
  rc=${PIPESTATUS[0]}
  if [ "$rc" -ne 0 ]; then
    echo "$t: exit status $rc"
    status=1
  fi
done
exit $status
