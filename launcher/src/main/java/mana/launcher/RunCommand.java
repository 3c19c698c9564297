package mana.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import mana.launcher.mpi.HydraOptions;
import mana.launcher.mpi.RankRuntime;

/** {@code mana run}: the job runs under its coordinator ({@link JobRunner}); the mpirun command line and input checks. */
public final class RunCommand {
    private RunCommand() {
    }

    public static int run(List<String> args) throws UsageError {
        return JobRunner.run(args);
    }

    static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir; nothing to lose
        }
    }

    /** The JVM main class of every rank (in {@link #rankBootJar}, on the boot class path). */
    static final String RANK_MAIN = "mana.launcher.boot.RankMain";
    /** {@code MANA_STARTUP_TRACE=on}: every rank prints its start-up profile at exit ({@link mana.launcher.rank.StartupTrace}). */
    static final String TRACE_ENV = "MANA_STARTUP_TRACE";

    static boolean traceStartup(String value) {
        return mana.launcher.rank.StartupTrace.Cli.on(value);
    }

    /**
     * dist/mana-rank.jar next to mana-launcher.jar: what the rank JVM runs ({@code -jar}); its
     * manifest names {@link #RANK_MAIN} and, through mana-launcher.jar, the class path.
     */
    static Path rankJar(Path launcherJar) {
        Path dist = launcherJar.toAbsolutePath().getParent();
        return (dist == null ? Path.of(".") : dist).resolve("mana-rank.jar");
    }

    /** dist/lib/mana-rank-boot.jar next to mana-launcher.jar. */
    static Path rankBootJar(Path launcherJar) {
        Path dist = launcherJar.toAbsolutePath().getParent();
        return (dist == null ? Path.of(".") : dist).resolve("lib").resolve("mana-rank-boot.jar");
    }

    /** The JVM argument file next to the job's wrapped bundle (see {@link #writeBootArgs}). */
    static Path bootArgsFile(Path wrapped, Path launcherJar) {
        Path dir = (wrapped != null ? wrapped : launcherJar).toAbsolutePath().getParent();
        return (dir == null ? Path.of(".") : dir).resolve("rank-boot.args");
    }

    /** Writes the rank JVM's argument file: the boot jar on the boot class path. */
    static Path writeBootArgs(Path wrapped, Path launcherJar) throws IOException {
        Path file = bootArgsFile(wrapped, launcherJar);
        Path jar = rankBootJar(launcherJar);
        if (!Files.isRegularFile(jar)) {
            throw new IOException(jar + " is missing (rebuild the launcher)");
        }
        // quoted: the path may hold spaces
        Files.writeString(file, "\"-Xbootclasspath/a:" + jar.toString().replace("\\", "\\\\") + "\"\n");
        return file;
    }

    /** The mpirun command line. */
    static List<String> command(String mpirun, RunArgs ra, Path jar, Path wrapped, Path launcherJar, boolean root) throws UsageError {
        return command(mpirun, ra, List.of(jar.toString()), wrapped, launcherJar, root, List.of(), List.of(), List.of());
    }

    static List<String> command(String mpirun, RunArgs ra, List<String> rankApp, Path wrapped, Path launcherJar, boolean root,
            List<String> extraMpirun, List<String> extraJvm) throws UsageError {
        return command(mpirun, ra, rankApp, wrapped, launcherJar, root, extraMpirun, List.of(), extraJvm);
    }

    /**
     * The mpirun command line with extra mpirun options (e.g. -x NAME) and extra JVM options for every rank.
     *
     * @param rankApp what the rank runs: APP.jar, or {@code --classpath CP --}
     * @param startupJvm the start-up cache's options (before the user's, which may override them)
     */
    static List<String> command(String mpirun, RunArgs ra, List<String> rankApp, Path wrapped, Path launcherJar, boolean root,
            List<String> extraMpirun, List<String> startupJvm, List<String> extraJvm) throws UsageError {
        return command(mpirun, ra, rankApp, wrapped, launcherJar, root, extraMpirun, startupJvm, extraJvm, RankRuntime.jni(Dist.java()));
    }

    /**
     * The same for the lower half of {@code runtime}: its java, JVM options and class path; under
     * MPICH the Open MPI options translated for hydra ({@link HydraOptions}).
     */
    static List<String> command(String mpirun, RunArgs ra, List<String> rankApp, Path wrapped, Path launcherJar, boolean root,
            List<String> extraMpirun, List<String> startupJvm, List<String> extraJvm, RankRuntime runtime) throws UsageError {
        List<String> cmd = new ArrayList<>();
        cmd.add(mpirun);
        List<String> mpirunOptions = new ArrayList<>(defaultMpirunOptions(ra.mpirunArgs(), root));
        mpirunOptions.addAll(extraMpirun);
        if (runtime.mpi().hydra()) {
            try {
                mpirunOptions = HydraOptions.translate(mpirunOptions);
            } catch (HydraOptions.Untranslatable e) {
                throw new UsageError("run", e.getMessage());
            }
        }
        cmd.addAll(mpirunOptions);
        cmd.add(runtime.java().toString());
        // First: Open MPI's mpirun takes the first argument of a java command that contains "cp"
        // or "classpath" for the class path option and prepends its working directory to the
        // argument after it; a JVM option such as -Dmana.restart.dir=/x/cp/ckpt-1 must not be it.
        // (With -jar below, java ignores -cp: the class path is mana-rank.jar's, the same in every
        // directory, which the start-up cache's class-data archive needs.)
        cmd.add("-cp");
        cmd.add(launcherJar.toString());
        cmd.addAll(startupJvm);
        String opts = System.getenv("MANA_JAVA_OPTS");
        if (opts != null && !opts.isBlank()) {
            cmd.addAll(List.of(opts.trim().split("\\s+")));
        }
        cmd.addAll(runtime.rankJvmOptions());
        cmd.addAll(extraJvm);
        cmd.addAll(PluginSupport.javaOptions(ra.shell()));
        if (ra.atFinalize() != null) {
            cmd.add("-Dmana.shell.atFinalize=" + ra.atFinalize());
        }
        if (traceStartup(System.getenv(TRACE_ENV))) {
            cmd.add("-D" + mana.launcher.rank.StartupTrace.PROPERTY + "=true");
        }
        for (String prop : List.of("mana.verbose", "mana.home")) {
            String v = System.getProperty(prop);
            if (v != null) {
                cmd.add("-D" + prop + "=" + v);
            }
        }
        // the application's main must be the main thread's bottom frame, as under java App;
        // an argument file, because mpirun rewrites a -Xbootclasspath option (it contains "classpath")
        cmd.add("@" + bootArgsFile(wrapped, launcherJar));
        cmd.addAll(runtime.mainAndClassPath(rankJar(launcherJar), RANK_MAIN));
        cmd.add("rank");
        if (ra.mainClass() != null) {
            cmd.add("--class");
            cmd.add(ra.mainClass());
        }
        if (wrapped != null) {
            cmd.add("--wrapped");
            cmd.add(wrapped.toString());
        }
        cmd.addAll(rankApp);
        cmd.addAll(ra.appArgs());
        return cmd;
    }

    /** The user's mpirun options with what mana run adds to them. */
    public static List<String> defaultMpirunOptions(List<String> user, boolean root) {
        List<String> cmd = new ArrayList<>();
        if (root && !user.contains("--allow-run-as-root")) {
            cmd.add("--allow-run-as-root");
        }
        if (!user.contains("--oversubscribe")) {
            cmd.add("--oversubscribe");
        }
        cmd.addAll(user);
        if (!String.join(" ", user).contains("topo") && System.getenv("OMPI_MCA_topo") == null) {
            // Open MPI 4.1.4's default topology component can hang in MPI_Dist_graph_create
            // (open-mpi/ompi#13918); the basic one is the reference implementation.
            cmd.addAll(List.of("--mca", "topo", "basic"));
        }
        return cmd;
    }

    /** The application jar, absolute; a one-line error when it is missing or not a jar. */
    static Path checkJar(String name) throws UsageError {
        Path jar = Path.of(name).toAbsolutePath().normalize();
        if (!Files.exists(jar)) {
            throw new UsageError("run", name + ": no such file");
        }
        if (!Files.isRegularFile(jar) || !Files.isReadable(jar)) {
            throw new UsageError("run", name + ": not a readable file");
        }
        try (ZipFile z = new ZipFile(jar.toFile())) {
            if (z.size() == 0) {
                throw new UsageError("run", name + ": empty jar");
            }
        } catch (IOException e) {
            throw new UsageError("run", name + ": not a jar (" + e.getMessage() + ")");
        }
        return jar;
    }
}
