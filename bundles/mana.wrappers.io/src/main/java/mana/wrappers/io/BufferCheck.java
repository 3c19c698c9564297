package mana.wrappers.io;

import mana.wrappers.base.Buffers;
import java.lang.reflect.Array;
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
 * Checks a data call's buffer before the lower half sees it. The raw binding hands arrays and
 * buffers to JNI without bounds checks: a null buffer, or a count that does not fit, crashes
 * the JVM or overwrites memory. MANA answers MPI_ERR_BUFFER / MPI_ERR_COUNT instead. Sizes
 * are compared in bytes: what {@code count} elements of the datatype span against what the
 * array or buffer holds (from its position for heap buffers, from its start for direct ones,
 * as the binding addresses them).
 */
final class BufferCheck {
    private static final Field BASE_SIZE;

    static {
        try {
            BASE_SIZE = Datatype.class.getDeclaredField("baseSize");
            BASE_SIZE.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static void check(Object buf, int count, Datatype type) throws ManaException, MPIException {
        if (count < 0) {
            throw ManaException.of(ErrorClass.COUNT, "invalid count: " + count + " (negative)");
        }
        if (buf == null) {
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: null");
        }
        long have = bytes(buf);
        if (count == 0) {
            return;
        }
        long baseSize = baseSize(type);
        long span = ((long) (count - 1) * type.getExtent() + type.getTrueLb() + type.getTrueExtent()) * baseSize;
        if (span > have) {
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: " + count + " elements of the datatype span "
                    + span + " bytes, the " + what(buf) + " holds " + have);
        }
    }

    private static long baseSize(Datatype type) {
        try {
            return Math.max(1, BASE_SIZE.getInt(type));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String what(Object buf) {
        return buf instanceof Buffer b ? (b.isDirect() ? "direct " : "heap ") + buf.getClass().getSimpleName()
                : buf.getClass().getSimpleName();
    }

    private static long bytes(Object buf) throws ManaException {
        if (buf instanceof Buffer b) {
            long elems = b.isDirect() ? b.capacity() : b.capacity() - b.position();
            return elems * Buffers.elementSize(b);
        }
        Class<?> c = buf.getClass().getComponentType();
        if (c == null || !c.isPrimitive()) {
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: a " + buf.getClass().getSimpleName()
                    + " is neither a primitive array nor a java.nio buffer");
        }
        return (long) Array.getLength(buf) * primitiveSize(c);
    }

    private static int primitiveSize(Class<?> c) {
        if (c == byte.class || c == boolean.class) {
            return 1;
        }
        if (c == char.class || c == short.class) {
            return 2;
        }
        if (c == int.class || c == float.class) {
            return 4;
        }
        return 8;
    }

    private BufferCheck() {
    }
}
