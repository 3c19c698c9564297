package mana.conformance.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/**
 * Arrays with datatypes whose data do not lie in [0, count * extent): the FFM lower half's
 * native copies of such arrays ({@code ColumnsV}, {@code NegativeLowerBound} say how they went
 * wrong). Under MANA, and raw on the FFM lower half when the tests run on it
 * ({@code -Dmana.test.mpi=openmpi|mpich}; Open MPI's own binding raw is not ours to fix).
 */
class ArraySpansTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    @Test
    void vCollectivesByColumnsDeliverEveryElement() {
        List<String> want = List.of("OK rank 0 allGatherv: bad 0", "OK rank 0 gatherv: bad 0",
                "OK rank 0 scatterv: bad 0", "OK rank 1 allGatherv: bad 0", "OK rank 1 scatterv: bad 0");
        for (ManaJob.Run run : runs("mana.conformance.types.ColumnsV")) {
            assertEquals(0, run.exit(), run.all());
            assertEquals(want, run.outLines().stream().filter(l -> l.startsWith("OK")).sorted().toList(), run.all());
            assertTrue(run.out().contains("DONE"), run.all());
        }
    }

    @Test
    void dataBeforeAnArrayIsAnInvalidBuffer() {
        List<String> want = List.of("REFUSED rank 0 send: class 1", // MPI_ERR_BUFFER (the API's numbers are Open MPI's)
                "REFUSED rank 1 recv: class 1");
        for (ManaJob.Run run : runs("mana.conformance.types.NegativeLowerBound")) {
            assertEquals(0, run.exit(), run.all());
            List<String> got = run.outLines().stream().filter(l -> l.startsWith("REFUSED") || l.startsWith("ACCEPTED"))
                    .sorted().toList();
            assertEquals(want, got, run.all());
            assertTrue(run.out().contains("DONE"), run.all());
        }
    }

    /** The MANA run, and the raw run when the tests run on the FFM lower half. */
    private static List<ManaJob.Run> runs(String mainClass) {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, mainClass);
        String mpi = ManaJob.testMpi();
        if (mpi != null && (mpi.equals("openmpi") || mpi.equals("mpich"))) {
            return List.of(mana, ManaJob.rawOnTestMpi(2, JAR, mainClass));
        }
        return List.of(mana);
    }
}
