package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mana.core.vid.Kind;
import mana.core.vid.Vid;
import org.junit.jupiter.api.Test;

/** The log entries of non-blocking collectives (mana.wrappers.coll). */
class CollectiveRequestDescriptorTest {

    private static DatatypeDescriptor vector() {
        return new DatatypeDescriptor(DatatypeDescriptor.Constructor.VECTOR, new int[] {2, 1, 2}, new long[0],
                new int[] {Vid.predefined(Kind.DATATYPE, 1)}, new DatatypeDescriptor[] {null});
    }

    @Test
    void onlyTheNonBlockingCollectivesAreCollectiveAndNoneOfThemIsPersistentOrAReceive() {
        for (RequestDescriptor.Op op : RequestDescriptor.Op.values()) {
            boolean collective = op.name().startsWith("I")
                    && !java.util.Set.of("ISEND", "IBSEND", "ISSEND", "IRSEND", "IRECV", "IMRECV").contains(op.name());
            assertEquals(collective, op.isCollective(), op.name());
            if (op.isCollective()) {
                assertFalse(op.isPersistent(), op.name());
                assertFalse(op.isReceive(), op.name());
            }
        }
        assertTrue(RequestDescriptor.Op.RECV_INIT.isPersistent() && RequestDescriptor.Op.SEND_INIT.isPersistent());
        assertFalse(RequestDescriptor.Op.ISEND.isCollective() || RequestDescriptor.Op.RECV_INIT.isCollective());
    }

    @Test
    void aPendingCollectiveKeepsItsBuffersAndDatatypesUntilReleased() {
        DatatypeDescriptor send = vector();
        DatatypeDescriptor recv = vector();
        Object[] buffers = {new int[4], new int[8]};
        RequestDescriptor d = RequestDescriptor.collective(RequestDescriptor.Op.IALLGATHER, 0x10000000, 42, -1, buffers,
                send, null, recv);
        assertTrue(d.isCollective() && d.isActive() && !d.isPersistent());
        assertSame(buffers, d.buffer());
        assertEquals(-1, d.peer());
        assertEquals(42, d.tag(), "the collective clock value it took");
        assertEquals(2, send.references());
        send.release(); // the application frees its datatypes while the collective is pending
        recv.release();
        assertTrue(send.isLive() && recv.isLive());
        assertTrue(d.summary().contains("iallgather") && d.summary().contains("collective#42"), d.summary());
        d.release();
        assertFalse(send.isLive() || recv.isLive());
        assertFalse(d.isActive());
    }

    @Test
    void aRootedCollectiveRecordsItsRoot() {
        RequestDescriptor d = RequestDescriptor.collective(RequestDescriptor.Op.IBCAST, 0x10000000, 7, 3, new Object[0]);
        assertEquals(3, d.peer());
        assertTrue(d.summary().contains("root=3"), d.summary());
        d.release();
    }

    @Test
    void aPointToPointOpIsNotAcceptedAsACollective() {
        assertThrows(IllegalArgumentException.class,
                () -> RequestDescriptor.collective(RequestDescriptor.Op.ISEND, 1, 1, 0, new Object[0]));
    }
}
