package mana.ckpt.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mana.ckpt.store.CheckpointException.Problem;

class RankFileTest {
    static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    /** Deterministic generated content: block i of a stream seeded with seed. */
    static void fill(byte[] block, long seed, int i) {
        new SplittableRandom(seed * 1_000_003L + i).nextBytes(block);
    }

    @Test
    void roundTripOfSeveralSectionsIncludingEmptyAndStreamed64MiB() throws IOException {
        Path f = dir.resolve("rank-1.mana");
        byte[] small = "hello, checkpoint".getBytes(StandardCharsets.UTF_8);
        int blocks = 64;
        CRC32C expected = new CRC32C();
        RankFileInfo info;
        try (RankFileWriter w = RankFileWriter.create(f, 1, 4, 9)) {
            w.writeSection("app-state", small);
            w.writeSection("descriptors/communicator", new byte[0]);
            w.writeSection("drain", out -> {
                byte[] block = new byte[MIB]; // one block reused: no copy of the whole payload in memory
                for (int i = 0; i < blocks; i++) {
                    fill(block, 1, i);
                    expected.update(block);
                    out.write(block);
                }
            });
            w.writeSection("requests", out -> {
                for (int i = 0; i < 1000; i++) out.write(i); // single-byte writes
                ByteBuffer direct = ByteBuffer.allocateDirect(3 * MIB); // large direct buffer: written without copy
                for (int i = 0; i < direct.capacity(); i++) direct.put((byte) (i * 31));
                direct.flip();
                ((SectionOutputStream) out).write(direct);
                assertFalse(direct.hasRemaining());
            });
            info = w.finish();
        }
        assertFalse(Files.exists(dir.resolve("rank-1.mana.part")));
        assertEquals(Files.size(f), info.size());
        assertEquals(CheckpointFormat.crc32c(f), info.crc32c(), "whole-file CRC computed on the fly matches the file");

        try (RankFileReader r = RankFileReader.open(f)) {
            assertEquals(1, r.rank());
            assertEquals(4, r.worldSize());
            assertEquals(9, r.seq());
            assertEquals(CheckpointFormat.FORMAT_VERSION, r.formatVersion());
            assertEquals(List.of("app-state", "descriptors/communicator", "drain", "requests"),
                    r.sections().stream().map(SectionInfo::name).toList());
            assertArrayEquals(small, r.readSection("app-state"));
            assertArrayEquals(new byte[0], r.readSection("descriptors/communicator"));
            assertEquals((long) blocks * MIB, r.section("drain").orElseThrow().length());
            assertEquals((int) expected.getValue(), r.section("drain").orElseThrow().storedCrc32c());

            // stream the 64 MiB back, comparing every block with the regenerated content
            try (InputStream in = r.openSection("drain")) {
                byte[] want = new byte[MIB];
                byte[] got = new byte[MIB];
                for (int i = 0; i < blocks; i++) {
                    fill(want, 1, i);
                    assertEquals(MIB, in.readNBytes(got, 0, MIB));
                    assertTrue(Arrays.equals(want, got), "block " + i);
                }
                assertEquals(-1, in.read());
            }
            byte[] req = r.readSection("requests");
            assertEquals(1000 + 3 * MIB, req.length);
            assertEquals((byte) 999, req[999]);
            assertEquals((byte) (12345 * 31), req[1000 + 12345]);
            assertEquals(info, r.verify());
            assertThrows(CheckpointException.class, () -> r.readSection("no-such-section"));
        }
    }

    @Test
    void duplicateAndInvalidSectionNamesAreRefused() throws IOException {
        try (RankFileWriter w = RankFileWriter.create(dir.resolve("r.mana"), 0, 1, 1)) {
            w.writeSection("a", new byte[1]);
            assertThrows(IllegalArgumentException.class, () -> w.writeSection("a", new byte[1]));
            assertThrows(IllegalArgumentException.class, () -> w.writeSection("", new byte[1]));
            assertThrows(IllegalArgumentException.class, () -> w.writeSection("x".repeat(2000), new byte[1]));
        }
    }

    @Test
    void failingCallbackLeavesNoRankFile() throws IOException {
        Path f = dir.resolve("rank-0.mana");
        IOException boom = new IOException("serialization failed");
        try (RankFileWriter w = RankFileWriter.create(f, 0, 1, 1)) {
            IOException e = assertThrows(IOException.class, () -> w.writeSection("app-state", out -> {
                out.write(new byte[100]);
                throw boom;
            }));
            assertEquals(boom, e);
            assertThrows(CheckpointException.class, w::finish);
        }
        assertFalse(Files.exists(f));
        assertFalse(Files.exists(dir.resolve("rank-0.mana.part")));
    }

