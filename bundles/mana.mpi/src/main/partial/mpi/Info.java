package mpi;

/** An MPI Info; it holds a MANA handle, never a lower-half one. */
public final class Info {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;

    Info(int vid) {
        this.vid = vid;
    }
}
