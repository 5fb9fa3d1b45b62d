#!/usr/bin/env bash
# Proves that gnest installs like a Debian library and that docs/api.md's link lines work:
#   1. make install PREFIX=<a fresh temporary directory>: libgnest.so.MAJOR.MINOR.PATCH whose
#      SONAME (readelf) is libgnest.so.SOVERSION (MAJOR, or 0.MINOR while MAJOR is 0), the links
#      libgnest.so.SOVERSION and libgnest.so, libgnest.a, gnest.h, the tools (which load the
#      installed library), gnest.pc (version and libdir right)
#   2. two programs: the C example docs/examples/bfs.c (run on a 4-vertex .mtx file) and a check
#      program (gnest_graph_from_edges + gnest_bfs with NULL options, levels checked; with a
#      device, gnest_device_selftest must return GNEST_OK)
#   3. each linked with docs/api.md's two link lines (found there word for word):
#      (a) shared, `pkg-config --cflags --libs gnest` + an rpath: needs libgnest.so.SOVERSION (the
#          SONAME), loads the installed one, runs;
#      (b) shared without the rpath, run with LD_LIBRARY_PATH=<prefix>/lib;
#      (c) static, `-Wl,-Bstatic $(pkg-config --cflags --libs --static gnest)`: needs no
#          libgnest.so, and runs with every libgnest.so* of the prefix moved away
#   4. make install DESTDIR=<staging> PREFIX=/usr/local: every file lands under the staging
#      directory, gnest.pc names /usr/local; make uninstall (same variables) leaves no file,
#      and make uninstall of the temporary prefix leaves none either.
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
  [ -n "$d" ] && ! compgen -G "$d/libgnest.so*" >/dev/null && keep=${keep:+$keep:}$d
done
export LD_LIBRARY_PATH=$keep

step "make install PREFIX=$prefix"
if ! make -C "$root" --no-print-directory install PREFIX="$prefix" >"$tmp/install.log" 2>&1; then
  cat "$tmp/install.log" >&2
  fail "make install (run make first: install needs lib/ and bin/)"
  exit 1
fi
major=$(sed -n 's/^#define GNEST_VERSION_MAJOR \([0-9]*\)$/\1/p' "$root/include/gnest.h")
minor=$(sed -n 's/^#define GNEST_VERSION_MINOR \([0-9]*\)$/\1/p' "$root/include/gnest.h")
# The SONAME's version: the major, and while it is 0 the minor too (a 0.x minor may change the ABI).
sover=$major
[ "$major" = 0 ] && sover=$major.$minor
version=$(sed -n 's/^#define GNEST_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/gnest.h")
# installed_files DIR: every file and link under DIR, one relative path a line, sorted.
installed_files() { (cd "$1" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort); }
for f in include/gnest.h lib/libgnest.a "lib/libgnest.so.$version" lib/pkgconfig/gnest.pc \
  bin/gnest-cli bin/gnest-gen bin/gnest-bench; do
  [ -f "$prefix/$f" ] || fail "make install did not install $f"
done
[ "$(readlink "$prefix/lib/libgnest.so.$sover")" = "libgnest.so.$version" ] ||
  fail "lib/libgnest.so.$sover is not a link to libgnest.so.$version"
[ "$(readlink "$prefix/lib/libgnest.so")" = "libgnest.so.$sover" ] ||
  fail "lib/libgnest.so (the development link) is not a link to libgnest.so.$sover"
soname=$(readelf -d "$prefix/lib/libgnest.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
echo "libgnest.so.$version: SONAME $soname"
[ "$soname" = "libgnest.so.$sover" ] || fail "SONAME is '$soname', expected libgnest.so.$sover"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion gnest)" = "$version" ] || fail "gnest.pc: version is not $version"
[ "$(pkg-config --variable=libdir gnest)" = "$prefix/lib" ] || fail "gnest.pc: libdir is not $prefix/lib"
# The installed tools load the installed library (their run path is the LIBDIR, not the build
# tree's lib/).
for tool in gnest-cli gnest-gen gnest-bench; do
  if ldd "$prefix/bin/$tool" | grep -q "libgnest\.so\.$sover => $prefix/lib/libgnest\.so\.$sover"; then
    echo "   $tool: loads $prefix/lib/libgnest.so.$sover"
  else
    fail "installed $tool does not load $prefix/lib/libgnest.so.$sover"
  fi
done
"$prefix/bin/gnest-cli" --version >/dev/null || fail "installed gnest-cli --version failed"
echo "pkg-config --libs gnest: $(pkg-config --libs gnest)"
echo "pkg-config --libs --static gnest: $(pkg-config --libs --static gnest)"

# docs/api.md's two link lines, word for word (they are what this script builds with).
shared_line='cc bfs.c $(pkg-config --cflags --libs gnest) -Wl,-rpath,$(pkg-config --variable=libdir gnest)'
static_line='cc bfs.c -Wl,-Bstatic $(pkg-config --cflags --libs --static gnest)'
for line in "$shared_line" "$static_line"; do
  grep -qF -- "$line" "$root/docs/api.md" || fail "docs/api.md does not show the link line: $line"
done

step "programs: the C example docs/examples/bfs.c and a check program"
cp "$root/docs/examples/bfs.c" "$tmp/example.c" || fail "docs/examples/bfs.c is missing"
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

# run_program NAME KIND EXE [ENV...]: runs it (the example on its input file).
run_program() {
  local name=$1 kind=$2 exe=$3 args=()
  shift 3
  [ "$name" = example ] && args=("$tmp/path4.mtx")
  if env "$@" "$exe" "${args[@]}"; then
    echo "   $name ($kind): ran, exit 0"
  else
    fail "$name ($kind) exited with status $?"
  fi
}

# build NAME SOURCE KIND: links one program the way KIND says into $exe and checks what it
# needs. Returns non-zero when it does not compile or link.
build() {
  local name=$1 src=$2 kind=$3 libs
  exe=$tmp/$1-$3
  case $kind in
    shared-rpath) libs="$(pkg-config --cflags --libs gnest) -Wl,-rpath,$(pkg-config --variable=libdir gnest)" ;;
    shared-env) libs="$(pkg-config --cflags --libs gnest)" ;;
    static) libs="-Wl,-Bstatic $(pkg-config --cflags --libs --static gnest)" ;;
  esac
  local cmd="$CC $CFLAGS_CHECK $src $libs -o $exe"
  echo "$cmd"
  # shellcheck disable=SC2086 # the command's words are meant to split
  $cmd || return 1
  local needed
  needed=$(readelf -d "$exe" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  echo "   needs: $needed"
  case $kind in
    static) case " $needed" in *" libgnest"*) fail "$name ($kind) needs libgnest.so" ;; esac ;;
    *) case " $needed" in *" libgnest.so.$sover "*) ;; *) fail "$name ($kind) does not need libgnest.so.$sover (the SONAME)" ;; esac ;;
  esac
}

