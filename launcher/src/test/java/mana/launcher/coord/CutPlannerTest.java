package mana.launcher.coord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiPredicate;
import mana.launcher.coord.CutPlanner.Action;
import mana.launcher.coord.CutPlanner.Cancel;
import mana.launcher.coord.CutPlanner.Go;
import mana.launcher.coord.CutPlanner.Pass;
import mana.launcher.coord.CutPlanner.Raise;
import mana.launcher.coord.CutPlanner.Target;
import org.junit.jupiter.api.Test;

class CutPlannerTest {
    static final long MS = 1_000_000L;
    static final long GRACE = 100 * MS;
    static final long DEADLINE = 60_000 * MS;

    @Test
    void theTargetIsTheLargestLimitOnceEveryRankReported() {
        CutPlanner p = new CutPlanner(3, 0, GRACE, DEADLINE);
        assertEquals(List.of(), p.at(0, 10, 1));
        assertEquals(List.of(), p.at(2, 7, 2));
        assertEquals(List.of(new Target(13)), p.at(1, 12, 3));
        assertEquals(13, p.target());
    }

    @Test
    void goOnlyWhenEveryRankStoppedAtTheTarget() {
        CutPlanner p = new CutPlanner(2, 0, GRACE, DEADLINE);
        p.at(0, 4, 0);
        p.at(1, 5, 0);
        assertEquals(List.of(), p.stopped(1, 6, 1));
        assertEquals(List.of(new Go()), p.stopped(0, 6, 2));
    }

    @Test
    void blockedRanksAreRaisedAfterTheGracePeriodWhileOthersHaveNotReported() {
        CutPlanner p = new CutPlanner(3, 0, GRACE, DEADLINE);
        p.at(0, 4, 0);
        p.blocked(0, 5, 1);
        assertEquals(List.of(), p.tick(GRACE - 1), "no raise within the grace period");
        assertEquals(List.of(new Raise(0, 6)), p.tick(GRACE));
        assertEquals(List.of(), p.tick(GRACE + 1), "a raised rank is not blocked until it says so");
        p.blocked(0, 6, GRACE + 2);
        p.at(1, 9, GRACE + 3); // a new report restarts the grace period
        assertEquals(List.of(), p.tick(2 * GRACE + 2));
        assertEquals(List.of(new Raise(0, 7)), p.tick(2 * GRACE + 3));
        assertEquals(List.of(new Target(10)), p.at(2, 3, 2 * GRACE + 4));
    }

    /** Transparent point-to-point cut points: a waiting rank is let through one call at a time, and the target does not move. */
    @Test
    void aRankWaitingAtAPointToPointCallGetsPassesAndKeepsItsLimit() {
        CutPlanner p = new CutPlanner(2, 0, GRACE, DEADLINE);
        p.at(0, 0, 0); // a send before world collective 1: limit 1
        p.blockedP2p(0, 1, 1);
        assertEquals(List.of(new Pass(0)), p.tick(GRACE));
        assertEquals(List.of(), p.tick(GRACE + 1), "one pass per wait");
        p.blockedP2p(0, 1, GRACE + 2);
        assertEquals(List.of(new Pass(0)), p.tick(2 * GRACE + 1));
        assertEquals(List.of(new Target(1)), p.at(1, 0, 2 * GRACE + 2), "the cut stays before collective 1");
    }

    /**
     * Transparent mode: a rank that runs outside MPI (slow, not yet at a cut point) keeps the
     * others waiting; once it waits inside MPI for a grace period, they are let on.
     */
    @Test
    void transparentRanksArePassedOnlyWhileTheOthersWaitInsideMpi() {
        CutPlanner p = new CutPlanner(2, 0, GRACE, DEADLINE);
        p.transparent();
        p.at(0, 0, 0);
        p.blockedP2p(0, 1, 1);
        assertEquals(List.of(), p.tick(10 * GRACE), "rank 1 runs outside MPI: no pass");
        p.inside(1, true, 10 * GRACE);
        assertEquals(List.of(), p.tick(11 * GRACE - 1), "inside for less than the grace period");
        assertEquals(List.of(new Pass(0)), p.tick(11 * GRACE));
        p.inside(1, false, 11 * GRACE + 1);
        p.blockedP2p(0, 1, 11 * GRACE + 2);
        assertEquals(List.of(), p.tick(20 * GRACE), "rank 1 left MPI: no second pass");
        assertEquals(List.of(new Target(1)), p.at(1, 0, 20 * GRACE + 1));
    }

