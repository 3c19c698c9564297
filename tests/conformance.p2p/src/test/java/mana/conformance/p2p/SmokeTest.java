package mana.conformance.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

class SmokeTest {
    /** Open MPI 4.1's numbers (its mpi.h): the API's on every lower half, MPICH's FFM included. */
    static final String CONSTANTS = "constants ANY_SOURCE=-1 PROC_NULL=-2 ROOT=-4 UNDEFINED=-32766 ANY_TAG=-1 CART=1"
            + " ERR_WIN=53 LOCK_SHARED=2 KEYVAL_INVALID=-1";

    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    @Test
    void sendRecvThroughManaAndRaw() {
        for (ManaJob.Run r : new ManaJob.Run[] {ManaJob.manaRun(2, JAR, "mana.conformance.p2p.Smoke"),
            ManaJob.raw(2, JAR, "mana.conformance.p2p.Smoke")}) {
            assertEquals(0, r.exit(), r.all());
            assertTrue(r.out().contains("OK smoke"), r.all());
            assertTrue(r.out().contains(CONSTANTS), r.all());
        }
    }
}
