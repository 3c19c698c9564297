package mana.agent.internal;

import java.util.function.Supplier;
import mana.api.spi.PlatformHook;

/**
 * The rank side of the safe-point protocol that agrees on a consistent cut.
 *
 * <p>The coordinator sends REQ; this rank's first safe point after it reports AT(i) and sets its
 * limit to i+1; it runs on, but never past its limit while no target is known: at a safe point
 * equal to the limit it reports BLOCKED and waits for TARGET, a raised limit (RAISE) or CANCEL.
 * The coordinator picks the target T = max(limits) once every rank has reported, so no rank is
 * past T. A rank reaching T builds its state, reports STOPPED and waits for GO, which comes only
 * when every rank has stopped: the collective engine call never starts unless all ranks join it
 * (a rank that finalizes or dies meanwhile turns into CANCEL, and the stopped ranks go on). While
 * it waits it takes arrived messages into the drain buffer (a peer may be blocked inside a large
 * send to it, short of its own cut; every such message was sent before the sender's cut).
 *
 * <p>Transparent mode: woven MPI calls go straight into MPI while no checkpoint is requested, so
 * when the request comes the main thread may be waiting inside MPI (a receive, a collective) for
 * a peer that now stops at a cut point. A thread of this rank watches main during the attempt
 * and tells the coordinator INSIDE when main has been in the same MPI call (or declining cut
 * points) for two polls, OUTSIDE when it left. The coordinator lets a rank stopped at a
 * point-to-point cut point make that call (PASS) only while every other rank waits inside MPI,
 * and at the target a rank waits for CUT, sent when every rank stands at the target (none
 * inside MPI any more), before it is captured.
 *
 * <p>Methods named on* run on the link's reader thread; {@link #atSafePoint} on the
 * application's thread.
 */
final class CutProtocol {

    /** What the coordinator asked for. */
    record Attempt(long id, long seq, int keep, boolean exit, String root) {
    }

    /** Sends one protocol line to the coordinator. */
    interface Outbox {
        void send(String line);
    }

    /** Takes the checkpoint at the cut (collective, all ranks at once). */
    interface Cutter {
        /** @return the OUTCOME fields after the attempt id: committed seq bytes drained reason */
        Result cut(Attempt attempt, long index, Object state);
    }

    record Result(boolean committed, long seq, long bytes, long drained, String reason) {
    }

    private final Object lock = new Object();
    private final Outbox out;
    private final Cutter cutter;
    private final Runnable exitJob;
    private final Runnable whileStopped;
    /** How often a stopped rank takes arrived messages while it waits for GO. */
    private static final long STOPPED_POLL_MS = 5;

    private Attempt attempt;
    private boolean reported;
    private long limit;
    private long target = -1;
    private boolean go;
    private boolean finalized;
    private boolean interruptedMeanwhile;
    /** A decline was told to the coordinator in this attempt. */
    private boolean toldDecline;
    /** The coordinator knows this rank checkpoints transparently (for the current attempt). */
    private boolean toldTransparent;

    /** PASSes received (a waiting point-to-point cut point goes on when this grows). */
    private long passes;
    /** Where the main thread stopped (transparent mode), told with STOPPED; null for a safe point. */
    private String stoppingAt;

    /** Keeps the signal up while the agent has a restore to apply at the next safe point. */
    private boolean holdSignal;

    /** CUT came for the current attempt: every rank stands at the target; capture there. */
    private boolean cutGo;
    /** Cut points declined so far (main runs through frames that cannot be captured). */
    private long declines;
    /** Main waits on the lock (at a cut point, a safe point or the cut): not inside MPI. */
    private boolean mainWaiting;
    /** Which MPI call main is inside now, -1 if none (see CheckpointGate.callOf); null: nobody watches. */
    private final java.util.function.LongSupplier mainCall;
    /** The attempt a watcher was started for (one per attempt). */
    private long watched = -1;
    /** How often the watcher looks at main during a transparent attempt. */
    static final long INSIDE_POLL_MS = 20;

