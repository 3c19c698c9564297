package mana.multinode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * MANA jobs across two simulated nodes (2 ranks each), mpirun and mana on node0, the head node:
 * a conformance program side by side with raw Open MPI on the same nodes; a checkpoint taken
 * from the other node, every rank killed, the restart giving the uninterrupted answer; the
 * coordinator (TLS off loopback) refusing plain text and a wrong token from another node.
 */
class MultiNodeTest {
    static final int NP = 4;
    static final String RING = "mana.examples.NbRing";
    @RegisterExtension
    static final NodeJobs jobs = new NodeJobs("mn-job", 2, 2);
    static final Path examples = NodeJobs.examples();

    @TempDir
    Path tmp;

    /** {@code mana ARGS} as run on a node; {@code run} gets the nodes' mpirun options first. */
    static List<String> raw(String classPath, String main, String... appArgs) {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe"));
        cmd.addAll(jobs.nodes().mpirunOptions());
        cmd.addAll(List.of("-np", String.valueOf(NP), NodeJobs.java(), "-cp", ManaJob.lowerHalfJar() + ":" + classPath, main));
        cmd.addAll(List.of(appArgs));
        return cmd;
    }

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).sorted().toList();
    }

    @Test
    void pointToPointAcrossNodesMatchesRawOpenMpiOnTheSameNodes() {
        Path programs = Path.of(System.getProperty("p2p.programs.jar"));
        String main = "mana.conformance.p2p.PointToPoint";
        long before = jobs.nodes().interfaceBytes(1);
        ManaJob.Run mana = jobs.nodes().exec(0, 240, jobs.mana("run", "-np", String.valueOf(NP), "--class", main, programs.toString()));
        assertEquals(0, mana.exit(), mana.all());
        long manaTraffic = jobs.nodes().interfaceBytes(1) - before;
        ManaJob.Run raw = jobs.nodes().exec(0, 240, raw(programs.toString(), main));
        assertEquals(0, raw.exit(), raw.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and raw Open MPI across the same nodes must report the same checks");
        assertTrue(m.size() > 90, "too few checks ran: " + m.size());
        // ranks 2 and 3 ran on node1: their messages, the coordinator link and Open MPI's wiring crossed its interface
        assertTrue(manaTraffic > 10_000, "little traffic on node1 during the MANA run: " + manaTraffic + " bytes");
    }

    static final String STEPS = "300";
    private static String reference;

    /** NbRing's answer on raw Open MPI across the same nodes, without interruption. */
    static synchronized String reference() {
        if (reference == null) {
            ManaJob.Run r = jobs.nodes().exec(0, 240, raw(apiJar() + ":" + examples, RING, STEPS, "0"));
            assertEquals(0, r.exit(), r.all());
            reference = checksum(r.out(), r.all());
        }
        return reference;
    }

    @Test
    void losingANodeRestartsTheJobFromItsCheckpointWithTheSameAnswer() throws Exception {
        String expected = reference();
        Path root = tmp.resolve("ckpt");
        Process job = jobs.nodes().start(0, jobs.mana("run", "--ckpt-dir", root.toString(), "--ckpt-interval", "2s", "--max-restarts", "1",
                "-np", String.valueOf(NP), "--class", RING, examples.toString(), STEPS, "60"), tmp.resolve("run.out"), tmp.resolve("run.err"));
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!hasCheckpoint(root) && job.isAlive() && System.nanoTime() < until) {
                Thread.sleep(100);
            }
            assertTrue(hasCheckpoint(root), "no checkpoint committed" + logs());
            jobs.nodes().kill(1); // node1 crashes: its daemon and both its ranks
            assertTrue(job.waitFor(240, TimeUnit.SECONDS), "the job did not end" + logs());
            assertEquals(0, job.exitValue(), logs());
        } finally {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
        }
        String err = Files.readString(tmp.resolve("run.err"));
        assertTrue(err.contains("restarting from checkpoint") && err.contains("(restart 1 of 1)"), logs());
        assertEquals(expected, checksum(Files.readString(tmp.resolve("run.out")), logs()));
    }

    private static boolean hasCheckpoint(Path root) {
        try (Stream<Path> s = Files.isDirectory(root) ? Files.list(root) : Stream.empty()) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith("ckpt-"));
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aCheckpointTakenFromAnotherNodeRestartsAcrossNodesWithTheUninterruptedAnswer() throws Exception {
        String steps = STEPS;
        String expected = reference();

        Path root = tmp.resolve("ckpt");
        Process job = jobs.nodes().start(0, jobs.mana("run", "--ckpt-dir", root.toString(), "-np", String.valueOf(NP), "--class", RING,
                examples.toString(), steps, "20"), tmp.resolve("run.out"), tmp.resolve("run.err"));
        try {
            Properties jf = jobFile(job, root);
            String jobId = jf.getProperty("job");
            assertTrue(jf.getProperty("host").startsWith("10.213.0."), "coordinator on the nodes' network: " + jf);
            assertEquals(64, jf.getProperty("tls", "").length(), "TLS off loopback: " + jf.stringPropertyNames());
            ManaJob.Run ck = untilReady(() -> jobs.nodes().exec(1, 120, jobs.mana("checkpoint", jobId)));
            assertEquals(0, ck.exit(), ck.all() + logs());
            assertTrue(ck.out().contains("checkpoint 1 committed") && ck.out().contains("4 of 4 ranks done"), ck.all());

            ManaJob.Run sh = jobs.nodes().exec(1, 60, jobs.mana("shell", jobId, "--all", "-c", "mana:handles"));
            assertEquals(0, sh.exit(), sh.all());
            for (int r = 0; r < NP; r++) {
                assertTrue(sh.out().contains("[rank " + r + "]"), sh.all());
            }
        } finally {
            job.descendants().forEach(ProcessHandle::destroyForcibly); // every rank on both nodes, mpirun, the daemons
            job.destroyForcibly();
            job.waitFor(30, TimeUnit.SECONDS);
        }
        assertFalse(Files.readString(tmp.resolve("run.out")).contains("ring checksum"), "killed before the end: " + logs());
        ManaJob.Run last = jobs.nodes().exec(0, 240, jobs.mana("restart", root.toString()));
        assertEquals(0, last.exit(), last.all());
        assertTrue(last.err().contains("from checkpoint 1"), last.all());
        assertEquals(expected, checksum(last.out(), last.all()));
    }

    @Test
    void theCoordinatorRefusesPlainTextAndAWrongTokenFromAnotherNode() throws Exception {
        Path root = tmp.resolve("ckpt");
        Process job = jobs.nodes().start(0, jobs.mana("run", "--ckpt-dir", root.toString(), "-np", String.valueOf(NP), "--class", RING,
                examples.toString(), "100000", "20"), tmp.resolve("run.out"), tmp.resolve("run.err"));
        try {
            Properties jf = jobFile(job, root);
            Path probeClasses = Path.of(CoordProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            ManaJob.Run probe = jobs.nodes().exec(1, 90, List.of(NodeJobs.java(), "-cp", probeClasses.toString(), CoordProbe.class.getName(),
                    jf.getProperty("host"), jf.getProperty("port"), jf.getProperty("token"), jf.getProperty("job")));
            assertEquals(0, probe.exit(), probe.all());
            List<String> lines = probe.outLines();
            assertTrue(lines.contains("tls-right-token: WELCOME"), "the probe gets in with the token (control): " + probe.all());
            String plain = lines.stream().filter(l -> l.startsWith("plain: ")).findFirst().orElseThrow();
            assertTrue(List.of("plain: <closed>", "plain: <tls-alert>").contains(plain) || plain.startsWith("plain: <error"),
                    "plain text must get nothing but a TLS alert: " + plain);
            assertTrue(lines.contains("tls-wrong-token: <closed>"), probe.all());
            String addr = jobs.nodes().address(1);
            String log = Files.readString(tmp.resolve("run.err"));
            assertTrue(log.contains("refused a connection from /" + addr) && log.contains("no TLS handshake"), log);
            assertTrue(log.contains("wrong or missing job token"), log);
        } finally {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
            job.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** The job file of the mana run started as {@code job} (its id ends with the mana process's pid). */
    private Properties jobFile(Process job, Path root) throws Exception {
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
                        return p;
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no job file for " + root + logs());
    }

    interface Attempt {
        ManaJob.Run run();
    }

    /** Retries while the ranks are still starting. */
    private static ManaJob.Run untilReady(Attempt a) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            ManaJob.Run r = a.run();
            if (!r.err().contains("cannot checkpoint now") || System.nanoTime() > until) {
                return r;
            }
            Thread.sleep(500);
        }
    }

    private String logs() {
        return NodeJobs.logs(tmp);
    }

    static String checksum(String out, String context) {
        return out.lines().filter(l -> l.startsWith("ring checksum")).findFirst()
                .orElseThrow(() -> new AssertionError("no 'ring checksum' line in:\n" + context));
    }

    static Path apiJar() {
        try (Stream<Path> s = Files.list(ManaJob.home().resolve("bundles/mana.api/target"))) {
            return s.filter(p -> p.getFileName().toString().matches("mana\\.api-.*\\.jar")).findFirst().orElseThrow();
        } catch (IOException e) {
            throw new AssertionError("build bundles/mana.api first", e);
        }
    }
}
