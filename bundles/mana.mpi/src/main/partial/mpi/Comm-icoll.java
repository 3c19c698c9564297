package mpi;

import java.nio.Buffer;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Non-blocking collective operations of Comm (area coll, bundle mana.wrappers.coll). */
public class Comm {
    public final Request iBarrier() throws MPIException {
        try {
            return new Request(FunctionTable.coll().iBarrier(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iBcast(Buffer buf, int count, Datatype type, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iBcast(vid, buf, count, type.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iGather(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iGather(Buffer buf, int count, Datatype type, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iGatherInPlace(vid, buf, count, type.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iGatherv(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, displs, recvtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iGatherv(Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iGathervRecvOnly(vid, recvbuf, recvcount, displs, recvtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iGathervSendOnly(vid, sendbuf, sendcount, sendtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iScatter(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iScatter(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iScatter(Buffer buf, int count, Datatype type, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iScatterInPlace(vid, buf, count, type.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iScatterv(vid, sendbuf, sendcount, displs, sendtype.vid, recvbuf, recvcount, recvtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iScattervSendOnly(vid, sendbuf, sendcount, displs, sendtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iScatterv(Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iScattervRecvOnly(vid, recvbuf, recvcount, recvtype.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllGather(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllGather(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllGatherInPlace(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllGatherv(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, displs, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllGatherv(Buffer buf, int[] count, int[] displs, Datatype type) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllGathervInPlace(vid, buf, count, displs, type.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllToAll(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllToAllv(vid, sendbuf, sendcount, sdispls, sendtype.vid, recvbuf, recvcount, rdispls, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllToAllw(vid, sendBuf, sendCount, sDispls, ManaHandles.vids(sendTypes), recvBuf, recvCount, rDispls, ManaHandles.vids(recvTypes)));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iNeighborAllGather(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iNeighborAllGatherv(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, displs, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iNeighborAllToAll(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iNeighborAllToAllv(vid, sendbuf, sendcount, sdispls, sendtype.vid, recvbuf, recvcount, rdispls, recvtype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iReduce(vid, sendbuf, recvbuf, count, type.vid, op.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iReduce(Buffer buf, int count, Datatype type, Op op, int root) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iReduceInPlace(vid, buf, count, type.vid, op.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllReduce(vid, sendbuf, recvbuf, count, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iAllReduce(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iAllReduceInPlace(vid, buf, count, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iReduceScatter(Buffer sendbuf, Buffer recvbuf, int[] recvcounts, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iReduceScatter(vid, sendbuf, recvbuf, recvcounts, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iReduceScatter(Buffer buf, int[] counts, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iReduceScatterInPlace(vid, buf, counts, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iReduceScatterBlock(Buffer sendbuf, Buffer recvbuf, int recvcount, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iReduceScatterBlock(vid, sendbuf, recvbuf, recvcount, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request iReduceScatterBlock(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            return new Request(FunctionTable.coll().iReduceScatterBlockInPlace(vid, buf, count, type.vid, op.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