    CutProtocol(Outbox out, Cutter cutter, Runnable exitJob) {
        this(out, cutter, exitJob, () -> { });
    }

    /**
     * @param whileStopped run on the stopped rank's own thread, again and again, while it waits
     *        at the cut for GO (outside the lock): takes the messages that arrive off the network,
     *        so that a peer blocked inside a send to this rank (a large, rendezvous message) gets
     *        out of MPI and reaches its own cut instead of holding everyone until the deadline
     */
    CutProtocol(Outbox out, Cutter cutter, Runnable exitJob, Runnable whileStopped) {
        this(out, cutter, exitJob, whileStopped, null);
    }

    /**
     * As above, and {@code mainCall} tells which MPI call the main thread is inside (transparent
     * mode), -1 if none; with null no watcher runs.
     */
    CutProtocol(Outbox out, Cutter cutter, Runnable exitJob, Runnable whileStopped, java.util.function.LongSupplier mainCall) {
        this.out = out;
        this.cutter = cutter;
        this.exitJob = exitJob;
        this.whileStopped = whileStopped;
        this.mainCall = mainCall;
    }

    void holdSignal(boolean hold) {
        synchronized (lock) {
            holdSignal = hold;
            if (hold) {
                PlatformHook.raise();
            } else {
                lowerIfIdle();
            }
        }
    }

    /** Lowers the safe-point signal unless something still needs safe points (under the lock, so a REQ cannot be lost). */
    private void lowerIfIdle() {
        if (attempt == null && !holdSignal) {
            PlatformHook.lower();
        }
    }

    /** The next STOPPED says where main stopped (transparent mode). */
    void stoppingAt(String where) {
        synchronized (lock) {
            stoppingAt = where;
        }
    }

    boolean active() {
        synchronized (lock) {
            return attempt != null;
        }
    }

    void onRequest(Attempt a) {
        synchronized (lock) {
            if (finalized) {
                out.send("FINALIZING");
                return;
            }
            attempt = a;
            reported = false;
            toldDecline = false;
            target = -1;
            go = false;
            cutGo = false;
            limit = Long.MAX_VALUE;
            PlatformHook.raise();
            lock.notifyAll();
            toldTransparent = PlatformHook.isTransparent();
            if (toldTransparent) {
                out.send("TRANSPARENT " + a.id()); // the coordinator words its reasons for cut points, not safe points
                watchMain(a.id());
            } else if (PlatformHook.index() == 0) {
                // said at once, so that whoever asked learns why the wait may be long (or endless)
                out.send("NOSAFEPOINT " + a.id());
            }
        }
    }

    void onRaise(long id, long newLimit) {
        synchronized (lock) {
            if (attempt != null && attempt.id() == id && newLimit > limit) {
                limit = newLimit;
                lock.notifyAll();
            }
        }
    }

    /** PASS: a rank waiting at a point-to-point cut point makes that call (its limit stays). */
    void onPass(long id) {
        synchronized (lock) {
            if (attempt != null && attempt.id() == id) {
                passes++;
                lock.notifyAll();
            }
        }
    }

    void onTarget(long id, long t) {
        synchronized (lock) {
            if (attempt != null && attempt.id() == id) {
                target = t;
                lock.notifyAll();
            }
        }
    }

    /** CUT: every rank stands at the target; the ranks there are captured. */
    void onCut(long id) {
        synchronized (lock) {
            if (attempt != null && attempt.id() == id) {
                cutGo = true;
                lock.notifyAll();
            }
        }
    }

    void onGo(long id) {
        synchronized (lock) {
            if (attempt != null && attempt.id() == id) {
                go = true;
                lock.notifyAll();
            }
        }
    }

    /** CANCEL from the coordinator, or the link is gone (id &lt; 0: whatever is active). */
    void onCancel(long id) {
        synchronized (lock) {
            if (attempt != null && (id < 0 || attempt.id() == id)) {
                attempt = null;
                lock.notifyAll();
            }
            lowerIfIdle();
        }
    }

