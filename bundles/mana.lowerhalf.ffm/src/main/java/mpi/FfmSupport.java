package mpi;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;

/**
 * What every FFM native needs, mirroring ompi/mpi/java/c/mpi_MPI.c: errors as MPIException
 * (ompi_java_exceptionCheck), Java arrays copied to and from native memory
 * (ompi_java_getReadPtr / releaseWritePtr), direct buffers by address, statuses.
 */
final class FfmSupport {

    private static final class ERROR_CLASS { static final MethodHandle H = FfmLib.fn("MPI_Error_class", "int int ptr"); }
    private static final class ERROR_STRING { static final MethodHandle H = FfmLib.fn("MPI_Error_string", "int int ptr ptr"); }
    private static final class TYPE_EXTENT { static final MethodHandle H = FfmLib.fn("MPI_Type_get_extent", "int type ptr ptr"); }
    private static final class TYPE_SIZE { static final MethodHandle H = FfmLib.fn("MPI_Type_size", "int type ptr"); }
    private static final class STATUS_TO_JAVA { static final MethodHandle H = FfmLib.fn("mana_status_to_java", "void ptr ptr"); }
    private static final class STATUS_FROM_JAVA {
        static final MethodHandle H = FfmLib.fn("mana_status_from_java", "int ptr ptr");
    }
    static final int STATUS_SIZE = FfmLib.size("MPI_Status");
    static final int MAX_ERROR_STRING = (int) FfmLib.c("MPI_MAX_ERROR_STRING");

    private FfmSupport() {
    }

    // ----- errors -----

    /** Throws MPIException for a non-zero MPI return code, as ompi_java_exceptionCheck does. */
    static void check(int rc) throws MPIException {
        if (rc != 0) {
            throw exception(rc);
        }
    }

    static MPIException exception(int rc) {
        int errClass = rc;
        String message = "MPI error " + rc;
        try (Arena a = FfmScratch.open()) {
            MemorySegment cls = a.allocate(JAVA_INT);
            if ((int) ERROR_CLASS.H.invokeExact(rc, cls) == 0) {
                errClass = cls.get(JAVA_INT, 0);
            }
            MemorySegment buf = a.allocate(MAX_ERROR_STRING + 1L);
            MemorySegment len = a.allocate(JAVA_INT);
            if ((int) ERROR_STRING.H.invokeExact(rc, buf, len) == 0) {
                message = buf.getString(0);
            }
        } catch (Throwable t) {
            // keep the code and the generic message
        }
        return error(rc, errClass, message);
    }

    /**
     * An MPIException for an error code and class of the library, with the API's numbers (Open
     * MPI's): a class, and a code that is a class, are translated; a code that encodes more
     * (MPICH's) stays as the library gave it.
     */
    static MPIException error(int code, int errClass, String message) {
        FfmValues v = FfmLib.VALUES;
        return new MPIException(v.errorOut(code), v.errorOut(errClass), message);
    }

    /** An MPIException of the library's error class {@code cName} (e.g. "MPI_ERR_COUNT"). */
    static MPIException error(String cName, String message) {
        int cls = (int) FfmLib.c(cName);
        return error(cls, cls, message);
    }

    /** The error class of an MPI error code (the code itself if MPI cannot tell). */
    static int errorClass(int code) {
        try (Arena a = FfmScratch.open()) {
            MemorySegment cls = a.allocate(JAVA_INT);
            return (int) ERROR_CLASS.H.invokeExact(code, cls) == 0 ? FfmLib.VALUES.errorOut(cls.get(JAVA_INT, 0)) : code;
        } catch (Throwable t) {
            return code;
        }
    }

    /** What a generated native without "throws MPIException" rethrows: JNI throws it anyway. */
    static RuntimeException rethrow(Throwable t) {
        throw FfmSupport.<RuntimeException>sneaky(t);
    }

