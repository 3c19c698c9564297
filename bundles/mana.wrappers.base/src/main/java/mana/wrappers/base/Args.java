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
    /** A null buffer with elements to move: class ERR_BUFFER, as MPI gives for a NULL buffer. */
    public static void buffer(Object buf, int count, String what) throws ManaException {
        if (buf == null && count > 0) {
            throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: " + what + " is null");
        }
    }

    /** A null buffer that only the root uses (the raw binding ignores it elsewhere). */
    public static void rootBuffer(Object buf, int count, int root, int comm, String what) throws ManaException {
        if (buf == null && count > 0 && isRoot(comm, root)) {
            buffer(null, count, what);
        }
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
        int n = peers(comm);
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
        int n = localSize(comm);
        if (a.length < n) {
            throw ManaException.of(ErrorClass.ARG, "invalid argument: " + what + " has " + a.length
                    + " entries, the group has " + n + " processes");
        }
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
