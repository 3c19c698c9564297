package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Requests (area {@link Area#P2P}): completion, cancellation and freeing of the requests of
 * non-blocking and persistent operations. Requests are virtual handles
 * ({@link mana.core.vid.Kind#REQUEST}); completing a non-persistent request frees its handle,
 * and the call gives back the null request handle in its place (as Open MPI's binding sets the
 * request to {@code MPI_REQUEST_NULL}). A persistent request keeps its handle (inactive).
 *
 * <p>Status arrays: see {@link P2pProvider}. Calls on arrays of requests take the handles in
 * an {@code int[]} and replace completed entries in place, keeping the API's index semantics.
 */
public interface RequestProvider {
    /** Bit of a {@code test*} result that says "completed"; the low 32 bits carry a handle or an index. */
    long FLAG = 1L << 32;

    /** Returns the null request handle. */
    @MpiName("MPI_Request_free")
    int free(int request) throws ManaException;

    @MpiName("MPI_Cancel")
    void cancel(int request) throws ManaException;

    /** Waits; fills {@code status} (may be null); returns the request's handle after the call. */
    @MpiName("MPI_Wait")
    int waitFor(int request, long[] status) throws ManaException;

    /**
     * Tests; fills {@code status} (may be null) on completion. Returns {@link #FLAG} if completed,
     * or-ed with the request's handle after the call in the low 32 bits.
     */
    @MpiName("MPI_Test")
    long test(int request, long[] status) throws ManaException;

    /** MPI_Request_get_status: the status if complete (the request stays), else null. */
    @MpiName("MPI_Request_get_status")
    long[] getStatus(int request) throws ManaException;

    /** Returns the index (MPI_UNDEFINED if none was active); fills {@code status} (may be null) with the index set. */
    @MpiName("MPI_Waitany")
    int waitAny(int[] requests, long[] status) throws ManaException;

    /** Returns {@link #FLAG} if completed or none active, or-ed with the index (MPI_UNDEFINED as an int). */
    @MpiName("MPI_Testany")
    long testAny(int[] requests, long[] status) throws ManaException;

    /** Fills {@code statuses} (may be null, else of the requests' length). */
    @MpiName("MPI_Waitall")
    void waitAll(int[] requests, long[][] statuses) throws ManaException;

    @MpiName("MPI_Testall")
    boolean testAll(int[] requests, long[][] statuses) throws ManaException;

    /** The indices of completed requests, or null if none was active (outcount MPI_UNDEFINED). */
    @MpiName("MPI_Waitsome")
    int[] waitSome(int[] requests) throws ManaException;

    /** The statuses of completed requests with their indices set; null if none was active. */
    @MpiName("MPI_Waitsome")
    long[][] waitSomeStatus(int[] requests) throws ManaException;

    @MpiName("MPI_Testsome")
    int[] testSome(int[] requests) throws ManaException;

    @MpiName("MPI_Testsome")
    long[][] testSomeStatus(int[] requests) throws ManaException;

    @MpiName("MPI_Start")
    void start(int request) throws ManaException;

    @MpiName("MPI_Startall")
    void startAll(int[] requests) throws ManaException;
}
