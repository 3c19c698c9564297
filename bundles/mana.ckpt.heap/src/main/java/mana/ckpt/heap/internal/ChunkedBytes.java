package mana.ckpt.heap.internal;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * An output stream into a list of 4 MiB arrays: a heap image grows without the copies of a
 * ByteArrayOutputStream (each doubling copies all of it, and toByteArray once more) and without
 * its 2 GiB limit; the checkpoint writes the chunks to the rank file one by one.
 */
public final class ChunkedBytes extends OutputStream {
    static final int CHUNK = 4 << 20;

    private final List<byte[]> full = new ArrayList<>();
    private byte[] current = new byte[64 << 10]; // the first chunk small: most images are
    private int used;

    @Override
    public void write(int b) {
        if (used == current.length) {
            next();
        }
        current[used++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            if (used == current.length) {
                next();
            }
            int n = Math.min(len, current.length - used);
            System.arraycopy(b, off, current, used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    private void next() {
        full.add(current);
        current = new byte[CHUNK];
        used = 0;
    }

    /** The chunks written, every one full (the last trimmed). */
    public List<byte[]> chunks() {
        List<byte[]> out = new ArrayList<>(full);
        if (used > 0) {
            out.add(used == current.length ? current : java.util.Arrays.copyOf(current, used));
        }
        return out;
    }

    /** {@code chunks} in one array (at most 2 GiB). */
    public static byte[] concat(List<byte[]> chunks) {
        long n = 0;
        for (byte[] c : chunks) {
            n += c.length;
        }
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
}
