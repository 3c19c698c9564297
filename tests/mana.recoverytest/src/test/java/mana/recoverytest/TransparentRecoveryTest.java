package mana.recoverytest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transparent checkpoints ({@code mana run --transparent}) of programs with no MANA import and no
 * safe point ({@code mana.examples.plain}): checkpointed, killed and restarted, they must print
 * what an uninterrupted run on Open MPI's own binding prints, and leave its open files as that
 * run does; a program holding a deleted file is refused with the class and the path to it, and
 * goes on to the right answer; a restart with a
 * changed class is refused naming it.
 */
class TransparentRecoveryTest {
    static final String HEAT = "mana.examples.plain.PlainHeat";
    static final String RING = "mana.examples.plain.PlainRing";
    static final String LOG = "mana.examples.plain.PlainLog";
    static final String WORKER = "mana.examples.plain.PlainWorker";
    static final String LEVEL = "mana.examples.plain.PlainThreadLevel";
    static final String ICOLL = "mana.examples.plain.PlainIcoll";
    static final String TAIL = "mana.examples.plain.PlainTail";
    static final String POOL = "mana.examples.plain.PlainPool";
    static final String HEAT_STEPS = "200000";
    static final String RING_ROUNDS = "300";
    static final String MS = "20";

    static Path examples;
    static ManaJob.Run heatRef;
    static ManaJob.Run ringRef;
    static String logR;

    @TempDir
    Path tmp;

    @BeforeAll
    static void referenceResults(@TempDir Path dir) throws IOException {
        examples = ManaJob.home().resolve("examples/target/mana-examples.jar");
        assertTrue(Files.isRegularFile(examples), "build examples first: " + examples);
        heatRef = ManaJob.raw(2, examples, HEAT, HEAT_STEPS);
        assertEquals(0, heatRef.exit(), heatRef.all());
        ringRef = ManaJob.raw(3, examples, RING, RING_ROUNDS, "0");
        assertEquals(0, ringRef.exit(), ringRef.all());
        logDir = Files.createDirectories(dir.resolve("log"));
        ManaJob.Run log = ManaJob.raw(2, examples, LOG, logDir.resolve("log.txt").toString(), LOG_ROUNDS, "0");
        assertEquals(0, log.exit(), log.all());
        logR = RecoveryTest.checksum(log, "plain log checksum");
    }

    static final String LOG_ROUNDS = "200";
    static Path logDir;
    static final List<String> LOG_FILES = List.of("log.txt", "log.txt.table.0", "log.txt.table.1");

