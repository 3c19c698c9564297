package mpi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The communicators this process got from MPI. Open MPI's handles are pointers: a forged or
 * freed one reaches libmpi as an address and the JVM dies there. Every downcall argument of
 * kind "comm" (FfmLib's signatures) passes {@link #comm} first, so an unknown value is
 * MPI_ERR_COMM instead. Handles enter through {@link FfmSupport#getHandle} (every handle MPI
 * writes back) and the predefined ones; MPI_Comm_free and MPI_Comm_disconnect forget theirs.
 */
final class FfmHandles {

    private static final Set<Long> COMMS = ConcurrentHashMap.newKeySet();
    private static final long COMM_NULL = FfmLib.c("MPI_COMM_NULL");
    private static final long COMM_SELF = FfmLib.c("MPI_COMM_SELF");
    private static final long COMM_WORLD = FfmLib.c("MPI_COMM_WORLD");
    private static final int ERR_COMM = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_COMM")); // the API's number (Open MPI's)

    /** {@code long comm(long)}: FfmLib's filter for "comm" arguments. */
    static final MethodHandle CHECK_COMM;

    static {
        COMMS.add(COMM_NULL);
        COMMS.add(COMM_SELF);
        COMMS.add(COMM_WORLD);
        try {
            CHECK_COMM = MethodHandles.lookup().findStatic(FfmHandles.class, "comm",
                    MethodType.methodType(long.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private FfmHandles() {
    }

    /** A handle MPI wrote back. */
    static void seen(String kind, long handle) {
        if (kind.equals("comm")) {
            COMMS.add(handle);
        }
    }

    /** A communicator MPI has just freed: its address may now be anything. */
    static void forget(long comm) {
        if (comm != COMM_NULL && comm != COMM_SELF && comm != COMM_WORLD) {
            COMMS.remove(comm);
        }
    }

    /** The handle, if MPI gave it to this process (MPI_COMM_NULL included: MPI reports that one). */
    static long comm(long handle) throws MPIException {
        // the world and self first: no boxing in the common case (contains(Long) allocates for addresses)
        if (handle != COMM_WORLD && handle != COMM_SELF && !COMMS.contains(handle)) {
            throw new MPIException(ERR_COMM, ERR_COMM, "invalid communicator: 0x" + Long.toHexString(handle)
                    + " is no communicator MPI gave this process (forged, or freed)");
        }
        return handle;
    }
}
