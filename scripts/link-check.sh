#!/usr/bin/env bash
# Proves that a plain C program links against the INSTALLED gnest with cc alone, and runs:
#   1. make install PREFIX=<a fresh temporary directory>
#   2. two programs: the "C API" example of README.md (run on a 4-vertex .mtx file) and a check
#      program (gnest_graph_from_edges + gnest_bfs with NULL options, levels checked; with a
#      device, gnest_device_selftest must return GNEST_OK)
#   3. each built twice with cc: (a) static, libgnest.a named explicitly in place of pkg-config's
#      -lgnest (cc would prefer libgnest.so) plus `pkg-config --libs --static gnest`'s private
#      libraries; (b) shared, -I/-L/-lgnest with an rpath to the installed lib/
#   4. ldd: (a) must not need libgnest.so, (b) must load the installed one; every program runs.
# Works without a GPU (the programs then run on the CPU). Exits non-zero on any failure.
# Usage, from the repository root after `make`: scripts/link-check.sh   (CC=... to pick a compiler)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-cc}
CFLAGS_CHECK="-std=c11 -Wall -Wextra -pedantic -Werror"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gnest-link-check.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
failures=0

step() { printf '== %s\n' "$*"; }
fail() { printf 'link-check: FAIL: %s\n' "$*" >&2; failures=$((failures + 1)); }

# The installed library must be the one loaded: drop LD_LIBRARY_PATH entries that hold another
# libgnest.so (a build tree's lib/, for instance).
keep=
IFS=: read -r -a dirs <<<"${LD_LIBRARY_PATH:-}"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && [ ! -e "$d/libgnest.so" ] && keep=${keep:+$keep:}$d
done
export LD_LIBRARY_PATH=$keep

step "make install PREFIX=$prefix"
if ! make -C "$root" --no-print-directory install PREFIX="$prefix" >"$tmp/install.log" 2>&1; then
  cat "$tmp/install.log" >&2
  fail "make install (run make first: install needs lib/ and bin/)"
  exit 1
fi
for f in include/gnest.h lib/libgnest.a lib/libgnest.so lib/pkgconfig/gnest.pc; do
  [ -f "$prefix/$f" ] || fail "make install did not install $f"
done
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
pc_cflags=$(pkg-config --cflags gnest) || fail "pkg-config --cflags gnest"
pc_libs=$(pkg-config --libs --static gnest) || fail "pkg-config --libs --static gnest"
echo "pkg-config --cflags --libs --static gnest: $pc_cflags $pc_libs"
static_libs=
for w in $pc_libs; do
  [ "$w" = -lgnest ] && w=$prefix/lib/libgnest.a
  static_libs="$static_libs $w"
done
case $static_libs in *"$prefix/lib/libgnest.a"*) ;; *) fail "pkg-config --libs gnest has no -lgnest" ;; esac

step "programs: the README's C API example and a check program"
awk '/^## The C API/ { s = 1 } s && /^```c$/ { c = 1; next } c && /^```$/ { exit } c' \
  "$root/README.md" >"$tmp/readme.c"
grep -q 'int main' "$tmp/readme.c" || fail "README.md: no whole program under '## The C API'"
printf '%s\n' '%%MatrixMarket matrix coordinate pattern general' '4 4 3' '1 2' '2 3' '3 4' \
  >"$tmp/path4.mtx"
cat >"$tmp/check.c" <<'EOF'
/* Links against the installed gnest: BFS on the path 0 -> 1 -> 2 -> 3 with NULL options (auto),
 * and with a device, device-side launches through the library's device link. */
#include <gnest.h>
#include <stdio.h>

int main(void) {
  gnest_ctx *ctx = NULL;
  gnest_graph *g = NULL;
  gnest_info info;
  const int32_t src[] = {0, 1, 2}, dst[] = {1, 2, 3};
  int32_t levels[4] = {-9, -9, -9, -9};
  gnest_status st = gnest_ctx_create(&ctx, NULL);
  if (st != GNEST_OK) {
    fprintf(stderr, "gnest_ctx_create: %s\n", gnest_last_error_string(NULL));
    return 1;
  }
  printf("gnest %s on %s\n", GNEST_VERSION_STRING, gnest_ctx_device_name(ctx));
  st = gnest_graph_from_edges(ctx, 4, 3, src, dst, NULL, NULL, &g);
  if (st == GNEST_OK) st = gnest_bfs(ctx, g, 0, levels, NULL, &info);
  if (st != GNEST_OK) {
    fprintf(stderr, "%s\n", gnest_last_error_string(ctx));
    return 1;
  }
  printf("bfs levels %d %d %d %d (backend %s: %s)\n", levels[0], levels[1], levels[2], levels[3],
         info.backend_name, info.reason);
  for (int v = 0; v < 4; v++)
    if (levels[v] != v) {
      fprintf(stderr, "vertex %d: level %d, expected %d\n", v, levels[v], v);
      return 1;
    }
  if (gnest_ctx_has_device(ctx)) {
    st = gnest_device_selftest(ctx);
    printf("gnest_device_selftest: %s\n", gnest_strerror(st));
    if (st != GNEST_OK) {
      fprintf(stderr, "gnest_device_selftest: %s\n", gnest_last_error_string(ctx));
      return 1;
    }
  } else {
    printf("no device: gnest_device_selftest not run\n");
  }
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  return 0;
}
EOF

# build NAME SOURCE KIND: compiles and links one program, checks what it needs, runs it.
build() {
  local name=$1 src=$2 kind=$3 exe=$tmp/$1-$3 args=()
  [ "$name" = readme ] && args=("$tmp/path4.mtx")
  step "$name, $kind"
  local cmd
  if [ "$kind" = static ]; then
    cmd="$CC $CFLAGS_CHECK $src $pc_cflags$static_libs -o $exe"
  else
    cmd="$CC $CFLAGS_CHECK $src -I$prefix/include -L$prefix/lib -lgnest -Wl,-rpath,$prefix/lib -o $exe"
  fi
  echo "$cmd"
  # shellcheck disable=SC2086 # the command's words are meant to split
  if ! $cmd; then
    fail "$name ($kind) does not compile or link"
    return
  fi
  local needs
  needs=$(ldd "$exe" 2>&1)
  while IFS= read -r line; do echo "   ldd: $line"; done <<<"$needs"
  if [ "$kind" = static ]; then
    echo "$needs" | grep -q 'libgnest\.so' && fail "$name ($kind) needs libgnest.so"
  else
    echo "$needs" | grep -q "libgnest\.so => $prefix/lib/libgnest\.so" ||
      fail "$name ($kind) does not load $prefix/lib/libgnest.so"
  fi
  if "$exe" "${args[@]}"; then
    echo "   $name ($kind): ran, exit 0"
  else
    fail "$name ($kind) exited with status $?"
  fi
}

for kind in static shared; do
  build readme "$tmp/readme.c" "$kind"
  build check "$tmp/check.c" "$kind"
done

if [ "$failures" -ne 0 ]; then
  echo "link-check: $failures failure(s)" >&2
  exit 1
fi
echo "link-check: OK (static and shared, installed in a temporary prefix)"
