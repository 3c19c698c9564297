package mana.launcher.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start-up cache's key: what makes its archives stale. */
class StartupCacheTest {
    @TempDir
    Path tmp;
    Path dist;
    StartupCache cache;

    @BeforeEach
    void dist() throws Exception {
        dist = Files.createDirectories(tmp.resolve("dist"));
        Files.createDirectories(dist.resolve("lib"));
        Files.createDirectories(dist.resolve("bundles"));
        Files.write(dist.resolve("mana-launcher.jar"), new byte[] {1});
        Files.write(dist.resolve("mana-rank.jar"), new byte[] {2});
        Files.write(dist.resolve("lib/felix.jar"), new byte[] {3});
        Files.write(dist.resolve("bundles/mana.core.jar"), new byte[] {4});
        cache = new StartupCache(tmp.resolve("cache"), dist);
    }

    @Test
    void theKeyChangesWithAnyJarOrTheJvm() throws Exception {
        String k = cache.key("/jdk", "17.0.15");
        assertEquals(k, cache.key("/jdk", "17.0.15"));
        assertNotEquals(k, cache.key("/jdk", "17.0.16"), "another JVM build");
        assertNotEquals(k, cache.key("/other", "17.0.15"), "another JDK");
        Path core = dist.resolve("bundles/mana.core.jar");
        FileTime t = Files.getLastModifiedTime(core);
        Files.setLastModifiedTime(core, FileTime.fromMillis(t.toMillis() + 1000));
        assertNotEquals(k, cache.key("/jdk", "17.0.15"), "a bundle rebuilt (the JVM checks times too)");
        Files.setLastModifiedTime(core, t);
        assertEquals(k, cache.key("/jdk", "17.0.15"));
        Files.write(dist.resolve("lib/felix.jar"), new byte[] {3, 3});
        Files.setLastModifiedTime(dist.resolve("lib/felix.jar"), Files.getLastModifiedTime(dist.resolve("lib/felix.jar")));
        String bigger = cache.key("/jdk", "17.0.15");
        assertNotEquals(k, bigger, "a library of another size");
        Files.write(dist.resolve("bundles/extra.jar"), new byte[] {5});
        assertNotEquals(bigger, cache.key("/jdk", "17.0.15"), "a bundle added");
        Files.writeString(dist.resolve("bundles/README.txt"), "not a jar");
        Files.delete(dist.resolve("bundles/extra.jar"));
        assertEquals(bigger, cache.key("/jdk", "17.0.15"), "other files do not count");
    }

    @Test
    void missingStaleCurrent() throws Exception {
        assertEquals(StartupCache.State.MISSING, cache.state());
        assertTrue(cache.warning(StartupCache.State.MISSING).contains("./mana setup builds it"));
        Files.createDirectories(cache.dir());
        Files.write(cache.rankArchive(), new byte[] {9});
        assertEquals(StartupCache.State.MISSING, cache.state(), "an archive without its key");
        Files.writeString(cache.dir().resolve(StartupCache.KEY_FILE), StartupCache.keyFileText(cache.key(), 5, 2));
        assertEquals(StartupCache.State.STALE, cache.state(), "the archive is not the size it was built with (truncated?)");
        Files.writeString(cache.dir().resolve(StartupCache.KEY_FILE), StartupCache.keyFileText(cache.key(), 5, 1));
        assertEquals(StartupCache.State.CURRENT, cache.state());
        assertNull(cache.warning(StartupCache.State.CURRENT));
        assertEquals(List.of("-XX:SharedArchiveFile=" + cache.rankArchive(), "-Xlog:cds*=off"), cache.rankOptions());
        Files.write(dist.resolve("bundles/mana.core.jar"), new byte[] {4, 4});
        assertEquals(StartupCache.State.STALE, cache.state(), "a bundle rebuilt after setup");
        assertTrue(cache.warning(StartupCache.State.STALE).contains("./mana setup rebuilds it"));
    }

    @Test
    void rankJitDelaysC2TenfoldUnlessSwitchedOff() {
        List<String> on = RankJit.options(null);
        assertEquals(List.of("-XX:Tier4InvocationThreshold=50000", "-XX:Tier4MinInvocationThreshold=6000",
                "-XX:Tier4CompileThreshold=150000", "-XX:Tier4BackEdgeThreshold=400000",
                "-XX:Tier3InvocationThreshold=2000", "-XX:Tier3MinInvocationThreshold=1000",
                "-XX:Tier3CompileThreshold=20000", "-XX:Tier3BackEdgeThreshold=600000"), on);
        assertEquals(on, RankJit.options("on"));
        assertEquals(List.of(), RankJit.options("off"));
        assertEquals(List.of(), RankJit.options(" OFF "));
        assertTrue(on.stream().noneMatch(o -> o.contains("TieredStopAtLevel")), "C1 and C2 both stay");
    }
}
