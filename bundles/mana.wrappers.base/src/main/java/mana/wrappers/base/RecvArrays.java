package mana.wrappers.base;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import mana.core.desc.TypeBounds;
import mana.core.error.ManaException;
import mana.core.gate.CheckpointGate;

/**
 * Receives into Java arrays that leave every element the message did not write as it was, as
 * MPI says. Open MPI's Java binding receives into a native buffer of {@code count} elements and
 * copies all of them back into the array, so the elements past the received ones get whatever
 * that memory held (zeros in a fresh process, other bytes after a restart). Here the lower half
 * receives into a direct buffer instead (every lower half takes direct buffers as they are), and
 * the wrapper copies back:
 * <ul>
 * <li>a contiguous predefined datatype (point-to-point, which has a status): only the bytes
 * the status counts, in whole array elements; the direct buffer is not filled first;</li>
 * <li>anything else (a derived datatype, a predefined pair type with a gap, a collective,
 * which has no status): the array's bytes are copied into the direct buffer first, over all
 * that MPI may write, and all of it is copied back, so holes, the tail and blocks no process
 * sent keep their values.</li>
 * </ul>
 * The direct buffer is pooled per thread (kept in the gate's {@link CheckpointGate.ThreadState}
 * the wrapper already holds: no lookup, no lock, no allocation per call once it is large
 * enough); it grows to the largest receive seen, up to {@link #POOL_MAX} bytes, above which a
 * call gets a buffer of its own. A nested use on the same thread (a user function called by
 * the lower half that receives) gets one of its own too. Where this does not apply the wrapper
 * hands the application's buffer down unchanged ({@link #forRecv} returns null): direct
 * buffers, null, nothing to receive, read-only heap buffers, an array too short for the call
 * (the lower half throws as it does raw), an element size that does not divide the datatype's
 * layout, a datatype whose elements start before the buffer.
 *
 * <p>Nothing here is in a checkpoint: the pooled buffer belongs to the platform, and a
 * receive completes (and copies back) before the gate lets a checkpoint in.
 */
public final class RecvArrays {
    /**
     * Set by a lower half whose point-to-point receives into arrays already write only what the
     * message holds (the FFM lower half: it receives large arrays in place, which a detour
     * through a direct buffer would undo): point-to-point arrays then go down as they are.
     * Read once, after the lower half has loaded (the first receive).
     */
    static final boolean LOWER_EXACT = Boolean.getBoolean("mana.lowerhalf.exactArrayRecv");

    /** Largest pooled buffer kept per thread; larger receives get a temporary one. */
    static final int POOL_MAX = 64 << 20;
    private static final int POOL_MIN = 4096;

    /**
     * Per predefined datatype slot: its extent when a receive of it fills exactly the bytes its
     * status counts (contiguous: size = extent = true extent, true lower bound 0), -1 when it
     * has a gap (MPI.SHORT_INT, MPI.DOUBLE_INT, ...), 0 not yet known.
     */
    private static final long[] PREDEFINED = new long[64];

    /** A direct buffer in native order with a view per element size, and the call using it. */
    public static final class Target {
        final ByteBuffer bytes;
        private final CharBuffer chars;
        private final ShortBuffer shorts;
        private final IntBuffer ints;
        private final LongBuffer longs;
        private final FloatBuffer floats;
        private final DoubleBuffer doubles;
        private boolean busy;
        /** A second pooled buffer of the thread, for a call that stages two arrays (a send and a receive region). */
        private Target spare;
        // the call using it
        private Object array;
        private int first;
        private int elements;
        private int shift;
        private int kind;
        private boolean filled;

        Target(int capacity) {
            bytes = ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
            chars = bytes.asCharBuffer();
            shorts = bytes.asShortBuffer();
            ints = bytes.asIntBuffer();
            longs = bytes.asLongBuffer();
            floats = bytes.asFloatBuffer();
            doubles = bytes.asDoubleBuffer();
        }

        /** The buffer to hand the lower half. */
        public ByteBuffer buffer() {
            return bytes;
        }

