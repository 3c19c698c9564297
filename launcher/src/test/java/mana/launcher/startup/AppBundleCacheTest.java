package mana.launcher.startup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache of application bundles: what its key covers, and what it keeps. */
class AppBundleCacheTest {
    @TempDir
    Path tmp;

    @Test
    void theKeyFollowsTheContentNotTheTimestamp() throws Exception {
        Path jar = Files.write(tmp.resolve("app.jar"), new byte[] {1, 2, 3});
        Path tool = Files.write(tmp.resolve("tool.jar"), new byte[] {9});
        String k = AppBundleCache.key(List.of("jar", "app"), List.of(jar), List.of(tool));
        Files.setLastModifiedTime(jar, FileTime.fromMillis(0));
        assertEquals(k, AppBundleCache.key(List.of("jar", "app"), List.of(jar), List.of(tool)), "same content, other mtime");
        Files.write(jar, new byte[] {1, 2, 4});
        assertNotEquals(k, AppBundleCache.key(List.of("jar", "app"), List.of(jar), List.of(tool)), "one byte changed");
        Files.write(jar, new byte[] {1, 2, 3});
        assertEquals(k, AppBundleCache.key(List.of("jar", "app"), List.of(jar), List.of(tool)));
        Files.write(tool, new byte[] {8});
        assertNotEquals(k, AppBundleCache.key(List.of("jar", "app"), List.of(jar), List.of(tool)), "another launcher");
    }

    @Test
    void theKeyCoversHowThePlaceAndEveryFileOfADirectory() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("classes/pkg"));
        Files.write(dir.resolve("A.class"), new byte[] {1});
        Path root = tmp.resolve("classes");
        String k = AppBundleCache.key(List.of("classpath", "A", "pkg.A"), List.of(root), List.of());
        assertNotEquals(k, AppBundleCache.key(List.of("classpath", "A", "pkg.B"), List.of(root), List.of()), "another main class");
        Files.write(dir.resolve("B.class"), new byte[] {2});
        String k2 = AppBundleCache.key(List.of("classpath", "A", "pkg.A"), List.of(root), List.of());
        assertNotEquals(k, k2, "a file added");
        Files.move(dir.resolve("B.class"), dir.resolve("C.class"));
        assertNotEquals(k2, AppBundleCache.key(List.of("classpath", "A", "pkg.A"), List.of(root), List.of()), "a file renamed");
        Path copy = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.write(copy.resolve("app.jar"), new byte[] {5});
        Files.write(tmp.resolve("app.jar"), new byte[] {5});
        assertNotEquals(AppBundleCache.key(List.of("jar", "app"), List.of(tmp.resolve("app.jar")), List.of()),
                AppBundleCache.key(List.of("jar", "app"), List.of(copy.resolve("app.jar")), List.of()),
                "the same jar elsewhere: its warnings name the path");
    }

    @Test
    void aStoredBundleComesBackWithItsWarningsAndTheOldestGo() throws Exception {
        AppBundleCache cache = new AppBundleCache(tmp.resolve("cache"));
        assertTrue(cache.find("k0").isEmpty());
        cache.store("k0", new byte[] {7, 7}, List.of("w1", "w2"));
        AppBundleCache.Hit hit = cache.find("k0").orElseThrow();
        assertArrayEquals(new byte[] {7, 7}, Files.readAllBytes(hit.bundle()));
        assertEquals(List.of("w1", "w2"), hit.warnings());
        cache.store("k1", new byte[] {1}, List.of());
        assertEquals(List.of(), cache.find("k1").orElseThrow().warnings());
        Files.setLastModifiedTime(tmp.resolve("cache/k0.jar"), FileTime.fromMillis(0));

        for (int i = 2; i < AppBundleCache.KEEP + 5; i++) {
            cache.store("k" + i, new byte[] {(byte) i}, List.of());
            Files.setLastModifiedTime(tmp.resolve("cache/k" + i + ".jar"), FileTime.fromMillis(1_000_000L * i));
        }
        assertFalse(cache.find("k0").isPresent(), "least recently used: gone");
        assertFalse(Files.exists(tmp.resolve("cache/k0.warnings")));
        assertTrue(cache.find("k" + (AppBundleCache.KEEP + 4)).isPresent());
        try (var s = Files.list(tmp.resolve("cache"))) {
            assertEquals(AppBundleCache.KEEP, s.filter(p -> p.toString().endsWith(".jar")).count());
        }
    }

    @Test
    void aHalfWrittenEntryIsNoEntry() throws Exception {
        AppBundleCache cache = new AppBundleCache(tmp);
        Files.write(tmp.resolve("k.jar"), new byte[] {1});
        assertTrue(cache.find("k").isEmpty(), "no warnings file: the store did not finish");
    }
}
