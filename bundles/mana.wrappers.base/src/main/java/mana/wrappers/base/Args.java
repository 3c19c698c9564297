package mana.wrappers.base;

import mana.core.desc.CommDescriptor;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.TypeBounds;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;

/**
 * Checks of arguments the raw binding hands to native code unchecked: there a null buffer or a
 * count array shorter than the group crashes the JVM (SIGSEGV); here it is an MPIException naming
 * the argument. Each check is one compare on the normal path.
 */
public final class Args {
    /**
     * A null buffer with elements to move: class ERR_BUFFER, as MPI gives for a NULL buffer. So is
     * a buffer that is neither a primitive array nor a java.nio buffer (an {@code Integer[]}): the
     * raw binding hands it to native code as a primitive array, moves object references as numbers
     * and the JVM crashes when the receiver uses them.
     */
    public static void buffer(Object buf, int count, String what) throws ManaException {
        if (count > 0 && !isBuffer(buf)) {
            throw invalidBuffer(buf, what);
        }
    }

    /**
     * The buffer check for calls whose null buffer Open MPI itself reports (point-to-point): only
     * a non-null buffer that is neither a primitive array nor a java.nio buffer.
     */
    public static void notObjects(Object buf, int count, String what) throws ManaException {
        if (buf != null && count > 0 && !isBuffer(buf)) {
            throw invalidBuffer(buf, what);
        }
    }

    /**
     * {@link #notObjects} and {@link #fits} in one (the blocking point-to-point calls): an array
     * costs one type test more than before, a direct buffer the capacity check.
     */
    public static void p2pBuffer(Object buf, int count, int type, String what) throws ManaException {
        if (buf instanceof java.nio.Buffer b) {
            if (count > 0 && b.isDirect()) {
                checkSpan(b, 0, count, type, what, -1);
                return;
            }
        } else if (buf != null && count > 0 && (buf instanceof Object[] || !buf.getClass().isArray())) {
            throw invalidBuffer(buf, what);
        }
        ArrayArgs.fitsArray(buf, count, type, what); // a derived type over an array: one bit test otherwise
    }

    /** buffer, checked only at the root (the raw binding ignores the argument elsewhere). */
    public static void rootBuffer(Object buf, int count, int root, int comm, String what) throws ManaException {
        if (count > 0 && !isBuffer(buf) && isRoot(comm, root)) {
            throw invalidBuffer(buf, what);
        }
    }

