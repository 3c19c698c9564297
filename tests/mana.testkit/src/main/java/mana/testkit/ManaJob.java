package mana.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Real jobs for tests: {@link #mana} runs {@code mana-launcher.jar ARGS} (so {@code run -np N ...}
 * goes through mpirun, the rank launcher and the upper half); {@link #raw} runs the same program
 * with plain {@code mpirun java -cp mpi.jar:APP} on Open MPI's own binding, for side-by-side checks.
 * Every process has a timeout, so nothing hangs the build.
 */
public final class ManaJob {
    public static final long TIMEOUT_S = 180;

    /** Exit status and output of one job. */
    public record Run(int exit, String out, String err) {
        public List<String> errLines() {
            return err.lines().filter(l -> !l.isBlank()).toList();
        }

        public List<String> outLines() {
            return out.lines().filter(l -> !l.isBlank()).toList();
        }

        public String all() {
            return "--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    public static Path home() {
        return Path.of(System.getProperty("mana.home", "../..")).toAbsolutePath().normalize();
    }

    public static Path launcherJar() {
        Path jar = home().resolve("launcher/target/dist/mana-launcher.jar");
        assertTrue(Files.isRegularFile(jar), "build the launcher first: " + jar);
        return jar;
    }

    /** The lower-half jar (Open MPI's own classes) that the raw runs use. */
    public static Path lowerHalfJar() {
        Path jar = home().resolve("launcher/target/dist/lib/mana.lowerhalf.jar");
        assertTrue(Files.isRegularFile(jar), "build the launcher first: " + jar);
        return jar;
    }

    /**
     * {@code java -Dmana.home=... -jar mana-launcher.jar ARGS}; with {@code -Dmana.test.mpi=NAME},
     * {@code run} and {@code restart} get {@code --mpi NAME} (the same tests on another lower half;
     * skipped, saying why, when that one is not installed).
     */
    public static Run mana(String... args) {
        List<String> cmd = new ArrayList<>(List.of(java(), "-Dmana.home=" + home(), "-jar", launcherJar().toString()));
        List<String> a = new ArrayList<>(List.of(args));
        String mpi = testMpi();
        if (mpi != null && !a.isEmpty() && (a.get(0).equals("run") || a.get(0).equals("restart")) && !a.contains("--mpi")) {
            assumeMpiInstalled(mpi);
            a.addAll(1, List.of("--mpi", mpi));
        }
        cmd.addAll(a);
        return exec(cmd);
    }

    /** The MPI the tests' MANA jobs run on ({@code -Dmana.test.mpi}), or null for mana run's default. */
    public static String testMpi() {
        String v = System.getProperty("mana.test.mpi", "");
        return v.isBlank() ? null : v.trim();
    }

    private static void assumeMpiInstalled(String mpi) {
        if (!mpi.equals("openmpi") && !mpi.equals("mpich")) {
            return; // openmpi-jni, or a bad name mana reports itself
        }
        Path dir = home().resolve(".mana/lowerhalf-ffm");
        boolean shim = false;
        if (Files.isDirectory(dir)) {
            try (var s = Files.list(dir)) {
                shim = s.anyMatch(d -> Files.isRegularFile(d.resolve("mpi-ffm.jar")) && Files.isRegularFile(d.resolve("libmana_abi_" + mpi + ".so")));
            } catch (IOException e) {
                shim = false;
            }
        }
        Assumptions.assumeTrue(shim, "no FFM lower half for " + mpi + " (a JDK 22+ and ./mana setup; MPICH installed)");
        Assumptions.assumeTrue(!mpi.equals("mpich") || Files.isExecutable(Path.of("/usr/bin/mpirun.mpich")), "MPICH not installed");
    }

    /** {@code mana run -np N --class MAIN JAR ARGS}. */
    public static Run manaRun(int np, Path jar, String mainClass, String... appArgs) {
        List<String> a = new ArrayList<>(List.of("run", "-np", String.valueOf(np), "--class", mainClass, jar.toString()));
        a.addAll(List.of(appArgs));
        return mana(a.toArray(String[]::new));
    }

    /** The same program on Open MPI's own binding: {@code mpirun java -cp mpi.jar:JAR MAIN ARGS}. */
    public static Run raw(int np, Path jar, String mainClass, String... appArgs) {
        List<String> cmd = new ArrayList<>(List.of("mpirun"));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add("--allow-run-as-root");
        }
        cmd.addAll(List.of("--oversubscribe", "-np", String.valueOf(np), java(), "-cp",
                lowerHalfJar() + ":" + jar, mainClass));
        cmd.addAll(List.of(appArgs));
        return exec(cmd);
    }

    /**
     * The same program raw on the lower half the MANA jobs run on ({@code -Dmana.test.mpi}):
     * {@link #raw} by default and for openmpi-jni; for openmpi and mpich the FFM jar on a JDK 22+
     * under that library's own mpirun ({@code mpirun.openmpi --oversubscribe} /
     * {@code mpirun.mpich}). For what only the library decides (MPICH's error codes and texts).
     */
    public static Run rawOnTestMpi(int np, Path jar, String mainClass, String... appArgs) {
        String mpi = testMpi();
        if (mpi == null || !(mpi.equals("openmpi") || mpi.equals("mpich"))) {
            return raw(np, jar, mainClass, appArgs);
        }
        assumeMpiInstalled(mpi);
        List<String> cmd = new ArrayList<>();
        if (mpi.equals("mpich")) {
            cmd.addAll(List.of("mpirun.mpich", "-n", String.valueOf(np)));
        } else {
            cmd.addAll(List.of("mpirun.openmpi", "--oversubscribe", "-np", String.valueOf(np)));
            if ("root".equals(System.getProperty("user.name"))) {
                cmd.add("--allow-run-as-root");
            }
        }
        cmd.addAll(List.of(modernJava(), "--enable-native-access=ALL-UNNAMED", "-Dmana.ffm.mpi=" + mpi, "-cp",
                ffmJar(mpi) + ":" + jar, mainClass));
        cmd.addAll(List.of(appArgs));
        return exec(cmd);
    }

    private static Path ffmJar(String mpi) {
        try (var s = Files.list(home().resolve(".mana/lowerhalf-ffm"))) {
            return s.filter(d -> Files.isRegularFile(d.resolve("libmana_abi_" + mpi + ".so")))
                    .map(d -> d.resolve("mpi-ffm.jar")).filter(Files::isRegularFile).findFirst()
                    .orElseThrow(() -> new AssertionError("no mpi-ffm.jar for " + mpi + ": run ./mana setup"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A JDK 22+'s java: MANA_FFM_JDK, else the first under /usr/lib/jvm (as ./mana setup chooses). */
    private static String modernJava() {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("MANA_FFM_JDK");
        if (env != null) {
            candidates.add(Path.of(env));
        }
        try (var s = Files.list(Path.of("/usr/lib/jvm"))) {
            s.sorted().forEach(candidates::add);
        } catch (IOException e) {
            // only MANA_FFM_JDK
        }
        for (Path jdk : candidates) {
            try {
                for (String line : Files.readAllLines(jdk.resolve("release"))) {
                    String major = line.startsWith("JAVA_VERSION=\"") ? line.substring(14).split("[.\"+-]")[0] : "";
                    if (major.matches("\\d+") && Integer.parseInt(major) >= 22 && Files.isExecutable(jdk.resolve("bin/java"))) {
                        return jdk.resolve("bin/java").toString();
                    }
                }
            } catch (IOException e) {
                // not a JDK
            }
        }
        Assumptions.abort("no JDK 22+ (MANA_FFM_JDK or /usr/lib/jvm) for the FFM lower half");
        return null;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static Run exec(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).directory(home().toFile()).start();
            p.getOutputStream().close();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail("timed out after " + TIMEOUT_S + " s: " + String.join(" ", cmd));
            }
            Run r = new Run(p.exitValue(), out.get(TIMEOUT_S, TimeUnit.SECONDS), err.get(TIMEOUT_S, TimeUnit.SECONDS));
            System.out.println("$ " + String.join(" ", cmd) + "  -> exit " + r.exit());
            return r;
        } catch (Exception e) {
            throw new AssertionError("cannot run " + String.join(" ", cmd) + ": " + e, e);
        }
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private ManaJob() {
    }
}
