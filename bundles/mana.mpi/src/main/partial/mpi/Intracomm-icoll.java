package mpi;

import java.nio.Buffer;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Non-blocking collective operations of Intracomm (area coll, bundle mana.wrappers.coll). */
public class Intracomm {
    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iScan(vid, sendbuf, recvbuf, count, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iScanInPlace(vid, buf, count, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iExScan(vid, sendbuf, recvbuf, count, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iExScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iExScanInPlace(vid, buf, count, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
