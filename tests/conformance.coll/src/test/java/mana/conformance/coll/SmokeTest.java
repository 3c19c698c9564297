package mana.conformance.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

class SmokeTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    @Test
    void sendRecvThroughManaAndRaw() {
        for (ManaJob.Run r : new ManaJob.Run[] {ManaJob.manaRun(2, JAR, "mana.conformance.coll.Smoke"),
            ManaJob.raw(2, JAR, "mana.conformance.coll.Smoke")}) {
            assertEquals(0, r.exit(), r.all());
            assertTrue(r.out().contains("OK smoke"), r.all());
        }
    }
}
