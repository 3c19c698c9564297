package mana.conformance.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * MPI_Comm_spawn and MPI_Comm_spawn_multiple of {@code java} children, through MANA (where each
 * child is a MANA rank of its own) and the raw binding alike; and the arguments the raw binding
 * would crash on.
 */
class SpawnsTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.comm.Spawns";

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).sorted().toList();
    }

    @Test
    void spawnedJavaChildrenTalkToTheirParentsAsOnTheRawBinding() {
        ManaJob.Run raw = ManaJob.raw(2, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, MAIN);
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must report the same checks");
        // parents: 2 ranks x 11, + 1 (spawn) and 2 (spawnMultiple) on rank 0; children: 2 x 8 and 2 x 4; DONE
        assertEquals(2 * 11 + 1 + 2 + 2 * 8 + 2 * 4 + 1, m.size(), "checks that ran: " + m);
    }

    @Test
    void argumentsTheRawBindingCrashesOnAreErrorsNamingThem() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, MAIN, "bad");
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
        assertEquals(2 * 5, mana.outLines().stream().filter(l -> l.startsWith("OK")).count(), mana.all());
    }
}
