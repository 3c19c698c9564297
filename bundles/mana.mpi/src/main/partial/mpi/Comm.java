package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** A communicator; it holds a MANA handle, never a lower-half one. */
public class Comm {
    /** The MANA handle (see mana.core.vid.Vid); becomes the null handle when freed. */
    int vid;
    /** Set when {@link #free()} succeeded, so later use can say so. */
    boolean freed;
    /** The request of {@link #iDup()} (null otherwise), as in the raw binding. */
    Request request;

    Comm(int vid) {
        this.vid = vid;
    }

    public final int getSize() throws MPIException {
        try {
            return FunctionTable.comm().size(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final int getRank() throws MPIException {
        try {
            return FunctionTable.comm().rank(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void abort(int errorcode) throws MPIException {
        try {
            FunctionTable.env().abort(vid, errorcode);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
