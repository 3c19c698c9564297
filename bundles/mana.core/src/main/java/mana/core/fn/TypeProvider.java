package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Datatypes and user-defined operations (area {@link Area#TYPES}). Datatypes and ops are
 * virtual handles with descriptors that say how to make them again.
 */
public interface TypeProvider {
    @MpiName("MPI_Type_size")
    int size(int type) throws ManaException;
}
