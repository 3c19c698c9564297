package mana.ckpt.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mana.core.fn.TypeProvider;
import mana.core.vid.HandleObjects;
import org.junit.jupiter.api.Test;

/** The checkpoint's object stream: handle objects and buffers are replaced and come back; the filter admits only what it should. */
class StateStreamsTest {

    /** Stands for an upper-half handle class (not Serializable, like mpi.Comm). */
    static final class FakeComm {
        final int vid;

        FakeComm(int vid) {
            this.vid = vid;
        }
    }

    /** The upper half's SPI, as mana.mpi implements it, for FakeComm. */
    static final class FakeHandles implements HandleObjects {
        final List<Integer> made = new ArrayList<>();

        @Override
        public long vidOf(Object o) {
            return o instanceof FakeComm c ? c.vid & 0xFFFFFFFFL : NOT_A_HANDLE;
        }

        @Override
        public Object objectFor(int vid, String className) {
            if (!className.equals(FakeComm.class.getName())) {
                throw new IllegalArgumentException(className + " is not an upper-half handle class");
            }
            made.add(vid);
            return new FakeComm(vid);
        }

        @Override
        public TypeProvider.UserOp userOp(Object function) {
            throw new UnsupportedOperationException();
        }
    }

    static final class AppState implements Serializable {
        FakeComm comm;
        FakeComm sameComm;
        FakeComm other;
        LongBuffer direct;
        ByteBuffer bytes;
        Object anything;
        Map<String, List<BigDecimal>> values = new TreeMap<>();
        LocalDate day = LocalDate.of(2026, 12, 3);
        DayOfWeek dow = DayOfWeek.THURSDAY;
        int[][] grid = {{1, 2}, {3}};
    }

    private static byte[] write(Object state, List<Object> buffers, FakeHandles h) throws IOException {
        return write(state, buffers, new HashMap<>(), h);
    }

