package mpi;

/** An MPI Datatype; it holds a MANA handle, never a lower-half one. */
public final class Datatype {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;

    Datatype(int vid) {
        this.vid = vid;
    }
}
