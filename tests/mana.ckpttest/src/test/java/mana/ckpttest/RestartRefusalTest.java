package mana.ckpttest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.zip.CRC32C;
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
        byte[][] forged = forgeDrainLength(dir);
        Path f = dir.resolve("rank-0.mana");
        assertRefused(restart(2, dir), "rank 0: rank file " + f + ": section 'drain': message 0 of ");
        assertArrayEquals(forged[0], Files.readAllBytes(f), "a restart never modifies a checkpoint");
        assertArrayEquals(forged[1], Files.readAllBytes(dir.resolve("manifest.mana")));
    }

    /**
     * The same forged checkpoint through {@code mana restart --max-restarts}: the launcher's
     * checks pass (every checksum matches), the ranks refuse it in MPI_Init, and the launcher
     * stops at once, saying so, instead of restarting from it again until the restarts run out.
     */
    @Test
    void aCheckpointTheRanksRefuseIsNotRetriedByMaxRestarts() throws Exception {
        Path root = tmp.resolve("forged-root");
        Files.createDirectories(root);
        // what mana run writes beside its checkpoints: the run arguments, for mana restart ROOT
        List<String> args = List.of("-np", "2", "--class", Jobs.SCENARIO, Jobs.programs().toString(), "dtype",
                tmp.resolve("unused").toString(), "1", "-1", "3");
        Properties launch = new Properties();
        launch.setProperty("args", String.valueOf(args.size()));
        for (int i = 0; i < args.size(); i++) {
            launch.setProperty("arg." + i, args.get(i));
        }
        launch.setProperty("np", "2");
        launch.setProperty("keep", "2");
        try (var out = Files.newOutputStream(root.resolve("job.properties"))) {
            launch.store(out, null);
        }
        Path dir = root.resolve(good.getFileName());
        Files.createDirectories(dir);
        try (var files = Files.list(good)) {
            for (Path p : files.toList()) {
                Files.copy(p, dir.resolve(p.getFileName()));
            }
        }
        forgeDrainLength(dir);
        ManaJob.Run r = ManaJob.mana("restart", "--max-restarts", "3", root.toString());
        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.err().contains("MANA restart refused"), r.all());
        assertTrue(r.err().contains("[mana] the ranks refused checkpoint ckpt-000001 ("), r.all());
        assertTrue(r.err().contains("not restarting from it again"), r.all());
        assertTrue(!r.err().contains("(restart 1 of 3)"), "no second attempt:\n" + r.all());
        assertTrue(Files.isDirectory(dir), "the checkpoint is left where it is");
    }

    /**
     * Forges the first drained message's length in rank 0's file of {@code dir} and recomputes
     * every checksum (section, whole file, manifest): only reading the content shows it. Returns
     * the rank file's and the manifest's bytes. (The store classes are not on this test's class
     * path: the few offsets of FORMAT.md are read here by hand.)
     */
    private static byte[][] forgeDrainLength(Path dir) throws IOException {
        Path f = dir.resolve("rank-0.mana");
        byte[] b = Files.readAllBytes(f);
        ByteBuffer bb = ByteBuffer.wrap(b);
        int off = 32; // after the header
        int payload = -1;
        long length = -1;
        while (b[off] == 'S') {
            int nameLength = bb.getShort(off + 1) & 0xffff;
            String name = new String(b, off + 3, nameLength, StandardCharsets.UTF_8);
            length = bb.getLong(off + 3 + nameLength);
            payload = off + 11 + nameLength;
            if (name.equals("drain")) {
                break;
            }
            off = payload + (int) length + 4;
        }
        assertEquals('S', b[off], "a drain section");
        assertTrue(bb.getInt(payload) > 0, "the scenario drains messages at the cut");
        bb.putInt(payload + 16, 0x7fff_fff0); // the first message's length
        bb.putInt(payload + (int) length, crc32c(b, payload, (int) length));
        Files.write(f, b);
        // manifest: magic 8, version 4, job id (int32 length + bytes), seq 8, world size 4,
        // created 12, then rank 0's entry: rank 4, file name (int32 length + bytes), size 8, crc 4
        Path mf = dir.resolve("manifest.mana");
        byte[] m = Files.readAllBytes(mf);
        ByteBuffer mb = ByteBuffer.wrap(m);
        int at = 12 + 4 + mb.getInt(12) + 8 + 4 + 12;
        at += 4 + 4 + mb.getInt(at + 4) + 8;
        mb.putInt(at, crc32c(b, 0, b.length));
        mb.putInt(m.length - 4, crc32c(m, 0, m.length - 4));
        Files.write(mf, m);
        return new byte[][] {b, m};
    }

    private static int crc32c(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return (int) c.getValue();
    }
}
