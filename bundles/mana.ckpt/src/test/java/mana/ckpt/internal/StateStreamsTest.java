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
