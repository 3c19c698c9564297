package mana.ckpt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mana.ckpt.store.CheckpointFormat;
import mana.ckpt.store.CheckpointRef;
import mana.ckpt.store.CheckpointStore;
import mana.ckpt.store.Manifest;
import mana.ckpt.store.PendingCheckpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background flush: a checkpoint committed at level partner (rank files on the "nodes") gets
 * its copies in the shared root and its manifest rewritten as level shared only when every copy
 * checks out; otherwise the manifest stays as it was, still naming the node-local copies.
 */
class BackgroundFlushTest {
    @TempDir
    Path tmp;

    /** Checkpoint 1 of {@code n} ranks committed at level partner: manifest in the root, files moved to {@code local}. */
    private Path committedAtPartner(int n, Path local) throws Exception {
        CheckpointStore store = new CheckpointStore(tmp.resolve("root"));
        PendingCheckpoint p = store.beginCheckpoint(1, n, "job-7");
        for (int r = 0; r < n; r++) {
            p.writeRank(r, Map.of("app-state", ("state of rank " + r).repeat(100).getBytes()));
        }
        CheckpointRef ref = p.commit();
        Files.createDirectories(local);
        for (int r = 0; r < n; r++) {
            String f = CheckpointFormat.rankFileName(r);
            Files.move(ref.dir().resolve(f), local.resolve(f));
        }
        Path mf = ref.dir().resolve(CheckpointFormat.MANIFEST_FILE);
        Manifest m = Manifest.read(mf);
        Map<String, String> props = new HashMap<>(m.properties());
        props.put(CheckpointStore.LEVEL, "partner");
        BackgroundFlush.replaceAtomically(mf, new Manifest(m.formatVersion(), m.jobId(), m.seq(), m.worldSize(), m.created(),
                m.ranks(), props).toBytes());
        return ref.dir();
    }

    private static String level(Path dir) throws Exception {
        return Manifest.read(dir.resolve(CheckpointFormat.MANIFEST_FILE)).properties().get(CheckpointStore.LEVEL);
    }

    @Test
    void theManifestBecomesSharedOnceTheFlushIsComplete() throws Exception {
        Path local = tmp.resolve("local");
        Path dir = committedAtPartner(1, local);
        BackgroundFlush.start(0, 1, local.resolve("rank-0.mana"), dir, 1);
        assertNull(BackgroundFlush.awaitPending());
        assertEquals("shared", level(dir));
        assertEquals(List.of("manifest.mana", "rank-0.mana"), names(dir));
        assertNull(BackgroundFlush.awaitPending(), "nothing pending any more");
    }

    @Test
    void aDamagedCopyLeavesTheManifestAtItsLevel() throws Exception {
        Path local = tmp.resolve("local");
        Path dir = committedAtPartner(2, local);
        LevelCut.copyForced(local.resolve("rank-0.mana"), dir.resolve("rank-0.mana"));
        byte[] b = Files.readAllBytes(local.resolve("rank-1.mana"));
        b[b.length / 2] ^= 1;
        Files.write(dir.resolve("rank-1.mana"), b);
        String why = BackgroundFlush.promote(2, dir, 1);
        assertTrue(why.contains("rank 1's copy in the shared root is damaged") && why.endsWith("it stays at its level"), why);
        assertEquals("partner", level(dir));
    }

    @Test
    void aRankWhoseFlushFailedEndsTheWaitAtOnce() throws Exception {
        Path local = tmp.resolve("local");
        Path dir = committedAtPartner(2, local);
        LevelCut.copyForced(local.resolve("rank-0.mana"), dir.resolve("rank-0.mana"));
        Files.writeString(dir.resolve("rank-1.mana.flush-failed"), "java.io.IOException: No space left on device");
        String why = BackgroundFlush.promote(2, dir, 1);
        assertEquals("[mana] flush of ckpt-000001 to the shared root failed on rank 1; it stays at its level", why);
        assertEquals("partner", level(dir));
        assertFalse(Files.exists(dir.resolve("manifest.mana.tmp")));
    }

    @Test
    void atJobEndTheNodeFolderGoesOnlyWhenTheNewestCheckpointIsShared() throws Exception {
        Path local = tmp.resolve("local/jobkey/ckpt-000001");
        Path dir = committedAtPartner(1, local);
        String kept = LevelCut.cleanUp(0, local.getParent(), dir.getParent());
        assertEquals("[mana] node-local checkpoint folders kept (the newest checkpoint, ckpt-000001, is of level partner)", kept);
        assertTrue(Files.isRegularFile(local.resolve("rank-0.mana")));
        BackgroundFlush.start(0, 1, local.resolve("rank-0.mana"), dir, 1);
        assertNull(BackgroundFlush.awaitPending());
        assertNull(LevelCut.cleanUp(0, local.getParent(), dir.getParent()));
        assertFalse(Files.exists(local.getParent()), "the job's node-local folder is removed");
        assertEquals(List.of("manifest.mana", "rank-0.mana"), names(dir), "the shared copy stays");
    }

    private static List<String> names(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