# hide_shared / unhide_shared: moves every libgnest.so* of the prefix away and back.
hide_shared() { mkdir -p "$tmp/hidden" && mv "$prefix"/lib/libgnest.so* "$tmp/hidden/"; }
unhide_shared() { mv "$tmp/hidden"/libgnest.so* "$prefix/lib/"; }

for name in example check; do
  src=$tmp/$name.c
  step "$name, shared with an rpath"
  if build "$name" "$src" shared-rpath; then
    ldd "$exe" | grep -q "libgnest\.so\.$sover => $prefix/lib/libgnest\.so\.$sover" ||
      fail "$name (shared-rpath) does not load $prefix/lib/libgnest.so.$sover"
    run_program "$name" shared-rpath "$exe"
  else
    fail "$name (shared-rpath) does not compile or link"
  fi
  step "$name, shared, found through LD_LIBRARY_PATH"
  if build "$name" "$src" shared-env; then
    run_program "$name" shared-env "$exe" LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  else
    fail "$name (shared-env) does not compile or link"
  fi
  step "$name, static, run with no libgnest.so around"
  if build "$name" "$src" static; then
    hide_shared
    run_program "$name" static "$exe"
    unhide_shared
  else
    fail "$name (static) does not compile or link"
  fi
done

step "make install DESTDIR=$tmp/stage PREFIX=/usr/local, then make uninstall"
stage=$tmp/stage
if make -C "$root" --no-print-directory install DESTDIR="$stage" PREFIX=/usr/local >"$tmp/stage.log" 2>&1; then
  outside=$(installed_files "$stage" | grep -v '^usr/local/')
  [ -z "$outside" ] || fail "DESTDIR staging put files outside usr/local: $outside"
  [ "$(installed_files "$stage")" = "$(installed_files "$prefix" | sed 's|^|usr/local/|')" ] ||
    fail "DESTDIR staging installed other files than the plain install"
  grep -qx 'prefix=/usr/local' "$stage/usr/local/lib/pkgconfig/gnest.pc" ||
    fail "staged gnest.pc does not name prefix=/usr/local"
  grep -q "$stage" "$stage/usr/local/lib/pkgconfig/gnest.pc" && fail "staged gnest.pc names the staging directory"
  echo "   staged $(installed_files "$stage" | wc -l) files and links under $stage/usr/local"
  make -C "$root" --no-print-directory uninstall DESTDIR="$stage" PREFIX=/usr/local >>"$tmp/stage.log" 2>&1 ||
    fail "make uninstall DESTDIR=... failed"
  left=$(installed_files "$stage")
  [ -z "$left" ] || fail "make uninstall DESTDIR=... left: $left"
else
  cat "$tmp/stage.log" >&2
  fail "make install DESTDIR=$stage failed"
fi

step "make uninstall PREFIX=$prefix"
make -C "$root" --no-print-directory uninstall PREFIX="$prefix" >"$tmp/uninstall.log" 2>&1 ||
  fail "make uninstall PREFIX=$prefix failed"
left=$(installed_files "$prefix")
[ -z "$left" ] || fail "make uninstall left: $left"
[ -z "$left" ] && echo "   nothing left under $prefix"

if [ "$failures" -ne 0 ]; then
  echo "link-check: $failures failure(s)" >&2
  exit 1
fi
echo "link-check: OK (SONAME and links; shared with rpath and LD_LIBRARY_PATH, static; DESTDIR; uninstall)"