    /**
     * Open result files (a FileOutputStream, and a PrintWriter over a BufferedWriter with chars
     * pending): mana checkpoint, the files grow after the cut, kill -9 of every rank, mana restart:
     * the checksum and every file byte for byte as in an uninterrupted run on Open MPI's binding.
     */
    @Test
    void aProgramWithOpenFilesIsRestartedAndItsFilesEndAsInAnUninterruptedRun() throws Exception {
        Path root = tmp.resolve("log");
        Path dir = Files.createDirectories(tmp.resolve("files"));
        Path log = dir.resolve("log.txt");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainLog", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "2", "--class", LOG, examples.toString(), log.toString(), LOG_ROUNDS, "50");
        try (job) {
            long until = System.nanoTime() + 60_000_000_000L;
            while (!(Files.exists(log) && Files.size(log) > 40) && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            long atCut = Files.size(log);
            while (Files.size(log) <= atCut + 20 && job.process.isAlive()) {
                Thread.sleep(20); // written after the cut: the restart must cut it back and write it again
            }
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains("plain log checksum"), "killed before the end: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertTrue(rest.err().contains("resuming main before mpi.Intracomm.allReduce"), rest.all());
        assertEquals(logR, RecoveryTest.checksum(rest.out(), "plain log checksum", rest.all()));
        for (String f : LOG_FILES) {
            assertEquals(Files.readString(logDir.resolve(f)), Files.readString(dir.resolve(f)), f + " after the restart");
        }
    }

    /** checkpoint --exit, then restart: the two outputs one after the other are the uninterrupted run's, line for line. */
    @Test
    void heatCheckpointedWithExitAndRestartedPrintsExactlyTheUninterruptedOutput() throws Exception {
        Path root = tmp.resolve("heat");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainHeat", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "2", "--class", HEAT, examples.toString(), HEAT_STEPS);
        String first;
        try (job) {
            ManaJob.Run ck = job.checkpointWhenReady("--exit");
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("the cut is before MPI_COMM_WORLD collective"), ck.all());
            assertTrue(ck.out().contains("waiting for 2 ranks to reach a cut point"), "worded for cut points from the first line: " + ck.all());
            assertEquals(0, job.waitFor(), job.all());
            first = job.out();
            assertFalse(first.contains("checksum"), "ended at the checkpoint: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertTrue(rest.err().contains("resuming main before mpi.Intracomm."), rest.all()); // allReduce or (a cut point now) sendRecv
        assertEquals(heatRef.out(), first + rest.out(), "run + restart = the uninterrupted run");
    }

    /**
     * mana checkpoint, kill -9 of every rank, mana restart: the restart prints the uninterrupted
     * run's tail. No --transparent: a program that does not call mana.api is checkpointed
     * transparently by default (the jar also holds Heat, which does: only main's reach counts).
     */
    @Test
    void ringCheckpointedKilledAndRestartedPrintsTheUninterruptedTail() throws Exception {
        Path root = tmp.resolve("ring");
        Path jar = tmp.resolve("ring.jar");
        Files.copy(examples, jar);
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainRing", "run", "--ckpt-dir",
                root.toString(), "-np", "3", "--class", RING, jar.toString(), RING_ROUNDS, MS);
        try (job) {
            job.awaitOutput("round 20 sum");
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            ManaJob.Run sh = ManaJob.mana("shell", job.jobId, "-c", "mana:ckpt");
            assertTrue(sh.out().contains("transparent: not armed (MPI calls go straight to MPI until a checkpoint is requested), main running"), sh.all());
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains("plain ring checksum"), "killed before the end: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertTrue(rest.err().contains("resuming main before mpi.Intracomm."), rest.all()); // its send, recv or allReduce
        RestartTail.assertTail(ringRef, rest, 1, 0, "round 20");

        // the same checkpoint with a changed class (one string of PlainRing changed, same length): refused naming it
        patchClass(jar, "mana/examples/plain/PlainRing.class", "plain ring checksum", "PLAIN RING CHECKSUM");
        ManaJob.Run changed = ManaJob.mana("restart", root.toString());
        assertNotEquals(0, changed.exit(), changed.all());
        assertTrue(changed.all().contains("class mana.examples.plain.PlainRing differs from the checkpointed one"), changed.all());
    }

    /**
     * A user-defined op (an anonymous UserFunction, not Serializable, counting its calls into an
     * array main holds) in every round's allReduce: mana checkpoint, kill -9 of every rank, mana
     * restart: the restart prints the uninterrupted run's tail, the op's call count included (its
     * function came back through the heap image as the object main's array is shared with).
     * Before session 16 such a checkpoint was refused (the engine saved op functions with Java
     * serialization). The reference is an uninterrupted MANA run: Open MPI's own binding keeps
     * the JNI local reference of a user op's first call and calls through it later, so a raw run
     * of this loop sometimes fails (NullPointerException in mpi.Op.call) once the JIT moves frames.
     */
    @Test
    void aProgramWithAnAnonymousUserOpIsRestartedWithTheSameOutput() throws Exception {
        ManaJob.Run ref = ManaJob.mana("run", "--transparent", "-np", "3", "--class", RING, examples.toString(), RING_ROUNDS, "0",
                "op");
        assertEquals(0, ref.exit(), ref.all());
        assertEquals(RecoveryTest.checksum(ringRef, "plain ring checksum"), RecoveryTest.checksum(ref, "plain ring checksum"),
                "the user op sums as MPI.SUM does");
        assertTrue(ref.out().contains("user op called"), ref.all());
        Path root = tmp.resolve("op");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainRing", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "3", "--class", RING, examples.toString(), RING_ROUNDS, MS, "op");
        try (job) {
            job.awaitOutput("round 20 sum");
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            job.killAllRanks();
            assertNotEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains("user op called"), "killed before the end: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        RestartTail.assertTail(ref, rest, 2, 0, "round 20");
    }

    /**
     * A loop of iAllReduce + waitFor on MPI_COMM_WORLD, odd ranks sleeping 3 s before each
     * start; every rank holds before its 3rd cut point (a start) until the checkpoint is asked, so
     * rank 0 waits there while rank 1 sleeps. Before session 16 the coordinator let rank 0 make
     * that start (a PASS, after 100 ms without a report), rank 1 then stopped before the same
     * collective and rank 0 waited inside its waitFor until the deadline (Open MPI's
     * IgathervInPlace, IscanInPlace). Now the start is a world cut point: committed, and the
     * restart ends with the uninterrupted run's checksum.
     */
    @Test
    void aRankWaitingAtANonBlockingWorldCollectiveIsNotLetPastTheCut() throws Exception {
        ManaJob.Run ref = ManaJob.raw(2, examples, ICOLL, "6", "0");
        assertEquals(0, ref.exit(), ref.all());
        Path root = tmp.resolve("icoll");
        heldAndCheckpointed("PlainIcoll", root, 3, ICOLL, "6", "3000");
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertEquals(RecoveryTest.checksum(ref, "plain icoll checksum"), RecoveryTest.checksum(rest.out(), "plain icoll checksum", rest.all()));
    }

    /**
     * A program whose only blocking MPI call is MPI_Finalize (most of Open MPI's environment and
     * info tests are so): every rank holds before it until the checkpoint is asked, the cut is
     * made there and the ranks exit; the restart finalizes and prints, from the restored heap,
     * the lines the uninterrupted run prints after MPI_Finalize. Until session 19 a rank that
     * reached MPI_Finalize cancelled every attempt: such programs could not be checkpointed.
     */
    @Test
    void aProgramWhoseOnlyCutPointIsMpiFinalizeIsCutBeforeIt() throws Exception {
        ManaJob.Run ref = ManaJob.raw(2, examples, TAIL, "300000");
        assertEquals(0, ref.exit(), ref.all());
        Path root = tmp.resolve("tail");
        String first = heldAndCheckpointed("PlainTail", root, 1, TAIL, "300000");
        assertTrue(first.contains("plain tail rank 1 of 2: "), first);
        assertFalse(first.contains("checksum"), "cut before MPI_Finalize: " + first);
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertEquals(tailLines(ref.out()), tailLines(rest.out()), rest.all());
        assertEquals(2, tailLines(rest.out()).size(), rest.all());
    }

    /**
     * A hybrid program (a fixed pool, a single-thread executor and a ForkJoinPool do each
     * step's compute; the pools are idle at every MPI call): checkpoint --exit, restart in new
     * JVMs with pools made again from their configuration: the same checksums as an
     * uninterrupted run on Open MPI's binding, and the restart said where it resumed.
     */
    @Test
    void aProgramWithIdleThreadPoolsIsRestartedWithTheSameAnswer() throws Exception {
        ManaJob.Run ref = ManaJob.raw(2, examples, POOL, "300", "0");
        assertEquals(0, ref.exit(), ref.all());
        Path root = tmp.resolve("pool");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainPool", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "2", "--class", POOL, examples.toString(), "300", "20");
        try (job) {
            ManaJob.Run ck = job.checkpointWhenReady("--exit");
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            assertEquals(0, job.waitFor(), job.all());
            assertFalse(job.out().contains("checksum"), "ended at the checkpoint: " + job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        assertTrue(rest.err().contains("resuming main before mpi.Intracomm.allReduce"), rest.all());
        assertEquals(poolLines(ref.out()), poolLines(rest.out()), rest.all());
        assertEquals(2, poolLines(rest.out()).size(), rest.all());
    }

    private static List<String> poolLines(String out) {
        return out.lines().filter(l -> l.startsWith("plain pool rank ")).sorted().toList();
    }

    /**
     * Runs {@code cls} woven on 2 ranks, every rank held before its {@code holdAt}-th cut point
     * until a checkpoint is asked; asks for one with {@code --exit} once a rank holds, and checks
     * that it was committed and that the job then ended with status 0. Returns the job's stdout.
     */
    private String heldAndCheckpointed(String name, Path root, int holdAt, String cls, String... args) throws Exception {
        String held = name + "-held";
        List<String> run = new java.util.ArrayList<>(List.of("run", "--transparent", "--ckpt-dir", root.toString(), "-np", "2",
                "--class", cls, examples.toString()));
        run.addAll(List.of(args));
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), name, List.of("-Dmana.ckpt.deadlineS=20"),
                java.util.Map.of("MANA_JAVA_OPTS", "-Dmana.transparent.holdAt=" + holdAt + " -Dmana.transparent.holdFile="
                        + tmp.resolve(held)), run.toArray(String[]::new));
        try (job) {
            long until = System.nanoTime() + 120_000_000_000L;
            while (!anyFile(tmp, held + ".") && job.process.isAlive() && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            ManaJob.Run ck = job.checkpointWhenReady("--exit");
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertTrue(ck.out().contains("checkpoint 1 committed"), ck.all());
            assertEquals(0, job.waitFor(), job.all());
            return job.out();
        }
    }

    /** The lines a PlainTail rank prints after MPI_Finalize, sorted. */
    private static List<String> tailLines(String out) {
        return out.lines().filter(l -> l.startsWith("plain tail rank ") && l.contains(" checksum ")).sorted().toList();
    }

    private static boolean anyFile(Path dir, String prefix) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith(prefix));
        } catch (IOException e) {
            return false;
        }
    }

    /** --ckpt-interval and --max-restarts, one rank killed -9 at a random moment: the same answer. */
    @Test
    void aRankKilledAtARandomMomentIsRecoveredWithTheSameAnswer() throws Exception {
        Path root = tmp.resolve("auto");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainRing", "run", "--transparent", "--ckpt-dir",
                root.toString(), "--ckpt-interval", "1s", "--max-restarts", "1", "-np", "3", "--class", RING, examples.toString(),
                RING_ROUNDS, MS);
        try (job) {
            long until = System.nanoTime() + 120_000_000_000L;
            while (!hasCheckpoint(root) && job.process.isAlive() && System.nanoTime() < until) {
                Thread.sleep(100);
            }
            assertTrue(hasCheckpoint(root), "a checkpoint within 120 s: " + job.all());
            Random random = new Random();
            Thread.sleep(random.nextInt(1500));
            job.killOneRank(random);
            assertEquals(0, job.waitFor(), job.all());
            assertTrue(job.err().contains("restarting from checkpoint"), job.all());
            assertEquals(RecoveryTest.checksum(ringRef, "plain ring checksum"),
                    RecoveryTest.checksum(job.out(), "plain ring checksum", job.all()));
        }
    }

    /** An open FileOutputStream on a deleted file: the checkpoint is refused (exit 3) naming it, and the job finishes right. */
    @Test
    void aProgramHoldingADeletedFileIsRefusedAndGoesOn() throws Exception {
        Path root = tmp.resolve("deleted");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainLog", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "2", "--class", LOG, examples.toString(), tmp.resolve("log.txt").toString(), LOG_ROUNDS, "50",
                "deleted");
        try (job) {
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(3, ck.exit(), ck.all() + job.all());
            assertEquals(1, ck.err().strip().lines().count(), "one line: " + ck.all());
            assertTrue(ck.err().contains("an open file (java.io.FileOutputStream): file " + tmp.resolve("log.txt")
                    + " was deleted while open"), ck.all());
            assertTrue(ck.err().contains("mana.examples.plain.PlainLog.main"), ck.all());
            assertEquals(0, job.waitFor(), job.all());
            assertEquals(logR, RecoveryTest.checksum(job.out(), "plain log checksum", job.all()));
        }
    }

