package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.gate.CallerThreads;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import org.junit.jupiter.api.Test;

/** The request log reuses retired entries per table slot (issue 20: no allocation per request). */
class RequestLogReuseTest {
    private static final int WORLD = 0x10000001;
    private static final int INT = Vid.predefined(Kind.DATATYPE, 1);

    private static DatatypeDescriptor contiguous() {
        return new DatatypeDescriptor(DatatypeDescriptor.Constructor.CONTIGUOUS, new int[] {4}, new long[0],
                new int[] {INT}, new DatatypeDescriptor[] {null});
    }

    private static int irecv(VidTable t, Object buf, int tag) {
        return RequestDescriptor.log(t, new Object(), RequestDescriptor.Op.IRECV, WORLD, buf, 4, INT, 1, tag, null, null);
    }

    @Test
    void aFreedRequestsEntryIsReusedByTheSlotsNextRequestAndTheOldHandleIsStale() throws ManaException {
        VidTable t = new VidTable();
        int[] first = new int[4];
        int v1 = irecv(t, first, 7);
        RequestDescriptor d1 = (RequestDescriptor) t.entry(v1, Kind.REQUEST).descriptor();
        assertSame(first, d1.buffer());
        long seq1 = d1.sequence();
        t.free(v1, Kind.REQUEST);
        assertNull(d1.buffer(), "a retired entry keeps no buffer reachable");
        assertFalse(d1.isActive());

        int[] second = new int[4];
        int v2 = RequestDescriptor.log(t, new Object(), RequestDescriptor.Op.ISEND, WORLD, second, 4, INT, 3, 9, null,
                null);
        assertEquals(Vid.slot(v1), Vid.slot(v2));
        RequestDescriptor d2 = (RequestDescriptor) t.entry(v2, Kind.REQUEST).descriptor();
        assertSame(d1, d2, "the slot's retired entry, not a new one");
        assertEquals(RequestDescriptor.Op.ISEND, d2.op());
        assertSame(second, d2.buffer());
        assertEquals(3, d2.peer());
        assertEquals(9, d2.tag());
        assertTrue(d2.isActive());
        assertTrue(d2.sequence() > seq1, "a reused entry is numbered as a new one");
        assertEquals(d2.sequence(), t.entry(v2, Kind.REQUEST).sequence());

        ManaException e = assertThrows(ManaException.class, () -> t.entry(v1, Kind.REQUEST));
        assertEquals(ErrorClass.REQUEST, e.errorClass());
        assertTrue(e.getMessage().contains("stale"), e.getMessage());
    }

    @Test
    void aReusedEntryStartsClean() throws ManaException {
        VidTable t = new VidTable();
        int v1 = irecv(t, new int[4], 1);
        RequestDescriptor d = (RequestDescriptor) t.entry(v1, Kind.REQUEST).descriptor();
        d.markCancelled();
        d.completeEarly(new long[] {1, 2, 0, 0, 4, 0});
        d.attachComm(null);
        t.free(v1, Kind.REQUEST);
        int v2 = RequestDescriptor.log(t, new Object(), RequestDescriptor.Op.RECV_INIT, WORLD, new int[4], 4, INT, 1, 1,
                null, null);
        assertSame(d, t.entry(v2, Kind.REQUEST).descriptor());
        assertFalse(d.isCancelled());
        assertNull(d.completion());
        assertFalse(d.isActive(), "a persistent request starts inactive, also in a reused entry");
    }

    @Test
    void theDerivedDatatypeIsRetainedWhileLoggedAndReleasedAtTheFree() throws ManaException {
        VidTable t = new VidTable();
        DatatypeDescriptor type = contiguous();
        int v = RequestDescriptor.log(t, new Object(), RequestDescriptor.Op.ISEND, WORLD, new int[4], 1, 0x30000005, 1, 0,
                type, null);
        assertEquals(2, type.references());
        type.release(); // MPI_Type_free while the send is pending
        assertTrue(type.isLive());
        RequestDescriptor d = (RequestDescriptor) t.free(v, Kind.REQUEST);
        assertFalse(type.isLive(), "the free released the request's reference");
        d.release(); // a second release (an old caller's habit) does nothing
        assertEquals(0, type.references());
    }

