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
 */
public final class CutPlanner {

    public sealed interface Action permits Raise, Pass, Target, Go, Cancel {
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
        lastReport = now;
        if (IntStream.range(0, np).allMatch(r -> reported[r])) {
            target = Arrays.stream(limit).max().orElseThrow();
            phase = Phase.TARGETED;
            return List.of(new Target(target));
        }
        return List.of();
    }

    /** A rank waits at its limit. */
    public List<Action> blocked(int rank, long index, long now) {
        if (phase == Phase.COLLECTING && reported[rank] && index == limit[rank]) {
            blocked[rank] = true;
        }
        return List.of();
    }

    /** A rank waits at a point-to-point cut point before collective {@code index} (its limit): it gets a {@link Pass}, not a raise. */
    public List<Action> blockedP2p(int rank, long index, long now) {
        if (phase == Phase.COLLECTING && reported[rank] && index == limit[rank]) {
            blockedP2p[rank] = true;
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
                return cancel(ranks(r -> !reported[r]) + " did not reach a safe point within " + seconds(deadlineNanos));
            }
            boolean someBlocked = IntStream.range(0, np).anyMatch(r -> blocked[r] || blockedP2p[r]);
            if (someBlocked && now - lastReport >= graceNanos) {
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
            return cancel(ranks(r -> !stopped[r]) + " did not reach safe point " + target + " within " + seconds(deadlineNanos));
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

    private String ranks(java.util.function.IntPredicate p) {
        List<Integer> rs = IntStream.range(0, np).filter(p).boxed().toList();
        return (rs.size() == 1 ? "rank " : "ranks ") + rs.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String seconds(long nanos) {
        long ms = nanos / 1_000_000;
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }
}
