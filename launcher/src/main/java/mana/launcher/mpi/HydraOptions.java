package mana.launcher.mpi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Open MPI mpirun options of a mana command line, for MPICH's hydra ({@code mpirun.mpich}).
 * The launcher speaks Open MPI's options (its own and the user's); with {@code --mpi mpich} they
 * are translated here, and an option hydra has no counterpart for is a one-line error rather than
 * a hydra usage dump on every start.
 */
public final class HydraOptions {
    /** Open MPI options with a value and hydra's spelling of them. */
    private static final Map<String, String> RENAMED = Map.ofEntries(
            Map.entry("-np", "-n"), Map.entry("--np", "-n"), Map.entry("-n", "-n"), Map.entry("-c", "-n"),
            Map.entry("-N", "-ppn"), Map.entry("--npernode", "-ppn"), Map.entry("-npernode", "-ppn"),
            Map.entry("-H", "-hosts"), Map.entry("-host", "-hosts"), Map.entry("--host", "-hosts"),
            Map.entry("--hostfile", "-f"), Map.entry("-hostfile", "-f"), Map.entry("--machinefile", "-f"),
            Map.entry("-machinefile", "-f"), Map.entry("--default-hostfile", "-f"),
            Map.entry("--wdir", "-wdir"), Map.entry("-wdir", "-wdir"), Map.entry("--wd", "-wdir"), Map.entry("-wd", "-wdir"),
            Map.entry("--bind-to", "-bind-to"), Map.entry("-bind-to", "-bind-to"),
            Map.entry("--map-by", "-map-by"), Map.entry("-map-by", "-map-by"));
    /** Open MPI flags with no meaning under hydra: hydra oversubscribes and runs as root without being asked. */
    private static final Set<String> DROPPED_FLAGS = Set.of("--oversubscribe", "-oversubscribe", "--allow-run-as-root");
    /** Open MPI flags hydra spells otherwise. */
    private static final Map<String, String> RENAMED_FLAGS = Map.of("--tag-output", "-prepend-rank", "-tag-output", "-prepend-rank");

    private HydraOptions() {
    }

    /** Thrown for an option hydra cannot take; the message is the user's line. */
    public static final class Untranslatable extends Exception {
        private static final long serialVersionUID = 1L;

        Untranslatable(String message) {
            super(message);
        }
    }

    /**
     * Hydra's options for these Open MPI ones. {@code -x NAME} is dropped: hydra passes the whole
     * environment to every rank ({@code -genvall}, stated first), so the job's variables reach the
     * ranks without their values on a command line; {@code -x NAME=VALUE} becomes
     * {@code -genv NAME VALUE}. Open MPI's {@code --mca} settings are Open MPI's tuning and are
     * dropped.
     */
    public static List<String> translate(List<String> openMpi) throws Untranslatable {
        return translate(openMpi, LocalCores.count());
    }

    /**
     * As {@link #translate(List)}, plus hydra's {@code -usize} so that MPI_UNIVERSE_SIZE is set
     * as Open MPI sets it (hydra leaves it unset by default): the slots of the host list or
     * hostfile when there is one ({@code -usize SYSTEM}: hydra counts them as Open MPI does),
     * else this node's cores ({@code localCores}; Open MPI's default slots). Not the job's size:
     * Open MPI reports 2 on a 2-core node for {@code -np 4 --oversubscribe} too.
     */
    static List<String> translate(List<String> openMpi, int localCores) throws Untranslatable {
        List<String> out = translateOptions(openMpi);
        boolean hosts = out.contains("-hosts") || out.contains("-f");
        out.addAll(1, List.of("-usize", hosts ? "SYSTEM" : String.valueOf(Math.max(1, localCores))));
        return out;
    }

    private static List<String> translateOptions(List<String> openMpi) throws Untranslatable {
        List<String> out = new ArrayList<>(List.of("-genvall"));
        for (int i = 0; i < openMpi.size(); i++) {
            String a = openMpi.get(i);
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            if (DROPPED_FLAGS.contains(name)) {
                continue;
            }
            if (RENAMED_FLAGS.containsKey(name)) {
                out.add(RENAMED_FLAGS.get(name));
                continue;
            }
            if (name.equals("--mca") || name.equals("-mca") || name.equals("--gmca") || name.equals("-gmca")) {
                i += 2; // Open MPI's component settings: nothing to say to MPICH
                continue;
            }
            if (name.equals("-x")) {
                String v = value != null ? value : next(openMpi, ++i, a);
                int e = v.indexOf('=');
                if (e > 0) {
                    out.addAll(List.of("-genv", v.substring(0, e), v.substring(e + 1)));
                }
                continue;
            }
            if (RENAMED.containsKey(name)) {
                out.add(RENAMED.get(name));
                out.add(value != null ? value : next(openMpi, ++i, a));
                continue;
            }
            throw new Untranslatable("mpirun option " + a + " has no MPICH (hydra) translation; leave it out with --mpi mpich"
                    + " (translated: -np, -N, -H/--host, --hostfile, --wdir, --bind-to, --map-by, -x, --tag-output)");
        }
        return out;
    }

    private static String next(List<String> args, int i, String option) throws Untranslatable {
        if (i >= args.size()) {
            throw new Untranslatable("mpirun option " + option + " needs a value");
        }
        return args.get(i);
    }
}
