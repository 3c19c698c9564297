package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mana run --plugins / --without-bundle / --console: parsing, checks and what the ranks get. */
class ShellOptionsTest {

    private static RunArgs parse(String... args) throws UsageError {
        return RunArgs.parse(List.of(args));
    }

    @Test
    void optionsAreParsedBeforeTheJarAndNotPassedToMpirun() throws UsageError {
        RunArgs a = parse("--plugins", "plug", "--without-bundle", "mana.wrappers.types", "--without-bundle=mana.wrappers.coll",
                "--console", "-np", "1", "app.jar", "--console");
        assertEquals("plug", a.shell().plugins());
        assertEquals(List.of("mana.wrappers.types", "mana.wrappers.coll"), a.shell().withoutBundles());
        assertTrue(a.shell().console());
        assertEquals(List.of("-np", "1"), a.mpirunArgs());
        assertEquals(List.of("--console"), a.appArgs(), "after the jar everything is the application's");
        assertEquals("p", parse("--plugins=p", "app.jar").shell().plugins());
    }

    @Test
    void noShellOptionsMeansNone() throws UsageError {
        ShellOptions s = parse("app.jar").shell();
        assertNull(s.plugins());
        assertTrue(s.withoutBundles().isEmpty());
        assertFalse(s.console());
        assertTrue(PluginSupport.javaOptions(s).isEmpty());
    }

    @Test
    void missingValuesAndRequiredBundlesAreUsageErrors() {
        assertThrows(UsageError.class, () -> parse("--plugins"));
        assertThrows(UsageError.class, () -> parse("--without-bundle", "--console", "app.jar"));
        UsageError core = assertThrows(UsageError.class, () -> parse("--without-bundle", "mana.core", "app.jar"));
        assertTrue(core.getMessage().contains("every job needs this bundle"), core.getMessage());
    }

    @Test
    void ranksGetAbsolutePluginsFolderExcludedBundlesAndConsoleAsSystemProperties() throws UsageError {
        RunArgs a = parse("--plugins", "rel/dir", "--without-bundle", "x.y", "--console", "app.jar");
        List<String> cmd = RunCommand.command("mpirun", a, Path.of("/abs/app.jar"), null, Path.of("/d/l.jar"), false);
        String plugins = "-Dmana.plugins=" + Path.of("rel/dir").toAbsolutePath().normalize();
        assertTrue(cmd.contains(plugins), cmd.toString());
        assertTrue(cmd.contains("-Dmana.withoutBundles=x.y"), cmd.toString());
        assertTrue(cmd.contains("-Dmana.console=true"), cmd.toString());
        assertTrue(cmd.indexOf(plugins) < cmd.indexOf("-jar"), "JVM options come before the rank jar");
    }

    @Test
    void checkCreatesThePluginsFolderAndRejectsFilesAndUnknownBundles(@TempDir Path tmp) throws Exception {
        Path dist = Files.createDirectories(tmp.resolve("dist/bundles"));
        PluginSupport.check(new ShellOptions(tmp.resolve("new/plugins").toString(), List.of(), false), dist.getParent());
        assertTrue(Files.isDirectory(tmp.resolve("new/plugins")));
        Path file = Files.writeString(tmp.resolve("file"), "x");
        UsageError notDir = assertThrows(UsageError.class,
                () -> PluginSupport.check(new ShellOptions(file.toString(), List.of(), false), dist.getParent()));
        assertTrue(notDir.getMessage().contains("not a folder"), notDir.getMessage());
        UsageError unknown = assertThrows(UsageError.class,
                () -> PluginSupport.check(new ShellOptions(null, List.of("no.such"), false), dist.getParent()));
        assertTrue(unknown.getMessage().contains("no such platform bundle"), unknown.getMessage());
        UsageError console = assertThrows(UsageError.class,
                () -> PluginSupport.check(new ShellOptions(null, List.of(), true), dist.getParent()));
        assertTrue(console.getMessage().contains("console bundles are missing"), console.getMessage());
    }

    @Test
    void consoleWithOneRankOnATerminalRunsTheRankWithoutMpirun() throws UsageError {
        RunArgs one = parse("--console", "-np", "1", "app.jar");
        assertTrue(PluginSupport.singletonConsole(one, true));
        assertFalse(PluginSupport.singletonConsole(one, false), "a pipe goes through mpirun");
        assertFalse(PluginSupport.singletonConsole(parse("--console", "-np", "2", "app.jar"), true));
        assertFalse(PluginSupport.singletonConsole(parse("--console", "-np", "1", "--tag-output", "app.jar"), true));
        assertFalse(PluginSupport.singletonConsole(parse("-np", "1", "app.jar"), true));
        List<String> cmd = RunCommand.command("mpirun", one, Path.of("/abs/app.jar"), null, Path.of("/d/l.jar"), false);
        List<String> direct = PluginSupport.withoutMpirun(cmd, Dist.java().toString());
        assertEquals(Dist.java().toString(), direct.get(0));
        assertTrue(direct.contains("-Dmana.console=true") && direct.contains("-jar"), direct.toString());
        assertFalse(direct.contains("mpirun") || direct.contains("--oversubscribe"), direct.toString());
    }

    @Test
    void helpListsTheOptionsBeforeHelpItself() {
        String help = ShellOptions.help(RunArgs.HELP);
        assertTrue(help.indexOf("--plugins DIR") > 0 && help.indexOf("--plugins DIR") < help.indexOf("-h, --help"), help);
        assertTrue(help.contains("--without-bundle BSN") && help.contains("--console"), help);
    }
}
