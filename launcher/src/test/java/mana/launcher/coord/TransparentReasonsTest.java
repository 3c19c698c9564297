package mana.launcher.coord;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** How an abandoned transparent checkpoint is worded for mana checkpoint (one line). */
class TransparentReasonsTest {

    @Test
    void aDeadlineSaysWhatACutNeedsAndTheFirstDecline() {
        Map<Integer, String> declines = new TreeMap<>(Map.of(2, "before mpi.Intracomm.barrier: frame A.run(A.java:3) is not woven",
                1, "before mpi.Intracomm.allReduce: frame B.main(B.java:9): call inside a synchronized block"));
        assertEquals("ranks 0, 1 did not reach a capturable cut point within 60 s (transparent checkpoints cut only at a"
                + " blocking send, receive, probe or wait, test or iProbe or before a blocking collective on MPI_COMM_WORLD made by the main thread; a program that makes none cannot be"
                + " checkpointed); rank 1: no capture before mpi.Intracomm.allReduce: frame B.main(B.java:9): call inside a"
                + " synchronized block", TransparentReasons.of("ranks 0, 1 did not reach a safe point within 60 s", declines));
    }

    @Test
    void aRankThatRefusedIsQuotedAsItIs() {
        String refused = "rank 0: the heap cannot be saved: an open stream (java.io.FileOutputStream)";
        assertEquals(refused, TransparentReasons.of(refused, new TreeMap<>()));
        String atTarget = "rank 1: the cut is before MPI_COMM_WORLD collective 7, where this rank's main thread cannot be captured: x";
        assertEquals(atTarget, TransparentReasons.of(atTarget, new TreeMap<>(Map.of(1, "x"))));
    }

    @Test
    void theCutSaysWhereRanksMayStopAndWhereTheyDid() {
        assertEquals("before MPI_COMM_WORLD collective 1 (each rank stops at its first blocking send, receive, probe or wait, test or iProbe after"
                + " MPI_Init, or at collective 1 or MPI_Finalize)", TransparentReasons.cut(1));
        assertEquals("before MPI_COMM_WORLD collective 8 (each rank stops at its first blocking send, receive, probe or wait, test or iProbe after"
                + " collective 7, or at collective 8 or MPI_Finalize)", TransparentReasons.cut(8));
        assertEquals(" (before mpi.Comm.recv: ranks 1, 2; before mpi.Comm.send: rank 0)", TransparentReasons.stops(new TreeMap<>(
                Map.of(0, "before mpi.Comm.send", 1, "before mpi.Comm.recv", 2, "before mpi.Comm.recv"))));
        assertEquals("", TransparentReasons.stops(new TreeMap<>()));
    }
}
