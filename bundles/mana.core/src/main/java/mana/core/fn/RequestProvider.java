package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Requests (area {@link Area#P2P}): completion, cancellation and freeing of the requests of
 * non-blocking and persistent operations. Requests are virtual handles; completing a
 * non-persistent request frees its handle.
 */
public interface RequestProvider {
    @MpiName("MPI_Request_free")
    void free(int request) throws ManaException;
}
