package mpi;

/** An MPI Group; it holds a MANA handle, never a lower-half one. */
public final class Group {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;

    Group(int vid) {
        this.vid = vid;
    }
}