        /**
         * The receive completed with a status counting {@code receivedBytes}: copies back what
         * MPI wrote (all of a pre-filled region, else the received whole elements) and lets the
         * buffer go.
         */
        public void received(long receivedBytes) {
            try {
                int n = filled ? elements : (int) Math.min(elements, (Math.max(receivedBytes, 0) >>> shift));
                copyOut(n);
            } finally {
                release();
            }
        }

        /** A collective completed (no status): copies back the whole pre-filled region. */
        public void completed() {
            received(Long.MAX_VALUE);
        }

        /**
         * The receive failed. A truncated message filled the whole buffer (MPI: its first
         * {@code count} elements), which is copied back, as the binding does; after any other
         * error nothing was received and the array stays as it was.
         */
        public void failed(int errorClass) {
            try {
                if (errorClass == mana.core.error.ErrorClass.TRUNCATE) {
                    copyOut(elements);
                }
            } finally {
                release();
            }
        }

        /** Lets the buffer go without copying (the call failed before the lower half ran). */
        public void release() {
            array = null;
            busy = false;
        }

        private void copyIn(int n) {
            Object a = array;
            switch (kind) {
                case BYTE -> bytes.put(0, (byte[]) a, first, n);
                case INT -> ints.put(0, (int[]) a, first, n);
                case DOUBLE -> doubles.put(0, (double[]) a, first, n);
                case LONG -> longs.put(0, (long[]) a, first, n);
                case CHAR -> chars.put(0, (char[]) a, first, n);
                case FLOAT -> floats.put(0, (float[]) a, first, n);
                case SHORT -> shorts.put(0, (short[]) a, first, n);
                default -> {
                    boolean[] b = (boolean[]) a;
                    for (int i = 0; i < n; i++) {
                        bytes.put(i, (byte) (b[first + i] ? 1 : 0));
                    }
                }
            }
        }

        private void copyOut(int n) {
            if (n <= 0) {
                return;
            }
            Object a = array;
            switch (kind) {
                case BYTE -> bytes.get(0, (byte[]) a, first, n);
                case INT -> ints.get(0, (int[]) a, first, n);
                case DOUBLE -> doubles.get(0, (double[]) a, first, n);
                case LONG -> longs.get(0, (long[]) a, first, n);
                case CHAR -> chars.get(0, (char[]) a, first, n);
                case FLOAT -> floats.get(0, (float[]) a, first, n);
                case SHORT -> shorts.get(0, (short[]) a, first, n);
                default -> {
                    boolean[] b = (boolean[]) a;
                    for (int i = 0; i < n; i++) {
                        b[first + i] = bytes.get(i) != 0;
                    }
                }
            }
        }
    }

    /** What the lower half gets: the target's direct buffer, or {@code buf} itself when there is no target. */
    public static Object bufferOr(Target into, Object buf) {
        return into == null ? buf : into.buffer();
    }

    /** Lets a staged send region ({@link #forSendV}) go; null: none. */
    public static void release(Target from) {
        if (from != null) {
            from.release();
        }
    }

    /** After a collective into {@code into} (null: none): {@link Target#completed} when it {@code done}, else {@link Target#release}. */
    public static void finish(Target into, boolean done) {
        if (into == null) {
            return;
        }
        if (done) {
            into.completed();
        } else {
            into.release();
        }
    }

    /**
     * A point-to-point receive of {@code count} elements of {@code type} (its lower-half object
     * {@code t}) into {@code buf}: the target to receive into, or null to hand {@code buf} down
     * as it is. Call exactly one of {@link Target#received}, {@link Target#failed} or
     * {@link Target#release} on the target.
     */
    public static Target forRecv(CheckpointGate.ThreadState pass, Object buf, int count, int type, mpi.Datatype t)
            throws ManaException {
        if (LOWER_EXACT || count <= 0 || buf == null || buf instanceof Buffer b && (b.isDirect() || !b.hasArray())) {
            return null;
        }
        long extent = contiguousExtent(type, t);
        if (extent > 0) {
            return target(pass, buf, t, 0, (long) count * extent, false);
        }
        return forRegion(pass, buf, t, Args.bounds(type), count);
    }

