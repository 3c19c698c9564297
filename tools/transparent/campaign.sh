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
#   PROGRAM=pool ...                                       mana.examples.plain.PlainPool (thread pools, a ForkJoinPool and a
#                                                          joined thread do each step's compute; an allReduce a step;
#                                                          ROUNDS = steps; the three ranks' lines compared, sorted)
#   PROGRAM=heat ...                                       mana.examples.plain.PlainHeat, the heat example without
#                                                          safe points (halo sendRecvs, an allReduce every 5 steps, statics;
#                                                          ROUNDS = steps, default 40000; the third argument = cells per
#                                                          rank, default 16: it does not sleep)
# Knobs (environment; the defaults are mana run's own):
#   CKPT_INTERVAL=D   --ckpt-interval of each run (default 1s)
#   DEADLINE_S=S      the coordinator's cut deadline (-Dmana.ckpt.deadlineS; mana's default 60)
#   GRACE_MS=MS       its grace period at point-to-point cut points (-Dmana.ckpt.graceMs; mana's default 100)
#   RUN_TIMEOUT_S=S   seconds a run (restarts included) may take before it is killed and failed (default 300)
# Needs a built tree (./mana setup).
set -uo pipefail
HOME_DIR="$(cd "$(dirname "$0")/../.." && pwd)"
RUNS="${1:-20}"
JAR="$HOME_DIR/examples/target/mana-examples.jar"
case "${PROGRAM:-ring}" in
  ring) CLASS=mana.examples.plain.PlainRing; SUM='^plain ring checksum' ;;
  pipeline) CLASS=mana.examples.plain.PlainPipeline; SUM='^plain pipeline checksum' ;;
  halo) CLASS=mana.examples.plain.PlainHalo; SUM='^plain halo total' ;;
  exchange) CLASS=mana.examples.plain.PlainExchange; SUM='^plain exchange checksum' ;;
  heat) CLASS=mana.examples.plain.PlainHeat; SUM='^steps .* checksum' ;;
  pool) CLASS=mana.examples.plain.PlainPool; SUM='^plain pool rank' ;;
  *) echo "campaign: PROGRAM is ring, pipeline, halo, exchange, pool or heat, not '$PROGRAM'" >&2; exit 2 ;;
esac
if [ "${PROGRAM:-ring}" = heat ]; then
  ROUNDS="${2:-40000}"; MS="${3:-16}"; REF_MS="$MS"   # steps and cells per rank (the reference too)
else
  ROUNDS="${2:-300}"; MS="${3:-20}"; REF_MS=0         # rounds and ms per round (the reference does not sleep)
fi
CKPT_INTERVAL="${CKPT_INTERVAL:-1s}"
RUN_TIMEOUT_S="${RUN_TIMEOUT_S:-300}"
for knob in RUNS ROUNDS MS RUN_TIMEOUT_S ${DEADLINE_S:+DEADLINE_S} ${GRACE_MS:+GRACE_MS}; do
  case "${!knob}" in ''|*[!0-9]*) echo "campaign: $knob needs a whole number, not '${!knob}'" >&2; exit 2 ;; esac
done
# The deadline and the grace period are read by the coordinator, which runs in mana run's own JVM:
# that JVM is started here as ./mana starts it, with the properties added.
CLI_JAR="$HOME_DIR/launcher/target/dist/mana-launcher.jar"
CLI_PROPS=(-Dmana.home="$HOME_DIR")
[ -z "${DEADLINE_S:-}" ] || CLI_PROPS+=(-Dmana.ckpt.deadlineS="$DEADLINE_S")
[ -z "${GRACE_MS:-}" ] || CLI_PROPS+=(-Dmana.ckpt.graceMs="$GRACE_MS")
MPIJAR="$HOME_DIR/launcher/target/dist/lib/mana.lowerhalf.jar"
[ -f "$JAR" ] || { echo "campaign: $JAR missing: build the tree first (./mana setup)" >&2; exit 2; }
[ -f "$MPIJAR" ] || { echo "campaign: the lower-half jar is missing: build the tree first (./mana setup)" >&2; exit 2; }
[ -f "$CLI_JAR" ] || { echo "campaign: $CLI_JAR missing: build the tree first (./mana setup)" >&2; exit 2; }
echo "campaign: $CLASS $ROUNDS $MS, $RUNS runs; --ckpt-interval $CKPT_INTERVAL, deadline ${DEADLINE_S:-60 (default)} s," \
  "grace ${GRACE_MS:-100 (default)} ms, run timeout $RUN_TIMEOUT_S s"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
ROOT_OPT=(); [ "$(id -u)" -eq 0 ] && ROOT_OPT=(--allow-run-as-root)
want="$(mpirun "${ROOT_OPT[@]}" --oversubscribe -np 3 java -cp "$MPIJAR:$JAR" "$CLASS" "$ROUNDS" "$REF_MS" \
  | grep "$SUM" | sort)"
[ -n "$want" ] || { echo "campaign: the reference run on Open MPI's binding failed" >&2; exit 2; }
echo "reference: $want"
pass=0
for run in $(seq "$RUNS"); do
  root="$WORK/ckpt-$run"; out="$WORK/out-$run"; err="$WORK/err-$run"
  timeout "$RUN_TIMEOUT_S" java "${CLI_PROPS[@]}" -jar "$CLI_JAR" run --transparent --ckpt-dir "$root" \
    --ckpt-interval "$CKPT_INTERVAL" --max-restarts 3 -np 3 --class "$CLASS" "$JAR" "$ROUNDS" "$MS" > "$out" 2> "$err" &
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
  got="$(grep "$SUM" "$out" | sort)"
  restarted=0; grep -q 'restarting from checkpoint' "$err" && restarted=1
  ckpts="$(grep -c 'checkpoint [0-9]* committed' "$err")"
  if [ "$rc" -eq 0 ] && [ "$restarted" -eq 1 ] && [ "$got" = "$want" ]; then
    pass=$((pass + 1)); echo "run $run: pass (killed pid ${victim:-none}; $(grep -o 'restarting from checkpoint [0-9]*' "$err" | head -1); $ckpts checkpoints committed)"
  else
    [ "$rc" -eq 124 ] && rc="124: killed after RUN_TIMEOUT_S=$RUN_TIMEOUT_S s"
    echo "--- run $run failed (exit $rc, killed pid ${victim:-none}, restarted $restarted, $ckpts checkpoints committed): got '$got'"; tail -20 "$err"
  fi
  # what the cut protocol declined or abandoned, verbatim (also in runs that passed)
  grep -E 'abandon|deadline|PASS|did not reach' "$err" | sed -E 's/checkpoint [0-9]+ /checkpoint N /' | sort | uniq -c \
    | head -10 | sed 's/^/    cut: /'
done
echo "transparent kill -9 campaign: $pass of $RUNS runs gave the uninterrupted run's answer"
[ "$pass" -eq "$RUNS" ]
