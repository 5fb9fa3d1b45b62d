#!/usr/bin/env bash
# Quick look at the device-launching backends on the lent GPU: the launch-limit test and
# --compare on a few generated inputs (every backend side by side, answers checked against cpu).
set -u
OUT=${OUT:-/tmp/gnest-out}
mkdir -p "$OUT/logs" /tmp/dpin
export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs:${LD_LIBRARY_PATH:-}
if [ -f devpack/pack.tar.xz ]; then tar -xJf devpack/pack.tar.xz || exit 1; fi
tests/bin/test_gpu_dlink --short-filename 2>&1 | tail -n 15
bin/gnest-gen rmat --scale 16 -o /tmp/dpin/rmat16.gnest >/dev/null
bin/gnest-gen tree --depth 3 --out-degree 512 --sparsity 0 -o /tmp/dpin/t512.tree >/dev/null
bin/gnest-gen tree --depth 4 --out-degree 64 --sparsity 1 -o /tmp/dpin/t64s1.tree >/dev/null
bin/gnest-gen chain --n 3000 -o /tmp/dpin/chain.tree >/dev/null
for cmd in "bfs /tmp/dpin/rmat16.gnest" "sssp /tmp/dpin/rmat16.gnest" "bc /tmp/dpin/rmat16.gnest --sources 1" \
           "color /tmp/dpin/rmat16.gnest --symmetrize" "mst /tmp/dpin/rmat16.gnest --symmetrize" \
           "tc /tmp/dpin/rmat16.gnest --symmetrize" \
           "tree-descendants /tmp/dpin/t512.tree" "tree-heights /tmp/dpin/t64s1.tree" "tree-heights /tmp/dpin/chain.tree"; do
  echo "== $cmd"
  timeout 120 bin/gnest-cli $cmd --compare --runs 3 2>&1 | tail -n 16
done
