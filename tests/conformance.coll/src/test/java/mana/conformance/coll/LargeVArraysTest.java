package mana.conformance.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * v-collectives on Java arrays of 256 KiB per process: Open MPI's own Java binding overflows
 * its size computation for these and its JVM dies in native code ({@code LargeVArrays} says
 * why), and its scatter of that size leaves the receive array as it was; through MANA, on any
 * lower half, every element arrives.
 */
class LargeVArraysTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    @Test
    void largeVCollectivesIntoArraysDeliverEveryElement() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.coll.LargeVArrays");
        assertEquals(0, mana.exit(), mana.all());
        List<String> want = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            for (String what : List.of("scatterv", "scatter", "scatterv in place", "gatherv in place", "allGatherv in place",
                    "allToAllv", "neighborAllToAllv")) {
                want.add("OK rank " + r + " " + what + " of 65536 ints per process");
            }
        }
        List<String> got = mana.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("WRONG")).sorted().toList();
        assertEquals(want.stream().sorted().toList(), got, mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
    }
}
