package mana.conformance.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Open MPI's protected constructors and members (Comm(long), setType, dup(long), iDup(long),
 * Request(long), getHandles, ... and, by reflection, Group(long), Info(long), Errhandler(long),
 * CartComm(long), Intercomm(long), Prequest(long)): the same checks through MANA and the raw
 * binding; then, MANA only, forged, freed and wrong-kind handles fail with the matching
 * MPIException (the raw binding crashes on them).
 */
class SubclassesTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.comm.Subclasses";
    /** Forged-handle checks of the program (each on every rank). */
    static final int FORGED_CHECKS = 16;

    static List<String> checks(ManaJob.Run r, boolean forged) {
        return r.outLines().stream()
                .filter(l -> (l.startsWith("OK") && l.startsWith("OK forged ") == forged) || (!forged && l.startsWith("DONE")))
                .sorted().toList();
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void protectedConstructorsAliasLiveHandlesAsInTheRawBindingAndForgedOnesFailWithTheKindsError(int ranks) {
        ManaJob.Run raw = ManaJob.raw(ranks, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        ManaJob.Run mana = ManaJob.manaRun(ranks, JAR, MAIN, "forged");
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertFalse(mana.all().contains("no installed wrapper bundle"), mana.all());
        List<String> same = checks(mana, false);
        assertEquals(checks(raw, false), same, "MANA and the raw binding must report the same checks");
        assertTrue(same.size() > 25 * ranks, "checks that ran: " + same);
        List<String> forged = checks(mana, true);
        assertEquals(FORGED_CHECKS * ranks, forged.size(), "forged-handle checks: " + forged);
        assertTrue(forged.stream().allMatch(l -> l.contains("invalid ")), "each error names the object: " + forged);
    }
}
