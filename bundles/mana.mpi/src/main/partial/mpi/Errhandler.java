package mpi;

/** An MPI Errhandler; it holds a MANA handle, never a lower-half one. */
public final class Errhandler {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;
    /** Open MPI's protected {@code handle}: the MANA handle as an unsigned value, kept equal to {@code vid}. */
    protected long handle;

    Errhandler(int vid) {
        this.vid = vid;
        this.handle = ManaHandles.handleOf(vid);
    }

    /**
     * As in Open MPI: an object for the {@code handle} of an errhandler. Any other value gives an
     * object whose every use fails with MPI_ERR_ARG.
     */
    protected Errhandler(long handle) {
        this(ManaHandles.vidOf(handle, mana.core.vid.Kind.ERRHANDLER));
    }

    /** As in Open MPI: the handle of MPI_ERRORS_ARE_FATAL. */
    protected static long getFatal() {
        return ManaHandles.handleOf(MPI.ERRORS_ARE_FATAL.vid);
    }

    /** As in Open MPI: the handle of MPI_ERRORS_RETURN. */
    protected static long getReturn() {
        return ManaHandles.handleOf(MPI.ERRORS_RETURN.vid);
    }
}
