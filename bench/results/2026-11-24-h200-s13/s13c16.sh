#!/usr/bin/env bash
# Session 13, call 16: call 15's MST + coloring matrix on 14 backends in one run (it ran past 200 s)
# again, traced, to see what is still running at the limit.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_TRACE=1 GNEST_TEST_ALGOS=mst,color GNEST_TEST_BACKENDS=flat,lazynp,freelaunch,agg,lazynp-cta,lazynp-warp,levelsched,hier,cdp-warp,cdp-block,cdp-grid,naive-dp,lazynp-cpu,lazynp-cross timeout 150 tests/bin/test_gpu_algos --jobs 14 --short-filename --verbose > $LOG/mc.log 2>&1; echo "mc rc=$?" >> $LOG/summary.txt
nvidia-smi > $LOG/smi.txt 2>&1
finish
grep -a "PASS\|FAIL" $LOG/mc.log | sed -E 's/.*::([a-z_0-9]+): \((.*)s\)/\2 \1/' | sort -rn | head -8
grep -a "^\[RUN \]" $LOG/mc.log | sed 's/.*:://' | sort > /tmp/run.txt; grep -a "PASS\|FAIL" $LOG/mc.log | sed -E 's/.*::([a-z_0-9]+):.*/\1/' | sort > /tmp/done.txt; echo "still running:"; comm -23 /tmp/run.txt /tmp/done.txt
for t in $(comm -23 /tmp/run.txt /tmp/done.txt); do grep -a "\[trace\].* on " $LOG/mc.log | grep -a -i "$(echo $t | cut -c1-12)" | tail -1; done
grep -a "\[trace\]" $LOG/mc.log | tail -5