    /** A Throwable from a downcall, as the caller should see it. */
    static MPIException wrap(Throwable t) {
        if (t instanceof MPIException e) {
            return e;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new MPIException(t);
    }

    /** The body of every native the FFM lower half does not implement yet. */
    static RuntimeException unsupported(String mpiFunction, String javaNative) {
        throw FfmSupport.<RuntimeException>sneaky(error("MPI_ERR_UNSUPPORTED_OPERATION", mpiFunction + " (" + javaNative
                + "): the FFM lower half (" + FfmLib.IMPL + ") does not implement it yet"));
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /** Sets a static long field the C code sets through JNI (private in the binding, hence reflection). */
    static void setStatic(Class<?> c, String field, long value) {
        try {
            java.lang.reflect.Field f = c.getDeclaredField(field);
            f.setAccessible(true);
            f.setLong(null, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot set " + c.getName() + "." + field, e);
        }
    }

    // ----- small call shapes -----

    /** A downcall given an arena and an out-parameter; returns the MPI return code. */
    @FunctionalInterface
    interface Call {
        int run(Arena a, MemorySegment out) throws Throwable;
    }

    /** Calls with an out-parameter of a handle kind (starting as {@code initial}); the handle after. */
    static long handleOut(String kind, long initial, Call c) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment out = allocHandle(a, kind, initial);
            check(c.run(a, out));
            return getHandle(out, kind, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long handleOut(String kind, Call c) throws MPIException {
        return handleOut(kind, 0, c);
    }

    /** Calls with an int out-parameter; its value after. */
    static int intOut(Call c) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check(c.run(a, out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /** Calls without out-parameters. */
    static void call(Call c) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            check(c.run(a, MemorySegment.NULL));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    // ----- datatypes -----

    /**
     * The predefined types the binding uses, sorted: their extents and sizes are fixed for the
     * job. A long[] searched without boxing (a Set<Long> boxed every lookup: 16 B per call on
     * Open MPI's pointer handles and MPICH's large ints).
     */
    private static final long[] PREDEFINED_HANDLES = predefinedHandles();
    /** Of PREDEFINED_HANDLES[i], filled on first use (final fields: safely published without a lock). */
    private static final TypeLayout[] PREDEFINED_LAYOUTS = new TypeLayout[PREDEFINED_HANDLES.length];

    private record TypeLayout(long extent, long size) {
    }

    private static long[] predefinedHandles() {
        java.util.TreeSet<Long> h = new java.util.TreeSet<>();
        for (String n : new String[] {"MPI_UINT8_T", "MPI_UINT16_T", "MPI_INT16_T", "MPI_INT32_T", "MPI_INT64_T",
            "MPI_FLOAT", "MPI_DOUBLE", "MPI_PACKED", "MPI_2INT", "MPI_SHORT_INT", "MPI_LONG_INT", "MPI_FLOAT_INT",
            "MPI_DOUBLE_INT", "MPI_C_FLOAT_COMPLEX", "MPI_C_DOUBLE_COMPLEX", "MPI_BYTE", "MPI_INT", "MPI_CHAR"}) {
            h.add(FfmLib.c(n));
        }
        return h.stream().mapToLong(Long::longValue).toArray();
    }

    /** True for the predefined types the binding uses (fixed layout). */
    static boolean isPredefined(long type) {
        return java.util.Arrays.binarySearch(PREDEFINED_HANDLES, type) >= 0;
    }

    /** Extent and size of a type; cached for predefined types. */
    private static TypeLayout layoutOf(long type) throws MPIException {
        int i = java.util.Arrays.binarySearch(PREDEFINED_HANDLES, type);
        if (i >= 0) {
            TypeLayout cached = PREDEFINED_LAYOUTS[i];
            if (cached == null) {
                cached = new TypeLayout(extentOf(type), sizeOf(type));
                PREDEFINED_LAYOUTS[i] = cached; // racy but idempotent: every thread computes the same
            }
            return cached;
        }
        return new TypeLayout(extentOf(type), sizeOf(type));
    }

    static long extent(long type) throws MPIException {
        return layoutOf(type).extent();
    }

    static long typeSize(long type) throws MPIException {
        return layoutOf(type).size();
    }

    private static long extentOf(long type) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment lb = a.allocate(JAVA_LONG);
            MemorySegment ext = a.allocate(JAVA_LONG);
            check((int) TYPE_EXTENT.H.invokeExact(type, lb, ext));
            return ext.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    private static long sizeOf(long type) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment s = a.allocate(JAVA_INT);
            check((int) TYPE_SIZE.H.invokeExact(type, s));
            return s.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    // ----- buffers -----

    /** The memory of a direct buffer from its start (as GetDirectBufferAddress), or NULL. */
    static MemorySegment direct(Object buf) {
        if (buf == null) {
            return MemorySegment.NULL;
        }
        DirectCache c = DIRECT.get();
        if (c.buffer0 == buf) {
            return c.segment0;
        }
        if (c.buffer1 == buf) {
            return c.segment1;
        }
        Buffer b = ((Buffer) buf).duplicate().clear();
        if (!b.isDirect()) {
            throw new IllegalArgumentException("a non-blocking operation needs a direct buffer");
        }
        MemorySegment seg = MemorySegment.ofBuffer(b);
        c.put(buf, seg);
        return seg;
    }

    /**
     * The last two direct buffers this thread passed and their memory: loops pass the same ones
     * again and again, and ofBuffer (over a duplicate, for the start address) costs more than
     * the MPI call for small messages. Strong references to two buffers per thread at most.
     */
    private static final class DirectCache {
        Object buffer0;
        MemorySegment segment0;
        Object buffer1;
        MemorySegment segment1;

        void put(Object buf, MemorySegment seg) {
            buffer1 = buffer0;
            segment1 = segment0;
            buffer0 = buf;
            segment0 = seg;
        }
    }

    private static final ThreadLocal<DirectCache> DIRECT = ThreadLocal.withInitial(DirectCache::new);

    /** The heap segment over a primitive array; boolean[] has none (copied by hand). */
    private static MemorySegment heap(Object array) {
        return switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass().getName());
        };
    }

    /** {@code length} bytes of a primitive array from byte {@code offset}, as a heap segment (not boolean[]). */
    static MemorySegment heapSlice(Object array, long offset, long length) {
        return heap(array).asSlice(offset, length);
    }

    private static void copyIn(Object array, long offset, MemorySegment dst, long dstOff, long length) {
        if (array instanceof boolean[] b) {
            for (long i = 0; i < length; i++) {
                dst.set(JAVA_BYTE, dstOff + i, (byte) (b[(int) (offset + i)] ? 1 : 0));
            }
        } else {
            if (array instanceof byte[] b) { // no heap segment made: nothing allocated per call
                MemorySegment.copy(b, (int) offset, dst, JAVA_BYTE, dstOff, (int) length);
            } else {
                MemorySegment.copy(heap(array), offset, dst, dstOff, length);
            }
        }
    }

    private static void copyOut(MemorySegment src, long srcOff, Object array, long offset, long length) {
        if (array instanceof boolean[] b) {
            for (long i = 0; i < length; i++) {
                b[(int) (offset + i)] = src.get(JAVA_BYTE, srcOff + i) != 0;
            }
        } else {
            if (array instanceof byte[] b) {
                MemorySegment.copy(src, JAVA_BYTE, srcOff, b, (int) offset, (int) length);
            } else {
                MemorySegment.copy(src, srcOff, heap(array), offset, length);
            }
        }
    }

    static long arrayBytes(Object array) {
        return array instanceof boolean[] b ? b.length : heap(array).byteSize();
    }

    /**
     * The memory MPI reads {@code count} elements of {@code type} from: a direct buffer's own
     * memory, or a copy of the array's bytes from {@code offset} (bytes, as in the JNI binding).
     */
    static MemorySegment read(Arena a, Object buf, boolean db, int offset, int count, long type) throws MPIException {
        FfmArgs.count("count", count);
        if (buf == null || count == 0 && !db && !buf.getClass().isArray()) {
            // MPI touches nothing for 0 elements: the JNI binding accepts any object then
            return MemorySegment.NULL;
        }
        if (db) {
            return direct(buf);
        }
        FfmArgs.startsInArray("buf", buf, count, type);
        long span = span(count, type);
        long length = Math.min(span, arrayBytes(buf) - offset);
        MemorySegment seg = a.allocate(Math.max(span, 1)); // MPI reads all of it, even past a short array
        if (shortArray(a, buf, offset, count, type)) {
            return seg;
        }
        copyIn(buf, offset, seg, 0, Math.max(length, 0));
        return seg;
    }

    /**
     * A Java array holding fewer than {@code count} elements of {@code type} from {@code offset}:
     * the JNI binding's Get/Set&lt;Type&gt;ArrayRegion of {@code count * extent} bytes fails there,
     * copies nothing, and its ArrayIndexOutOfBoundsException is thrown when the native method
     * returns, after MPI ran on the binding's own (uninitialized) buffer. The same here: nothing is
     * copied in or back, MPI runs on the native copy, and the exception (the JDK's message) is
     * thrown when the call's scratch memory closes. Without scratch memory: at once. Only for
     * types without gaps (the binding's region copy); an array with a type with gaps is checked
     * by its true bounds above the lower half (MANA's ArrayArgs), as the binding copies it unchecked.
     */
    private static boolean shortArray(Arena a, Object buf, int offset, int count, long type) throws MPIException {
        long ext = extent(type);
        long copy = (long) count * ext;
        if (count <= 0 || copy <= arrayBytes(buf) - offset || typeSize(type) != ext) {
            return false;
        }
        ArrayIndexOutOfBoundsException e = FfmArgs.arrayRegion(buf, offset, copy);
        if (!(a instanceof FfmScratch s)) {
            throw e;
        }
        s.pend(buf, e);
        return true;
    }

    /**
     * The memory MPI writes into; for an array a native copy, pre-filled with the array's bytes
     * when the type has gaps (so they keep their values on {@link #writeBack}).
     */
    static MemorySegment write(Arena a, Object buf, boolean db, int offset, int count, long type) throws MPIException {
        FfmArgs.count("count", count);
        if (buf == null || count == 0 && !db && !buf.getClass().isArray()) {
            // MPI touches nothing for 0 elements: the JNI binding accepts any object then
            return MemorySegment.NULL;
        }
        if (db) {
            return direct(buf);
        }
        FfmArgs.startsInArray("buf", buf, count, type);
        long ext = extent(type);
        long span = span(count, type);
        long length = Math.max(Math.min(span, arrayBytes(buf) - offset), 0);
        // the whole span even for a short array: MPI writes all of it (the caller refuses the array after)
        MemorySegment seg = a.allocate(Math.max(span, 1));
        if (shortArray(a, buf, offset, count, type)) {
            return seg;
        }
        if (typeSize(type) != ext || span != count * ext) {
            copyIn(buf, offset, seg, 0, length);
        }
        return seg;
    }

    /**
     * The bytes {@code count} elements of {@code type} reach from the buffer's start: count times
     * the extent, or more when the last element's data ends past its extent (a derived type
     * whose true upper bound exceeds its extent, e.g. an hindexed block beyond a resized ub).
     */
    static long span(int count, long type) throws MPIException {
        long ext = extent(type);
        if (count <= 0 || isPredefined(type)) {
            return Math.max(count, 0) * ext;
        }
        return Math.max((long) count * ext, (count - 1L) * ext + FfmArgs.trueEnd(type));
    }

    /** Copies what MPI wrote back into the array (nothing for direct buffers). */
    static void writeBack(MemorySegment seg, Object buf, boolean db, int offset) {
        writeBack(seg, buf, db, offset, Long.MAX_VALUE);
    }

    /**
     * The same, at most {@code received} bytes: a receive shorter than the buffer leaves the
     * rest of the array as it was (for a type with gaps the copy was pre-filled, so all of it).
     */
    static void writeBack(MemorySegment seg, Object buf, boolean db, int offset, long received) {
        if (buf == null || db || seg.equals(MemorySegment.NULL) || FfmScratch.isShort(buf)) {
            return;
        }
        copyOut(seg, 0, buf, offset, Math.min(Math.min(seg.byteSize(), arrayBytes(buf) - offset), received));
    }

    /**
     * Memory for the v-variants: every block's elements, to the last data byte of the last one
     * (a derived type's data may reach past its extent: a matrix column resized to one int), all
     * of it allocated (MPI writes all of it) and copied in from the array as far as it goes.
     */
    static MemorySegment readV(Arena a, Object buf, boolean db, int offset, int[] counts, int[] displs, long type,
            boolean fill) throws MPIException {
        FfmArgs.counts("counts", counts);
        if (buf == null) {
            return MemorySegment.NULL;
        }
        if (db) {
            return direct(buf);
        }
        long span = spanV(counts, displs, type);
        long length = Math.max(Math.min(span, arrayBytes(buf) - offset), 0);
        MemorySegment seg = a.allocate(Math.max(span, 1));
        if (fill) {
            copyIn(buf, offset, seg, 0, length);
        }
        return seg;
    }

    /**
     * The bytes the blocks of a v-variant reach from the buffer's start: block i is counts[i]
     * elements from displs[i] extents. A block starting before the buffer is MPI_ERR_BUFFER
     * (MPI would touch the memory before the array's copy).
     */
    private static long spanV(int[] counts, int[] displs, long type) throws MPIException {
        long ext = extent(type);
        boolean predefined = isPredefined(type);
        long lb = predefined ? 0 : FfmArgs.trueLb(type);
        long end = predefined ? ext : FfmArgs.trueEnd(type);
        long span = 0;
        for (int i = 0; i < counts.length && i < displs.length; i++) {
            if (counts[i] == 0) {
                continue;
            }
            long first = (long) displs[i] * ext;
            long last = first + (counts[i] - 1L) * ext;
            if (Math.min(first, last) + lb < 0) {
                throw FfmArgs.blockBeforeBuffer(i, -(Math.min(first, last) + lb));
            }
            span = Math.max(span, Math.max(first, last) + end);
        }
        return span;
    }

    /**
     * The buffer at {@code offset} bytes for a critical downcall: the array itself (heap
     * segment, no copy), a direct buffer's memory, or NULL. boolean[] has no heap segment:
     * a copy, which {@link #unpinned} copies back.
     */
    static MemorySegment pinned(Arena a, Object buf, boolean db, int offset) {
        if (buf == null) {
            return MemorySegment.NULL;
        }
        if (db) {
            return direct(buf);
        }
        if (buf instanceof boolean[] b) {
            MemorySegment copy = a.allocate(Math.max(b.length - offset, 1));
            copyIn(buf, offset, copy, 0, b.length - offset);
            return copy;
        }
        return heap(buf).asSlice(offset);
    }

    static void unpinned(MemorySegment seg, Object buf, boolean db, int offset) {
        if (buf instanceof boolean[] b && !db) {
            copyOut(seg, 0, buf, offset, b.length - offset);
        }
    }

    static MemorySegment ints(Arena a, int[] values) {
        return values == null ? MemorySegment.NULL : a.allocateFrom(JAVA_INT, values);
    }

    /** An array of handles in the implementation's handle width. */
    static MemorySegment handles(Arena a, String kind, long[] values) {
        var layout = FfmLib.handleLayout(kind);
        MemorySegment seg = a.allocate(layout, Math.max(values.length, 1));
        for (int i = 0; i < values.length; i++) {
            setHandle(seg, kind, i, values[i]);
        }
        return seg;
    }

    static long getHandle(MemorySegment seg, String kind, long index) {
        long h = FfmLib.handleLayout(kind).byteSize() == 4 ? seg.getAtIndex(JAVA_INT, index) : seg.getAtIndex(JAVA_LONG, index);
        FfmHandles.seen(kind, h);
        return h;
    }

    static void setHandle(MemorySegment seg, String kind, long index, long value) {
        if (FfmLib.handleLayout(kind).byteSize() == 4) {
            seg.setAtIndex(JAVA_INT, index, (int) value);
        } else {
            seg.setAtIndex(JAVA_LONG, index, value);
        }
    }

    static MemorySegment allocHandle(Arena a, String kind) {
        return a.allocate(FfmLib.handleLayout(kind));
    }

    static MemorySegment allocHandle(Arena a, String kind, long initial) {
        MemorySegment s = allocHandle(a, kind);
        setHandle(s, kind, 0, initial);
        return s;
    }

    // ----- statuses -----

    static MemorySegment allocStatus(Arena a) {
        return a.allocate(STATUS_SIZE, 8);
    }

    /**
     * MPI_Status -> the binding's long[] (source, tag, error, cancelled, count in bytes),
     * and the index at [5] unless {@code index} is -1 ("no index"). MPI_UNDEFINED (-32766), the
     * index of MPI_Waitany/MPI_Testany over no active request, is stored, as the JNI code does
     * (it was taken for "no index", leaving 0: ompi-java-test's Waitany and Testany failed).
     */
    static void statusToJava(MemorySegment status, long[] data, int index) {
        try (FfmScratch a = FfmScratch.open()) {
            MemorySegment d = a.longsSlot();
            STATUS_TO_JAVA.H.invokeExact(status, d);
            for (int i = 0; i < 5; i++) {
                data[i] = d.getAtIndex(JAVA_LONG, i);
            }
            FfmValues v = FfmLib.VALUES;
            if (!v.identity) { // the API's ANY_SOURCE/PROC_NULL, ANY_TAG, error class (FfmValues)
                data[0] = v.rankOut((int) data[0]);
                data[1] = v.tagOut((int) data[1]);
                data[2] = v.errorOut((int) data[2]);
            }
            if (index != -1 && data.length > 5) {
                data[5] = index;
            }
        } catch (Throwable t) {
            throw new IllegalStateException("cannot read an MPI_Status: " + t, t);
        }
    }

    /** A new Status object, as ompi_java_status_new. */
    static Status newStatus(MemorySegment status) {
        Status s = new Status();
        statusToJava(status, s.data, 0);
        return s;
    }

    static Status newStatus(MemorySegment status, int index) {
        Status s = new Status();
        statusToJava(status, s.data, index);
        return s;
    }

    /** The binding's status fields back to an MPI_Status (for MPI_Get_count etc). */
    static MemorySegment statusFromJava(Arena a, int source, int tag, int error, int cancelled, long ucount)
            throws MPIException {
        MemorySegment st = allocStatus(a);
        FfmValues v = FfmLib.VALUES;
        MemorySegment d = a.allocateFrom(JAVA_LONG, v.rankIn(source), v.tagIn(tag), v.errorIn(error), cancelled, ucount);
        try {
            check((int) STATUS_FROM_JAVA.H.invokeExact(st, d));
        } catch (Throwable t) {
            throw wrap(t);
        }
        return st;
    }
}
