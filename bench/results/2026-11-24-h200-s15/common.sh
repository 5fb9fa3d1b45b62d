# Sourced by the call scripts on the GPU machine (repository root = $REPO). unpack NAME DIR:
# unpacks devpack/NAME.tar.xz into DIR, with ../shared/data there pointing at devdata.
set -u
REPO=$PWD
LOG=$OUT/logs
mkdir -p "$LOG"
nvidia-smi -L > "$LOG/device.txt" 2>&1
unpack() {
  mkdir -p "$2" && tar -xJf "devpack/$1.tar.xz" -C "$2" || { echo "unpack $1 failed"; exit 1; }
  mkdir -p "$(dirname "$2")/shared"
  [ -e "$(dirname "$2")/shared/data" ] || ln -s "$REPO/devdata" "$(dirname "$2")/shared/data"
  ln -sfn "$REPO/devdata" "$2/devdata"
}
# gtest NAME LIMIT CMD...: runs CMD (in the current directory) into $LOG/NAME.log; one summary line.
gtest() {
  local name=$1 limit=$2; shift 2
  local t0=$(date +%s)
  timeout "$limit" "$@" > "$LOG/$name.log" 2>&1
  local rc=$?
  echo "$name rc=$rc $(( $(date +%s) - t0 ))s $(grep -a 'Synthesis' "$LOG/$name.log" | tail -n 1)" >> "$LOG/summary.txt"
}
finish() {
  tar -czf "$OUT/logs.tgz" -C "$OUT" logs
  cat "$LOG/summary.txt"
}
