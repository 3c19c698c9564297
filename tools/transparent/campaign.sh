#!/usr/bin/env bash
# Transparent kill -9 campaign (issue 18): RUNS jobs of an unmodified program with no MANA import
# (mana.examples.plain.PlainRing: a token ring and an allReduce per round, 3 ranks), run with
# --transparent --ckpt-interval 1s --max-restarts 3; in each, once the first checkpoint is
# committed, one rank chosen at random is killed with SIGKILL after a random delay (0-2 s). A run
# passes when the job exits 0, restarted at least once, and prints the uninterrupted run's checksum
# (Open MPI's own binding, computed once at the start).
#   tools/transparent/campaign.sh [RUNS] [ROUNDS] [MS]     (default: 20 runs, 300 rounds, 20 ms per round)
#   PROGRAM=pipeline tools/transparent/campaign.sh ...     mana.examples.plain.PlainPipeline instead (point-to-point
#                                                          calls only: the cuts are at its sends and receives; ROUNDS = items)
#   PROGRAM=halo ...                                       mana.examples.plain.PlainHalo (iRecv/iSend/waitAll; ROUNDS = steps)
#   PROGRAM=exchange ...                                   mana.examples.plain.PlainExchange (1 MiB rendezvous sends; ROUNDS = steps)
# Needs a built tree (./mana setup).
set -uo pipefail
HOME_DIR="$(cd "$(dirname "$0")/../.." && pwd)"
RUNS="${1:-20}"; ROUNDS="${2:-300}"; MS="${3:-20}"
JAR="$HOME_DIR/examples/target/mana-examples.jar"
case "${PROGRAM:-ring}" in
  ring) CLASS=mana.examples.plain.PlainRing; SUM='^plain ring checksum' ;;
  pipeline) CLASS=mana.examples.plain.PlainPipeline; SUM='^plain pipeline checksum' ;;
  halo) CLASS=mana.examples.plain.PlainHalo; SUM='^plain halo total' ;;
  exchange) CLASS=mana.examples.plain.PlainExchange; SUM='^plain exchange checksum' ;;
  *) echo "campaign: PROGRAM is ring, pipeline, halo or exchange, not '$PROGRAM'" >&2; exit 2 ;;
esac
MPIJAR="$HOME_DIR/launcher/target/dist/lib/mana.lowerhalf.jar"
[ -f "$JAR" ] || { echo "campaign: $JAR missing: build the tree first (./mana setup)" >&2; exit 2; }
[ -f "$MPIJAR" ] || { echo "campaign: the lower-half jar is missing: build the tree first (./mana setup)" >&2; exit 2; }
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
ROOT_OPT=(); [ "$(id -u)" -eq 0 ] && ROOT_OPT=(--allow-run-as-root)
want="$(mpirun "${ROOT_OPT[@]}" --oversubscribe -np 3 java -cp "$MPIJAR:$JAR" "$CLASS" "$ROUNDS" 0 \
  | grep "$SUM")"
[ -n "$want" ] || { echo "campaign: the reference run on Open MPI's binding failed" >&2; exit 2; }
echo "reference: $want"
pass=0
for run in $(seq "$RUNS"); do
  root="$WORK/ckpt-$run"; out="$WORK/out-$run"; err="$WORK/err-$run"
  MANA_SKIP_SETUP_CHECK=1 timeout 300 "$HOME_DIR/mana" run --transparent --ckpt-dir "$root" --ckpt-interval 1s --max-restarts 3 \
    -np 3 --class "$CLASS" "$JAR" "$ROUNDS" "$MS" > "$out" 2> "$err" &
  job=$!
  for _ in $(seq 1200); do
    ls "$root" 2>/dev/null | grep -q '^ckpt-' && break
    kill -0 "$job" 2>/dev/null || break; sleep 0.1
  done
  sleep "$(awk -v s="$RANDOM" 'BEGIN { printf "%.2f", (s % 200) / 100 }')"
  # the rank JVMs are the java processes mpirun started under this job
  mpirun_pid="$(pgrep -P "$(pgrep -P "$job" | head -1)" mpirun 2>/dev/null | head -1)"
  ranks=($(pgrep -P "${mpirun_pid:-0}" java 2>/dev/null))
  victim=""; [ "${#ranks[@]}" -gt 0 ] && victim="${ranks[$((RANDOM % ${#ranks[@]}))]}" && kill -9 "$victim"
  wait "$job"; rc=$?
  got="$(grep "$SUM" "$out")"
  restarted=0; grep -q 'restarting from checkpoint' "$err" && restarted=1
  if [ "$rc" -eq 0 ] && [ "$restarted" -eq 1 ] && [ "$got" = "$want" ]; then
    pass=$((pass + 1)); echo "run $run: pass (killed pid ${victim:-none}; $(grep -o 'restarting from checkpoint [0-9]*' "$err" | head -1))"
  else
    echo "--- run $run failed (exit $rc, killed pid ${victim:-none}, restarted $restarted): got '$got'"; tail -20 "$err"
  fi
done
echo "transparent kill -9 campaign: $pass of $RUNS runs gave the uninterrupted run's answer"
[ "$pass" -eq "$RUNS" ]