    /** Transparent mode: the target captures only when every rank stands at it; point-to-point ones are passed while others wait inside MPI. */
    @Test
    void transparentRanksAreCutOnlyWhenAllStandAtTheTarget() {
        CutPlanner p = new CutPlanner(3, 0, GRACE, DEADLINE);
        p.transparent();
        p.at(0, 4, 0);
        p.at(1, 4, 0);
        assertEquals(List.of(new Target(5)), p.at(2, 4, 0));
        assertEquals(List.of(), p.blockedP2p(0, 5, 1));
        assertEquals(List.of(), p.blocked(1, 5, 2));
        p.inside(2, true, 3); // rank 2 waits inside a receive, for rank 0's send, say
        assertEquals(List.of(), p.tick(GRACE + 2), "rank 2 not inside for a grace period yet");
        assertEquals(List.of(new Pass(0)), p.tick(GRACE + 3), "only the point-to-point one is passed");
        p.inside(2, false, GRACE + 4);
        assertEquals(List.of(), p.blocked(2, 5, GRACE + 5));
        assertEquals(List.of(new CutPlanner.Cut()), p.blockedP2p(0, 5, GRACE + 6));
        assertEquals(List.of(), p.stopped(0, 5, GRACE + 7));
        assertEquals(List.of(), p.stopped(1, 5, GRACE + 7));
        assertEquals(List.of(new Go()), p.stopped(2, 5, GRACE + 8));
    }

    @Test
    void aTransparentDeadlineNamesTheRanksWaitingInsideMpi() {
        CutPlanner p = new CutPlanner(2, 0, GRACE, DEADLINE);
        p.transparent();
        p.at(0, 0, 0);
        p.blocked(0, 1, 1);
        p.inside(1, true, 2);
        List<Action> a = p.tick(DEADLINE);
        assertTrue(a.size() == 1 && a.get(0) instanceof Cancel c && c.reason().contains("rank 1 did not reach")
                && c.reason().contains("rank 1 waits inside an MPI call"), a.toString());
    }

    @Test
    void aBlockedReportForAnOldLimitIsIgnored() {
        CutPlanner p = new CutPlanner(2, 0, GRACE, DEADLINE);
        p.at(0, 4, 0);
        p.blocked(0, 3, 1);
        assertEquals(List.of(), p.tick(10 * GRACE));
    }

    @Test
    void finalizingOrLosingARankBeforeGoCancels() {
        CutPlanner p = new CutPlanner(3, 0, GRACE, DEADLINE);
        p.at(0, 1, 0);
        assertEquals(List.of(new Cancel("rank 2 reached MPI_Finalize before the cut")), p.finalizing(2));
        assertTrue(p.over());

        CutPlanner q = new CutPlanner(2, 0, GRACE, DEADLINE);
        q.at(0, 1, 0);
        q.at(1, 1, 0);
        assertEquals(List.of(new Cancel("rank 1 lost its link to the coordinator (did it die?)")), q.lost(1));

        CutPlanner after = new CutPlanner(1, 0, GRACE, DEADLINE);
        after.at(0, 1, 0);
        after.stopped(0, 2, 0);
        assertEquals(List.of(), after.finalizing(0), "after GO the engine's outcome decides");
    }

    @Test
    void theDeadlineNamesTheRanksThatAreLate() {
        CutPlanner p = new CutPlanner(3, 0, GRACE, DEADLINE);
        p.at(0, 1, 0);
        assertEquals(List.of(new Cancel("ranks 1, 2 did not reach a safe point within 60 s")), p.tick(DEADLINE));

        CutPlanner q = new CutPlanner(2, 0, GRACE, DEADLINE);
        q.at(0, 1, 0);
        q.at(1, 5, 0);
        q.stopped(1, 6, 1);
        assertEquals(List.of(new Cancel("rank 0 did not reach safe point 6 within 60 s")), q.tick(DEADLINE));
    }

    @Test
    void aRankStoppingElsewhereThanTheTargetCancels() {
        CutPlanner p = new CutPlanner(1, 0, GRACE, DEADLINE);
        p.at(0, 1, 0);
        assertEquals(List.of(new Cancel("rank 0 stopped at safe point 3, not at the target 2")), p.stopped(0, 3, 1));
    }

    // ----- the protocol against simulated programs -----

