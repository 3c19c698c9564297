package mana.conformance.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MPI-IO through MANA on real ranks, against the raw binding; bad input; reopening from a descriptor. */
class FilesTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("FAIL") || l.startsWith("DONE"))
                .toList();
    }

    @Test
    void everyAccessFamilyMatchesTheRawBindingWithFourRanks(@TempDir Path dir) throws Exception {
        Path manaDir = java.nio.file.Files.createDirectory(dir.resolve("mana"));
        Path rawDir = java.nio.file.Files.createDirectory(dir.resolve("raw"));
        String main = "mana.conformance.io.Files";
        ManaJob.Run mana = ManaJob.mana("run", "--at-finalize", "mana:handles", "-np", "4", "--class", main,
                JAR.toString(), manaDir.toString());
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(4, JAR, main, rawDir.toString());
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must report the same checks");
        assertTrue(m.size() >= 49 && m.get(m.size() - 1).equals("DONE"), "too few checks ran: " + m);
        // every file, request and info the program made is gone at finalize (only communicators may stay)
        assertFalse(mana.out().lines().anyMatch(l -> l.startsWith("[rank ") && (l.contains("  file  ")
                || l.contains("  request  ") || l.contains("  info  "))), mana.all());
        // the files are the same bytes
        for (String name : List.of("at.dat", "strided.dat", "shared.dat", "split.dat", "nb.dat")) {
            byte[] a = java.nio.file.Files.readAllBytes(manaDir.resolve(name));
            byte[] b = java.nio.file.Files.readAllBytes(rawDir.resolve(name));
            if (name.equals("shared.dat") || name.equals("nb.dat")) {
                assertEquals(b.length, a.length, name); // writeShared order differs from run to run
            } else {
                assertTrue(java.util.Arrays.equals(a, b), name + " differs between MANA and the raw binding");
            }
        }
    }

    @Test
    void badInputGivesClearErrorsWritesNothingAndNeverCrashes(@TempDir Path dir) {
        // not run on the raw binding: short direct buffers and arrays with a vector type crash its JVM
        ManaJob.Run r = ManaJob.manaRun(2, JAR, "mana.conformance.io.FileBadInput", dir.toString());
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("FAIL"), r.all());
        assertEquals(49, r.outLines().stream().filter(l -> l.startsWith("OK ")).count(), r.all());
        // every File member that takes a buffer refused the short direct buffer, naming the argument
        assertEquals(28, r.outLines().stream().filter(l -> l.startsWith("OK short direct buffer: ")
                && l.contains(": class 1: invalid buffer: buf is a direct IntBuffer of 8 bytes")).count(), r.all());
        assertTrue(r.out().contains("DONE"), r.all());
        assertFalse(r.err().contains("SIGSEGV") || r.err().contains("hs_err"), r.all());
    }

    @Test
    void fittingBuffersReadTheSameDataAndShortArraysThrowAsOnTheRawBinding(@TempDir Path dir) throws Exception {
        Path manaDir = java.nio.file.Files.createDirectory(dir.resolve("mana"));
        Path rawDir = java.nio.file.Files.createDirectory(dir.resolve("raw"));
        String main = "mana.conformance.io.FileBadInput";
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, main, manaDir.toString(), "compare");
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(2, JAR, main, rawDir.toString(), "compare");
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must read the same data and throw the same exceptions");
        assertEquals(17, m.stream().filter(l -> l.startsWith("OK ")).count(), mana.all());
        assertEquals("DONE", m.get(m.size() - 1), mana.all());
    }

    @Test
    void anErrorOnAFileWithErrorsAreFatalAbortsTheJob(@TempDir Path dir) {
        ManaJob.Run r = ManaJob.manaRun(2, JAR, "mana.conformance.io.FileFatal", dir.toString());
        assertNotEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("NOT REACHED"), r.all());
        assertTrue(r.err().contains("MPI_ERRORS_ARE_FATAL") && r.err().contains("invalid buffer"), r.all());
    }

    @Test
    void closingAndReopeningFromTheDescriptorAloneGivesTheSameViewAndPointers(@TempDir Path dir) {
        ManaJob.Run r = ManaJob.manaRun(4, JAR, "mana.conformance.io.FileReopen", dir.toString());
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("FAIL"), r.all());
        assertEquals(9, r.outLines().stream().filter(l -> l.startsWith("OK ")).count(), r.all());
        assertTrue(r.out().contains("DONE"), r.all());
    }
}
