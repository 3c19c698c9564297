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

/** The JDK 25 AOT cache of the ranks: its key (the JDK, the jars, the lower half) and when it is used. */
class AotCacheTest {
    @TempDir
    Path tmp;
    Path dist;
    Path jdk;
    Path ffmJar;
    StartupCache cache;

    @BeforeEach
    void layout() throws Exception {
        dist = Files.createDirectories(tmp.resolve("dist"));
        Files.createDirectories(dist.resolve("lib"));
        Files.createDirectories(dist.resolve("bundles"));
        Files.write(dist.resolve("mana-launcher.jar"), new byte[] {1});
        Files.write(dist.resolve("mana-rank.jar"), new byte[] {2});
        Files.write(dist.resolve("bundles/mana.core.jar"), new byte[] {4});
        jdk = Files.createDirectories(tmp.resolve("jdk25"));
        Files.createDirectories(jdk.resolve("lib"));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25.0.1\"\n");
        Files.write(jdk.resolve("lib/modules"), new byte[] {7});
        ffmJar = Files.write(tmp.resolve("mpi-ffm.jar"), new byte[] {8});
        cache = new StartupCache(tmp.resolve("cache"), dist);
    }

    @Test
    void theKeyChangesWithTheJdkTheJarsAndTheLowerHalf() throws Exception {
        AotCache jni = new AotCache(cache, AotCache.Flavor.JNI, jdk, null);
        AotCache ffm = new AotCache(cache, AotCache.Flavor.FFM, jdk, ffmJar);
        String k = jni.key();
        assertEquals(k, jni.key());
        assertNotEquals(k, ffm.key(), "another class path");
        assertNotEquals(jni.archive(), ffm.archive());
        String f = ffm.key();
        Files.setLastModifiedTime(ffmJar, FileTime.fromMillis(Files.getLastModifiedTime(ffmJar).toMillis() + 1000));
        assertNotEquals(f, ffm.key(), "the lower half rebuilt");
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25.0.2\"\n");
        assertNotEquals(k, jni.key(), "a JDK update");
        String k2 = jni.key();
        Files.write(dist.resolve("bundles/mana.core.jar"), new byte[] {4, 4});
        assertNotEquals(k2, jni.key(), "a bundle rebuilt");
    }

    @Test
    void missingStaleTruncatedCurrent() throws Exception {
        AotCache jni = new AotCache(cache, AotCache.Flavor.JNI, jdk, null);
        assertEquals(StartupCache.State.MISSING, jni.state());
        assertTrue(jni.warning(StartupCache.State.MISSING).contains("./mana setup builds it"));
        Files.createDirectories(cache.dir());
        Files.write(jni.archive(), new byte[] {9, 9});
        assertEquals(StartupCache.State.MISSING, jni.state(), "a cache without its key");
        jni.writeKey(jni.key(), cache.dir().resolve("k.tmp"));
        assertEquals(StartupCache.State.CURRENT, jni.state());
        assertNull(jni.warning(StartupCache.State.CURRENT));
        assertEquals(List.of("-XX:AOTCache=" + jni.archive(), "-Xlog:aot*=off", "-Xlog:cds*=off"), jni.rankOptions());
        Files.write(jni.archive(), new byte[] {9});
        assertEquals(StartupCache.State.STALE, jni.state(), "not the size it was built with");
        Files.write(jni.archive(), new byte[] {9, 9});
        assertEquals(StartupCache.State.CURRENT, jni.state());
        Files.write(dist.resolve("mana-launcher.jar"), new byte[] {1, 1});
        assertEquals(StartupCache.State.STALE, jni.state(), "the launcher rebuilt after setup");
        assertTrue(jni.warning(StartupCache.State.STALE).contains("./mana setup rebuilds it"));
    }
}
