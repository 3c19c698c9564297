package mana.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import mana.api.spi.PlatformHook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The rank side of the safe-point protocol, driven by a scripted coordinator. */
class CutProtocolTest {
    final BlockingQueue<String> sent = new LinkedBlockingQueue<>();
    /** NOSAFEPOINT lines, apart: whether one is sent depends on the process-wide safe-point counter. */
    final List<String> noSafePoint = new java.util.concurrent.CopyOnWriteArrayList<>();
    final List<String> cuts = new ArrayList<>();
    final AtomicBoolean exited = new AtomicBoolean();
    final CutProtocol protocol = new CutProtocol(line -> (line.startsWith("NOSAFEPOINT") ? noSafePoint : sent).add(line),
            (a, index, state) -> {
        cuts.add(a.seq() + "@" + index + ":" + state);
        return new CutProtocol.Result(true, a.seq(), 100, 2, null);
    }, () -> exited.set(true));

    @AfterEach
    void lower() {
        PlatformHook.lower();
    }

    String next() throws InterruptedException {
        String s = sent.poll(10, TimeUnit.SECONDS);
        assertTrue(s != null, "the rank should have sent a message");
        return s;
    }

    CompletableFuture<Void> safePoint(long i, Object state) {
        return CompletableFuture.runAsync(() -> protocol.atSafePoint(i, state, null));
    }

    /** Said at once when the request arrives, so that whoever asked learns why the wait may be long. */
    @Test
    void aRankThatNeverReachedASafePointSaysSoWhenACheckpointIsRequested() {
        long before = PlatformHook.index();
        try {
            PlatformHook.resetIndex(0);
            protocol.onRequest(new CutProtocol.Attempt(4, 1, 2, false, "/ckpt"));
            assertEquals(List.of("NOSAFEPOINT 4"), noSafePoint);
            protocol.onCancel(4);
            PlatformHook.resetIndex(3); // the application has reached safe points: nothing to say
            protocol.onRequest(new CutProtocol.Attempt(5, 2, 2, false, "/ckpt"));
            assertEquals(List.of("NOSAFEPOINT 4"), noSafePoint);
            protocol.onCancel(5);
        } finally {
            PlatformHook.resetIndex(before);
        }
    }

    @Test
    void reportsRunsToItsLimitBlocksAndCutsAtTheTargetAfterGo() throws Exception {
        protocol.onRequest(new CutProtocol.Attempt(7, 3, 2, false, "/ckpt"));
        assertTrue(PlatformHook.signalled());
        safePoint(5, "s5").get(10, TimeUnit.SECONDS);
        assertEquals("AT 7 5", next());
        CompletableFuture<Void> atLimit = safePoint(6, "s6");
        assertEquals("BLOCKED 7 6", next());
        assertFalse(atLimit.isDone(), "a rank never passes its limit without a target");
        protocol.onTarget(7, 6);
        assertEquals("STOPPED 7 6", next());
        assertFalse(atLimit.isDone(), "the cut waits for GO");
        protocol.onGo(7);
        atLimit.get(10, TimeUnit.SECONDS);
        assertEquals(List.of("3@6:s6"), cuts);
        assertEquals("OUTCOME 7 true 3 100 2 =", next());
        assertFalse(PlatformHook.signalled(), "the signal goes down after the attempt");
        assertFalse(exited.get());
    }