    /**
     * A direct buffer that does not hold {@code count} elements of {@code type}: the raw binding
     * hands MPI the buffer's address and nothing else, and MPI reads or writes past its end
     * (native memory overwritten: "malloc(): invalid size", a crash later, or wrong values).
     * Derived datatypes are measured by their true bounds and extent, so a vector with gaps or
     * a resized type counts what MPI really touches. Arrays need no check: the raw binding copies
     * them with bounds-checked JNI calls (an {@code ArrayIndexOutOfBoundsException}, as raw).
     * Cost on the hot path: one type test when the buffer is an array.
     */
    public static void fits(Object buf, int count, int type, String what) throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer b && b.isDirect()) {
            if (!fitsPredefined(b, count, type)) {
                checkSpan(b, 0, count, type, what, -1);
            }
        } else if (!(buf instanceof java.nio.Buffer)) {
            ArrayArgs.fitsArray(buf, count, type, what); // a derived type over an array: one bit test otherwise
        }
    }

    /** fits for {@code count} elements per process of the (remote) group (allGather, allToAll). */
    public static void fitsPerProcess(Object buf, int count, int type, int comm, String what) throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer b && b.isDirect()) {
            long n = (long) count * peers(comm);
            checkSpan(b, 0, (int) Math.min(n, Integer.MAX_VALUE), type, what, -1);
        }
    }

    /** fitsPerProcess at the root only (gather's receive and scatter's send buffer). */
    public static void rootFitsPerProcess(Object buf, int count, int type, int root, int comm, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer && isRoot(comm, root)) {
            fitsPerProcess(buf, count, type, comm, what);
        }
    }

    /**
     * fits for a v-form's buffer: process i's {@code counts[i]} elements start {@code displs[i]}
     * extents in. Call after the arrays' lengths were checked ({@link #perProcess}).
     */
    public static void fitsV(Object buf, int[] counts, int[] displs, int type, int comm, String what)
            throws ManaException {
        if (buf instanceof java.nio.Buffer b && b.isDirect() && counts != null && displs != null) {
            TypeBounds t = bounds(type);
            int n = Math.min(peers(comm), Math.min(counts.length, displs.length));
            for (int i = 0; i < n; i++) {
                if (counts[i] > 0) {
                    checkSpan(b, displs[i] * t.extent(), counts[i], type, what, i);
                }
            }
        }
    }

    /** fitsV at the root only (gatherv's receive and scatterv's send buffer). */
    public static void rootFitsV(Object buf, int[] counts, int[] displs, int type, int root, int comm, String what)
            throws ManaException {
        if (buf instanceof java.nio.Buffer && isRoot(comm, root)) {
            fitsV(buf, counts, displs, type, comm, what);
        }
    }

    /** fitsV for allToAllw: displacements in bytes, one datatype per process. */
    public static void fitsW(Object buf, int[] counts, int[] displs, int[] types, int comm, String what)
            throws ManaException {
        if (buf instanceof java.nio.Buffer b && b.isDirect() && counts != null && displs != null && types != null) {
            int n = Math.min(peers(comm), Math.min(counts.length, Math.min(displs.length, types.length)));
            for (int i = 0; i < n; i++) {
                if (counts[i] > 0) {
                    checkSpan(b, displs[i], counts[i], types[i], what, i);
                }
            }
        }
    }

    // ---- which process reads which buffer: rooted calls, reductions, neighborhoods ----------

    /** fits at the root only (reduce's receive buffer). */
    public static void rootFits(Object buf, int count, int type, int root, int comm, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer && isRoot(comm, root)) {
            fits(buf, count, type, what);
        }
    }

    /**
     * fits on the processes that send to or receive from a root (gather's send, scatter's receive,
     * reduce's send buffer): every process of an intracommunicator, the group without the root
     * on an intercommunicator (MPI ignores the argument at MPI.ROOT and MPI.PROC_NULL). A root
     * out of range is left to MPI (MPI_ERR_ROOT, no buffer touched).
     */
    public static void leafFits(Object buf, int count, int type, int root, int comm, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer && role(comm, root) >= LEAF) {
            fits(buf, count, type, what);
        }
    }

    /** fits on every process that takes part in a rooted call (bcast's buffer): not at MPI.PROC_NULL. */
    public static void rootedFits(Object buf, int count, int type, int root, int comm, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer && role(comm, root) >= ROOT) {
            fits(buf, count, type, what);
        }
    }

    /**
     * The buffer of gather's and scatter's in-place forms: count elements per process at the root
     * (the whole result, or what it scatters), count elsewhere (what the process sends or receives).
     */
    public static void inPlaceFits(Object buf, int count, int type, int root, int comm, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer) {
            int role = role(comm, root);
            if (role == ROOT_AND_LEAF || role == ROOT) {
                fitsPerProcess(buf, count, type, comm, what);
            } else if (role == LEAF) {
                fits(buf, count, type, what);
            }
        }
    }

    /** fits everywhere but at rank 0, whose receive buffer MPI_Exscan does not use. */
    public static void fitsAboveRankZero(Object buf, int count, int type, int comm, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer && rank(comm) > 0) {
            fits(buf, count, type, what);
        }
    }

    /**
     * fits for {@code count} elements per process of the local group (reduceScatterBlock's send
     * buffer: the local group's blocks, also on an intercommunicator, as Open MPI reads it).
     */
    public static void fitsPerLocalProcess(Object buf, int count, int type, int comm, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer) {
            long n = (long) count * localSize(comm);
            fits(buf, (int) Math.min(n, Integer.MAX_VALUE), type, what);
        }
    }

    /**
     * fits for the sum of a per-process count array over the local group (reduceScatter's send
     * buffer and in-place buffer). Call after {@link #localPerProcess}.
     */
    public static void fitsSum(Object buf, int[] counts, int type, int comm, String what) throws ManaException {
        if (buf instanceof java.nio.Buffer && counts != null) {
            int n = Math.min(counts.length, localSize(comm));
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += Math.max(0, counts[i]);
            }
            fits(buf, (int) Math.min(sum, Integer.MAX_VALUE), type, what);
        }
    }

    /** fits for this process's own entry of a per-process count array (reduceScatter's receive buffer). */
    public static void fitsOwnCount(Object buf, int[] counts, int type, int comm, String what) throws ManaException {
        if (buf instanceof java.nio.Buffer && counts != null) {
            int r = rank(comm);
            if (r >= 0 && r < counts.length) {
                fits(buf, counts[r], type, what);
            }
        }
    }

    /**
     * A neighborhood collective's per-neighbor array: one entry per source ({@code in}) or per
     * destination of this process in the communicator's topology. Unknown topology: MPI decides.
     */
    public static void perNeighbor(int[] a, int comm, boolean in, String what) throws ManaException {
        notNull(a, what);
        int n = degree(comm, in);
        if (a.length < n) {
            throw ManaException.of(ErrorClass.ARG, "invalid argument: " + what + " has " + a.length
                    + " entries, the process has " + n + (in ? " source" : " destination") + " neighbors");
        }
    }

    /** fits for {@code count} elements per source ({@code in}) or destination neighbor. */
    public static void fitsPerNeighbor(Object buf, int count, int type, int comm, boolean in, String what)
            throws ManaException {
        if (count > 0 && buf instanceof java.nio.Buffer b && b.isDirect()) {
            long n = (long) count * Math.max(0, degree(comm, in));
            if (n > 0) {
                checkSpan(b, 0, (int) Math.min(n, Integer.MAX_VALUE), type, what, -1);
            }
        }
    }

    /** fitsV over the source ({@code in}) or destination neighbors. Call after {@link #perNeighbor}. */
    public static void fitsPerNeighborV(Object buf, int[] counts, int[] displs, int type, int comm, boolean in,
                                        String what) throws ManaException {
        if (buf instanceof java.nio.Buffer b && b.isDirect() && counts != null && displs != null) {
            TypeBounds t = bounds(type);
            int n = Math.min(degree(comm, in), Math.min(counts.length, displs.length));
            for (int i = 0; i < n; i++) {
                if (counts[i] > 0) {
                    checkSpan(b, displs[i] * t.extent(), counts[i], type, what, i);
                }
            }
        }
    }

    /**
     * fits for a call whose binding pins arrays instead of copying a bounds-checked region
     * (reduceLocal: GetPrimitiveArrayCritical, so MPI writes past a short array into the Java
     * heap): direct buffers, heap buffers and primitive arrays alike.
     */
    public static void fitsPinned(Object buf, int count, int type, String what) throws ManaException {
        if (count <= 0 || buf == null) {
            return;
        }
        if (buf instanceof java.nio.Buffer b) {
            if (b.isDirect()) {
                checkSpan(b, 0, count, type, what, -1);
            } else if (b.hasArray()) {
                checkArraySpan(b.array(), b.arrayOffset(), count, type, what);
            }
        } else if (buf.getClass().isArray() && !(buf instanceof Object[])) {
            checkArraySpan(buf, 0, count, type, what);
        }
    }

    private static void checkArraySpan(Object array, int offset, int count, int type, String what)
            throws ManaException {
        int size = arrayElementSize(array.getClass().getComponentType());
        long have = ((long) java.lang.reflect.Array.getLength(array) - offset) * size;
        TypeBounds t = bounds(type);
        long low = t.lowest(0, count);
        long end = t.end(0, count);
        if ((long) offset * size + low < 0 || end > have) { // before a heap buffer's offset is still its array
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: " + what + " holds " + have
                    + " bytes, the call's " + count + " element" + (count == 1 ? "" : "s")
                    + (low < 0 ? " start " + -low + " bytes before it" : " reach byte " + end));
        }
    }

    private static int arrayElementSize(Class<?> c) {
        if (c == long.class || c == double.class) {
            return 8;
        }
        if (c == int.class || c == float.class) {
            return 4;
        }
        return c == char.class || c == short.class ? 2 : 1;
    }

    /**
     * The root's buffer of a rooted collective (gather's receive, scatter's send) as the lower
     * half gets it: null on an intercommunicator anywhere but at MPI.ROOT, where MPI does not
     * look at it. Open MPI's binding takes every process of an intercommunicator for a root
     * ({@code rootOrInter} in its {@code mpi_Comm.c}): it copied its uninitialised native buffer
     * back into the receive array of a process of the other group (zeros over the program's
     * values) and read a send array there as if it were the root's (an
     * {@code ArrayIndexOutOfBoundsException} for a short one).
     */
    public static Object rootSide(Object buf, int root, int comm) throws ManaException {
        return buf != null && root != mpi.MPI.ROOT && isInter(comm) ? null : buf;
    }

    /**
     * A buffer that a rooted collective uses away from its root only (gather's send, scatter's
     * receive): null at MPI.ROOT and MPI.PROC_NULL of an intercommunicator, where MPI does not
     * look at it ({@link #rootSide} says why).
     */
    public static Object leafSide(Object buf, int root, int comm) throws ManaException {
        return buf != null && (root == mpi.MPI.ROOT || root == mpi.MPI.PROC_NULL) && isInter(comm) ? null : buf;
    }

    private static boolean isInter(int comm) throws ManaException {
        CommDescriptor d = Lower.commDescriptor(comm);
        try {
            return d != null ? d.isInter() : Lower.comm(comm).isInter();
        } catch (mpi.MPIException e) {
            throw Lower.error(e);
        }
    }

    /** role: MPI.PROC_NULL on an intercommunicator, or a root out of range: takes no part MPI would check here. */
    private static final int NONE = 0;
    /** role: the root of an intercommunicator (MPI.ROOT). */
    private static final int ROOT = 1;
    /** role: a process sending to or receiving from the root only. */
    private static final int LEAF = 2;
    /** role: the root of an intracommunicator (it is a leaf as well). */
    private static final int ROOT_AND_LEAF = 3;

    private static int role(int comm, int root) throws ManaException {
        CommDescriptor d = Lower.commDescriptor(comm);
        boolean inter;
        int rank;
        int size;
        try {
            mpi.Comm c = d == null ? Lower.comm(comm) : null;
            inter = d != null ? d.isInter() : c.isInter();
            rank = d != null ? d.rank() : c.getRank();
            size = inter ? peers(comm) : d != null ? d.size() : c.getSize();
        } catch (mpi.MPIException e) {
            throw Lower.error(e);
        }
        if (inter) {
            return root == mpi.MPI.ROOT ? ROOT : root >= 0 && root < size ? LEAF : NONE;
        }
        return root < 0 || root >= size ? NONE : root == rank ? ROOT_AND_LEAF : LEAF;
    }

    /** The arrays and buffers of neighborAllToAllv (blocking and not): one entry per neighbor each way. */
    public static void neighborAllToAllv(int comm, Object sendbuf, int[] sendcount, int[] sdispls, int sendtype,
                                         Object recvbuf, int[] recvcount, int[] rdispls, int recvtype)
            throws ManaException {
        perNeighbor(sendcount, comm, false, "sendcount");
        perNeighbor(sdispls, comm, false, "sdispls");
        perNeighbor(recvcount, comm, true, "recvcount");
        perNeighbor(rdispls, comm, true, "rdispls");
        fitsPerNeighborV(sendbuf, sendcount, sdispls, sendtype, comm, false, "sendbuf");
        fitsPerNeighborV(recvbuf, recvcount, rdispls, recvtype, comm, true, "recvbuf");
    }

    private static int rank(int comm) throws ManaException {
        return fromComm(comm, true);
    }

    /**
     * This process's rank in the communicator ({@code rank}) or its local group's size: from the
     * descriptor, else (a communicator without one) from the lower half.
     */
    private static int fromComm(int comm, boolean rank) throws ManaException {
        CommDescriptor d = Lower.commDescriptor(comm);
        if (d != null) {
            return rank ? d.rank() : d.size();
        }
        try {
            mpi.Comm c = Lower.comm(comm);
            return rank ? c.getRank() : c.getSize();
        } catch (mpi.MPIException e) {
            throw Lower.error(e);
        }
    }

    /** This process's sources ({@code in}) or destinations in the communicator's topology; -1 if unknown. */
    public static int degree(int comm, boolean in) throws ManaException {
        CommDescriptor d = Lower.commDescriptor(comm);
        if (d == null || d.topology() == null) {
            return -1; // no topology MANA knows of: MPI answers MPI_ERR_TOPOLOGY without touching buffers
        }
        return in ? d.topology().inDegree(d.rank()) : d.topology().outDegree(d.rank());
    }

    private static void checkSpan(java.nio.Buffer b, long displacement, int count, int type, String what,
                                  int process) throws ManaException {
        TypeBounds t = bounds(type);
        long have = (long) b.capacity() * Buffers.elementSize(b);
        long low = t.lowest(displacement, count);
        long end = t.end(displacement, count);
        // Only the end is checked: a buffer made by MPI.slice starts inside a larger one, and a
        // type that reaches before its start (a negative stride) reads memory that is the
        // application's (ompi-java-test's Bakstr does so); the slice's parent is not visible here.
        if (end <= have) {
            return;
        }
        String head = "invalid buffer: " + what + " is a direct " + Buffers.kind(b) + " of " + have + " bytes, ";
        if (process < 0 && displacement == 0 && (type & 0x0F000000) == 0) { // a predefined type: count * size
            throw ManaException.of(ErrorClass.BUFFER, head + "the call moves " + count + " element"
                    + (count == 1 ? "" : "s") + " ("
                    + end + " bytes) through it");
        }
        throw ManaException.of(ErrorClass.BUFFER, head + "the call needs bytes " + low + " to " + end + " of it ("
                + count + " element" + (count == 1 ? "" : "s") + " of its datatype"
                + (displacement != 0 ? " from byte " + displacement : "")
                + (process < 0 ? "" : ", process " + process + "'s part") + ")");
    }

    /**
     * Where the elements of a committed datatype lie. Predefined types are asked once per run;
     * a derived type's bounds are kept in its descriptor (asked again after a restart).
     */
    static TypeBounds bounds(int type) throws ManaException {
        if ((type & 0x0F000000) == 0) { // generation 0: predefined
            int i = type & (PREDEFINED.length - 1);
            TypeBounds t = PREDEFINED[i];
            if (t == null) {
                t = ask(Lower.committedType(type)); // validates the handle
                PREDEFINED[i] = t; // racy but safe: an immutable record, the same from every thread
            }
            return t;
        }
        mpi.Datatype lower = Lower.committedType(type); // validates: live, committed
        if (Handles.descriptor(type, Kind.DATATYPE) instanceof DatatypeDescriptor d) {
            TypeBounds t = d.bounds();
            if (t == null) {
                t = ask(lower);
                d.setBounds(t);
            }
            return t;
        }
        return ask(lower);
    }

    /**
     * True when {@code count} elements of a predefined type whose bounds are known fit in a
     * direct buffer: the usual case, small enough for the JIT to inline into the wrapper
     * (checkSpan is not). False means "ask checkSpan", not "does not fit".
     */
    private static boolean fitsPredefined(java.nio.Buffer b, int count, int type) {
        if ((type & 0x0F000000) != 0) {
            return false;
        }
        TypeBounds t = PREDEFINED[type & (PREDEFINED.length - 1)];
        return t != null && t.end(0, count) <= (long) b.capacity() * Buffers.elementSize(b);
    }

    /** Predefined datatypes' bounds by slot (fewer than 64 predefined handles per kind). */
    private static final TypeBounds[] PREDEFINED = new TypeBounds[64];

    /**
     * The lower half's bounds in bytes. Its public getters divide by the base type's size
     * (a resized type's odd extent would be rounded down), so this asks the same JNI entry
     * points they use, which answer in bytes.
     */
    private static TypeBounds ask(mpi.Datatype t) throws ManaException {
        try {
            long handle = (long) TYPE_HANDLE.get(t);
            int[] lbExtent = new int[2];
            int[] trueLbExtent = new int[2];
            GET_LB_EXTENT.invoke(t, handle, lbExtent);
            GET_TRUE_LB_EXTENT.invoke(t, handle, trueLbExtent);
            return new TypeBounds(trueLbExtent[0], trueLbExtent[1], lbExtent[1]);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof mpi.MPIException m) {
                throw Lower.error(m);
            }
            throw new IllegalStateException("the lower half's datatype bounds", e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("the lower half's datatype bounds", e);
        }
    }

    private static final java.lang.invoke.VarHandle TYPE_HANDLE;
    private static final java.lang.reflect.Method GET_LB_EXTENT;
    private static final java.lang.reflect.Method GET_TRUE_LB_EXTENT;

    static {
        try {
            var lookup = java.lang.invoke.MethodHandles.privateLookupIn(mpi.Datatype.class,
                    java.lang.invoke.MethodHandles.lookup());
            TYPE_HANDLE = lookup.findVarHandle(mpi.Datatype.class, "handle", long.class);
            GET_LB_EXTENT = mpi.Datatype.class.getDeclaredMethod("getLbExtent", long.class, int[].class);
            GET_LB_EXTENT.setAccessible(true);
            GET_TRUE_LB_EXTENT = mpi.Datatype.class.getDeclaredMethod("getTrueLbExtent", long.class, int[].class);
            GET_TRUE_LB_EXTENT.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Non-null and MPI can address it: a java.nio buffer or an array of a primitive type. */
    private static boolean isBuffer(Object buf) {
        return buf instanceof java.nio.Buffer
                || (buf != null && !(buf instanceof Object[]) && buf.getClass().isArray());
    }

    private static ManaException invalidBuffer(Object buf, String what) {
        return ManaException.of(ErrorClass.BUFFER, buf == null ? "invalid buffer: " + what + " is null"
                : "invalid buffer: " + what + " (" + buf.getClass().getSimpleName()
                        + ") is neither a primitive array nor a java.nio buffer");
    }

    /** A required non-buffer argument (an array, a name): class ERR_ARG. */
    public static void notNull(Object o, String what) throws ManaException {
        if (o == null) {
            throw ManaException.of(ErrorClass.ARG, "invalid argument: " + what + " is null");
        }
    }

    /** notNull, checked only at the root (the only process that reads the argument). */
    public static void rootNotNull(Object o, int root, int comm, String what) throws ManaException {
        if (o == null && isRoot(comm, root)) {
            notNull(null, what);
        }
    }

    /** A per-process array (counts, displacements): one entry per process of the (remote) group. */
    public static void perProcess(int[] a, int comm, String what) throws ManaException {
        notNull(a, what);
        atLeast(a, peers(comm), what);
    }

    /** perProcess for alltoallw's six arrays (counts, displacements and datatypes, each way). */
    public static void allToAllwArrays(int comm, int[] sendCount, int[] sDispls, int[] sendTypes, int[] recvCount,
                                       int[] rDispls, int[] recvTypes) throws ManaException {
        perProcess(sendCount, comm, "sendCount");
        perProcess(sDispls, comm, "sDispls");
        perProcess(sendTypes, comm, "sendTypes");
        perProcess(recvCount, comm, "recvCount");
        perProcess(rDispls, comm, "rDispls");
        perProcess(recvTypes, comm, "recvTypes");
    }

    private static void atLeast(int[] a, int n, String what) throws ManaException {
        if (a.length < n) {
            throw ManaException.of(ErrorClass.ARG, "invalid argument: " + what + " has " + a.length
                    + " entries, the group has " + n + " processes");
        }
    }

    /**
     * A per-process array indexed by the local group (reduceScatter's counts: the result is
     * scattered over the local group, also on an intercommunicator).
     */
    public static void localPerProcess(int[] a, int comm, String what) throws ManaException {
        notNull(a, what);
        atLeast(a, localSize(comm), what);
    }

    private static int localSize(int comm) throws ManaException {
        return fromComm(comm, false);
    }

    /** perProcess, checked only at the root (the only process that reads the array). */
    public static void rootPerProcess(int[] a, int root, int comm, String what) throws ManaException {
        if ((a == null || a.length < peers(comm)) && isRoot(comm, root)) {
            perProcess(a, comm, what);
        }
    }

    public static boolean isRoot(int comm, int root) throws ManaException {
        CommDescriptor d = Lower.commDescriptor(comm);
        if (d != null && d.isInter()) {
            return root == mpi.MPI.ROOT;
        }
        try {
            return (d != null ? d.rank() : Lower.comm(comm).getRank()) == root;
        } catch (mpi.MPIException e) {
            throw Lower.error(e);
        }
    }

    /** Processes of the group a per-process array covers: the remote group of an intercommunicator. */
    public static int peers(int comm) throws ManaException {
        CommDescriptor d = Lower.commDescriptor(comm);
        if (d != null && !d.isInter()) {
            return d.size();
        }
        try {
            mpi.Comm c = Lower.comm(comm);
            return c instanceof mpi.Intercomm ? ((mpi.Intercomm) c).getRemoteSize() : c.getSize();
        } catch (mpi.MPIException e) {
            throw Lower.error(e);
        }
    }

    private Args() {
    }
}
