package mana.launcher.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupTraceTest {
    @TempDir
    Path dir;

    @Test
    void offUnlessAsked() {
        assertNull(StartupTrace.startIfAsked()); // the test JVM has no -Dmana.startup.trace
    }

    @Test
    void reportsEachPhaseInOrderWithWallAndCpu() {
        System.setProperty(StartupTrace.PROPERTY, "true");
        try {
            StartupTrace t = StartupTrace.startIfAsked();
            t.mark("first");
            long x = 0;
            for (int i = 0; i < 2_000_000; i++) {
                x += Integer.toString(i).length();
            }
            t.mark("second " + (x > 0));
            List<String> lines = t.report("3").lines().toList();
            assertEquals(3, lines.size());
            assertTrue(lines.get(0).startsWith(StartupTrace.PREFIX + "rank 3 | phase"));
            assertTrue(lines.get(1).contains("| first "));
            assertTrue(lines.get(2).contains("| second true "));
            String[] f = lines.get(2).split("\\|");
            assertTrue(Double.parseDouble(f[3].replace("ms", "").trim()) > 0, "the loop used processor time: " + lines.get(2));
            assertTrue(Double.parseDouble(f[2].replace("ms", "").trim()) > 0);
        } finally {
            System.clearProperty(StartupTrace.PROPERTY);
        }
    }

    @Test
    void storageFoldersAreNewAndOwnerOnly() throws IOException {
        Path a = RankLauncher.storageDir(dir);
        Path b = RankLauncher.storageDir(dir);
        assertNotEquals(a, b);
        assertTrue(Files.isDirectory(a) && Files.isDirectory(b));
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(a)));
    }

    @Test
    void weaveCacheKeyFollowsTheBundleAndTheWeaver() throws IOException {
        Path bundles = Files.createDirectories(dir.resolve("bundles"));
        Path weaver = Files.writeString(bundles.resolve("mana.weaver-1.jar"), "w1");
        Path base = dir.resolve("woven");
        Path k1 = RankLauncher.weaveCacheDir(base, new byte[] {1, 2}, bundles);
        assertEquals(k1, RankLauncher.weaveCacheDir(base, new byte[] {1, 2}, bundles));
        assertNotEquals(k1, RankLauncher.weaveCacheDir(base, new byte[] {1, 3}, bundles));
        Files.writeString(weaver, "another weaver");
        assertNotEquals(k1, RankLauncher.weaveCacheDir(base, new byte[] {1, 2}, bundles));
        assertNull(RankLauncher.weaveCacheDir(null, new byte[] {1}, bundles));
    }

    @Test
    void pruningKeepsTheNewest() throws IOException {
        for (int i = 0; i < 5; i++) {
            Path d = Files.createDirectories(dir.resolve("k" + i));
            Files.setLastModifiedTime(d, java.nio.file.attribute.FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        RankLauncher.pruneWeaveCache(dir, 3); // room for one new folder: the two newest stay
        try (var s = Files.list(dir)) {
            assertEquals(List.of("k3", "k4"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertFalse(Files.exists(dir.resolve("k0")));
    }
}
