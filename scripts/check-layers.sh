#!/usr/bin/env bash
# The layer check `make test` runs first. Fails, one line per finding, on:
#   1. a quoted #include against the layer order (lowest first)
#        base <- io <- cpu <- core <- sched <- algos <- tools
#      where a file may include its own layer, a lower one and the public API (include/):
#        src/base   base                  src/core   core, cpu, io, base
#        src/io     io, base              src/sched  sched, core, cpu, io, base
#        src/cpu    cpu, io, base         src/algos  algos, sched, core, cpu, io, base
#      cpu (the exact serial reference) sits between io and core: it reads io's CSR and knows
#      no handle of core; algos call it. Tools use the public API only: a file of tools/X may
#      include "gnest.h", tools/common's headers ("common/...") and tools/X's own; tools/common
#      only "gnest.h" and its own. Tests may include anything.
#      One include goes up on purpose: src/sched/backend.cuh includes algos/visitors.cuh, the
#      list of visitor types every backend's kernels are instantiated for (the engine is a
#      template; its kernels can only be compiled where the visitors' definitions are seen).
#   2. an algorithm that reaches the engine's internals: no file of src/algos may include
#      sched/engine_impl.cuh, directly or through another header (the backends' headers
#      include it); algorithms see the engine through sched/engine.cuh.
#   3. an unqualified include ("io.h") of a header outside the including file's own directory:
#      headers of another directory are named by their path from the include root ("io/io.h");
#      "gnest.h" (include/) is the only bare name that leaves the directory.
#   4. an include circle: a header that includes itself, directly or through others.
#   5. with built objects (build/), a circle of files that use each other's functions (a.c calls
#      b.c, which calls a.c, directly or through others), within the library, tools/common,
#      each tool with tools/common, and tests/common; and a library object that uses a function
#      of a higher layer's object (an include bypassed by a hand-written declaration).
# Messages: FILE:LINE: includes "X" (layer Y) from layer Z, and the circle's path.
# Usage, from the repository root: scripts/check-layers.sh [BUILD_DIR]   (default build)
set -u
cd "$(dirname "$0")/.."
build=${1:-build}

# layer DIR -> rank; lower ranks are included by higher ones.
layers='base 0 src/base
io 1 src/io
cpu 2 src/cpu
core 3 src/core
sched 4 src/sched
algos 5 src/algos
tools 6 tools
tests 7 tests'

