package mana.multinode;

import static mana.multinode.MultiNodeTest.apiJar;
import static mana.multinode.MultiNodeTest.checksum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoint levels across two simulated nodes (2 ranks each): a checkpoint of level partner
 * (each rank's file in its node's local folder, a copy on the rank of the same local index on the
 * other node; nothing but the manifest in the shared root); node1 crashes and its local folder is
 * lost; the restart on the same nodes (node1 back, empty) takes node1's ranks from their partner
 * copies on node0 and gives the uninterrupted answer. With a partner copy of the newest checkpoint
 * gone too, the ranks refuse it, naming the rank and both nodes, and the restart falls back to the
 * older complete checkpoint with the same answer.
 */
class LevelsTest {
    static final int NP = 4;
    static final String RING = "mana.examples.NbRing";
    static final String STEPS = "400";
    @RegisterExtension
    static final NodeJobs jobs = new NodeJobs("mn-lvl", 2, 2);
    static final Path examples = NodeJobs.examples();

    @TempDir
    Path tmp;

    @Test
    void losingANodeAndItsLocalFolderRestartsFromThePartnerCopiesWithTheSameAnswer() throws Exception {
        List<String> raw = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe"));
        raw.addAll(jobs.nodes().mpirunOptions());
        raw.addAll(List.of("-np", String.valueOf(NP), NodeJobs.java(), "-cp", ManaJob.lowerHalfJar() + ":" + apiJar() + ":"
                + examples, RING, STEPS, "0"));
        ManaJob.Run ref = jobs.nodes().exec(0, 240, raw);
        assertEquals(0, ref.exit(), ref.all());
        String expected = checksum(ref.out(), ref.all());

        Path root = tmp.resolve("ckpt");
        String local = tmp.resolve("local-%h").toString();
        Path node0 = tmp.resolve("local-node0");
        Path node1 = tmp.resolve("local-node1");
        Process job = jobs.nodes().start(0, jobs.mana("run", "--ckpt-dir", root.toString(), "--ckpt-local", local, "--ckpt-partner",
                "-np", String.valueOf(NP), "--class", RING, examples.toString(), STEPS, "50"), tmp.resolve("run.out"), tmp.resolve("run.err"));
        try {
            String jobId = jobId(jobs, job, root);
            ManaJob.Run ck = untilReady(() -> jobs.nodes().exec(0, 120, jobs.mana("checkpoint", jobId)));
            assertEquals(0, ck.exit(), ck.all() + logs());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            ManaJob.Run ck2 = untilReady(() -> jobs.nodes().exec(0, 120, jobs.mana("checkpoint", jobId)));
            assertEquals(0, ck2.exit(), ck2.all() + logs());
            assertTrue(ck2.out().contains("checkpoint 2 committed"), ck2.all());
            // level partner: the shared root has the manifest only; the files are on the nodes
            try (Stream<Path> s = Files.list(root.resolve("ckpt-000002"))) {
                assertEquals(List.of("manifest.mana"), s.map(p -> p.getFileName().toString()).toList());
            }
            assertEquals(List.of("partner-2.mana", "partner-3.mana", "rank-0.mana", "rank-1.mana"), files(node0));
            assertEquals(List.of("partner-0.mana", "partner-1.mana", "rank-2.mana", "rank-3.mana"), files(node1));

            jobs.nodes().kill(1); // node1 crashes: its daemon and its two ranks
            NodeJobs.deleteTree(node1); // and its local disk is gone
            assertTrue(job.waitFor(180, TimeUnit.SECONDS), "the job did not end after node1 crashed" + logs());
            assertNotEquals(0, job.exitValue(), logs());
        } finally {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
            job.waitFor(30, TimeUnit.SECONDS);
        }
        assertFalse(Files.readString(tmp.resolve("run.out")).contains("ring checksum"), "ended before the crash: " + logs());

        ManaJob.Run re = jobs.nodes().exec(0, 300, jobs.mana("restart", root.toString()));
        assertEquals(0, re.exit(), re.all());
        assertTrue(re.err().contains("from checkpoint ckpt-000002 (level partner): rank 0: own local file (node0); rank 1: own local"
                + " file (node0); rank 2: partner copy from node0; rank 3: partner copy from node0"), re.all());
        assertEquals(expected, checksum(re.out(), re.all()));
        assertEquals(List.of("rank-2.mana", "rank-3.mana"), files(node1), "the restart puts node1's files back");

        // both copies of rank 2 in checkpoint 2 lost: refused, naming the rank and both nodes, and
        // the restart falls back to checkpoint 1 (its files still on node0: partner copies of 2 and 3)
        NodeJobs.deleteTree(node1);
        Files.delete(latest(node0).resolve("partner-2.mana"));
        ManaJob.Run fallback = jobs.nodes().exec(0, 300, jobs.mana("restart", root.toString()));
        assertEquals(0, fallback.exit(), fallback.all());
        assertTrue(fallback.err().contains("rank 2's file on node1 and its partner copy on node0 are gone or damaged); set aside,"
                + " falling back to the older complete checkpoint 1"), fallback.all());
        assertTrue(fallback.err().contains("from checkpoint ckpt-000001 (level partner): rank 0: own local file (node0); rank 1: own"
                + " local file (node0); rank 2: partner copy from node0; rank 3: partner copy from node0"), fallback.all());
        assertEquals(expected, checksum(fallback.out(), fallback.all()));
        assertTrue(Files.isDirectory(root.resolve(".ckpt-000002.refused")), "checkpoint 2 is set aside, not deleted");
    }