    private static byte[] write(Object state, List<Object> buffers, Map<String, List<Object>> descriptorObjects,
                                FakeHandles h) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        StateStreams.Out out = new StateStreams.Out(b, h);
        out.writeObject(new AppObjects(state, new HashMap<>(), buffers, descriptorObjects));
        out.flush();
        return b.toByteArray();
    }

    private static AppObjects read(byte[] bytes, FakeHandles h) throws IOException {
        return StateStreams.read(new ByteArrayInputStream(bytes), h, StateStreamsTest.class.getClassLoader(), bytes.length);
    }

    @Test
    void handleObjectsComeBackAsObjectsForTheSameHandleOnePerSavedObject() throws IOException {
        FakeHandles h = new FakeHandles();
        AppState s = new AppState();
        s.comm = new FakeComm(0x1000_0005);
        s.sameComm = s.comm;
        s.other = new FakeComm(0x1100_0007);
        AppState back = (AppState) read(write(s, List.of(), h), h).appState();
        assertEquals(0x1000_0005, back.comm.vid);
        assertSame(back.comm, back.sameComm, "one object per saved object: identity kept");
        assertEquals(0x1100_0007, back.other.vid);
        assertEquals(List.of(0x1000_0005, 0x1100_0007), h.made);
    }

    @Test
    void aDirectBufferSharedWithThePendingRequestLogStaysOneBufferWithItsContent() throws IOException {
        FakeHandles h = new FakeHandles();
        AppState s = new AppState();
        s.direct = ByteBuffer.allocateDirect(32).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
        s.direct.put(0, 11).put(3, -5).position(1).limit(3);
        s.bytes = ByteBuffer.allocateDirect(5).order(ByteOrder.BIG_ENDIAN);
        s.bytes.put(new byte[] {1, 2, 3}).flip();
        List<Object> log = new ArrayList<>(List.of(s.direct, s.bytes));
        AppObjects back = read(write(s, log, h), h);
        AppState b = (AppState) back.appState();
        assertSame(b.direct, back.buffers().get(0), "the state and the request log share the buffer");
        assertSame(b.bytes, back.buffers().get(1));
        assertTrue(b.direct.isDirect());
        assertEquals(ByteOrder.LITTLE_ENDIAN, b.direct.order());
        assertEquals(4, b.direct.capacity());
        assertEquals(1, b.direct.position());
        assertEquals(3, b.direct.limit());
        assertEquals(11, b.direct.get(0));
        assertEquals(-5, ((LongBuffer) b.direct.duplicate().clear()).get(3), "content beyond the limit is kept too");
        assertEquals(0, b.bytes.position());
        assertEquals(3, b.bytes.limit());
        assertEquals(3, b.bytes.get(2));
        assertNotSame(s.direct, b.direct);
    }

    static final class Views implements Serializable {
        ByteBuffer bytes;
        IntBuffer ints;
        ByteBuffer slice;
        IntBuffer alone;
        int[] array;
        IntBuffer wrapped;
        ByteBuffer heapBytes;
        ByteBuffer heapSlice;
    }

    /**
     * Buffers that share memory (a direct ByteBuffer, a typed view of it, a slice of it, as
     * MPI.newIntBuffer and MPI.slice make them; a heap buffer and the array it wraps) share it
     * again after a restart: a write through one is seen through the others, and each keeps its
     * own offset, capacity, order, position and limit.
     */
    @Test
    void buffersThatSharedMemoryShareItAgain() throws IOException {
        FakeHandles h = new FakeHandles();
        Views v = new Views();
        v.bytes = ByteBuffer.allocateDirect(64).order(ByteOrder.BIG_ENDIAN);
        v.ints = v.bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer(); // 16 ints over all 64 bytes
        v.ints.put(2, 0x01020304).position(3).limit(9);
        v.slice = v.bytes.duplicate().position(40).slice(); // bytes 40..63
        v.slice.put(0, (byte) 77).limit(8);
        v.alone = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()).asIntBuffer().put(1, 5);
        v.array = new int[] {1, 2, 3, 4, 5, 6};
        v.wrapped = IntBuffer.wrap(v.array, 2, 3).slice(); // elements 2..4 of the array
        v.heapBytes = ByteBuffer.allocate(16);
        v.heapSlice = v.heapBytes.duplicate().position(4).slice().order(ByteOrder.LITTLE_ENDIAN);

        Views b = (Views) read(write(v, List.of(v.slice), h), h).appState();
        assertTrue(b.bytes.isDirect() && b.ints.isDirect() && b.slice.isDirect());
        assertEquals(0x01020304, b.ints.get(2), "the typed view's content");
        assertEquals(0x04, b.bytes.get(8), "...is in the ByteBuffer's memory, in the view's byte order");
        assertEquals(77, b.bytes.get(40), "the slice's content is in its parent's memory at its offset");
        assertEquals(ByteOrder.LITTLE_ENDIAN, b.ints.order());
        assertEquals(ByteOrder.BIG_ENDIAN, b.bytes.order());
        assertEquals(16, b.ints.capacity());
        assertEquals(3, b.ints.position());
        assertEquals(9, b.ints.limit());
        assertEquals(24, b.slice.capacity());
        assertEquals(8, b.slice.limit());

        b.bytes.put(12, (byte) 9);
        assertEquals(9, b.ints.get(3), "a write through the ByteBuffer is seen through the view");
        b.slice.put(1, (byte) 66);
        assertEquals(66, b.bytes.get(41), "and through the slice");
        ((IntBuffer) b.ints.duplicate().clear()).put(15, -1);
        assertEquals(-1, b.slice.duplicate().clear().getInt(20), "the last int of the view is the slice's last 4 bytes");
        assertEquals(5, b.alone.get(1));
        assertEquals(ByteOrder.nativeOrder(), b.alone.order());

        assertEquals(3, b.wrapped.capacity());
        assertEquals(3, b.wrapped.get(0));
        b.array[3] = 40;
        assertEquals(40, b.wrapped.get(1), "a heap buffer wraps the restored array itself");
        b.heapBytes.put(5, (byte) 8);
        assertEquals(8, b.heapSlice.get(1), "a heap slice shares its parent's array");
        assertEquals(ByteOrder.LITTLE_ENDIAN, b.heapSlice.order());
    }

    @Test
    void aWindowsBufferHeldByTheStateComesBackAsTheBufferTheDescriptorGetsWithItsContent() throws IOException {
        FakeHandles h = new FakeHandles();
        AppState s = new AppState();
        s.direct = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder()).asLongBuffer();
        s.direct.put(1, 42);
        Map<String, List<Object>> objects = new HashMap<>();
        objects.put(AppObjects.key("window", 17), List.of(s.direct));
        AppObjects back = read(write(s, List.of(), objects, h), h);
        AppState b = (AppState) back.appState();
        List<Object> w = back.descriptorObjects("window", 17);
        assertSame(b.direct, w.get(0), "the window exposes the buffer the application reads");
        assertEquals(42, b.direct.get(1));
        assertNull(back.descriptorObjects("window", 18));
    }

    @Test
    void plainJdkValueTypesAndApplicationClassesAreAdmitted() throws IOException {
        FakeHandles h = new FakeHandles();
        AppState s = new AppState();
        s.values.put("a", new ArrayList<>(List.of(new BigDecimal("1.5"), BigDecimal.TEN)));
        s.anything = new Object[] {1, 2L, "x", List.of(1, 2), Map.of("k", 3.0), new HashMap<>(Map.of(1, 'c'))};
        AppState b = (AppState) read(write(s, List.of(), h), h).appState();
        assertEquals(s.values, b.values);
        assertEquals(s.day, b.day);
        assertEquals(DayOfWeek.THURSDAY, b.dow);
        assertArrayEquals(s.grid[0], b.grid[0]);
        assertEquals(List.of(1, 2), ((Object[]) b.anything)[3]);
    }

    @Test
    void anyOtherClassIsRefusedByName() throws IOException {
        FakeHandles h = new FakeHandles();
        AppState s = new AppState();
        s.anything = new File("/etc/passwd"); // Serializable, but not a plain value type
        byte[] bytes = write(s, List.of(), h);
        IOException e = assertThrows(IOException.class, () -> read(bytes, h));
        assertTrue(e.getMessage().contains("java.io.File"), e.getMessage());
        assertTrue(e.getMessage().contains("does not admit"), e.getMessage());
    }

    @Test
    void aHandleRecordOfAClassTheUpperHalfDoesNotKnowIsRefused() throws IOException {
        FakeHandles h = new FakeHandles();
        AppState s = new AppState();
        s.anything = new HandleRef("java.lang.Thread", 5); // forged: not an upper-half class
        IOException e = assertThrows(IOException.class, () -> read(write(s, List.of(), h), h));
        assertTrue(e.getMessage().contains("java.lang.Thread"), e.getMessage());
    }

    @Test
    void stateThatIsNotSerializableFailsTheWriteNamingTheClass() {
        FakeHandles h = new FakeHandles();
        AppState s = new AppState();
        s.anything = new Thread();
        NotSerializableException e = assertThrows(NotSerializableException.class, () -> write(s, List.of(), h));
        assertEquals("java.lang.Thread", e.getMessage());
    }

    @Test
    void theFilterDecidesByDefiningLoader() {
        StateStreams.Filter f = new StateStreams.Filter(StateStreamsTest.class.getClassLoader());
        assertTrue(f.admitted(AppState.class));
        assertTrue(f.admitted(String.class));
        assertTrue(f.admitted(java.util.HashMap.class));
        assertTrue(f.admitted(DayOfWeek.class));
        assertFalse(f.admitted(File.class));
        assertFalse(f.admitted(java.net.URL.class));
        assertFalse(f.admitted(javax.management.ObjectName.class));
        StateStreams.Filter none = new StateStreams.Filter(null);
        assertFalse(none.admitted(AppState.class), "an application class needs the application's loader");
        assertInstanceOf(StateStreams.Filter.class, none);
    }
}
