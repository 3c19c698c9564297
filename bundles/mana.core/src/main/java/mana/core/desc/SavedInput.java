package mana.core.desc;

import java.io.DataInput;
import java.io.IOException;

/**
 * Reading a saved descriptor back ({@link DescriptorKind#load}): a count read from a checkpoint
 * is checked against the bytes left before anything is allocated for it, so a damaged or forged
 * count is refused with a message instead of allocating gigabytes.
 */
public final class SavedInput {
    /** Cap for a count when the input cannot say how many bytes are left. */
    static final int UNBOUNDED_MAX = 1 << 24;

    /** An input that knows how many bytes are left (a restart gives {@code load} one). */
    public interface Bounded extends DataInput {
        int remaining();
    }

    private SavedInput() {
    }

    /**
     * Reads a count of elements that follow, each at least {@code minBytes} long.
     *
     * @throws IOException naming {@code what} when the count is negative or cannot fit in what is left
     */
    public static int count(DataInput in, int minBytes, String what) throws IOException {
        int n = in.readInt();
        long left = in instanceof Bounded b ? b.remaining() : (long) UNBOUNDED_MAX * minBytes;
        if (n < 0 || (long) n * minBytes > left) {
            throw new IOException("saved " + what + " count " + n + " does not fit in the " + left + " bytes left");
        }
        return n;
    }
}
