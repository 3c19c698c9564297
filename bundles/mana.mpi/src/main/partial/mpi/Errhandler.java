package mpi;

/** An MPI Errhandler; it holds a MANA handle, never a lower-half one. */
public final class Errhandler {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;

    Errhandler(int vid) {
        this.vid = vid;
    }
}
