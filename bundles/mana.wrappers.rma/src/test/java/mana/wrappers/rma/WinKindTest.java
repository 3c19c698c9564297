package mana.wrappers.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.List;
import java.util.Map;
import mana.core.desc.DescriptorKind;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import org.junit.jupiter.api.Test;

/** The window descriptor and kind (pure logic, no MPI): saved form, checkpoint refusal, attachments. */
class WinKindTest {
    static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");
    static final int ERRORS_RETURN = Predefined.handle(Kind.ERRHANDLER, "ERRORS_RETURN");

    private static IntBuffer ints(int n) {
        return ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
    }

    @Test
    void saveAndLoadKeepWhatTheWindowWasMadeWithAndWhatWasSetSince() throws IOException {
        WinDescriptor d = new WinDescriptor(WinDescriptor.Flavor.CREATE, WORLD, 0x7L, ints(25), 25, 1, 4,
                Map.of("no_locks", "true"));
        d.setName("halo");
        d.setErrhandler(ERRORS_RETURN);
        d.fenced(true);
        d.locked(1, 234);
        d.locked(0, 235);
        d.lockedAll(true);
        WinKind kind = new WinKind();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        kind.save(d, new DataOutputStream(bytes));
        WinDescriptor b = (WinDescriptor) kind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(d.sequence(), b.sequence());
        assertEquals(WinDescriptor.Flavor.CREATE, b.flavor());
        assertEquals(WORLD, b.comm());
        assertEquals(0x7L, b.commGid());
        assertEquals(25, b.size());
        assertEquals(1, b.dispUnit());
        assertEquals(4, b.elementSize());
        assertEquals("halo", b.name());
        assertEquals(ERRORS_RETURN, b.errhandler());
        assertEquals(Map.of("no_locks", "true"), b.info());
        assertNull(b.base(), "buffers are not part of the saved form (they go into the object stream)");
        assertTrue(b.inFenceEpoch());
        assertTrue(b.holdsLockAll());
        assertEquals(Map.of(0, 235, 1, 234), b.locks());
        assertEquals(d.summary(), b.summary());
    }

