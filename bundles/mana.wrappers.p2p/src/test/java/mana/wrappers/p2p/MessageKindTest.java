package mana.wrappers.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.wrappers.base.MatchedMessage;
import org.junit.jupiter.api.Test;

/** The message kind (pure logic, no MPI): a matched message's saved form and what loading refuses. */
class MessageKindTest {
    static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");
    private final MessageKind kind = new MessageKind();

    private byte[] saved(MatchedMessage m) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        kind.save(m, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    private MatchedMessage load(byte[] b) throws IOException {
        return (MatchedMessage) kind.load(new DataInputStream(new ByteArrayInputStream(b)));
    }

    @Test
    void aReceivedMessageComesBackWithItsEnvelopeAndBytes() throws IOException {
        MatchedMessage m = new MatchedMessage(41, WORLD, 2, 705, 4, new byte[] {1, 2, 3, 4});
        MatchedMessage b = load(saved(m));
        assertEquals(41, b.sequence());
        assertEquals(WORLD, b.comm());
        assertEquals(2, b.source());
        assertEquals(705, b.tag());
        assertEquals(4, b.bytes());
        assertArrayEquals(new byte[] {1, 2, 3, 4}, b.data());
        assertTrue(b.summary().contains("from rank 2, tag 705, 4 bytes, held by MANA"), b.summary());
    }

    @Test
    void aMessageTheCutDidNotReceiveIsNotSaved() {
        MatchedMessage m = new MatchedMessage(WORLD, 1, 7, 16);
        IOException e = assertThrows(IOException.class, () -> saved(m));
        assertTrue(e.getMessage().endsWith("was not received at the cut"), e.getMessage());
    }

    @Test
    void aDamagedDescriptorIsRefused() throws IOException {
        byte[] ok = saved(new MatchedMessage(3, WORLD, 0, 1, 8, new byte[8]));
        byte[] cut = java.util.Arrays.copyOf(ok, ok.length - 3);
        assertThrows(EOFException.class, () -> load(cut), "fewer bytes than the saved length");
        byte[] negative = ok.clone();
        negative[24] = (byte) 0xFF; // the length's high byte (after format, seq, comm, source, tag): negative
        IOException e = assertThrows(IOException.class, () -> load(negative));
        assertTrue(e.getMessage().startsWith("saved message byte count -"), e.getMessage());
        byte[] format = ok.clone();
        format[3] = 9;
        e = assertThrows(IOException.class, () -> load(format));
        assertEquals("message descriptor format 9, expected 1", e.getMessage());
    }
}
