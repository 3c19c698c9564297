package mpi;

import java.nio.Buffer;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Collective operations of Comm (area coll, bundle mana.wrappers.coll). */
public class Comm {
    public final void barrier() throws MPIException {
        try {
            FunctionTable.coll().barrier(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        try {
            FunctionTable.coll().bcast(vid, buf, count, type.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            FunctionTable.coll().gather(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        try {
            FunctionTable.coll().gatherInPlace(vid, buf, count, type.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        try {
            FunctionTable.coll().gatherv(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, displs, recvtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        try {
            FunctionTable.coll().gathervRecvOnly(vid, recvbuf, recvcount, displs, recvtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        try {
            FunctionTable.coll().gathervSendOnly(vid, sendbuf, sendcount, sendtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            FunctionTable.coll().scatter(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        try {
            FunctionTable.coll().scatterInPlace(vid, buf, count, type.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            FunctionTable.coll().scatterv(vid, sendbuf, sendcount, displs, sendtype.vid, recvbuf, recvcount, recvtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) throws MPIException {
        try {
            FunctionTable.coll().scattervSendOnly(vid, sendbuf, sendcount, displs, sendtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        try {
            FunctionTable.coll().scattervRecvOnly(vid, recvbuf, recvcount, recvtype.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().allGather(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        try {
            FunctionTable.coll().allGatherInPlace(vid, buf, count, type.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().allGatherv(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, displs, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().allGathervInPlace(vid, recvbuf, recvcount, displs, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().allToAll(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().allToAllv(vid, sendbuf, sendcount, sdispls, sendtype.vid, recvbuf, recvcount, rdispls, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) throws MPIException {
        try {
            FunctionTable.coll().allToAllw(vid, sendBuf, sendCount, sDispls, ManaHandles.vids(sendTypes), recvBuf, recvCount, rDispls, ManaHandles.vids(recvTypes));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().neighborAllGather(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().neighborAllGatherv(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, displs, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().neighborAllToAll(vid, sendbuf, sendcount, sendtype.vid, recvbuf, recvcount, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        try {
            FunctionTable.coll().neighborAllToAllv(vid, sendbuf, sendcount, sdispls, sendtype.vid, recvbuf, recvcount, rdispls, recvtype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root) throws MPIException {
        try {
            FunctionTable.coll().reduce(vid, sendbuf, recvbuf, count, type.vid, op.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        try {
            FunctionTable.coll().reduceInPlace(vid, buf, count, type.vid, op.vid, root);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().allReduce(vid, sendbuf, recvbuf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().allReduceInPlace(vid, buf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().reduceScatter(vid, sendbuf, recvbuf, recvcounts, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().reduceScatterInPlace(vid, buf, counts, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().reduceScatterBlock(vid, sendbuf, recvbuf, recvcount, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().reduceScatterBlockInPlace(vid, buf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op) throws MPIException {
        try {
            FunctionTable.coll().reduceLocal(inBuf, inOutBuf, count, type.vid, op.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
