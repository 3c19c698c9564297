package mana.launcher;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parsed command line of {@code mana run}.
 *
 * <pre>mana run [MANA options] [-np N] [mpirun options] APP.jar|DIR [app args]
 * mana run [MANA options] [-np N] [mpirun options] -cp CLASSPATH MAINCLASS [app args]</pre>
 *
 * <ul>
 * <li>MANA options: {@code --class NAME} (or {@code --class=NAME}), {@code -cp}/{@code -classpath}/
 *     {@code --class-path CLASSPATH} (or {@code --class-path=CLASSPATH}), {@code --help}/{@code -h}.
 *     Any other option starting with {@code --mana-} is reserved for MANA and rejected.</li>
 * <li>Every other option before the application goes to mpirun unchanged; the common mpirun
 *     options that take values ({@link #MPIRUN_VALUES}) carry them along, anything else is passed
 *     as a flag.</li>
 * <li>Without a class path, the first argument not starting with {@code -} (or the one after
 *     {@code --}) is the application jar or class directory; with one, it is the main class
 *     (as for java), unless {@code --class} named it. Everything after belongs to the application.</li>
 * </ul>
 *
 * @param app the application jar or class directory as given, or null with a class path
 * @param classPath the class path as given, or null
 * @param absoluteArgs the parsed arguments with the application and class path entries made
 *     absolute, so that the job can be started again from any directory (mana restart)
 */
public record RunArgs(boolean help, String mainClass, List<String> mpirunArgs, String app, String classPath,
        List<String> appArgs, Integer ranks, String atFinalize, ShellOptions shell, List<String> absoluteArgs, Weaving weaving) {

    /**
     * Whether the application is woven for transparent checkpointing: {@code --transparent},
     * {@code --no-transparent}, or (neither given) decided from the application by
     * {@link mana.launcher.rank.SafePointUse}: transparent unless it calls MANA's API.
     */
    public enum Weaving {
        ON, OFF, AUTO
    }

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

    /** Options naming a hostfile. */
    static final Set<String> HOSTFILE_OPTIONS = Set.of("--hostfile", "-hostfile", "--machinefile", "-machinefile",
            "--default-hostfile");

    /** The class path options, as java spells them. */
    static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path");

    static final String USAGE = "usage: mana run [-np N] APP.jar [args], mana run [-np N] DIR --class MAIN [args]"
            + " or mana run [-np N] -cp CLASSPATH MAIN [args]; see mana run --help";

    /** Whether this run starts from a class path (-cp, or a class directory) rather than a jar. */
    public boolean fromClassPath() {
        return classPath != null || (app != null && java.nio.file.Files.isDirectory(java.nio.file.Path.of(app)));
    }

    /** What runs, for messages: the jar or directory, or the main class and its class path. */
    public String describe() {
        return classPath != null ? mainClass + " (class path " + classPath + ")" : app;
    }

    public static RunArgs parse(List<String> args) throws UsageError {
        boolean help = false;
        String mainClass = null;
        String classPath = null;
        int classPathAt = -1;
        String atFinalize = null;
        Weaving weaving = Weaving.AUTO;
        Integer ranks = null;
        List<String> mpirun = new ArrayList<>();
        List<Integer> hostfiles = new ArrayList<>();
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
            } else if (a.equals("--transparent")) {
                weaving = Weaving.ON;
                i++;
            } else if (a.equals("--no-transparent")) {
                weaving = Weaving.OFF;
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
            } else if (CLASS_PATH_OPTIONS.contains(a)) {
                if (i + 1 >= args.size()) {
                    throw new UsageError("run", a + " needs a class path (directories and jars separated by ':')");
                }
                classPath = args.get(i + 1);
                classPathAt = i + 1;
                i += 2;
            } else if (a.startsWith("--class-path=")) {
                classPath = a.substring("--class-path=".length());
                classPathAt = i;
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
                if (HOSTFILE_OPTIONS.contains(a)) {
                    hostfiles.add(i + 1); // made absolute below: mana restart may run elsewhere
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
        List<String> absolute = new ArrayList<>(args);
        for (int at : hostfiles) {
            absolute.set(at, Path.of(args.get(at)).toAbsolutePath().normalize().toString());
        }
        String app = null;
        if (classPath != null) {
            if (classPath.isBlank() && !help) {
                throw new UsageError("run", "empty class path (" + USAGE + ")");
            }
            if (classPathAt >= 0) {
                String abs = absoluteClassPath(classPath);
                absolute.set(classPathAt, args.get(classPathAt).startsWith("--class-path=") ? "--class-path=" + abs : abs);
            }
            if (mainClass == null && i < args.size()) {
                mainClass = args.get(i++);
            }
            if (mainClass == null && !help) {
                throw new UsageError("run", "no main class given after the class path (" + USAGE + ")");
            }
        } else if (i < args.size()) {
            app = args.get(i);
            absolute.set(i, Path.of(app).toAbsolutePath().normalize().toString());
            i++;
            // A class directory cannot run without a main class, so "DIR --class X" names it.
            if (mainClass == null && i < args.size() && java.nio.file.Files.isDirectory(Path.of(app))) {
                if (args.get(i).equals("--class") && i + 1 < args.size()) {
                    mainClass = args.get(i + 1);
                    i += 2;
                } else if (args.get(i).startsWith("--class=")) {
                    mainClass = args.get(i).substring("--class=".length());
                    i++;
                }
                if (mainClass != null && mainClass.isBlank()) {
                    throw new UsageError("run", "--class needs a class name");
                }
            }
        } else if (!help) {
            throw new UsageError("run", "no application given (" + USAGE + ")");
        }
        if (mainClass != null) {
            mainClass = mainClass.replace('/', '.');
        }
        List<String> appArgs = List.copyOf(args.subList(Math.min(i, args.size()), args.size()));
        String env = System.getenv("MANA_TRANSPARENT");
        if (weaving == Weaving.AUTO && ("1".equals(env) || "0".equals(env))) {
            // the environment variable is an alias: recorded as the option, so that mana restart remembers it
            weaving = "1".equals(env) ? Weaving.ON : Weaving.OFF;
            absolute.add(0, weaving == Weaving.ON ? "--transparent" : "--no-transparent");
        }
        return new RunArgs(help, mainClass, List.copyOf(mpirun), app, classPath, appArgs, ranks, atFinalize, shell.build(),
                List.copyOf(absolute), weaving);
    }

    /** Every entry absolute; empty entries (the current directory, for java) and wildcards kept in meaning. */
    static String absoluteClassPath(String cp) {
        List<String> out = new ArrayList<>();
        for (String e : cp.split(File.pathSeparator, -1)) {
            out.add(Path.of(e.isEmpty() ? "." : e).toAbsolutePath().normalize().toString());
        }
        return String.join(File.pathSeparator, out);
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
                   mana run [MANA options] [-np N] [mpirun options] DIR --class MAIN [app args]
                   mana run [MANA options] [-np N] [mpirun options] -cp CLASSPATH MAIN [app args]

            Runs an unmodified MPI Java application under MANA: mpirun starts N ranks, each
            boots an OSGi framework (Felix) with the MANA platform bundles, turns the
            application (a jar, a class directory or a class path) into one bundle whose mpi
            package is MANA's upper half, and calls its main method. Like java, e.g.
            'mpirun -np 2 java -cp .:lib/x.jar Send a b' becomes
            'mana run -np 2 -cp .:lib/x.jar Send a b'.

            MANA options (before the application):
              --class NAME     main class to run (default: Main-Class of APP.jar's manifest;
                               needed for a class directory); also --class=NAME
              -cp, -classpath, --class-path CLASSPATH
                               directories of classes and jars separated by ':', searched in
                               that order as by java; 'lib/*' stands for every jar in lib;
                               an empty entry is the current directory. Package mpi in an
                               entry (Open MPI's mpi.jar) is left out, with a warning: the
                               application always gets MANA's mpi. The first argument after
                               the options is then the main class (unless --class gave it)
              --transparent    checkpoint the application transparently (the default for a
                               program that does not call MANA's API, mana.api): its classes
                               are woven so that the main thread can be captured at its MPI
                               calls (the cut points) and resumed there at a restart. A program
                               that calls Mana.safePoint is checkpointed at its safe points
                               unless this option is given. MANA_TRANSPARENT=1 does the same.
                               See the README, "Transparent checkpointing"
              --no-transparent leave the application's classes as compiled: only its
                               Mana.safePoint calls (if any) can be checkpointed
                               (MANA_TRANSPARENT=0 does the same). Both options are
                               remembered by mana restart
              --at-finalize CMDS
                               run Gogo shell commands on every rank when the application
                               calls MPI.Finalize, e.g. --at-finalize 'mana:handles; mana:stats'
                               (output prefixed with the rank)
              -h, --help       this help
              --mana-*         reserved for MANA; unknown ones are rejected

            mpirun options (before the application) are passed to mpirun as they are. These take values:
              -np N, --np N, -n N, -c N   number of ranks (must be a positive integer)
              -N N, --npernode N, --npersocket N
              -H/--host HOSTS, --hostfile/-hostfile F, --machinefile/-machinefile F
              --map-by X, --rank-by X, --bind-to X, -x NAME[=VALUE]
              --mca/-mca/--gmca NAME VALUE (two values), --wdir/--wd DIR, --prefix DIR, --path DIR
              --output-filename F, --timeout S, --tune F, --preload-files F
            Any other option is passed to mpirun alone, as a flag (e.g. --tag-output,
            --report-bindings). Use the option=value form of mpirun for other valued options.
            mana adds --oversubscribe, and --allow-run-as-root when run as root.

            APP.jar (or DIR, or MAIN with a class path) is the first argument not starting with
            '-' (or the one after '--'); every argument after it is passed to the application's
            main. A class directory or class path is bundled once per job, in the job's temp dir.

            Environment: MANA_JAVA_OPTS adds JVM options to every rank (split at spaces).
            -Dmana.verbose=true on mana prints each rank's boot timings on stderr.
            MANA_STARTUP_TRACE=on prints the start-up profile of the CLI and of every rank
            (wall and processor time per phase) on stderr when the job ends.

            Exit status: mpirun's (0 when all ranks finish; a rank whose main throws exits 1;
            MPI abort(code) gives code); 2 for usage errors (no such jar, empty class path,
            main class not found), reported in one line before mpirun starts.
            """;
}
