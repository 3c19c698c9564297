package mana.core.fn;

import mana.core.error.ManaException;

/** Communicator queries and management (area {@link Area#COMM}). */
public interface CommProvider {
    @MpiName("MPI_Comm_rank")
    int rank(int comm) throws ManaException;

    @MpiName("MPI_Comm_size")
    int size(int comm) throws ManaException;
}