    /**
     * A collective's receive buffer: {@code count} elements per process of {@code peers}
     * processes, the whole region pre-filled from the array. Null: hand {@code buf} down as it
     * is. Call {@link Target#completed} or {@link Target#release}.
     */
    public static Target forCollective(CheckpointGate.ThreadState pass, Object buf, long count, int type,
            mpi.Datatype t) throws ManaException {
        if (count <= 0 || count > Integer.MAX_VALUE || buf == null
                || buf instanceof Buffer b && (b.isDirect() || !b.hasArray())) {
            return null;
        }
        return forRegion(pass, buf, t, Args.bounds(type), (int) count);
    }

    /**
     * A collective that writes every element of its receive region in a correct program
     * (gather at the root, allGather, allToAll: each block is {@code recvcount}
     * elements, which MPI requires the sender to match): with a contiguous predefined datatype
     * the array goes down as it is (null), as under the raw binding, so that correct programs
     * pay no copy for the pre-fill (alltoall of 1 MiB blocks into arrays: 1.12–1.30× raw with
     * it, 1.02–1.05× without). A block shorter than {@code recvcount} (erroneous, though Open
     * MPI accepts it) then gets what the binding's native buffer held, as raw. A derived
     * datatype (its holes are MPI's to leave alone) is pre-filled: {@link #forCollective}.
     */
    public static Target forWholeCollective(CheckpointGate.ThreadState pass, Object buf, long count, int type,
            mpi.Datatype t) throws ManaException {
        return contiguousExtent(type, t) > 0 ? null : forCollective(pass, buf, count, type, t);
    }

    /**
     * scatter's receive buffer. Open MPI's binding copies its native receive buffer back into
     * the array only when that buffer came from its free list ({@code rItem != NULL} in its
     * {@code Java_mpi_Comm_scatter}); a receive larger than the list's blocks
     * ({@code mpi_java_eager}, 64 KiB) is malloc'd, and then the array is left as it was:
     * scatter of 16385 ints or more into an {@code int[]} delivered no element (raw, and under
     * MANA before this; scatterv already went through {@link #forCollective}). So the array
     * always goes through the pooled buffer here: with a contiguous predefined datatype without
     * a pre-fill (MPI writes every element of a correct program's block, and all of it is copied
     * back, one copy as in the binding's own path), otherwise {@link #forCollective}. Call
     * {@link Target#completed} or {@link Target#release}.
     */
    public static Target forScatter(CheckpointGate.ThreadState pass, Object buf, int count, int type, mpi.Datatype t)
            throws ManaException {
        if (count <= 0 || buf == null || buf instanceof Buffer b && (b.isDirect() || !b.hasArray())) {
            return null;
        }
        long extent = contiguousExtent(type, t);
        if (extent > 0) {
            return target(pass, buf, t, 0, (long) count * extent, false);
        }
        return forCollective(pass, buf, count, type, t);
    }

    /**
     * A v-collective's send region in a Java array (blocks of {@code counts[i]} elements at
     * {@code displs[i]} extents: scatterv at the root, allToAllv, neighborAllToAllv), copied
     * into a direct buffer that the lower half gets instead. Open MPI's Java binding sizes its
     * own native copy of a v-region as the largest displacement <em>times</em> its count
     * ({@code getCountv} in its {@code mpi_MPI.c}) instead of plus: for some 100 KiB per process
     * the product overflows an int, the binding copies the array past a too small
     * {@code malloc} and the JVM dies of a corrupted native heap (raw, and under MANA before
     * this); below that it mallocs far more than it needs (4 KiB blocks on 4 ranks: 50 MB per
     * call). A direct buffer goes to MPI as it is. Null: hand {@code buf} down unchanged (a
     * direct buffer, null, nothing to send). Call {@link #release(Target)} after the call.
     */
    public static Target forSendV(CheckpointGate.ThreadState pass, Object buf, int[] counts, int[] displs,
            int type, mpi.Datatype t) throws ManaException {
        return forCollectiveV(pass, buf, counts, displs, type, t);
    }