    /**
     * A stopped rank takes arrived messages again and again, on its own thread, while it waits
     * for GO (a peer may be blocked inside a large send to it), and no more once GO has come.
     */
    @Test
    void aStoppedRankTakesArrivedMessagesOnItsOwnThreadUntilGo() throws Exception {
        List<Thread> takers = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicInteger takes = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch twice = new java.util.concurrent.CountDownLatch(2);
        CutProtocol p = new CutProtocol(line -> (line.startsWith("NOSAFEPOINT") ? noSafePoint : sent).add(line),
                (a, index, state) -> new CutProtocol.Result(true, a.seq(), 1, 0, null), () -> { }, () -> {
                    takers.add(Thread.currentThread());
                    takes.incrementAndGet();
                    twice.countDown();
                });
        p.onRequest(new CutProtocol.Attempt(3, 1, 2, false, "/ckpt"));
        CompletableFuture.runAsync(() -> p.atSafePoint(4, "a", null)).get(10, TimeUnit.SECONDS);
        assertEquals("AT 3 4", next());
        p.onTarget(3, 5);
        Thread[] app = new Thread[1];
        CompletableFuture<Void> cut = CompletableFuture.runAsync(() -> {
            app[0] = Thread.currentThread();
            p.atSafePoint(5, "b", null);
        });
        assertEquals("STOPPED 3 5", next());
        assertTrue(twice.await(10, TimeUnit.SECONDS), "arrived messages are taken while the rank waits for GO");
        assertFalse(cut.isDone(), "still waiting for GO");
        p.onGo(3);
        cut.get(10, TimeUnit.SECONDS);
        assertTrue(next().startsWith("OUTCOME 3 true"));
        int after = takes.get();
        assertTrue(takers.stream().allMatch(t -> t == app[0]), "on the stopped rank's own thread (MPI calls): " + takers);
        p.atSafePoint(6, "c", null); // no attempt: nothing to take
        assertEquals(after, takes.get(), "nothing is taken once the cut has gone on");
    }

    /**
     * Transparent mode: a capturable cut point reports AT and blocks at the limit like a safe
     * point, and answers true at the target without building any state (the caller captures, then
     * passes the state to atSafePoint with the same index); a declined one is told once (NOCUT),
     * never reported, and fails the attempt when the target is there.
     */
    @Test
    void cutPointsAgreeLikeSafePointsAndADeclineAtTheTargetFailsTheAttempt() throws Exception {
        PlatformHook.transparent(true);
        try {
            protocol.onRequest(new CutProtocol.Attempt(9, 4, 2, false, "/ckpt"));
            assertEquals("TRANSPARENT 9", next());
            assertFalse(protocol.atCutPoint(-1, "before x: frame y is not woven"));
            assertEquals("NOCUT 9 " + Wire.text("before x: frame y is not woven"), next());
            assertFalse(protocol.atCutPoint(10, "declined again"), "a declined cut point is not reported");
            assertFalse(protocol.atCutPoint(11, null));
            assertEquals("TRANSPARENT 9", next()); // told again with the first report
            assertEquals("AT 9 11", next());
            CompletableFuture<Boolean> atLimit = CompletableFuture.supplyAsync(() -> protocol.atCutPoint(12, null));
            assertEquals("BLOCKED 9 12", next());
            protocol.onTarget(9, 12);
            assertEquals("BLOCKED 9 12", next(), "at the target: told again, waits for CUT");
            Thread.sleep(100);
            assertFalse(atLimit.isDone(), "no capture before every rank stands at the target");
            protocol.onCut(9);
            assertTrue(atLimit.get(10, TimeUnit.SECONDS), "the target: capture here");
            assertTrue(cuts.isEmpty(), "no state yet");
            CompletableFuture<Void> cut = safePoint(12, "heap");
            assertEquals("STOPPED 9 12", next());
            protocol.onGo(9);
            cut.get(10, TimeUnit.SECONDS);
            assertEquals(List.of("4@12:heap"), cuts);
            assertTrue(next().startsWith("OUTCOME 9 true"));

            protocol.onRequest(new CutProtocol.Attempt(10, 5, 2, false, "/ckpt"));
            assertEquals("TRANSPARENT 10", next());
            assertFalse(protocol.atCutPoint(20, null));
            assertEquals("TRANSPARENT 10", next()); // told again with the first report
            assertEquals("AT 10 20", next());
            protocol.onTarget(10, 21);
            CompletableFuture<Boolean> declined = CompletableFuture.supplyAsync(() -> protocol.atCutPoint(21, "in a synchronized block"));
            assertEquals("NOCUT 10 " + Wire.text("in a synchronized block"), next());
            String failed = next();
            assertTrue(failed.startsWith("FAILED 10 ") && Wire.untext(failed.substring("FAILED 10 ".length()))
                    .contains("cannot be captured: in a synchronized block"), failed);
            assertFalse(declined.isDone(), "waits for the coordinator's CANCEL");
            protocol.onCancel(10);
            assertFalse(declined.get(10, TimeUnit.SECONDS));
        } finally {
            PlatformHook.transparent(false);
        }
    }