# awk functions both checks use: the layer table, and a depth-first search that prints every
# circle it finds as "LABEL A LINK B LINK ... A", where edge_text(A, B) (each check's own) gives
# the LINK between two files; the graph is out[FILE, 1 .. nout[FILE]] over files[].
awk_common='
  function read_layers(   rows, n, k, f) {
    n = split(layers, rows, "\n")
    for (k = 1; k <= n; k++) {
      split(rows[k], f, " ")
      names[k] = f[1]; rank[f[1]] = f[2] + 0; dirs[k] = f[3]
    }
    nl = n
  }
  function layer_of(path,   k) {
    if (path ~ /^include\//) return "api"
    for (k = 1; k <= nl; k++)
      if (index(path, dirs[k] "/") == 1) return names[k]
    return ""
  }
  function visit(file, label,   k, next_file, i, path) {
    state[file] = 1
    stack[++depth] = file
    for (k = 1; k <= nout[file]; k++) {
      next_file = out[file, k]
      if (state[next_file] == 1) {
        for (i = depth; stack[i] != next_file; i--) {}
        path = ""
        for (; i <= depth; i++)
          path = path stack[i] edge_text(stack[i], i < depth ? stack[i + 1] : next_file)
        print label path next_file
      } else if (state[next_file] == 0) {
        visit(next_file, label)
      }
    }
    delete stack[depth--]
    state[file] = 2
  }
  function print_circles(label,   file) {
    for (file in files) state[file] = 0
    for (file in files) if (state[file] == 0) visit(file, label)
  }'

sources=$(find include src tools tests \
  \( -path tests/fuzz/bin -o -path tests/fuzz/bin-cc -o -path tests/bin \) -prune -o \
  -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.def' \) \
  -print | sort)

# Every quoted include, resolved as the compiler does: the including file's directory first,
# then the include roots of its side (library: include, src; tools: include, tools; tests: all
# three; src last for tools, which the compiler does not search, to name the layer a tool
# reached for). One line per include: FILE LINE NAME RESOLVED ("-" when not found).
includes=$(for f in $sources; do
  grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
    sed -e 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1 \2/' -e "s|^|$f |"
done | while read -r file line name; do
  dir=${file%/*}
  case $file in
    src/*) roots="include src" ;;
    tools/*) roots="include tools src" ;;
    *) roots="include src tools" ;;
  esac
  resolved=-
  for base in "$dir" $roots; do
    if [ -f "$base/$name" ]; then
      resolved=$(realpath -m --relative-to=. "$base/$name")
      break
    fi
  done
  # An unqualified name of another directory's header: the path it should have been given.
  if [ "$resolved" = - ] && [ "${name#*/}" = "$name" ]; then
    for candidate in src/*/"$name" tools/*/"$name"; do
      [ -f "$candidate" ] && resolved=unqualified:${candidate#*/} && break
    done
  fi
  echo "$file $line $name $resolved"
done)

failures=$(printf '%s\n' "$includes" | awk -v layers="$layers" "$awk_common"'
  function dir_of(path) { sub(/\/[^\/]*$/, "", path); return path }
  function edge_text(a, b) { return " -> " }
  # Whether file reaches target through its includes (depth-first, each file once per query).
  function reaches(file, target,   k) {
    if (file == target) return 1
    if (seen[file] == query) return 0
    seen[file] = query
    for (k = 1; k <= nout[file]; k++)
      if (reaches(out[file, k], target)) return 1
    return 0
  }
  BEGIN { read_layers(); rank["api"] = -1 }
  {
    file = $1; line = $2; name = $3; target = $4
    from = layer_of(file)
    if (from == "") { print file ": not in a layer of scripts/check-layers.sh"; next }
    if (target == "-" || target ~ /^unqualified:/) {
      if (from == "tests") next
      if (target == "-")
        print file ":" line ": includes \"" name "\", found under none of its include roots"
      else
        print file ":" line ": includes \"" name "\" unqualified: name it by its path from the " \
              "include root (\"" substr(target, 13) "\")"
      next
    }
    if (target != file) { out[file, ++nout[file]] = target; files[file] = 1; files[target] = 1 }
    to = layer_of(target)
    if (from == "tests") next
    if (name !~ /\// && dir_of(target) != dir_of(file) && to != "api")
      print file ":" line ": includes \"" name "\" unqualified: name it by its path from the " \
            "include root (\"" substr(target, index(target, "/") + 1) "\")"
    if (from == "tools") {
      if (to == "api" || dir_of(target) == dir_of(file)) next
      if (dir_of(target) == "tools/common" && dir_of(file) != "tools/common") next
      print file ":" line ": includes \"" name "\" (layer " (to == "tools" ? dir_of(target) : to) \
            ") from layer tools: tools use gnest.h, tools/common and their own directory"
      next
    }
    if (file == "src/sched/backend.cuh" && target == "src/algos/visitors.cuh") next
    if (rank[to] > rank[from])
      print file ":" line ": includes \"" name "\" (layer " to ") from layer " from
    if (from == "algos" && to == "sched") algos_sched[file, line] = name SUBSEP target
  }
  END {
    internals = "src/sched/engine_impl.cuh"
    for (key in algos_sched) {
      split(key, where, SUBSEP); split(algos_sched[key], what, SUBSEP)
      query++
      if (reaches(what[2], internals))
        print where[1] ":" where[2] ": includes \"" what[1] "\" (layer sched, the engine'"'"'s " \
              "internals: " internals ") from layer algos: algorithms include sched/engine.cuh"
    }
    print_circles("include circle: ")
  }' | sort -u)

# Circles of files through the functions they use, from the objects' symbols: file A uses file B
# when A's object refers to a symbol (function or data) B's object defines (weak definitions,
# such as template instantiations, are left out: any object may hold one).
object_failures() { # GROUP-NAME OBJECT...
  local group=$1
  shift
  [ $# -gt 1 ] || return 0
  nm -A "$@" 2>/dev/null | awk -v group="$group" -v layers="$layers" -v build="$build/" \
    "$awk_common"'
    # build/DIR/FILE.o -> DIR/FILE (the source, less its extension)
    function stem_of(obj,   s) {
      s = obj; if (index(s, build) == 1) s = substr(s, length(build) + 1)
      sub(/\.o$/, "", s)
      return s
    }
    function source_of(obj) { return src[stem_of(obj)] }
    function edge_text(a, b) { return " uses " why[a, b] " of " }
    BEGIN { read_layers() }
    {
      obj = $1; sub(/:.*/, "", obj)
      if (NF == 3 && $2 ~ /^[TDBR]$/) def[$3] = obj
      else if (NF == 3 && $2 == "U") { nu++; use_obj[nu] = obj; use_sym[nu] = $3 }
      objs[obj] = 1
    }
    END {
      for (obj in objs) {
        s = stem_of(obj)
        src[s] = (system("test -f " s ".cu") == 0) ? s ".cu" : s ".c"
      }
      for (k = 1; k <= nu; k++) {
        a = use_obj[k]; b = def[use_sym[k]]
        if (b == "" || b == a) continue
        fa = source_of(a); fb = source_of(b)
        if (!((fa, fb) in why)) {
          out[fa, ++nout[fa]] = fb
          why[fa, fb] = use_sym[k]
          files[fa] = 1
        }
        la = layer_of(fa); lb = layer_of(fb)
        if (la != "" && lb != "" && rank[lb] > rank[la] && !((fa, lb) in told)) {
          told[fa, lb] = 1
          print fa ": uses " use_sym[k] " of " fb " (layer " lb ") from layer " la
        }
      }
      print_circles("file circle in " group ": ")
    }'
}

objects() { [ -d "$1" ] && find "$1" -name '*.o' | sort; }
if [ -d "$build/src" ]; then
  # shellcheck disable=SC2046 # object lists split on purpose
  object_findings=$(
    object_failures library $(objects "$build/src")
    object_failures tools/common $(objects "$build/tools/common")
    for tool in tools/*/; do
      tool=${tool%/}
      [ "$tool" = tools/common ] && continue
      object_failures "$tool" $(objects "$build/$tool") $(objects "$build/tools/common")
    done
    object_failures tests/common $(objects "$build/tests/common")
  )
  failures=$(printf '%s\n%s\n' "$failures" "$(printf '%s\n' "$object_findings" | sort -u)")
  objects_note=""
else
  objects_note=" (no $build/src: the objects' circles were not checked)"
fi

# The API's functions have C linkage: a definition (C++, in a .cu file) whose parameters differ
# from gnest.h's declaration is a C++ overload that leaves the C symbol undefined.
library=lib/libgnest.so
if [ -e "$library" ]; then
  exported=$(nm -D --defined-only "$library" | awk '$2 == "T" {print $3}')
  for fn in $(grep -oE '\bgnest_[a-z0-9_]+\(' include/gnest.h | tr -d '(' | sort -u); do
    grep -qx "$fn" <<<"$exported" ||
      failures=$(printf '%s\ninclude/gnest.h: %s is not exported by %s with C linkage' \
                 "$failures" "$fn" "lib/libgnest.so")
  done
fi

failures=$(printf '%s\n' "$failures" | sed '/^$/d')
if [ -n "$failures" ]; then
  printf '%s\n' "$failures" >&2
  echo "check-layers: $(printf '%s\n' "$failures" | wc -l) finding(s);" \
       "the rules are at the top of scripts/check-layers.sh" >&2
  exit 1
fi
count() { printf '%s\n' "$1" | wc -l; }
echo "check-layers: OK ($(count "$includes") includes in $(count "$sources") files)$objects_note"
