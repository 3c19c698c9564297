package mana.conformance.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * How the application is started, seen from inside, against the raw binding ({@code mpirun
 * java -cp mpi.jar:APP MAIN}): found by Open MPI's Java test suite (ompi-java-test), whose
 * helpers print the file of the bottom stack frame and whose info/InfoEnv60 checks "command".
 */
class AppFramesTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.comm.AppFrames";

    static List<String> sorted(List<String> lines) {
        return lines.stream().filter(l -> !(OTHER_LIBRARY && l.contains(" library keys:"))).sorted().toList();
    }

    /**
     * MANA's jobs run on MPICH (-Dmana.test.mpi=mpich) and the raw side on Open MPI: the
     * reserved keys must be the same, the library's own keys (Open MPI's ompi_*) cannot be.
     */
    static final boolean OTHER_LIBRARY = "mpich".equals(ManaJob.testMpi());

    static void noOtherKeysMadeUp(ManaJob.Run mana) {
        if (OTHER_LIBRARY) {
            for (int rank = 0; rank < 2; rank++) {
                assertTrue(mana.outLines().contains("rank " + rank + " library keys:"), mana.all());
            }
        }
    }

    @Test
    void mainIsTheBottomFrameAndInfoEnvNamesTheMainClassAndItsArguments() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, MAIN, "a", "b");
        ManaJob.Run raw = ManaJob.raw(2, JAR, MAIN, "a", "b");
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(0, mana.exit(), mana.all());
        assertTrue(raw.out().contains("rank 0 bottom=" + MAIN + ".main file=AppFrames.java thread=main"), raw.all());
        assertTrue(raw.out().contains("rank 1 command=" + MAIN + " argv=a b"), raw.all());
        assertTrue(raw.out().contains("rank 1 keys: command argv maxprocs soft host arch wdir thread_level"), raw.all());
        assertEquals(sorted(raw.outLines()), sorted(mana.outLines()), "stdout\n" + mana.all());
        noOtherKeysMadeUp(mana);
    }

    @Test
    void withoutArgumentsInfoEnvHasNoArgvKeyAsInTheRawBinding() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, MAIN);
        ManaJob.Run raw = ManaJob.raw(2, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(0, mana.exit(), mana.all());
        assertTrue(raw.out().contains("rank 0 command=" + MAIN + " argv=null"), raw.all());
        assertTrue(raw.out().contains("rank 0 keys: command maxprocs soft host arch wdir thread_level"), raw.all());
        assertEquals(sorted(raw.outLines()), sorted(mana.outLines()), "stdout\n" + mana.all());
        noOtherKeysMadeUp(mana);
    }

    @Test
    void anExceptionEscapingMainIsReportedAsTheJvmReportsIt() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, MAIN, "throw");
        ManaJob.Run raw = ManaJob.raw(2, JAR, MAIN, "throw");
        assertNotEquals(0, raw.exit(), raw.all());
        assertEquals(raw.exit(), mana.exit(), "exit status\n" + mana.all());
        // The JVM's header and trace, as the JVM prints them, from each rank that got to print
        // before mpirun ended the job: the first rank to exit with status 1 makes mpirun kill the
        // other, which may not have printed yet (under raw too). The two ranks write stderr at
        // the same time, so their lines may interleave: check the pieces, not one contiguous text.
        String err = mana.err();
        int traces = err.split("Exception in thread \"main\" ", -1).length - 1;
        assertTrue(traces >= 1 && traces <= 2, mana.all());
        int messages = 0;
        for (int rank = 0; rank < 2; rank++) {
            messages += err.contains("java.lang.IllegalStateException: escaped main on rank " + rank) ? 1 : 0;
        }
        assertEquals(traces, messages, mana.all());
        // one frame per trace, main's: no launcher frame below it
        assertEquals(traces, err.split("\tat " + MAIN + ".main\\(AppFrames.java:", -1).length - 1, mana.all());
        assertEquals(traces, frames(mana).size(), mana.all());
        assertFalse(frames(raw).isEmpty(), raw.all());
        assertEquals(new java.util.TreeSet<>(frames(raw)), new java.util.TreeSet<>(frames(mana)),
                "the frames of the traces\n" + mana.all());
        assertEquals(sorted(raw.outLines()), sorted(mana.outLines()), "stdout\n" + mana.all());
    }

    /**
     * The frames of every rank's uncaught-exception report, sorted: main alone, no launcher frame.
     * Two ranks write stderr at once, so a frame may start in the middle of a line (after the
     * other rank's "Exception in thread" header): take every "\tat " piece wherever it starts.
     */
    static List<String> frames(ManaJob.Run r) {
        return r.errLines().stream()
                .flatMap(l -> {
                    int at = l.indexOf("\tat ");
                    return at < 0 ? java.util.stream.Stream.<String>empty()
                            : java.util.Arrays.stream(l.substring(at).split("(?=\tat )"));
                })
                .sorted().toList();
    }
}
