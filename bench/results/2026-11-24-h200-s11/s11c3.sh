#!/usr/bin/env bash
# Session 11, call 3: tc hash v2 (thread path for short lists, runs of four lists) A/B: main
# (__launch_bounds__(256, 5), 48 registers) against alt (64 registers); tests, sanitizers, ncu;
# the MST hang isolated with gnest-cli.
source devpack/common.sh
unpack main /tmp/w/m
unpack alt /tmp/w/a
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1
bin/gnest-gen rmat --scale 14 --undirected -o /tmp/r14.gnest > /dev/null 2>&1
G="--graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz"
benchab() { ( cd /tmp/w/$1 && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
  timeout 100 bin/gnest-bench $G --algos tc --backends auto,flat,lazynp,freelaunch --runs 7 --no-cpu --quiet --json $LOG/ab-$1-$2.json > $LOG/ab-$1-$2.txt 2>&1 ) ; }
benchab m 1; benchab a 1; benchab m 2; benchab a 2
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest --output /tmp/o1.txt > $LOG/memcheck.txt 2>&1; echo "memcheck rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool racecheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest > $LOG/racecheck.txt 2>&1; echo "racecheck rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool synccheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest > $LOG/synccheck.txt 2>&1; echo "synccheck rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
for g in /tmp/r20.gnest devdata/cnr-2000.mtx.xz devdata/USA-road-FLA.mtx.xz; do
  timeout 100 $NCU bin/gnest-bench --graph $g --algos tc --backends auto --runs 3 --no-cpu --quiet > $LOG/ncu-$(basename $g).txt 2>&1
done
GNEST_TEST_ALGOS=tc gtest tcalgos 300 tests/bin/test_gpu_algos --jobs 8 --short-filename
gtest cliques 120 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter 'gpu_structure/triangles_of_cliques'
mstrun() { # label, then gnest-cli options
  local label=$1; shift
  local ok=0 hung=0 other=0 g r
  for g in grid band forest; do for r in 1 2 3 4 5 6; do
    timeout 6 bin/gnest-cli mst $REPO/devpack/mst-$g.gnest "$@" > /tmp/mo.txt 2>&1
    case $? in 0) ok=$((ok+1));; 124) hung=$((hung+1)); echo "hung $g $r" >> $LOG/mst-$label.txt;; *) other=$((other+1)); tail -2 /tmp/mo.txt >> $LOG/mst-$label.txt;; esac
  done; done
  echo "mst $label: ok $ok hung $hung other $other ($*)" >> $LOG/summary.txt
}
mstrun A --backend lazynp-warp --wboost --threshold 4 --launch-limit 64 --block-size 128
mstrun B --backend lazynp-warp --wboost --threshold 4 --block-size 128
mstrun C --backend lazynp-warp --threshold 4 --launch-limit 64 --block-size 128
mstrun D --backend lazynp-warp --wboost --threshold 4 --launch-limit 64
mstrun E --backend lazynp-cta --wboost --threshold 4 --launch-limit 64 --block-size 128
mstrun F --backend lazynp-warp --wboost --threshold 4 --launch-limit 64 --block-size 128 --schedule static
finish
for f in $LOG/ab-*.txt; do echo "== $f"; grep -a " tc" $f | cut -c1-150; done
for f in $LOG/ncu-*.txt; do echo "== $f"; grep -a "duration\|^  [a-z]" $f | sed 's/(.*Invocations/ inv/' | paste - - | awk '{print $(NF-2), $(NF-4), $0}' | cut -c1-120; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/tcalgos.log $LOG/cliques.log | head -30
grep -a "ERROR SUMMARY\|RACECHECK SUMMARY" $LOG/*check.txt
