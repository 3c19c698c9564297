package mana.conformance.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * Direct buffers smaller than what a point-to-point call moves: the raw binding's JVM dies in
 * native code ("malloc(): invalid size"); through MANA each is an MPIException of class
 * MPI_ERR_BUFFER naming the argument, the message the refused call would have taken stays for
 * the next call, and buffers that fit (a derived datatype's whole span included) work as in raw.
 */
class ShortBuffersTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.p2p.ShortBuffers";

    static List<String> oks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK")).sorted().toList();
    }

    @Test
    void aShortDirectBufferIsAClearErrorAndLeavesTheMessageForTheNextCall() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, MAIN);
        assertEquals(0, mana.exit(), mana.all());
        String out = mana.out();
        for (int r = 0; r < 2; r++) {
            String p = "OK rank " + r + " ";
            for (String c : List.of("recv", "send", "iSend", "iRecv", "recvInit", "sendRecvReplace", "mRecv", "pack")) {
                assertTrue(out.contains(p + "short direct buffer in " + c + ": MPIException class ERR_BUFFER"), c + "\n" + mana.all());
            }
            assertTrue(out.contains(p + "short direct receive buffer in sendRecv: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "derived datatype reaching past a direct buffer in send: MPIException class ERR_BUFFER"),
                    mana.all());
            assertTrue(out.contains(p + "derived datatype reaching past an array in recv: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "vector message left for the next recv: " + (4000 * r + 6)), mana.all());
            long expected = 1024L * 1000 * r + 1023L * 1024 / 2;
            assertTrue(out.contains(p + "message left for the next recv: sum " + expected), mana.all());
            assertTrue(out.contains(p + "matched message left for the next mRecv: sum " + expected), mana.all());
        }
        assertTrue(out.contains("invalid buffer: buf is a direct IntBuffer of 16 bytes, the call moves 1024 elements"
                + " (4096 bytes) through it"), mana.all());
        assertTrue(out.contains("invalid buffer: recvbuf is a direct IntBuffer of 16 bytes"), mana.all());
        assertTrue(out.contains("invalid buffer: inbuf is a direct IntBuffer of 8 bytes"), mana.all());
        assertTrue(out.contains("invalid buffer: buf is a direct IntBuffer of 48 bytes, the call needs bytes 0 to 52 of it (1 element of its datatype)"),
                mana.all());
        assertTrue(out.contains("invalid buffer: buf is an int[] of 48 bytes, the call's 1 element of the datatype reach byte 52"),
                mana.all());
        assertTrue(out.contains("DONE"), mana.all());
    }

    @Test
    void buffersThatFitGiveWhatTheRawBindingGives() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, MAIN, "fitting");
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(2, JAR, MAIN, "fitting");
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(oks(raw), oks(mana));
        assertEquals(10, oks(mana).size(), mana.all());
        assertTrue(mana.out().contains("OK rank 1 negative-stride vector over a slice: sum 3012 first 1006"), mana.all());
        // the vector's elements are ints 0, 4, 8 and 12 of the sender's buffer
        assertTrue(mana.out().contains("OK rank 1 derived datatype fitting a direct buffer exactly: sum " + (4000 + 24)),
                mana.all());
    }
}
