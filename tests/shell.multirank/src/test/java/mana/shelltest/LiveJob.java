package mana.shelltest;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import mana.testkit.ManaJob;

/**
 * A {@code mana run} job the test talks to while it runs: its stdout lines as they come, its
 * stderr at the end, and waits for lines of every rank ("rank R: ...").
 */
final class LiveJob implements AutoCloseable {
    /** Safety net only (no timed assertion): a job that hangs fails the test instead of the build. */
    static final long GIVE_UP_S = ManaJob.TIMEOUT_S;

    final List<String> command;
    final Process process;
    final List<String> out = Collections.synchronizedList(new ArrayList<>());
    private final CompletableFuture<Void> reader;
    private final CompletableFuture<String> err;

    /** Starts {@code mana ARGS} from the repository. */
    static LiveJob mana(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmana.home=" + ManaJob.home(), "-jar", ManaJob.launcherJar().toString()));
        cmd.addAll(args);
        return new LiveJob(cmd);
    }

    private LiveJob(List<String> command) throws IOException {
        this.command = command;
        this.process = new ProcessBuilder(command).directory(ManaJob.home().toFile()).start();
        process.getOutputStream().close();
        reader = CompletableFuture.runAsync(() -> readLines(process, out));
        err = CompletableFuture.supplyAsync(() -> readAll(process));
    }

    /** The jar of a platform bundle in the launcher's dist. */
    static Path platformBundle(String bsn) throws IOException {
        try (Stream<Path> s = Files.list(ManaJob.home().resolve("launcher/target/dist/bundles"))) {
            return s.filter(f -> f.getFileName().toString().startsWith(bsn + "-")).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + bsn + " jar in the dist: build the launcher"));
        }
    }

    /** Waits until {@code ranks} ranks printed a matching line (or the job ended / the safety net ran out). */
    void awaitOnEveryRank(int ranks, Predicate<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GIVE_UP_S);
        while (true) {
            long seen;
            synchronized (out) {
                seen = out.stream().filter(l -> l.startsWith("rank ") && l.contains(":")).filter(what)
                        .map(l -> l.substring(0, l.indexOf(':'))).distinct().count();
            }
            if (seen == ranks) {
                return;
            }
            if (!process.isAlive() || System.nanoTime() > deadline) {
                fail("the job " + (process.isAlive() ? "hung" : "ended (exit " + process.exitValue() + ")")
                        + " before every rank got there: " + out);
            }
            Thread.sleep(50);
        }
    }

    /** Waits for the end; returns stdout and stderr, for assertion messages. */
    String finish() throws Exception {
        if (!process.waitFor(GIVE_UP_S, TimeUnit.SECONDS)) {
            close(); // its stderr (the coordinator's messages) says where it stood
            fail("the job did not end: " + out + "\n--- stderr\n" + err.get(GIVE_UP_S, TimeUnit.SECONDS));
        }
        reader.get(GIVE_UP_S, TimeUnit.SECONDS);
        return String.join("\n", out) + "\n--- stderr\n" + err.get(GIVE_UP_S, TimeUnit.SECONDS);
    }

    int exit() {
        return process.exitValue();
    }

    String line(String start) {
        synchronized (out) {
            return out.stream().filter(l -> l.startsWith(start)).findFirst().orElse("(none: " + out + ")");
        }
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void readLines(Process p, List<String> out) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String l;
            while ((l = r.readLine()) != null) {
                out.add(l);
            }
        } catch (IOException e) {
            out.add("(stdout: " + e + ")");
        }
    }

    private static String readAll(Process p) {
        try {
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(stderr: " + e + ")";
        }
    }
}
