package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Collective operations (area {@link Area#COLL}). Buffers are what the application passed;
 * a {@code null} send buffer means "in place" (the one-buffer forms of the API).
 */
public interface CollProvider {
    @MpiName("MPI_Barrier")
    void barrier(int comm) throws ManaException;

    @MpiName("MPI_Bcast")
    void bcast(int comm, Object buf, int count, int type, int root) throws ManaException;

    @MpiName("MPI_Reduce")
    void reduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op, int root) throws ManaException;

    @MpiName("MPI_Allreduce")
    void allReduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op) throws ManaException;
}
