package mana.wrappers.base;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.nio.Buffer;
import mana.core.desc.TypeBounds;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;

/**
 * Arrays (and heap buffers) with a derived datatype, for calls whose raw binding copies them
 * through a native buffer of {@code count * extent} bytes (MPI-IO's blocking and split collective
 * calls). A predefined or contiguous type is copied with bounds-checked JNI region calls: a short
 * array gives an {@code ArrayIndexOutOfBoundsException}. A type with gaps is copied on the
 * array's raw memory with no check at all: a read into a short array overwrites the Java heap
 * (the JVM dies at the next GC), a write sends whatever lies after it. And MPI touches the native
 * copy where the type's true bounds say, past its end when they reach beyond
 * {@code count * extent}. Cost for predefined types: nothing beyond one bit test of the handle.
 */
public final class ArrayArgs {
    /**
     * A short array where the raw binding would not notice: MPI_ERR_BUFFER naming {@code what}.
     * Where the binding would copy with a region call (a contiguous type), the same
     * {@code ArrayIndexOutOfBoundsException} as its JNI call, before any I/O. A negative count:
     * MPI_ERR_COUNT (the binding's copy takes it as a huge length and the JVM crashes).
     */
    public static void fits(Object buf, int count, int type, String what) throws ManaException {
        if (count != 0 && (type & 0x0F000000) != 0 && buf != null && !(buf instanceof Buffer b && b.isDirect())) {
            if (count < 0) {
                throw ManaException.of(ErrorClass.COUNT, "invalid count: " + count + " (negative)");
            }
            check(buf, count, type, what, true);
        }
    }

    /**
     * {@link #fits} for point-to-point and collectives, without the check of the binding's
     * {@code count * extent} copy: there Open MPI's copy buffers come from a free list of fixed-size
     * blocks, so a type whose true bounds reach a few bytes past {@code count * extent} (a lower
     * bound above zero) works under the raw binding, and programs rely on it. What is still
     * refused is the array itself being too short, which the raw binding turns into an
     * {@code ArrayIndexOutOfBoundsException} for a contiguous type and into a write into the
     * Java heap for a type with gaps. Predefined types with gaps (MPI.SHORT_INT, MPI.DOUBLE_INT,
     * ...) are copied as such too: a receive of 1000 MPI.SHORT_INT into a {@code byte[16]} wrote
     * 8000 bytes into the Java heap (raw, and under MANA before this); one table load per call
     * for the other predefined types.
     */
    public static void fitsArray(Object buf, int count, int type, String what) throws ManaException {
        if (count != 0 && ((type & 0x0F000000) != 0 || predefinedWithGaps(type)) && buf != null
                && !(buf instanceof Buffer b && b.isDirect())) {
            if (count < 0) {
                throw ManaException.of(ErrorClass.COUNT, "invalid count: " + count + " (negative)");
            }
            check(buf, count, type, what, false);
        }
    }

    /**
     * Per predefined datatype slot: 1 when its elements are contiguous (the binding copies them
     * with bounds-checked region calls), 2 when they have gaps (copied on the raw array), 0 not
     * yet known.
     */
    private static final byte[] PREDEFINED_LAYOUT = new byte[64];

    private static boolean predefinedWithGaps(int type) throws ManaException {
        int slot = type & (PREDEFINED_LAYOUT.length - 1);
        byte layout = PREDEFINED_LAYOUT[slot];
        if (layout == 0) {
            TypeBounds t = Args.bounds(type); // validates the handle
            long size = size(Lower.committedType(type));
            layout = (byte) (t.trueLb() == 0 && size == t.trueExtent() && size == t.extent() ? 1 : 2);
            PREDEFINED_LAYOUT[slot] = layout; // racy but safe: the same value from every thread
        }
        return layout == 2;
    }

    private static void check(Object buf, int count, int type, String what, boolean copyBounds) throws ManaException {
        mpi.Datatype lower = Lower.committedType(type);
        Object array = buf;
        long off = 0;
        if (buf instanceof Buffer b) {
            if (!b.hasArray()) {
                return; // read-only: the binding's array() throws, as it does here
            }
            array = b.array();
            off = (long) (int) BASE_SIZE.get(lower) * b.arrayOffset(); // Datatype.getOffset, as the binding does
        }
        Class<?> c = array.getClass().getComponentType();
        if (c == null || !c.isPrimitive()) {
            return; // Args.buffer's business
        }
        int unit = primitiveSize(c);
        long have = (long) Array.getLength(array) * unit;
        TypeBounds t = Args.bounds(type);
        long copy = count * t.extent();
        long low = t.lowest(0, count);
        long end = t.end(0, count);
        if (low < 0) {
            // both lower halves hand MPI a copy that starts at the buffer: MPI would read garbage
            // and write before it (JNI: a corrupted native heap, free() aborts the JVM)
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: " + what + " is an array, which the binding"
                    + " hands MPI as a copy from its start, but the datatype's elements start " + -low
                    + " bytes before it");
        }
        if (copyBounds && end > copy) {
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: " + what + " is an array, which the binding"
                    + " hands MPI as a copy of count * extent = " + copy + " bytes, but the datatype's elements "
                    + "reach byte " + end);
        }
        long size = size(lower);
        if (size == t.trueExtent() && (count == 1 || size == t.extent())) {
            if (off + copy > have) { // the binding's Get/Set<Type>ArrayRegion(off, copy)
                throw new ArrayIndexOutOfBoundsException("Array region " + off / unit + ".." + (off + copy) / unit
                        + " out of bounds for length " + Array.getLength(array));
            }
        } else if (off + end > have) {
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: " + what + " is "
                    + (buf instanceof Buffer b ? "a heap " + Buffers.kind(b) + " over " : "") + article(c.getName()) + c.getName()
                    + "[] of " + have + " bytes, the call's " + count + " element" + (count == 1 ? "" : "s")
                    + " of the datatype" + (off != 0 ? " from byte " + off : "") + " reach byte " + (off + end));
        }
    }

    /** "an " before int, "a " before byte, char, ... */
    private static String article(String word) {
        return "aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ";
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

    /** MPI_Type_size in bytes (the public getter divides by the base type's size). */
    static long size(mpi.Datatype t) throws ManaException {
        try {
            return (int) SIZE.invokeExact(t, (long) HANDLE.get(t));
        } catch (mpi.MPIException e) {
            throw Lower.error(e);
        } catch (Throwable e) {
            throw new IllegalStateException("the lower half's datatype size", e);
        }
    }

    private static final VarHandle HANDLE;
    static final VarHandle BASE_SIZE;
    private static final MethodHandle SIZE;

    static {
        try {
            var lookup = MethodHandles.privateLookupIn(mpi.Datatype.class, MethodHandles.lookup());
            HANDLE = lookup.findVarHandle(mpi.Datatype.class, "handle", long.class);
            BASE_SIZE = lookup.findVarHandle(mpi.Datatype.class, "baseSize", int.class);
            SIZE = lookup.findVirtual(mpi.Datatype.class, "getSize", MethodType.methodType(int.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ArrayArgs() {
    }
}
