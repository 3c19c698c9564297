package mana.ckpt.heap.rank;

import java.util.Set;
import mana.api.spi.ManaPlatform;
import mana.api.spi.PlatformHook;
import mana.core.desc.CommDescriptor;
import mana.core.vid.Constants;
import mana.core.vid.HandleObjects;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.weaver.api.Continuations;
import mana.weaver.api.CutPolicy;

/**
 * Where a transparent checkpoint cuts: before a blocking collective on MPI_COMM_WORLD or
 * {@code MPI.Finalize()} made by the woven main thread, or at one of its blocking sends, sendRecvs, receives, probes, waits and tests on
 * requests, iProbes, collectives on other communicators and starts of non-blocking collectives (receives, probes and waits wait outside MPI until the call would return at once, a
 * cut point all the while). MPI has every rank make the world's collectives in the same order, so
 * the count of them (MPI_COMM_WORLD's collective clock, kept by the wrappers and saved by every
 * checkpoint) names the same cut on every rank: it is the index the coordinator's safe-point
 * agreement works with. At a cut point where the stack cannot be captured the rank goes on (the
 * reason is kept for {@code mana:ckpt} and told to the coordinator). It is asked only while a
 * checkpoint is requested ({@link Continuations#consult}): otherwise a woven MPI call costs one
 * volatile read and goes straight into MPI, where it may block; the agent tells the coordinator
 * when main waits inside MPI, and the coordinator lets the ranks stopped at cut points make their
 * call (PASS) when the others wait inside MPI (see the agent's CutProtocol).
 */
final class WorldCuts implements CutPolicy {

    /** The blocking collectives of mpi.Comm / mpi.Intracomm (names as in Open MPI's Java binding). */
    static final Set<String> COLLECTIVES = Set.of("barrier", "bcast", "allReduce", "reduce", "allGather", "allGatherv", "gather",
            "gatherv", "scatter", "scatterv", "allToAll", "allToAllv", "allToAllw", "reduceScatter", "reduceScatterBlock", "scan",
            "exScan");

    /**
     * The blocking neighborhood collectives of mpi.Comm (on Cartesian and graph communicators):
     * no cut points (not in {@link #COLLECTIVES}), but counted by the hold knob as every blocking
     * collective is.
     */
    static final Set<String> NEIGHBOR_COLLECTIVES = Set.of("neighborAllGather", "neighborAllGatherv", "neighborAllToAll",
            "neighborAllToAllv");

    private static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");

    /** The index of the cut the main thread was captured at (read after the capture unwound). */
    long cutIndex = -1;
    /** The last reason a cut point could not be captured, or null. */
    volatile String lastDecline;
    /** Cut points seen while a checkpoint was requested. */
    volatile long asked;
    /** The thread main runs on (the policy is made there): calls on other threads never take part in a cut. */
    private final Thread main = Thread.currentThread();

    /**
     * Blocking sends and sendRecvs: a cut point before the call (made at once when the rank goes
     * on). A sendRecv does not wait for its message outside MPI first: in a ring shift that
     * message is sent by the peer's own sendRecv, so every rank would wait. One blocked inside for
     * a stopped peer is let on by that peer's PASS.
     */
    static final Set<String> SENDS = Set.of("send", "bSend", "sSend", "rSend", "sendRecv", "sendRecvReplace");

    /** Blocking receives and probes: the rank waits outside MPI for the message, a cut point all the while. */
    static final Set<String> WAITS = Set.of("recv", "probe", "mProbe");

    /** Waits on requests: the rank tests them outside MPI, a cut point all the while (pending requests are saved by the engine). */
    static final Set<String> REQUEST_WAITS = Set.of("waitFor", "waitStatus", "waitAll", "waitAllStatus", "waitAny", "waitAnyStatus",
            "waitSome", "waitSomeStatus");

    /**
     * Non-blocking tests and probes: a cut point before the call, like a send, so that a polling
     * loop of main ({@code while (!req.test()) ...}, an {@code iProbe} loop) reaches one on every
     * turn. Not counted by the hold knob and not paused (a loop makes thousands of them).
     */
    static final Set<String> POLLS = Set.of("test", "testStatus", "getStatus", "testAll", "testAllStatus", "testAny",
            "testAnyStatus", "testSome", "testSomeStatus", "iProbe", "imProbe");

