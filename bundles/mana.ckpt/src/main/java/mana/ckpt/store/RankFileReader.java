package mana.ckpt.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;

import mana.ckpt.store.CheckpointException.Problem;

/**
 * Reads a rank file. {@link #open} checks the header (magic, format version, header checksum)
 * and indexes the sections (checking the framing and the end marker, not yet the payloads);
 * {@link #readSection}/{@link #openSection} verify a payload's CRC32C as they read it;
 * {@link #verify()} checks every section and computes the whole-file CRC32C in one pass.
 * Thread-safe for concurrent reads (positional reads only).
 */
public final class RankFileReader implements AutoCloseable {
    private static final int READ_CHUNK = 1 << 20;

    private final Path file;
    private final FileChannel ch;
    private final long size;
    private final int formatVersion;
    private final int rank;
    private final int worldSize;
    private final long seq;
    private final Map<String, SectionInfo> sections;

    public static RankFileReader open(Path file) throws CheckpointException {
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new CheckpointException(Problem.MISSING_FILE, "rank file missing: " + file);
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot open rank file " + file + ": " + e, e);
        }
        try {
            return new RankFileReader(file, ch);
        } catch (CheckpointException e) {
            closeQuietly(ch);
            throw e;
        } catch (IOException e) {
            closeQuietly(ch);
            throw new CheckpointException(Problem.IO, "cannot read rank file " + file + ": " + e, e);
        }
    }

    private RankFileReader(Path file, FileChannel ch) throws IOException {
        this.file = file;
        this.ch = ch;
        this.size = ch.size();
        byte[] magic = CheckpointFormat.RANK_MAGIC;
        if (size < magic.length + 4) {
            if (size >= magic.length && Arrays.equals(read(0, magic.length).array(), magic)) {
                throw corrupt(Problem.TRUNCATED, null, 0, "file is " + size + " bytes, shorter than the "
                        + CheckpointFormat.RANK_HEADER_LENGTH + "-byte header");
            }
            throw new UnsupportedFormatException(file, -1, "not a MANA checkpoint rank file (" + size + " bytes, no MANACKPT magic): " + file);
        }
        ByteBuffer h = read(0, (int) Math.min(size, CheckpointFormat.RANK_HEADER_LENGTH));
        byte[] m = new byte[magic.length];
        h.get(m);
        if (!Arrays.equals(m, magic)) {
            throw new UnsupportedFormatException(file, -1, "not a MANA checkpoint rank file (bad magic): " + file);
        }
        this.formatVersion = h.getInt();
        if (formatVersion != CheckpointFormat.FORMAT_VERSION) {
            throw new UnsupportedFormatException(file, formatVersion, "rank file " + file + " has format version "
                    + formatVersion + "; this MANA reads format version " + CheckpointFormat.FORMAT_VERSION
                    + CheckpointFormat.versionHint(formatVersion));
        }
        if (size < CheckpointFormat.RANK_HEADER_LENGTH) {
            throw corrupt(Problem.TRUNCATED, null, 0, "file is " + size + " bytes, shorter than the "
                    + CheckpointFormat.RANK_HEADER_LENGTH + "-byte header");
        }
        this.rank = h.getInt();
        this.worldSize = h.getInt();
        this.seq = h.getLong();
        int stored = h.getInt();
        int actual = CheckpointFormat.crc32c(h.array(), 0, CheckpointFormat.RANK_HEADER_LENGTH - 4);
        if (stored != actual) {
            throw corrupt(Problem.CHECKSUM, null, 0, "header checksum mismatch over bytes 0.."
                    + (CheckpointFormat.RANK_HEADER_LENGTH - 4) + ": stored " + CheckpointFormat.hex(stored)
                    + ", computed " + CheckpointFormat.hex(actual));
        }
        this.sections = Collections.unmodifiableMap(index());
    }

    private Map<String, SectionInfo> index() throws IOException {
        Map<String, SectionInfo> idx = new LinkedHashMap<>();
        long off = CheckpointFormat.RANK_HEADER_LENGTH;
        while (true) {
            if (off + 1 > size) {
                throw corrupt(Problem.TRUNCATED, null, off, "file ends (size " + size + ") before the end marker, after "
                        + idx.size() + " complete section(s)");
            }
            byte tag = read(off, 1).get();
            if (tag == CheckpointFormat.TAG_END) {
                if (off + CheckpointFormat.END_MARKER_LENGTH > size) {
                    throw corrupt(Problem.TRUNCATED, null, off, "end marker cut short: file ends at " + size);
                }
                ByteBuffer e = read(off + 1, CheckpointFormat.END_MARKER_LENGTH - 1);
                int count = e.getInt();
                byte[] em = new byte[CheckpointFormat.RANK_END_MAGIC.length];
                e.get(em);
                if (!Arrays.equals(em, CheckpointFormat.RANK_END_MAGIC)) {
                    throw corrupt(Problem.CORRUPT, null, off, "end marker has a bad magic");
                }
                if (count != idx.size()) {
                    throw corrupt(Problem.CORRUPT, null, off, "end marker counts " + count + " sections, the file has " + idx.size());
                }
                long endOff = off + CheckpointFormat.END_MARKER_LENGTH;
                if (endOff != size) {
                    throw corrupt(Problem.CORRUPT, null, endOff, (size - endOff) + " unexpected bytes after the end marker");
                }
                return idx;
            }
            if (tag != CheckpointFormat.TAG_SECTION) {
                throw corrupt(Problem.CORRUPT, null, off, String.format("unexpected tag byte 0x%02x (expected 'S' or 'E') after %d section(s)",
                        tag & 0xff, idx.size()));
            }
            if (off + 3 > size) throw corrupt(Problem.TRUNCATED, null, off, "section header cut short: file ends at " + size);
            int nameLen = read(off + 1, 2).getShort() & 0xffff;
            if (nameLen == 0 || nameLen > CheckpointFormat.MAX_SECTION_NAME_BYTES) {
                throw corrupt(Problem.CORRUPT, null, off, "section name length " + nameLen + " outside 1.." + CheckpointFormat.MAX_SECTION_NAME_BYTES);
            }
            if (off + 3 + nameLen + 8 > size) throw corrupt(Problem.TRUNCATED, null, off, "section header cut short: file ends at " + size);
            ByteBuffer nh = read(off + 3, nameLen + 8);
            byte[] nb = new byte[nameLen];
            nh.get(nb);
            String name = new String(nb, StandardCharsets.UTF_8);
            long length = nh.getLong();
            long payload = off + 3 + nameLen + 8;
            if (length < 0) throw corrupt(Problem.CORRUPT, name, off, "negative payload length " + length);
            if (length > size - payload - 4) {
                throw corrupt(Problem.TRUNCATED, name, off, "section declares " + length + " payload bytes at offset " + payload
                        + " (plus a 4-byte checksum) but the file ends at " + size);
            }
            int crc = read(payload + length, 4).getInt();
            if (idx.containsKey(name)) throw corrupt(Problem.CORRUPT, name, off, "duplicate section name");
            idx.put(name, new SectionInfo(name, off, payload, length, crc));
            off = payload + length + 4;
        }
    }

    public Path file() {
        return file;
    }

    public long size() {
        return size;
    }

    public int formatVersion() {
        return formatVersion;
    }

    public int rank() {
        return rank;
    }

    public int worldSize() {
        return worldSize;
    }

    public long seq() {
        return seq;
    }

    /** The sections in file order. */
    public List<SectionInfo> sections() {
        return List.copyOf(sections.values());
    }

    public Optional<SectionInfo> section(String name) {
        return Optional.ofNullable(sections.get(name));
    }

    /** Reads a whole section into memory, verifying its CRC32C. */
    public byte[] readSection(String name) throws CheckpointException {
        SectionInfo s = require(name);
        if (s.length() > Integer.MAX_VALUE - 16) {
            throw new CheckpointException(Problem.STATE, "section '" + name + "' of " + file + " has " + s.length()
                    + " bytes, too many for one array; use openSection");
        }
        try (InputStream in = openSection(name)) {
            byte[] out = new byte[(int) s.length()];
            int n = in.readNBytes(out, 0, out.length);
            if (n != out.length || in.read() != -1) {
                throw new CheckpointException(Problem.IO, "section '" + name + "' of " + file + " changed while being read");
            }
            return out;
        } catch (CheckpointException e) {
            throw e;
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot read section '" + name + "' of " + file + ": " + e, e);
        }
    }

    /**
     * Reads a whole section into consecutive arrays of at most {@code chunk} bytes, verifying its
     * CRC32C: for a section that may exceed one array's 2 GiB (a transparent checkpoint's heap image).
     */
    public List<java.nio.ByteBuffer> readSectionChunks(String name, int chunk) throws CheckpointException {
        SectionInfo s = require(name);
        List<java.nio.ByteBuffer> out = new java.util.ArrayList<>();
        try (InputStream in = openSection(name)) {
            for (long left = s.length(); left > 0; ) {
                byte[] b = new byte[(int) Math.min(chunk, left)];
                if (in.readNBytes(b, 0, b.length) != b.length) {
                    throw new CheckpointException(Problem.IO, "section '" + name + "' of " + file + " changed while being read");
                }
                out.add(java.nio.ByteBuffer.wrap(b));
                left -= b.length;
            }
            if (in.read() != -1) { // the end: the CRC32C is checked here
                throw new CheckpointException(Problem.IO, "section '" + name + "' of " + file + " changed while being read");
            }
            return out;
        } catch (CheckpointException e) {
            throw e;
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot read section '" + name + "' of " + file + ": " + e, e);
        }
    }

    /**
     * A stream over a section's payload. The CRC32C is checked when the stream reaches the end:
     * the read that would return end of stream throws {@link CheckpointCorruptException} instead
     * if it does not match, so read to the end before trusting what was read.
     */
    public InputStream openSection(String name) throws CheckpointException {
        return new SectionInputStream(require(name));
    }

    /**
     * Reads the whole file once: checks every section's CRC32C and returns the size and CRC32C of
     * the whole file (to compare with the manifest).
     */
    public RankFileInfo verify() throws CheckpointException {
        CRC32C whole = new CRC32C();
        ByteBuffer buf = ByteBuffer.allocateDirect(READ_CHUNK);
        try {
            long off = 0;
            for (SectionInfo s : sections.values()) {
                feed(buf, off, s.payloadOffset(), whole, null);
                CRC32C sc = new CRC32C();
                feed(buf, s.payloadOffset(), s.payloadOffset() + s.length(), whole, sc);
                checkCrc(s, (int) sc.getValue());
                off = s.payloadOffset() + s.length();
            }
            feed(buf, off, size, whole, null);
        } catch (CheckpointException e) {
            throw e;
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot read rank file " + file + ": " + e, e);
        }
        return new RankFileInfo(rank, file.getFileName().toString(), size, (int) whole.getValue());
    }

    private void feed(ByteBuffer buf, long from, long to, CRC32C a, CRC32C b) throws IOException {
        long p = from;
        while (p < to) {
            buf.clear();
            buf.limit((int) Math.min(buf.capacity(), to - p));
            int n = readFully(buf, p);
            buf.flip();
            a.update(buf);
            if (b != null) {
                buf.rewind();
                b.update(buf);
            }
            p += n;
        }
    }

    private void checkCrc(SectionInfo s, int actual) throws CheckpointCorruptException {
        if (actual != s.storedCrc32c()) {
            throw corrupt(Problem.CHECKSUM, s.name(), s.headerOffset(), "payload checksum mismatch over bytes "
                    + s.payloadOffset() + ".." + (s.payloadOffset() + s.length()) + " (" + s.length() + " bytes): stored "
                    + CheckpointFormat.hex(s.storedCrc32c()) + " at offset " + (s.payloadOffset() + s.length())
                    + ", computed " + CheckpointFormat.hex(actual));
        }
    }

    private SectionInfo require(String name) throws CheckpointException {
        SectionInfo s = sections.get(name);
        if (s == null) {
            throw new CheckpointException(Problem.CORRUPT, "rank file " + file + " has no section '" + name
                    + "' (it has " + sections.keySet() + ")");
        }
        return s;
    }

    private ByteBuffer read(long position, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        if (readFully(b, position) < n) throw corrupt(Problem.TRUNCATED, null, position, "file ends while reading");
        b.flip();
        return b;
    }

    private int readFully(ByteBuffer b, long position) throws IOException {
        int total = 0;
        while (b.hasRemaining()) {
            int n = ch.read(b, position + total);
            if (n < 0) {
                throw corrupt(Problem.TRUNCATED, null, position + total, "file ended at " + (position + total)
                        + " while reading (it shrank since it was opened?)");
            }
            total += n;
        }
        return total;
    }

    private CheckpointCorruptException corrupt(Problem p, String section, long offset, String detail) {
        return new CheckpointCorruptException(p, file, section, offset, detail);
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
    }

    private final class SectionInputStream extends InputStream {
        private final SectionInfo s;
        private final CRC32C crc = new CRC32C();
        private long next;
        private final long end;
        private boolean checked;
        private CheckpointCorruptException failure;

        SectionInputStream(SectionInfo s) {
            this.s = s;
            this.next = s.payloadOffset();
            this.end = s.payloadOffset() + s.length();
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (next >= end) {
                check();
                return -1;
            }
            if (len == 0) return 0;
            int n = (int) Math.min(Math.min(len, READ_CHUNK), end - next);
            int r = readFully(ByteBuffer.wrap(b, off, n), next);
            crc.update(b, off, r);
            next += r;
            if (next >= end) check();
            return r;
        }

        @Override
        public int available() {
            return (int) Math.min(Integer.MAX_VALUE, end - next);
        }

        private void check() throws CheckpointCorruptException {
            if (!checked) {
                checked = true;
                try {
                    checkCrc(s, (int) crc.getValue());
                } catch (CheckpointCorruptException e) {
                    failure = e;
                }
            }
            if (failure != null) throw failure; // sticky: every later read fails too
        }
    }
}
