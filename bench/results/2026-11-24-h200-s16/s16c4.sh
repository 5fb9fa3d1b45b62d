#!/usr/bin/env bash
# Session 16, call 4: rmat20's coloring, head tree (new) against libA (91e3645): five
# alternations of the suite's rmat20 and FLA only, then ncu of both narrow kernels and the wide
# kernel on rmat20 and of the narrow kernel on FLA.
source devpack/common.sh
unpack main /tmp/w/m
mkdir -p /tmp/w/a && xz -dc devpack/libA.so.xz > /tmp/w/a/libgnest.so.0
cd /tmp/w/m
export LD_LIBRARY_PATH=/tmp/w/m/lib:/tmp/w/m/.devlibs
LA=/tmp/w/a:$LD_LIBRARY_PATH
B="bin/gnest-bench --suite bench --data devdata --algos color --backends lazynp,freelaunch --quiet --no-cpu"
for k in 1 2 3 4 5; do
  for v in A new; do
    case $v in A) L=$LA;; new) L=$LD_LIBRARY_PATH;; esac
    LD_LIBRARY_PATH=$L setsid timeout -s KILL 60 $B --runs 9 > $LOG/ab-$v-$k.txt 2>&1 < /dev/null
    echo "== $v $k rc=$?" >> $LOG/summary.txt
    grep -a -E "^(rmat20|USA-road-FLA) +color " $LOG/ab-$v-$k.txt | head -n 8 >> $LOG/summary.txt
  done
done
for v in A new; do
  case $v in A) L=$LA;; new) L=$LD_LIBRARY_PATH;; esac
  LD_LIBRARY_PATH=$L timeout 120 /usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,lts__t_sectors.sum -k regex:color_ bin/gnest-bench --data devdata --gen rmat:20 --algos color --backends lazynp --runs 1 --warmup 0 --no-cpu > $LOG/ncu-rmat-$v.txt 2>&1
  echo "== ncu rmat20 $v" >> $LOG/summary.txt
  grep -a -E "color_|gpu__time|lts__t" $LOG/ncu-rmat-$v.txt | grep -v "^==PROF" | tail -n 12 >> $LOG/summary.txt
done
timeout 60 /usr/local/cuda/bin/ncu --clock-control none --kernel-name-base demangled --metrics gpu__time_duration.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active -k regex:color_narrow bin/gnest-bench --data devdata --graph devdata/USA-road-FLA.mtx.xz --algos color --backends flat --runs 2 --warmup 0 --no-cpu > $LOG/ncu-fla.txt 2>&1
echo "== ncu FLA new" >> $LOG/summary.txt
grep -a -E "gpu__time|lts__t|warps_active" $LOG/ncu-fla.txt | tail -n 3 >> $LOG/summary.txt
finish
