package mana.shelltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * mana run --console with commands piped in (JLine's dumb terminal): the console runs on rank 0
 * only, executes the mana:* commands while the job runs, and the job ends when the input ends.
 */
class ConsoleTest {

    @Test
    void pipedCommandsRunInTheConsoleOfRankZeroAndTheJobEndsWithTheInput() throws Exception {
        Path hello = ManaJob.home().resolve("examples/target/hello.jar");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(hello), "Open MPI's Hello is copied by ./mana setup");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmana.home=" + ManaJob.home(), "-jar", ManaJob.launcherJar().toString(),
                "run", "--console", "-np", "2", hello.toString()));
        Process p = new ProcessBuilder(cmd).directory(ManaJob.home().toFile()).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p, false));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p, true));
        try (OutputStream in = p.getOutputStream()) {
            in.write("mana:handles --all --kind comm\nmana:handle banana\nmana:ckpt\n".getBytes(StandardCharsets.UTF_8));
        }
        try {
            assertTrue(p.waitFor(ManaJob.TIMEOUT_S, TimeUnit.SECONDS), "the job did not end");
            String o = out.get(ManaJob.TIMEOUT_S, TimeUnit.SECONDS);
            String all = o + "\n--- stderr\n" + err.get(ManaJob.TIMEOUT_S, TimeUnit.SECONDS);
            System.out.println(all);
            assertEquals(0, p.exitValue(), all);
            assertTrue(o.contains("mana rank 0> "), all);
            assertFalse(o.contains("mana rank 1> "), "only rank 0 has a console: " + all);
            assertTrue(o.lines().anyMatch(l -> l.startsWith("0x10000000  communicator  pre") && l.contains("MPI.COMM_WORLD")), all);
            assertTrue(o.contains("error: not a handle value: banana") && o.contains("usage: mana:handle VID"), all);
            assertTrue(o.contains("engine: checkpoint engine not installed") || o.contains("engine: mana.ckpt"), all);
            assertTrue(o.contains("[mana console] closed"), all);
            assertTrue(o.contains("Hello world from rank 0 of 2") && o.contains("Hello world from rank 1 of 2"), all);
            assertFalse(all.contains("Exception"), all);
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    private static String read(Process p, boolean err) {
        try {
            return new String((err ? p.getErrorStream() : p.getInputStream()).readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return "(" + e + ")";
        }
    }
}