    /**
     * Starts of non-blocking collectives: a cut point before the call while no non-blocking
     * collective of this rank is pending (a checkpoint cannot take one), so that a loop of
     * {@code iAllReduce} + {@code waitFor} can be cut. Counted by the hold knob. One on
     * MPI_COMM_WORLD advances the world's collective clock, so it follows the limit protocol of
     * the blocking world collectives (never let through by a PASS; see {@link #collectiveStartCutPoint}).
     */
    static final Set<String> COLLECTIVE_STARTS = Set.of("iBarrier", "iBcast", "iAllReduce", "iReduce", "iAllGather", "iAllGatherv",
            "iGather", "iGatherv", "iScatter", "iScatterv", "iAllToAll", "iAllToAllv", "iAllToAllw", "iReduceScatter",
            "iReduceScatterBlock", "iScan", "iExScan", "iNeighborAllGather", "iNeighborAllGatherv", "iNeighborAllToAll",
            "iNeighborAllToAllv");

    /**
     * A test knob ({@code -Dmana.transparent.pauseMs=N} in MANA_JAVA_OPTS): main sleeps N ms before
     * each blocking send, sendRecv, receive, probe, wait or world collective, so that a short
     * program (Open MPI's Ring takes milliseconds) can be checkpointed in the middle of its run.
     * 0 (the default): off.
     */
    private static final long PAUSE_MS = Long.getLong("mana.transparent.pauseMs", 0);

    /**
     * {@code -Dmana.transparent.holdAt=K}: main waits before its K-th cut point for a checkpoint
     * request (null: off). Counted: blocking sends, receives, probes and waits, starts of
     * non-blocking collectives, and every blocking collective on any communicator ({@link #heldBefore}).
     */
    private final CutHold hold = CutHold.fromProperties(PlatformHook::signalled);

    /**
     * Whether this policy must be asked at every MPI call, also while no checkpoint is requested:
     * only when a test knob (holdAt, pauseMs) counts or slows the calls.
     */
    boolean consultedAlways() {
        return hold != null || PAUSE_MS > 0;
    }

    /** Spins with {@link Thread#onSpinWait} before a waiting receive yields its core on each probe. */
    private static final int SPINS = 200;

