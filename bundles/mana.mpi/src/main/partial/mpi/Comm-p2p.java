package mpi;

import java.nio.Buffer;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.P2pProvider;

/** Point-to-point operations of Comm (area p2p, bundle mana.wrappers.p2p). */
public class Comm {
    private static P2pProvider p2p() {
        return FunctionTable.p2p();
    }

    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            p2p().send(vid, buf, count, type.vid, dest, tag);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            p2p().bSend(vid, buf, count, type.vid, dest, tag);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            p2p().sSend(vid, buf, count, type.vid, dest, tag);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            p2p().rSend(vid, buf, count, type.vid, dest, tag);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            return new Status(p2p().recv(vid, buf, count, type.vid, source, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag, Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag) throws MPIException {
        try {
            return new Status(p2p().sendRecv(vid, sendbuf, sendcount, sendtype.vid, dest, sendtag, recvbuf, recvcount, recvtype.vid, source, recvtag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source, int recvtag) throws MPIException {
        try {
            return new Status(p2p().sendRecvReplace(vid, buf, count, type.vid, dest, sendtag, source, recvtag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Request(p2p().iSend(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Request(p2p().ibSend(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Request(p2p().isSend(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Request(p2p().irSend(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            return new Request(p2p().iRecv(vid, buf, count, type.vid, source, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Prequest sendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Prequest(p2p().sendInit(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Prequest bSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Prequest(p2p().bSendInit(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Prequest sSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Prequest(p2p().sSendInit(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Prequest rSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        try {
            return new Prequest(p2p().rSendInit(vid, buf, count, type.vid, dest, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Prequest recvInit(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            return new Prequest(p2p().recvInit(vid, buf, count, type.vid, source, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Status probe(int source, int tag) throws MPIException {
        try {
            return new Status(p2p().probe(vid, source, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Status iProbe(int source, int tag) throws MPIException {
        try {
            long[] s = p2p().iProbe(vid, source, tag);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) throws MPIException {
        try {
            return p2p().pack(vid, inbuf, incount, type.vid, outbuf, position);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type) throws MPIException {
        try {
            return p2p().unpack(vid, inbuf, position, outbuf, outcount, type.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final int packSize(int incount, Datatype type) throws MPIException {
        try {
            return p2p().packSize(vid, incount, type.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
