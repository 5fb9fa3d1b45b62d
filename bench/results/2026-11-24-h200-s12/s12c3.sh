#!/usr/bin/env bash
# Session 12, call 3: gnest_options.lanes (flat's lanes per item) as an option with the
# traversals' mean-degree rule: flat/levelsched GPU tests (new configurations), sanitizers,
# sweeps of lanes on the suite, block size / cta_levels on the road graphs.
source devpack/common.sh
unpack main /tmp/w/m
cd /tmp/w/m && export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs
GNEST_TEST_BACKENDS=flat,levelsched gtest flat 280 tests/bin/test_gpu_algos --jobs 12 --short-filename
SANITIZE_BACKENDS="flat levelsched" SANITIZE_ALGOS="bfs sssp bc mst" timeout 200 scripts/sanitize-cli.sh memcheck racecheck synccheck > $LOG/sanitize.txt 2>&1; echo "sanitize rc=$?" >> $LOG/summary.txt
timeout 200 bin/gnest-bench --suite bench --data devdata --algos bfs,sssp,bc --backends flat --sweep lanes=1,2,4,8,16,32 --runs 5 --quiet --json $LOG/lanes-suite.json > $LOG/lanes-suite.txt 2>&1; echo "lanes-suite rc=$?" >> $LOG/summary.txt
timeout 100 bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --graph devdata/USA-road-NY.mtx --algos bfs,sssp,bc --backends flat --sweep cta_levels=64,128,256,512,1024 --runs 5 --quiet > $LOG/cta.txt 2>&1; echo "cta rc=$?" >> $LOG/summary.txt
timeout 100 bin/gnest-bench --graph devdata/USA-road-FLA.mtx.xz --graph devdata/USA-road-NY.mtx --algos bfs,sssp,bc --backends flat --sweep block_size=256,512,1024 --runs 5 --quiet > $LOG/block.txt 2>&1; echo "block rc=$?" >> $LOG/summary.txt
bin/gnest-cli sssp devdata/USA-road-FLA.mtx.xz > $LOG/fla-sssp.txt 2>&1
finish
grep -a -A12 "^input  *algorithm" $LOG/lanes-suite.txt $LOG/cta.txt $LOG/block.txt | cut -c1-170
tail -5 $LOG/sanitize.txt; grep -a "backend:\|reason" $LOG/fla-sssp.txt
grep -a -B2 -A8 'Assertion Failed\|CRASH\|Timeout' $LOG/flat.log | head -40