    /**
     * A file long enough for O_DIRECT (DirectWrites; ordinary writes where the file system refuses
     * it): sections of every size after the switch, a section length patched in the buffer, in the
     * file, and across the end of a buffer; everything reads back and the CRCs hold. A streamed
     * section that fails half-way leaves no file. (Contents generated in 64 KiB blocks: the test
     * JVM has 48 MiB.)
     */
    @Test
    void aLargeFileWrittenAroundThePageCacheReadsBackTheSame() throws IOException {
        Path f = dir.resolve("rank-0.mana");
        Map<String, long[]> sections = new LinkedHashMap<>(); // name -> length, CRC32C
        SplittableRandom rnd = new SplittableRandom(7);
        RankFileInfo info;
        try (RankFileWriter w = RankFileWriter.create(f, 0, 1, 1)) {
            long big = Math.max(DirectWrites.FROM + MIB, 41L * MIB + 123);
            section(w, sections, "big", big, 77777);
            for (int i = 0; i < 60; i++) {
                section(w, sections, "s" + i, rnd.nextInt(i % 10 == 0 ? 9 * MIB : 50_000), 1 + rnd.nextInt(100_000));
            }
            if (w.writesDirect()) {
                // a header whose length field lies across the end of the buffer being filled
                long pos = w.bytesWritten();
                long target = w.bufferEnd() - (3 + 1) - 4; // the next section "x" starts here: its length at [target + 4, target + 12)
                long payload = target - pos - (11 + 4) - 4; // filler "fill": header 11 + 4 bytes of name, CRC 4
                if (payload < 0) payload += DirectWrites.BUFFER;
                section(w, sections, "fill", payload, 4096);
                assertEquals(target, w.bytesWritten());
                section(w, sections, "x", 10, 10);
            }
            info = w.finish();
        }
        assertEquals(Files.size(f), info.size());
        assertEquals(CheckpointFormat.crc32c(f), info.crc32c());
        try (RankFileReader r = RankFileReader.open(f)) {
            r.verify();
            assertEquals(List.copyOf(sections.keySet()), r.sections().stream().map(SectionInfo::name).toList());
            for (Map.Entry<String, long[]> e : sections.entrySet()) {
                CRC32C crc = new CRC32C();
                long n = 0;
                try (InputStream in = r.openSection(e.getKey())) {
                    byte[] b = new byte[1 << 16];
                    for (int k; (k = in.read(b)) > 0; n += k) crc.update(b, 0, k);
                }
                assertEquals(e.getValue()[0], n, e.getKey());
                assertEquals(e.getValue()[1], crc.getValue(), e.getKey());
            }
        }
        Path g = dir.resolve("rank-1.mana");
        try (RankFileWriter w = RankFileWriter.create(g, 1, 2, 1)) {
            assertThrows(IOException.class, () -> w.writeSection("heap", out -> {
                byte[] b = filled(MIB, 3);
                for (int i = 0; i < 48; i++) out.write(b);
                throw new IOException("refused half-way");
            }));
        }
        assertFalse(Files.exists(g));
        assertFalse(Files.exists(dir.resolve("rank-1.mana.part")));
    }

    /** A section of {@code length} generated bytes written in pieces of {@code piece}; records its length and CRC. */
    private static void section(RankFileWriter w, Map<String, long[]> sections, String name, long length, int piece) throws IOException {
        CRC32C crc = new CRC32C();
        w.writeSection(name, out -> {
            byte[] block = new byte[1 << 16];
            long left = length;
            for (int i = 0; left > 0; i++) {
                fill(block, name.hashCode(), i);
                int n = (int) Math.min(block.length, left);
                crc.update(block, 0, n);
                for (int at = 0; at < n; at += piece) out.write(block, at, Math.min(piece, n - at));
                left -= n;
            }
        });
        sections.put(name, new long[] {length, crc.getValue()});
    }

    static Path writeSample(Path f) throws IOException {
        Map<String, byte[]> s = new LinkedHashMap<>();
        s.put("app-state", filled(5000, 3));
        s.put("drain", filled(20000, 4));
        try (RankFileWriter w = RankFileWriter.create(f, 0, 2, 1)) {
            w.writeSections(s);
            w.finish();
        }
        return f;
    }