    @Override
    public boolean shouldCapture(String owner, String method, Object receiver, Object[] args) {
        if (!owner.startsWith("mpi/")) {
            return false;
        }
        boolean send = SENDS.contains(method);
        boolean requestWait = args != null && REQUEST_WAITS.contains(method);
        boolean waits = requestWait || args != null && WAITS.contains(method);
        if (PAUSE_MS > 0 && Thread.currentThread() == main && (send || waits || COLLECTIVES.contains(method))) {
            pause();
        }
        if (!send && !waits) {
            if (POLLS.contains(method)) {
                return pollCutPoint(owner, method, receiver, args);
            }
            if (COLLECTIVE_STARTS.contains(method)) {
                return collectiveStartCutPoint(owner, method, receiver);
            }
            return shouldCapture(owner, method, receiver);
        }
        if (Thread.currentThread() != main) {
            return false; // another thread's call is made as is
        }
        Arrival wait = send ? null : requestWait ? RequestWait.of(method, receiver, args) : MessageWait.of(method, receiver, args);
        if (!send && wait == null) {
            return false; // not a cut point (e.g. a wait on a pending non-blocking collective)
        }
        if (hold != null) {
            hold.reached();
        }
        if (send) {
            return PlatformHook.signalled() && p2pCutPoint(owner, method, new String[1]);
        }
        String[] why = new String[1]; // computed once per call: the stack does not change while waiting
        for (int spins = 0; !wait.arrived(); spins++) {
            if (PlatformHook.signalled() && p2pCutPoint(owner, method, why)) {
                return true;
            }
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        return false;
    }

    /**
     * A test or non-blocking probe of main: a cut point before the call while the signal is up,
     * unless it tests a non-blocking collective still pending (a checkpoint cannot take that
     * request; the rank goes on to its next cut point, as at such a wait).
     */
    private boolean pollCutPoint(String owner, String method, Object receiver, Object[] args) {
        return PlatformHook.signalled() && Thread.currentThread() == main
                && (method.endsWith("robe") || !RequestWait.namesPendingCollective(receiver, args))
                && p2pCutPoint(owner, method, new String[1]);
    }

    /**
     * The start of a non-blocking collective by main: a cut point before the call while none is
     * pending. On another communicator, as a send. On MPI_COMM_WORLD the start is world collective
     * {@code clock + 1}: the rank stops before it as before a send, but may make it only once its
     * limit is raised by the coordinator (never PASSed), also where it cannot be cut (a
     * collective still pending). Before session 16 such a start was a plain point-to-point cut point; a
     * PASS let a rank make world collective T while its peers were agreeing to cut before T: the
     * rank then waited for them inside its wait (no cut point) until the 60 s deadline, or passed
     * the target (Open MPI's IgathervInPlace, IscanInPlace).
     */
    private boolean collectiveStartCutPoint(String owner, String method, Object receiver) {
        if (Thread.currentThread() != main) {
            return false;
        }
        if (hold != null) {
            hold.reached();
        }
        if (!PlatformHook.signalled()) {
            return false;
        }
        HandleObjects h = HandleObjects.get();
        if (receiver == null || h == null || h.vidOf(receiver) != WORLD) {
            return !RequestWait.anyPendingCollective() && p2pCutPoint(owner, method, new String[1]);
        }
        long index = worldClock() + 1;
        String why = RequestWait.anyPendingCollective()
                ? "a non-blocking collective of this rank is still pending (a checkpoint cannot take it)" : Continuations.whyNotCapturable();
        return worldStartCutPoint(index, "before " + owner.replace('/', '.') + "." + method + " (MPI_COMM_WORLD collective " + index + ")",
                why);
    }

    /**
     * At world cut point {@code index} with the start protocol ({@code atWorldStartCutPoint}):
     * true to capture here; {@code why} non-null when main cannot be captured ({@code where} names
     * the place in the decline).
     */
    private boolean worldStartCutPoint(long index, String where, String why) {
        ManaPlatform p = PlatformHook.platform();
        if (p == null) {
            return false;
        }
        asked++;
        if (why != null) {
            lastDecline = where + ": " + why;
        }
        if (p.atWorldStartCutPoint(index, why == null ? null : lastDecline)) {
            cutIndex = index;
            return true;
        }
        return false;
    }

    /**
     * A blocking point-to-point call of main while the signal is up: true to capture before it.
     * {@code why[0]} caches whether main can be captured here (empty string: it can).
     */
    private boolean p2pCutPoint(String owner, String method, String[] why) {
        ManaPlatform p = PlatformHook.platform();
        if (p == null) {
            return false;
        }
        long index = worldClock() + 1;
        if (why[0] == null) {
            asked++;
            String w = Continuations.whyNotCapturable();
            why[0] = w == null ? "" : "before " + owner.replace('/', '.') + "." + method + " (after MPI_COMM_WORLD collective "
                    + (index - 1) + "): " + w;
            if (w != null) {
                lastDecline = why[0];
            }
        }
        if (!why[0].isEmpty()) {
            p.atP2pCutPoint(index, why[0]);
            return false;
        }
        if (p.atP2pCutPoint(index, null)) {
            cutIndex = index;
            return true;
        }
        return false;
    }

    @Override
    public boolean shouldCapture(String owner, String method) {
        return shouldCapture(owner, method, null);
    }

    @Override
    public boolean shouldCapture(String owner, String method, Object receiver) {
        if (hold != null && Thread.currentThread() == main && heldBefore(owner, method)) {
            hold.reached();
        }
        if (isFinalize(owner, method)) {
            return FINALIZE_CUT && PlatformHook.signalled() && Thread.currentThread() == main && finalizeCutPoint();
        }
        if (!PlatformHook.signalled() || !owner.startsWith("mpi/") || !COLLECTIVES.contains(method)) {
            return false;
        }
        if (Thread.currentThread() != main) {
            lastDecline = "MPI calls on thread " + Thread.currentThread().getName() + " are no cut points (main thread only)";
            return false;
        }
        ManaPlatform p = PlatformHook.platform();
        HandleObjects h = HandleObjects.get();
        if (p == null || h == null) {
            return false;
        }
        String call = owner.replace('/', '.') + "." + method;
        if (receiver == null) {
            // a site the weaver found not capturable (it does not pass the receiver): world or not, no cut here
            asked++;
            String why = Continuations.whyNotCapturable();
            if (why != null) {
                lastDecline = "before " + call + ": " + why;
                p.atCutPoint(-1, lastDecline);
            }
            return false;
        }
        if (h.vidOf(receiver) != WORLD) {
            // Another communicator's collective: a cut point before the call, like a send. Its
            // members stop before the same one of its collectives (one inside it for a stopped
            // member is let on by that member's PASS); the cut's clock check refuses the rest.
            return p2pCutPoint(owner, method, new String[1]);
        }
        return worldCutPoint(call, null);
    }

    /**
     * Before MPI_Finalize of main, as before the start of a non-blocking world collective: the
     * rank reports the collectives it made and waits here for the target (there is no later cut
     * point to go on to), never let through by a PASS (a rank that finalizes ends the attempt).
     */
    private boolean finalizeCutPoint() {
        long index = worldClock() + 1;
        return worldStartCutPoint(index, "before mpi.MPI.Finalize (after MPI_COMM_WORLD collective " + (index - 1) + ")",
                Continuations.whyNotCapturable());
    }

    /** Before world collective clock + 1 (blocking, or a start): the limit protocol; {@code notHere}: why it cannot be cut here. */
    private boolean worldCutPoint(String call, String notHere) {
        ManaPlatform p = PlatformHook.platform();
        if (p == null) {
            return false;
        }
        asked++;
        String why = notHere != null ? notHere : Continuations.whyNotCapturable();
        long index = worldClock() + 1;
        if (why != null) {
            lastDecline = "before " + call + " (MPI_COMM_WORLD collective " + index + "): " + why;
            p.atCutPoint(index, lastDecline);
            return false;
        }
        if (p.atCutPoint(index, null)) {
            cutIndex = index;
            return true;
        }
        return false;
    }

    /**
     * Whether the hold knob counts this call of {@link #shouldCapture(String, String, Object)}: a
     * blocking collective of any communicator (world, split, duplicated, intercommunicator,
     * topology), also where the call is no cut point or not capturable. Until session 18 only
     * those on MPI_COMM_WORLD were counted, so a program whose loop makes collectives on a split
     * communicator (or on an intercommunicator) reached K later or never and ended first.
     */
    static boolean heldBefore(String owner, String method) {
        return owner.startsWith("mpi/") && (COLLECTIVES.contains(method) || NEIGHBOR_COLLECTIVES.contains(method))
                || isFinalize(owner, method);
    }

    /**
     * {@code MPI.Finalize()} of main: a cut point before it, at index clock + 1 as a start of a
     * non-blocking world collective is (every rank has made the same world collectives when it
     * finalizes, so the index names the same moment on every rank; ranks still making
     * point-to-point calls stop at theirs with the same index). Until session 19 no cut could
     * include a rank that had reached MPI_Finalize, so a program whose last cut point was its last
     * barrier (most of Open MPI's environment, info and io tests) could not be checkpointed at
     * all. Counted by the hold knob. A rank let past it finalizes, which cancels the attempt.
     */
    /**
     * {@code -Dmana.transparent.finalizeCut=false} (a rank property, e.g. in MANA_JAVA_OPTS): no
     * cut at MPI_Finalize; a rank that reaches it during an attempt finalizes and the attempt is
     * cancelled, as before session 19. For a job whose automatic checkpoints (--ckpt-interval)
     * should not write one more checkpoint as it ends, and for tests that must restart mid-run.
     */
    static final boolean FINALIZE_CUT = !"false".equalsIgnoreCase(System.getProperty("mana.transparent.finalizeCut"));

    static boolean isFinalize(String owner, String method) {
        return "Finalize".equals(method) && "mpi/MPI".equals(owner);
    }

    /** Calls the hold knob has counted (0 when it is off). */
    long heldCount() {
        return hold == null ? 0 : hold.seen();
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** MPI_COMM_WORLD collectives made so far on this rank. */
    static long worldClock() {
        return Constants.descriptor(WORLD) instanceof CommDescriptor d ? d.collectiveSeq() : 0;
    }
}
