package mana.ckpt.heap.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mana.core.fn.TypeProvider;
import mana.core.vid.HandleObjects;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the hold knob (mana.transparent.holdAt) counts: every blocking collective of every
 * communicator, on MPI_COMM_WORLD as on a communicator made by split, as the woven sites call the
 * policy ({@code Continuations.atCut} passes owner, method, receiver and, for these, no arguments).
 * K is set beyond the calls made, so the hold never waits and only the count is looked at.
 */
class HoldCountTest {

    /** The blocking collectives of Open MPI's Java binding (mpi.Comm, mpi.Intracomm), by their Java names. */
    static final List<String> BLOCKING = List.of("barrier", "bcast", "allReduce", "reduce", "gather", "gatherv", "scatter",
            "scatterv", "allGather", "allGatherv", "allToAll", "allToAllv", "allToAllw", "scan", "exScan", "reduceScatter",
            "reduceScatterBlock", "neighborAllGather", "neighborAllGatherv", "neighborAllToAll", "neighborAllToAllv");

    private static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");
    /** Stand-ins for the upper half's communicator objects. */
    private final Object world = new Object();
    private final Object split = new Object();
    private HandleObjects before;

    @BeforeEach
    void install() {
        before = HandleObjects.get();
        HandleObjects.install(new HandleObjects() {
            @Override
            public long vidOf(Object o) {
                return o == world ? WORLD : o == split ? WORLD + 1000 : NOT_A_HANDLE;
            }

            @Override
            public Object objectFor(int vid, String className) {
                throw new IllegalArgumentException(className);
            }

            @Override
            public TypeProvider.UserOp userOp(Object function) {
                throw new UnsupportedOperationException();
            }
        });
        System.setProperty("mana.transparent.holdAt", "1000000");
    }

    @AfterEach
    void restore() {
        System.clearProperty("mana.transparent.holdAt");
        HandleObjects.install(before);
    }

    @Test
    void countsEveryBlockingCollectiveOnWorldAndOnASplitCommunicator() {
        WorldCuts cuts = new WorldCuts();
        long n = 0;
        for (Object comm : List.of(world, split)) {
            for (String owner : List.of("mpi/Comm", "mpi/Intracomm")) {
                for (String m : BLOCKING) {
                    assertFalse(cuts.shouldCapture(owner, m, comm, null), "no checkpoint is requested: " + m);
                    assertEquals(++n, cuts.heldCount(), owner + "." + m + (comm == world ? " on MPI_COMM_WORLD" : " on a split communicator"));
                }
            }
        }
        // topology and intercommunicators, and a site whose receiver the weaver does not pass
        for (String owner : List.of("mpi/CartComm", "mpi/GraphComm", "mpi/Intercomm")) {
            cuts.shouldCapture(owner, "allReduce", split, null);
        }
        cuts.shouldCapture("mpi/Intracomm", "barrier", null, null);
        assertEquals(n + 4, cuts.heldCount());
    }

    @Test
    void countsTheOtherCutPointsAsBeforeAndNothingElse() {
        WorldCuts cuts = new WorldCuts();
        cuts.shouldCapture("mpi/Comm", "send", world, null);
        cuts.shouldCapture("mpi/Comm", "sendRecv", split, null);
        cuts.shouldCapture("mpi/Intracomm", "iAllReduce", split, null);
        assertEquals(3, cuts.heldCount(), "sends and starts of non-blocking collectives count");
        for (String m : List.of("reduceLocal", "test", "iProbe", "getRank", "getSize", "split", "isend")) {
            cuts.shouldCapture("mpi/Intracomm", m, world, null);
        }
        cuts.shouldCapture("java/util/List", "barrier", world, null);
        assertEquals(3, cuts.heldCount(), "local calls, polls and calls of other classes do not count");
    }

    @Test
    void countsMpiFinalizeOfMainAsACutPointAndNotInit() {
        WorldCuts cuts = new WorldCuts();
        assertFalse(cuts.shouldCapture("mpi/MPI", "Init", null, null));
        assertFalse(cuts.shouldCapture("mpi/MPI", "Finalized", null, null));
        assertEquals(0, cuts.heldCount(), "MPI.Init and MPI.Finalized are no cut points");
        assertFalse(cuts.shouldCapture("mpi/MPI", "Finalize", null, null), "no checkpoint is requested");
        assertEquals(1, cuts.heldCount(), "MPI.Finalize is the last cut point of a program");
        assertTrue(WorldCuts.isFinalize("mpi/MPI", "Finalize"));
        assertFalse(WorldCuts.isFinalize("app/MPI", "Finalize"));
        assertFalse(WorldCuts.isFinalize("mpi/Comm", "Finalize"));
    }

    @Test
    void heldBeforeNamesTheBlockingCollectivesOfMpiClassesOnly() {
        for (String m : BLOCKING) {
            assertTrue(WorldCuts.heldBefore("mpi/Intracomm", m), m);
            assertFalse(WorldCuts.heldBefore("app/Intracomm", m), m);
        }
        assertTrue(WorldCuts.heldBefore("mpi/MPI", "Finalize"));
        assertFalse(WorldCuts.heldBefore("mpi/MPI", "Init"));
        assertFalse(WorldCuts.heldBefore("mpi/Comm", "iBarrier"));
        assertFalse(WorldCuts.heldBefore("mpi/Comm", "reduceLocal"));
    }

    @Test
    void countsNothingWhenTheKnobIsOff() {
        System.clearProperty("mana.transparent.holdAt");
        WorldCuts cuts = new WorldCuts();
        cuts.shouldCapture("mpi/Intracomm", "barrier", world, null);
        assertEquals(0, cuts.heldCount());
    }
}
