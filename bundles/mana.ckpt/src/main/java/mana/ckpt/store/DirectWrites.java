package mana.ckpt.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The bulk of a large rank file written with O_DIRECT (issue 18): around the page cache, so that
 * a GiB heap image is not first copied into the cache and then written back by the kernel while
 * the checkpoint competes with it for the cores, and {@code fsync} finds little left to do. The
 * bytes are copied into aligned 8 MiB buffers and each full one is written at an aligned offset by
 * a background thread while the next fills (the serializer and the disk work at once; two
 * buffers, so at most one write is in flight). The file stays the {@code .part} the writer renames
 * after {@code fsync}, and the CRCs are the writer's as before: only the way bytes reach the disk
 * changes. {@code -Dmana.ckpt.directIO=false} switches it off; a file system that refuses O_DIRECT
 * (tmpfs) or an unaligned write gets ordinary writes, as a small file always does.
 */
final class DirectWrites {
    /** Off with -Dmana.ckpt.directIO=false. */
    static final boolean ENABLED = !"false".equalsIgnoreCase(System.getProperty("mana.ckpt.directIO"));
    /** A file goes on around the page cache once it is this long (small files gain nothing). */
    static final long FROM = Long.getLong("mana.ckpt.directFromMiB", 32) << 20;
    static final int BUFFER = 8 << 20;
    private static final OpenOption DIRECT = directOption();

    private final FileChannel ch;
    private final FileChannel plain;
    private final int align;
    private final long fileLength;
    private long next;          // the file offset of the next direct write (aligned)
    private ByteBuffer spare;
    private Thread inFlight;
    private IOException failure;

    private DirectWrites(FileChannel ch, FileChannel plain, int align, long fileLength) {
        this.ch = ch;
        this.plain = plain;
        this.align = align;
        this.fileLength = fileLength;
        this.spare = aligned(BUFFER, align);
    }

    /**
     * Direct writes to {@code part} (open for ordinary writes as {@code plain}, {@code length}
     * bytes written so far), or null when off or refused (then the caller goes on as before).
     */
    static DirectWrites open(Path part, FileChannel plain, long length) {
        if (!ENABLED || DIRECT == null) {
            return null;
        }
        try {
            long block = Files.getFileStore(part).getBlockSize();
            int align = (int) Math.max(4096, block); // page-aligned: ordinary and direct writes never share a page
            if (align > (1 << 20) || Integer.bitCount(align) != 1) {
                return null;
            }
            FileChannel ch = FileChannel.open(part, StandardOpenOption.WRITE, DIRECT);
            return new DirectWrites(ch, plain, align, length);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null; // e.g. tmpfs: EINVAL on open
        }
    }

    /** Bytes the caller must still write the ordinary way so that the file's length is aligned. */
    int headLength() {
        return (int) ((align - fileLength % align) % align);
    }

    /** The caller wrote {@code n} more bytes the ordinary way: the file's length is aligned now. */
    void started(int n) {
        next = fileLength + n;
        if (next % align != 0) {
            throw new IllegalStateException("unaligned start of direct writes at " + next);
        }
    }

    /** An empty aligned buffer to fill. */
    ByteBuffer buffer() {
        ByteBuffer b = spare;
        spare = aligned(BUFFER, align);
        return b.clear();
    }

    /** Writes the full buffer in the background; returns the next one to fill. */
    ByteBuffer write(ByteBuffer full) throws IOException {
        drain();
        full.flip();
        long at = next;
        next += full.remaining();
        ByteBuffer b = full;
        Thread t = new Thread(() -> {
            try {
                writeFully(b, at);
            } catch (IOException e) {
                failure = e;
            }
        }, "mana-ckpt-direct-write");
        t.setDaemon(true);
        inFlight = t;
        t.start();
        ByteBuffer other = spare;
        spare = full;
        return other.clear();
    }

    /** Writes what is in {@code last} (from 0 to its position): the aligned part directly, the tail the ordinary way; waits for all. */
    void finish(ByteBuffer last) throws IOException {
        drain();
        last.flip();
        int whole = last.remaining() / align * align;
        if (whole > 0) {
            writeFully(last.duplicate().limit(whole), next);
        }
        ByteBuffer tail = last.position(whole);
        long at = next + whole;
        while (tail.hasRemaining()) {
            plain.write(tail, at + tail.position() - whole);
        }
        next = at + (last.limit() - whole);
    }

    /** Waits for the write in flight (rethrowing its failure). */
    void drain() throws IOException {
        Thread t = inFlight;
        if (t != null) {
            boolean interrupted = false;
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            inFlight = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (failure != null) {
            IOException f = failure;
            failure = null;
            throw f;
        }
    }

    void close() throws IOException {
        drain();
        ch.close();
    }

    /** An abandoned file: no write may still be going when its part is deleted. */
    void abandon() {
        try {
            drain();
        } catch (IOException ignored) {
            // the file is deleted anyway
        }
        try {
            ch.close();
        } catch (IOException ignored) {
            // idem
        }
    }

    private void writeFully(ByteBuffer b, long at) throws IOException {
        long start = at;
        try {
            while (b.hasRemaining()) {
                at += ch.write(b, at);
            }
        } catch (IOException e) {
            if (e instanceof InterruptedIOException || ch.isOpen() && at > start) {
                throw e;
            }
            // the file system took the open but not the write (EINVAL): the same bytes the ordinary way
            while (b.hasRemaining()) {
                at += plain.write(b, at);
            }
        }
    }

    private static ByteBuffer aligned(int size, int align) {
        return ByteBuffer.allocateDirect(size + align).alignedSlice(align).limit(size).slice();
    }

    /** com.sun.nio.file.ExtendedOpenOption.DIRECT (module jdk.unsupported, found by name: no import needed in OSGi). */
    private static OpenOption directOption() {
        try {
            Class<?> c = Class.forName("com.sun.nio.file.ExtendedOpenOption", true, null);
            for (Object o : c.getEnumConstants()) {
                if (((Enum<?>) o).name().equals("DIRECT")) {
                    return (OpenOption) o;
                }
            }
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            // not this JDK: ordinary writes
        }
        return null;
    }
}