    /**
     * The v-variants: blocks of {@code counts[i]} elements at {@code displs[i]} extents, the
     * whole region pre-filled from the array. Besides keeping the elements no block writes,
     * this keeps arrays away from the binding's v-region copies ({@link #forSendV}), which is
     * why it applies to blocks without gaps too (in place, too: the region is both).
     */
    public static Target forCollectiveV(CheckpointGate.ThreadState pass, Object buf, int[] counts, int[] displs,
            int type, mpi.Datatype t) throws ManaException {
        if (buf == null || counts == null || displs == null
                || buf instanceof Buffer b && (b.isDirect() || !b.hasArray())) {
            return null;
        }
        TypeBounds tb = Args.bounds(type);
        long low = Long.MAX_VALUE;
        long end = 0;
        for (int i = 0; i < counts.length && i < displs.length; i++) {
            if (counts[i] > 0) {
                long d = (long) displs[i] * tb.extent();
                low = Math.min(low, tb.lowest(d, counts[i]));
                end = Math.max(end, tb.end(d, counts[i]));
            } else if (counts[i] < 0) {
                return null; // the lower half reports it
            }
        }
        if (low == Long.MAX_VALUE || low < 0) {
            return null;
        }
        return target(pass, buf, t, 0, end, true);
    }

    /**
     * An array (or heap buffer) with a derived datatype whose elements reach past
     * {@code count * extent} bytes: a resized column of a matrix ({@code createVector(n, 1, n)}
     * resized to one element's extent), the usual way to send a matrix transposed. Open MPI's
     * binding copies such an array into a native buffer of {@code count * extent} bytes
     * ({@code getReadPtr}/{@code getWritePtr} in its {@code mpi_MPI.c}), laid out as the
     * datatype says, so it writes past that buffer and the JVM dies of a corrupted native heap
     * (a 300 x 300 int matrix sent by columns, raw and under MANA before this). The region is
     * copied into the pooled direct buffer instead, which MPI reads (and writes) in place.
     * Null: the binding's copy holds the elements (every predefined datatype: one bit test), or
     * this cannot be staged (see {@link #target}) and {@code buf} goes down as it is. For a
     * send call {@link #release(Target)} after it; for a buffer the call also writes (bcast,
     * sendRecvReplace) {@link #finish}.
     */
    public static Target forSpanBeyondCopy(CheckpointGate.ThreadState pass, Object buf, long count, int type,
            mpi.Datatype t) throws ManaException {
        if ((type & 0x0F000000) == 0 || count <= 0 || count > Integer.MAX_VALUE || buf == null
                || buf instanceof Buffer b && (b.isDirect() || !b.hasArray())) {
            return null;
        }
        TypeBounds tb = Args.bounds(type);
        if (tb.end(0, (int) count) <= count * tb.extent()) {
            return null;
        }
        return forRegion(pass, buf, t, tb, (int) count);
    }

    private static Target forRegion(CheckpointGate.ThreadState pass, Object buf, mpi.Datatype t, TypeBounds tb,
            int count) {
        if (tb.lowest(0, count) < 0) {
            return null; // MPI writes before the buffer: not copied by hand
        }
        return target(pass, buf, t, 0, tb.end(0, count), true);
    }

    /**
     * The extent of a predefined datatype whose elements are contiguous (a receive of it fills
     * exactly the bytes its status counts); 0 or less for a derived one or one with a gap.
     */
    private static long contiguousExtent(int type, mpi.Datatype t) throws ManaException {
        if ((type & 0x0F000000) != 0) { // generation 0: predefined
            return -1;
        }
        long extent = PREDEFINED[type & (PREDEFINED.length - 1)];
        return extent == 0 ? learn(type, t) : extent;
    }

    /** Finds out whether a predefined datatype is contiguous (once per slot). */
    private static long learn(int type, mpi.Datatype t) throws ManaException {
        TypeBounds tb = Args.bounds(type);
        long size = ArrayArgs.size(t);
        long v = tb.trueLb() == 0 && tb.trueExtent() == tb.extent() && size == tb.extent() && size > 0
                ? tb.extent() : -1;
        PREDEFINED[type & (PREDEFINED.length - 1)] = v; // racy but safe: the same value from every thread
        return v;
    }

