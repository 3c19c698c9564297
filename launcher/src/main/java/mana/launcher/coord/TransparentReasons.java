package mana.launcher.coord;

import java.util.Map;

/**
 * Words why a transparent checkpoint was abandoned: the planner speaks of safe points; in
 * transparent mode they are cut points (blocking collectives on MPI_COMM_WORLD made by the main
 * thread), and a rank that never reached one capturable says why (its first decline).
 */
final class TransparentReasons {

    private TransparentReasons() {
    }

    static String of(String reason, Map<Integer, String> declines) {
        String r = reason.replace("did not reach a safe point within", "did not reach a capturable cut point within")
                .replace("safe point", "cut point");
        if (r.contains("did not reach")) {
            r += " (transparent checkpoints cut only before a blocking collective on MPI_COMM_WORLD made by the main thread;"
                    + " a program that makes none cannot be checkpointed)";
        }
        if (!declines.isEmpty() && !r.contains("cannot be captured")) {
            Map.Entry<Integer, String> first = declines.entrySet().iterator().next();
            r += "; rank " + first.getKey() + ": no capture " + first.getValue();
        }
        return r.replaceAll("\\s*\\R\\s*", "; ");
    }
}
