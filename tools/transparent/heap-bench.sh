#!/usr/bin/env bash
# Checkpoint time of a large heap per rank against a plain write of the same bytes (issue 18: goal <= 1.5x).
# An unmodified program (mana.examples.plain.PlainBigHeap: half its heap in double[], a quarter in byte[],
# a quarter in an object graph) runs on 2 ranks under mana run --transparent; once its heap is filled,
# `mana checkpoint --exit` is timed from the request to the commit (the coordinator's own figure, and the
# command's wall time); then as many bytes as each rank file holds are written by 2 concurrent
# `dd if=/dev/zero bs=1M conv=fsync` to the same directory (a write through the page cache plus fsync),
# and again with `oflag=direct` (around the page cache, as the checkpoint writes large rank files).
# Prints two lines per run with both ratios; not a test (no assertion), run by hand.
# MANA_JAVA_OPTS passes options to the ranks (e.g. -Dmana.ckpt.directIO=false, -Dmana.heap.c1Only=false).
#   tools/transparent/heap-bench.sh [MIB per rank, 1024] [RUNS, 3] [DIR, a new directory under /tmp]
# Needs a built tree (./mana setup) and about 2 x MIB of free memory per rank (the image is streamed).
set -uo pipefail
HOME_DIR="$(cd "$(dirname "$0")/../.." && pwd)"
MIB="${1:-1024}"; RUNS="${2:-3}"; DIR="${3:-$(mktemp -d /tmp/heap-bench.XXXXXX)}"
JAR="$HOME_DIR/examples/target/mana-examples.jar"
CLASS=mana.examples.plain.PlainBigHeap
[ -f "$JAR" ] || { echo "heap-bench: $JAR missing: build the tree first (./mana setup)" >&2; exit 2; }
mkdir -p "$DIR"
export MANA_SKIP_SETUP_CHECK=1
echo "heap-bench: $MIB MiB per rank, 2 ranks, $RUNS runs, in $DIR ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
for run in $(seq "$RUNS"); do
  root="$DIR/ckpt-$run"; out="$DIR/out-$run"; err="$DIR/err-$run"
  rm -rf "$root"
  MANA_JAVA_OPTS="${MANA_JAVA_OPTS:-} -Dmana.heap.timing=true" timeout 900 "$HOME_DIR/mana" run --transparent --ckpt-dir "$root" -np 2 --class "$CLASS" "$JAR" "$MIB" 1000000 20 \
    > "$out" 2> "$err" &
  job=$!
  for _ in $(seq 3000); do
    grep -q "per rank filled" "$out" 2>/dev/null && break
    kill -0 "$job" 2>/dev/null || break; sleep 0.1
  done
  grep -q "per rank filled" "$out" || { echo "run $run: the program did not fill its heap"; tail -5 "$err"; kill "$job"; continue; }
  id="$("$HOME_DIR/mana" jobs | grep -o "PlainBigHeap-[0-9]*" | head -1)"
  load="$(cut -d' ' -f1 /proc/loadavg)"
  t0=$(date +%s.%N)
  "$HOME_DIR/mana" checkpoint "$id" --exit > "$DIR/ck-$run" 2>&1
  t1=$(date +%s.%N)
  wait "$job"
  committed="$(grep -o 'committed: .*' "$DIR/ck-$run" | head -1)"
  secs="$(echo "$committed" | grep -o '[0-9.]* s,' | head -1 | tr -d ' s,')"
  wall="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
  f0="$(ls "$root"/ckpt-*/rank-0* 2>/dev/null | head -1)"
  bytes="$(stat -c %s "$f0" 2>/dev/null || echo 0)"
  [ -n "$secs" ] && [ "$bytes" -gt 0 ] || { echo "run $run: no committed checkpoint"; cat "$DIR/ck-$run"; tail -5 "$err"; continue; }
  rm -rf "$root"; sync
  count=$(( (bytes + 1048575) / 1048576 ))
  # the two baselines in the same minute: through the page cache then fsync, and around it (O_DIRECT)
  dd_time() {
    local d0 d1
    d0=$(date +%s.%N)
    dd if=/dev/zero of="$DIR/dd-0" bs=1M count="$count" "$@" status=none &
    dd if=/dev/zero of="$DIR/dd-1" bs=1M count="$count" "$@" status=none &
    wait
    d1=$(date +%s.%N)
    rm -f "$DIR"/dd-*; sync
    awk -v a="$d0" -v b="$d1" 'BEGIN { printf "%.2f", b - a }'
  }
  ddf="$(dd_time conv=fsync)"
  ddd="$(dd_time oflag=direct conv=fsync)"
  ratio() { awk -v c="$secs" -v d="$1" 'BEGIN { printf "%.2f", c / d }'; }
  echo "run $run: checkpoint $secs s (command $wall s; $committed) for $((bytes / 1048576)) MiB per rank;" \
       "$(grep -o "heap image of .* made and written in [0-9.]* s (process CPU [0-9.]* s)" "$err" | head -2 | tr '\n' ' ')"
  echo "run $run: 2 x dd of the same $count MiB: conv=fsync $ddf s, ratio $(ratio "$ddf"); oflag=direct conv=fsync $ddd s, ratio $(ratio "$ddd") (load $load)"
done