    /** MPI_Finalize is about to run on this rank: no cut can include it any more. */
    void finalizing() {
        synchronized (lock) {
            finalized = true;
            out.send("FINALIZING");
        }
    }

    /** A safe point while the signal is up. */
    void atSafePoint(long i, Object state, Supplier<?> lazy) {
        try {
            safePoint(i, state, lazy);
        } finally {
            if (interruptedMeanwhile) {
                interruptedMeanwhile = false;
                Thread.currentThread().interrupt();
            }
        }
    }

    private void safePoint(long i, Object state, Supplier<?> lazy) {
        Attempt cut;
        Object cutState;
        synchronized (lock) {
            if (attempt == null) {
                lowerIfIdle();
                return;
            }
            long id = attempt.id();
            if (!reported) {
                reported = true;
                limit = i + 1;
                out.send("AT " + id + " " + i);
                return;
            }
            boolean blockedSent = false;
            while (true) {
                if (attempt == null || attempt.id() != id) {
                    return; // cancelled (a newer attempt reports at its own next safe point)
                }
                if (target >= 0) {
                    if (i < target) {
                        return;
                    }
                    if (i > target) {
                        // Cannot happen while limits are respected; refuse rather than cut inconsistently.
                        out.send("FAILED " + id + " " + Wire.text("rank passed the target safe point " + target + " (at " + i + ")"));
                        waitWhileActive(id);
                        return;
                    }
                    break;
                }
                if (i < limit) {
                    return;
                }
                if (!blockedSent) {
                    out.send("BLOCKED " + id + " " + i);
                    blockedSent = true;
                }
                waitUninterruptibly();
            }
            cut = attempt;
        }
        // At the target. Build the state before telling the coordinator, so that a failing
        // supplier cancels the attempt instead of leaving the others inside the collective cut.
        try {
            cutState = lazy != null ? lazy.get() : state;
        } catch (RuntimeException | Error e) {
            out.send("FAILED " + cut.id() + " " + Wire.text(PlatformHook.isTransparent() ? String.valueOf(e.getMessage())
                    : "the safe point's state supplier threw " + e));
            synchronized (lock) {
                waitWhileActive(cut.id());
            }
            throw e;
        }
        synchronized (lock) {
            out.send("STOPPED " + cut.id() + " " + i + (stoppingAt == null ? "" : " " + Wire.text(stoppingAt)));
            stoppingAt = null;
        }
        while (true) {
            synchronized (lock) {
                if (attempt == null || attempt.id() != cut.id()) {
                    return;
                }
                if (go) {
                    break;
                }
                waitUninterruptibly(STOPPED_POLL_MS);
                if (go || attempt == null || attempt.id() != cut.id()) {
                    continue;
                }
            }
            whileStopped.run();
        }
        Result r;
        try {
            r = cutter.cut(cut, i, cutState);
        } catch (RuntimeException e) {
            r = new Result(false, cut.seq(), 0, 0, "checkpoint engine failed: " + e);
        }
        synchronized (lock) {
            if (attempt != null && attempt.id() == cut.id()) {
                attempt = null;
            }
            lowerIfIdle();
        }
        out.send("OUTCOME " + cut.id() + " " + r.committed() + " " + r.seq() + " " + r.bytes() + " " + r.drained() + " "
                + Wire.text(r.reason()));
        if (cut.exit() && r.committed()) {
            exitJob.run();
        }
    }

    /**
     * Transparent mode: a cut point with index {@code i} (see {@link mana.api.spi.ManaPlatform#atCutPoint}).
     * A capturable one is a safe point whose state is built later (after the capture): it reports
     * AT, blocks at the limit as a safe point does, and returns true at the target. A declined one
     * (reason given) never reports AT nor stops; it blocks at the limit all the same (no rank may
     * run past it), and fails the attempt if the cut had to be here. The first decline of an
     * attempt is told to the coordinator (NOCUT), for the message if no cut comes.
     */
    boolean atCutPoint(long i, String declined) {
        try {
            return approach(i, declined);
        } finally {
            if (interruptedMeanwhile) {
                interruptedMeanwhile = false;
                Thread.currentThread().interrupt();
            }
        }
    }

