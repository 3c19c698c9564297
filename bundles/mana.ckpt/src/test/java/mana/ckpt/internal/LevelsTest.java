package mana.ckpt.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import mana.ckpt.internal.Levels.Copy;
import mana.ckpt.internal.Levels.Level;
import mana.ckpt.store.RankFileInfo;
import mana.ckpt.store.RankFileWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Partner choice, level choice and copy selection of checkpoint levels (no MPI needed). */
class LevelsTest {
    @Test
    void partnerIsSameLocalIndexOnTheNextNode() {
        // ranks 0,1 on a; 2,3 on b; 4,5 on c (by-slot placement)
        assertArrayEquals(new int[] {2, 3, 4, 5, 0, 1}, Levels.partners(new String[] {"a", "a", "b", "b", "c", "c"}));
        // round-robin placement: nodes in the order of their first rank
        assertArrayEquals(new int[] {1, 0, 3, 2}, Levels.partners(new String[] {"a", "b", "a", "b"}));
    }

    @Test
    void partnerIsNeverOnTheSameNodeEvenWithUnevenNodes() {
        String[] hosts = {"a", "a", "a", "b"};
        int[] p = Levels.partners(hosts);
        assertArrayEquals(new int[] {3, 3, 3, 0}, p); // indexes past b's one rank wrap
        for (int r = 0; r < hosts.length; r++) {
            assertNotEquals(hosts[r], hosts[p[r]], "rank " + r);
        }
    }

    @Test
    void oneNodeHasNoPartners() {
        assertNull(Levels.partners(new String[] {"a", "a", "a"}));
    }

    @Test
    void everyKthCheckpointAndTheExitOneGoToTheSharedRoot() {
        Levels.Config c = new Levels.Config("/l/%h", true, 3);
        assertEquals(Level.PARTNER, c.levelOf(1, false));
        assertEquals(Level.PARTNER, c.levelOf(2, false));
        assertEquals(Level.SHARED, c.levelOf(3, false));
        assertEquals(Level.SHARED, c.levelOf(4, true));
        assertEquals(Level.LOCAL, new Levels.Config("/l", false, 0).levelOf(30, false));
        assertEquals(Level.SHARED, new Levels.Config("/l", false, 0).levelOf(31, true));
    }

    @Test
    void fastestSoundCopyFirst() {
        Copy[] c = Levels.choose(new boolean[] {true, false, false, false}, new int[] {2, 0, -1, -1}, false);
        assertArrayEquals(new Copy[] {Copy.OWN, Copy.PARTNER, Copy.NONE, Copy.NONE}, c);
        c = Levels.choose(new boolean[] {true, false, false}, new int[] {-1, 2, -1}, true);
        assertArrayEquals(new Copy[] {Copy.OWN, Copy.PARTNER, Copy.SHARED}, c);
    }

    @Test
    void localFolderPerHostAndJob() {
        Path a = Levels.localDir("/tmp/loc-%h", "node1", Levels.jobKey(Path.of("/ck/a")), 7);
        assertTrue(a.toString().startsWith("/tmp/loc-node1/"), a.toString());
        assertTrue(a.endsWith("ckpt-000007"), a.toString());
        assertNotEquals(Levels.jobKey(Path.of("/ck/a")), Levels.jobKey(Path.of("/ck/b")));
    }

    @Test
    void aCopyIsSoundOnlyWhenItMatchesTheManifest(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("rank-1.mana");
        RankFileInfo info;
        try (RankFileWriter w = RankFileWriter.create(f, 1, 2, 5)) {
            w.writeSections(Map.of("x", new byte[] {1, 2, 3}));
            info = w.finish();
        }
        assertNull(Levels.unsound(f, info, 1, 2, 5));
        assertEquals("of another rank or checkpoint", Levels.unsound(f, info, 1, 2, 6));
        assertTrue(Levels.unsound(f, new RankFileInfo(1, "rank-1.mana", info.size(), info.crc32c() + 1), 1, 2, 5)
                .startsWith("crc32c"));
        byte[] b = Files.readAllBytes(f);
        b[b.length - 20] ^= 1;
        Files.write(f, b);
        assertTrue(Levels.unsound(f, info, 1, 2, 5) != null);
        Files.delete(f);
        assertEquals("gone", Levels.unsound(f, info, 1, 2, 5));
    }
}
