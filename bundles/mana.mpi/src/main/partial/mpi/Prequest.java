package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** A persistent request; it holds a MANA handle that stays valid (inactive) after each completion. */
public final class Prequest extends Request {
    Prequest(int vid) {
        super(vid);
    }

    /** As in Open MPI: an object for the {@code handle} of a live request (see {@link Request#Request(long)}). */
    protected Prequest(long handle) {
        super(handle);
    }

    public void start() throws MPIException {
        try {
            FunctionTable.request().start(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static void startAll(Prequest[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            FunctionTable.request().startAll(v);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
