package mana.ckpttest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import mana.testkit.ManaJob;

/** Runs the scenario program through mana run, optionally as a restart (MANA_JAVA_OPTS=-Dmana.restart.dir=...). */
final class Jobs {
    static final String SCENARIO = "mana.ckpttest.Scenario";
    static final String MIXED = "mana.ckpttest.Mixed";

    static Path programs() {
        Path jar = Path.of(System.getProperty("ckpttest.jar", "target/programs.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "build the programs jar first: " + jar);
        return jar;
    }

    /** {@code mana run -np N Scenario MODE ROOT CKPT_AT KILL_AT ITERATIONS}, restarting from {@code restartDir} if not null. */
    static ManaJob.Run run(int np, Path restartDir, String mode, Path root, int ckptAt, int killAt, int iterations) {
        return run(np, restartDir, mode.equals("mixed") ? MIXED : SCENARIO, mode, root, ckptAt, killAt, iterations);
    }

    static ManaJob.Run run(int np, Path restartDir, String main, String mode, Path root, int ckptAt, int killAt,
                           int iterations) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmana.home=" + ManaJob.home(), "-jar", ManaJob.launcherJar().toString(),
                "run", "-np", String.valueOf(np), "--class", main, programs().toString(),
                mode, root.toString(), String.valueOf(ckptAt), String.valueOf(killAt), String.valueOf(iterations)));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(ManaJob.home().toFile());
        if (restartDir != null) {
            pb.environment().put("MANA_JAVA_OPTS", "-Dmana.restart.dir=" + restartDir);
        } else {
            pb.environment().remove("MANA_JAVA_OPTS");
        }
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(ManaJob.TIMEOUT_S, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail("timed out: " + String.join(" ", cmd));
            }
            ManaJob.Run r = new ManaJob.Run(p.exitValue(), out.get(), err.get());
            System.out.println("$ " + (restartDir != null ? "MANA_JAVA_OPTS=-Dmana.restart.dir=" + restartDir + " " : "")
                    + String.join(" ", cmd.subList(4, cmd.size())) + "  -> exit " + r.exit());
            return r;
        } catch (Exception e) {
            throw new AssertionError("cannot run " + cmd + ": " + e, e);
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

    /** The value of the "RESULT mode value" line. */
    static String result(ManaJob.Run r, String mode) {
        for (String l : r.outLines()) {
            if (l.startsWith("RESULT " + mode + " ")) {
                return l.substring(("RESULT " + mode + " ").length());
            }
        }
        throw new AssertionError("no RESULT line:\n" + r.all());
    }

    /** "CKPT rank=..." lines. */
    static List<String> checkpointLines(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("CKPT ")).toList();
    }

    static long drained(ManaJob.Run r) {
        long n = 0;
        for (String l : checkpointLines(r)) {
            int i = l.indexOf("drained=");
            n += Long.parseLong(l.substring(i + 8, l.indexOf(' ', i)));
        }
        return n;
    }

    /**
     * Uninterrupted run; then a run checkpointed at {@code ckptAt} and killed at {@code killAt};
     * then the restart. Returns the three jobs; asserts the restart's result equals the first.
     */
    static ManaJob.Run[] checkpointKillRestart(Path tmp, String mode, int np, int ckptAt, int killAt, int iterations) {
        Path root = tmp.resolve("ckpt");
        ManaJob.Run plain = run(np, null, mode, root, -1, -1, iterations);
        assertEquals(0, plain.exit(), plain.all());
        String expected = result(plain, mode);

        ManaJob.Run killed = run(np, null, mode, root, ckptAt, killAt, iterations);
        assertNotEquals(0, killed.exit(), "the first run dies at iteration " + killAt + ":\n" + killed.all());
        List<String> ck = checkpointLines(killed);
        assertEquals(np, ck.size(), killed.all());
        for (String l : ck) {
            assertTrue(l.contains("committed=true seq=1"), l + "\n" + killed.all());
        }
        Path dir = root.resolve("ckpt-000001");
        assertTrue(Files.isRegularFile(dir.resolve("manifest.mana")), "committed checkpoint " + dir);

        ManaJob.Run restarted = run(np, dir, mode, root, ckptAt, killAt, iterations);
        assertEquals(0, restarted.exit(), restarted.all());
        assertTrue(restarted.out().contains("RESTARTED seq=1 safepoint=" + ckptAt), restarted.all());
        assertEquals(expected, result(restarted, mode), "restarted result equals the uninterrupted one");
        return new ManaJob.Run[] {plain, killed, restarted};
    }

    private Jobs() {
    }
}
