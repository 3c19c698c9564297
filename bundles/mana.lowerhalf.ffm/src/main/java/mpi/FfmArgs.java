package mpi;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;

/**
 * Argument checks made before a downcall, because not every C library makes them: MPICH 4.0.2
 * runs MPI_Allreduce with a negative count into a memcpy of -4 bytes (SIGSEGV), and no library
 * can know how large a direct buffer is. Each failure is the MPIException (error class of the
 * running implementation) that Open MPI's binding gives for the same input.
 */
final class FfmArgs {

    private static final class TRUE_EXTENT {
        static final MethodHandle H = FfmLib.fn("MPI_Type_get_true_extent", "int type ptr ptr");
    }
    private static final int ERR_COUNT = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_COUNT")); // the API's number (Open MPI's)
    private static final int ERR_BUFFER = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_BUFFER")); // the API's number (Open MPI's)
    private static final int ERR_ARG = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_ARG")); // the API's number (Open MPI's)
    private static final int ERR_TYPE = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_TYPE")); // the API's number (Open MPI's)
    private static final long DATATYPE_NULL = FfmLib.c("MPI_DATATYPE_NULL");

    private FfmArgs() {
    }

    /** A count MPI reads: 0 or more. */
    static void count(String name, int count) throws MPIException {
        if (count < 0) {
            throw new MPIException(ERR_COUNT, ERR_COUNT, "invalid count: " + name + " is " + count
                    + " (a count is 0 or more)");
        }
    }

    /**
     * The count of a call on {@code buf}: for a Java array, a negative count is the
     * ArrayIndexOutOfBoundsException the JNI binding's array copy throws there, with its message
     * (so MANA's answers stay those of the raw binding); otherwise MPI_ERR_COUNT.
     */
    static void count(String name, int count, Object buf, boolean db, long type) throws MPIException {
        if (count < 0 && buf != null && !db && buf.getClass().isArray()) {
            throw arrayRegion(buf, 0, count * FfmSupport.extent(type));
        }
        count(name, count);
    }

