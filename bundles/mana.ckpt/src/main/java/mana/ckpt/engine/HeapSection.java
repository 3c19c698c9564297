package mana.ckpt.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import mana.ckpt.store.SectionOutputStream;

/**
 * The state of a transparent checkpoint: the heap image of the captured main thread (bundle
 * mana.ckpt.heap makes and reads it). Passed to {@link RankCheckpointer#checkpoint} as the
 * application's state, it is written as a section of its own ({@code heap}, checksummed like the
 * others) instead of going through Java serialization; a restart gives it back as
 * {@link Restored#appState()}.
 *
 * <p>A saved image is a list of chunks (each from its position to its limit; direct ones go to
 * the rank file without a copy), streamed one after another: no copy of a whole (possibly
 * multi-GiB) image is made. A restart reads it back as chunks of 64 MiB arrays (session 16; one
 * array before, which limited a restored image to 2 GiB).
 */
public record HeapSection(List<ByteBuffer> chunks) {

    public HeapSection {
        chunks = List.copyOf(chunks);
    }

    /** An image in one array (a restart's, or a small one). */
    public HeapSection(byte[] image) {
        this(List.of(ByteBuffer.wrap(image)));
    }

    /** Bytes in the image. */
    public long length() {
        long n = 0;
        for (ByteBuffer c : chunks) {
            n += c.remaining();
        }
        return n;
    }

    /** The image in one array (at most 2 GiB; small images and tests). */
    public byte[] image() {
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

    /** Writes the chunks in order (a section's stream takes direct ones without copying them). */
    public void writeTo(OutputStream out) throws IOException {
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
}
