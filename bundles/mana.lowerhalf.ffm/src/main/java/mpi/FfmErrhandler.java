package mpi;

/** FFM natives of mpi.Errhandler. */
final class FfmErrhandler {

    private FfmErrhandler() {
    }

    static long getFatal() {
        return FfmLib.c("MPI_ERRORS_ARE_FATAL");
    }

    static long getReturn() {
        return FfmLib.c("MPI_ERRORS_RETURN");
    }
}
