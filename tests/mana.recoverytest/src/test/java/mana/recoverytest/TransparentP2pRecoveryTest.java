package mana.recoverytest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transparent checkpoints of programs that make point-to-point calls only (no collective): the cut
 * is at their blocking sends and receives. Checkpointed mid-run, killed (or ended) and restarted,
 * they print what an uninterrupted run on Open MPI's own binding prints.
 */
class TransparentP2pRecoveryTest {
    static final String PIPELINE = "mana.examples.plain.PlainPipeline";
    static final String ITEMS = "600";
    static final String MS = "10";
    static final String HALO = "mana.examples.plain.PlainHalo";
    static final String STEPS = "600";
    static final String EXCHANGE = "mana.examples.plain.PlainExchange";
    static final String EXCHANGE_STEPS = "200";

    static final String SPLIT = "mana.examples.plain.PlainSplit";

    static Path examples;
    static Path ring;
    static ManaJob.Run pipelineRef;
    static ManaJob.Run ringRef;
    static ManaJob.Run haloRef;
    static ManaJob.Run exchangeRef;
    static ManaJob.Run splitRef;

    @TempDir
    Path tmp;

    @BeforeAll
    static void referenceResults() {
        examples = ManaJob.home().resolve("examples/target/mana-examples.jar");
        ring = ManaJob.home().resolve("examples/target/ring.jar");
        assertTrue(Files.isRegularFile(examples), "build examples first: " + examples);
        assertTrue(Files.isRegularFile(ring), "Open MPI's Ring is copied by ./mana setup: " + ring);
        pipelineRef = ManaJob.raw(3, examples, PIPELINE, ITEMS, "0");
        assertEquals(0, pipelineRef.exit(), pipelineRef.all());
        ringRef = ManaJob.raw(3, ring, "Ring");
        assertEquals(0, ringRef.exit(), ringRef.all());
        haloRef = ManaJob.raw(3, examples, HALO, STEPS, "0");
        assertEquals(0, haloRef.exit(), haloRef.all());
        exchangeRef = ManaJob.raw(3, examples, EXCHANGE, EXCHANGE_STEPS, "0");
        assertEquals(0, exchangeRef.exit(), exchangeRef.all());
        splitRef = ManaJob.raw(3, examples, SPLIT, STEPS, "0");
        assertEquals(0, splitRef.exit(), splitRef.all());
    }

