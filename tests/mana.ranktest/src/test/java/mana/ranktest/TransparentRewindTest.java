package mana.ranktest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Transparent mode (in progress) in real ranks: an unmodified MPI program (no MANA import, no safe
 * point) is woven; every rank captures its main thread before its N-th MPI call and resumes it at
 * once, through a heap image (the frames and statics come back as copies; MPI objects as their
 * virtual handles). The job's output must be the unwoven job's. No checkpoint files yet: this
 * proves weaving, capture and rewind in real ranks, not the cut agreement.
 */
class TransparentRewindTest {
    static Path home;
    static Path examples;

    @BeforeAll
    static void locate() {
        home = Path.of(System.getProperty("mana.home", "../..")).toAbsolutePath().normalize();
        examples = home.resolve("examples/target/mana-examples.jar");
        assertTrue(Files.isRegularFile(examples), "build examples first: " + examples);
    }

    record Run(int exit, String out, String err) {
    }

    static Run manaRun(String javaOpts, boolean transparent, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmana.home=" + home, "-jar", home.resolve("launcher/target/dist/mana-launcher.jar").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.toFile());
        pb.environment().remove("MANA_TRANSPARENT");
        pb.environment().remove("MANA_JAVA_OPTS");
        if (transparent) {
            pb.environment().put("MANA_TRANSPARENT", "1");
        }
        if (javaOpts != null) {
            pb.environment().put("MANA_JAVA_OPTS", javaOpts);
        }
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(p.exitValue(), out.get(), err.get());
    }

    private static String read(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void eachRankCapturesAndResumesWithTheSameAnswer() throws Exception {
        String[] job = {"run", "-np", "3", "--class", "mana.examples.plain.PlainHeat", examples.toString(), "30"};
        Run plain = manaRun(null, false, job);
        assertEquals(0, plain.exit(), plain.err());
        assertTrue(plain.out().contains("checksum"), plain.out());
        assertTrue(!plain.err().contains("[mana] rank"), "nothing is captured when the mode is off: " + plain.err());
        // call 14: the first allReduce, three frames deep (main, total, sum); one job, CI time is dear
        for (int n : new int[] {14}) {
            Run woven = manaRun("-Dmana.transparent.rewindAt=" + n + " -Dmana.transparent.heap=true", true, job);
            assertEquals(0, woven.exit(), woven.err());
            assertEquals(plain.out(), woven.out(), "output with every rank rewound before MPI call " + n + "\n" + woven.err());
            for (int r = 0; r < 3; r++) {
                assertTrue(woven.err().contains("[mana] rank " + r + ": main captured before MPI call " + n), woven.err());
            }
            if (n == 14) {
                assertTrue(woven.err().contains("(mpi.Intracomm.allReduce, 3 frames)"), woven.err());
            }
        }
    }
}
