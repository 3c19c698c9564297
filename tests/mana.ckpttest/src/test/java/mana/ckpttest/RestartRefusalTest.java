package mana.ckpttest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