    /** The id of the job whose checkpoint root is {@code root}, from its job file. */
    static String jobId(NodeJobs jobs, Process job, Path root) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        Path dir = jobs.jobsDir();
        while (System.nanoTime() < until && job.isAlive()) {
            try (Stream<Path> s = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
                for (Path f : s.filter(p -> p.toString().endsWith(".properties")).toList()) {
                    Properties p = new Properties();
                    try (InputStream in = Files.newInputStream(f)) {
                        p.load(in);
                    } catch (IOException gone) {
                        continue;
                    }
                    if (root.toString().equals(p.getProperty("ckptRoot"))) {
                        return p.getProperty("job");
                    }
                }
            } catch (IOException e) {
                // listing raced with a job file being removed: look again
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no job file for " + root);
    }

    private static Path latest(Path localRoot) throws IOException {
        try (Stream<Path> jobs = Files.list(localRoot)) {
            Path jobDir = jobs.findFirst().orElseThrow();
            try (Stream<Path> s = Files.list(jobDir)) {
                return s.max(Comparator.naturalOrder()).orElseThrow();
            }
        }
    }

    /** The files of the newest local checkpoint folder under a node's local root, sorted. */
    private static List<String> files(Path localRoot) throws IOException {
        try (Stream<Path> s = Files.list(latest(localRoot))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    interface Attempt {
        ManaJob.Run run();
    }

    /**
     * Retries while the job is not up yet, or its ranks are still starting, or the client could not
     * connect to the coordinator on a loaded machine (a TLS handshake that timed out: no checkpoint
     * was requested, so trying again cannot take a second one): at most 20 attempts, no timed assertion.
     */
    static ManaJob.Run untilReady(Attempt a) throws InterruptedException {
        ManaJob.Run r = null;
        for (int attempt = 1; attempt <= 20; attempt++) {
            r = a.run();
            if (!retryable(r.err())) {
                return r;
            }
            Thread.sleep(Math.min(5000, 250L * attempt));
        }
        return r;
    }

    static boolean retryable(String err) {
        return err.contains("cannot checkpoint now") || err.contains("no running job") || err.contains("not running")
                || err.contains("no job") || err.contains("(no checkpoint was requested)");
    }

    private String logs() {
        return NodeJobs.logs(tmp);
    }
}
