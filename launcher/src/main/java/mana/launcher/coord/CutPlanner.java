package mana.launcher.coord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The coordinator's decisions for one checkpoint attempt (pure logic, no I/O; times are
 * nanoseconds from any clock).
 *
 * <p>Ranks report AT(i) at their first safe point after the request and then may run up to
 * their limit i+1, where they block (BLOCKED) until a target is known. When every rank has
 * reported, the target is T = max(limits): no rank is past its limit, so none is past T, and
 * each runs on to T. While some ranks have not reported and others are blocked, nothing may
 * move (a blocked rank may be what the others wait for, as in master/worker): after a grace
 * period without a new report the blocked ranks get their limit raised by one. Ranks stopped at
 * T get GO only once all have stopped, so the collective cut starts on all ranks or on none.
 * A rank that finalizes, fails, loses its link, or a deadline cancels the attempt.
 *
 * <p>Transparent mode ({@link #transparent}): a rank's MPI calls go straight into MPI until the
 * request reaches it, so a rank may wait inside MPI (INSIDE) for one stopped at a cut point.
 * Waiting ranks are let on (PASS, raise) only when every other rank has waited inside MPI for a
 * grace period: a rank that merely runs slowly, outside MPI, reaches a cut point of its own, and
 * letting its peers on would only move them away from it. At the target the ranks wait until
 * all stand there (then {@link Cut}); one stopped at a point-to-point cut point is PASSed if the
 * others wait inside MPI meanwhile (for its message, say).
 */
public final class CutPlanner {

    public sealed interface Action permits Raise, Pass, Target, Cut, Go, Cancel {
    }

    public record Raise(int rank, long limit) implements Action {
    }

    /**
     * A rank waiting at a point-to-point cut point (transparent mode) may make that one call and
     * waits again at its next one: it stays before the same collective, so its limit, and the
     * target, do not move (raising it would let a program without collectives run on for ever).
     */
    public record Pass(int rank) implements Action {
    }

    public record Target(long target) implements Action {
    }

    /** Transparent mode: every rank stands at the target, none inside MPI; capture them there. */
    public record Cut() implements Action {
    }

    public record Go() implements Action {
    }

    public record Cancel(String reason) implements Action {
    }

    enum Phase { COLLECTING, TARGETED, GO, OVER }

    private final int np;
    private final long graceNanos;
    private final long deadlineNanos;
    private final long start;
    private final long[] limit;
    private final boolean[] reported;
    private final boolean[] blocked;
    private final boolean[] blockedP2p;
    private final boolean[] stopped;
    /** Transparent mode: since when a rank waits inside an MPI call (nanos), or -1. */
    private final long[] insideSince;
    private final boolean[] atTarget;
    private final boolean[] atTargetP2p;
    private boolean transparent;
    private boolean cutSent;
    private long lastReport;
    private long target = -1;
    private Phase phase = Phase.COLLECTING;

    public CutPlanner(int np, long now, long graceNanos, long deadlineNanos) {
        this.np = np;
        this.start = now;
        this.lastReport = now;
        this.graceNanos = graceNanos;
        this.deadlineNanos = deadlineNanos;
        this.limit = new long[np];
        this.reported = new boolean[np];
        this.blocked = new boolean[np];
        this.blockedP2p = new boolean[np];
        this.stopped = new boolean[np];
        this.insideSince = new long[np];
        Arrays.fill(insideSince, -1);
        this.atTarget = new boolean[np];
        this.atTargetP2p = new boolean[np];
    }

    /** The ranks checkpoint transparently (cut points at MPI calls; see the class comment). */
    public void transparent() {
        transparent = true;
    }

    /** A rank's main thread waits inside an MPI call ({@code in}) or left it. */
    public List<Action> inside(int rank, boolean in, long now) {
        if (!in) {
            insideSince[rank] = -1;
        } else if (insideSince[rank] < 0) {
            insideSince[rank] = now;
        }
        return List.of();
    }

    private boolean insideFor(int rank, long now) {
        return insideSince[rank] >= 0 && now - insideSince[rank] >= graceNanos;
    }

    public long target() {
        return target;
    }

    public boolean over() {
        return phase == Phase.OVER;
    }

    /** A rank's first safe point after the request had index {@code index}. */
    public List<Action> at(int rank, long index, long now) {
        if (phase != Phase.COLLECTING || reported[rank]) {
            return List.of();
        }
        reported[rank] = true;
        limit[rank] = index + 1;
        insideSince[rank] = -1;
        lastReport = now;
        if (IntStream.range(0, np).allMatch(r -> reported[r])) {
            target = Arrays.stream(limit).max().orElseThrow();
            phase = Phase.TARGETED;
            return List.of(new Target(target));
        }
        return List.of();
    }

    /** A rank waits at its limit (or, transparent, at the target). */
    public List<Action> blocked(int rank, long index, long now) {
        return waiting(rank, index, now, false);
    }

    /** A rank waits at a point-to-point cut point before collective {@code index} (its limit): it gets a {@link Pass}, not a raise. */
    public List<Action> blockedP2p(int rank, long index, long now) {
        return waiting(rank, index, now, true);
    }

    private List<Action> waiting(int rank, long index, long now, boolean p2p) {
        if (transparent) {
            insideSince[rank] = -1;
            lastReport = now; // a new wait: give the others a grace period to tell where they are
        }
        if (phase == Phase.COLLECTING && reported[rank] && index == limit[rank]) {
            if (p2p) {
                blockedP2p[rank] = true;
            } else {
                blocked[rank] = true;
            }
        } else if (phase == Phase.TARGETED && transparent && !cutSent && index == target) {
            atTarget[rank] = true;
            atTargetP2p[rank] = p2p;
            if (IntStream.range(0, np).allMatch(r -> atTarget[r])) {
                cutSent = true;
                return List.of(new Cut());
            }
        }
        return List.of();
    }

    /** A rank stopped at the target (its state is built). */
    public List<Action> stopped(int rank, long index, long now) {
        if (phase != Phase.TARGETED) {
            return List.of();
        }
        if (index != target) {
            return cancel("rank " + rank + " stopped at safe point " + index + ", not at the target " + target);
        }
        stopped[rank] = true;
        if (IntStream.range(0, np).allMatch(r -> stopped[r])) {
            phase = Phase.GO;
            return List.of(new Go());
        }
        return List.of();
    }

    public List<Action> finalizing(int rank) {
        return beforeGo("rank " + rank + " reached MPI_Finalize before the cut");
    }

    public List<Action> lost(int rank) {
        return beforeGo("rank " + rank + " lost its link to the coordinator (did it die?)");
    }

    public List<Action> failed(int rank, String reason) {
        return beforeGo("rank " + rank + ": " + reason);
    }

    /** Time passes: raises for waiting ranks, the deadline. */
    public List<Action> tick(long now) {
        if (phase == Phase.COLLECTING) {
            if (now - start >= deadlineNanos) {
                return cancel(ranks(r -> !reported[r]) + " did not reach a safe point within " + seconds(deadlineNanos) + insideNote());
            }
            boolean someBlocked = IntStream.range(0, np).anyMatch(r -> blocked[r] || blockedP2p[r]);
            if (someBlocked && now - lastReport >= graceNanos
                    && (!transparent || IntStream.range(0, np).allMatch(r -> blocked[r] || blockedP2p[r] || insideFor(r, now)))) {
                List<Action> raises = new ArrayList<>();
                for (int r = 0; r < np; r++) {
                    if (blockedP2p[r]) {
                        blockedP2p[r] = false;
                        raises.add(new Pass(r));
                    }
                    if (blocked[r]) {
                        blocked[r] = false;
                        limit[r]++;
                        raises.add(new Raise(r, limit[r]));
                    }
                }
                lastReport = now; // give the raised ranks a grace period of their own
                return raises;
            }
        } else if (phase == Phase.TARGETED && now - start >= deadlineNanos) {
            return cancel(ranks(r -> !stopped[r]) + " did not reach safe point " + target + " within " + seconds(deadlineNanos)
                    + insideNote());
        } else if (phase == Phase.TARGETED && transparent && !cutSent && now - lastReport >= graceNanos
                && IntStream.range(0, np).anyMatch(r -> atTargetP2p[r])
                && IntStream.range(0, np).allMatch(r -> atTarget[r] || insideFor(r, now))) {
            List<Action> passes = new ArrayList<>();
            for (int r = 0; r < np; r++) {
                if (atTargetP2p[r]) {
                    atTarget[r] = false;
                    atTargetP2p[r] = false;
                    passes.add(new Pass(r));
                }
            }
            lastReport = now;
            return passes;
        }
        return List.of();
    }

    private List<Action> beforeGo(String reason) {
        return phase == Phase.COLLECTING || phase == Phase.TARGETED ? cancel(reason) : List.of();
    }

    private List<Action> cancel(String reason) {
        phase = Phase.OVER;
        return List.of(new Cancel(reason));
    }

    /** The engine has given its outcome (or the attempt ended otherwise). */
    public void end() {
        phase = Phase.OVER;
    }

    /** For a deadline's message: which ranks wait inside an MPI call now (transparent mode). */
    private String insideNote() {
        if (!transparent || IntStream.range(0, np).noneMatch(r -> insideSince[r] >= 0)) {
            return "";
        }
        List<Integer> rs = IntStream.range(0, np).filter(r -> insideSince[r] >= 0).boxed().toList();
        return " (" + ranks(r -> insideSince[r] >= 0) + (rs.size() == 1 ? " waits" : " wait")
                + " inside an MPI call, for a message or a collective that the others do not reach before their cut)";
    }

    private String ranks(java.util.function.IntPredicate p) {
        List<Integer> rs = IntStream.range(0, np).filter(p).boxed().toList();
        return (rs.size() == 1 ? "rank " : "ranks ") + rs.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String seconds(long nanos) {
        long ms = nanos / 1_000_000;
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }
}
