package mana.conformance.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Intercommunicators made by Intracomm.accept/connect through a port (as Open MPI's Java test
 * suite does for its intercommunicator collectives): through MANA and the raw binding alike.
 */
class PortsTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.comm.Ports";

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).sorted().toList();
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void acceptConnectCollectivesAndDisconnectMatchTheRawBinding(int ranks) {
        ManaJob.Run raw = ManaJob.raw(ranks, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        ManaJob.Run mana = ManaJob.manaRun(ranks, JAR, MAIN);
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must report the same checks");
        // 14 checks on every rank (getParent included), 2 more on rank 0 (the port's owner), and DONE
        assertEquals(14 * ranks + 3, m.size(), "checks that ran: " + m);
    }
}
