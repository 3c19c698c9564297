package mana.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parsed command line of {@code mana run}.
 *
 * <pre>mana run [MANA options] [-np N] [mpirun options] APP.jar [app args]</pre>
 *
 * <ul>
 * <li>MANA options: {@code --class NAME} (or {@code --class=NAME}), {@code --help}/{@code -h}.
 *     Any other option starting with {@code --mana-} is reserved for MANA and rejected.</li>
 * <li>Every other option before the jar goes to mpirun unchanged; the common mpirun options
 *     that take values ({@link #MPIRUN_VALUES}) carry them along, anything else is passed as a
 *     flag.</li>
 * <li>The first argument not starting with {@code -} (or the one after {@code --}) is the
 *     application jar; everything after it belongs to the application.</li>
 * </ul>
 */
public record RunArgs(boolean help, String mainClass, List<String> mpirunArgs, String appJar, List<String> appArgs,
        Integer ranks, String atFinalize, ShellOptions shell) {

    /** mpirun options taking values, and how many. */
    static final Map<String, Integer> MPIRUN_VALUES = Map.ofEntries(
            Map.entry("-np", 1), Map.entry("--np", 1), Map.entry("-n", 1), Map.entry("-c", 1),
            Map.entry("-N", 1), Map.entry("--npernode", 1), Map.entry("-npernode", 1),
            Map.entry("--npersocket", 1), Map.entry("-npersocket", 1),
            Map.entry("-H", 1), Map.entry("-host", 1), Map.entry("--host", 1),
            Map.entry("--hostfile", 1), Map.entry("-hostfile", 1),
            Map.entry("--machinefile", 1), Map.entry("-machinefile", 1), Map.entry("--default-hostfile", 1),
            Map.entry("--map-by", 1), Map.entry("-map-by", 1), Map.entry("--rank-by", 1), Map.entry("-rank-by", 1),
            Map.entry("--bind-to", 1), Map.entry("-bind-to", 1),
            Map.entry("-x", 1), Map.entry("--wdir", 1), Map.entry("-wdir", 1), Map.entry("--wd", 1), Map.entry("-wd", 1),
            Map.entry("--prefix", 1), Map.entry("-prefix", 1), Map.entry("--path", 1), Map.entry("-path", 1),
            Map.entry("--output-filename", 1), Map.entry("-output-filename", 1), Map.entry("--timeout", 1),
            Map.entry("--tune", 1), Map.entry("-tune", 1), Map.entry("--preload-files", 1),
            Map.entry("--mca", 2), Map.entry("-mca", 2), Map.entry("--gmca", 2), Map.entry("-gmca", 2));

    static final Set<String> RANK_OPTIONS = Set.of("-np", "--np", "-n", "-c");

    public static RunArgs parse(List<String> args) throws UsageError {
        boolean help = false;
        String mainClass = null;
        String atFinalize = null;
        Integer ranks = null;
        List<String> mpirun = new ArrayList<>();
        ShellOptions.Builder shell = new ShellOptions.Builder();
        int i = 0;
        while (i < args.size()) {
            String a = args.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.startsWith("-") || a.equals("-")) {
                break;
            }
            if (a.equals("--help") || a.equals("-h")) {
                help = true;
                i++;
            } else if (a.equals("--class")) {
                if (i + 1 >= args.size()) {
                    throw new UsageError("run", "--class needs a class name");
                }
                mainClass = args.get(i + 1);
                i += 2;
            } else if (a.startsWith("--class=")) {
                mainClass = a.substring("--class=".length());
                i++;
            } else if (a.equals("--at-finalize")) {
                if (i + 1 >= args.size() || args.get(i + 1).isBlank()) {
                    throw new UsageError("run", "--at-finalize needs shell commands, e.g. 'mana:handles'");
                }
                atFinalize = args.get(i + 1);
                i += 2;
            } else if (ShellOptions.isOption(a)) {
                i += shell.accept(args, i);
            } else if (a.startsWith("--mana-")) {
                throw new UsageError("run", "unknown MANA option " + a + " (see mana run --help)");
            } else if (MPIRUN_VALUES.containsKey(a)) {
                int n = MPIRUN_VALUES.get(a);
                if (i + n >= args.size()) {
                    throw new UsageError("run", a + " needs " + (n == 1 ? "a value" : n + " values"));
                }
                mpirun.add(a);
                for (int k = 1; k <= n; k++) {
                    mpirun.add(args.get(i + k));
                }
                if (RANK_OPTIONS.contains(a)) {
                    ranks = positive(a, args.get(i + 1));
                }
                i += n + 1;
            } else {
                mpirun.add(a);
                i++;
            }
        }
        if (mainClass != null && mainClass.isBlank()) {
            throw new UsageError("run", "--class needs a class name");
        }
        String jar = i < args.size() ? args.get(i) : null;
        List<String> appArgs = jar == null ? List.of() : List.copyOf(args.subList(i + 1, args.size()));
        if (jar == null && !help) {
            throw new UsageError("run", "no application jar given (usage: mana run [-np N] APP.jar [args]; see mana run --help)");
        }
        return new RunArgs(help, mainClass, List.copyOf(mpirun), jar, appArgs, ranks, atFinalize, shell.build());
    }

    private static int positive(String option, String value) throws UsageError {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new UsageError("run", option + " expects a positive number of ranks, got '" + value + "'");
    }

    public static final String HELP = """
            usage: mana run [MANA options] [-np N] [mpirun options] APP.jar [app args]

            Runs an unmodified MPI Java application under MANA: mpirun starts N ranks, each
            boots an OSGi framework (Felix) with the MANA platform bundles, turns APP.jar into
            a bundle whose mpi package is MANA's upper half, and calls its main method.

            MANA options (before APP.jar):
              --class NAME     main class to run (default: Main-Class of APP.jar's manifest);
                               also --class=NAME
              --at-finalize CMDS
                               run Gogo shell commands on every rank when the application
                               calls MPI.Finalize, e.g. --at-finalize 'mana:handles; mana:stats'
                               (output prefixed with the rank)
              -h, --help       this help
              --mana-*         reserved for MANA; unknown ones are rejected

            mpirun options (before APP.jar) are passed to mpirun as they are. These take values:
              -np N, --np N, -n N, -c N   number of ranks (must be a positive integer)
              -N N, --npernode N, --npersocket N
              -H/--host HOSTS, --hostfile/-hostfile F, --machinefile/-machinefile F
              --map-by X, --rank-by X, --bind-to X, -x NAME[=VALUE]
              --mca/-mca/--gmca NAME VALUE (two values), --wdir/--wd DIR, --prefix DIR, --path DIR
              --output-filename F, --timeout S, --tune F, --preload-files F
            Any other option is passed to mpirun alone, as a flag (e.g. --tag-output,
            --report-bindings). Use the option=value form of mpirun for other valued options.
            mana adds --oversubscribe, and --allow-run-as-root when run as root.

            APP.jar is the first argument not starting with '-' (or the one after '--');
            every argument after it is passed to the application's main.

            Environment: MANA_JAVA_OPTS adds JVM options to every rank (split at spaces).
            -Dmana.verbose=true on mana prints each rank's boot timings on stderr.

            Exit status: mpirun's (0 when all ranks finish; a rank whose main throws exits 1;
            MPI abort(code) gives code); 2 for usage errors.
            """;
}
