package mana.ckpt.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import mana.ckpt.store.SectionOutputStream;

/**
 * The state of a transparent checkpoint: the heap image of the captured main thread (bundle
 * mana.ckpt.heap makes and reads it). Passed to {@link RankCheckpointer#checkpoint} as the
 * application's state, it is written as a section of its own ({@code heap}, checksummed like the
 * others) instead of going through Java serialization; a restart gives it back as
 * {@link Restored#appState()}.
 *
 * <p>A checkpoint's image is {@linkplain #streamed streamed}: it is built while it is written
 * into the rank file (issue 18: building it first, then writing it, doubled the time and held
 * the whole image in memory). A heap found unsaveable while streaming throws {@link Refused}: the
 * engine abandons the checkpoint with its message (the rank file's part is deleted, nothing is
 * committed, the previous checkpoint stays). A restart reads it back as chunks of 64 MiB arrays
 * (no 2 GiB limit of one array).
 */
public final class HeapSection {

    /** Writes an image into the section while building it. */
    @FunctionalInterface
    public interface Writer {
        /** Writes the whole image to {@code out}; throws {@link Refused} if the heap cannot be saved. */
        void writeTo(OutputStream out) throws IOException;
    }

    /** The heap cannot be saved (found while streaming it): the checkpoint is abandoned with this message. */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        public Refused(String message) {
            super(message);
        }

        public Refused(String message, Throwable cause) {
            super(message, cause);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    private final List<ByteBuffer> chunks; // null for a streamed image
    private final Writer writer;
    private long written = -1;

    /** An image as consecutive chunks (each from its position to its limit; direct ones are written without a copy). */
    public HeapSection(List<ByteBuffer> chunks) {
        this.chunks = List.copyOf(chunks);
        this.writer = null;
    }

    /** An image in one array (a restart's, or a small one). */
    public HeapSection(byte[] image) {
        this(List.of(ByteBuffer.wrap(image)));
    }

    private HeapSection(Writer writer) {
        this.chunks = null;
        this.writer = Objects.requireNonNull(writer, "writer");
    }

    /** An image built while the checkpoint writes it (once). */
    public static HeapSection streamed(Writer writer) {
        return new HeapSection(writer);
    }

    /** Whether this image is built while written (no chunks in memory). */
    public boolean isStreamed() {
        return writer != null;
    }

    /** The chunks (a restart's image, or one made in memory). */
    public List<ByteBuffer> chunks() {
        if (chunks == null) {
            throw new IllegalStateException("a streamed heap image has no chunks: it is built while written");
        }
        return chunks;
    }

    /** Bytes in the image (a streamed one: those written, -1 before). */
    public long length() {
        if (chunks == null) {
            return written;
        }
        long n = 0;
        for (ByteBuffer c : chunks) {
            n += c.remaining();
        }
        return n;
    }

    /** The image in one array (at most 2 GiB; small images and tests). */
    public byte[] image() {
        List<ByteBuffer> chunks = chunks();
        if (chunks.size() == 1 && chunks.get(0).hasArray() && chunks.get(0).arrayOffset() == 0 && chunks.get(0).position() == 0
                && chunks.get(0).remaining() == chunks.get(0).array().length) {
            return chunks.get(0).array();
        }
        long n = length();
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a heap image of " + n + " bytes does not fit in one array");
        }
        byte[] all = new byte[(int) n];
        int at = 0;
        for (ByteBuffer c : chunks) {
            int k = c.remaining();
            c.duplicate().get(all, at, k);
            at += k;
        }
        return all;
    }

    /** Writes the image (a streamed one is built now; a section's stream takes direct chunks without copying them). */
    public void writeTo(OutputStream out) throws IOException {
        if (writer != null) {
            long before = out instanceof SectionOutputStream s ? s.bytesWritten() : 0;
            writer.writeTo(out);
            written = out instanceof SectionOutputStream s ? s.bytesWritten() - before : -1;
            return;
        }
        for (ByteBuffer c : chunks) {
            if (out instanceof SectionOutputStream s) {
                s.write(c.duplicate());
            } else {
                byte[] b = new byte[c.remaining()];
                c.duplicate().get(b);
                out.write(b);
            }
        }
    }

    @Override
    public String toString() {
        return writer != null ? "HeapSection[streamed]" : "HeapSection[" + length() + " bytes]";
    }
}
