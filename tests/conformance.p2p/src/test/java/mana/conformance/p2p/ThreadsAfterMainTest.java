package mana.conformance.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/** A rank whose main returns while its own non-daemon thread still works: as under java App, the rank waits for it. */
class ThreadsAfterMainTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.p2p.ThreadsAfterMain";

    static List<String> lines(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("WORKER") || l.startsWith("MAIN")).sorted().toList();
    }

    @Test
    void theWorkerAThreadStartedFinishesAfterMainReturnedAsOnTheRawBinding() {
        ManaJob.Run raw = ManaJob.raw(3, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        ManaJob.Run mana = ManaJob.manaRun(3, JAR, MAIN);
        assertEquals(0, mana.exit(), mana.all());
        assertEquals(List.of("MAIN returns", "MAIN returns", "MAIN returns", "WORKER rank 0 got 2 sum 3",
                "WORKER rank 1 got 0 sum 3", "WORKER rank 2 got 1 sum 3"), lines(mana), mana.all());
        assertEquals(lines(raw), lines(mana));
    }
}
