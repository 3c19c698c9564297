package mana.wrappers.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import mana.core.error.ManaException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The bsend buffer kind (pure logic, no MPI): what a checkpoint saves and what a restart refuses. */
class BsendBufferKindTest {
    private final BsendBufferKind kind = new BsendBufferKind();

    @AfterEach
    void detach() {
        BsendBuffer.detached();
    }

    private static byte[] saved(BsendBuffer b, BsendBufferKind kind) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        kind.save(b, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    @Test
    void aCheckpointSavesTheAttachedBufferUntilItIsDetached() {
        assertTrue(kind.descriptors().isEmpty(), "nothing attached");
        byte[] a = new byte[300];
        BsendBuffer.attached(a);
        BsendBuffer b = (BsendBuffer) kind.descriptors().get(0);
        assertEquals(300, b.size());
        assertEquals(List.of(a), kind.objects(b), "the array goes into the object stream itself");
        BsendBuffer.detached();
        assertTrue(kind.descriptors().isEmpty(), "detached");
    }

    @Test
    void theSavedSizeComesBackAndTheRestoredArrayIsBoundToIt() throws IOException {
        BsendBuffer.attached(new byte[128]);
        BsendBuffer b = BsendBuffer.current();
        BsendBuffer loaded = (BsendBuffer) kind.load(new DataInputStream(new ByteArrayInputStream(saved(b, kind))));
        assertEquals(b.sequence(), loaded.sequence());
        assertEquals(128, loaded.size());
        assertNull(loaded.array(), "the array comes from the object stream");
        byte[] restored = new byte[128];
        kind.bindObjects(loaded, List.of(restored));
        assertSame(restored, loaded.array());
    }

    @Test
    void aDamagedDescriptorIsRefused() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(BsendBufferKind.FORMAT);
        out.writeLong(5);
        out.writeInt(-1);
        IOException e = assertThrows(IOException.class,
                () -> kind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))));
        assertEquals("bad bsend buffer size -1", e.getMessage());
        byte[] other = {0, 0, 0, 9};
        e = assertThrows(IOException.class, () -> kind.load(new DataInputStream(new ByteArrayInputStream(other))));
        assertEquals("bsend buffer descriptor format 9, expected 1", e.getMessage());
    }

    @Test
    void aRestartWithoutTheArrayOrWithOneOfAnotherSizeIsRefusedBeforeAttaching() {
        BsendBuffer missing = new BsendBuffer(1, 64, null);
        ManaException e = assertThrows(ManaException.class, () -> kind.rebuild(missing));
        assertTrue(e.getMessage().contains("bsend buffer of 64 bytes is missing from its object stream"), e.getMessage());
        BsendBuffer shorter = new BsendBuffer(1, 64, new byte[10]);
        e = assertThrows(ManaException.class, () -> kind.rebuild(shorter));
        assertTrue(e.getMessage().contains("(found 10 bytes)"), e.getMessage());
        assertNull(BsendBuffer.current(), "nothing was attached");
    }
}
