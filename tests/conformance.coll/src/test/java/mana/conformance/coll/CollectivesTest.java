package mana.conformance.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every blocking collective through MANA on real ranks, and the same program on the raw binding. */
class CollectivesTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.coll.Collectives";

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    void everyCollectiveMatchesTheReferenceAndTheRawBinding(int ranks) {
        ManaJob.Run mana = ManaJob.manaRun(ranks, JAR, MAIN);
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertTrue(mana.out().contains("OK allToAllw direct ByteBuffer"), mana.all());
        ManaJob.Run raw = ManaJob.raw(ranks, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = mana.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).toList();
        List<String> r = raw.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).toList();
        assertEquals(r, m, "MANA and the raw binding must report the same checks");
        assertTrue(m.size() > 50, "too few checks ran: " + m.size());
    }
}
