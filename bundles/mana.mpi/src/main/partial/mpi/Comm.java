package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** A communicator; it holds a MANA handle, never a lower-half one. */
public class Comm {
    /** The MANA handle (see mana.core.vid.Vid). */
    final int vid;

    Comm(int vid) {
        this.vid = vid;
    }

    public final int getSize() throws MPIException {
        try {
            return FunctionTable.comm().size(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final int getRank() throws MPIException {
        try {
            return FunctionTable.comm().rank(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

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

    public final void abort(int errorcode) throws MPIException {
        try {
            FunctionTable.env().abort(vid, errorcode);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void barrier() throws MPIException {
        try {
            FunctionTable.coll().barrier(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
