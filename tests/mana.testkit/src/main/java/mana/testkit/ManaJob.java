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

    /** {@code java -Dmana.home=... -jar mana-launcher.jar ARGS}. */
    public static Run mana(String... args) {
        List<String> cmd = new ArrayList<>(List.of(java(), "-Dmana.home=" + home(), "-jar", launcherJar().toString()));
        cmd.addAll(List.of(args));
        return exec(cmd);
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
