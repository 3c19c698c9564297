package mana.core.fn;

import mana.core.error.ManaException;

/** Collective operations (area {@link Area#COLL}). */
public interface CollProvider {
    @MpiName("MPI_Barrier")
    void barrier(int comm) throws ManaException;
}
