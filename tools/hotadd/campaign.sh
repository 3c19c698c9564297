#!/usr/bin/env bash
# Hot-add campaign (issue 22): RUNS jobs at each rank count, each started without mana.wrappers.cart;
# the program (mana.shelltest.CartOrAllGather) tries createCart every iteration and falls back to an
# allGather, with no agreement of its own. The cart bundle is dropped into the job's plugins folder
# once every rank has fallen back, and taken away again once every rank has used it. A run passes
# when the job exits 0, every rank switched to the Cartesian path at the same iteration and back to
# the allGather at the same iteration, and every rank's answer is right.
#   tools/hotadd/campaign.sh [RUNS] [RANKS...]      (default: 10 runs at 2 3 4 ranks)
# Needs a built tree (./mana setup; tests/shell.multirank/target/programs.jar: mvn -o install -DskipTests).
set -uo pipefail
HOME_DIR="$(cd "$(dirname "$0")/../.." && pwd)"
RUNS="${1:-10}"; shift || true
RANKS=("${@:-2 3 4}"); [ $# -eq 0 ] && RANKS=(2 3 4)
JAR="$HOME_DIR/tests/shell.multirank/target/programs.jar"
CART="$(ls "$HOME_DIR"/launcher/target/dist/bundles/mana.wrappers.cart-*.jar | head -1)"
[ -f "$JAR" ] || { echo "campaign: $JAR missing: build the tree first" >&2; exit 2; }
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
expected() { # rank size iterations -> the answer (same formula as CartOrAllGather.expected)
  awk -v r="$1" -v n="$2" -v it="$3" 'BEGIN { s = 0; l = (r + n - 1) % n; rr = (r + 1) % n;
    for (i = 0; i < it; i++) s += 1000 * l + i % 97 + 1000 * rr + i % 97; printf "%d", s }'
}
total_pass=0; total=0
for np in "${RANKS[@]}"; do
  pass=0
  for run in $(seq "$RUNS"); do
    total=$((total + 1))
    plugins="$WORK/plugins-$np-$run"; mkdir -p "$plugins"; out="$WORK/out-$np-$run"
    timeout 240 "$HOME_DIR/mana" run --without-bundle mana.wrappers.cart --plugins "$plugins" -np "$np" \
      --class mana.shelltest.CartOrAllGather "$JAR" 0 30 > "$out" 2>&1 &
    job=$!
    for _ in $(seq 1200); do
      [ "$(grep -c ': fallback: ' "$out")" -ge "$np" ] && break
      kill -0 "$job" 2>/dev/null || break; sleep 0.1
    done
    cp "$CART" "$plugins/.cart.part" && mv "$plugins/.cart.part" "$plugins/cart.jar"
    for _ in $(seq 1200); do
      [ "$(grep -c ': cart from iteration ' "$out")" -ge "$np" ] && break
      kill -0 "$job" 2>/dev/null || break; sleep 0.1
    done
    rm -f "$plugins/cart.jar"
    wait "$job"; rc=$?
    firsts="$(grep -o 'cart from iteration [0-9]*' "$out" | sort -u | wc -l)"
    backs="$(grep -o 'fallback again from iteration [0-9]*' "$out" | sort -u | wc -l)"
    ok=1; [ "$rc" -eq 0 ] && [ "$firsts" -eq 1 ] && [ "$backs" -eq 1 ] || ok=0
    for r in $(seq 0 $((np - 1))); do
      line="$(grep "^rank $r: result " "$out")"; got="$(echo "$line" | awk '{print $4}')"; it="$(echo "$line" | awk '{print $6}')"
      [ -n "$it" ] && [ "$got" = "$(expected "$r" "$np" "$it")" ] || ok=0
    done
    if [ "$ok" -eq 1 ]; then pass=$((pass + 1)); else echo "--- failed run ($np ranks, run $run, exit $rc):"; cat "$out"; fi
  done
  echo "hot-add campaign: $np ranks: $pass of $RUNS runs finished with the right answer, switched on at one iteration and off at one iteration"
  total_pass=$((total_pass + pass))
done
echo "hot-add campaign: $total_pass of $total runs passed"
[ "$total_pass" -eq "$total" ]
