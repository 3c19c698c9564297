package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Point-to-point operations of Comm (area p2p, bundle mana.wrappers.p2p). */
public class Comm {
    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            FunctionTable.p2p().send(vid, buf, count, type.vid, dest, tag);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            return new Status(FunctionTable.p2p().recv(vid, buf, count, type.vid, source, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
