#!/usr/bin/env bash
# Packs this tree's build for the lent GPU machine (../shared/GPU.md): the sources and scripts,
# bin, tests/bin, lib/libgnest.so and the shared libraries they need (.devlibs), as one xz tar.
# Build first with `make` (the tools and tests link lib/libgnest.so and hold no copy of the device
# code: about 17 MB packed instead of about 190 MB with LINK=static). The pack travels in a carried folder; on the GPU
# machine: `mkdir -p /tmp/n && tar -xJf devpack/pack.tar.xz -C /tmp/n && cd /tmp/n &&
# export LD_LIBRARY_PATH=$PWD/lib:$PWD/.devlibs`, then run tests or scripts/gpu-run.sh steps.
#   usage: scripts/gpu-pack.sh [OUT]   (default devpack/pack.tar.xz)
set -eu
out=${1:-devpack/pack.tar.xz}
for f in bin/gnest-cli tests/bin/test_gpu_algos lib/libgnest.so; do
  [ -e "$f" ] || { echo "gpu-pack: $f missing: build with 'make' first" >&2; exit 1; }
done
if ! ldd bin/gnest-cli | grep -q 'libgnest\.so'; then
  echo "gpu-pack: bin/gnest-cli is linked statically (about 30 MB of device code per binary):" \
       "make LINK=shared" >&2
  exit 1
fi
strip --strip-debug bin/* tests/bin/* lib/libgnest.so.* 2>/dev/null || true
rm -rf .devlibs
../shared/tools/devlibs .devlibs bin/* tests/bin/* >/dev/null
rm -f .devlibs/libgnest.so* # the binaries' run path finds lib/ (one copy of the device code)
mkdir -p "$(dirname "$out")"
tar --exclude=.git --exclude=./build --exclude=./tests/fuzz/bin --exclude=./tests/fuzz/bin-cc \
    --exclude='*.o' --exclude=./devdata --exclude=./devpack --exclude=./lib/libgnest.a -cf - . |
  xz -T2 -3 >"$out"
ls -l "$out"
