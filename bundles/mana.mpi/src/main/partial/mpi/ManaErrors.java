package mpi;

import mana.core.error.ManaException;

/** Turns a core error into the upper half's MPIException with the same code and class. */
final class ManaErrors {

    static MPIException of(ManaException e) {
        MPIException x = new MPIException(e.errorCode(), e.errorClass(), e.getMessage());
        if (e.getCause() != null) {
            x.initCause(e.getCause());
        }
        return x;
    }

    private ManaErrors() {
    }
}
