package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunArgsTest {

    private static RunArgs parse(String... args) throws UsageError {
        return RunArgs.parse(List.of(args));
    }

    @Test
    void ranksAndJarAndAppArgs() throws UsageError {
        RunArgs a = parse("-np", "4", "app.jar", "x", "-np", "--class", "y");
        assertEquals(List.of("-np", "4"), a.mpirunArgs());
        assertEquals("app.jar", a.appJar());
        assertEquals(List.of("x", "-np", "--class", "y"), a.appArgs(), "everything after the jar is the application's");
        assertEquals(4, a.ranks());
        assertNull(a.mainClass());
    }

    @Test
    void mpirunOptionsWithValuesPassThrough() throws UsageError {
        RunArgs a = parse("--mca", "btl", "self,vader", "-x", "FOO=1", "--tag-output", "-n", "2",
                "--map-by", "core", "-H", "localhost", "app.jar");
        assertEquals(List.of("--mca", "btl", "self,vader", "-x", "FOO=1", "--tag-output", "-n", "2",
                "--map-by", "core", "-H", "localhost"), a.mpirunArgs());
        assertEquals("app.jar", a.appJar());
        assertEquals(2, a.ranks());
        assertEquals(List.of(), a.appArgs());
    }

    @Test
    void valueLooksLikeAJarButBelongsToTheOption() throws UsageError {
        RunArgs a = parse("--hostfile", "hosts.jar", "real.jar");
        assertEquals(List.of("--hostfile", "hosts.jar"), a.mpirunArgs());
        assertEquals("real.jar", a.appJar());
    }

    @Test
    void manaOptions() throws UsageError {
        RunArgs a = parse("--class", "p.Main", "-np", "2", "app.jar");
        assertEquals("p.Main", a.mainClass());
        assertEquals(List.of("-np", "2"), a.mpirunArgs(), "--class is not passed to mpirun");
        assertEquals("q.Other", parse("--class=q.Other", "app.jar").mainClass());
        assertTrue(parse("--help").help());
        assertTrue(parse("-np", "2", "--help").help());
    }

    @Test
    void doubleDashEndsOptions() throws UsageError {
        RunArgs a = parse("-np", "2", "--", "-weird.jar", "a");
        assertEquals("-weird.jar", a.appJar());
        assertEquals(List.of("a"), a.appArgs());
    }

    @Test
    void errors() {
        assertMessage("-np expects a positive number of ranks, got 'zero'", "-np", "zero", "a.jar");
        assertMessage("-np expects a positive number of ranks, got '0'", "-np", "0", "a.jar");
        assertMessage("-n expects a positive number of ranks, got '-3'", "-n", "-3", "a.jar");
        assertMessage("-np needs a value", "-np");
        assertMessage("--mca needs 2 values", "--mca", "btl");
        assertMessage("--class needs a class name", "--class");
        assertMessage("unknown MANA option --mana-bogus (see mana run --help)", "--mana-bogus", "a.jar");
        UsageError e = assertThrows(UsageError.class, () -> parse("-np", "2"));
        assertTrue(e.getMessage().startsWith("no application jar given"), e.getMessage());
        assertTrue(e.line().startsWith("mana run: "), e.line());
        assertFalse(e.line().contains("\n"));
    }

    private static void assertMessage(String expected, String... args) {
        UsageError e = assertThrows(UsageError.class, () -> parse(args));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void mpirunCommandLine() throws UsageError {
        RunArgs a = parse("--class", "p.M", "-np", "3", "--tag-output", "app.jar", "arg");
        List<String> cmd = RunCommand.command("/usr/bin/mpirun", a, Path.of("/abs/app.jar"), Path.of("/job/app-bundle.jar"),
                Path.of("/d/mana-launcher.jar"), true);
        assertEquals(List.of("/usr/bin/mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "3", "--tag-output"),
                cmd.subList(0, 6));
        int javaAt = cmd.indexOf(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the basic topology component unless the user chose one (Open MPI 4.1.4 hang, ompi#13918)
        assertEquals(System.getenv("OMPI_MCA_topo") == null ? List.of("--mca", "topo", "basic") : List.of(),
                cmd.subList(6, javaAt));
        int cp = cmd.indexOf("-cp");
        assertEquals("@" + Path.of("/job/rank-boot.args"), cmd.get(cp - 1));
        assertEquals(List.of("-cp", "/d/mana-launcher.jar", "mana.launcher.boot.RankMain", "rank", "--class", "p.M", "--wrapped",
                "/job/app-bundle.jar", "/abs/app.jar", "arg"),
                cmd.subList(cp, cmd.size()));
        List<String> notRoot = RunCommand.command("mpirun", a, Path.of("/abs/app.jar"), null, Path.of("/d/l.jar"), false);
        assertFalse(notRoot.contains("--allow-run-as-root"));
        RunArgs own = parse("--mca", "topo", "treematch", "-np", "2", "app.jar");
        List<String> ownTopo = RunCommand.command("mpirun", own, Path.of("/abs/app.jar"), null, Path.of("/d/l.jar"), false);
        assertEquals(1, Collections.frequency(ownTopo, "topo"), ownTopo.toString());
    }

    @Test
    void missingOrBadJar(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        UsageError e = assertThrows(UsageError.class, () -> RunCommand.checkJar(dir.resolve("nope.jar").toString()));
        assertEquals("mana run: " + dir.resolve("nope.jar") + ": no such file", e.line());
        Path notZip = java.nio.file.Files.writeString(dir.resolve("bad.jar"), "not a zip");
        e = assertThrows(UsageError.class, () -> RunCommand.checkJar(notZip.toString()));
        assertTrue(e.getMessage().startsWith(notZip + ": not a jar"), e.getMessage());
    }
}
