#!/usr/bin/env bash
# Session 11, call 2: tc_method=hash (tests, sanitizer, A/B against search, ncu); the MST hang
# (lazynp-warp alone, cuda-gdb on the criterion worker when it hangs).
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1
bin/gnest-gen rmat --scale 14 --undirected -o /tmp/r14.gnest > /dev/null 2>&1
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest --output /tmp/o1.txt > $LOG/memcheck.txt 2>&1; echo "memcheck rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool racecheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest > $LOG/racecheck.txt 2>&1; echo "racecheck rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool synccheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest > $LOG/synccheck.txt 2>&1; echo "synccheck rc=$?" >> $LOG/summary.txt
timeout 200 bin/gnest-bench --graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz \
  --algos tc --backends auto,lazynp,freelaunch --sweep tc_method=search,hash --runs 7 --no-cpu --quiet --json $LOG/tc.json > $LOG/tc.txt 2>&1
echo "bench rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled"
timeout 100 $NCU --print-summary per-kernel --metrics gpu__time_duration.sum bin/gnest-cli tc /tmp/r20.gnest > $LOG/ncu-r20.txt 2>&1
timeout 60 $NCU --print-summary per-kernel --metrics gpu__time_duration.sum bin/gnest-cli tc devdata/cnr-2000.mtx.xz > $LOG/ncu-cnr.txt 2>&1
timeout 100 $NCU -k regex:tc_hash --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis bin/gnest-cli tc /tmp/r20.gnest > $LOG/ncu-hash-r20.txt 2>&1
GNEST_TEST_ALGOS=tc gtest tcalgos 300 tests/bin/test_gpu_algos --jobs 8 --short-filename
gtest cliques 120 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter 'gpu_structure/triangles_of_cliques'
# The MST hang, isolated with gnest-cli on the structure test's three graphs (devpack/mst-*.gnest)
mstrun() { # label, then gnest-cli options
  local label=$1; shift
  local ok=0 hung=0 other=0 g r
  for g in grid band forest; do for r in 1 2 3 4 5 6; do
    timeout 6 bin/gnest-cli mst devpack/mst-$g.gnest "$@" > /tmp/mo.txt 2>&1
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
grep -a " tc" $LOG/tc.txt | cut -c1-160
for f in $LOG/ncu-r20.txt $LOG/ncu-cnr.txt; do echo "== $f"; grep -a "duration\|^  [a-z]" $f | sed 's/(.*Invocations/ inv/' | cut -c1-110 | paste - - | awk '{print $NF, $0}' | cut -c1-140; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/tcalgos.log $LOG/cliques.log | head -30
grep -a "ERROR SUMMARY\|RACECHECK SUMMARY" $LOG/*check.txt