    @Test
    void aMillionRequestsUseOneEntryAndOneSlot() throws ManaException {
        VidTable t = new VidTable();
        Set<RequestDescriptor> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Integer> slots = new java.util.HashSet<>();
        int[] buf = new int[4];
        for (int i = 0; i < 1_000_000; i++) {
            int send = RequestDescriptor.log(t, this, RequestDescriptor.Op.ISEND, WORLD, buf, 4, INT, 1, 0, null, null);
            int recv = irecv(t, buf, 0);
            if (i % 1000 == 0) {
                seen.add((RequestDescriptor) t.entry(send, Kind.REQUEST).descriptor());
                seen.add((RequestDescriptor) t.entry(recv, Kind.REQUEST).descriptor());
                slots.add(Vid.slot(send));
                slots.add(Vid.slot(recv));
            }
            t.free(t.entry(recv, Kind.REQUEST), recv, Kind.REQUEST);
            t.free(t.entry(send, Kind.REQUEST), send, Kind.REQUEST);
        }
        assertEquals(0, t.liveCount());
        assertEquals(2, slots.size(), "two requests pending at a time: two slots");
        assertEquals(2, seen.size(), "and two log entries, reused");
    }

    @Test
    void aSlotUsedByAnotherKindMeanwhileStillHandsItsEntryBack() throws ManaException {
        VidTable t = new VidTable();
        int v1 = irecv(t, new int[4], 1);
        Descriptor d = t.entry(v1, Kind.REQUEST).descriptor();
        t.free(v1, Kind.REQUEST);
        int comm = t.create(Kind.COMM, new Object(), null);
        assertEquals(Vid.slot(v1), Vid.slot(comm));
        t.free(comm, Kind.COMM);
        int v2 = irecv(t, new int[4], 2);
        assertSame(d, t.entry(v2, Kind.REQUEST).descriptor());
    }

    /**
     * With MPI_THREAD_MULTIPLE: threads post and complete requests at once; every thread must
     * see its own request's fields through its handle (an entry is never reset while another
     * thread's request lives in it).
     */
    @Test
    void concurrentPostsAndCompletionsNeverShareALiveEntry() throws Exception {
        CallerThreads.requested(CallerThreads.THREAD_MULTIPLE);
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            VidTable t = new VidTable();
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Future<Integer>> done = new ArrayList<>();
            for (int k = 0; k < threads; k++) {
                final int me = k;
                done.add(pool.submit(() -> {
                    Object[] bufs = {new int[1], new int[1], new int[1]};
                    start.await();
                    int checks = 0;
                    for (int i = 0; i < 50_000; i++) {
                        int[] vids = new int[bufs.length];
                        for (int j = 0; j < vids.length; j++) {
                            vids[j] = RequestDescriptor.log(t, bufs[j], RequestDescriptor.Op.IRECV, WORLD, bufs[j], 1,
                                    INT, me, i, null, null);
                        }
                        for (int j = vids.length - 1; j >= 0; j--) {
                            VidTable.Entry e = t.entry(vids[j], Kind.REQUEST);
                            RequestDescriptor d = (RequestDescriptor) e.descriptor();
                            if (d.buffer() != bufs[j] || d.peer() != me || d.tag() != i || e.lower() != bufs[j]) {
                                throw new AssertionError("thread " + me + " saw another request in its entry: " + d.summary());
                            }
                            checks++;
                            t.free(e, vids[j], Kind.REQUEST);
                            // not checked here: staleness, since 15 reuses of the slot by other threads
                            // while this one is descheduled bring the same value back (the generation wraps)
                        }
                    }
                    return checks;
                }));
            }
            for (Future<Integer> f : done) {
                assertEquals(50_000 * 3, f.get(120, TimeUnit.SECONDS));
            }
            assertEquals(0, t.liveCount());
        } finally {
            CallerThreads.requested(0);
            pool.shutdownNow();
        }
    }

    @Test
    void collectivesAreNotLoggedThroughThePointToPointPath() {
        assertThrows(IllegalArgumentException.class, () -> RequestDescriptor.log(new VidTable(), new Object(),
                RequestDescriptor.Op.IBCAST, WORLD, null, 0, INT, 0, 0, null, null));
    }

    @Test
    void aNewTableHasNoSpareAndMakesAnEntry() {
        VidTable t = new VidTable();
        VidTable.Entry e = t.claim();
        assertNull(e.spare());
        int v = t.publish(e, Kind.REQUEST, new Object(), null);
        assertTrue(t.isLive(v));
    }
}
