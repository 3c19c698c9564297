package mpi;

/** A request of a non-blocking operation; it holds a MANA handle. */
public class Request {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;

    Request(int vid) {
        this.vid = vid;
    }
}
