package mana.conformance.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/** Point-to-point and request semantics through MANA on real ranks, against the raw binding. */
class PointToPointTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.p2p.PointToPoint";

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).sorted().toList();
    }

    @Test
    void everyCheckPassesAndMatchesTheRawBinding() {
        ManaJob.Run mana = ManaJob.manaRun(3, JAR, MAIN, "mana");
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
        ManaJob.Run raw = ManaJob.raw(3, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must report the same checks");
        assertTrue(m.size() > 90, "too few checks ran: " + m.size());
        // the checks only MANA runs (input the raw binding does not survive): every rank passed them
        long manaOnly = mana.outLines().stream().filter(l -> l.startsWith("MANA-OK")).count();
        assertEquals(3 * 7, manaOnly, mana.all());
        assertTrue(mana.out().contains("invalid count: count is -1 (negative)"), mana.all());
        assertTrue(mana.out().contains("is not a persistent request"), mana.all());
    }
}
