package mana.wrappers.base;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/** For wrapper bundles that check java.nio buffers against what MPI will read or write. */
public final class Buffers {
    /** Bytes per element of a java.nio buffer (1 for a ByteBuffer or an unknown kind). */
    public static int elementSize(Buffer b) {
        if (b instanceof ByteBuffer) {
            return 1; // the usual kind first: each test below is a load and a compare
        }
        if (b instanceof CharBuffer || b instanceof ShortBuffer) {
            return 2;
        }
        if (b instanceof IntBuffer || b instanceof FloatBuffer) {
            return 4;
        }
        if (b instanceof LongBuffer || b instanceof DoubleBuffer) {
            return 8;
        }
        return 1; // ByteBuffer, and anything else
    }

    /** The java.nio interface a buffer implements ("IntBuffer"), not its JDK class ("DirectIntBufferU"). */
    public static String kind(Buffer b) {
        for (Class<?> c : new Class<?>[] {ByteBuffer.class, CharBuffer.class, ShortBuffer.class, IntBuffer.class,
            LongBuffer.class, FloatBuffer.class, DoubleBuffer.class}) {
            if (c.isInstance(b)) {
                return c.getSimpleName();
            }
        }
        return b.getClass().getSimpleName();
    }

    private Buffers() {
    }
}
