package mana.ckpt.heap.internal;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A heap image read back from the chunks a restart reads the section into (64 MiB arrays: an
 * image is not limited to one array's 2 GiB), as one stream.
 */
public final class ChunkedBytes {

    private ChunkedBytes() {
    }

    /** A stream over {@code chunks} one after another (each from its position to its limit; they are not consumed). */
    public static InputStream in(List<ByteBuffer> chunks) {
        return in(chunks, 0);
    }

    /** The same from byte {@code from} of the whole. */
    public static InputStream in(List<ByteBuffer> chunks, long from) {
        return new InputStream() {
            private int at;
            private ByteBuffer cur = ByteBuffer.allocate(0);
            private long skip = from;

            private boolean more() {
                while (!cur.hasRemaining() && at < chunks.size()) {
                    cur = chunks.get(at++).duplicate();
                    if (skip > 0) {
                        int k = (int) Math.min(skip, cur.remaining());
                        cur.position(cur.position() + k);
                        skip -= k;
                    }
                }
                return cur.hasRemaining();
            }

            @Override
            public int read() {
                return more() ? cur.get() & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                if (!more()) {
                    return -1;
                }
                int n = Math.min(len, cur.remaining());
                cur.get(b, off, n);
                return n;
            }
        };
    }
}
