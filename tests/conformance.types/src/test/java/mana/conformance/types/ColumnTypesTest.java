package mana.conformance.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * A matrix in a Java array sent by columns (a resized vector): Open MPI's own Java binding copies
 * the array into a native buffer of count * extent bytes, which the columns overrun, and its JVM
 * dies ({@code ColumnTypes} says why); through MANA every element arrives.
 */
class ColumnTypesTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    @Test
    void columnsOfAMatrixInAnArrayArriveTransposed() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.types.ColumnTypes");
        assertEquals(0, mana.exit(), mana.all());
        List<String> want = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            for (String call : List.of("sendRecv", "sendRecvReplace", "bcast", "allGather", "scatter", "allToAll",
                    "allGather in place", "scatter in place")) {
                want.add("OK rank " + r + " " + call + ": bad 0");
            }
        }
        want.add("OK rank 1 send: bad 0");
        want.add("OK rank 0 gather: bad 0");
        want.add("OK rank 0 gather in place: bad 0");
        List<String> got = mana.outLines().stream().filter(l -> l.startsWith("OK")).sorted().toList();
        assertEquals(want.stream().sorted().toList(), got, mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
    }
}
