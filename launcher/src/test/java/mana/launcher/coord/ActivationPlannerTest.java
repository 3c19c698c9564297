package mana.launcher.coord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ActivationPlannerTest {
    final List<String> log = new ArrayList<>();
    final ActivationPlanner p = new ActivationPlanner(log::add);

    static List<String> lines(List<ActivationPlanner.Send> s) {
        return s.stream().map(x -> (x.rank() < 0 ? "all" : "rank " + x.rank()) + ": " + x.line()).toList();
    }

    @Test
    void theTargetIsOnePastTheHighestCountAndOnlyWhatEveryRankHasSwitchesOn() {
        assertEquals(List.of("all: ACTREQ 1"), lines(p.ready(1, 0)));
        assertEquals(List.of(), lines(p.at(0, 1, 40, "b:Topo,c:File", 3, 0)));
        assertEquals(List.of(), lines(p.at(2, 1, 42, "b:Topo", 3, 0)));
        assertEquals(List.of("all: ACTTARGET 1 43 " + Wire.text("b:Topo")), lines(p.at(1, 1, 41, "b:Topo,c:File", 3, 0)));
        assertTrue(log.get(0).contains("switching on b on all 3 ranks"), log.toString());
    }

    @Test
    void noneOnEveryRankEndsTheRoundAndALaterReadyOpensAnother() {
        p.ready(0, 0);
        p.at(0, 1, 5, "b:Topo", 2, 0);
        assertEquals(List.of("all: ACTCANCEL 1"), lines(p.at(1, 1, 5, "", 2, 0)));
        assertEquals(List.of("all: ACTREQ 2"), lines(p.ready(1, 0)));
        assertEquals(List.of(), lines(p.at(1, 1, 9, "b:Topo", 2, 0)), "an answer to an old round is ignored");
    }

    @Test
    void aReadyDuringARoundOpensTheNextOneWhenItEnds() {
        p.ready(0, 0);
        assertEquals(List.of(), lines(p.ready(1, 0)));
        p.at(0, 1, 5, "b:Topo", 2, 0);
        assertEquals(List.of("all: ACTCANCEL 1", "all: ACTREQ 2"), lines(p.at(1, 1, 5, "", 2, 0)));
    }

    @Test
    void aRankThatCannotLoadABundleMakesItRefusedEverywhereOnce() {
        assertEquals(List.of("all: ACTREFUSE " + Wire.text("mana.x") + " " + Wire.text("rank 2: cannot be resolved: missing no.such")),
                lines(p.failed(2, "mana.x", "cannot be resolved: missing no.such")));
        assertEquals(List.of(), lines(p.failed(0, "mana.x", "again")));
        assertTrue(log.get(0).contains("bundle mana.x is not switched on: rank 2"), log.toString());
        p.ready(0, 0);
        p.at(0, 1, 1, "mana.x:Topo", 2, 0);
        assertEquals(List.of("all: ACTCANCEL 1"), lines(p.at(1, 1, 1, "mana.x:Topo", 2, 0)), "a refused bundle is never agreed");
    }

    @Test
    void aRankGoneEndsTheRoundAndNoNewOneOpens() {
        p.ready(0, 0);
        assertEquals(List.of("all: ACTCANCEL 1"), lines(p.gone(1, 0)));
        assertEquals(List.of(), lines(p.ready(0, 0)), "no round once a rank has gone");
    }

    @Test
    void aSilentRankEndsTheRoundAtTheDeadline() {
        p.ready(0, 0);
        p.at(0, 1, 3, "b:Topo", 2, 0);
        assertEquals(List.of(), lines(p.tick(ActivationPlanner.ROUND_TIMEOUT_NANOS - 1, 2)));
        assertEquals(List.of("all: ACTCANCEL 1"), lines(p.tick(ActivationPlanner.ROUND_TIMEOUT_NANOS + 1, 2)));
        assertTrue(log.get(log.size() - 1).contains("rank(s) [1] did not answer"), log.toString());
    }

    @Test
    void aProviderLeavingOnEveryRankIsSwitchedOffAtTheTargetEvenWhenItsBundleWasOnceRefused() {
        p.failed(1, "b", "an older version could not be resolved");
        p.ready(0, 0);
        p.at(0, 1, 7, "-b:Topo,c:File", 2, 0);
        assertEquals(List.of("all: ACTTARGET 1 10 " + Wire.text("-b:Topo,c:File")), lines(p.at(1, 1, 9, "-b:Topo,c:File", 2, 0)));
        assertTrue(log.get(log.size() - 1).contains("switching on c; switching off b on all 2 ranks"), log.toString());
    }

    @Test
    void aProviderLeavingOnOneRankOnlyKeepsServingEverywhere() {
        p.ready(0, 0);
        p.at(0, 1, 7, "-b:Topo", 2, 0);
        assertEquals(List.of("all: ACTCANCEL 1"), lines(p.at(1, 1, 7, "", 2, 0)));
    }
}
