package mana.wrappers.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpawnCommandsTest {
    static final List<String> PREFIX = List.of("/jdk/bin/java", "-Xmx1g", "-Dmana.home=/m", "-cp", "/m/launcher.jar",
            "mana.launcher.boot.RankMain", "rank");
    static final List<String> JAR_APP = List.of("--wrapped", "/job/app-bundle.jar", "/work/app.jar");
    final SpawnCommands commands = new SpawnCommands(PREFIX, JAR_APP);

    @Test
    void aJavaClassBecomesARankRunningThatClassFromTheJobsApplication() {
        SpawnCommands.Command c = commands.forChild("java", new String[] {"Child", "a b", "-x"});
        assertEquals("/jdk/bin/java", c.command());
        assertArrayEquals(new String[] {"-Xmx1g", "-Dmana.home=/m", "-cp", "/m/launcher.jar", SpawnCommands.SPAWNED_OPTION,
            "mana.launcher.boot.RankMain", "rank", "--class", "Child", "--wrapped", "/job/app-bundle.jar", "/work/app.jar",
            "a b", "-x"}, c.argv());
    }

    @Test
    void jvmOptionsGoToTheChildsJvmAndTheClassPathOptionIsLeftOut() {
        SpawnCommands.Command c = commands.forChild("/usr/bin/java", new String[] {"-cp", "/x:/y", "-Dk=v",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED", "pkg.Main", "arg"});
        assertArrayEquals(new String[] {"-Xmx1g", "-Dmana.home=/m", "-cp", "/m/launcher.jar", "-Dk=v", "--add-opens",
            "java.base/java.lang=ALL-UNNAMED", SpawnCommands.SPAWNED_OPTION, "mana.launcher.boot.RankMain", "rank",
            "--class", "pkg.Main", "--wrapped", "/job/app-bundle.jar", "/work/app.jar", "arg"}, c.argv());
    }

    @Test
    void aClassPathApplicationIsNamedTheSameWay() {
        SpawnCommands cp = new SpawnCommands(PREFIX, List.of("--classpath", "/a:/b", "--"));
        SpawnCommands.Command c = cp.forChild("java", new String[] {"Child"});
        List<String> argv = List.of(c.argv());
        assertEquals(List.of("--class", "Child", "--classpath", "/a:/b", "--"), argv.subList(argv.size() - 5, argv.size()));
    }

    @Test
    void aJarRunsAsTheChildsApplication() {
        SpawnCommands.Command c = commands.forChild("java", new String[] {"-jar", "other.jar", "x"});
        List<String> argv = List.of(c.argv());
        assertEquals(List.of("rank", Path.of("other.jar").toAbsolutePath().toString(), "x"),
                argv.subList(argv.size() - 3, argv.size()));
    }

    @Test
    void otherCommandsAndJavaWithoutAClassAreStartedAsGiven() {
        String[] argv = {"-n", "3"};
        SpawnCommands.Command c = commands.forChild("./solver", argv);
        assertEquals("./solver", c.command());
        assertSame(argv, c.argv());
        String[] version = {"-version"};
        assertSame(version, commands.forChild("java", version).argv());
        assertEquals("javac", commands.forChild("javac", new String[] {"X"}).command());
    }

    @Test
    void withoutTheLaunchersPropertiesEveryCommandIsStartedAsGiven() {
        SpawnCommands none = new SpawnCommands(List.of(), List.of());
        String[] argv = {"Child"};
        SpawnCommands.Command c = none.forChild("java", argv);
        assertEquals("java", c.command());
        assertSame(argv, c.argv());
        assertEquals(List.of("a", "", "b"), SpawnCommands.tokens("a" + SpawnCommands.SEPARATOR + SpawnCommands.SEPARATOR + "b"));
        assertEquals(List.of(), SpawnCommands.tokens(null));
    }
}
