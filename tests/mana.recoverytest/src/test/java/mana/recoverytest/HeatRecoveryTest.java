package mana.recoverytest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heat-diffusion example (4 ranks on a 2 x 2 Cartesian communicator, an MPI-IO log open
 * across steps, the field written with collective MPI-IO at the end) checkpointed mid-run and
 * killed, then restarted: the printed checksum and the bytes of both files must equal those of
 * an uninterrupted run on Open MPI's own binding.
 */
class HeatRecoveryTest {
    static final String HEAT = "mana.examples.Heat";
    static final String STEPS = "300";
    static final String MS = "30";
    static final String CHECKSUM = "heat checksum";

    static Path examples;
    static Path refDir;
    static String heatR;

    @TempDir
    Path tmp;

    @BeforeAll
    static void referenceResult(@TempDir Path dir) {
        examples = ManaJob.home().resolve("examples/target/mana-examples.jar");
        assertTrue(Files.isRegularFile(examples), "build examples first: " + examples);
        refDir = dir;
        ManaJob.Run r = ManaJob.raw(4, Path.of(RecoveryTest.apiJar() + ":" + examples), HEAT,
                dir.resolve("heat.dat").toString(), STEPS, "0");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("OK heat: the file equals the serial computation"), r.all());
        heatR = RecoveryTest.checksum(r, CHECKSUM);
    }

    @Test
    void checkpointedKilledAndRestartedHeatWritesTheSameFiles() throws Exception {
        Path root = tmp.resolve("ckpt");
        Path file = tmp.resolve("heat.dat");
        BackgroundJob job = run(root, file);
        try (job) {
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains(CHECKSUM), "killed before the end: " + job.all());
        }
        ManaJob.Run last = ManaJob.mana("restart", root.toString());
        assertEquals(0, last.exit(), last.all());
        assertTrue(last.err().contains("from checkpoint 1"), last.all());
        assertTrue(last.out().contains("resumes at step"), "the restart went on from the cut: " + last.all());
        assertTrue(last.out().contains("OK heat: the file equals the serial computation"), last.all());
        assertEquals(heatR, RecoveryTest.checksum(last, CHECKSUM));
        assertSameFiles(file);
    }

    @Test
    void aRankKilledAtARandomMomentIsRecoveredWithTheSameResult() throws Exception {
        Path root = tmp.resolve("auto");
        Path file = tmp.resolve("heat.dat");
        BackgroundJob job = run(root, file, "--ckpt-interval", "1s", "--max-restarts", "2");
        try (job) {
            long until = System.nanoTime() + 120_000_000_000L;
            while (!hasCheckpoint(root) && job.process.isAlive() && System.nanoTime() < until) {
                Thread.sleep(100);
            }
            assertTrue(hasCheckpoint(root), "a checkpoint within 120 s: " + job.all());
            Random random = new Random();
            Thread.sleep(random.nextInt(2000));
            job.killOneRank(random);
            assertEquals(0, job.waitFor(), job.all());
            assertTrue(job.err().contains("restarting from checkpoint"), job.all());
            assertEquals(heatR, RecoveryTest.checksum(job.out(), CHECKSUM, job.all()));
        }
        assertSameFiles(file);
    }

    private BackgroundJob run(Path root, Path file, String... options) throws IOException {
        List<String> a = new java.util.ArrayList<>(List.of("run", "--ckpt-dir", root.toString()));
        a.addAll(List.of(options));
        a.addAll(List.of("-np", "4", "--class", HEAT, examples.toString(), file.toString(), STEPS, MS));
        return BackgroundJob.start(tmp.resolve("logs"), "Heat", a.toArray(String[]::new));
    }

    /** The field file and the per-step log, byte for byte against the uninterrupted run. */
    private static void assertSameFiles(Path file) throws IOException {
        assertEquals(-1L, Files.mismatch(refDir.resolve("heat.dat"), file), "field file differs");
        Path log = Path.of(file + ".log");
        assertEquals(8L * 4 * Integer.parseInt(STEPS), Files.size(log));
        assertEquals(-1L, Files.mismatch(refDir.resolve("heat.dat.log"), log), "log file differs");
    }

    private static boolean hasCheckpoint(Path root) {
        try (Stream<Path> s = Files.list(root)) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith("ckpt-"));
        } catch (IOException e) {
            return false;
        }
    }
}
