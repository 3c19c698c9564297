package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Collective operations of Comm (owned by the collectives area, bundle mana.wrappers.coll). */
public class Comm {
    public final void barrier() throws MPIException {
        try {
            FunctionTable.coll().barrier(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
