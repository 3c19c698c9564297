package mpi;

import mana.core.fn.FunctionCatalog;

/** Errors for API members that no installed wrapper bundle provides (used by generated stubs). */
final class ManaUnsupported {

    static MPIException checked(String mpiFunction, String javaMember) {
        return ManaErrors.of(FunctionCatalog.missing(mpiFunction, "mpi." + javaMember));
    }

    static UnsupportedOperationException unchecked(String mpiFunction, String javaMember) {
        return new UnsupportedOperationException(FunctionCatalog.missing(mpiFunction, "mpi." + javaMember).getMessage());
    }

    private ManaUnsupported() {
    }
}