    @Test
    void aWrongFormatNumberIsRefused() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new DataOutputStream(bytes).writeInt(WinKind.FORMAT + 1);
        IOException e = assertThrows(IOException.class,
                () -> new WinKind().load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))));
        assertTrue(e.getMessage().contains("format"), e.getMessage());
    }

    @Test
    void aLiveWindowRefusesTheCheckpointNamingItAndARebuildIsAClearError() {
        WinDescriptor d = new WinDescriptor(WinDescriptor.Flavor.DYNAMIC, WORLD, 0x2aL, null, 0, 1, 1, Map.of());
        d.setName("counters");
        String why = new WinKind().unsupportedReason(d);
        assertTrue(why.contains("window \"counters\""), why);
        assertTrue(why.contains("(dynamic, over MPI_COMM_WORLD, gid 2a)"), why);
        assertTrue(why.contains("Win.free()"), why);
        ManaException e = assertThrows(ManaException.class, () -> new WinKind().rebuild(d));
        assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
    }

    /** An allocated window's part of the memory travels with its descriptor (read at the cut, put back by the rebuild). */
    @Test
    void anAllocatedWindowIsSavedWithItsContentsAndALoadChecksTheirSize() throws IOException {
        WinDescriptor d = new WinDescriptor(WinDescriptor.Flavor.ALLOCATE, WORLD, 0x9L, ints(2), 6, 1, 4, Map.of());
        WinKind kind = new WinKind();
        assertNull(kind.unsupportedReason(d));
        assertEquals(List.of(), kind.objects(d), "no Java buffer: MPI's memory is read at the cut");
        ByteBuffer part = ByteBuffer.allocateDirect(24);
        for (int i = 0; i < 24; i++) {
            part.put(i, (byte) (i * 7));
        }
        d.setContents(part);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        kind.save(d, new DataOutputStream(bytes));
        assertNull(d.contents(), "dropped once written: the next cut reads it again");
        WinDescriptor b = (WinDescriptor) kind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(WinDescriptor.Flavor.ALLOCATE, b.flavor());
        assertEquals(24, b.contents().capacity());
        for (int i = 0; i < 24; i++) {
            assertEquals((byte) (i * 7), b.contents().get(i));
        }

        // contents of another size than the window's: refused when the rank file is read
        byte[] saved = bytes.toByteArray();
        byte[] forged = java.util.Arrays.copyOf(saved, saved.length - 4);
        ByteBuffer.wrap(forged).putInt(forged.length - 20 - 4, 20);
        IOException e = assertThrows(IOException.class,
                () -> kind.load(new DataInputStream(new ByteArrayInputStream(forged))));
        assertTrue(e.getMessage().contains("20 bytes of contents for a ALLOCATE window of 6 elements of 4 bytes"),
                e.getMessage());
        // an allocated window saved without them
        WinDescriptor empty = new WinDescriptor(WinDescriptor.Flavor.ALLOCATE_SHARED, WORLD, 0x9L, ints(2), 6, 1, 4, Map.of());
        ByteArrayOutputStream none = new ByteArrayOutputStream();
        kind.save(empty, new DataOutputStream(none));
        IOException missing = assertThrows(IOException.class,
                () -> kind.load(new DataInputStream(new ByteArrayInputStream(none.toByteArray()))));
        assertTrue(missing.getMessage().contains("contents of an allocated window are missing"), missing.getMessage());
    }

    @Test
    void aCreatedWindowCanBeCheckpointedWithItsBufferUnlessInAPostStartEpoch() {
        IntBuffer mem = ints(8);
        WinDescriptor d = new WinDescriptor(WinDescriptor.Flavor.CREATE, WORLD, 0x3L, mem, 8, 1, 4, Map.of());
        WinKind kind = new WinKind();
        assertNull(kind.unsupportedReason(d));
        assertEquals(List.of(mem), kind.objects(d), "the window's memory goes into the object stream");
        d.accessEpoch(true);
        String why = kind.unsupportedReason(d);
        assertTrue(why != null && why.contains("post/start epoch"), why);
        d.accessEpoch(false);
        d.exposureEpoch(true);
        assertTrue(kind.unsupportedReason(d).contains("post/start epoch"));
        d.exposureEpoch(false);
        assertNull(kind.unsupportedReason(d));
        d.fenced(true);
        assertNull(kind.unsupportedReason(d), "a fence epoch alone: the cut fences");
        d.locked(1, 234);
        String mixed = kind.unsupportedReason(d);
        assertTrue(mixed != null && mixed.contains("locks inside a fence epoch"), mixed);
        d.unlocked(1);
        assertNull(kind.unsupportedReason(d));
        d.fenced(false);
        WinDescriptor loaded = new WinDescriptor(d.sequence(), WinDescriptor.Flavor.CREATE, WORLD, 0x3L, null, 8, 1, 4,
                Map.of());
        IntBuffer restored = ints(8);
        kind.bindObjects(loaded, List.of(restored));
        assertSame(restored, loaded.base());
    }

    @Test
    void aWindowOverACommunicatorFreedSinceIsRefusedNamingWhy() throws ManaException {
        int comm = Handles.TABLE.create(Kind.COMM, new Object(), null);
        WinDescriptor d = new WinDescriptor(WinDescriptor.Flavor.CREATE, comm, 0x9L, ints(2), 2, 1, 4, Map.of());
        assertNull(new WinKind().unsupportedReason(d));
        Handles.TABLE.free(comm, Kind.COMM);
        String why = new WinKind().unsupportedReason(d);
        assertTrue(why != null && why.contains("communicator freed since"), why);
    }

    @Test
    void theKindListsLiveWindowsOnlyAndRestoresAfterOpsBeforeFiles() throws ManaException {
        WinKind kind = new WinKind();
        assertEquals(Kind.WIN, kind.kind());
        assertTrue(kind.restoreOrder() > DescriptorKind.ORDER_OP && kind.restoreOrder() < DescriptorKind.ORDER_FILE);
        WinDescriptor d = new WinDescriptor(WinDescriptor.Flavor.DYNAMIC, WORLD, 1L, null, 0, 1, 1, Map.of());
        int vid = Handles.TABLE.create(Kind.WIN, new Object(), d);
        try {
            List<?> live = kind.descriptors();
            assertTrue(live.contains(d), live.toString());
        } finally {
            Handles.TABLE.free(vid, Kind.WIN);
        }
        assertFalse(kind.descriptors().contains(d), "a freed window is not saved");
    }

    @Test
    void attachedBuffersAreHeldUntilDetachedByIdentity() {
        WinDescriptor d = new WinDescriptor(WinDescriptor.Flavor.DYNAMIC, WORLD, 1L, null, 0, 1, 1, Map.of());
        IntBuffer a = ints(4);
        IntBuffer b = ints(4);
        d.attach(a);
        d.attach(b);
        assertEquals(2, d.attachedCount());
        assertTrue(d.summary().contains("2 attached"), d.summary());
        assertFalse(d.detach(ints(4)), "an equal but different buffer was never attached");
        assertTrue(d.detach(a));
        assertEquals(1, d.attachedCount());
        d.release();
        assertEquals(0, d.attachedCount());
        assertSame(null, d.base());
    }
}
