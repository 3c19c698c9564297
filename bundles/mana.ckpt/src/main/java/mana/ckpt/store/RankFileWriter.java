package mana.ckpt.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import mana.ckpt.store.CheckpointException.Problem;

/**
 * Writes one rank file, section by section, in one sequential pass through a fixed 1 MiB direct
 * buffer. The file is written as {@code <name>.part} and renamed to its final name by
 * {@link #finish()} after being forced to disk, so a rank file under its final name is always
 * complete. {@link #close()} without {@code finish()} (an exception, a crash) deletes the part file.
 * Not thread-safe: one writer per rank, one thread at a time.
 */
public final class RankFileWriter implements AutoCloseable {
    static final int BUFFER_SIZE = 1 << 20;

    private final Path target;
    private final Path part;
    private final int rank;
    private final int worldSize;
    private final long seq;
    private final FileChannel ch;
    private ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER_SIZE).order(ByteOrder.BIG_ENDIAN);
    /** Once the file is large: its bytes go around the page cache (null while it is small, or when refused). */
    private DirectWrites direct;
    private boolean directTried;
    private final Set<String> names = new HashSet<>();
    private final Consumer<RankFileInfo> onFinish;
    private final AtomicLong progress;

    private long pos;      // logical file length, buffered bytes included
    private int fileCrc;   // CRC32C of bytes [0, pos) with final section lengths
    private int sectionCount;
    private boolean failed;
    private boolean finished;
    private boolean closed;
    private RankFileInfo info;

    /**
     * A writer for a standalone rank file at {@code file} (which must not exist yet). Inside a
     * checkpoint use {@link PendingCheckpoint#openRank(int)} instead.
     */
    public static RankFileWriter create(Path file, int rank, int worldSize, long seq) throws IOException {
        return new RankFileWriter(file, rank, worldSize, seq, null, null);
    }

    RankFileWriter(Path target, int rank, int worldSize, long seq, Consumer<RankFileInfo> onFinish, AtomicLong progress)
            throws IOException {
        if (worldSize <= 0) throw new IllegalArgumentException("world size must be positive: " + worldSize);
        if (rank < 0 || rank >= worldSize) throw new IllegalArgumentException("rank " + rank + " outside 0.." + (worldSize - 1));
        if (seq <= 0) throw new IllegalArgumentException("checkpoint seq must be positive: " + seq);
        this.target = target;
        this.part = target.resolveSibling(target.getFileName() + ".part");
        this.rank = rank;
        this.worldSize = worldSize;
        this.seq = seq;
        this.onFinish = onFinish;
        this.progress = progress;
        if (Files.exists(target)) throw new FileAlreadyExistsException(target.toString(), null, "rank file already written");
        Files.deleteIfExists(part); // a leftover from an earlier attempt of this rank
        this.ch = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ByteBuffer h = ByteBuffer.allocate(CheckpointFormat.RANK_HEADER_LENGTH);
        h.put(CheckpointFormat.RANK_MAGIC).putInt(CheckpointFormat.FORMAT_VERSION).putInt(rank).putInt(worldSize).putLong(seq);
        h.putInt(CheckpointFormat.crc32c(h.array(), 0, h.position()));
        putTracked(h.array());
    }

    public Path file() {
        return target;
    }

    public int rank() {
        return rank;
    }

    /** Bytes of the file written so far (header and section framing included). */
    public long bytesWritten() {
        return pos;
    }

    /** Whether the file's bulk now goes around the page cache (tests). */
    boolean writesDirect() {
        return direct != null;
    }

    /** The file offset at which the current write buffer ends (tests: a section header across its end). */
    long bufferEnd() {
        return pos - buf.position() + buf.capacity();
    }

    /** Writes a section whose payload is {@code payload}. */
    public RankFileWriter writeSection(String name, byte[] payload) throws IOException {
        Objects.requireNonNull(payload, "payload");
        return writeSection(name, out -> out.write(payload));
    }

    public RankFileWriter writeSection(Section section) throws IOException {
        return writeSection(section.name(), section.writer());
    }

    /**
     * Writes a section whose payload the callback streams; its length need not be known in
     * advance (it is patched into the section header afterwards).
     */
    public RankFileWriter writeSection(String name, SectionWriter writer) throws IOException {
        ensureWritable();
        Objects.requireNonNull(writer, "writer");
        byte[] nameBytes = checkName(name);
        if (!names.add(name)) throw new IllegalArgumentException("duplicate section name '" + name + "' in " + target);
        int headerLen = 1 + 2 + nameBytes.length + 8;
        ByteBuffer h = ByteBuffer.allocate(headerLen);
        h.put(CheckpointFormat.TAG_SECTION).putShort((short) nameBytes.length).put(nameBytes).putLong(-1L);
        long headerPos = pos;
        put(h.array(), 0, headerLen); // CRC added once the length is known
        long payloadStart = pos;
        SectionOutputStream out = new SectionOutputStream(this, name);
        int payloadCrc;
        try {
            writer.writeTo(out);
        } catch (IOException | RuntimeException | Error e) {
            failed = true;
            throw e;
        } finally {
            payloadCrc = out.finish();
        }
        long length = pos - payloadStart;
        if (direct == null) flush();
        patch(ByteBuffer.allocate(8).putLong(0, length), headerPos + headerLen - 8);
        h.putLong(headerLen - 8, length);
        fileCrc = CheckpointFormat.combine(fileCrc, CheckpointFormat.crc32c(h.array(), 0, headerLen), headerLen);
        fileCrc = CheckpointFormat.combine(fileCrc, payloadCrc, length);
        putTracked(ByteBuffer.allocate(4).putInt(payloadCrc).array());
        sectionCount++;
        return this;
    }

    /** Writes the sections of the map in its iteration order (use a LinkedHashMap). */
    public RankFileWriter writeSections(Map<String, byte[]> sections) throws IOException {
        for (Map.Entry<String, byte[]> e : sections.entrySet()) writeSection(e.getKey(), e.getValue());
        return this;
    }

    /**
     * Writes the end marker, forces the file to disk and renames it to its final name. Returns the size and CRC32C of the whole file, for the manifest.
     */
    public RankFileInfo finish() throws IOException {
        ensureWritable();
        ByteBuffer end = ByteBuffer.allocate(CheckpointFormat.END_MARKER_LENGTH);
        end.put(CheckpointFormat.TAG_END).putInt(sectionCount).put(CheckpointFormat.RANK_END_MAGIC);
        putTracked(end.array());
        flushAll();
        if (direct != null) direct.close();
        ch.force(true); // also the device's cache for what went around the page cache
        ch.close();
        closed = true;
        // The rename needs no directory fsync here: the commit forces the directory (with every
        // rank file's name in it) before the checkpoint becomes visible, and a crash before that
        // discards the temporary directory anyway.
        Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
        finished = true;
        info = new RankFileInfo(rank, target.getFileName().toString(), pos, fileCrc);
        if (onFinish != null) onFinish.accept(info);
        return info;
    }

    /** The result of {@link #finish()}, or null before. */
    public RankFileInfo info() {
        return info;
    }

    /** Without a successful {@link #finish()}: closes and deletes the incomplete part file. */
    @Override
    public void close() throws IOException {
        if (finished) return;
        failed = true;
        if (!closed) {
            closed = true;
            if (direct != null) direct.abandon();
            ch.close();
        }
        Files.deleteIfExists(part);
    }

    // ---- buffer plumbing -------------------------------------------------------------------

    void putPayload(byte[] b, int off, int len) throws IOException {
        put(b, off, len);
    }

    void putPayload(ByteBuffer src) throws IOException {
        int n = src.remaining();
        if (n >= BUFFER_SIZE / 2 && direct == null && !directDue()) {
            flush();
            while (src.hasRemaining()) ch.write(src);
            pos += n;
            progress(n);
            return;
        }
        while (src.hasRemaining()) {
            if (!buf.hasRemaining()) flush();
            int k = Math.min(src.remaining(), buf.remaining());
            int lim = src.limit();
            src.limit(src.position() + k);
            buf.put(src);
            src.limit(lim);
            pos += k;
        }
        if (!buf.hasRemaining()) flush();
    }

    /** Whether the file is now large enough to go on with O_DIRECT (a copy through the aligned buffers then). */
    private boolean directDue() {
        return !directTried && DirectWrites.ENABLED && pos >= DirectWrites.FROM;
    }

    private void putTracked(byte[] b) throws IOException {
        fileCrc = CheckpointFormat.combine(fileCrc, CheckpointFormat.crc32c(b, 0, b.length), b.length);
        put(b, 0, b.length);
    }

    private void put(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, buf.remaining());
            buf.put(b, off, n);
            off += n;
            len -= n;
            pos += n;
            if (!buf.hasRemaining()) flush();
        }
    }

    /**
     * Writes out the buffer when it is full (or at the end of a section: everything). Once the
     * file is large, a full buffer goes to {@link DirectWrites} (aligned, around the page cache,
     * in the background), and only a full one: the rest stays for the next, or for finish.
     */
    private void flush() throws IOException {
        if (direct == null && directDue() && !buf.hasRemaining()) { // a full buffer: longer than the head to align
            directTried = true;
            direct = DirectWrites.open(part, ch, pos - buf.position());
            if (direct != null) {
                // the bytes before the next aligned offset go the ordinary way, the rest into an aligned buffer
                buf.flip();
                int head = direct.headLength();
                ByteBuffer first = buf.duplicate().limit(Math.min(head, buf.limit()));
                int n = first.remaining();
                while (first.hasRemaining()) ch.write(first);
                progress(n);
                direct.started(n);
                buf.position(n);
                ByteBuffer rest = buf;
                buf = direct.buffer();
                buf.put(rest);
            }
        }
        if (direct != null) {
            if (!buf.hasRemaining()) {
                int n = buf.position();
                buf = direct.write(buf);
                progress(n);
            }
            return;
        }
        buf.flip();
        int n = buf.remaining();
        while (buf.hasRemaining()) ch.write(buf);
        buf.clear();
        progress(n);
    }

    /** Writes everything still buffered (at the end of the file). */
    private void flushAll() throws IOException {
        if (direct != null) {
            int n = buf.position();
            direct.finish(buf);
            progress(n);
            return;
        }
        flush();
    }

    /** Puts {@code b} at file offset {@code at}, already passed (a section's length): in the buffer, or in the file. */
    private void patch(ByteBuffer b, long at) throws IOException {
        long bufStart = pos - buf.position();
        int inFile = (int) Math.max(0, Math.min(b.remaining(), bufStart - at)); // the part already out of the buffer
        if (inFile < b.remaining()) {
            buf.put((int) (at + inFile - bufStart), b, b.position() + inFile, b.remaining() - inFile);
        }
        if (inFile == 0) {
            return;
        }
        if (direct != null) {
            direct.drain(); // no ordinary write into a range a direct write is still writing
        }
        ByteBuffer f = b.duplicate().limit(b.position() + inFile);
        long start = at - f.position();
        while (f.hasRemaining()) ch.write(f, start + f.position());
    }

    private void progress(long n) {
        if (progress != null && n > 0) progress.addAndGet(n);
    }

    private void ensureWritable() throws IOException {
        if (finished) throw new CheckpointException(Problem.STATE, "rank file " + target + " is already finished");
        if (failed || closed) {
            throw new CheckpointException(Problem.STATE, "rank file " + target
                    + " is unusable after a failed or abandoned write; open a new writer");
        }
    }

    private static byte[] checkName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) throw new IllegalArgumentException("section name must not be empty");
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        if (b.length > CheckpointFormat.MAX_SECTION_NAME_BYTES) {
            throw new IllegalArgumentException("section name longer than " + CheckpointFormat.MAX_SECTION_NAME_BYTES + " UTF-8 bytes");
        }
        return b;
    }
}
