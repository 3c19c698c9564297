package mana.launcher.coord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The coordinator's side of switching hot-added wrapper bundles on at the same point on every
 * rank (the rank side is {@code mana.core.fn.Activations}). Pure logic: it turns what ranks say
 * into lines to send.
 *
 * <p>A rank with providers waiting says READY. The planner opens a round: ACTREQ to every rank;
 * each answers ACTAT with its agreement-event count n and its waiting providers, and from then
 * on does not pass event n+1 until it hears back. With every answer in, the providers that every
 * rank has are switched on right before event T = max(n) + 1 (ACTTARGET); when no provider is on
 * every rank yet the round ends (ACTCANCEL) and the next READY opens another. A rank that cannot
 * load a bundle (FAIL) makes it refused everywhere (ACTREFUSE). Removal goes the same way: a
 * provider whose bundle goes away is reported as {@code -bundle:Type} and switched off at the
 * target once every rank reports it.
 */
final class ActivationPlanner {
    /** A line for one rank, or for every rank when {@code rank} is -1. */
    record Send(int rank, String line) {
    }

    /** A message for the job's output (mana run's stderr). */
    interface Log {
        void say(String message);
    }

    static final long ROUND_TIMEOUT_NANOS = 30_000_000_000L;

    private final Log log;
    private long round;
    private boolean open;
    private boolean readyMeanwhile;
    private long deadline;
    private final Map<Integer, Long> counts = new HashMap<>();
    private final Map<Integer, Set<String>> waiting = new HashMap<>();
    private final Set<String> refused = new TreeSet<>();
    /** Ranks that finalized or went away: no round can complete any more. */
    private final Set<Integer> gone = new TreeSet<>();

    ActivationPlanner(Log log) {
        this.log = log;
    }

    /** A rank has providers waiting. */
    List<Send> ready(int rank, long now) {
        if (!gone.isEmpty()) {
            return List.of(); // rank(s) finalized or died: nobody could answer for them
        }
        if (open) {
            readyMeanwhile = true;
            return List.of();
        }
        return openRound(now);
    }

    private List<Send> openRound(long now) {
        round++;
        open = true;
        readyMeanwhile = false;
        deadline = now + ROUND_TIMEOUT_NANOS;
        counts.clear();
        waiting.clear();
        return List.of(new Send(-1, "ACTREQ " + round));
    }

    /** A rank's answer in round {@code r}: its event count and waiting providers ({@code bundle:Type}). */
    List<Send> at(int rank, long r, long count, String keys, int np, long now) {
        if (!open || r != round) {
            return List.of();
        }
        counts.put(rank, count);
        Set<String> k = new TreeSet<>(keys.isEmpty() ? List.of() : Arrays.asList(keys.split(",")));
        k.removeIf(key -> !key.startsWith(LEAVING) && refused.contains(bundle(key)));
        waiting.put(rank, k);
        if (counts.size() < np) {
            return List.of();
        }
        Set<String> everywhere = null;
        for (Set<String> s : waiting.values()) {
            if (everywhere == null) {
                everywhere = new TreeSet<>(s);
            } else {
                everywhere.retainAll(s);
            }
        }
        List<Send> out = new ArrayList<>();
        if (everywhere == null || everywhere.isEmpty()) {
            out.add(new Send(-1, "ACTCANCEL " + round));
        } else {
            long target = counts.values().stream().mapToLong(Long::longValue).max().orElse(0) + 1;
            out.add(new Send(-1, "ACTTARGET " + round + " " + target + " " + Wire.text(String.join(",", everywhere))));
            log.say(switching(everywhere) + " on all " + np + " ranks at the same point (agreement event " + target + ")");
        }
        out.addAll(close(now));
        return out;
    }

    private List<Send> close(long now) {
        open = false;
        if (readyMeanwhile && gone.isEmpty()) {
            return openRound(now);
        }
        return List.of();
    }

    /** A rank cannot load {@code bundle}: refused on every rank. */
    List<Send> failed(int rank, String bundle, String reason) {
        if (!refused.add(bundle)) {
            return List.of();
        }
        log.say("bundle " + bundle + " is not switched on: rank " + rank + ": " + reason);
        return List.of(new Send(-1, "ACTREFUSE " + Wire.text(bundle) + " " + Wire.text("rank " + rank + ": " + reason)));
    }

    /** A rank finalized, died or went away: an open round cannot complete. */
    List<Send> gone(int rank, long now) {
        gone.add(rank);
        if (!open) {
            return List.of();
        }
        List<Send> out = new ArrayList<>(List.of(new Send(-1, "ACTCANCEL " + round)));
        open = false; // no new round: not every rank can answer any more
        return out;
    }

    /** A round whose answers do not all come (a rank stuck outside MPI's reach) ends. */
    List<Send> tick(long now, int np) {
        if (!open || now < deadline) {
            return List.of();
        }
        Set<Integer> missing = new TreeSet<>();
        for (int r = 0; r < np; r++) {
            if (!counts.containsKey(r)) {
                missing.add(r);
            }
        }
        log.say("hot-added bundles stay off: rank(s) " + missing + " did not answer within "
                + ROUND_TIMEOUT_NANOS / 1_000_000_000L + " s");
        List<Send> out = new ArrayList<>(List.of(new Send(-1, "ACTCANCEL " + round)));
        out.addAll(close(now));
        return out;
    }

    boolean isOpen() {
        return open;
    }

    /** "switching on a, b; switching off c" for keys {@code bundle:Type} (on) and {@code -bundle:Type} (off). */
    private static String switching(Set<String> keys) {
        Set<String> on = new LinkedHashSet<>();
        Set<String> off = new LinkedHashSet<>();
        for (String k : keys) {
            (k.startsWith(LEAVING) ? off : on).add(bundle(k));
        }
        List<String> parts = new ArrayList<>();
        if (!on.isEmpty()) {
            parts.add("switching on " + String.join(", ", on));
        }
        if (!off.isEmpty()) {
            parts.add("switching off " + String.join(", ", off));
        }
        return String.join("; ", parts);
    }

    /** The bundle of a key {@code bundle:Type} or {@code -bundle:Type}. */
    private static String bundle(String key) {
        String k = key.startsWith(LEAVING) ? key.substring(LEAVING.length()) : key;
        return k.substring(0, Math.max(0, k.indexOf(':')));
    }

    /** How ranks mark a provider that is leaving (mana.core.fn.Activations.LEAVING_PREFIX). */
    static final String LEAVING = "-";
}
