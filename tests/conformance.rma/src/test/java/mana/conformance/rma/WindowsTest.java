package mana.conformance.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One-sided communication through MANA on real ranks, against the raw binding; bad input; checkpoints. */
class WindowsTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("FAIL") || l.startsWith("DONE"))
                .toList();
    }

    private static void sameAsRaw(int np) {
        String main = "mana.conformance.rma.Windows";
        ManaJob.Run mana = ManaJob.mana("run", "--at-finalize", "mana:handles", "-np", String.valueOf(np), "--class",
                main, JAR.toString());
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(np, JAR, main);
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must report the same checks");
        assertFalse(m.stream().anyMatch(l -> l.startsWith("FAIL")), mana.all());
        assertTrue(m.size() >= 40 && m.get(m.size() - 1).equals("DONE"), "too few checks ran: " + m);
        // every window, request, group and info the program made is gone at finalize
        assertFalse(mana.out().lines().anyMatch(l -> l.startsWith("[rank ") && (l.contains("  window  ")
                || l.contains("  request  ") || l.contains("  group  ") || l.contains("  info  "))), mana.all());
    }

    @Test
    void everyWindowCallMatchesTheRawBindingWithTwoRanks() {
        sameAsRaw(2);
    }

    @Test
    void everyWindowCallMatchesTheRawBindingWithFourRanks() {
        sameAsRaw(4);
    }

    @Test
    void badInputGivesClearErrorsChangesNoWindowAndNeverCrashes() {
        ManaJob.Run r = ManaJob.manaRun(2, JAR, "mana.conformance.rma.WinBadInput");
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("FAIL"), r.all());
        assertEquals(18, r.outLines().stream().filter(l -> l.startsWith("OK ")).count(), r.all());
        assertTrue(r.out().contains("DONE"), r.all());
        assertFalse(r.err().contains("SIGSEGV") || r.err().contains("hs_err"), r.all());
    }

    @Test
    void anErrorOnAWindowWithErrorsAreFatalAbortsTheJob() {
        ManaJob.Run r = ManaJob.manaRun(2, JAR, "mana.conformance.rma.WinFatal");
        assertNotEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("NOT REACHED"), r.all());
        assertTrue(r.err().contains("MPI_ERRORS_ARE_FATAL") && r.err().contains("origin buffer too small"), r.all());
    }

    @Test
    void aCheckpointIsRefusedNamingADynamicWindowAndCommitsWithACreatedOneCompletingItsPut(@TempDir Path dir) {
        ManaJob.Run r = ManaJob.manaRun(2, JAR, "mana.conformance.rma.WinCheckpoint", dir.toString());
        assertEquals(0, r.exit(), r.all());
        for (int rank = 0; rank < 2; rank++) {
            String first = line(r, "CKPT1 rank=" + rank);
            assertTrue(first.contains("committed=false") && first.contains("window \"counters\" (dynamic")
                    && first.contains("Win.free()") && !first.contains("halo"), r.all());
            assertTrue(line(r, "CKPT2 rank=" + rank).contains("committed=true"), r.all());
            assertTrue(r.out().contains("WINDOW rank=" + rank + " ok=true"), r.all());
        }
    }

    private static String line(ManaJob.Run r, String prefix) {
        return r.outLines().stream().filter(l -> l.startsWith(prefix)).findFirst().orElse("missing: " + prefix);
    }
}
