package mana.ckpt.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mana.ckpt.store.CheckpointException.Problem;

class CheckpointStoreTest {
    @TempDir
    Path root;

    static byte[] payload(long seq, int rank, String section) {
        return RankFileTest.filled(3000 + rank * 100 + section.length(), seq * 1000 + rank * 10 + section.hashCode());
    }

    static Map<String, byte[]> sections(long seq, int rank) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        for (String s : List.of("app-state", "descriptors/communicator", "drain", "requests")) m.put(s, payload(seq, rank, s));
        return m;
    }

    static CheckpointRef checkpoint(CheckpointStore store, long seq, int worldSize) throws IOException {
        PendingCheckpoint p = store.beginCheckpoint(seq, worldSize, "job-42");
        for (int r = 0; r < worldSize; r++) p.writeRank(r, sections(seq, r));
        return p.commit();
    }

    static List<Long> seqs(CheckpointStore store) throws IOException {
        return store.listComplete().stream().map(CheckpointRef::seq).toList();
    }

    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void commitProducesLayoutAndManifest() throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        PendingCheckpoint p = store.beginCheckpoint(1, 3, "job-42");
        assertEquals(".ckpt-000001.tmp", p.directory().getFileName().toString());
        for (int r = 0; r < 3; r++) p.writeRank(r, sections(1, r));
        assertEquals(Set.of(0, 1, 2), p.ranksDone());
        assertTrue(p.bytesWritten() > 3 * 4 * 3000);
        p.setProperty("mana.version", "0.1.0");
        CheckpointRef ref = p.commit();

        assertEquals(root.resolve("ckpt-000001"), ref.dir());
        assertEquals(List.of("ckpt-000001"), names(root));
        assertEquals(List.of("manifest.mana", "rank-0.mana", "rank-1.mana", "rank-2.mana"), names(ref.dir()));
        Manifest m = store.readManifest(ref);
        assertEquals("job-42", m.jobId());
        assertEquals(1, m.seq());
        assertEquals(3, m.worldSize());
        assertEquals(Map.of("mana.version", "0.1.0"), m.properties());
        for (int r = 0; r < 3; r++) {
            RankFileInfo info = m.ranks().get(r);
            assertEquals("rank-" + r + ".mana", info.fileName());
            assertEquals(Files.size(ref.rankFile(r)), info.size());
            assertEquals(CheckpointFormat.crc32c(ref.rankFile(r)), info.crc32c());
            try (RankFileReader rd = store.openRank(ref, r)) {
                for (Map.Entry<String, byte[]> e : sections(1, r).entrySet()) assertArrayEquals(e.getValue(), rd.readSection(e.getKey()));
            }
        }
        Selection sel = store.newestUsable(3, true);
        assertEquals(ref, sel.chosen());
        assertTrue(sel.skipped().isEmpty());
        assertTrue(sel.describe().contains("using ckpt-000001"), sel.describe());
        assertThrows(CheckpointException.class, p::commit, "a handle commits once");
    }

    @Test
    void seqMustGrow() throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        checkpoint(store, 3, 1);
        assertEquals(4, store.nextSeq());
        CheckpointException e = assertThrows(CheckpointException.class, () -> store.beginCheckpoint(3, 1, "j"));
        assertEquals(Problem.STATE, e.problem());
        assertThrows(CheckpointException.class, () -> store.beginCheckpoint(2, 1, "j"));
    }

    @Test
    void uncommittedCheckpointLeavesPreviousAsNewestAndIsCleanedNextTime() throws IOException {
        CheckpointStore store = new CheckpointStore(root, 1);
        CheckpointRef first = checkpoint(store, 1, 2);

        // "crash": every rank writes, a third rank writer dies mid-file, nobody commits
        PendingCheckpoint p = store.beginCheckpoint(2, 3, "job-42");
        p.writeRank(0, sections(2, 0));
        p.writeRank(1, sections(2, 1));
        RankFileWriter dying = p.openRank(2);
        dying.writeSection("app-state", new byte[5000]); // never finished, never closed
        assertTrue(Files.exists(p.directory().resolve("rank-2.mana.part")));
        assertEquals(Set.of(0, 1), p.ranksDone());

        // the previous checkpoint is untouched and still the newest
        assertEquals(List.of(1L), seqs(store));
        Selection sel = new CheckpointStore(root, 1).newestUsable(2, true);
        assertEquals(first, sel.chosen());
        assertTrue(sel.skipped().isEmpty(), "a tmp dir is not a candidate");

        // commit is refused while a rank is missing, and changes nothing
        CheckpointException e = assertThrows(CheckpointException.class, p::commit);
        assertEquals(Problem.MISSING_FILE, e.problem());
        assertTrue(e.getMessage().contains("rank(s) [2] of 3 have not written"), e.getMessage());
        assertEquals(List.of(1L), seqs(store));

        // the restarted job (a new store object) begins the next checkpoint: the leftover is cleaned
        CheckpointStore restarted = new CheckpointStore(root, 1);
        PendingCheckpoint q = restarted.beginCheckpoint(3, 2, "job-42");
        assertEquals(List.of(".ckpt-000003.tmp", "ckpt-000001"), names(root));
        for (int r = 0; r < 2; r++) q.writeRank(r, sections(3, r));
        q.commit();
        assertEquals(List.of("ckpt-000003"), names(root), "keep=1: the old one goes only after the new commit");
        dying.close();
    }

    @Test
    void keepsTheLastKComplete() throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        assertEquals(2, store.keep());
        for (long s = 1; s <= 5; s++) {
            checkpoint(store, s, 2);
            assertEquals(Math.min(s, 2), store.listComplete().size());
        }
        assertEquals(List.of(5L, 4L), seqs(store));
        assertEquals(List.of("ckpt-000004", "ckpt-000005"), names(root));

        CheckpointStore three = new CheckpointStore(root, 3);
        checkpoint(three, 6, 2);
        checkpoint(three, 7, 2);
        assertEquals(List.of(7L, 6L, 5L), seqs(three));

        // a prune interrupted after its rename leaves trash, which is not a checkpoint and is cleaned
        Files.move(root.resolve("ckpt-000005"), root.resolve(".ckpt-000005.trash"));
        assertEquals(List.of(7L, 6L), seqs(three));
        three.beginCheckpoint(8, 2, "job-42").abort();
        assertEquals(List.of("ckpt-000006", "ckpt-000007"), names(root));
        assertThrows(IllegalArgumentException.class, () -> new CheckpointStore(root, 0));
    }

    /**
     * A restart fell back past damaged checkpoint 3 to 2 and sets 3 aside: the next commits
     * number on from 4, and pruning keeps the newest K usable ones (2 survives the commit of 4,
     * where it would have been pruned in favour of the damaged 3).
     */
    @Test
    void aCheckpointSetAsideNoLongerCountsAmongTheKeptOnesButKeepsItsNumber() throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        checkpoint(store, 1, 2);
        checkpoint(store, 2, 2);
        CheckpointRef third = checkpoint(store, 3, 2);
        Files.delete(third.rankFile(1));
        Selection sel = store.newestUsable(2, false);
        assertEquals(2, sel.chosen().seq());
        CheckpointException why = sel.skipped().get(0).reason();
        assertTrue(why.isDamage(), why.getMessage());

        Path aside = store.setAside(third);
        assertEquals(".ckpt-000003.refused", aside.getFileName().toString());
        assertEquals(List.of(2L), seqs(store));
        assertEquals(4, store.nextSeq(), "a set-aside checkpoint keeps its number");
        checkpoint(store, 4, 2);
        assertEquals(List.of(4L, 2L), seqs(store), "the one the restart used is kept");
        checkpoint(store, 5, 2);
        assertEquals(List.of(5L, 4L), seqs(store));
        store.beginCheckpoint(6, 2, "job-42").abort(); // cleans leftovers: a set-aside checkpoint is not one
        assertEquals(List.of(".ckpt-000003.refused", "ckpt-000004", "ckpt-000005"), names(root));
        assertEquals(List.of(3L), store.listSetAside().stream().map(CheckpointRef::seq).toList());
        assertTrue(Files.isRegularFile(aside.resolve("rank-0.mana")), "its files are kept as they were");
    }

    /**
     * A file named like a checkpoint (ckpt-000003) is not one: a restart says so and falls back,
     * its number is never used for a checkpoint (the commit's rename would fail on every
     * attempt), and pruning never deletes it.
     */
    @Test
    void aFileNamedLikeACheckpointIsReportedNeverReusedAndNeverPruned() throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        checkpoint(store, 1, 2);
        checkpoint(store, 2, 2);
        Files.writeString(root.resolve("ckpt-000003"), "someone's notes");
        Selection sel = store.newestUsable(2, false);
        assertEquals(2, sel.chosen().seq());
        CheckpointException why = sel.skipped().get(0).reason();
        assertEquals(3, sel.skipped().get(0).ref().seq());
        assertTrue(why.getMessage().endsWith("ckpt-000003 is not a directory, so not a checkpoint (MANA writes each"
                + " checkpoint as a directory): something else has its name"), why.getMessage());
        assertTrue(why.isDamage(), "set aside by a restart like a damaged checkpoint");
        assertEquals(4, store.nextSeq());
        checkpoint(store, 4, 2);
        checkpoint(store, 5, 2);
        assertEquals(List.of("ckpt-000003", "ckpt-000004", "ckpt-000005"), names(root),
                "the newest 2 checkpoints are kept, and the file is not counted or deleted");
        assertEquals("someone's notes", Files.readString(root.resolve("ckpt-000003")));
        Path aside = store.setAside(sel.skipped().get(0).ref());
        assertEquals("someone's notes", Files.readString(aside), "set aside, not deleted");
        assertEquals(6, store.nextSeq());
    }

    @Test
    void onlyDamageToTheFilesCountsAsDamage() {
        assertTrue(new CheckpointException(Problem.CHECKSUM, "x").isDamage());
        assertTrue(new CheckpointException(Problem.TRUNCATED, "x").isDamage());
        assertTrue(new CheckpointException(Problem.MISSING_FILE, "x").isDamage());
        assertTrue(new CheckpointException(Problem.CORRUPT, "x").isDamage());
        assertFalse(new CheckpointException(Problem.WORLD_SIZE_MISMATCH, "x").isDamage());
        assertFalse(new CheckpointException(Problem.FORMAT, "x").isDamage());
        assertFalse(new CheckpointException(Problem.IO, "x").isDamage());
    }

    // ---- damaged checkpoints: detection, fallback, strict refusal ----------------------------

    interface Damage {
        void apply(CheckpointRef newest) throws IOException;
    }

    /** Checkpoints 1 and 2 of a 2-rank job, damage 2, check fallback to 1 and strict refusal. */
    CheckpointException damagedNewest(Damage damage, Problem expected, String messagePart) throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        CheckpointRef first = checkpoint(store, 1, 2);
        CheckpointRef second = checkpoint(store, 2, 2);
        assertEquals(second, store.newestUsable(2, true).chosen());
        damage.apply(second);

        Selection sel = store.newestUsable(2, false);
        assertEquals(first, sel.chosen(), "falls back to the previous complete checkpoint");
        assertEquals(1, sel.skipped().size());
        Selection.Skipped sk = sel.skipped().get(0);
        assertEquals(second, sk.ref());
        assertEquals(expected, sk.reason().problem(), sk.reason().getMessage());
        assertTrue(sk.reason().getMessage().contains(messagePart), sk.reason().getMessage());
        assertTrue(sel.describe().contains("skipped ckpt-000002"), sel.describe());
        try (RankFileReader r = store.openRank(sel.chosen(), 1)) {
            assertArrayEquals(payload(1, 1, "drain"), r.readSection("drain"));
        }

        NoUsableCheckpointException strict = assertThrows(NoUsableCheckpointException.class, () -> store.newestUsable(2, true));
        assertEquals(1, strict.rejected().size());
        assertEquals(expected, strict.rejected().get(0).reason().problem());
        assertTrue(strict.getMessage().contains("strict"), strict.getMessage());
        assertTrue(strict.getMessage().contains(messagePart), strict.getMessage());
        return sk.reason();
    }

    @Test
    void truncatedRankFile() throws IOException {
        damagedNewest(ref -> {
            try (RandomAccessFile raf = new RandomAccessFile(ref.rankFile(1).toFile(), "rw")) {
                raf.setLength(raf.length() - 100);
            }
        }, Problem.TRUNCATED, "rank-1.mana");
    }

    @Test
    void bitFlipInASection() throws IOException {
        CheckpointException e = damagedNewest(ref -> {
            long off;
            try (RankFileReader r = RankFileReader.open(ref.rankFile(0))) {
                off = r.section("drain").orElseThrow().payloadOffset() + 10;
            }
            RankFileTest.flip(ref.rankFile(0), off);
        }, Problem.CHECKSUM, "section 'drain'");
        assertEquals("drain", ((CheckpointCorruptException) e).section());
    }

    @Test
    void bitFlipInASectionName() throws IOException {
        // not covered by the payload CRC: caught by the manifest's whole-file CRC
        damagedNewest(ref -> {
            long off;
            try (RankFileReader r = RankFileReader.open(ref.rankFile(0))) {
                off = r.section("requests").orElseThrow().headerOffset() + 4;
            }
            RankFileTest.flip(ref.rankFile(0), off);
        }, Problem.CHECKSUM, "whole-file crc32c");
    }

    @Test
    void bitFlipInTheManifest() throws IOException {
        damagedNewest(ref -> RankFileTest.flip(ref.manifestFile(), 30), Problem.CHECKSUM, "manifest checksum mismatch");
    }

    @Test
    void missingRankFile() throws IOException {
        damagedNewest(ref -> Files.delete(ref.rankFile(1)), Problem.MISSING_FILE, "rank 1 file missing");
    }

    @Test
    void missingManifest() throws IOException {
        damagedNewest(ref -> Files.delete(ref.manifestFile()), Problem.MISSING_FILE, "manifest missing");
    }

    @Test
    void unknownFormatVersion() throws IOException {
        damagedNewest(ref -> {
            try (RandomAccessFile raf = new RandomAccessFile(ref.rankFile(0).toFile(), "rw")) {
                raf.seek(8);
                raf.writeInt(1);
            }
        }, Problem.FORMAT, "format version 1; this MANA reads format version 2 (written by an older MANA; restart it with that version)");
    }

    @Test
    void unknownManifestFormatVersion() throws IOException {
        damagedNewest(ref -> {
            try (RandomAccessFile raf = new RandomAccessFile(ref.manifestFile().toFile(), "rw")) {
                raf.seek(8);
                raf.writeInt(7);
            }
        }, Problem.FORMAT, "manifest");
    }

    @Test
    void wrongWorldSize() throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        CheckpointRef two = checkpoint(store, 1, 2);
        CheckpointRef three = checkpoint(store, 2, 3);
        Selection sel = store.newestUsable(2, false);
        assertEquals(two, sel.chosen());
        CheckpointException why = sel.skipped().get(0).reason();
        assertEquals(Problem.WORLD_SIZE_MISMATCH, why.problem());
        assertTrue(why.getMessage().contains("was taken with 3 ranks; this job has 2 ranks"), why.getMessage());
        NoUsableCheckpointException strict = assertThrows(NoUsableCheckpointException.class, () -> store.newestUsable(2, true));
        assertEquals(Problem.WORLD_SIZE_MISMATCH, strict.rejected().get(0).reason().problem());
        assertEquals(three, store.newestUsable(3, true).chosen());
        NoUsableCheckpointException none = assertThrows(NoUsableCheckpointException.class, () -> store.newestUsable(4, false));
        assertEquals(2, none.rejected().size());
        assertTrue(none.getMessage().contains("none of the 2 complete checkpoint(s)"), none.getMessage());
    }

    @Test
    void emptyRootHasNoUsableCheckpoint() {
        CheckpointStore store = new CheckpointStore(root.resolve("never-written"));
        NoUsableCheckpointException e = assertThrows(NoUsableCheckpointException.class, () -> store.newestUsable(2, false));
        assertTrue(e.getMessage().startsWith("no complete checkpoint in "), e.getMessage());
        assertTrue(e.rejected().isEmpty());
    }

    @Test
    void fullCommitDetectsARankFileDamagedAfterItsWriterReported() throws IOException {
        CheckpointStore store = new CheckpointStore(root);
        CheckpointRef first = checkpoint(store, 1, 2);
        PendingCheckpoint p = store.beginCheckpoint(2, 2, "job-42");
        p.writeRank(0, sections(2, 0));
        p.writeRank(1, sections(2, 1));
        long off;
        try (RankFileReader r = RankFileReader.open(p.directory().resolve("rank-1.mana"))) {
            off = r.section("app-state").orElseThrow().payloadOffset();
        }
        RankFileTest.flip(p.directory().resolve("rank-1.mana"), off);
        CheckpointCorruptException e = assertThrows(CheckpointCorruptException.class, p::commit);
        assertEquals("app-state", e.section());
        assertEquals(List.of(1L), seqs(store));
        assertEquals(first, store.newestUsable(2, true).chosen());
    }

    // ---- concurrency ---------------------------------------------------------------------

    @Test
    void concurrentWritersOfDifferentRanksThenCommit() throws Exception {
        int world = 8;
        CheckpointStore store = new CheckpointStore(root);
        PendingCheckpoint p = store.beginCheckpoint(1, world, "job-42");
        ExecutorService pool = Executors.newFixedThreadPool(world);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<RankFileInfo>> fs = new ArrayList<>();
            for (int r = 0; r < world; r++) {
                int rank = r;
                fs.add(pool.submit(() -> {
                    start.await();
                    try (RankFileWriter w = p.openRank(rank)) {
                        for (Map.Entry<String, byte[]> e : sections(1, rank).entrySet()) {
                            byte[] b = e.getValue();
                            w.writeSection(e.getKey(), out -> {
                                for (int i = 0; i < b.length; i += 97) out.write(b, i, Math.min(97, b.length - i));
                            });
                        }
                        return w.finish();
                    }
                }));
            }
            start.countDown();
            for (Future<RankFileInfo> f : fs) f.get();
        } finally {
            pool.shutdownNow();
        }
        CheckpointRef ref = p.commit();
        verifyAllRanks(store, ref, world);
    }

    @Test
    void ranksInOtherProcessesAttachAndTheCoordinatorCommitsWithoutReports() throws Exception {
        int world = 4;
        CheckpointStore coordinator = new CheckpointStore(root);
        PendingCheckpoint p = coordinator.beginCheckpoint(1, world, "job-7");
        ExecutorService pool = Executors.newFixedThreadPool(world);
        List<RankFileInfo> reports = new ArrayList<>();
        try {
            List<Future<RankFileInfo>> fs = new ArrayList<>();
            for (int r = 0; r < world; r++) {
                int rank = r;
                Callable<RankFileInfo> task = () -> {
                    // a rank process: its own store object, it only knows root and seq
                    PendingCheckpoint mine = new CheckpointStore(root).attachCheckpoint(1);
                    assertEquals(world, mine.worldSize());
                    assertEquals("job-7", mine.jobId());
                    return mine.writeRank(rank, sections(1, rank));
                };
                fs.add(pool.submit(task));
            }
            for (Future<RankFileInfo> f : fs) reports.add(f.get());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(Set.of(0, 1, 2, 3), p.ranksDone());
        assertEquals(0, p.bytesWritten(), "the coordinator wrote nothing itself");
        reports.forEach(p::recordRank);
        CheckpointRef ref = p.commit(PendingCheckpoint.Verify.QUICK);
        Manifest m = coordinator.readManifest(ref);
        assertEquals(reports, m.ranks());
        verifyAllRanks(coordinator, ref, world);
        assertThrows(CheckpointException.class, () -> coordinator.attachCheckpoint(1), "no longer pending");
    }

    private static void verifyAllRanks(CheckpointStore store, CheckpointRef ref, int world) throws IOException {
        Selection sel = store.newestUsable(world, true);
        assertEquals(ref, sel.chosen());
        for (int r = 0; r < world; r++) {
            try (RankFileReader rd = store.openRank(ref, r)) {
                for (Map.Entry<String, byte[]> e : sections(1, r).entrySet()) {
                    assertArrayEquals(e.getValue(), rd.readSection(e.getKey()), "rank " + r + " " + e.getKey());
                }
            }
        }
        assertFalse(Files.exists(ref.dir().resolve(PendingCheckpoint.PENDING_FILE)));
    }
}
