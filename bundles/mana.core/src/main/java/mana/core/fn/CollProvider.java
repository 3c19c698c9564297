package mana.core.fn;

import java.nio.Buffer;
import mana.core.error.ManaException;

/**
 * Collective operations (area {@link Area#COLL}), one method per overload of the Java API
 * ({@code ...InPlace}, {@code ...SendOnly}, {@code ...RecvOnly} for the forms with one buffer).
 * Buffers are what the application passed; datatypes and ops are handles.
 */
public interface CollProvider {
    @MpiName("MPI_Barrier")
    void barrier(int comm) throws ManaException;

    @MpiName("MPI_Bcast")
    void bcast(int comm, Object buf, int count, int type, int root) throws ManaException;

    @MpiName("MPI_Gather")
    void gather(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Gather")
    void gatherInPlace(int comm, Object buf, int count, int type, int root) throws ManaException;

    @MpiName("MPI_Gatherv")
    void gatherv(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Gatherv")
    void gathervRecvOnly(int comm, Object recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Gatherv")
    void gathervSendOnly(int comm, Object sendbuf, int sendcount, int sendtype, int root) throws ManaException;

    @MpiName("MPI_Scatter")
    void scatter(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Scatter")
    void scatterInPlace(int comm, Object buf, int count, int type, int root) throws ManaException;

    @MpiName("MPI_Scatterv")
    void scatterv(int comm, Object sendbuf, int[] sendcount, int[] displs, int sendtype, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Scatterv")
    void scattervSendOnly(int comm, Object sendbuf, int[] sendcount, int[] displs, int sendtype, int root) throws ManaException;

    @MpiName("MPI_Scatterv")
    void scattervRecvOnly(int comm, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Allgather")
    void allGather(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Allgather")
    void allGatherInPlace(int comm, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_Allgatherv")
    void allGatherv(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException;

    @MpiName("MPI_Allgatherv")
    void allGathervInPlace(int comm, Object recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException;

    @MpiName("MPI_Alltoall")
    void allToAll(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Alltoallv")
    void allToAllv(int comm, Object sendbuf, int[] sendcount, int[] sdispls, int sendtype, Object recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException;

    @MpiName("MPI_Alltoallw")
    void allToAllw(int comm, Buffer sendBuf, int[] sendCount, int[] sDispls, int[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls, int[] recvTypes) throws ManaException;

    @MpiName("MPI_Neighbor_allgather")
    void neighborAllGather(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Neighbor_allgatherv")
    void neighborAllGatherv(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException;

    @MpiName("MPI_Neighbor_alltoall")
    void neighborAllToAll(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Neighbor_alltoallv")
    void neighborAllToAllv(int comm, Object sendbuf, int[] sendcount, int[] sdispls, int sendtype, Object recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException;

    @MpiName("MPI_Reduce")
    void reduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op, int root) throws ManaException;

    @MpiName("MPI_Reduce")
    void reduceInPlace(int comm, Object buf, int count, int type, int op, int root) throws ManaException;

    @MpiName("MPI_Allreduce")
    void allReduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Allreduce")
    void allReduceInPlace(int comm, Object buf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Reduce_scatter")
    void reduceScatter(int comm, Object sendbuf, Object recvbuf, int[] recvcounts, int type, int op) throws ManaException;

    @MpiName("MPI_Reduce_scatter")
    void reduceScatterInPlace(int comm, Object buf, int[] counts, int type, int op) throws ManaException;

    @MpiName("MPI_Reduce_scatter_block")
    void reduceScatterBlock(int comm, Object sendbuf, Object recvbuf, int recvcount, int type, int op) throws ManaException;

    @MpiName("MPI_Reduce_scatter_block")
    void reduceScatterBlockInPlace(int comm, Object buf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Reduce_local")
    void reduceLocal(Object inBuf, Object inOutBuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Scan")
    void scan(int comm, Object sendbuf, Object recvbuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Scan")
    void scanInPlace(int comm, Object recvbuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Exscan")
    void exScan(int comm, Object sendbuf, Object recvbuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Exscan")
    void exScanInPlace(int comm, Object buf, int count, int type, int op) throws ManaException;

    // ---- non-blocking collectives: each returns the request's virtual handle ----

    @MpiName("MPI_Ibarrier")
    int iBarrier(int comm) throws ManaException;

    @MpiName("MPI_Ibcast")
    int iBcast(int comm, Buffer buf, int count, int type, int root) throws ManaException;

    @MpiName("MPI_Igather")
    int iGather(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Igather")
    int iGatherInPlace(int comm, Buffer buf, int count, int type, int root) throws ManaException;

    @MpiName("MPI_Igatherv")
    int iGatherv(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Igatherv")
    int iGathervRecvOnly(int comm, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Igatherv")
    int iGathervSendOnly(int comm, Buffer sendbuf, int sendcount, int sendtype, int root) throws ManaException;

    @MpiName("MPI_Iscatter")
    int iScatter(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Iscatter")
    int iScatterInPlace(int comm, Buffer buf, int count, int type, int root) throws ManaException;

    @MpiName("MPI_Iscatterv")
    int iScatterv(int comm, Buffer sendbuf, int[] sendcount, int[] displs, int sendtype, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Iscatterv")
    int iScattervSendOnly(int comm, Buffer sendbuf, int[] sendcount, int[] displs, int sendtype, int root) throws ManaException;

    @MpiName("MPI_Iscatterv")
    int iScattervRecvOnly(int comm, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException;

    @MpiName("MPI_Iallgather")
    int iAllGather(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Iallgather")
    int iAllGatherInPlace(int comm, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_Iallgatherv")
    int iAllGatherv(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException;

    @MpiName("MPI_Iallgatherv")
    int iAllGathervInPlace(int comm, Buffer buf, int[] count, int[] displs, int type) throws ManaException;

    @MpiName("MPI_Ialltoall")
    int iAllToAll(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Ialltoallv")
    int iAllToAllv(int comm, Buffer sendbuf, int[] sendcount, int[] sdispls, int sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException;

    @MpiName("MPI_Ialltoallw")
    int iAllToAllw(int comm, Buffer sendBuf, int[] sendCount, int[] sDispls, int[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls, int[] recvTypes) throws ManaException;

    @MpiName("MPI_Ineighbor_allgather")
    int iNeighborAllGather(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Ineighbor_allgatherv")
    int iNeighborAllGatherv(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException;

    @MpiName("MPI_Ineighbor_alltoall")
    int iNeighborAllToAll(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException;

    @MpiName("MPI_Ineighbor_alltoallv")
    int iNeighborAllToAllv(int comm, Buffer sendbuf, int[] sendcount, int[] sdispls, int sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException;

    @MpiName("MPI_Ireduce")
    int iReduce(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op, int root) throws ManaException;

    @MpiName("MPI_Ireduce")
    int iReduceInPlace(int comm, Buffer buf, int count, int type, int op, int root) throws ManaException;

    @MpiName("MPI_Iallreduce")
    int iAllReduce(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Iallreduce")
    int iAllReduceInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Ireduce_scatter")
    int iReduceScatter(int comm, Buffer sendbuf, Buffer recvbuf, int[] recvcounts, int type, int op) throws ManaException;

    @MpiName("MPI_Ireduce_scatter")
    int iReduceScatterInPlace(int comm, Buffer buf, int[] counts, int type, int op) throws ManaException;

    @MpiName("MPI_Ireduce_scatter_block")
    int iReduceScatterBlock(int comm, Buffer sendbuf, Buffer recvbuf, int recvcount, int type, int op) throws ManaException;

    @MpiName("MPI_Ireduce_scatter_block")
    int iReduceScatterBlockInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Iscan")
    int iScan(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Iscan")
    int iScanInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Iexscan")
    int iExScan(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op) throws ManaException;

    @MpiName("MPI_Iexscan")
    int iExScanInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException;
}
