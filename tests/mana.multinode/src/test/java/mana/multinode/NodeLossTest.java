package mana.multinode;

import static mana.multinode.MultiNodeTest.apiJar;
import static mana.multinode.MultiNodeTest.checksum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Losing a node for good: three simulated nodes of 2 slots, a job of 4 ranks (node0 and node1;
 * node2 is the spare), checkpoints of level partner. node1 fails (every process killed, its link
 * down, the launch agent refuses it) and its local folder is deleted; with {@code --max-restarts}
 * the launcher finds node1 does not answer, restarts on node0 and the spare node2, and ranks 2
 * and 3 take their files from the partner copies on node0: the answer of an uninterrupted run.
 */
class NodeLossTest {
    static final int NP = 4;
    static final String RING = "mana.examples.NbRing";
    static final String STEPS = "400";
    @RegisterExtension
    static final NodeJobs jobs = new NodeJobs("mn-loss", 3, 2);
    static final Path examples = NodeJobs.examples();

    @TempDir
    Path tmp;

    @Test
    void aLostNodeIsLeftOutAndTheJobRestartsOnTheSpareFromThePartnerCopies() throws Exception {
        List<String> raw = new ArrayList<>(List.of("mpirun", "--allow-run-as-root"));
        raw.addAll(jobs.nodes().mpirunOptions());
        raw.addAll(List.of("-np", String.valueOf(NP), NodeJobs.java(), "-cp", ManaJob.lowerHalfJar() + ":" + apiJar() + ":"
                + examples, RING, STEPS, "0"));
        ManaJob.Run ref = jobs.nodes().exec(0, 240, raw);
        assertEquals(0, ref.exit(), ref.all());
        String expected = checksum(ref.out(), ref.all());

        Path root = tmp.resolve("ckpt");
        Path node1 = tmp.resolve("local-node1");
        List<String> cmd = jobs.mana("run"); // with the nodes' mpirun options
        cmd.addAll(List.of("--ckpt-dir", root.toString(), "--ckpt-local", tmp.resolve("local-%h").toString(), "--ckpt-partner",
                "--max-restarts", "1", "-np", String.valueOf(NP), "--class", RING, examples.toString(),
                STEPS, "50"));
        Process job = jobs.nodes().start(0, cmd, tmp.resolve("run.out"), tmp.resolve("run.err"));
        try {
            // one checkpoint of level partner: node1's files on node1, their copies on node0
            String jobId = LevelsTest.jobId(jobs, job, root);
            ManaJob.Run ck = LevelsTest.untilReady(() -> jobs.nodes().exec(0, 120, jobs.mana("checkpoint", jobId)));
            assertEquals(0, ck.exit(), ck.all() + logs());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            jobs.nodes().fail(1);
            NodeJobs.deleteTree(node1);
            assertTrue(job.waitFor(240, TimeUnit.SECONDS), "the job did not end" + logs());
            assertEquals(0, job.exitValue(), logs());
        } finally {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
            job.waitFor(30, TimeUnit.SECONDS);
        }
        String err = Files.readString(tmp.resolve("run.err"));
        assertTrue(err.contains("node(s) node1 did not answer; restarting on node0, node2 (spare: node2)"), logs());
        assertTrue(err.contains("rank 2: partner copy from node0; rank 3: partner copy from node0"), logs());
        assertEquals(expected, checksum(Files.readString(tmp.resolve("run.out")), logs()));
    }

    private String logs() {
        return NodeJobs.logs(tmp);
    }
}
