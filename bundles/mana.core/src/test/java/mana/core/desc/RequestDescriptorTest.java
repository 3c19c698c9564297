package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import org.junit.jupiter.api.Test;

class RequestDescriptorTest {

    private static DatatypeDescriptor contiguous() {
        return new DatatypeDescriptor(DatatypeDescriptor.Constructor.CONTIGUOUS, new int[] {4}, new long[0],
                new int[] {Vid.predefined(Kind.DATATYPE, 1)}, new DatatypeDescriptor[] {null});
    }

    @Test
    void pendingRequestsAreListedWithTheirBufferUntilFreed() throws ManaException {
        int[] buf = new int[4];
        RequestDescriptor d = new RequestDescriptor(RequestDescriptor.Op.IRECV, 0x10000000, buf, 4, 0x30000001, -1,
                7, null);
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), d);
        assertTrue(RequestDescriptor.pending().stream().anyMatch(p -> p.vid() == vid && p.descriptor() == d));
        RequestDescriptor.Pending p = RequestDescriptor.pending().stream().filter(x -> x.vid() == vid).findFirst()
                .orElseThrow();
        assertSame(buf, p.descriptor().buffer());
        assertTrue(p.descriptor().isActive() && p.descriptor().op().isReceive());
        assertTrue(d.summary().contains("irecv") && d.summary().contains("source=-1"), d.summary());
        Handles.TABLE.free(vid, Kind.REQUEST);
        d.release();
        assertFalse(RequestDescriptor.pending().stream().anyMatch(x -> x.vid() == vid));
    }

    @Test
    void aPendingRequestKeepsItsDerivedDatatype() {
        DatatypeDescriptor t = contiguous();
        RequestDescriptor d = new RequestDescriptor(RequestDescriptor.Op.ISEND, 0x10000000, new int[4], 1,
                0x30000005, 1, 0, t);
        assertEquals(2, t.references());
        t.release(); // the application frees the datatype while the send is pending
        assertTrue(t.isLive());
        d.release();
        assertFalse(t.isLive());
    }

    @Test
    void persistentRequestsStartInactive() {
        RequestDescriptor d = new RequestDescriptor(RequestDescriptor.Op.SEND_INIT, 1, null, 0, 1, 0, 0, null);
        assertFalse(d.isActive());
        d.markStarted();
        assertTrue(d.isActive());
        d.markCompleted();
        assertFalse(d.isActive());
    }

    @Test
    void forgedAndStaleRequestHandlesGiveAClearError() throws ManaException {
        int forged = Vid.make(Kind.REQUEST, 3, 0xFFFFF0);
        ManaException e = assertThrows(ManaException.class, () -> Handles.lower(forged, Kind.REQUEST));
        assertEquals(ErrorClass.REQUEST, e.errorClass());
        assertTrue(e.getMessage().contains("forged"), e.getMessage());
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), null);
        Handles.TABLE.free(vid, Kind.REQUEST);
        ManaException s = assertThrows(ManaException.class, () -> Handles.lower(vid, Kind.REQUEST));
        assertTrue(s.getMessage().contains("freed"), s.getMessage());
        ManaException twice = assertThrows(ManaException.class, () -> Handles.TABLE.free(vid, Kind.REQUEST));
        assertEquals(ErrorClass.REQUEST, twice.errorClass());
    }
}
