package mana.wrappers.rma;

import mana.wrappers.base.Buffers;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mpi.Datatype;
import mpi.MPIException;

/**
 * Checks the buffers of one-sided calls before the lower half sees them. Open MPI's binding
 * passes the address of a direct buffer to MPI without bounds checks, and checks only the
 * origin buffer for being direct: a result or compare buffer that is null or on the heap is a
 * null address (SIGSEGV), and a count beyond the buffer reads or overwrites foreign memory.
 * MANA answers MPI_ERR_BUFFER instead. Sizes are in bytes from the buffer's start (the binding
 * ignores the position). Counts below zero are left to MPI (MPI_ERR_COUNT, as raw).
 */
final class RmaBuffers {
    private static final Field BASE_SIZE;

    static {
        try {
            BASE_SIZE = Datatype.class.getDeclaredField("baseSize");
            BASE_SIZE.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code what} is a constant ("MPI_Put: origin"), so no string is built unless an error is thrown. */
    static void check(String what, Buffer buf, int count, Datatype type) throws ManaException, MPIException {
        if (count <= 0) {
            return;
        }
        long have = (long) buf.capacity() * Buffers.elementSize(buf);
        long baseSize = baseSize(type);
        long span = ((long) (count - 1) * type.getExtent() + type.getTrueLb() + type.getTrueExtent()) * baseSize;
        if (span > have) {
            throw ManaException.of(ErrorClass.BUFFER, what + " buffer too small: " + count
                    + " elements of the datatype span " + span + " bytes, the direct "
                    + buf.getClass().getSimpleName() + " holds " + have);
        }
    }

    /** A buffer the raw binding does not check (result, compare): it must be a direct buffer. */
    static void direct(String what, Buffer buf) throws ManaException {
        if (buf == null) {
            throw ManaException.of(ErrorClass.BUFFER, what + " buffer is null");
        }
        if (!buf.isDirect()) {
            throw ManaException.of(ErrorClass.BUFFER, what + " buffer must be a direct buffer (MPI.new...Buffer),"
                    + " not a heap " + buf.getClass().getSimpleName());
        }
    }

    /** Copies the first bytes of {@code from} into {@code to}, as many as {@code to} holds (native order). */
    static void copyPrefix(ByteBuffer from, Buffer to) {
        int n = to.capacity();
        for (int i = 0; i < n; i++) {
            if (to instanceof ByteBuffer b) {
                b.put(i, from.get(i));
            } else if (to instanceof CharBuffer c) {
                c.put(i, from.getChar(2 * i));
            } else if (to instanceof ShortBuffer s) {
                s.put(i, from.getShort(2 * i));
            } else if (to instanceof IntBuffer v) {
                v.put(i, from.getInt(4 * i));
            } else if (to instanceof FloatBuffer f) {
                f.put(i, from.getFloat(4 * i));
            }
        }
    }

    private static long baseSize(Datatype type) {
        try {
            return Math.max(1, BASE_SIZE.getInt(type));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private RmaBuffers() {
    }
}
