#!/usr/bin/env bash
# Session 16, call 12: call 11's hang (the big sparse circulant, 354 vertices per narrow thread).
# Smaller inputs with more than 32 vertices per thread (grids of 9 M and 16 M vertices; 8 CTAs of
# 256 on 132 SMs = 270,336 threads), head against libA (91e3645), each bounded to 60 s.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/a && xz -dc devpack/libA.so.xz > /tmp/w/a/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LA=/tmp/w/a:$LD_LIBRARY_PATH
for gen in grid:1500x1500 grid:3000x3000 grid:4000x4000; do
  for v in new A; do
    case $v in A) L=$LA;; new) L=$LD_LIBRARY_PATH;; esac
    LD_LIBRARY_PATH=$L setsid timeout -s KILL 60 bin/gnest-bench --gen $gen --algos color --backends flat --runs 3 --quiet > $LOG/$v-$gen.txt 2>&1 < /dev/null
    echo "== $v $gen rc=$?" >> $LOG/summary.txt
    grep -a -E "^[^ ]+ +color " $LOG/$v-$gen.txt | head -n 2 >> $LOG/summary.txt
  done
done
finish
