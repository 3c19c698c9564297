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
        assertEquals("app.jar", a.app());
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
        assertEquals("app.jar", a.app());
        assertEquals(2, a.ranks());
        assertEquals(List.of(), a.appArgs());
    }

    @Test
    void valueLooksLikeAJarButBelongsToTheOption() throws UsageError {
        RunArgs a = parse("--hostfile", "hosts.jar", "real.jar");
        assertEquals(List.of("--hostfile", "hosts.jar"), a.mpirunArgs());
        assertEquals("real.jar", a.app());
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
    void transparentIsAManaOptionKeptForRestart() throws UsageError {
        RunArgs a = parse("--transparent", "-np", "2", "app.jar", "--transparent");
        assertEquals(RunArgs.Weaving.ON, a.weaving());
        assertEquals(List.of("-np", "2"), a.mpirunArgs(), "--transparent is not passed to mpirun");
        assertEquals(List.of("--transparent"), a.appArgs(), "after the jar it is the application's");
        assertTrue(a.absoluteArgs().contains("--transparent"), "mana restart parses the stored arguments again");
        if (System.getenv("MANA_TRANSPARENT") == null) {
            assertEquals(RunArgs.Weaving.AUTO, parse("-np", "2", "app.jar").weaving(), "neither option: decided from the application");
        }
        RunArgs off = parse("--no-transparent", "-np", "2", "app.jar");
        assertEquals(RunArgs.Weaving.OFF, off.weaving());
        assertEquals(List.of("-np", "2"), off.mpirunArgs(), "--no-transparent is not passed to mpirun");
        assertTrue(off.absoluteArgs().contains("--no-transparent"), "mana restart parses the stored arguments again");
    }

    @Test
    void doubleDashEndsOptions() throws UsageError {
        RunArgs a = parse("-np", "2", "--", "-weird.jar", "a");
        assertEquals("-weird.jar", a.app());
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
        assertTrue(e.getMessage().startsWith("no application given"), e.getMessage());
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
        assertEquals(List.of("-cp", "/d/mana-launcher.jar"), cmd.subList(javaAt + 1, javaAt + 3),
                "the class path first: mpirun takes the first java argument containing 'cp' for it");
        int main = cmd.indexOf("-jar");
        assertEquals("@" + Path.of("/job/rank-boot.args"), cmd.get(main - 1));
        assertEquals(List.of("-jar", "/d/mana-rank.jar", "rank", "--class", "p.M", "--wrapped", "/job/app-bundle.jar",
                "/abs/app.jar", "arg"), cmd.subList(main, cmd.size()), "the rank jar, whose class path does not depend on -cp");
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

    @Test
    void classPathThenMainClassThenArgs() throws UsageError {
        for (String opt : List.of("-cp", "-classpath", "--class-path")) {
            RunArgs a = parse("-np", "2", opt, "classes:lib/x.jar", "Send", "a", "-np", "b");
            assertEquals("classes:lib/x.jar", a.classPath(), opt);
            assertEquals("Send", a.mainClass());
            assertNull(a.app(), "no jar with a class path");
            assertEquals(List.of("a", "-np", "b"), a.appArgs());
            assertEquals(List.of("-np", "2"), a.mpirunArgs(), "the class path is not passed to mpirun");
            assertTrue(a.fromClassPath());
        }
        RunArgs eq = parse("--class-path=c", "p/q/Main");
        assertEquals("c", eq.classPath());
        assertEquals("p.q.Main", eq.mainClass(), "java accepts slashes in the main class name");
        RunArgs named = parse("-cp", "c", "--class", "M", "x", "y");
        assertEquals("M", named.mainClass());
        assertEquals(List.of("x", "y"), named.appArgs(), "with --class every argument is the application's");
    }

    @Test
    void directoryWithClassAfterIt(@org.junit.jupiter.api.io.TempDir Path dir) throws UsageError {
        RunArgs a = parse("-np", "2", dir.toString(), "--class", "Ring", "5");
        assertEquals(dir.toString(), a.app());
        assertEquals("Ring", a.mainClass());
        assertEquals(List.of("5"), a.appArgs());
        assertTrue(a.fromClassPath());
        RunArgs jar = parse("-np", "2", "app.jar", "--class", "Ring");
        assertNull(jar.mainClass(), "after a jar, --class is the application's argument");
        assertEquals(List.of("--class", "Ring"), jar.appArgs());
    }

    @Test
    void absoluteArgsForRestart() throws UsageError {
        Path cwd = Path.of("").toAbsolutePath();
        RunArgs a = parse("-np", "2", "-cp", "classes::lib/*", "Main", "rel/arg");
        assertEquals(List.of("-np", "2", "-cp", cwd.resolve("classes") + ":" + cwd + ":" + cwd.resolve("lib") + "/*", "Main", "rel/arg"),
                a.absoluteArgs(), "an empty entry is the current directory; application arguments stay as they are");
        assertEquals(List.of("--class-path=" + cwd.resolve("c"), "M"), parse("--class-path=c", "M").absoluteArgs());
        assertEquals(List.of("--class", "p.M", cwd.resolve("app.jar").toString(), "x"), parse("--class", "p.M", "app.jar", "x").absoluteArgs());
        RunArgs again = parse(a.absoluteArgs().toArray(String[]::new));
        assertEquals(a.absoluteArgs(), again.absoluteArgs(), "absolute stays absolute");
    }

    @Test
    void classPathErrors() {
        assertMessage("-cp needs a class path (directories and jars separated by ':')", "-np", "2", "-cp");
        assertTrue(message("-cp", "", "Main").startsWith("empty class path ("));
        assertTrue(message("-cp", " ", "Main").startsWith("empty class path ("));
        assertTrue(message("-np", "2", "-cp", "classes").startsWith("no main class given after the class path ("));
        assertTrue(parse0("--help", "-cp", "x").help(), "--help needs no main class");
    }

    private static String message(String... args) {
        UsageError e = assertThrows(UsageError.class, () -> parse(args));
        assertFalse(e.line().contains("\n"));
        return e.getMessage();
    }

    private static RunArgs parse0(String... args) {
        try {
            return parse(args);
        } catch (UsageError e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void classPathOptionsAreNotTakenForTheJarByCheckpointOptions() throws UsageError {
        CkptOptions o = CkptOptions.extract("run", List.of("-cp", "a:b", "--ckpt-keep", "3", "Main", "x"), false);
        assertEquals(3, o.keep());
        assertEquals(List.of("-cp", "a:b", "Main", "x"), o.rest());
    }

    @Test
    void mpirunCommandLineForAClassPath() throws UsageError {
        RunArgs a = parse("-np", "2", "-cp", "c", "Send", "--x");
        List<String> cmd = RunCommand.command("mpirun", a, List.of("--classpath", "/abs/c", "--"), Path.of("/job/b.jar"),
                Path.of("/d/l.jar"), false, List.of(), List.of());
        int main = cmd.indexOf("-jar");
        assertEquals(List.of("-jar", "/d/mana-rank.jar", "rank", "--class", "Send", "--wrapped", "/job/b.jar",
                "--classpath", "/abs/c", "--", "--x"), cmd.subList(main, cmd.size()));
        List<String> cached = RunCommand.command("mpirun", a, List.of("--classpath", "/abs/c", "--"), Path.of("/job/b.jar"),
                Path.of("/d/l.jar"), false, List.of(), List.of("-XX:SharedArchiveFile=/c/rank.jsa"), List.of("-Dx=1"));
        int java = cached.indexOf("-cp") - 1;
        assertEquals(List.of("-cp", "/d/l.jar", "-XX:SharedArchiveFile=/c/rank.jsa"), cached.subList(java + 1, java + 4),
                "the start-up cache's options right after the class path, before the user's and the job's");
        assertTrue(cached.indexOf("-Dx=1") > java + 3);
    }

    @Test
    void launchDescriptionRecordsTheClassPathAbsolute() throws UsageError {
        Path cwd = Path.of("").toAbsolutePath();
        CkptOptions o = CkptOptions.extract("run", List.of("--ckpt-keep", "3", "-np", "2", "-cp", "c:d.jar", "Main", "x"), false);
        java.util.Properties p = JobRunner.launchDescription(RunArgs.parse(o.rest()), o, mana.launcher.mpi.MpiImplementation.DEFAULT);
        assertEquals(cwd.resolve("c") + ":" + cwd.resolve("d.jar"), p.getProperty("classpath"));
        assertEquals("Main", p.getProperty("main"));
        assertNull(p.getProperty("jar"));
        assertEquals("6", p.getProperty("args"), "checkpoint options are not part of it");
        assertEquals(p.getProperty("classpath"), p.getProperty("arg.3"));
        assertEquals("x", p.getProperty("arg.5"));
    }
}