    private boolean approach(long i, String declined) {
        synchronized (lock) {
            if (attempt == null) {
                lowerIfIdle();
                return false;
            }
            long id = attempt.id();
            if (!toldTransparent) {
                // the request came before the woven main started (while the rank booted)
                toldTransparent = true;
                out.send("TRANSPARENT " + id);
                watchMain(id);
            }
            if (i < 0) {
                tellDecline(id, declined); // a decline at a call that may not be a world collective: told, nothing else
                return false;
            }
            tellDecline(id, declined);
            if (!reported) {
                if (declined != null) {
                    return false;
                }
                reported = true;
                limit = i + 1;
                out.send("TRANSPARENT " + id); // again: the request may have come before main started (before MPI_Init)
                watchMain(id);
                out.send("AT " + id + " " + i);
                return false;
            }
            return awaitTarget(id, i, declined, false);
        }
    }

    /**
     * At cut point {@code i} of attempt {@code id}, reported: waits below the limit for the
     * target. True to capture here (the target is {@code i}); false to go on: before the limit,
     * a target ahead, the attempt over, or (point-to-point cut points only) a PASS since this
     * call began. A target behind, or one here where main cannot be captured ({@code declined}),
     * fails the attempt. Called with the lock held.
     */
    private boolean awaitTarget(long id, long i, String declined, boolean p2p) {
        boolean blockedSent = false;
        boolean atTargetSent = false;
        long passed = passes;
        while (true) {
            if (attempt == null || attempt.id() != id) {
                return false;
            }
            if (target >= 0) {
                if (i < target) {
                    return false;
                }
                if (i > target || declined != null) {
                    out.send("FAILED " + id + " " + Wire.text(i > target
                            ? "rank passed the target cut point " + target + " (at " + i + ")"
                            : "the cut is before MPI_COMM_WORLD collective " + i + ", where this rank's main thread cannot be captured: "
                                    + declined));
                    waitWhileActive(id);
                    return false;
                }
                // At the target: captured once every rank stands at it (CUT); until then a peer
                // may wait inside MPI for this very call, which a PASS then lets this rank make.
                if (cutGo) {
                    return true;
                }
                if (p2p && passes != passed) {
                    return false;
                }
                if (!atTargetSent) {
                    out.send("BLOCKED " + id + " " + i + (p2p ? " p2p" : ""));
                    atTargetSent = true;
                }
                waitUninterruptibly();
                continue;
            }
            if (i < limit || p2p && passes != passed) {
                return false; // before the limit, or let through once (PASS) since a peer may wait inside MPI for this call
            }
            if (!blockedSent) {
                out.send("BLOCKED " + id + " " + i + (p2p ? " p2p" : ""));
                blockedSent = true;
            }
            waitUninterruptibly();
        }
    }

    /**
     * Transparent mode: a blocking point-to-point call of the main thread before MPI_COMM_WORLD
     * collective {@code i}. Any such call before collective {@code i} may be the rank's cut, so
     * it reports AT(i - 1) (its limit becomes {@code i}: it may not make collective {@code i}
     * before the target is known) and, instead of making the call, waits here for the target:
     * no message leaves or is taken between the report and the cut. At a target of {@code i} it
     * returns true (capture before this call); at a larger one it goes on. A declined call is
     * told (NOCUT) and made.
     */
    boolean atP2pCutPoint(long i, String declined) {
        try {
            return approachP2p(i, declined);
        } finally {
            if (interruptedMeanwhile) {
                interruptedMeanwhile = false;
                Thread.currentThread().interrupt();
            }
        }
    }

    private boolean approachP2p(long i, String declined) {
        synchronized (lock) {
            if (attempt == null) {
                lowerIfIdle();
                return false;
            }
            long id = attempt.id();
            if (declined != null) {
                tellDecline(id, declined);
                return false;
            }
            if (!reported) {
                reported = true;
                limit = i;
                out.send("TRANSPARENT " + id); // again: the request may have come before main started (before MPI_Init)
                watchMain(id);
                out.send("AT " + id + " " + (i - 1));
            }
            return awaitTarget(id, i, null, true);
        }
    }

