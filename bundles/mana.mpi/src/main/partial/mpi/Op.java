package mpi;

/** An MPI reduction operation; it holds a MANA handle, never a lower-half one. */
public final class Op {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;

    protected Op(int vid) {
        this.vid = vid;
    }
}
