package mana.conformance.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * Rooted collectives on an intercommunicator leave the arrays MPI ignores alone
 * ({@code InterRootedArrays} says what Open MPI's binding did with them), on any lower half.
 */
class InterRootedArraysTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    @Test
    void arraysThatMpiIgnoresOnAnIntercommunicatorAreLeftAlone() {
        ManaJob.Run mana = ManaJob.manaRun(3, JAR, "mana.conformance.coll.InterRootedArrays");
        assertEquals(0, mana.exit(), mana.all());
        int[] sevens = new int[12];
        Arrays.fill(sevens, -7);
        String untouched = Arrays.toString(sevens);
        List<String> want = new ArrayList<>();
        String gathered = Arrays.toString(new int[] {100, 100, 100, 100, 200, 200, 200, 200});
        want.add("OK rank 0 gather at the root: " + gathered);
        want.add("OK rank 0 gatherv at the root: " + gathered);
        want.add("OK rank 0 scatter's ignored receive array at the root: [-7, -7, -7, -7]");
        want.add("OK rank 0 scatterv's ignored receive array at the root: [-7, -7, -7, -7]");
        for (int r = 1; r <= 2; r++) {
            int first = 500 + 4 * (r - 1);
            String block = Arrays.toString(new int[] {first, first + 1, first + 2, first + 3});
            want.add("OK rank " + r + " gather's ignored receive array: " + untouched);
            want.add("OK rank " + r + " gatherv's ignored receive array: " + untouched);
            want.add("OK rank " + r + " scatter with a short ignored send array: " + block);
            want.add("OK rank " + r + " scatterv with a short ignored send array: " + block);
        }
        List<String> got = mana.outLines().stream().filter(l -> l.startsWith("OK")).sorted().toList();
        assertEquals(want.stream().sorted().toList(), got, mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
    }
}