    /**
     * A program model: whether rank r may go from safe point i to i+1, given every rank's
     * position (all messages it needs before i+1 have been sent).
     */
    interface Program extends BiPredicate<int[], Integer> {
    }

    /** Ring: step i+1 needs the left neighbour's value of step i. */
    static Program ring(int np, int rank) {
        return (pos, r) -> pos[(r + np - 1) % np] >= pos[r];
    }

    /** Master/worker in rounds: workers need the master's task of their round, the master needs last round's answers. */
    static Program masterWorker(int np) {
        return (pos, r) -> {
            if (r == 0) {
                for (int w = 1; w < np; w++) {
                    if (pos[w] < pos[0] - 1) {
                        return false;
                    }
                }
                return true;
            }
            return pos[0] >= pos[r] + 1;
        };
    }

    /** Runs the rank side by the rules of CutProtocol, random scheduling; returns the stop positions. */
    static int[] simulate(int np, Program program, long seed) {
        Random rnd = new Random(seed);
        int[] pos = new int[np];
        long[] limit = new long[np];
        boolean[] reported = new boolean[np];
        boolean[] waiting = new boolean[np];
        boolean[] stopped = new boolean[np];
        long target = -1;
        long now = 0;
        int requestAt = 5 + rnd.nextInt(50);
        CutPlanner planner = null;
        for (int step = 0; step < 100_000; step++) {
            List<Integer> runnable = new ArrayList<>();
            for (int r = 0; r < np; r++) {
                if (!waiting[r] && !stopped[r] && program.test(pos, r)) {
                    runnable.add(r);
                }
            }
            List<Action> actions = new ArrayList<>();
            if (runnable.isEmpty()) {
                assertTrue(planner != null, "the program itself deadlocked");
                now += 10 * MS;
                actions.addAll(planner.tick(now));
            } else {
                int r = runnable.get(rnd.nextInt(runnable.size()));
                pos[r]++;
                now += rnd.nextInt(3) * MS;
                if (planner == null && step >= requestAt) {
                    planner = new CutPlanner(np, now, GRACE, DEADLINE);
                }
                if (planner != null) {
                    long i = pos[r];
                    if (!reported[r]) {
                        reported[r] = true;
                        limit[r] = i + 1;
                        actions.addAll(planner.at(r, i, now));
                    } else if (target >= 0) {
                        assertTrue(i <= target, "rank " + r + " ran past the target");
                        if (i == target) {
                            stopped[r] = true;
                            actions.addAll(planner.stopped(r, i, now));
                        }
                    } else if (i == limit[r]) {
                        waiting[r] = true;
                        actions.addAll(planner.blocked(r, i, now));
                    }
                    assertTrue(target >= 0 || !reported[r] || i <= limit[r], "rank " + r + " passed its limit");
                }
            }
            for (Action a : actions) {
                if (a instanceof Raise raise) {
                    limit[raise.rank()] = raise.limit();
                    waiting[raise.rank()] = false;
                } else if (a instanceof Target t) {
                    target = t.target();
                    for (int r = 0; r < np; r++) {
                        waiting[r] = false;
                        if (pos[r] == target) {
                            stopped[r] = true;
                            planner.stopped(r, pos[r], now).forEach(x -> assertTrue(x instanceof Go));
                        }
                    }
                    if (Arrays.stream(pos).allMatch(p -> p == t.target())) {
                        return pos;
                    }
                } else if (a instanceof Go) {
                    return pos;
                } else if (a instanceof Cancel c) {
                    throw new AssertionError("cancelled: " + c.reason());
                }
            }
        }
        throw new AssertionError("no cut after 100000 steps");
    }

    @Test
    void ringsReachAConsistentCutWhateverTheScheduling() {
        for (int np = 2; np <= 5; np++) {
            for (long seed = 0; seed < 200; seed++) {
                int[] pos = simulate(np, ring(np, 0), seed);
                assertTrue(Arrays.stream(pos).allMatch(p -> p == pos[0]), "np " + np + " seed " + seed + ": " + Arrays.toString(pos));
            }
        }
    }

    @Test
    void masterWorkerReachesAConsistentCutThanksToRaises() {
        for (int np = 2; np <= 5; np++) {
            for (long seed = 0; seed < 200; seed++) {
                int[] pos = simulate(np, masterWorker(np), seed);
                assertTrue(Arrays.stream(pos).allMatch(p -> p == pos[0]), "np " + np + " seed " + seed + ": " + Arrays.toString(pos));
            }
        }
    }
}
