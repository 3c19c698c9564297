package mana.ckpt.heap.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import mana.core.desc.RequestDescriptor;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.RequestProvider;
import mana.core.fn.TypeProvider;
import mana.core.vid.HandleObjects;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mpi.FakeRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a wait of the main thread waits for outside MPI: every request for waitAll, one for
 * waitAny/waitSome (or none active), the receiver for waitFor; checked with
 * MPI_Request_get_status, which leaves the requests as they are.
 */
class RequestWaitTest {
    static final int NULL = Predefined.handle(Kind.REQUEST, "REQUEST_NULL");

    final Set<Integer> complete = new HashSet<>();
    final Map<Integer, Integer> asked = new HashMap<>();
    boolean failing;
    HandleObjects before;

    @BeforeEach
    void fakes() {
        before = HandleObjects.get();
        HandleObjects.install(new HandleObjects() {
            @Override
            public long vidOf(Object o) {
                return o instanceof FakeRequest r ? r.vid : NOT_A_HANDLE;
            }

            @Override
            public Object objectFor(int vid, String className) {
                return new FakeRequest(vid);
            }

            @Override
            public TypeProvider.UserOp userOp(Object function) {
                throw new UnsupportedOperationException();
            }
        });
        FunctionTable.install(RequestProvider.class, (RequestProvider) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {RequestProvider.class}, (p, m, a) -> {
                    if (!m.getName().equals("getStatus")) {
                        throw new AssertionError("only MPI_Request_get_status, which leaves the request: " + m.getName());
                    }
                    int vid = (Integer) a[0];
                    asked.merge(vid, 1, Integer::sum);
                    if (failing) {
                        throw new ManaException(5, 5, "MPI_ERR_REQUEST: invalid request");
                    }
                    return complete.contains(vid) ? new long[6] : null;
                }));
    }

    @AfterEach
    void remove() {
        HandleObjects.install(before);
        FunctionTable.install(RequestProvider.class, null);
    }

    private static Object[] array(Object... requests) {
        return new Object[] {requests};
    }

    @Test
    void waitAllNeedsEveryRequestAndTheNullRequestIsComplete() {
        RequestWait w = RequestWait.of("waitAll", null, array(new FakeRequest(11), new FakeRequest(NULL), new FakeRequest(12)));
        assertNotNull(w);
        assertFalse(w.arrived());
        complete.add(11);
        assertFalse(w.arrived());
        complete.add(12);
        assertTrue(w.arrived());
        assertNull(asked.get(NULL), "the null request is not asked about");
    }

    @Test
    void waitAnyAndWaitSomeNeedOneOrNoneActive() {
        RequestWait any = RequestWait.of("waitAnyStatus", null, array(new FakeRequest(21), new FakeRequest(22)));
        RequestWait some = RequestWait.of("waitSome", null, array(new FakeRequest(21), new FakeRequest(22)));
        assertFalse(any.arrived());
        assertFalse(some.arrived());
        complete.add(22);
        assertTrue(any.arrived());
        assertTrue(some.arrived());
        assertTrue(RequestWait.of("waitAny", null, array(new FakeRequest(NULL))).arrived(), "none active: MPI returns at once");
    }

    @Test
    void waitForWaitsForItsReceiver() {
        RequestWait w = RequestWait.of("waitFor", new FakeRequest(31), new Object[0]);
        assertFalse(w.arrived());
        complete.add(31);
        assertTrue(w.arrived());
    }

    @Test
    void whatIsNotAKnownWaitIsMadeAsIs() {
        assertNull(RequestWait.of("waitAll", null, array(new FakeRequest(41), null)), "a null element: the call names it");
        assertNull(RequestWait.of("waitAll", null, new Object[] {"not requests"}));
        assertNull(RequestWait.of("waitFor", "not a request", new Object[0]));
        failing = true;
        assertTrue(RequestWait.of("waitAll", null, array(new FakeRequest(42))).arrived(), "an error: the call is made and reports it");
    }

    @Test
    void aWaitOnAPendingNonBlockingCollectiveIsNoCutPoint() throws ManaException {
        RequestDescriptor d = RequestDescriptor.collective(RequestDescriptor.Op.IALLREDUCE, 0x10000000, 3, -1, new Object[0]);
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), d);
        try {
            assertNull(RequestWait.of("waitFor", new FakeRequest(vid), new Object[0]), "made as is: a checkpoint cannot take it");
            assertNull(RequestWait.of("waitAll", null, array(new FakeRequest(51), new FakeRequest(vid))));
            d.release(); // MANA saw it complete (or it was freed): an ordinary wait again
            assertNotNull(RequestWait.of("waitFor", new FakeRequest(vid), new Object[0]));
        } finally {
            Handles.TABLE.free(vid, Kind.REQUEST);
        }
    }

    @Test
    void aTestOfAPendingNonBlockingCollectiveIsNoCutPointOtherTestsAre() throws ManaException {
        RequestDescriptor d = RequestDescriptor.collective(RequestDescriptor.Op.IBARRIER, 0x10000000, 3, -1, new Object[0]);
        int vid = Handles.TABLE.create(Kind.REQUEST, new Object(), d);
        try {
            assertTrue(RequestWait.anyPendingCollective(), "a start of another one is no cut point");
            assertTrue(RequestWait.namesPendingCollective(new FakeRequest(vid), null), "Request.test() on it");
            assertTrue(RequestWait.namesPendingCollective(null, array(new FakeRequest(61), new FakeRequest(vid))), "testAll naming it");
            assertFalse(RequestWait.namesPendingCollective(new FakeRequest(61), null), "a point-to-point request");
            assertFalse(RequestWait.namesPendingCollective(null, array(new FakeRequest(61), null)), "a null element");
            assertFalse(RequestWait.namesPendingCollective(null, null), "no request named");
            d.release();
            assertFalse(RequestWait.namesPendingCollective(new FakeRequest(vid), null), "complete: an ordinary test again");
            assertFalse(RequestWait.anyPendingCollective(), "none pending: a start is a cut point again");
        } finally {
            Handles.TABLE.free(vid, Kind.REQUEST);
        }
        assertEquals(0, asked.size(), "deciding never asks MPI");
    }
}
