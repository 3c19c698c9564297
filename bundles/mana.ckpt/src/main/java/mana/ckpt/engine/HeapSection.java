package mana.ckpt.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The state of a transparent checkpoint: the heap image of the captured main thread (bundle
 * mana.ckpt.heap makes and reads it). Passed to {@link RankCheckpointer#checkpoint} as the
 * application's state, it is written as a section of its own ({@code heap}, checksummed like the
 * others) instead of going through Java serialization; a restart gives it back as
 * {@link Restored#appState()}.
 *
 * <p>A saved image is a list of chunks, streamed one after another into the rank file: no copy
 * of a whole (possibly multi-GiB) image is made, and an image may exceed one array's 2 GiB. A
 * restart reads it back as one array.
 */
public record HeapSection(List<byte[]> chunks) {

    public HeapSection {
        chunks = List.copyOf(chunks);
    }

    /** An image in one array (a restart's, or a small one). */
    public HeapSection(byte[] image) {
        this(List.of(image));
    }

    /** Bytes in the image. */
    public long length() {
        long n = 0;
        for (byte[] c : chunks) {
            n += c.length;
        }
        return n;
    }

    /** The image in one array (a restart reads the section so; at most 2 GiB). */
    public byte[] image() {
        if (chunks.size() == 1) {
            return chunks.get(0);
        }
        long n = length();
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a heap image of " + n + " bytes does not fit in one array");
        }
        byte[] all = new byte[(int) n];
        int at = 0;
        for (byte[] c : chunks) {
            System.arraycopy(c, 0, all, at, c.length);
            at += c.length;
        }
        return all;
    }

    /** Writes the chunks in order. */
    public void writeTo(OutputStream out) throws IOException {
        for (byte[] c : chunks) {
            out.write(c);
        }
    }
}
