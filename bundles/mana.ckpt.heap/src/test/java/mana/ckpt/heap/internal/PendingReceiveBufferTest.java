package mana.ckpt.heap.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.util.Set;
import mana.core.desc.RequestDescriptor;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import org.junit.jupiter.api.Test;

/**
 * The buffer of a receive pending at the cut is written as its request's handle and read back as
 * the buffer the engine holds for that request (which the re-posted receive fills), so that the
 * program and MPI share it again; other buffers are written with their content.
 */
class PendingReceiveBufferTest {

    @Test
    void aPendingReceivesBufferComesBackAsTheRequestsBuffer() throws Exception {
        DoubleBuffer ghost = ByteBuffer.allocateDirect(8).asDoubleBuffer();
        DoubleBuffer edge = ByteBuffer.allocateDirect(8).asDoubleBuffer().put(0, 2.5);
        RequestDescriptor d = new RequestDescriptor(RequestDescriptor.Op.IRECV, 0x10000000, ghost, 1, 0x30000001, 1, 7, null);
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), d);
        try {
            HeapKryo writer = new HeapKryo(getClass().getClassLoader(), null);
            Output out = new Output(256, -1);
            writer.writeClassAndObject(out, new Object[] {ghost, edge, ghost});
            assertEquals(Set.of(vid), writer.pendingBuffersWritten());

            Object[] back = (Object[]) new HeapKryo(getClass().getClassLoader(), null).readClassAndObject(new Input(out.toBytes()));
            assertSame(ghost, back[0], "the request's buffer itself (after a restart: the one the engine re-posted into)");
            assertSame(back[0], back[2]);
            assertNotSame(edge, back[1], "any other buffer is written with its content");
            assertEquals(2.5, ((DoubleBuffer) back[1]).get(0));
        } finally {
            Handles.TABLE.free(vid, Kind.REQUEST);
            d.release();
        }
    }

    @Test
    void aRequestMissingOnRestoreIsNamed() throws Exception {
        DoubleBuffer ghost = ByteBuffer.allocateDirect(8).asDoubleBuffer();
        RequestDescriptor d = new RequestDescriptor(RequestDescriptor.Op.IRECV, 0x10000000, ghost, 1, 0x30000001, 1, 7, null);
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), d);
        Output out = new Output(256, -1);
        try {
            new HeapKryo(getClass().getClassLoader(), null).writeClassAndObject(out, ghost);
        } finally {
            Handles.TABLE.free(vid, Kind.REQUEST);
            d.release();
        }
        KryoException e = assertThrows(KryoException.class,
                () -> new HeapKryo(getClass().getClassLoader(), null).readClassAndObject(new Input(out.toBytes())));
        assertTrue(e.getMessage().contains("is not among the restored requests"), e.getMessage());
    }

    @Test
    void aPendingReceivesBufferTheHeapDoesNotHoldIsNotWritten() throws Exception {
        DoubleBuffer ghost = ByteBuffer.allocateDirect(8).asDoubleBuffer();
        RequestDescriptor d = new RequestDescriptor(RequestDescriptor.Op.IRECV, 0x10000000, ghost, 1, 0x30000001, 1, 7, null);
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), d);
        try {
            HeapKryo writer = new HeapKryo(getClass().getClassLoader(), null);
            writer.writeClassAndObject(new Output(256, -1), ghost.duplicate());
            assertTrue(writer.pendingReceiveBuffers().values().stream().anyMatch(v -> v == vid)); // an IdentityHashMap: values by identity
            assertTrue(writer.pendingBuffersWritten().isEmpty(), "a view of it is not the buffer: HeapImage.save refuses this");
        } finally {
            Handles.TABLE.free(vid, Kind.REQUEST);
            d.release();
        }
    }
}
