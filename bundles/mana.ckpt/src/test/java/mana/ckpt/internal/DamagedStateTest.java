package mana.ckpt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Sections whose checksums match but whose content is damaged (a bug, a hand edit): a restart
 * refuses them with a message naming what does not fit, before allocating for a forged length.
 */
class DamagedStateTest {
    /** The communicators the checkpoint holds: handle and number of peers. */
    private static final Map<Integer, Integer> COMMS = Map.of(0x1000_0001, 2);

    private interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    private static ByteInput bytes(Body body) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        body.write(out);
        out.flush();
        return new ByteInput(b.toByteArray());
    }

    private static void message(DataOutputStream out, int length, int actual) throws IOException {
        out.writeInt(0x1000_0001); // comm
        out.writeInt(1); // source
        out.writeInt(7); // tag
        out.writeInt(length);
        out.write(new byte[actual]);
    }

    @Test
    void aSoundDrainSectionReadsBack() throws IOException {
        var m = Restart.readDrain(bytes(out -> {
            out.writeInt(2);
            message(out, 3, 3);
            message(out, 0, 0);
        }), COMMS);
        assertEquals(2, m.size());
        assertEquals(3, m.get(0).data().length);
    }

    @Test
    void aDrainedMessageLongerThanTheSectionIsRefusedBeforeItsBytesAreAllocated() throws IOException {
        IOException e = assertThrows(IOException.class, () -> Restart.readDrain(bytes(out -> {
            out.writeInt(1);
            message(out, Integer.MAX_VALUE - 8, 4);
        }), COMMS));
        assertTrue(e.getMessage().contains("message 0 of 1 declares 2147483639 bytes, 4 are left"), e.getMessage());
    }

    @Test
    void aNegativeMessageLengthIsRefused() throws IOException {
        IOException e = assertThrows(IOException.class, () -> Restart.readDrain(bytes(out -> {
            out.writeInt(1);
            message(out, -1, 0);
        }), COMMS));
        assertTrue(e.getMessage().contains("declares -1 bytes"), e.getMessage());
    }

    @Test
    void aMessageCountTheSectionCannotHoldIsRefusedBeforeAllocating() throws IOException {
        IOException e = assertThrows(IOException.class, () -> Restart.readDrain(bytes(out -> out.writeInt(0x7fff_fff0)), COMMS));
        assertTrue(e.getMessage().contains("drained message count 2147483632 does not fit in the 0 bytes left"), e.getMessage());
        e = assertThrows(IOException.class, () -> Restart.readDrain(bytes(out -> out.writeInt(-3)), COMMS));
        assertTrue(e.getMessage().contains("count -3"), e.getMessage());
    }

    @Test
    void bytesAfterTheLastMessageAreRefused() throws IOException {
        IOException e = assertThrows(IOException.class, () -> Restart.readDrain(bytes(out -> {
            out.writeInt(1);
            message(out, 2, 2);
            out.writeByte(0);
        }), COMMS));
        assertTrue(e.getMessage().contains("has 1 bytes after its 1 messages"), e.getMessage());
    }

    private static void request(DataOutputStream out, int bufferIndex) throws IOException {
        new SavedRequest(0x1400_0003, null, 0x1000_0001, 1, 3, 1, 5, false, bufferIndex, null).write(out);
    }

    @Test
    void aRequestNamingABufferTheStateDoesNotHoldIsRefused() throws IOException {
        assertEquals(1, Restart.readRequests(bytes(out -> {
            out.writeInt(SavedRequest.FORMAT);
            out.writeInt(1);
            request(out, 0);
        }), 1, COMMS).size());
        IOException e = assertThrows(IOException.class, () -> Restart.readRequests(bytes(out -> {
            out.writeInt(SavedRequest.FORMAT);
            out.writeInt(1);
            request(out, 1);
        }), 1, COMMS));
        assertTrue(e.getMessage().contains("request 0 names buffer 1; the state holds 1"), e.getMessage());
    }

    @Test
    void aRequestCountTheSectionCannotHoldIsRefused() throws IOException {
        IOException e = assertThrows(IOException.class, () -> Restart.readRequests(bytes(out -> {
            out.writeInt(SavedRequest.FORMAT);
            out.writeInt(1 << 30);
            request(out, -1);
        }), 0, COMMS));
        assertTrue(e.getMessage().contains("saved request count 1073741824 does not fit in the 31 bytes left"), e.getMessage());
    }

    static final class Big implements Serializable {
        byte[] data = new byte[16];
    }

    private static byte[] stream(Object state) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        StateStreams.Out out = new StateStreams.Out(b, null);
        out.writeObject(new AppObjects(state, new HashMap<>(), List.of(), new HashMap<>()));
        out.flush();
        return b.toByteArray();
    }

    /** Position of the int length written just before 16 zero bytes (the array's content). */
    private static int arrayLengthAt(byte[] s) {
        outer:
        for (int i = 0; i + 20 <= s.length; i++) {
            if (s[i] != 0 || s[i + 1] != 0 || s[i + 2] != 0 || s[i + 3] != 16) {
                continue;
            }
            for (int k = 4; k < 20; k++) {
                if (s[i + k] != 0) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("no array of 16 zero bytes in the stream");
    }

    @Test
    void anArrayLengthTheStreamCannotHoldIsRefusedBeforeTheJdkAllocatesIt() throws IOException {
        byte[] s = stream(new Big());
        ByteBuffer.wrap(s).putInt(arrayLengthAt(s), 0x7fff_fff0);
        IOException e = assertThrows(IOException.class,
                () -> StateStreams.read(new ByteArrayInputStream(s), null, DamagedStateTest.class.getClassLoader(), s.length));
        assertTrue(e.getMessage().contains("declares an array of 2147483632 elements in a stream of " + s.length + " bytes"),
                e.getMessage());
    }

    @Test
    void anInconsistentBufferRecordIsRefusedWithAMessage() throws IOException {
        // position beyond the limit: the record is read, the buffer cannot be made
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        StateStreams.Out out = new StateStreams.Out(b, null);
        out.writeObject(new AppObjects(new BufferRef('B', false, true, 4, 3, 2, new byte[4]), new HashMap<>(), List.of(),
                new HashMap<>()));
        out.flush();
        byte[] s = b.toByteArray();
        IOException e = assertThrows(IOException.class,
                () -> StateStreams.read(new ByteArrayInputStream(s), null, DamagedStateTest.class.getClassLoader(), s.length));
        assertTrue(e.getMessage().contains("a saved buffer is inconsistent"), e.getMessage());
    }

    @Test
    void rankFilesOfDifferentCutsAreRefused() {
        assertEquals(null, Restart.sameCut(new long[][] {{6, 293, 40}, {6, 293, 40}, {6, 293, 40}}));
        assertEquals("the rank files are not of one cut: rank 0 has seq 6, safe point 293, MPI_COMM_WORLD collective 40;"
                + " rank 2 has seq 6, safe point 293, collective 41",
                Restart.sameCut(new long[][] {{6, 293, 40}, {6, 293, 40}, {6, 293, 41}}));
    }

    @Test
    void aDrainedMessageOfACommunicatorTheCheckpointDoesNotHoldIsRefused() throws IOException {
        IOException e = assertThrows(IOException.class, () -> Restart.readDrain(bytes(out -> {
            out.writeInt(1);
            out.writeInt(0x7fff_fff0); // comm
            out.writeInt(0);
            out.writeInt(0);
            out.writeInt(0);
        }), COMMS));
        assertTrue(e.getMessage().contains("which the checkpoint does not hold"), e.getMessage());
        e = assertThrows(IOException.class, () -> Restart.readDrain(bytes(out -> {
            out.writeInt(1);
            out.writeInt(0x1000_0001);
            out.writeInt(2); // source: the communicator has 2 peers
            out.writeInt(0);
            out.writeInt(0);
        }), COMMS));
        assertTrue(e.getMessage().contains("is from rank 2 with tag 0 of communicator"), e.getMessage());
    }
}