    /**
     * A program that called MPI.InitThread(SERIALIZED), checkpointed with --exit and restarted: the
     * restart initializes MPI with the same call (the level is in the checkpoint's manifest), so
     * MPI.queryThread and everything after it print what the uninterrupted run prints.
     */
    @Test
    void aProgramThatAskedForAThreadLevelGetsTheSameLevelAfterARestart() throws Exception {
        ManaJob.Run ref = ManaJob.raw(2, examples, LEVEL, "100", "0");
        assertEquals(0, ref.exit(), ref.all());
        assertTrue(ref.out().contains("level 2"), "Open MPI provides SERIALIZED: " + ref.all());
        Path root = tmp.resolve("level");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainThreadLevel", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "2", "--class", LEVEL, examples.toString(), "100", "50");
        try (job) {
            job.awaitOutput("round 20 ");
            ManaJob.Run ck = job.checkpointWhenReady("--exit");
            assertEquals(0, ck.exit(), ck.all() + job.all());
            assertEquals(0, job.waitFor(), job.all());
        }
        ManaJob.Run rest = ManaJob.mana("restart", root.toString());
        assertEquals(0, rest.exit(), rest.all());
        RestartTail.assertTail(ref, rest, 1, 1, "round 20");
    }

    /**
     * A second thread running the application's code (not reachable from main's frames or the
     * statics): the checkpoint is refused (exit 3) naming the thread, and the job finishes right.
     */
    @Test
    void aProgramWithAnotherThreadInItsOwnCodeIsRefusedAndGoesOn() throws Exception {
        ManaJob.Run ref = ManaJob.raw(2, examples, WORKER, "40", "0");
        assertEquals(0, ref.exit(), ref.all());
        Path root = tmp.resolve("worker");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainWorker", "run", "--transparent", "--ckpt-dir",
                root.toString(), "-np", "2", "--class", WORKER, examples.toString(), "40", "200");
        try (job) {
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(3, ck.exit(), ck.all() + job.all());
            assertTrue(ck.err().contains("thread \"plain-worker\"") && ck.err().contains("only the main thread is checkpointed"),
                    ck.all());
            assertEquals(0, job.waitFor(), job.all());
            assertEquals(ref.out().lines().filter(l -> l.startsWith("plain worker checksum")).toList(),
                    job.out().lines().filter(l -> l.startsWith("plain worker checksum")).toList(), job.all());
        }
    }

    /**
     * The only world collective inside a synchronized block: no cut point can be captured, so the
     * attempt is abandoned at the coordinator's deadline (5 s here) with exit 3, saying what a
     * transparent cut needs and why this program's one was declined; the job finishes right.
     */
    @Test
    void noCapturableCutPointIsRefusedAtTheDeadlineSayingWhy() throws Exception {
        Path root = tmp.resolve("locked");
        BackgroundJob job = BackgroundJob.start(tmp.resolve("logs"), "PlainRing", List.of("-Dmana.ckpt.deadlineS=5"), "run",
                "--transparent", "--ckpt-dir", root.toString(), "-np", "3", "--class", RING, examples.toString(), RING_ROUNDS, MS,
                "locked");
        try (job) {
            ManaJob.Run ck = job.checkpointWhenReady();
            assertEquals(3, ck.exit(), ck.all() + job.all());
            assertEquals(1, ck.err().strip().lines().count(), "one line: " + ck.all());
            assertTrue(ck.err().contains("did not reach a capturable cut point within 5 s"), ck.all());
            assertTrue(ck.err().contains("a program that makes none cannot be checkpointed"), ck.all());
            assertTrue(ck.err().contains("call inside a synchronized block"), ck.all());
            assertEquals(0, job.waitFor(), job.all());
            assertEquals(RecoveryTest.checksum(ringRef, "plain ring checksum"),
                    RecoveryTest.checksum(job.out(), "plain ring checksum", job.all()));
        }
    }

    private static boolean hasCheckpoint(Path root) {
        try (Stream<Path> s = Files.list(root)) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith("ckpt-"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Rewrites {@code jar} with one class's string {@code from} replaced by {@code to} (same length: the class stays valid). */
    static void patchClass(Path jar, String entry, String from, String to) throws IOException {
        assertEquals(from.length(), to.length());
        Path out = jar.resolveSibling(jar.getFileName() + ".new");
        try (ZipFile in = new ZipFile(jar.toFile()); ZipOutputStream zo = new ZipOutputStream(Files.newOutputStream(out))) {
            for (ZipEntry e : java.util.Collections.list(in.entries())) {
                byte[] b = in.getInputStream(e).readAllBytes();
                if (e.getName().equals(entry)) {
                    String s = new String(b, StandardCharsets.ISO_8859_1);
                    assertTrue(s.contains(from), entry + " holds '" + from + "'");
                    b = s.replace(from, to).getBytes(StandardCharsets.ISO_8859_1);
                }
                zo.putNextEntry(new ZipEntry(e.getName()));
                zo.write(b);
                zo.closeEntry();
            }
        }
        Files.move(out, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
