package mana.recoverytest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoint levels on one host: with {@code --ckpt-local DIR-%h --ckpt-flush-every 2},
 * checkpoints 1 and 3 stay in the local folder (the shared root has their manifests only) and
 * checkpoint 2 also goes to the shared root. Killed after checkpoint 3, the job restarts from the
 * ranks' local files and ends with the answer and the files of an uninterrupted run on Open MPI's
 * own binding.
 */
class LevelsOnOneHostTest {
    static final String HEAT = "mana.examples.Heat";
    static final String STEPS = "200";

    @TempDir
    Path tmp;

    @Test
    void localCheckpointsWithAFlushRestartFromTheLocalFilesWithTheSameAnswer() throws Exception {
        Path examples = ManaJob.home().resolve("examples/target/mana-examples.jar");
        Path refFile = tmp.resolve("ref.dat");
        ManaJob.Run ref = ManaJob.raw(2, Path.of(RecoveryTest.apiJar() + ":" + examples), HEAT, refFile.toString(), STEPS, "0");
        assertEquals(0, ref.exit(), ref.all());
        String expected = RecoveryTest.checksum(ref, "heat checksum");

        Path root = tmp.resolve("ckpt");
        Path file = tmp.resolve("heat.dat");
        String local = tmp.resolve("local-%h").toString();
        try (BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "Heat", "run", "--ckpt-dir", root.toString(),
                "--ckpt-local", local, "--ckpt-flush-every", "2", "-np", "2", "--class", HEAT, examples.toString(),
                file.toString(), STEPS, "40")) {
            for (int n = 1; n <= 3; n++) {
                ManaJob.Run ck = job.checkpointWhenReady();
                assertEquals(0, ck.exit(), ck.all() + job.all());
                assertTrue(ck.out().contains("checkpoint " + n + " committed"), ck.all());
            }
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains("heat checksum"), "killed before the end: " + job.all());
        }
        assertEquals(List.of("manifest.mana", "rank-0.mana", "rank-1.mana"), names(root.resolve("ckpt-000002")));
        assertEquals(List.of("manifest.mana"), names(root.resolve("ckpt-000003")), "level local: the files are on the node only");

        ManaJob.Run last = ManaJob.mana("restart", root.toString());
        assertEquals(0, last.exit(), last.all());
        assertTrue(last.err().contains("from checkpoint ckpt-000003 (level local): rank 0: own local file"), last.all());
        assertTrue(last.out().contains("resumes at step"), last.all());
        assertEquals(expected, RecoveryTest.checksum(last, "heat checksum"));
        assertEquals(-1L, Files.mismatch(refFile, file), "field file differs");
        assertEquals(-1L, Files.mismatch(Path.of(refFile + ".log"), Path.of(file + ".log")), "log file differs");
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
