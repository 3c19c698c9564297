package mana.conformance.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Non-blocking collectives, bad input to collectives and user ops through MANA on real ranks, against the raw binding. */
class NonBlockingTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    static List<String> okLines(ManaJob.Run run) {
        return run.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).sorted().toList();
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    void everyNonBlockingCollectiveMatchesTheReferenceAndTheRawBinding(int ranks) {
        String main = "mana.conformance.coll.NonBlocking";
        ManaJob.Run mana = ManaJob.manaRun(ranks, JAR, main);
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertTrue(mana.out().contains("OK split iAllToAllw"), mana.all());
        ManaJob.Run raw = ManaJob.raw(ranks, JAR, main);
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(okLines(raw), okLines(mana), "MANA and the raw binding must report the same checks");
        assertTrue(okLines(mana).size() > 300, "too few checks ran: " + okLines(mana).size());
    }

    /**
     * MANA's lines with the answers MPICH legitimately gives differently (the library decides, MANA
     * passes its class on) replaced by Open MPI's, when the jobs run on MPICH: a neighborhood
     * collective on a communicator without a topology is MPI_ERR_TOPOLOGY there, MPI_ERR_ARG in
     * Open MPI (iNeighborAllToAll is MPI_ERR_TOPOLOGY in both).
     */
    static List<String> asOpenMpiAnswers(List<String> lines) {
        if (!"mpich".equals(ManaJob.testMpi())) {
            return lines;
        }
        return lines.stream().map(l -> l.contains("iNeighborAllGather without a topology: MPIException class ERR_TOPOLOGY")
                ? l.replace("ERR_TOPOLOGY", "ERR_ARG") : l).sorted().toList();
    }

    /** Cases the raw binding survives: MANA gives the same error classes on every rank. */
    @Test
    void badInputThatTheRawBindingReportsGivesTheSameErrors() {
        String[] cases = {"wrong-root-in-bcast", "wrong-root-in-iBcast", "negative-count-in-allReduce",
            "negative-count-in-iAllReduce", "array-in-iBcast", "mismatched-counts-in-gather",
            "iNeighborAllGather-without-a-topology", "iNeighborAllToAll-without-a-topology",
            "direct-buffers-that-fit-in-allToAll", "direct-buffers-that-fit-in-allToAllv",
            "direct-buffers-that-fit-in-allToAllw", "direct-buffers-that-fit-in-reduceScatter",
            "a-direct-buffer-that-fits-a-vector-in-bcast", "a-direct-buffer-that-fits-in-iBcast",
            "a-direct-buffer-that-fits-in-neighborAllGather", "direct-buffers-that-fit-in-iNeighborAllToAll",
            "a-direct-buffer-that-fits-in-allGather-in-place", "an-empty-direct-receive-buffer-in-gatherv-off-the-root",
            "an-empty-direct-receive-buffer-in-reduce-off-the-root",
            "empty-direct-buffers-that-intercommunicator-collectives-ignore",
            "short-send-array-in-scatter-at-the-root", "short-receive-array-in-gather-at-the-root",
            "arrays-that-fit-in-scatter-and-gather"};
        ManaJob.Run mana = ManaJob.manaRun(3, JAR, "mana.conformance.coll.BadInput", cases);
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(3, JAR, "mana.conformance.coll.BadInput", cases);
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(okLines(raw), asOpenMpiAnswers(okLines(mana)));
        assertTrue(mana.out().contains("OK rank 0 wrong root in iBcast: MPIException class ERR_ROOT"), mana.all());
        assertTrue(mana.out().contains("OK rank 0 mismatched counts in gather: MPIException class ERR_TRUNCATE"), mana.all());
        // buffers exactly as large as the call needs pass the capacity check and get the data
        List<String> ok = okLines(mana);
        for (String line : List.of("OK rank 0 direct buffers that fit in allToAllv result: 0 10 0 20",
                "OK rank 2 direct buffers that fit in allToAllw result: 2 12 0 22",
                "OK rank 1 direct buffers that fit in reduceScatter result: 9 12",
                "OK rank 2 a direct buffer that fits a vector in bcast result: 7 0 0 0 11",
                "OK rank 1 a direct buffer that fits in iBcast result: 3 4",
                "OK rank 1 a direct buffer that fits in neighborAllGather result: 0 2",
                "OK rank 0 direct buffers that fit in iNeighborAllToAll result: 21 10",
                "OK rank 2 a direct buffer that fits in allGather in place result: 5 6 7",
                "OK rank 0 an empty direct receive buffer in gatherv off the root result: 1 2 0 3",
                "OK rank 2 an empty direct receive buffer in gatherv off the root result:",
                "OK rank 0 an empty direct receive buffer in reduce off the root result: 3 6",
                "OK rank 1 empty direct buffers that intercommunicator collectives ignore result: 1 3 4 42",
                "OK rank 2 empty direct buffers that intercommunicator collectives ignore result: 0 0 0 0",
                // a short array: the exception of the raw binding's array copy, on the root only
                "OK rank 0 short send array in scatter at the root: ArrayIndexOutOfBoundsException",
                "OK rank 1 short send array in scatter at the root: no error",
                "OK rank 0 short receive array in gather at the root: ArrayIndexOutOfBoundsException",
                "OK rank 2 short receive array in gather at the root: no error",
                "OK rank 0 arrays that fit in scatter and gather result: 110 111 112",
                "OK rank 2 arrays that fit in scatter and gather result: 12")) {
            assertTrue(ok.contains(line), line + " in\n" + mana.all());
        }
        assertFalse(mana.out().contains("MPIException class ERR_BUFFER\n"), mana.all());
    }

    /**
     * Cases where the raw binding crashes the JVM or calls a wrong object: MANA answers each with
     * an MPIException naming the problem, and the job goes on.
     */
    @Test
    void badInputThatCrashesTheRawBindingIsAClearErrorThroughMana() {
        ManaJob.Run mana = ManaJob.manaRun(3, JAR, "mana.conformance.coll.BadInput",
                "freed-datatype-in-bcast", "freed-datatype-in-iBcast", "uncommitted-datatype-in-allGather",
                "uncommitted-datatype-in-iGather", "derived-datatype-in-iAllToAllw", "user-op-in-iAllReduce",
                "user-op-after-the-refused-iAllReduce", "freed-op-in-reduce", "freed-communicator-in-iBarrier",
                "null-buffer-in-bcast", "null-receive-buffer-in-allGather", "null-counts-in-allGatherv",
                "short-counts-in-allToAllv", "null-counts-in-reduceScatter", "null-buffer-in-reduceLocal",
                "object-array-in-allToAllv", "object-array-in-bcast", "short-direct-buffer-in-allToAll",
                "short-direct-buffer-in-allReduce", "short-direct-receive-buffer-in-gather-at-the-root",
                "null-receive-buffer-in-gather-at-the-root", "null-counts-in-gatherv-at-the-root",
                "null-send-buffer-in-scatter-at-the-root", "null-displacements-in-iGatherv-at-the-root",
                "short-counts-in-iAllToAllv", "short-displacements-in-iAllGatherv", "short-counts-in-iReduceScatter",
                "short-types-in-allToAllw", "short-counts-in-iScatterv-at-the-root",
                "short-direct-buffer-in-allToAllv", "short-direct-buffer-in-allToAllw",
                "short-direct-receive-buffer-in-reduceScatter", "short-direct-send-buffer-in-reduceScatter",
                "short-direct-buffer-for-a-vector-in-bcast", "short-direct-buffer-in-iBcast",
                "short-direct-buffer-in-neighborAllGather", "short-counts-in-iNeighborAllToAllv",
                "short-direct-buffer-in-iNeighborAllToAll", "short-direct-buffer-in-allGather-in-place",
                "short-direct-buffer-in-iAllReduce-in-place", "short-direct-buffer-in-scan",
                "short-direct-receive-buffer-in-gatherv-at-the-root", "short-direct-send-buffer-in-iScatterv-at-the-root",
                "short-array-in-reduceLocal");
        assertEquals(0, mana.exit(), mana.all());
        String out = mana.out();
        for (int r = 0; r < 3; r++) {
            String p = "OK rank " + r + " ";
            assertTrue(out.contains(p + "freed datatype in bcast: MPIException class ERR_TYPE"), mana.all());
            assertTrue(out.contains(p + "freed datatype in iBcast: MPIException class ERR_TYPE"), mana.all());
            assertTrue(out.contains(p + "uncommitted datatype in allGather: MPIException class ERR_TYPE"), mana.all());
            assertTrue(out.contains(p + "uncommitted datatype in iGather: MPIException class ERR_TYPE"), mana.all());
            assertTrue(out.contains(p + "derived datatype in iAllToAllw: MPIException class ERR_UNSUPPORTED_OPERATION"), mana.all());
            assertTrue(out.contains(p + "user op in iAllReduce: MPIException class ERR_UNSUPPORTED_OPERATION"), mana.all());
            assertTrue(out.contains(p + "user op after the refused iAllReduce: no error"), mana.all());
            assertTrue(out.contains(p + "user op sum: true"), mana.all());
            assertTrue(out.contains(p + "freed op in reduce: MPIException class ERR_OP"), mana.all());
            assertTrue(out.contains(p + "freed communicator in iBarrier: MPIException class ERR_COMM"), mana.all());
            assertTrue(out.contains(p + "null buffer in bcast: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "null receive buffer in allGather: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "null counts in allGatherv: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "short counts in allToAllv: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "null counts in reduceScatter: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "null buffer in reduceLocal: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "object array in allToAllv: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "object array in bcast: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "short direct buffer in allToAll: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "short direct buffer in allReduce: MPIException class ERR_BUFFER"), mana.all());
            String root = r == 0 ? "MPIException class " : "no error";
            assertTrue(out.contains(p + "null receive buffer in gather at the root: " + (r == 0 ? root + "ERR_BUFFER" : root)), mana.all());
            assertTrue(out.contains(p + "null counts in gatherv at the root: " + (r == 0 ? root + "ERR_ARG" : root)), mana.all());
            assertTrue(out.contains(p + "null send buffer in scatter at the root: " + (r == 0 ? root + "ERR_BUFFER" : root)), mana.all());
            assertTrue(out.contains(p + "null displacements in iGatherv at the root: " + (r == 0 ? root + "ERR_ARG" : root)), mana.all());
            assertTrue(out.contains(p + "short counts in iAllToAllv: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "short displacements in iAllGatherv: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "short counts in iReduceScatter: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "short types in allToAllw: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "short counts in iScatterv at the root: " + (r == 0 ? root + "ERR_ARG" : root)), mana.all());
            assertTrue(out.contains(p + "short direct receive buffer in gather at the root: " + (r == 0 ? root + "ERR_BUFFER" : root)),
                    mana.all());
            for (String c : List.of("short direct buffer in allToAllv", "short direct buffer in allToAllw",
                    "short direct receive buffer in reduceScatter", "short direct send buffer in reduceScatter",
                    "short direct buffer for a vector in bcast", "short direct buffer in iBcast",
                    "short direct buffer in neighborAllGather", "short direct buffer in iNeighborAllToAll",
                    "short direct buffer in allGather in place", "short direct buffer in iAllReduce in place",
                    "short direct buffer in scan")) {
                assertTrue(out.contains(p + c + ": MPIException class ERR_BUFFER\n"), c + " in\n" + mana.all());
            }
            assertTrue(out.contains(p + "short counts in iNeighborAllToAllv: MPIException class ERR_ARG"), mana.all());
            // reduceLocal pins arrays (no bounds-checked copy): the raw binding writes past a short one into the heap
            assertTrue(out.contains(p + "short array in reduceLocal: MPIException class ERR_BUFFER\n"), mana.all());
            assertTrue(out.contains(p + "short direct receive buffer in gatherv at the root: " + (r == 0 ? root + "ERR_BUFFER" : root)),
                    mana.all());
            assertTrue(out.contains(p + "short direct send buffer in iScatterv at the root: " + (r == 0 ? root + "ERR_BUFFER" : root)),
                    mana.all());
        }
        // each message names the argument and what MPI would have touched
        for (String m : List.of(
                "short direct buffer in allToAllv: invalid buffer: recvbuf is a direct IntBuffer of 12 bytes, the call"
                        + " needs bytes 12 to 16 of it (1 element of its datatype from byte 12, process 2's part)",
                "short direct buffer in allToAllw: invalid buffer: recvBuf is a direct ByteBuffer of 12 bytes, the call"
                        + " needs bytes 12 to 16 of it (1 element of its datatype from byte 12, process 2's part)",
                "short direct receive buffer in reduceScatter: invalid buffer: recvbuf is a direct IntBuffer of 4 bytes,"
                        + " the call moves 2 elements (8 bytes) through it",
                "short direct send buffer in reduceScatter: invalid buffer: sendbuf is a direct IntBuffer of 20 bytes,"
                        + " the call moves 6 elements (24 bytes) through it",
                "short direct buffer for a vector in bcast: invalid buffer: buf is a direct IntBuffer of 12 bytes,"
                        + " the call needs bytes 0 to 20 of it (1 element of its datatype)",
                "short direct buffer in iBcast: invalid buffer: buf is a direct IntBuffer of 4 bytes, the call moves"
                        + " 2 elements (8 bytes) through it",
                "short direct buffer in neighborAllGather: invalid buffer: recvbuf is a direct IntBuffer of 4 bytes,"
                        + " the call moves 2 elements (8 bytes) through it",
                "short counts in iNeighborAllToAllv: invalid argument: sendcount has 1 entries, the process has 2"
                        + " destination neighbors",
                "short direct buffer in iNeighborAllToAll: invalid buffer: sendbuf is a direct IntBuffer of 4 bytes,"
                        + " the call moves 2 elements (8 bytes) through it",
                "short direct buffer in allGather in place: invalid buffer: buf is a direct IntBuffer of 8 bytes,"
                        + " the call moves 3 elements (12 bytes) through it",
                "short direct buffer in iAllReduce in place: invalid buffer: buf is a direct IntBuffer of 4 bytes,"
                        + " the call moves 2 elements (8 bytes) through it",
                "short direct buffer in scan: invalid buffer: recvbuf is a direct IntBuffer of 4 bytes,"
                        + " the call moves 2 elements (8 bytes) through it",
                "short array in reduceLocal: invalid buffer: inOutBuf holds 8 bytes, the call's 4 elements reach byte 16",
                "short direct receive buffer in gatherv at the root: invalid buffer: recvbuf is a direct IntBuffer of"
                        + " 12 bytes, the call needs bytes 12 to 16 of it (1 element of its datatype from byte 12, process 2's part)",
                "short direct send buffer in iScatterv at the root: invalid buffer: sendbuf is a direct IntBuffer of"
                        + " 12 bytes, the call needs bytes 12 to 16 of it (1 element of its datatype from byte 12, process 2's part)")) {
            assertTrue(out.contains("MSG rank 0 " + m), m + " in\n" + mana.all());
        }
        assertTrue(out.contains("invalid argument: recvcount has 1 entries, the group has 3 processes")
                || out.contains("invalid argument: sendcount has 1 entries, the group has 3 processes"), mana.all());
        assertTrue(out.contains("invalid buffer: recvbuf is null"), mana.all());
        assertTrue(out.contains("invalid buffer: sendbuf (Integer[]) is neither a primitive array nor a java.nio buffer"), mana.all());
        assertTrue(out.contains("invalid buffer: recvbuf is a direct IntBuffer of 8 bytes, the call moves 6 elements (24 bytes)"),
                mana.all());
        assertTrue(out.contains("is not committed (call Datatype.commit() before using it)"), mana.all());
        assertTrue(out.contains("was freed"), mana.all());
        assertTrue(out.contains("MPI_Iallreduce with a user-defined op"), mana.all());
        assertTrue(out.contains("DONE"), mana.all());
    }

    /**
     * Open MPI's binding binds a user op's MPI_Op to the Java call that first used it; the raw
     * binding runs this program into a NullPointerException in mpi.Op.call (or a crash) at the
     * first reuse in another call form. Through MANA every result equals the local product.
     */
    @Test
    void aNonCommutativeUserOpReusedAcrossCollectivesGivesTheReferenceProducts() {
        ManaJob.Run mana = ManaJob.manaRun(3, JAR, "mana.conformance.coll.UserOpReuse");
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        List<String> ok = okLines(mana);
        assertTrue(ok.contains("OK reduceLocal round 2") && ok.contains("OK allReduce in place direct round 2")
                && ok.contains("OK scan round 1") && ok.contains("DONE"), mana.all());
        assertEquals(19, ok.size(), mana.all());
    }
}
