package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Collective operations of Intracomm (area coll, bundle mana.wrappers.coll). */
public class Intracomm {
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().scan(vid, sendbuf, recvbuf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void scan(Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().scanInPlace(vid, recvbuf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().exScan(vid, sendbuf, recvbuf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().exScanInPlace(vid, buf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
