package mana.launcher.coord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Words why a transparent checkpoint was abandoned: the planner speaks of safe points; in
 * transparent mode they are cut points (blocking sends, receives, probes, waits and collectives on
 * MPI_COMM_WORLD made by the main thread), and a rank that never reached one capturable says why (its first decline).
 */
final class TransparentReasons {

    private TransparentReasons() {
    }

    /** Where a transparent cut with target {@code t} is. */
    static String cut(long t) {
        return "before MPI_COMM_WORLD collective " + t + " (each rank stops at its first blocking send, receive, probe or wait, test or iProbe after "
                + (t <= 1 ? "MPI_Init" : "collective " + (t - 1)) + ", or at collective " + t + " or MPI_Finalize)";
    }

    /** Where the ranks stopped, grouped by call: " (before mpi.Comm.recv: ranks 1, 2; before mpi.Comm.send: rank 0)". */
    static String stops(Map<Integer, String> stops) {
        if (stops.isEmpty()) {
            return "";
        }
        Map<String, List<Integer>> byCall = new TreeMap<>();
        stops.forEach((rank, where) -> byCall.computeIfAbsent(where, w -> new ArrayList<>()).add(rank));
        return byCall.entrySet().stream().map(e -> e.getKey() + ": " + (e.getValue().size() == 1 ? "rank " : "ranks ")
                + e.getValue().stream().map(String::valueOf).collect(Collectors.joining(", "))).collect(Collectors.joining("; ", " (", ")"));
    }

    static String of(String reason, Map<Integer, String> declines) {
        String r = reason.replace("did not reach a safe point within", "did not reach a capturable cut point within")
                .replace("safe point", "cut point");
        if (r.contains("did not reach")) {
            r += " (transparent checkpoints cut only at a blocking send, receive, probe or wait, test or iProbe or before a blocking collective on"
                    + " MPI_COMM_WORLD made by the main thread; a program that makes none cannot be checkpointed)";
        }
        if (!declines.isEmpty() && !r.contains("cannot be captured")) {
            Map.Entry<Integer, String> first = declines.entrySet().iterator().next();
            r += "; rank " + first.getKey() + ": no capture " + first.getValue();
        }
        return r.replaceAll("\\s*\\R\\s*", "; ");
    }
}
