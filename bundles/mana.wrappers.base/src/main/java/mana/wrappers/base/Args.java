package mana.wrappers.base;

import mana.core.desc.CommDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;

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

    /** buffer, checked only at the root (the raw binding ignores the argument elsewhere). */
    public static void rootBuffer(Object buf, int count, int root, int comm, String what) throws ManaException {
        if (count > 0 && !isBuffer(buf) && isRoot(comm, root)) {
            throw invalidBuffer(buf, what);
        }
    }

    /**
     * A direct buffer smaller than {@code count} elements of a predefined datatype: the raw binding hands
     * MPI the buffer's address and MPI reads or writes past its end (native memory overwritten: a
     * crash later, or wrong values, depending on what lies there). Arrays need no check (the raw
     * binding's copy of an array is bounds-checked); derived datatypes are left to MPI.
     */
    public static void fits(Object buf, int count, int type, String what) throws ManaException {
        if (checked(buf, count, type)) {
            checkFits((java.nio.Buffer) buf, count, type, what);
        }
    }

    /** fits for {@code count} elements per process of the (remote) group (allGather, allToAll). */
    public static void fitsPerProcess(Object buf, int count, int type, int comm, String what) throws ManaException {
        if (checked(buf, count, type)) {
            checkFits((java.nio.Buffer) buf, (long) count * peers(comm), type, what);
        }
    }

    /** fitsPerProcess at the root only (gather's receive and scatter's send buffer). */
    public static void rootFitsPerProcess(Object buf, int count, int type, int root, int comm, String what)
            throws ManaException {
        if (checked(buf, count, type) && isRoot(comm, root)) {
            checkFits((java.nio.Buffer) buf, (long) count * peers(comm), type, what);
        }
    }

    private static boolean checked(Object buf, int count, int type) {
        return count > 0 && buf instanceof java.nio.Buffer b && b.isDirect() && (type & 0x0F000000) == 0;
    }

    private static void checkFits(java.nio.Buffer b, long elements, int type, String what) throws ManaException {
        long have = (long) b.capacity() * Buffers.elementSize(b);
        long need = elements * (int) BASE_SIZE.get((mpi.Datatype) Lower.committedType(type));
        if (need > have) {
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: " + what + " is a direct "
                    + Buffers.kind(b) + " of " + have + " bytes, the call moves " + elements
                    + " elements (" + need + " bytes) through it");
        }
    }

    /** The lower half's bytes per element of a datatype (a VarHandle read: no allocation, no JNI). */
    private static final java.lang.invoke.VarHandle BASE_SIZE;

    static {
        try {
            BASE_SIZE = java.lang.invoke.MethodHandles.privateLookupIn(mpi.Datatype.class,
                    java.lang.invoke.MethodHandles.lookup()).findVarHandle(mpi.Datatype.class, "baseSize", int.class);
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
        CommDescriptor d = Lower.commDescriptor(comm);
        if (d != null) {
            return d.size();
        }
        try {
            return Lower.comm(comm).getSize();
        } catch (mpi.MPIException e) {
            throw Lower.error(e);
        }
    }

    /** perProcess, checked only at the root (the only process that reads the array). */
    public static void rootPerProcess(int[] a, int root, int comm, String what) throws ManaException {
        if ((a == null || a.length < peers(comm)) && isRoot(comm, root)) {
            perProcess(a, comm, what);
        }
    }

    private static boolean isRoot(int comm, int root) throws ManaException {
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
    private static int peers(int comm) throws ManaException {
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