    /**
     * A non-blocking collective's start on MPI_COMM_WORLD stops the rank before it as a send
     * does, but a PASS does not let it through (making it would move the world clock past a cut
     * the others may agree on): only a raised limit does, and the target then stops it before the
     * next start.
     */
    @Test
    void aWorldCollectiveStartIsNotPassedOnlyRaised() throws Exception {
        PlatformHook.transparent(true);
        try {
            protocol.onRequest(new CutProtocol.Attempt(3, 1, 2, false, "/ckpt"));
            assertEquals("TRANSPARENT 3", next());
            CompletableFuture<Boolean> start = CompletableFuture.supplyAsync(() -> protocol.atWorldStartCutPoint(5, null));
            assertEquals("TRANSPARENT 3", next());
            assertEquals("AT 3 4", next()); // before world collective 5: after 4
            assertEquals("BLOCKED 3 5", next(), "blocked without 'p2p': the coordinator raises, never passes");
            protocol.onPass(3);
            Thread.sleep(200);
            assertFalse(start.isDone(), "a PASS does not let a world start through");
            protocol.onRaise(3, 6);
            assertFalse(start.get(10, TimeUnit.SECONDS), "the raised limit lets it make start 5");
            protocol.onTarget(3, 6);
            CompletableFuture<Boolean> atTarget = CompletableFuture.supplyAsync(() -> protocol.atWorldStartCutPoint(6, null));
            assertEquals("BLOCKED 3 6", next());
            protocol.onPass(3);
            Thread.sleep(200);
            assertFalse(atTarget.isDone(), "not PASSed at the target either");
            protocol.onCut(3);
            assertTrue(atTarget.get(10, TimeUnit.SECONDS), "the target: capture before start 6");
        } finally {
            PlatformHook.transparent(false);
        }
    }

    /**
     * At the target, a rank stopped at a point-to-point cut point (a send, say) may be what a peer
     * waits for inside MPI: a PASS lets it make that call, it stops again at its next cut point of
     * the same index, and CUT captures it there.
     */
    @Test
    void aPointToPointCutPointAtTheTargetIsPassedUntilCut() throws Exception {
        PlatformHook.transparent(true);
        try {
            protocol.onRequest(new CutProtocol.Attempt(6, 2, 2, false, "/ckpt"));
            assertEquals("TRANSPARENT 6", next());
            CompletableFuture<Boolean> send = CompletableFuture.supplyAsync(() -> protocol.atP2pCutPoint(8, null));
            assertEquals("TRANSPARENT 6", next());
            assertEquals("AT 6 7", next());
            assertEquals("BLOCKED 6 8 p2p", next());
            protocol.onTarget(6, 8);
            assertEquals("BLOCKED 6 8 p2p", next(), "at the target");
            protocol.onPass(6);
            assertFalse(send.get(10, TimeUnit.SECONDS), "PASSed: the send is made");
            CompletableFuture<Boolean> recv = CompletableFuture.supplyAsync(() -> protocol.atP2pCutPoint(8, null));
            assertEquals("BLOCKED 6 8 p2p", next(), "the next cut point of the same index is at the target again");
            protocol.onCut(6);
            assertTrue(recv.get(10, TimeUnit.SECONDS), "CUT: captured here");
        } finally {
            PlatformHook.transparent(false);
        }
    }

