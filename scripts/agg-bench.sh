#!/usr/bin/env bash
# The CGO 2022 experiment (Olabi et al., figures 9, 11 and 12) and the LazyNP dispatch experiment
# (Ozen thesis figure 5.20) on gnest, on the GPU machine. gnest-bench runs each part in
# one process (median of 5 after a warm-up). The CSVs collect in $AGG_DIR (default
# /tmp/gnest-agg-bench: it outlives one device call on a warm machine, so the parts may be run in
# several calls) and are copied to $OUT/logs/agg-bench after each call; `summary` prints the
# tables and the bars (the targets these backends must reach) from whatever parts have run.
#   usage: scripts/agg-bench.sh [PART...]   parts: main tonly tc granularity group threshold
#          coarsening lazynp hybrid summary (default: all, in that order; each part is a few minutes at
#          most, so a 10-minute device call can take any two or three of them)
#   main         naive-dp, agg with the defaults rule (T+C+A), flat, lazynp and the cpu reference
#                (checks every result; cpu: 1 run) on BFS, SSSP, TC, MST
#   tonly, tc    agg with thresholding only (granularity=none coarsening=1) / T+C (granularity=none)
#   granularity  agg T+C+A per granularity: warp, block, multi-block (the rule's G), grid
#   group        agg multi-block per group size G
#   threshold    agg per threshold (the rule's coarsening and granularity): the rule's pick
#                against the best of the sweep (the rule's T comes from gnest-cli's reason)
#   coarsening   agg per coarsening factor
#   lazynp       lazynp (host dispatch), lazynp-cta, lazynp-warp, w-boost off and on
#   hybrid       the hybrid LazyNP backends (thesis 5.6), lazynp-cpu and lazynp-cross (default
#                host_threads = the online CPUs, host_share 10), w-boost off and on; coloring is
#                not applicable to them. A part of its own: managed memory makes them slow
# Inputs: rmat20 (gnest-gen rmat --scale 20, the suite's) and cnr-2000 from $DATA (default
# ../shared/data; skipped when absent). INPUTS="FILE ..." replaces them.
set -u
OUT=${OUT:-/tmp/gnest-out}
D=${AGG_DIR:-/tmp/gnest-agg-bench}
mkdir -p "$D" "$OUT/logs/agg-bench" /tmp/aggin
export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs:${LD_LIBRARY_PATH:-}
if [ -f devpack/pack.tar.xz ] && [ ! -x bin/gnest-bench ]; then tar -xJf devpack/pack.tar.xz || exit 1; fi
DATA=${DATA:-../shared/data}
if [ -z "${INPUTS:-}" ]; then
  [ -f /tmp/aggin/rmat20.gnest ] || bin/gnest-gen rmat --scale 20 -o /tmp/aggin/rmat20.gnest >/dev/null || exit 1
  INPUTS=/tmp/aggin/rmat20.gnest
  [ -f "$DATA/cnr-2000.mtx.xz" ] && INPUTS="$INPUTS $DATA/cnr-2000.mtx.xz"
fi
graphs=()
for f in $INPUTS; do graphs+=(--graph "$f"); done
ALGOS=bfs,sssp,tc,mst

bench() { # part, then gnest-bench arguments
  local part=$1; shift
  timeout 590 bin/gnest-bench "${graphs[@]}" --runs 5 --quiet --csv "$D/$part.csv" "$@" \
    >"$D/$part.txt" 2>"$D/$part.err"
  echo "$part: rc=$?" | tee -a "$D/rc.txt"
}

part() {
  case $1 in
    main) bench main --algos $ALGOS --backends cpu,naive-dp,agg,flat,lazynp --cpu-runs 1 ;;
    tonly) bench tonly --algos $ALGOS --backends agg --no-cpu --options "granularity=none coarsening=1" ;;
    tc) bench tc --algos $ALGOS --backends agg --no-cpu --options "granularity=none" ;;
    granularity) bench granularity --algos $ALGOS --backends agg --no-cpu \
                   --sweep granularity=warp,block,multi-block,grid ;;
    group) bench group --algos $ALGOS --backends agg --no-cpu --options "granularity=multi-block" \
             --sweep group_size=2,4,8,16,32,64,128,256 ;; # G = 1 is block granularity
    threshold)
      bench threshold --algos $ALGOS --backends agg --no-cpu \
        --sweep threshold=32,64,128,256,512,1024,2048,4096
      : >"$D/rule.txt"
      for f in $INPUTS; do # the rule's picks, from agg's reason (or the error)
        for a in bfs tc; do
          out=$(bin/gnest-cli "$a" "$f" --backend agg --json --quiet 2>&1)
          why=$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["reason"])' 2>/dev/null) ||
            why=$(printf '%s' "$out" | head -n 1)
          printf '%s %s %s\n' "$(basename "$f")" "$a" "$why" >>"$D/rule.txt"
        done
      done ;;
    coarsening) bench coarsening --algos $ALGOS --backends agg --no-cpu \
                  --sweep coarsening=1,2,4,8,16,32,64 ;;
    lazynp) bench lazynp --algos bfs,sssp,bc,color,tc,mst --backends lazynp,lazynp-cta,lazynp-warp \
              --no-cpu --sweep wboost=0,1 ;;
    hybrid) bench hybrid --algos bfs,sssp,bc,tc,mst --backends lazynp-cpu,lazynp-cross \
              --no-cpu --sweep wboost=0,1 ;;
    summary) python3 scripts/agg-bench-summary.py "$D" ;;
    *) echo "agg-bench: unknown part '$1'" >&2; return 2 ;;
  esac
}

rc=0
for p in ${*:-main tonly tc granularity group threshold coarsening lazynp hybrid summary}; do
  part "$p" || { rc=$?; break; }
done
cp "$D"/* "$OUT/logs/agg-bench/" 2>/dev/null
exit $rc