    static byte[] filled(int n, long seed) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    static void flip(Path f, long offset) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0x10);
        }
    }

    @Test
    void aSectionReadInChunksIsTheSectionInOrder() throws IOException {
        Path f = writeSample(dir.resolve("rank-0.mana"));
        try (RankFileReader r = RankFileReader.open(f)) {
            byte[] whole = r.readSection("drain");
            java.util.List<java.nio.ByteBuffer> chunks = r.readSectionChunks("drain", 3000);
            assertEquals((whole.length + 2999) / 3000, chunks.size());
            java.io.ByteArrayOutputStream joined = new java.io.ByteArrayOutputStream();
            for (java.nio.ByteBuffer b : chunks) {
                assertTrue(b.remaining() <= 3000);
                joined.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
            }
            assertArrayEquals(whole, joined.toByteArray());
        }
    }

    @Test
    void bitFlipInAPayloadNamesFileSectionAndOffsets() throws IOException {
        Path f = writeSample(dir.resolve("rank-0.mana"));
        SectionInfo drain;
        try (RankFileReader r = RankFileReader.open(f)) {
            drain = r.section("drain").orElseThrow();
        }
        flip(f, drain.payloadOffset() + 777);
        try (RankFileReader r = RankFileReader.open(f)) { // framing intact: opens
            assertArrayEquals(filled(5000, 3), r.readSection("app-state"));
            CheckpointCorruptException e = assertThrows(CheckpointCorruptException.class, () -> r.readSection("drain"));
            assertEquals(Problem.CHECKSUM, e.problem());
            assertEquals("drain", e.section());
            assertEquals(f, e.file());
            assertEquals(drain.headerOffset(), e.offset());
            assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
            assertTrue(e.getMessage().contains("section 'drain'"), e.getMessage());
            assertTrue(e.getMessage().contains(drain.payloadOffset() + ".." + (drain.payloadOffset() + 20000)), e.getMessage());
            CheckpointCorruptException v = assertThrows(CheckpointCorruptException.class, r::verify);
            assertEquals("drain", v.section());
            // read in chunks (a heap image may exceed one array): the same check
            CheckpointCorruptException c = assertThrows(CheckpointCorruptException.class, () -> r.readSectionChunks("drain", 3000));
            assertEquals("drain", c.section());
            // a stream reports it at the end and keeps failing
            InputStream in = r.openSection("drain");
            assertThrows(CheckpointCorruptException.class, () -> in.readAllBytes());
            assertThrows(CheckpointCorruptException.class, in::read);
        }
    }

    @Test
    void truncationIsDetectedWithTheSectionItCuts() throws IOException {
        Path f = writeSample(dir.resolve("rank-0.mana"));
        long size = Files.size(f);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size - 5000);
        }
        CheckpointCorruptException e = assertThrows(CheckpointCorruptException.class, () -> RankFileReader.open(f));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertEquals("drain", e.section());
        assertTrue(e.getMessage().contains("file ends at " + (size - 5000)), e.getMessage());

        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(20);
        }
        e = assertThrows(CheckpointCorruptException.class, () -> RankFileReader.open(f));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertTrue(e.getMessage().contains("shorter than the 32-byte header"), e.getMessage());
    }

    @Test
    void missingEndMarkerIsTruncation() throws IOException {
        Path f = writeSample(dir.resolve("rank-0.mana"));
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(Files.size(f) - CheckpointFormat.END_MARKER_LENGTH);
        }
        CheckpointCorruptException e = assertThrows(CheckpointCorruptException.class, () -> RankFileReader.open(f));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertTrue(e.getMessage().contains("before the end marker, after 2 complete section(s)"), e.getMessage());
    }

    @Test
    void unknownFormatVersionAndForeignFilesAreRefused() throws IOException {
        Path f = writeSample(dir.resolve("rank-0.mana"));
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(8);
            raf.writeInt(99);
        }
        UnsupportedFormatException e = assertThrows(UnsupportedFormatException.class, () -> RankFileReader.open(f));
        assertEquals(99, e.foundVersion());
        assertEquals(Problem.FORMAT, e.problem());
        assertTrue(e.getMessage().contains("format version 99; this MANA reads format version 2"), e.getMessage());

        Path g = Files.write(dir.resolve("other.mana"), "PK\u0003\u0004 this is a zip, not a checkpoint".getBytes(StandardCharsets.UTF_8));
        e = assertThrows(UnsupportedFormatException.class, () -> RankFileReader.open(g));
        assertTrue(e.getMessage().contains("bad magic"), e.getMessage());
    }

    @Test
    void headerBitFlipIsAChecksumError() throws IOException {
        Path f = writeSample(dir.resolve("rank-0.mana"));
        flip(f, 14); // inside the rank field
        CheckpointCorruptException e = assertThrows(CheckpointCorruptException.class, () -> RankFileReader.open(f));
        assertEquals(Problem.CHECKSUM, e.problem());
        assertTrue(e.getMessage().contains("header checksum mismatch"), e.getMessage());
    }
}
