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

    /**
     * Open MPI's Start and Startall tests: persistent requests (made with sendInit and recvInit,
     * started again and again) over buffers the program keeps. The engine makes them again over
     * the buffers it restores, so the program must get those back, started or not.
     */
    @Test
    void aPersistentRequestsBufferComesBackAsTheRequestsBufferStartedOrNot() throws Exception {
        java.nio.IntBuffer me = ByteBuffer.allocateDirect(4).asIntBuffer().put(0, 3);
        RequestDescriptor d = new RequestDescriptor(RequestDescriptor.Op.SEND_INIT, 0x10000000, me, 1, 0x30000001, 1, 1, null);
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), d);
        try {
            HeapKryo writer = new HeapKryo(getClass().getClassLoader(), null);
            Output out = new Output(256, -1);
            writer.writeClassAndObject(out, new Object[] {me});
            assertEquals(Set.of(vid), writer.pendingBuffersWritten(), "an inactive persistent send: its buffer is the request's");
            Object[] back = (Object[]) new HeapKryo(getClass().getClassLoader(), null).readClassAndObject(new Input(out.toBytes()));
            assertSame(me, back[0], "the request's buffer itself (after a restart: the one the engine made the request over)");
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
            writer.writeClassAndObject(new Output(256, -1), ByteBuffer.allocateDirect(8).asDoubleBuffer());
            assertTrue(writer.pendingReceiveBuffers().values().stream().anyMatch(v -> v == vid)); // an IdentityHashMap: values by identity
            assertTrue(writer.pendingBuffersWritten().isEmpty(), "another memory: HeapImage.save refuses this");
        } finally {
            Handles.TABLE.free(vid, Kind.REQUEST);
            d.release();
        }
    }

    /**
     * Open MPI's Isend test: the program keeps one direct buffer and receives into slices of it
     * (MPI.slice), which it does not keep. The buffer comes back as a view of the memory the
     * engine restored for those receives, so a message received after the restart lands where the
     * program reads.
     */
    @Test
    void aBufferThePendingReceivesAreSlicesOfSharesTheirMemoryAgain() throws Exception {
        ByteBuffer bytes = ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder());
        java.nio.IntBuffer indata = bytes.asIntBuffer();
        indata.put(0, 41).put(3, 43);
        java.nio.IntBuffer slot2 = indata.duplicate().position(2).slice();
        java.nio.IntBuffer slot3 = indata.duplicate().position(3).slice();
        RequestDescriptor d2 = new RequestDescriptor(RequestDescriptor.Op.IRECV, 0x10000000, slot2, 1, 0x30000001, 1, 7, null);
        RequestDescriptor d3 = new RequestDescriptor(RequestDescriptor.Op.IRECV, 0x10000000, slot3, 1, 0x30000001, 2, 7, null);
        int vid2 = Handles.TABLE.create(Kind.REQUEST, new Object(), d2);
        int vid3 = Handles.TABLE.create(Kind.REQUEST, new Object(), d3);
        try {
            HeapKryo writer = new HeapKryo(getClass().getClassLoader(), null);
            Output out = new Output(256, -1);
            writer.writeClassAndObject(out, new Object[] {indata.position(1)});
            assertEquals(Set.of(vid2, vid3), writer.pendingBuffersWritten(), "both receives lie in the memory the heap holds");

            // read back while the same requests are registered: "the engine's restored buffers" are slot2 and slot3
            Object[] back = (Object[]) new HeapKryo(getClass().getClassLoader(), null).readClassAndObject(new Input(out.toBytes()));
            java.nio.IntBuffer again = (java.nio.IntBuffer) back[0];
            assertEquals(16, again.capacity());
            assertEquals(1, again.position());
            assertEquals(41, again.get(0), "the memory's content is the one the engine restored");
            slot2.put(0, 42); // "the re-posted receive fills its buffer"
            assertEquals(42, again.get(2), "the program sees what the receive wrote");
            again.put(3, 7);
            assertEquals(7, slot3.get(0));
        } finally {
            Handles.TABLE.free(vid2, Kind.REQUEST);
            Handles.TABLE.free(vid3, Kind.REQUEST);
            d2.release();
            d3.release();
        }
    }
}
