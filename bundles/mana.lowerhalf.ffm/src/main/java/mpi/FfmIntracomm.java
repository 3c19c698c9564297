package mpi;

import static mpi.FfmSupport.check;
import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.read;
import static mpi.FfmSupport.wrap;
import static mpi.FfmSupport.writeBack;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Intracomm (ompi/mpi/java/c/mpi_Intracomm.c). */
final class FfmIntracomm {

    private static final MethodHandle SPLIT = FfmLib.fn("MPI_Comm_split", "int comm int int ptr");
    private static final MethodHandle SPLIT_TYPE = FfmLib.fn("MPI_Comm_split_type", "int comm int int info ptr");
    private static final MethodHandle CREATE = FfmLib.fn("MPI_Comm_create", "int comm group ptr");
    private static final MethodHandle CREATE_GROUP = FfmLib.fn("MPI_Comm_create_group", "int comm group int ptr");
    private static final MethodHandle CART_CREATE = FfmLib.fn("MPI_Cart_create", "int comm int ptr ptr int ptr");
    private static final MethodHandle GRAPH_CREATE = FfmLib.fn("MPI_Graph_create", "int comm int ptr ptr int ptr");
    private static final MethodHandle SCAN = FfmLib.fn("MPI_Scan", "int ptr ptr int type op comm");
    private static final MethodHandle EXSCAN = FfmLib.fn("MPI_Exscan", "int ptr ptr int type op comm");

    private FfmIntracomm() {
    }

    static long split(Intracomm self, long comm, int colour, int key) throws MPIException {
        return handleOut("comm", (a, out) -> (int) SPLIT.invokeExact(comm, colour, key, out));
    }

    static long splitType(Intracomm self, long comm, int colour, int key, long info) throws MPIException {
        return handleOut("comm", (a, out) -> (int) SPLIT_TYPE.invokeExact(comm, colour, key, info, out));
    }

    static long create(Intracomm self, long comm, long group) throws MPIException {
        return handleOut("comm", (a, out) -> (int) CREATE.invokeExact(comm, group, out));
    }

    static long createGroup(Intracomm self, long comm, long group, int tag) throws MPIException {
        return handleOut("comm", (a, out) -> (int) CREATE_GROUP.invokeExact(comm, group, tag, out));
    }

    static long createCart(Intracomm self, long comm, int[] dims, boolean[] periods, boolean reorder)
            throws MPIException {
        return handleOut("comm", (a, out) -> (int) CART_CREATE.invokeExact(comm, dims.length, FfmSupport.ints(a, dims),
                FfmCartComm.bools(a, periods), reorder ? 1 : 0, out));
    }

    static long createGraph(Intracomm self, long comm, int[] index, int[] edges, boolean reorder) throws MPIException {
        return handleOut("comm", (a, out) -> (int) GRAPH_CREATE.invokeExact(comm, index.length, FfmSupport.ints(a, index),
                FfmSupport.ints(a, edges), reorder ? 1 : 0, out));
    }

    static void scan(Intracomm self, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf,
            boolean rdb, int recvoff, int count, long type, int baseType, Op jOp, long hOp) throws MPIException {
        prefix(SCAN, comm, sendbuf, sdb, sendoff, recvbuf, rdb, recvoff, count, type, baseType, jOp, hOp);
    }

    static void exScan(Intracomm self, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf,
            boolean rdb, int recvoff, int count, long type, int baseType, Op jOp, long hOp) throws MPIException {
        prefix(EXSCAN, comm, sendbuf, sdb, sendoff, recvbuf, rdb, recvoff, count, type, baseType, jOp, hOp);
    }

    private static void prefix(MethodHandle h, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf,
            boolean rdb, int recvoff, int count, long type, int baseType, Op jOp, long hOp) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            long op = FfmOp.handle(jOp, hOp, baseType);
            MemorySegment s;
            MemorySegment r;
            if (sendbuf == null) {
                s = FfmComm.IN_PLACE;
                r = read(a, recvbuf, rdb, recvoff, count, type);
            } else {
                s = read(a, sendbuf, sdb, sendoff, count, type);
                // Exscan leaves rank 0's buffer undefined: keep the array's content there.
                r = read(a, recvbuf, rdb, recvoff, count, type);
            }
            int rc = (int) h.invokeExact(s, r, count, type, op, comm);
            FfmOp.rethrowPending();
            check(rc);
            writeBack(r, recvbuf, rdb, recvoff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
