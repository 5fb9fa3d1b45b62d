#!/usr/bin/env bash
# Session 11, call 4: tc hash v3 (warp lists one vertex at a time, thread lists last, long runs
# one list after another); small pools keep 3/4 of the pool back from tickets: the MST hang
# configurations again, the device-launching backends' tests.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
bin/gnest-gen rmat --scale 20 --undirected -o /tmp/r20.gnest > /dev/null 2>&1
bin/gnest-gen rmat --scale 14 --undirected -o /tmp/r14.gnest > /dev/null 2>&1
G="--graph /tmp/r20.gnest --graph devdata/cnr-2000.mtx.xz --graph devdata/USA-road-FLA.mtx.xz"
for r in 1 2; do timeout 100 bin/gnest-bench $G --algos tc --backends auto,flat,lazynp,freelaunch --runs 7 --no-cpu --quiet --json $LOG/tc-$r.json > $LOG/tc-$r.txt 2>&1; done
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest --output /tmp/o1.txt > $LOG/memcheck.txt 2>&1; echo "memcheck rc=$?" >> $LOG/summary.txt
timeout 60 compute-sanitizer --tool racecheck --error-exitcode 9 bin/gnest-cli tc /tmp/r14.gnest > $LOG/racecheck.txt 2>&1; echo "racecheck rc=$?" >> $LOG/summary.txt
NCU="/usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --print-summary per-kernel --metrics gpu__time_duration.sum"
timeout 60 $NCU -k regex:tc_hash bin/gnest-bench --graph devdata/cnr-2000.mtx.xz --algos tc --backends auto --runs 3 --no-cpu --quiet > $LOG/ncu-cnr.txt 2>&1
timeout 100 $NCU -k regex:tc_hash bin/gnest-bench --graph /tmp/r20.gnest --algos tc --backends auto --runs 2 --no-cpu --quiet > $LOG/ncu-r20.txt 2>&1
GNEST_TEST_ALGOS=tc gtest tcalgos 200 tests/bin/test_gpu_algos --jobs 8 --short-filename
gtest structure 200 tests/bin/test_gpu_structure --jobs 4 --short-filename
mstrun() { # label, then gnest-cli options
  local label=$1; shift
  local ok=0 hung=0 other=0 g r
  for g in grid band forest; do for r in 1 2 3 4 5 6 7 8 9 10; do
    timeout 6 bin/gnest-cli mst $REPO/devpack/mst-$g.gnest "$@" > /tmp/mo.txt 2>&1
    case $? in 0) ok=$((ok+1));; 124) hung=$((hung+1)); echo "hung $g $r" >> $LOG/mst-$label.txt;; *) other=$((other+1)); tail -2 /tmp/mo.txt >> $LOG/mst-$label.txt;; esac
  done; done
  echo "mst $label: ok $ok hung $hung other $other ($*)" >> $LOG/summary.txt
}
mstrun A --backend lazynp-warp --wboost --threshold 4 --launch-limit 64 --block-size 128
mstrun C --backend lazynp-warp --threshold 4 --launch-limit 64 --block-size 128
mstrun F --backend lazynp-warp --wboost --threshold 4 --launch-limit 64 --block-size 128 --schedule static
for i in 1 2 3; do gtest mst-all-$i 60 tests/bin/test_gpu_structure --jobs 1 --short-filename --filter "gpu_structure/mst_filtered_light_then_heavy"; done
GNEST_TEST_BACKENDS=naive-dp,hier,cdp-warp,cdp-block,cdp-grid,agg,lazynp-cta,lazynp-warp gtest dp 240 tests/bin/test_gpu_algos --jobs 8 --short-filename
gtest dlink 120 tests/bin/test_gpu_dlink --jobs 4 --short-filename
finish
for f in $LOG/tc-*.txt; do echo "== $f"; grep -a " tc" $f | cut -c1-150; done
for f in $LOG/ncu-*.txt; do echo "== $f"; grep -a "duration" $f | cut -c1-120; done
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/tcalgos.log $LOG/structure.log $LOG/dp.log $LOG/dlink.log | head -40
grep -a "ERROR SUMMARY\|RACECHECK SUMMARY" $LOG/*check.txt
