package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Collective operations of Comm (area coll, bundle mana.wrappers.coll). */
public class Comm {
    public final void barrier() throws MPIException {
        try {
            FunctionTable.coll().barrier(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        try {
            FunctionTable.coll().bcast(vid, buf, count, type.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        try {
            FunctionTable.coll().reduce(vid, sendbuf, recvbuf, count, type.vid, op.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        try {
            FunctionTable.coll().reduce(vid, null, buf, count, type.vid, op.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        try {
            FunctionTable.coll().allReduce(vid, sendbuf, recvbuf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().allReduce(vid, null, buf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
