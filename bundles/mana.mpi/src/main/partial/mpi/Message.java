package mpi;

import java.nio.Buffer;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.P2pProvider;

/** A matched message (MPI_Message); it holds a MANA handle, 0 (null) or MESSAGE_NO_PROC. */
public final class Message {
    /** The MANA handle of the matched message (kind MESSAGE), 0 for the null message. */
    int vid;

    public Message() {
        vid = 0;
    }

    public boolean isNull() {
        return vid == 0;
    }

    public boolean isNoProc() {
        return vid == P2pProvider.MESSAGE_NO_PROC;
    }

    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        try {
            long[] s = new long[6];
            vid = FunctionTable.p2p().mProbe(comm.vid, source, tag, s);
            return new Status(s);
        } catch (ManaException e) {
            throw ManaErrors.of(e, comm);
        }
    }

    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        try {
            long[] s = new long[6];
            int m = FunctionTable.p2p().imProbe(comm.vid, source, tag, s);
            if (m == 0) {
                return null;
            }
            vid = m;
            return new Status(s);
        } catch (ManaException e) {
            throw ManaErrors.of(e, comm);
        }
    }

    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        try {
            Status s = new Status(FunctionTable.p2p().mRecv(vid, buf, count, type.vid));
            vid = 0;
            return s;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public Request imRecv(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            Request r = new Request(FunctionTable.p2p().imRecv(vid, buf, count, type.vid));
            vid = 0;
            return r;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
