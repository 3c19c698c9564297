package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.io.Output;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Kryo's output for a heap image streamed into the checkpoint (issue 18): every 64 KiB goes on to
 * the section's stream (which checksums it as it passes and writes it to the rank file) while the
 * graph is still being walked; no image is held in memory. A failure of the stream (the disk) is
 * kept apart from a refusal of the heap: Kryo wraps both in a KryoException, and only the first is
 * an I/O error ({@link #failure()}). Primitive arrays are copied straight into its buffer
 * ({@link #room}).
 */
public final class ImageOutput extends Output {
    static final int BUFFER = 1 << 16;
    private final Sink sink;

    public ImageOutput(OutputStream out) {
        this(new Sink(out));
    }

    private ImageOutput(Sink sink) {
        super(sink, BUFFER);
        this.sink = sink;
    }

    /** The stream's own failure (the disk), or null. */
    public IOException failure() {
        return sink.failure;
    }

    /** Free bytes in the buffer, at least {@code min} (the buffer is written out first if needed). */
    int room(int min) {
        require(min);
        return capacity - position;
    }

    /** Records the stream's exception before Kryo wraps it. */
    private static final class Sink extends OutputStream {
        private final OutputStream out;
        IOException failure;

        Sink(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void flush() {
            // the section's stream writes in its own time; a flush per buffer would only cost
        }
    }
}
