package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Point-to-point functions (area {@link Area#P2P}). Buffers are what the application
 * passed: a Java array or a {@code java.nio.Buffer}. A status crosses as a copy of its
 * fields: {@code long[] {source, tag, error, cancelled, ucount}} as the lower half keeps them.
 */
public interface P2pProvider {
    @MpiName("MPI_Send")
    void send(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException;

    /** Returns the status fields (see the class comment). */
    @MpiName("MPI_Recv")
    long[] recv(int comm, Object buf, int count, int type, int source, int tag) throws ManaException;

    @MpiName("MPI_Get_count")
    int statusCount(long[] status, int type) throws ManaException;

    @MpiName("MPI_Get_elements")
    int statusElements(long[] status, int type) throws ManaException;

    @MpiName("MPI_Test_cancelled")
    boolean statusCancelled(long[] status) throws ManaException;
}
