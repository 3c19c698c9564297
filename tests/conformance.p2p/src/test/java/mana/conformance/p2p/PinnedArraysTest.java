package mana.conformance.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * Arrays the raw binding hands MPI unchecked (pack/unpack, a predefined datatype with a gap): a
 * count past the array or a negative position overwrote the Java heap and the JVM died at the
 * next GC ({@code PinnedArrays} says why); through MANA a clear MPIException, and the calls that
 * fit work.
 */
class PinnedArraysTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    @Test
    void arraysTooShortForPackUnpackOrAPairTypeAreClearErrors() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.p2p.PinnedArrays");
        assertEquals(0, mana.exit(), mana.all());
        List<String> want = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            String p = "OK rank " + r + " ";
            want.add(p + "unpack past the end of an int[4]: MPIException class ERR_BUFFER");
            want.add(p + "unpack into an int[1000]: position 4000");
            want.add(p + "pack past the end of an int[4]: MPIException class ERR_BUFFER");
            want.add(p + "pack from an int[1000]: position 4000");
            want.add(p + "pack at a negative position: MPIException class ERR_ARG");
            want.add(p + "unpack from a negative position: MPIException class ERR_ARG");
            want.add(p + "pack of SHORT_INT past the end of a byte[16]: MPIException class ERR_BUFFER");
            want.add(p + "recv of SHORT_INT into a byte[16]: MPIException class ERR_BUFFER");
            want.add(p + "message left for the next recv: true");
        }
        List<String> got = mana.outLines().stream().filter(l -> l.startsWith("OK")).sorted().toList();
        assertEquals(want.stream().sorted().toList(), got, mana.all());
        assertTrue(mana.out().contains("invalid buffer: outbuf holds 16 bytes, the call's 1000 elements reach byte 4000"),
                mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
    }
}