    /**
     * Transparent mode: the start of a non-blocking collective on MPI_COMM_WORLD, world collective
     * {@code i}. Reported as a point-to-point cut point (AT(i - 1), limit {@code i}: the rank waits
     * before the start), but never PASSed: making it would move this rank's world clock past a cut
     * its peers may agree on before {@code i}; a BLOCKED without "p2p" makes the coordinator raise
     * the limit instead, which the target then accounts for. A declined start ({@code declined}:
     * a collective still pending, a frame that cannot be captured) is made before the limit and
     * waits at it, and fails the attempt if the cut is here.
     */
    boolean atWorldStartCutPoint(long i, String declined) {
        try {
            synchronized (lock) {
                if (attempt == null) {
                    lowerIfIdle();
                    return false;
                }
                long id = attempt.id();
                tellDecline(id, declined);
                if (!reported) {
                    if (declined != null) {
                        return false;
                    }
                    reported = true;
                    limit = i;
                    out.send("TRANSPARENT " + id); // again: the request may have come before main started (before MPI_Init)
                    watchMain(id);
                    out.send("AT " + id + " " + (i - 1));
                }
                return awaitTarget(id, i, declined, false);
            }
        } finally {
            if (interruptedMeanwhile) {
                interruptedMeanwhile = false;
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The first decline of attempt {@code id} is told to the coordinator (NOCUT), for its message if no cut comes. Under the lock. */
    private void tellDecline(long id, String declined) {
        if (declined != null) {
            declines++;
        }
        if (declined != null && !toldDecline) {
            toldDecline = true;
            out.send("NOCUT " + id + " " + Wire.text(declined));
        }
    }

    private void waitWhileActive(long id) {
        while (attempt != null && attempt.id() == id) {
            waitUninterruptibly();
        }
    }

    /** Waits on the lock; an interrupt is kept for after the safe point (the cut must not break). */
    private void waitUninterruptibly() {
        waitUninterruptibly(0);
    }

    /** The same, for at most {@code ms} milliseconds (0: no limit). */
    private void waitUninterruptibly(long ms) {
        mainWaiting = true;
        try {
            lock.wait(ms);
        } catch (InterruptedException e) {
            interruptedMeanwhile = true;
        } finally {
            mainWaiting = false;
        }
    }

    /**
     * Transparent attempt {@code id}: a daemon thread looks at the main thread every
     * {@link #INSIDE_POLL_MS} ms until the attempt is over or the cut is decided, and tells the
     * coordinator INSIDE when main has stayed in one MPI call (or kept declining cut points)
     * since the previous look, OUTSIDE when that ends. Main waiting at a cut point is neither.
     */
    private void watchMain(long id) {
        if (mainCall == null || watched == id) {
            return;
        }
        watched = id;
        Thread t = new Thread(() -> {
            long prevCall = -1;
            long prevDeclines = -1;
            boolean prevLooping = false;
            boolean told = false;
            try {
                while (true) {
                    Thread.sleep(INSIDE_POLL_MS);
                    long call = mainCall.getAsLong();
                    boolean waiting;
                    long d;
                    synchronized (lock) {
                        if (attempt == null || attempt.id() != id || cutGo) {
                            return;
                        }
                        waiting = mainWaiting;
                        d = declines;
                    }
                    boolean looping = prevDeclines >= 0 && d != prevDeclines;
                    boolean inside = !waiting && (call >= 0 && call == prevCall || looping && prevLooping);
                    if (inside != told) {
                        out.send((inside ? "INSIDE " : "OUTSIDE ") + id);
                        told = inside;
                    }
                    prevCall = call;
                    prevDeclines = d;
                    prevLooping = looping;
                }
            } catch (InterruptedException e) {
                // the rank is going away
            }
        }, "mana-agent-inside");
        t.setDaemon(true);
        t.start();
    }
}