    /**
     * Rank 0 sends 1 MiB blocks (rendezvous: the send returns only once rank 1 receives) while rank 1
     * makes 32 small self sends before it receives each block; rank 2 reports late. The cut is
     * often agreed while rank 0 is inside its large send and rank 1 stops before a small send: the
     * stopped rank 1 takes the block off the network while it waits, so rank 0 reaches its cut
     * (without that the checkpoint waits for rank 0 until the deadline and is abandoned: seen in
     * about half of the runs with the early drain switched off). Killed -9 and restarted, the job prints the
     * uninterrupted run's tail.
     */
    @Test
    void aLargeSendBlockedOnAStoppedReceiverDoesNotHoldTheCutAndTheRestartPrintsTheUninterruptedTail() throws Exception {
        Path root = tmp.resolve("exchange");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainExchange", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "3", "--class", EXCHANGE, examples.toString(), EXCHANGE_STEPS, "50");
        try (job) {
            job.awaitOutput("step 50 checksum");
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains("plain exchange checksum"), "killed before the end: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        RestartTail.assertTail(exchangeRef, rest, 1, 4, "step 50");
    }

    /**
     * A halo exchange (iRecv, iSend, Request.waitAll; no collective) checkpointed mid-run, every
     * rank killed -9, restarted: the cut is at the waitAll (receives still pending there are
     * re-posted into the buffers the restored program holds) and the restart prints exactly the
     * uninterrupted run's tail.
     */
    @Test
    void haloExchangeCheckpointedAtItsWaitAllKilledAndRestartedPrintsTheUninterruptedTail() throws Exception {
        cutKillRestart("halo", HALO, "step 50 sum", "plain halo total", "before mpi.Request.waitAll: rank",
                "resuming main before mpi.Request.waitAll", haloRef, STEPS, MS);
    }

    /**
     * The same halo exchange spinning on Request.testAll instead of waiting (an overlap loop):
     * every rank is cut before one of its tests, with receives pending, killed -9 and restarted:
     * the restart prints exactly the uninterrupted run's tail.
     */
    @Test
    void haloPollingWithTestAllCheckpointedAtATestKilledAndRestartedPrintsTheUninterruptedTail() throws Exception {
        cutKillRestart("halo-poll", HALO, "step 50 sum", "plain halo total", "before mpi.Request.testAll: rank",
                "resuming main before mpi.Request.testAll", haloRef, STEPS, MS, "poll");
    }

    /**
     * Collectives on split communicators only (no point-to-point call, no world collective until
     * the end): every rank is cut before its half's allReduce, killed -9 and restarted: the
     * restart prints exactly the uninterrupted run's tail.
     */
    @Test
    void collectivesOnSplitCommunicatorsCheckpointedBeforeOneKilledAndRestartedPrintTheUninterruptedTail() throws Exception {
        cutKillRestart("split", SPLIT, "step 50 value", "plain split total", "(before mpi.Intracomm.allReduce: ranks 0, 1, 2)",
                "resuming main before mpi.Intracomm.allReduce", splitRef, STEPS, MS);
    }

    /**
     * The same with iAllReduce + waitFor on the halves: every rank is cut before the start of a
     * non-blocking collective (none pending), killed -9 and restarted: the uninterrupted tail.
     */
    @Test
    void nonBlockingCollectivesCheckpointedBeforeAStartKilledAndRestartedPrintTheUninterruptedTail() throws Exception {
        cutKillRestart("split-nb", SPLIT, "step 50 value", "plain split total", "(before mpi.Intracomm.iAllReduce: ranks 0, 1, 2)",
                "resuming main before mpi.Intracomm.iAllReduce", splitRef, STEPS, MS, "nb");
    }

    /** mana checkpoint while items flow, kill -9 of every rank, mana restart: the restart prints the uninterrupted run's tail. */
    @Test
    void pipelineCheckpointedAtItsSendsAndReceivesKilledAndRestartedPrintsTheUninterruptedTail() throws Exception {
        Path root = tmp.resolve("pipeline");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainPipeline", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "3", "--class", PIPELINE, examples.toString(), ITEMS, MS);
        try (job) {
            job.awaitOutput("item 50 value");
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            assertTrue(ck.out().contains("the cut is before MPI_COMM_WORLD collective 1 (each rank stops at its first blocking send,"
                    + " receive, probe or wait, test or iProbe after MPI_Init"), ck.all());
            assertTrue(ck.out().contains("before mpi.Intracomm.recv: rank"), "the last stage waits in a receive: " + ck.all());
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains("plain pipeline checksum"), "killed before the end: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertTrue(rest.err().contains("resuming main before mpi.Intracomm."), rest.all());
        RestartTail.assertTail(pipelineRef, rest, 1, 4, "item 50");
    }

    /**
     * Open MPI's Ring (unmodified; slowed down by the test knob mana.transparent.pauseMs, else it
     * ends in milliseconds) checkpointed with --exit halfway round: the run's output and the
     * restart's together are the uninterrupted run's (as sorted lines: ranks print concurrently).
     */
    @Test
    void openMpisRingCheckpointedHalfwayAndRestartedPrintsTheRestOfTheUninterruptedRun() throws Exception {
        Path root = tmp.resolve("ring");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "Ring", List.of(),
                Map.of("MANA_JAVA_OPTS", "-Dmana.transparent.pauseMs=100"), "run", "--transparent", "--ckpt-dir", root.toString(),
                "-np", "3", "--class", "Ring", ring.toString());
        String first;
        try (job) {
            job.awaitOutput("decremented value: 7");
            ManaJob.Run ck = job.checkpointWhenReady("--exit");
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            assertEquals(0, job.waitFor(), job.all());
            first = job.out();
            assertTrue(first.contains("decremented value: 7") && !first.contains("decremented value: 0"), "ended halfway: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertTrue(rest.err().contains("resuming main before mpi.Intracomm."), rest.all());
        assertFalse(rest.out().contains("Process 0 sending"), "the restart does not start over: " + rest.all());
        assertEquals(sorted(ringRef.out()), sorted(first + rest.out()), "run + restart = the uninterrupted run");
    }

    private static List<String> sorted(String out) {
        List<String> l = new ArrayList<>(out.lines().toList());
        l.sort(null);
        return l;
    }

    /**
     * Runs {@code program} transparently on 3 ranks with {@code args}, checkpoints it once
     * {@code await} is printed, kills every rank -9 and restarts it: {@code mana checkpoint} says
     * where the ranks stopped ({@code stops}), the restart where main resumed ({@code resumed}),
     * and the restart prints exactly {@code reference}'s tail after step 50.
     */
    private void cutKillRestart(String name, String program, String await, String end, String stops, String resumed,
            ManaJob.Run reference, String... args) throws Exception {
        Path root = tmp.resolve(name);
        List<String> run = new ArrayList<>(List.of("run", "--transparent", "--ckpt-dir", root.toString(), "-np", "3",
                "--class", program, examples.toString()));
        run.addAll(List.of(args));
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), program.substring(program.lastIndexOf('.') + 1),
                run.toArray(String[]::new));
        try (job) {
            job.awaitOutput(await);
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            assertTrue(ck.out().contains(stops), "where the ranks stop: " + ck.all());
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains(end), "killed before the end: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertTrue(rest.err().contains(resumed), rest.all());
        RestartTail.assertTail(reference, rest, 2, 4, "step 50");
    }
}
