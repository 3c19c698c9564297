package mana.ckpttest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mana.ckpt.store.CheckpointFormat;
import mana.ckpt.store.Manifest;
import mana.ckpt.store.RankFileInfo;
import mana.ckpt.store.RankFileReader;
import mana.ckpt.store.SectionInfo;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A restart never runs on from a damaged or foreign checkpoint: MPI.Init fails on every rank, saying why. */
class RestartRefusalTest {
    @TempDir
    static Path tmp;
    static Path good;

    @BeforeAll
    static void checkpoint() {
        ManaJob.Run r = Jobs.run(2, null, "dtype", tmp.resolve("ckpt"), 1, -1, 3);
        assertEquals(0, r.exit(), r.all());
        good = tmp.resolve("ckpt/ckpt-000001");
        assertTrue(Files.isDirectory(good), r.all());
    }

    private static Path copy(String name) throws IOException {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        try (var files = Files.list(good)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir;
    }

    private static ManaJob.Run restart(int np, Path dir) {
        return Jobs.run(np, dir, "dtype", tmp.resolve("unused"), 1, -1, 3);
    }

    private static void assertRefused(ManaJob.Run r, String why) {
        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.err().contains("MANA restart refused"), r.all());
        assertTrue(r.err().contains(why), "expected \"" + why + "\":\n" + r.all());
        assertTrue(!r.out().contains("RESULT"), "the application must not run:\n" + r.all());
    }

    @Test
    void aBitFlipInARankFileIsRefused() throws IOException {
        Path dir = copy("flipped");
        Path f = dir.resolve("rank-1.mana");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            long at = raf.length() / 2;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x10);
        }
        assertRefused(restart(2, dir), "rank 1: ");
    }

    @Test
    void aTruncatedRankFileIsRefused() throws IOException {
        Path dir = copy("truncated");
        Path f = dir.resolve("rank-0.mana");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(raf.length() - 40);
        }
        assertRefused(restart(2, dir), "truncated");
    }

    @Test
    void aCheckpointOfAnotherRankCountIsRefused() {
        assertRefused(restart(3, good), "the checkpoint was taken with 2 ranks; this job has 3 ranks");
    }

    /**
     * A drained message whose length was forged and every checksum recomputed (section, whole
     * file, manifest): only reading the content shows it. Every rank refuses, nothing is
     * allocated for the length, and the checkpoint is left as it was.
     */
    @Test
    void aForgedLengthWithMatchingChecksumsIsRefusedAndTheCheckpointIsUntouched() throws Exception {
        Path dir = copy("forged");
        Path f = dir.resolve("rank-0.mana");
        SectionInfo drain;
        try (RankFileReader r = RankFileReader.open(f)) {
            drain = r.section("drain").orElseThrow();
        }
        byte[] b = Files.readAllBytes(f);
        ByteBuffer bb = ByteBuffer.wrap(b);
        int off = (int) drain.payloadOffset();
        assertTrue(bb.getInt(off) > 0, "the scenario drains messages at the cut");
        bb.putInt(off + 16, 0x7fff_fff0); // the first message's length
        bb.putInt(off + (int) drain.length(), CheckpointFormat.crc32c(b, off, (int) drain.length()));
        Files.write(f, b);
        Path mf = dir.resolve(CheckpointFormat.MANIFEST_FILE);
        Manifest m = Manifest.read(mf);
        List<RankFileInfo> ranks = new ArrayList<>(m.ranks());
        ranks.set(0, new RankFileInfo(0, ranks.get(0).fileName(), b.length, CheckpointFormat.crc32c(b, 0, b.length)));
        Files.write(mf, new Manifest(m.formatVersion(), m.jobId(), m.seq(), m.worldSize(), m.created(), ranks,
                m.properties()).toBytes());
        byte[] rank0 = Files.readAllBytes(f);
        byte[] manifest = Files.readAllBytes(mf);

        assertRefused(restart(2, dir), "rank 0: rank file " + f + ": section 'drain': message 0 of ");
        assertArrayEquals(rank0, Files.readAllBytes(f), "a restart never modifies a checkpoint");
        assertArrayEquals(manifest, Files.readAllBytes(mf));
    }
}
