package mana.launcher.mpi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code --mpi NAME} of {@code mana run} and {@code mana restart}: taken out of the command line
 * (options before the application only) and checked against what is installed, so that a missing
 * JDK 22+, FFM lower half or MPICH is one line naming what to install or run, before mpirun starts.
 *
 * @param mpi the implementation given, or null when --mpi was not given
 * @param rest the arguments without --mpi
 */
public record MpiOption(MpiImplementation mpi, List<String> rest) {
    public static final String OPTION = "--mpi";

    public static final String HELP = """

            MPI library (before APP.jar):
              --mpi NAME             the MPI the ranks run on: openmpi-jni (default: Open MPI's
                                     own Java binding), openmpi or mpich (the FFM lower half on
                                     Open MPI's or MPICH's C library; needs a JDK 22+ and
                                     ./mana setup). mana restart defaults to the job's; another
                                     one restarts the job across MPI libraries
            """;

    /** Options of mana run/restart whose value is not the application (skipped while looking for --mpi). */
    public interface ValueCounts {
        int valuesOf(String option);
    }

    public static MpiOption extract(List<String> args, ValueCounts values) throws Invalid {
        MpiImplementation mpi = null;
        List<String> rest = new ArrayList<>();
        int i = 0;
        while (i < args.size()) {
            String a = args.get(i);
            if (a.equals("--") || !a.startsWith("-") || a.equals("-")) {
                break;
            }
            if (a.equals(OPTION) || a.startsWith(OPTION + "=")) {
                String v;
                if (a.equals(OPTION)) {
                    if (i + 1 >= args.size()) {
                        throw new Invalid("--mpi needs a name: " + MpiImplementation.names());
                    }
                    v = args.get(++i);
                } else {
                    v = a.substring(OPTION.length() + 1);
                }
                mpi = named(v);
                i++;
                continue;
            }
            int n = values.valuesOf(a);
            for (int k = 0; k <= n && i + k < args.size(); k++) {
                rest.add(args.get(i + k));
            }
            i += n + 1;
        }
        rest.addAll(args.subList(Math.min(i, args.size()), args.size()));
        return new MpiOption(mpi, List.copyOf(rest));
    }

    /** For mana restart, whose arguments are all its own (no application): --mpi anywhere. */
    public static MpiOption extractAnywhere(List<String> args) throws Invalid {
        List<String> rest = new ArrayList<>();
        MpiImplementation mpi = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(OPTION)) {
                if (i + 1 >= args.size()) {
                    throw new Invalid("--mpi needs a name: " + MpiImplementation.names());
                }
                mpi = named(args.get(++i));
            } else if (a.startsWith(OPTION + "=")) {
                mpi = named(a.substring(OPTION.length() + 1));
            } else {
                rest.add(a);
            }
        }
        return new MpiOption(mpi, List.copyOf(rest));
    }

    private static MpiImplementation named(String v) throws Invalid {
        return MpiImplementation.byName(v)
                .orElseThrow(() -> new Invalid("--mpi expects one of " + MpiImplementation.names() + ", not '" + v + "'"));
    }

    /** A bad --mpi, or one whose pieces are not installed; the message is the user's line. */
    public static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        public Invalid(String message) {
            super(message);
        }
    }

    /**
     * How the ranks run for {@code mpi}, after checking that what it needs is there.
     *
     * @param home the repository (where ./mana setup puts .mana/lowerhalf-ffm)
     * @param launcherJava the launcher's own java, for the JNI binding
     */
    public static RankRuntime runtime(MpiImplementation mpi, Path home, Path launcherJava) throws Invalid {
        if (!mpi.ffm()) {
            return jniRuntime(launcherJava, System.getenv(RankRuntime.RANK_JDK_ENV));
        }
        Path jdk = modernJdk().orElseThrow(() -> new Invalid("--mpi " + mpi.cliName()
                + " needs a JDK 22+ (java.lang.foreign): install one under /usr/lib/jvm (e.g. temurin-25-jdk) or set MANA_FFM_JDK,"
                + " then run ./mana setup"));
        Path jar = ffmJar(home).orElseThrow(() -> new Invalid("--mpi " + mpi.cliName() + " needs the FFM lower half ("
                + home.resolve(".mana/lowerhalf-ffm/VERSION/mpi-ffm.jar") + "): run ./mana setup"));
        Path shim = jar.resolveSibling("libmana_abi_" + mpi.ffmName() + ".so");
        if (!Files.isRegularFile(shim)) {
            throw new Invalid("--mpi " + mpi.cliName() + " needs " + shim + (mpi == MpiImplementation.MPICH
                    ? ": install MPICH (apt-get install mpich libmpich-dev, or ./mana setup as root) and run ./mana setup"
                    : ": run ./mana setup"));
        }
        if (mpi.hydra() && onPath(mpi.mpirun()).isEmpty()) {
            throw new Invalid("--mpi mpich needs " + mpi.mpirun() + ": install MPICH (apt-get install mpich libmpich-dev,"
                    + " or ./mana setup as root)");
        }
        return new RankRuntime(mpi, jdk.resolve("bin/java"), jar, feature(jdk));
    }

    /**
     * The JNI binding's ranks: on the launcher's JVM, or on the JDK {@code MANA_RANK_JDK} names
     * (e.g. a JDK 25 for its AOT cache; the binding is plain JNI, the classes are compiled for 17).
     */
    static RankRuntime jniRuntime(Path launcherJava, String rankJdk) throws Invalid {
        if (rankJdk == null || rankJdk.isBlank()) {
            return RankRuntime.jni(launcherJava);
        }
        Path jdk = Path.of(rankJdk.trim());
        int f = feature(jdk);
        if (!Files.isExecutable(jdk.resolve("bin/java")) || f < 17) {
            throw new Invalid(RankRuntime.RANK_JDK_ENV + "=" + rankJdk + " is not a JDK 17+ (no bin/java or release file)");
        }
        return new RankRuntime(MpiImplementation.OPENMPI_JNI, jdk.resolve("bin/java"), null, f);
    }

    /** The newest mpi-ffm.jar that ./mana setup built. */
    static Optional<Path> ffmJar(Path home) {
        Path dir = home.resolve(".mana/lowerhalf-ffm");
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(d -> d.resolve("mpi-ffm.jar")).filter(Files::isRegularFile)
                    .max(Comparator.comparing(p -> p.toFile().lastModified()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A JDK 22+: MANA_FFM_JDK, else the newest under /usr/lib/jvm. */
    public static Optional<Path> modernJdk() {
        String env = System.getenv("MANA_FFM_JDK");
        if (env != null && !env.isBlank()) {
            Path p = Path.of(env);
            return Files.isExecutable(p.resolve("bin/java")) && feature(p) >= 22 ? Optional.of(p) : Optional.empty();
        }
        Path jvm = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvm)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(jvm)) {
            return s.filter(p -> Files.isExecutable(p.resolve("bin/java"))).filter(p -> feature(p) >= 22)
                    .max(Comparator.comparingInt(MpiOption::feature));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The feature release from a JDK's release file (JAVA_VERSION="25.0.1"), or 0. */
    static int feature(Path jdk) {
        try {
            for (String line : Files.readAllLines(jdk.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "").split("[.+-]")[0];
                    return Integer.parseInt(v);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no release file: not a JDK we can use
        }
        return 0;
    }

    static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
                return Optional.of(Path.of(d, name));
            }
        }
        return Optional.empty();
    }
}