    /** Per-process counts MPI reads (null is left to MPI: it reports it). */
    static void counts(String name, int[] counts) throws MPIException {
        if (counts == null) {
            return;
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                throw new MPIException(ERR_COUNT, ERR_COUNT, "invalid count: " + name + "[" + i + "] is " + counts[i]
                        + " (a count is 0 or more)");
            }
        }
    }

    /**
     * Block lengths of a derived datatype: a negative one is MPI_ERR_ARG, Open MPI's class (MPICH
     * says MPI_ERR_COUNT; the standard names neither), so the binding answers alike on both.
     */
    static void blockLengths(int[] blockLengths) throws MPIException {
        if (blockLengths == null) {
            return;
        }
        for (int i = 0; i < blockLengths.length; i++) {
            if (blockLengths[i] < 0) {
                throw new MPIException(ERR_ARG, ERR_ARG, "invalid argument: blockLengths[" + i + "] is "
                        + blockLengths[i] + " (a block length is 0 or more)");
            }
        }
    }

    /**
     * One datatype per process (alltoallw): a missing one (the binding passes 0 for a null entry)
     * or MPI_DATATYPE_NULL is MPI_ERR_TYPE, as Open MPI says; MPICH skips the entries of count 0.
     */
    static void types(String name, long[] types) throws MPIException {
        if (types == null) {
            return;
        }
        for (int i = 0; i < types.length; i++) {
            if (types[i] == 0 || types[i] == DATATYPE_NULL) {
                throw new MPIException(ERR_TYPE, ERR_TYPE, "invalid datatype: " + name + "[" + i + "] is "
                        + (types[i] == 0 ? "null" : "MPI_DATATYPE_NULL"));
            }
        }
    }

    /**
     * An array a read fills: when it holds fewer than {@code count} elements of {@code type} from
     * {@code offset}, the ArrayIndexOutOfBoundsException of the JNI binding's copy back (which
     * comes after MPI read, as there). Checked after the call.
     */
    static void holds(String name, Object buf, boolean db, int offset, int count, long type) throws MPIException {
        if (buf == null || db || count <= 0) {
            return;
        }
        long size = FfmSupport.arrayBytes(buf) - offset;
        long needed = count * FfmSupport.extent(type);
        if (needed > size) {
            throw arrayRegion(buf, offset, needed);
        }
    }

    /**
     * What the JDK's JNI Get/Set&lt;Type&gt;ArrayRegion throws for the binding's copy of
     * {@code length} bytes from byte {@code offset} (both counted in the array's elements there).
     */
    static ArrayIndexOutOfBoundsException arrayRegion(Object array, long offset, long length) {
        int unit = elementBytes(array.getClass().getComponentType());
        long start = offset / unit;
        long len = length / unit;
        if (len < 0) {
            return new ArrayIndexOutOfBoundsException("Length " + len + " is negative");
        }
        return new ArrayIndexOutOfBoundsException("Array region " + start + ".." + (start + len)
                + " out of bounds for length " + Array.getLength(array));
    }

    private static int elementBytes(Class<?> c) {
        if (c == byte.class || c == boolean.class) {
            return 1;
        }
        if (c == char.class || c == short.class) {
            return 2;
        }
        return c == int.class || c == float.class ? 4 : 8;
    }

    /**
     * The memory MPI touches for {@code count} elements of {@code type} from the start of
     * {@code buf} (a direct buffer, or an array from byte {@code offset}): it must end inside it
     * (bytes before the start, a negative lower bound, are the caller's: a buffer may be a slice
     * of a larger one). A null buffer is left to MPI. A short direct buffer is MPI_ERR_BUFFER; a
     * short array the ArrayIndexOutOfBoundsException of the JNI binding's copy.
     */
    static void fits(String name, Object buf, boolean db, int offset, int count, long type) throws MPIException {
        count("count", count, buf, db, type);
        if (count == 0 || buf == null) {
            return;
        }
        long size = db ? FfmSupport.direct(buf).byteSize() : FfmSupport.arrayBytes(buf) - offset;
        long end = (count - 1L) * FfmSupport.extent(type) + trueEnd(type);
        if (end > size && !db) {
            throw new ArrayIndexOutOfBoundsException(name + " holds " + Math.max(size, 0) + " bytes, the call's "
                    + count + " elements of its datatype reach byte " + end);
        }
        if (end > size) {
            throw new MPIException(ERR_BUFFER, ERR_BUFFER, "invalid buffer: " + name + " has " + Math.max(size, 0)
                    + " bytes, the call's " + count + " element" + (count == 1 ? "" : "s") + " of its datatype reach byte "
                    + end);
        }
    }

    /**
     * An array with a datatype whose data start before the buffer (a negative true lower bound:
     * a negative displacement, an hindexed block before 0): the binding hands MPI a copy of the
     * array from the buffer's start, so MPI would read (and write) the memory before that copy:
     * sent garbage, a lost receive and a corrupted native heap (JNI: free() aborts the JVM).
     * MPI_ERR_BUFFER instead. Predefined types start at 0: one table search.
     */
    static void startsInArray(String name, Object buf, int count, long type) throws MPIException {
        if (count <= 0 || FfmSupport.isPredefined(type)) {
            return;
        }
        long lowest = trueLb(type) + Math.min(0, (count - 1L) * FfmSupport.extent(type));
        if (lowest < 0) {
            throw new MPIException(ERR_BUFFER, ERR_BUFFER, "invalid buffer: " + name + " is an array, and the call's"
                    + " datatype has data " + -lowest + " bytes before the buffer's start, where an array has none");
        }
    }

    /** A v-variant's block {@code i} starting {@code bytes} before the buffer (a negative displacement). */
    static MPIException blockBeforeBuffer(int i, long bytes) {
        return new MPIException(ERR_BUFFER, ERR_BUFFER, "invalid buffer: block " + i + " of the call starts " + bytes
                + " bytes before the buffer's start (a negative displacement or lower bound), where an array has none");
    }

    /** The true lower bound of a datatype (its first data byte, relative to the buffer). */
    static long trueLb(long type) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment lb = a.allocate(JAVA_LONG);
            MemorySegment ext = a.allocate(JAVA_LONG);
            FfmSupport.check((int) TRUE_EXTENT.H.invokeExact(type, lb, ext));
            return lb.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    /** The byte after an element's last data byte (true lower bound + true extent). */
    static long trueEnd(long type) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment lb = a.allocate(JAVA_LONG);
            MemorySegment ext = a.allocate(JAVA_LONG);
            FfmSupport.check((int) TRUE_EXTENT.H.invokeExact(type, lb, ext));
            return lb.get(JAVA_LONG, 0) + ext.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }
}
