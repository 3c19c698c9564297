package mana.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import mana.apigen.ParityCheck;
import org.junit.jupiter.api.Test;

/**
 * Every public/protected class, member class, constructor, method and public field of Open
 * MPI's jar exists in the upper half with an identical signature, so programs compiled
 * against Open MPI's mpi.jar link against ours unchanged.
 */
class ApiParityTest {

    @Test
    void upperHalfHasTheWholeLowerHalfSurface() throws Exception {
        Path lower = Path.of(System.getProperty("mana.lowerhalf.jar"));
        Path upper = Path.of(System.getProperty("mana.upper.classes"));
        Path core = Path.of(System.getProperty("mana.core.jar"));
        ParityCheck.Report report = ParityCheck.compare(lower, upper, core);
        System.out.println(report);
        assertTrue(report.lowerMembers() > 500, "the lower half surface looks too small: " + report.lowerMembers());
        assertEquals(report.lowerMembers(), report.identical(), report.toString());
        assertTrue(report.differences().isEmpty(), report.toString());
    }
}