    /** The watcher tells INSIDE when main stays in one MPI call across two looks, OUTSIDE when it left. */
    @Test
    void theWatcherTellsWhenMainWaitsInsideMpi() throws Exception {
        java.util.concurrent.atomic.AtomicLong call = new java.util.concurrent.atomic.AtomicLong(-1);
        CutProtocol watched = new CutProtocol(sent::add, (a, index, state) -> new CutProtocol.Result(true, a.seq(), 0, 0, null),
                () -> { }, () -> { }, call::get);
        PlatformHook.transparent(true);
        try {
            watched.onRequest(new CutProtocol.Attempt(7, 1, 2, false, "/ckpt"));
            assertEquals("TRANSPARENT 7", next());
            Thread.sleep(10 * CutProtocol.INSIDE_POLL_MS);
            assertNull(sent.poll(), "main outside MPI: nothing to tell");
            call.set(41);
            assertEquals("INSIDE 7", next());
            Thread.sleep(5 * CutProtocol.INSIDE_POLL_MS);
            assertNull(sent.poll(), "told once per call");
            call.set(-1);
            assertEquals("OUTSIDE 7", next());
            call.set(42);
            assertEquals("INSIDE 7", next());
            watched.onCancel(7);
            call.set(-1);
            Thread.sleep(10 * CutProtocol.INSIDE_POLL_MS);
            assertNull(sent.poll(), "the watcher ends with the attempt");
        } finally {
            PlatformHook.transparent(false);
        }
    }

    @Test
    void aRaisedLimitLetsTheRankGoOnAndATargetAheadIsRunTo() throws Exception {
        protocol.onRequest(new CutProtocol.Attempt(1, 1, 2, true, "/ckpt"));
        safePoint(2, "a").get(10, TimeUnit.SECONDS);
        assertEquals("AT 1 2", next());
        CompletableFuture<Void> blocked = safePoint(3, "b");
        assertEquals("BLOCKED 1 3", next());
        protocol.onRaise(1, 4);
        blocked.get(10, TimeUnit.SECONDS);
        protocol.onTarget(1, 5);
        safePoint(4, "c").get(10, TimeUnit.SECONDS); // below the target: goes on, says nothing
        CompletableFuture<Void> atTarget = safePoint(5, "d");
        assertEquals("STOPPED 1 5", next());
        protocol.onGo(1);
        atTarget.get(10, TimeUnit.SECONDS);
        assertEquals(List.of("1@5:d"), cuts);
        assertTrue(exited.get(), "--exit ends the rank after a committed checkpoint");
    }

    @Test
    void aCancelReleasesABlockedRankWithoutACut() throws Exception {
        protocol.onRequest(new CutProtocol.Attempt(2, 1, 2, false, "/ckpt"));
        safePoint(1, "x").get(10, TimeUnit.SECONDS);
        next();
        CompletableFuture<Void> blocked = safePoint(2, "y");
        assertEquals("BLOCKED 2 2", next());
        protocol.onCancel(2);
        blocked.get(10, TimeUnit.SECONDS);
        assertTrue(cuts.isEmpty());
        assertFalse(PlatformHook.signalled());
        assertNull(sent.poll());
    }

    @Test
    void aFailingStateSupplierCancelsInsteadOfJoiningTheCut() throws Exception {
        protocol.onRequest(new CutProtocol.Attempt(3, 1, 2, false, "/ckpt"));
        CompletableFuture.runAsync(() -> protocol.atSafePoint(1, null, () -> "fine")).get(10, TimeUnit.SECONDS);
        next();
        protocol.onTarget(3, 1 + 1);
        CompletableFuture<Void> failing = CompletableFuture.runAsync(() -> protocol.atSafePoint(2, null, () -> {
            throw new IllegalStateException("boom");
        }));
        assertTrue(next().startsWith("FAILED 3 "));
        assertFalse(failing.isDone(), "the rank waits for the coordinator's cancel");
        protocol.onCancel(3);
        assertTrue(failing.handle((v, e) -> e != null && e.getCause() instanceof IllegalStateException).get(10, TimeUnit.SECONDS));
        assertTrue(cuts.isEmpty());
    }

    @Test
    void aRequestAfterFinalizeIsAnsweredWithFinalizing() throws Exception {
        protocol.finalizing();
        assertEquals("FINALIZING", next());
        protocol.onRequest(new CutProtocol.Attempt(4, 1, 2, false, "/ckpt"));
        assertEquals("FINALIZING", next());
        assertFalse(protocol.active());
    }
}
