package mana.conformance.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/** A request failing inside an array wait/test call: what the raw binding shows, and no leaked handle through MANA. */
class ArrayErrorsTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.p2p.ArrayErrors";

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).sorted().toList();
    }

    @Test
    void aFailedRequestInAnArrayCallLooksAsInTheRawBindingAndLeavesNoHandleBehind() {
        ManaJob.Run mana = ManaJob.mana("run", "--at-finalize", "mana:handles --kind request", "-np", "2",
                "--class", MAIN, JAR.toString(), "again");
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(2, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must show the same errors and data");
        assertEquals(10, m.size(), mana.all());
        assertTrue(mana.out().contains("OK waitAll: MPIException class ERR_IN_STATUS; good receive arrived"), mana.all());
        // the requests Open MPI freed in the failed call are freed handles in MANA too: using one is a clear error
        long again = mana.outLines().stream()
                .filter(l -> l.startsWith("AGAIN") && l.contains("MPIException class ERR_REQUEST") && l.contains("was freed")).count();
        assertEquals(9, again, mana.all());
        // left: only the good receives of the two waitAny scenarios, which the program never completes
        assertTrue(mana.out().contains("[rank 0] 2 handle(s)"), mana.all());
        assertTrue(mana.out().contains("[rank 1] 0 handle(s)"), mana.all());
    }

    /** MPI.REQUEST_NULL and completed requests accepted by every request call, as in the raw binding. */
    @Test
    void theNullRequestIsAcceptedEverywhereAsInTheRawBinding() {
        ManaJob.Run mana = ManaJob.manaRun(1, JAR, "mana.conformance.p2p.NullRequests");
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(1, JAR, "mana.conformance.p2p.NullRequests");
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(checks(raw), checks(mana));
        assertEquals(17, checks(mana).size(), mana.all());
        assertTrue(mana.out().contains("OK waitFor: done"), mana.all());
    }

    /**
     * An error the library reports reaches the application as in the raw binding on the same
     * library: same class, code (equal to the class or not), message, no cause. On MPICH the class numbers, the codes (they
     * encode more than the class) and the texts (with MPICH's error stack) are MPICH's, so the
     * raw side is the FFM lower half on MPICH; the classes by name are compared with raw Open MPI.
     */
    @Test
    void anOpenMpiErrorLooksAsInTheRawBinding() {
        ManaJob.Run mana = ManaJob.manaRun(1, JAR, "mana.conformance.p2p.ErrorShape");
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.rawOnTestMpi(1, JAR, "mana.conformance.p2p.ErrorShape");
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(checks(raw), checks(mana));
        assertEquals(3, checks(mana).size(), mana.all());
        assertTrue(mana.out().contains("cause null"), mana.all());
        ManaJob.Run openMpi = ManaJob.testMpi() == null ? raw : ManaJob.raw(1, JAR, "mana.conformance.p2p.ErrorShape");
        assertEquals(classes(openMpi), classes(mana), mana.all());
        assertEquals(List.of("CLASS bcast from an invalid root: ERR_ROOT", "CLASS recv with a negative tag: ERR_TAG",
                "CLASS send to an invalid rank: ERR_RANK"), classes(mana), mana.all());
    }

    static List<String> classes(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("CLASS")).sorted().toList();
    }

    /**
     * Null arguments, and objects where MPI expects memory (an Integer[], a boxed number), that crash
     * the raw binding's JVM (SIGSEGV in native code): a clear MPIException through MANA.
     */
    @Test
    void nullArgumentsThatCrashTheRawBindingAreClearErrors() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.p2p.NullArguments");
        assertEquals(0, mana.exit(), mana.all());
        String out = mana.out();
        for (int r = 0; r < 2; r++) {
            String p = "OK rank " + r + " ";
            assertTrue(out.contains(p + "pack into a null buffer: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "unpack from a null buffer: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "pack into a buffer: no error"), mana.all());
            assertTrue(out.contains(p + "null communicator name: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "name kept after the refused setName: no error"), mana.all());
            assertTrue(out.contains(p + "null ranks in Group.incl: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "null ranges in Group.rangeIncl: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "null range in Group.rangeIncl: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "null range in Group.rangeExcl: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "short range in Group.rangeIncl: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "short range in Group.rangeExcl: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "range in Group.rangeIncl: no error"), mana.all());
            assertTrue(out.contains(p + "null ranks in Group.translateRanks: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "out-of-range rank in Group.translateRanks: MPIException class ERR_RANK"), mana.all());
            assertTrue(out.contains(p + "null buffer in attachBuffer: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "null port in closePort: MPIException class ERR_ARG"), mana.all());
            assertTrue(out.contains(p + "null buffer in mRecv of a NO_PROC message: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "object array in sendRecv: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "object array in send: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "boxed number in recv: MPIException class ERR_BUFFER"), mana.all());
            assertTrue(out.contains(p + "boxed number with count 0 in send: no error"), mana.all());
        }
        assertTrue(out.contains("invalid argument: ranges[1] is null"), mana.all());
        assertTrue(out.contains("invalid argument: ranges[0] has 1 elements, a range needs 3"), mana.all());
        assertTrue(out.contains("invalid buffer: sendbuf (Integer[]) is neither a primitive array nor a java.nio buffer"),
                mana.all());
        assertTrue(out.contains("invalid buffer: outbuf is null"), mana.all());
        assertTrue(out.contains("invalid buffer: inbuf is null"), mana.all());
        assertTrue(out.contains("invalid argument: name is null"), mana.all());
        assertTrue(out.contains("DONE"), mana.all());
    }
}