    /**
     * The target over bytes [start, end) of the buffer (from its array's offset), or null when
     * the array does not hold them in whole elements.
     */
    private static Target target(CheckpointGate.ThreadState pass, Object buf, mpi.Datatype t, long start, long end,
            boolean fill) {
        Object array = buf;
        long off = 0;
        if (buf instanceof Buffer b) {
            array = b.array();
            off = (long) (int) ArrayArgs.BASE_SIZE.get(t) * b.arrayOffset(); // Datatype.getOffset, as the binding
        }
        int kind = kind(array);
        if (kind < 0 || end <= start) {
            return null;
        }
        int shift = SHIFT[kind];
        long mask = (1L << shift) - 1;
        long firstByte = off + start;
        long lastByte = off + end; // exclusive
        long past = (lastByte + mask) >>> shift;
        if ((firstByte & mask) != 0 || past > java.lang.reflect.Array.getLength(array)
                || (!fill && (lastByte & mask) != 0)) {
            return null; // the lower half copies (and throws) as it does raw
        }
        int first = (int) (firstByte >>> shift);
        int elements = (int) (past - first);
        if ((long) elements << shift > Integer.MAX_VALUE) {
            return null; // more than a direct buffer holds: the lower half copies as it does raw
        }
        Target r = take(pass, (long) elements << shift);
        r.array = array;
        r.first = first;
        r.elements = elements;
        r.shift = shift;
        r.kind = kind;
        r.filled = fill;
        if (fill) {
            r.copyIn(elements);
        }
        return r;
    }

    private static Target take(CheckpointGate.ThreadState pass, long bytes) {
        if (pass.wrapperScratch instanceof Target p && !p.busy && p.bytes.capacity() >= bytes) {
            p.busy = true;
            return p;
        }
        return takeSlow(pass, bytes);
    }

    private static Target takeSlow(CheckpointGate.ThreadState pass, long bytes) {
        Target p = pass.wrapperScratch instanceof Target q ? q : null;
        if (bytes > POOL_MAX) {
            return own(bytes);
        }
        if (p != null && p.busy) {
            // the thread's first buffer is in use: its spare (a call staging a send and a receive
            // region), or one of its own for a nested use
            Target s = p.spare;
            if (s != null && s.busy) {
                return own(bytes);
            }
            if (s == null || s.bytes.capacity() < bytes) {
                s = pooled(bytes);
                p.spare = s;
            }
            s.busy = true;
            return s;
        }
        Target fresh = pooled(bytes);
        if (p != null) {
            fresh.spare = p.spare;
        }
        fresh.busy = true;
        pass.wrapperScratch = fresh;
        return fresh;
    }

    private static Target pooled(long bytes) {
        return new Target((int) Math.max(POOL_MIN, Math.min(POOL_MAX, Long.highestOneBit(Math.max(bytes - 1, 1)) << 1)));
    }

    private static Target own(long bytes) {
        Target own = new Target((int) Math.max(bytes, 1)); // nested or large: not kept
        own.busy = true;
        return own;
    }

    private static final int BYTE = 0, INT = 1, DOUBLE = 2, LONG = 3, CHAR = 4, FLOAT = 5, SHORT = 6, BOOLEAN = 7;
    /** log2 of the element size per kind. */
    private static final int[] SHIFT = {0, 2, 3, 3, 1, 2, 1, 0};

    /** The kind of a primitive array (the usual ones first), or -1. */
    private static int kind(Object array) {
        if (array instanceof byte[]) {
            return BYTE;
        }
        if (array instanceof int[]) {
            return INT;
        }
        if (array instanceof double[]) {
            return DOUBLE;
        }
        if (array instanceof long[]) {
            return LONG;
        }
        if (array instanceof char[]) {
            return CHAR;
        }
        if (array instanceof float[]) {
            return FLOAT;
        }
        if (array instanceof short[]) {
            return SHORT;
        }
        return array instanceof boolean[] ? BOOLEAN : -1;
    }

    private RecvArrays() {
    }
}
