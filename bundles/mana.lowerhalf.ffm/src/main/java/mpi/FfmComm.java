package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.allocStatus;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.direct;
import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.intOut;
import static mpi.FfmSupport.ints;
import static mpi.FfmSupport.read;
import static mpi.FfmSupport.readV;
import static mpi.FfmSupport.statusToJava;
import static mpi.FfmSupport.wrap;
import static mpi.FfmSupport.write;
import static mpi.FfmSupport.writeBack;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;

/**
 * FFM natives of mpi.Comm (ompi/mpi/java/c/mpi_Comm.c): communicator basics,
 * point-to-point, collectives. Java arrays are copied to native memory and back around
 * each call, as the JNI code does; direct buffers are passed by address.
 */
final class FfmComm {

    private static final class DUP { static final MethodHandle H = FfmLib.fn("MPI_Comm_dup", "int comm ptr"); }
    private static final class DUP_WITH_INFO {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_dup_with_info", "int comm info ptr");
    }
    private static final class SIZE { static final MethodHandle H = FfmLib.fn("MPI_Comm_size", "int comm ptr"); }
    private static final class REMOTE_SIZE { static final MethodHandle H = FfmLib.fn("MPI_Comm_remote_size", "int comm ptr"); }
    private static final class RANK { static final MethodHandle H = FfmLib.fn("MPI_Comm_rank", "int comm ptr"); }
    private static final class COMPARE { static final MethodHandle H = FfmLib.fn("MPI_Comm_compare", "int comm comm ptr"); }
    private static final class FREE { static final MethodHandle H = FfmLib.fn("MPI_Comm_free", "int ptr"); }
    private static final class GROUP { static final MethodHandle H = FfmLib.fn("MPI_Comm_group", "int comm ptr"); }
    private static final class TEST_INTER { static final MethodHandle H = FfmLib.fn("MPI_Comm_test_inter", "int comm ptr"); }
    private static final class TOPO_TEST { static final MethodHandle H = FfmLib.fn("MPI_Topo_test", "int comm ptr"); }
    private static final class ABORT { static final MethodHandle H = FfmLib.fn("MPI_Abort", "int comm int"); }
    private static final class SET_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_set_errhandler", "int comm errh");
    }
    private static final class GET_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_get_errhandler", "int comm ptr");
    }
    private static final class SET_NAME { static final MethodHandle H = FfmLib.fn("MPI_Comm_set_name", "int comm ptr"); }
    private static final class GET_NAME { static final MethodHandle H = FfmLib.fn("MPI_Comm_get_name", "int comm ptr ptr"); }
    private static final class BARRIER { static final MethodHandle H = FfmLib.fn("MPI_Barrier", "int comm"); }
    private static final class IBARRIER { static final MethodHandle H = FfmLib.fn("MPI_Ibarrier", "int comm ptr"); }
    private static final class IDUP { static final MethodHandle H = FfmLib.fn("MPI_Comm_idup", "int comm ptr ptr"); }
    private static final class SET_INFO { static final MethodHandle H = FfmLib.fn("MPI_Comm_set_info", "int comm info"); }
    private static final class GET_INFO { static final MethodHandle H = FfmLib.fn("MPI_Comm_get_info", "int comm ptr"); }
    private static final class DISCONNECT { static final MethodHandle H = FfmLib.fn("MPI_Comm_disconnect", "int ptr"); }
    private static final class CALL_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_call_errhandler", "int comm errcode");
    }
    private static final class INTERCOMM_CREATE {
        static final MethodHandle H = FfmLib.fn("MPI_Intercomm_create", "int comm rank comm rank tag ptr");
    }
    private static final class REDUCE_SCATTER {
        static final MethodHandle H = FfmLib.fn("MPI_Reduce_scatter", "int ptr ptr ptr type op comm");
    }
    private static final class IREDUCE_SCATTER_BLOCK {
        static final MethodHandle H = FfmLib.fn("MPI_Ireduce_scatter_block", "int ptr ptr int type op comm ptr");
    }
    private static final class IGATHERV {
        static final MethodHandle H = FfmLib.fn("MPI_Igatherv", "int ptr int type ptr ptr ptr type rank comm ptr");
    }
    private static final class ISCATTERV {
        static final MethodHandle H = FfmLib.fn("MPI_Iscatterv", "int ptr ptr ptr type ptr int type rank comm ptr");
    }
    private static final class IALLGATHERV {
        static final MethodHandle H = FfmLib.fn("MPI_Iallgatherv", "int ptr int type ptr ptr ptr type comm ptr");
    }
    private static final class IALLTOALLV {
        static final MethodHandle H = FfmLib.fn("MPI_Ialltoallv", "int ptr ptr ptr type ptr ptr ptr type comm ptr");
    }
    private static final class IREDUCE_SCATTER {
        static final MethodHandle H = FfmLib.fn("MPI_Ireduce_scatter", "int ptr ptr ptr type op comm ptr");
    }
    private static final class NEIGHBOR_ALLGATHER {
        static final MethodHandle H = FfmLib.fn("MPI_Neighbor_allgather", "int ptr int type ptr int type comm");
    }
    private static final class NEIGHBOR_ALLTOALL {
        static final MethodHandle H = FfmLib.fn("MPI_Neighbor_alltoall", "int ptr int type ptr int type comm");
    }
    private static final class INEIGHBOR_ALLGATHER {
        static final MethodHandle H = FfmLib.fn("MPI_Ineighbor_allgather", "int ptr int type ptr int type comm ptr");
    }
    private static final class INEIGHBOR_ALLTOALL {
        static final MethodHandle H = FfmLib.fn("MPI_Ineighbor_alltoall", "int ptr int type ptr int type comm ptr");
    }
    private static final class NEIGHBOR_ALLGATHERV {
        static final MethodHandle H = FfmLib.fn("MPI_Neighbor_allgatherv", "int ptr int type ptr ptr ptr type comm");
    }
    private static final class NEIGHBOR_ALLTOALLV {
        static final MethodHandle H = FfmLib.fn("MPI_Neighbor_alltoallv", "int ptr ptr ptr type ptr ptr ptr type comm");
    }
    private static final class INEIGHBOR_ALLGATHERV {
        static final MethodHandle H = FfmLib.fn("MPI_Ineighbor_allgatherv", "int ptr int type ptr ptr ptr type comm ptr");
    }
    private static final class INEIGHBOR_ALLTOALLV {
        static final MethodHandle H = FfmLib.fn("MPI_Ineighbor_alltoallv", "int ptr ptr ptr type ptr ptr ptr type comm ptr");
    }
    private static final class CARTDIM_GET { static final MethodHandle H = FfmLib.fn("MPI_Cartdim_get", "int comm ptr"); }
    private static final class GRAPH_NEIGHBORS_COUNT {
        static final MethodHandle H = FfmLib.fn("MPI_Graph_neighbors_count", "int comm rank ptr");
    }
    private static final class DIST_NEIGHBORS_COUNT {
        static final MethodHandle H = FfmLib.fn("MPI_Dist_graph_neighbors_count", "int comm ptr ptr ptr");
    }
    private static final class ALLTOALLW {
        static final MethodHandle H = FfmLib.fn("MPI_Alltoallw", "int ptr ptr ptr ptr ptr ptr ptr ptr comm");
    }
    private static final class IALLTOALLW {
        static final MethodHandle H = FfmLib.fn("MPI_Ialltoallw", "int ptr ptr ptr ptr ptr ptr ptr ptr comm ptr");
    }
    private static final class PACK {
        static final MethodHandle H = FfmLib.fnCritical("MPI_Pack", "int ptr int type ptr int ptr comm");
    }
    private static final class UNPACK {
        static final MethodHandle H = FfmLib.fnCritical("MPI_Unpack", "int ptr int ptr ptr int type comm");
    }
    private static final class PACK_SIZE { static final MethodHandle H = FfmLib.fn("MPI_Pack_size", "int int type comm ptr"); }

    private static final String P2P = "int ptr int type rank tag comm";
    private static final class SEND { static final MethodHandle H = FfmLib.fn("MPI_Send", P2P); }
    private static final class BSEND { static final MethodHandle H = FfmLib.fn("MPI_Bsend", P2P); }
    private static final class SSEND { static final MethodHandle H = FfmLib.fn("MPI_Ssend", P2P); }
    private static final class RSEND { static final MethodHandle H = FfmLib.fn("MPI_Rsend", P2P); }
    private static final class RECV { static final MethodHandle H = FfmLib.fn("MPI_Recv", P2P + " ptr"); }
    private static final class ISEND { static final MethodHandle H = FfmLib.fn("MPI_Isend", P2P + " ptr"); }
    private static final class IBSEND { static final MethodHandle H = FfmLib.fn("MPI_Ibsend", P2P + " ptr"); }
    private static final class ISSEND { static final MethodHandle H = FfmLib.fn("MPI_Issend", P2P + " ptr"); }
    private static final class IRSEND { static final MethodHandle H = FfmLib.fn("MPI_Irsend", P2P + " ptr"); }
    private static final class IRECV { static final MethodHandle H = FfmLib.fn("MPI_Irecv", P2P + " ptr"); }
    private static final class PROC_NULL_RECV { static final MethodHandle H = FfmLib.fn("mana_proc_null_recv", "int ptr"); }
    private static final class SEND_INIT { static final MethodHandle H = FfmLib.fn("MPI_Send_init", P2P + " ptr"); }
    private static final class BSEND_INIT { static final MethodHandle H = FfmLib.fn("MPI_Bsend_init", P2P + " ptr"); }
    private static final class SSEND_INIT { static final MethodHandle H = FfmLib.fn("MPI_Ssend_init", P2P + " ptr"); }
    private static final class RSEND_INIT { static final MethodHandle H = FfmLib.fn("MPI_Rsend_init", P2P + " ptr"); }
    private static final class RECV_INIT { static final MethodHandle H = FfmLib.fn("MPI_Recv_init", P2P + " ptr"); }
    private static final class SENDRECV {
        static final MethodHandle H = FfmLib.fn("MPI_Sendrecv", "int ptr int type rank tag ptr int type rank tag comm ptr");
    }
    private static final class SENDRECV_REPLACE {
        static final MethodHandle H = FfmLib.fn("MPI_Sendrecv_replace", "int ptr int type rank tag rank tag comm ptr");
    }
    private static final class IPROBE { static final MethodHandle H = FfmLib.fn("MPI_Iprobe", "int rank tag comm ptr ptr"); }
    private static final class PROBE { static final MethodHandle H = FfmLib.fn("MPI_Probe", "int rank tag comm ptr"); }

    private static final class BCAST { static final MethodHandle H = FfmLib.fn("MPI_Bcast", "int ptr int type rank comm"); }
    private static final class IBCAST { static final MethodHandle H = FfmLib.fn("MPI_Ibcast", "int ptr int type rank comm ptr"); }
    private static final String ROOTED = "int ptr int type ptr int type rank comm";
    private static final class GATHER { static final MethodHandle H = FfmLib.fn("MPI_Gather", ROOTED); }
    private static final class SCATTER { static final MethodHandle H = FfmLib.fn("MPI_Scatter", ROOTED); }
    private static final class IGATHER { static final MethodHandle H = FfmLib.fn("MPI_Igather", ROOTED + " ptr"); }
    private static final class ISCATTER { static final MethodHandle H = FfmLib.fn("MPI_Iscatter", ROOTED + " ptr"); }
    private static final class GATHERV {
        static final MethodHandle H = FfmLib.fn("MPI_Gatherv", "int ptr int type ptr ptr ptr type rank comm");
    }
    private static final class SCATTERV {
        static final MethodHandle H = FfmLib.fn("MPI_Scatterv", "int ptr ptr ptr type ptr int type rank comm");
    }
    private static final String ALL = "int ptr int type ptr int type comm";
    private static final class ALLGATHER { static final MethodHandle H = FfmLib.fn("MPI_Allgather", ALL); }
    private static final class ALLTOALL { static final MethodHandle H = FfmLib.fn("MPI_Alltoall", ALL); }
    private static final class IALLGATHER { static final MethodHandle H = FfmLib.fn("MPI_Iallgather", ALL + " ptr"); }
    private static final class IALLTOALL { static final MethodHandle H = FfmLib.fn("MPI_Ialltoall", ALL + " ptr"); }
    private static final class ALLGATHERV {
        static final MethodHandle H = FfmLib.fn("MPI_Allgatherv", "int ptr int type ptr ptr ptr type comm");
    }
    private static final class ALLTOALLV {
        static final MethodHandle H = FfmLib.fn("MPI_Alltoallv", "int ptr ptr ptr type ptr ptr ptr type comm");
    }
    private static final class REDUCE {
        static final MethodHandle H = FfmLib.fn("MPI_Reduce", "int ptr ptr int type op rank comm");
    }
    private static final class IREDUCE {
        static final MethodHandle H = FfmLib.fn("MPI_Ireduce", "int ptr ptr int type op rank comm ptr");
    }
    private static final class ALLREDUCE {
        static final MethodHandle H = FfmLib.fn("MPI_Allreduce", "int ptr ptr int type op comm");
    }
    private static final class IALLREDUCE {
        static final MethodHandle H = FfmLib.fn("MPI_Iallreduce", "int ptr ptr int type op comm ptr");
    }
    private static final class REDUCE_SCATTER_BLOCK {
        static final MethodHandle H = FfmLib.fn("MPI_Reduce_scatter_block", "int ptr ptr int type op comm");
    }
    private static final class REDUCE_LOCAL {
        static final MethodHandle H = FfmLib.fn("MPI_Reduce_local", "int ptr ptr int type op");
    }

    static final MemorySegment IN_PLACE = MemorySegment.ofAddress(FfmLib.c("MPI_IN_PLACE"));
    /** The API's PROC_NULL (Open MPI's): compared with the application's arguments, before translation. */
    private static final int PROC_NULL = OpenMpiConstants.VALUES.get("PROC_NULL");

    private FfmComm() {
    }

    /**
     * A conditional argument for invokeExact: a ?: expression there would be typed Object
     * (signature-polymorphic call), this is typed MemorySegment.
     */
    private static MemorySegment pick(boolean first, MemorySegment a, MemorySegment b) {
        return first ? a : b;
    }

    /** As the C init: the class's null handle(s). */
    static void init() {
        FfmSupport.setStatic(Comm.class, "nullHandle", FfmLib.c("MPI_COMM_NULL"));
    }

    /** mpi_Comm.c: 0 null, 1 self, 2 world. */
    static void getComm(Comm self, int type) {
        self.handle = FfmLib.c(switch (type) {
            case 1 -> "MPI_COMM_SELF";
            case 2 -> "MPI_COMM_WORLD";
            default -> "MPI_COMM_NULL";
        });
    }

    // ----- basics -----

    static long dup(Comm self, long comm) throws MPIException {
        return handleOut("comm", (a, out) -> (int) DUP.H.invokeExact(comm, out));
    }

    /** {new communicator, request}, as the JNI code returns them. */
    static long[] iDup(Comm self, long comm) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment newcomm = FfmSupport.allocHandle(a, "comm");
            MemorySegment req = FfmSupport.allocHandle(a, "req");
            check((int) IDUP.H.invokeExact(comm, newcomm, req));
            return new long[] {FfmSupport.getHandle(newcomm, "comm", 0), FfmSupport.getHandle(req, "req", 0)};
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void setInfo(Comm self, long comm, long info) throws MPIException {
        FfmSupport.call((a, out) -> (int) SET_INFO.H.invokeExact(comm, info));
    }

    static long getInfo(Comm self, long comm) throws MPIException {
        return handleOut("info", (a, out) -> (int) GET_INFO.H.invokeExact(comm, out));
    }

    static long disconnect(Comm self, long comm) throws MPIException {
        FfmHandles.comm(comm);
        long freed = handleOut("comm", comm, (a, out) -> (int) DISCONNECT.H.invokeExact(out));
        FfmHandles.forget(comm);
        return freed;
    }

    static void callErrhandler(Comm self, long handle, int errorCode) throws MPIException {
        FfmSupport.call((a, out) -> (int) CALL_ERRHANDLER.H.invokeExact(handle, errorCode));
    }

    static long createIntercomm(Comm self, long comm, long localComm, int localLeader, int remoteLeader, int tag)
            throws MPIException {
        return handleOut("comm", (a, out) -> (int) INTERCOMM_CREATE.H.invokeExact(localComm, localLeader, comm,
                remoteLeader, tag, out));
    }

    static int createKeyval_jni() throws MPIException {
        return FfmAttributes.createKeyval(FfmAttributes.COMM.KIND);
    }

    static void freeKeyval_jni(int keyval) throws MPIException {
        FfmAttributes.freeKeyval(FfmAttributes.COMM.KIND, keyval);
    }

    static void setAttr(Comm self, long comm, int keyval, byte[] value) throws MPIException {
        FfmAttributes.set(FfmAttributes.COMM.KIND, comm, keyval, value);
    }

    static Object getAttr_predefined(Comm self, long comm, int keyval) throws MPIException {
        return FfmAttributes.getPredefined(FfmAttributes.COMM.KIND, comm, keyval);
    }

    static byte[] getAttr(Comm self, long comm, int keyval) throws MPIException {
        return FfmAttributes.get(FfmAttributes.COMM.KIND, comm, keyval);
    }

    static void deleteAttr(Comm self, long comm, int keyval) throws MPIException {
        FfmAttributes.delete(FfmAttributes.COMM.KIND, comm, keyval);
    }

    static long dupWithInfo(Comm self, long comm, long info) throws MPIException {
        return handleOut("comm", (a, out) -> (int) DUP_WITH_INFO.H.invokeExact(comm, info, out));
    }

    static int getSize(Comm self, long comm) throws MPIException {
        return size(comm);
    }

    static int getRank(Comm self, long comm) throws MPIException {
        return rank(comm);
    }

    static int size(long comm) throws MPIException {
        return intOut((a, out) -> (int) SIZE.H.invokeExact(comm, out));
    }

    static int rank(long comm) throws MPIException {
        return intOut((a, out) -> (int) RANK.H.invokeExact(comm, out));
    }

    static boolean inter(long comm) throws MPIException {
        return intOut((a, out) -> (int) TEST_INTER.H.invokeExact(comm, out)) != 0;
    }

    /** The number of processes a rooted/all collective addresses: the remote group for an intercommunicator. */
    private static int peers(long comm, boolean inter) throws MPIException {
        return inter ? intOut((a, out) -> (int) REMOTE_SIZE.H.invokeExact(comm, out)) : size(comm);
    }

    static int compare(long comm1, long comm2) throws MPIException {
        return FfmLib.VALUES.comparisons.out(intOut((a, out) -> (int) COMPARE.H.invokeExact(comm1, comm2, out)));
    }

    static long free(Comm self, long comm) throws MPIException {
        FfmHandles.comm(comm);
        long freed = handleOut("comm", comm, (a, out) -> (int) FREE.H.invokeExact(out));
        FfmHandles.forget(comm);
        return freed;
    }

    static long getGroup(Comm self, long comm) throws MPIException {
        return handleOut("group", (a, out) -> (int) GROUP.H.invokeExact(comm, out));
    }

    static boolean isInter(Comm self, long comm) throws MPIException {
        return inter(comm);
    }

    static int getTopology(Comm self, long comm) throws MPIException {
        return FfmLib.VALUES.topologies.out(intOut((a, out) -> (int) TOPO_TEST.H.invokeExact(comm, out)));
    }

    static void abort(Comm self, long comm, int errorcode) throws MPIException {
        FfmStdio.drain();
        FfmSupport.call((a, out) -> (int) ABORT.H.invokeExact(comm, errorcode));
    }

    static void setErrhandler(Comm self, long comm, long errhandler) throws MPIException {
        FfmSupport.call((a, out) -> (int) SET_ERRHANDLER.H.invokeExact(comm, errhandler));
    }

    static long getErrhandler(Comm self, long comm) throws MPIException {
        return handleOut("errh", (a, out) -> (int) GET_ERRHANDLER.H.invokeExact(comm, out));
    }

    static void setName(Comm self, long handle, String name) throws MPIException {
        FfmSupport.call((a, out) -> (int) SET_NAME.H.invokeExact(handle, a.allocateFrom(name)));
    }

    static String getName(Comm self, long handle) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment name = a.allocate(FfmLib.c("MPI_MAX_OBJECT_NAME") + 1);
            MemorySegment len = a.allocate(JAVA_INT);
            check((int) GET_NAME.H.invokeExact(handle, name, len));
            return name.getString(0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int packSize(Comm self, long comm, int incount, long type) throws MPIException {
        return intOut((a, out) -> (int) PACK_SIZE.H.invokeExact(incount, type, comm, out));
    }

    /** MPI_Pack straight from the Java array into the byte[] (critical downcall: local, short). */
    static int pack(Comm self, long comm, Object inbuf, boolean indb, int offset, int incount, long type,
            byte[] outbuf, int position) throws MPIException {
        if (incount == 0 || outbuf.length == position) {
            return position;
        }
        try (Arena a = FfmScratch.open()) {
            MemorySegment pos = a.allocateFrom(JAVA_INT, position);
            check((int) PACK.H.invokeExact(FfmSupport.pinned(a, inbuf, indb, offset), incount, type,
                    MemorySegment.ofArray(outbuf), outbuf.length, pos, comm));
            return pos.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int unpack(Comm self, long comm, byte[] inbuf, int position, Object outbuf, boolean outdb, int offset,
            int outcount, long type) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment pos = a.allocateFrom(JAVA_INT, position);
            MemorySegment out = FfmSupport.pinned(a, outbuf, outdb, offset);
            check((int) UNPACK.H.invokeExact(MemorySegment.ofArray(inbuf), inbuf.length, pos, out, outcount, type, comm));
            FfmSupport.unpinned(out, outbuf, outdb, offset);
            return pos.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void barrier(Comm self, long comm) throws MPIException {
        FfmSupport.call((a, out) -> (int) BARRIER.H.invokeExact(comm));
    }

    static long iBarrier(Comm self, long comm) throws MPIException {
        return handleOut("req", (a, out) -> (int) IBARRIER.H.invokeExact(comm, out));
    }

    // ----- point-to-point, blocking, on arrays or direct buffers -----

    static void send(Comm self, long comm, Object buf, boolean db, int offset, int count, long type, int baseType,
            int dest, int tag) throws MPIException {
        blockingSend(SEND.H, comm, buf, db, offset, count, type, baseType, dest, tag);
    }

    static void bSend(Comm self, long comm, Object buf, boolean db, int offset, int count, long type, int baseType,
            int dest, int tag) throws MPIException {
        blockingSend(BSEND.H, comm, buf, db, offset, count, type, baseType, dest, tag);
    }

    static void sSend(Comm self, long comm, Object buf, boolean db, int offset, int count, long type, int baseType,
            int dest, int tag) throws MPIException {
        blockingSend(SSEND.H, comm, buf, db, offset, count, type, baseType, dest, tag);
    }

    static void rSend(Comm self, long comm, Object buf, boolean db, int offset, int count, long type, int baseType,
            int dest, int tag) throws MPIException {
        blockingSend(RSEND.H, comm, buf, db, offset, count, type, baseType, dest, tag);
    }

    private static void blockingSend(MethodHandle h, long comm, Object buf, boolean db, int offset, int count,
            long type, int baseType, int dest, int tag) throws MPIException {
        if (baseType != 0 && FfmInPlace.send(h == BSEND.H ? FfmInPlace.BUFFERED_SEND : h == SSEND.H ? FfmInPlace.SYNCHRONOUS
                : h == RSEND.H ? FfmInPlace.READY : FfmInPlace.STANDARD, comm, buf, db, offset, count, type, dest, tag)) {
            return;
        }
        try (Arena a = FfmScratch.open()) {
            MemorySegment ptr = baseType == 0 ? MemorySegment.NULL : read(a, buf, db, offset, count, type);
            check((int) h.invokeExact(ptr, count, type, dest, tag, comm));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void recv(Comm self, long comm, Object buf, boolean db, int offset, int count, long type, int basetype,
            int source, int tag, long[] stat) throws MPIException {
        if (FfmInPlace.recv(comm, buf, db, offset, count, type, source, tag, stat)) {
            return;
        }
        try (FfmScratch a = FfmScratch.open()) {
            MemorySegment ptr = write(a, buf, db, offset, count, type);
            MemorySegment st = a.statusSlot();
            check((int) RECV.H.invokeExact(ptr, count, type, source, tag, comm, st));
            statusToJava(st, stat, -1);
            writeBack(ptr, buf, db, offset, typeSizeIsExtent(type) ? stat[4] : Long.MAX_VALUE);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void sendRecv(Comm self, long comm, Object sbuf, boolean sdb, int soffset, int scount, long sType,
            int sBaseType, int dest, int stag, Object rbuf, boolean rdb, int roffset, int rcount, long rType,
            int rBaseType, int source, int rtag, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment s = read(a, sbuf, sdb, soffset, scount, sType);
            MemorySegment r = write(a, rbuf, rdb, roffset, rcount, rType);
            MemorySegment st = allocStatus(a);
            check((int) SENDRECV.H.invokeExact(s, scount, sType, dest, stag, r, rcount, rType, source, rtag, comm, st));
            statusToJava(st, stat, -1);
            writeBack(r, rbuf, rdb, roffset, typeSizeIsExtent(rType) ? stat[4] : Long.MAX_VALUE);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void sendRecvReplace(Comm self, long comm, Object buf, boolean db, int offset, int count, long type,
            int baseType, int dest, int stag, int source, int rtag, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment p = read(a, buf, db, offset, count, type);
            MemorySegment st = allocStatus(a);
            check((int) SENDRECV_REPLACE.H.invokeExact(p, count, type, dest, stag, source, rtag, comm, st));
            writeBack(p, buf, db, offset);
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /** A receive into such a type fills exactly the bytes its status counts (no gaps). */
    private static boolean typeSizeIsExtent(long type) throws MPIException {
        return FfmSupport.typeSize(type) == FfmSupport.extent(type);
    }

    // ----- point-to-point, non-blocking and persistent: direct buffers -----

    /** No lambda and no MemorySegment per call: the request cell is this level's slot (FfmScratch). */
    private static long nonBlocking(MethodHandle h, long comm, Buffer buf, int count, long type, int peer, int tag)
            throws MPIException {
        try (FfmScratch a = FfmScratch.open()) {
            MemorySegment out = a.handleSlot();
            check((int) h.invokeExact(direct(buf), count, type, peer, tag, comm, out));
            return FfmSupport.getHandle(out, "req", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long iSend(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag) throws MPIException {
        FfmArgs.count("count", count);
        return nonBlocking(ISEND.H, comm, buf, count, type, dest, tag);
    }

    static long ibSend(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag) throws MPIException {
        return nonBlocking(IBSEND.H, comm, buf, count, type, dest, tag);
    }

    static long isSend(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag) throws MPIException {
        return nonBlocking(ISSEND.H, comm, buf, count, type, dest, tag);
    }

    static long irSend(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag) throws MPIException {
        return nonBlocking(IRSEND.H, comm, buf, count, type, dest, tag);
    }

    static long iRecv(Comm self, long comm, Buffer buf, int count, long type, int source, int tag)
            throws MPIException {
        long req = nonBlocking(IRECV.H, comm, buf, count, type, source, tag);
        if (source != PROC_NULL) {
            return req;
        }
        // the standard status (PROC_NULL, ANY_TAG, 0) where the library reports another (MPICH 4.0.2)
        try (FfmScratch a = FfmScratch.open()) {
            MemorySegment out = a.handleSlot();
            FfmSupport.setHandle(out, "req", 0, req);
            check((int) PROC_NULL_RECV.H.invokeExact(out));
            return FfmSupport.getHandle(out, "req", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long sendInit(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag)
            throws MPIException {
        return nonBlocking(SEND_INIT.H, comm, buf, count, type, dest, tag);
    }

    static long bSendInit(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag)
            throws MPIException {
        return nonBlocking(BSEND_INIT.H, comm, buf, count, type, dest, tag);
    }

    static long sSendInit(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag)
            throws MPIException {
        return nonBlocking(SSEND_INIT.H, comm, buf, count, type, dest, tag);
    }

    static long rSendInit(Comm self, long comm, Buffer buf, int count, long type, int dest, int tag)
            throws MPIException {
        return nonBlocking(RSEND_INIT.H, comm, buf, count, type, dest, tag);
    }

    static long recvInit(Comm self, long comm, Buffer buf, int count, long type, int source, int tag)
            throws MPIException {
        return nonBlocking(RECV_INIT.H, comm, buf, count, type, source, tag);
    }

    static Status iProbe(Comm self, long comm, int source, int tag) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment flag = a.allocate(JAVA_INT);
            MemorySegment st = allocStatus(a);
            check((int) IPROBE.H.invokeExact(source, tag, comm, flag, st));
            return flag.get(JAVA_INT, 0) != 0 ? FfmSupport.newStatus(st) : null;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void probe(Comm self, long comm, int source, int tag, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) PROBE.H.invokeExact(source, tag, comm, st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    // ----- collectives, blocking, on arrays or direct buffers -----

    static void bcast(Comm self, long comm, Object buf, boolean db, int offset, int count, long type, int basetype,
            int root) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment p = read(a, buf, db, offset, count, type);
            check((int) BCAST.H.invokeExact(p, count, type, root, comm));
            writeBack(p, buf, db, offset);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void gather(Comm self, long comm, Object sendBuf, boolean sdb, int sendOff, int sendCount, long sendType,
            int sendBaseType, Object recvBuf, boolean rdb, int recvOff, int recvCount, long recvType,
            int recvBaseType, int root) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            boolean inter = inter(comm);
            boolean rootOrInter = inter || rank(comm) == root;
            boolean inPlace = sendType == 0;
            MemorySegment s = inPlace ? IN_PLACE : read(a, sendBuf, sdb, sendOff, sendCount, sendType);
            long sType = inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendType;
            int total = rootOrInter ? recvCount * peers(comm, inter) : recvCount;
            MemorySegment r = MemorySegment.NULL;
            if (rootOrInter || inPlace) {
                // read, not write: a block whose process sent less than recvCount keeps the
                // array's values past what arrived (MPI), not the scratch memory's bytes
                r = read(a, recvBuf, rdb, recvOff, total, recvType);
                if (!rootOrInter) {
                    // A non-root's in-place gather sends from its receive buffer (as the JNI code).
                    s = r;
                    sendCount = recvCount;
                    sType = recvType;
                }
            }
            check((int) GATHER.H.invokeExact(s, sendCount, sType, r, recvCount, recvType, root, comm));
            if (rootOrInter) {
                writeBack(r, recvBuf, rdb, recvOff);
            }
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void gatherv(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset, int[] recvCount,
            int[] displs, long recvType, int recvBaseType, int root) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            boolean rootOrInter = inter(comm) || rank(comm) == root;
            boolean inPlace = sendType == 0;
            MemorySegment s = inPlace ? IN_PLACE : read(a, sendBuf, sdb, sendOffset, sendCount, sendType);
            long sType = inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendType;
            MemorySegment r = MemorySegment.NULL;
            MemorySegment counts = MemorySegment.NULL;
            MemorySegment disp = MemorySegment.NULL;
            if (rootOrInter) {
                r = readV(a, recvBuf, rdb, recvOffset, recvCount, displs, recvType, true);
                counts = ints(a, recvCount);
                disp = ints(a, displs);
            }
            check((int) GATHERV.H.invokeExact(s, sendCount, sType, r, counts, disp, recvType, root, comm));
            if (rootOrInter) {
                writeBack(r, recvBuf, rdb, recvOffset);
            }
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void scatter(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset, int recvCount,
            long recvType, int recvBaseType, int root) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            boolean inter = inter(comm);
            boolean rootOrInter = inter || rank(comm) == root;
            boolean inPlace = recvType == 0;
            // read, not write: a shorter message than recvCount leaves the rest of the array as it was
            MemorySegment r = inPlace ? IN_PLACE : read(a, recvBuf, rdb, recvOffset, recvCount, recvType);
            long rType = inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : recvType;
            int total = rootOrInter ? sendCount * peers(comm, inter) : sendCount;
            MemorySegment s = MemorySegment.NULL;
            boolean nonRootInPlace = false;
            if (rootOrInter || inPlace) {
                s = read(a, sendBuf, sdb, sendOffset, total, sendType);
                if (!rootOrInter) {
                    r = s;
                    recvCount = sendCount;
                    rType = sendType;
                    nonRootInPlace = true;
                }
            }
            check((int) SCATTER.H.invokeExact(s, sendCount, sendType, r, recvCount, rType, root, comm));
            if (nonRootInPlace) {
                writeBack(s, sendBuf, sdb, sendOffset);
            } else if (!inPlace) {
                writeBack(r, recvBuf, rdb, recvOffset);
            }
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void scatterv(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int[] sendCount,
            int[] displs, long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset,
            int recvCount, long recvType, int recvBaseType, int root) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            boolean rootOrInter = inter(comm) || rank(comm) == root;
            boolean inPlace = recvType == 0;
            // read, not write: a shorter message than recvCount leaves the rest of the array as it was
            MemorySegment r = inPlace ? IN_PLACE : read(a, recvBuf, rdb, recvOffset, recvCount, recvType);
            long rType = inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : recvType;
            MemorySegment s = MemorySegment.NULL;
            MemorySegment counts = MemorySegment.NULL;
            MemorySegment disp = MemorySegment.NULL;
            if (rootOrInter) {
                s = readV(a, sendBuf, sdb, sendOffset, sendCount, displs, sendType, true);
                counts = ints(a, sendCount);
                disp = ints(a, displs);
            }
            check((int) SCATTERV.H.invokeExact(s, counts, disp, sendType, r, recvCount, rType, root, comm));
            if (!inPlace) {
                writeBack(r, recvBuf, rdb, recvOffset);
            }
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void allGather(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset, int recvCount,
            long recvType, int recvBaseType) throws MPIException {
        allToOrGather(ALLGATHER.H, comm, sendBuf, sdb, sendOffset, sendCount, sendType, recvBuf, rdb, recvOffset,
                recvCount, recvType);
    }

    static void allToAll(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset, int recvCount,
            long recvType, int recvBaseType) throws MPIException {
        allToOrGather(ALLTOALL.H, comm, sendBuf, sdb, sendOffset, sendCount, sendType, recvBuf, rdb, recvOffset,
                recvCount, recvType);
    }

    /** Allgather / alltoall: sendType 0 is MPI_IN_PLACE; the receive buffer is then also read. */
    private static void allToOrGather(MethodHandle h, long comm, Object sendBuf, boolean sdb, int sendOffset,
            int sendCount, long sendType, Object recvBuf, boolean rdb, int recvOffset, int recvCount, long recvType)
            throws MPIException {
        try (Arena a = FfmScratch.open()) {
            int total = recvCount * peers(comm, inter(comm));
            boolean inPlace = sendType == 0;
            MemorySegment s = inPlace ? IN_PLACE : read(a, sendBuf, sdb, sendOffset, sendCount * (h == ALLTOALL.H
                    ? peers(comm, inter(comm)) : 1), sendType);
            long sType = inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendType;
            // read, not write: blocks shorter than recvCount keep the array's values past what arrived
            MemorySegment r = read(a, recvBuf, rdb, recvOffset, total, recvType);
            check((int) h.invokeExact(s, sendCount, sType, r, recvCount, recvType, comm));
            writeBack(r, recvBuf, rdb, recvOffset);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void allGatherv(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset, int[] recvCount,
            int[] displs, long recvType, int recvBasetype) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            boolean inPlace = sendType == 0;
            MemorySegment s = inPlace ? IN_PLACE : read(a, sendBuf, sdb, sendOffset, sendCount, sendType);
            long sType = inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendType;
            MemorySegment r = readV(a, recvBuf, rdb, recvOffset, recvCount, displs, recvType, true);
            check((int) ALLGATHERV.H.invokeExact(s, sendCount, sType, r, ints(a, recvCount), ints(a, displs),
                    recvType, comm));
            writeBack(r, recvBuf, rdb, recvOffset);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void allToAllv(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int[] sendCount,
            int[] sdispls, long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset,
            int[] recvCount, int[] rdispls, long recvType, int recvBaseType) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            boolean inPlace = sendType == 0;
            MemorySegment s = inPlace ? IN_PLACE : readV(a, sendBuf, sdb, sendOffset, sendCount, sdispls, sendType, true);
            long sType = inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendType;
            MemorySegment r = readV(a, recvBuf, rdb, recvOffset, recvCount, rdispls, recvType, true);
            check((int) ALLTOALLV.H.invokeExact(s, pick(inPlace, MemorySegment.NULL, ints(a, sendCount)),
                    pick(inPlace, MemorySegment.NULL, ints(a, sdispls)), sType, r, ints(a, recvCount), ints(a, rdispls),
                    recvType, comm));
            writeBack(r, recvBuf, rdb, recvOffset);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    private static final boolean MPICH = FfmLib.IMPL.equals("mpich");

    static void reduce(Comm self, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf, boolean rdb,
            int recvoff, int count, long type, int baseType, Op jOp, long hOp, int root) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            long op = FfmOp.handle(jOp, hOp, baseType);
            boolean rootOrInter = inter(comm) || rank(comm) == root;
            MemorySegment s;
            MemorySegment r = MemorySegment.NULL;
            if (sendbuf == null) {
                r = read(a, recvbuf, rdb, recvoff, count, type);
                s = rootOrInter ? IN_PLACE : r;
                if (s == IN_PLACE && MPICH && !inter(comm) && count > 0) {
                    // MPICH 4.0.2 segfaults in an in-place MPI_Reduce at the root (10 000 ints on
                    // 2 ranks; in C too): it gets a copy of the buffer to send from instead
                    long span = FfmSupport.span(count, type);
                    s = a.allocate(Math.max(span, 1));
                    MemorySegment.copy(r.reinterpret(span), 0, s, 0, span);
                }
            } else {
                s = read(a, sendbuf, sdb, sendoff, count, type);
                if (rootOrInter) {
                    r = write(a, recvbuf, rdb, recvoff, count, type);
                }
            }
            int rc = (int) REDUCE.H.invokeExact(s, r, count, type, op, root, comm);
            FfmOp.rethrowPending();
            check(rc);
            if (rootOrInter) {
                writeBack(r, recvbuf, rdb, recvoff);
            }
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void allReduce(Comm self, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf,
            boolean rdb, int recvoff, int count, long type, int baseType, Op jOp, long hOp) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            FfmArgs.fits("sendbuf", sendbuf, sdb, sendoff, count, type);
            FfmArgs.fits(sendbuf == null ? "buf" : "recvbuf", recvbuf, rdb, recvoff, count, type);
            long op = FfmOp.handle(jOp, hOp, baseType);
            MemorySegment s;
            MemorySegment r;
            if (sendbuf == null) {
                s = IN_PLACE;
                r = read(a, recvbuf, rdb, recvoff, count, type);
            } else {
                s = read(a, sendbuf, sdb, sendoff, count, type);
                r = write(a, recvbuf, rdb, recvoff, count, type);
            }
            int rc = (int) ALLREDUCE.H.invokeExact(s, r, count, type, op, comm);
            FfmOp.rethrowPending();
            check(rc);
            writeBack(r, recvbuf, rdb, recvoff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void reduceScatterBlock(Comm self, long comm, Object sendBuf, boolean sdb, int sOffset, Object recvBuf,
            boolean rdb, int rOffset, int rCount, long type, int baseType, Op jOp, long hOp) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            long op = FfmOp.handle(jOp, hOp, baseType);
            int n = size(comm);
            MemorySegment s;
            MemorySegment r;
            if (sendBuf == null) {
                s = IN_PLACE;
                r = read(a, recvBuf, rdb, rOffset, rCount * n, type);
            } else {
                s = read(a, sendBuf, sdb, sOffset, rCount * n, type);
                r = write(a, recvBuf, rdb, rOffset, rCount, type);
            }
            int rc = (int) REDUCE_SCATTER_BLOCK.H.invokeExact(s, r, rCount, type, op, comm);
            FfmOp.rethrowPending();
            check(rc);
            writeBack(r, recvBuf, rdb, rOffset);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void reduceScatter(Comm self, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf,
            boolean rdb, int recvoff, int[] recvcounts, long type, int baseType, Op jOp, long hOp) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            long op = FfmOp.handle(jOp, hOp, baseType);
            int total = 0;
            for (int c : recvcounts) {
                total += c;
            }
            MemorySegment s;
            MemorySegment r;
            if (sendbuf == null) {
                s = IN_PLACE;
                r = read(a, recvbuf, rdb, recvoff, total, type);
            } else {
                s = read(a, sendbuf, sdb, sendoff, total, type);
                r = write(a, recvbuf, rdb, recvoff, recvcounts[rank(comm)], type);
            }
            int rc = (int) REDUCE_SCATTER.H.invokeExact(s, r, ints(a, recvcounts), type, op, comm);
            FfmOp.rethrowPending();
            check(rc);
            writeBack(r, recvbuf, rdb, recvoff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long iReduceScatterBlock(Comm self, long handle, Buffer sendbuf, Buffer recvbuf, int recvcount, long type,
            int baseType, Op jOp, long hOp) throws MPIException {
        FfmArgs.count("recvcount", recvcount);
        long op = FfmOp.handle(jOp, hOp, baseType);
        return handleOut("req", (a, out) -> (int) IREDUCE_SCATTER_BLOCK.H.invokeExact(pick(sendbuf == null, IN_PLACE,
                direct(sendbuf)), direct(recvbuf), recvcount, type, op, handle, out));
    }

    static void reduceLocal(Object inBuf, boolean idb, int inOff, Object inOutBuf, boolean iodb, int inOutOff,
            int count, long type, long op) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment in = read(a, inBuf, idb, inOff, count, type);
            MemorySegment inout = read(a, inOutBuf, iodb, inOutOff, count, type);
            check((int) REDUCE_LOCAL.H.invokeExact(in, inout, count, type, op));
            writeBack(inout, inOutBuf, iodb, inOutOff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void reduceLocalUf(Object inBuf, boolean idb, int inOff, Object inOutBuf, boolean iodb, int inOutOff,
            int count, long type, int baseType, Op jOp, long hOp) throws MPIException {
        long op = FfmOp.handle(jOp, hOp, baseType);
        try (Arena a = FfmScratch.open()) {
            MemorySegment in = read(a, inBuf, idb, inOff, count, type);
            MemorySegment inout = read(a, inOutBuf, iodb, inOutOff, count, type);
            int rc = (int) REDUCE_LOCAL.H.invokeExact(in, inout, count, type, op);
            FfmOp.rethrowPending();
            check(rc);
            writeBack(inout, inOutBuf, iodb, inOutOff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    // ----- neighbourhood collectives -----

    /** {out-degree, in-degree} of a process topology, as mpi_Comm.c's getNeighbors. */
    private static int[] neighbours(long comm) throws MPIException {
        int topo = intOut((a, out) -> (int) TOPO_TEST.H.invokeExact(comm, out));
        if (topo == (int) FfmLib.c("MPI_CART")) {
            int n = 2 * intOut((a, out) -> (int) CARTDIM_GET.H.invokeExact(comm, out));
            return new int[] {n, n};
        }
        if (topo == (int) FfmLib.c("MPI_GRAPH")) {
            int me = rank(comm);
            int n = intOut((a, out) -> (int) GRAPH_NEIGHBORS_COUNT.H.invokeExact(comm, me, out));
            return new int[] {n, n};
        }
        if (topo == (int) FfmLib.c("MPI_DIST_GRAPH")) {
            try (Arena a = FfmScratch.open()) {
                MemorySegment in = a.allocate(JAVA_INT);
                MemorySegment out = a.allocate(JAVA_INT);
                MemorySegment w = a.allocate(JAVA_INT);
                check((int) DIST_NEIGHBORS_COUNT.H.invokeExact(comm, in, out, w));
                return new int[] {out.get(JAVA_INT, 0), in.get(JAVA_INT, 0)};
            } catch (Throwable t) {
                throw wrap(t);
            }
        }
        throw FfmSupport.error("MPI_ERR_TOPOLOGY", "the communicator has no process topology");
    }

    static void neighborAllGather(Comm self, long comm, Object sendBuf, boolean sdb, int sendOffset, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOffset, int recvCount,
            long recvType, int recvBaseType) throws MPIException {
        neighbor(NEIGHBOR_ALLGATHER.H, comm, sendBuf, sdb, sendOffset, sendCount, sendType, 1, recvBuf, rdb,
                recvOffset, recvCount, recvType);
    }

    static void neighborAllToAll(Comm self, long comm, Object sendBuf, boolean sdb, int sendOff, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOff, int recvCount, long recvType,
            int recvBaseType) throws MPIException {
        int[] deg = neighbours(comm);
        neighbor(NEIGHBOR_ALLTOALL.H, comm, sendBuf, sdb, sendOff, sendCount, sendType, deg[0], recvBuf, rdb, recvOff,
                recvCount, recvType);
    }

    private static void neighbor(MethodHandle h, long comm, Object sendBuf, boolean sdb, int sendOff, int sendCount,
            long sendType, int sendBlocks, Object recvBuf, boolean rdb, int recvOff, int recvCount, long recvType)
            throws MPIException {
        int in = neighbours(comm)[1];
        try (Arena a = FfmScratch.open()) {
            MemorySegment s = read(a, sendBuf, sdb, sendOff, sendCount * sendBlocks, sendType);
            // read, not write: blocks of PROC_NULL neighbours are not written by MPI and keep the array's values
            MemorySegment r = read(a, recvBuf, rdb, recvOff, recvCount * in, recvType);
            check((int) h.invokeExact(s, sendCount, sendType, r, recvCount, recvType, comm));
            writeBack(r, recvBuf, rdb, recvOff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void neighborAllGatherv(Comm self, long comm, Object sendBuf, boolean sdb, int sendOff, int sendCount,
            long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOff, int[] recvCount, int[] displs,
            long recvType, int recvBaseType) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment s = read(a, sendBuf, sdb, sendOff, sendCount, sendType);
            MemorySegment r = readV(a, recvBuf, rdb, recvOff, recvCount, displs, recvType, true);
            check((int) NEIGHBOR_ALLGATHERV.H.invokeExact(s, sendCount, sendType, r, ints(a, recvCount), ints(a, displs),
                    recvType, comm));
            writeBack(r, recvBuf, rdb, recvOff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void neighborAllToAllv(Comm self, long comm, Object sendBuf, boolean sdb, int sendOff, int[] sendCount,
            int[] sdispls, long sendType, int sendBaseType, Object recvBuf, boolean rdb, int recvOff, int[] recvCount,
            int[] rdispls, long recvType, int recvBaseType) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment s = readV(a, sendBuf, sdb, sendOff, sendCount, sdispls, sendType, true);
            MemorySegment r = readV(a, recvBuf, rdb, recvOff, recvCount, rdispls, recvType, true);
            check((int) NEIGHBOR_ALLTOALLV.H.invokeExact(s, ints(a, sendCount), ints(a, sdispls), sendType, r,
                    ints(a, recvCount), ints(a, rdispls), recvType, comm));
            writeBack(r, recvBuf, rdb, recvOff);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long iNeighborAllGather(Comm self, long comm, Buffer sendBuf, int sendCount, long sendType, Buffer recvBuf,
            int recvCount, long recvType) throws MPIException {
        FfmArgs.count("sendCount", sendCount);
        FfmArgs.count("recvCount", recvCount);
        return handleOut("req", (a, out) -> (int) INEIGHBOR_ALLGATHER.H.invokeExact(direct(sendBuf), sendCount, sendType,
                direct(recvBuf), recvCount, recvType, comm, out));
    }

    static long iNeighborAllToAll(Comm self, long comm, Buffer sendBuf, int sendCount, long sendType, Buffer recvBuf,
            int recvCount, long recvType) throws MPIException {
        FfmArgs.count("sendCount", sendCount);
        FfmArgs.count("recvCount", recvCount);
        return handleOut("req", (a, out) -> (int) INEIGHBOR_ALLTOALL.H.invokeExact(direct(sendBuf), sendCount, sendType,
                direct(recvBuf), recvCount, recvType, comm, out));
    }

    // ----- non-blocking v-collectives: their arrays live until the request completes (FfmKeep) -----

    /** A non-blocking call whose arguments are allocated in {@code keep}; keeps it with the request. */
    private static long kept(Arena keep, FfmSupport.Call c) throws MPIException {
        try {
            long req = handleOut("req", c);
            FfmKeep.keep(req, keep);
            return req;
        } catch (MPIException | RuntimeException | Error e) {
            keep.close();
            throw e;
        }
    }

    static long iGatherv(Comm self, long handle, Buffer sendbuf, int sendcount, long sendtype, Buffer recvbuf,
            int[] recvcount, int[] displs, long recvtype, int root) throws MPIException {
        FfmArgs.count("sendcount", sendcount);
        FfmArgs.counts("recvcount", recvcount);
        Arena k = FfmKeep.open();
        boolean inPlace = sendbuf == null;
        return kept(k, (a, out) -> (int) IGATHERV.H.invokeExact(pick(inPlace, IN_PLACE, direct(sendbuf)), sendcount,
                inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendtype, direct(recvbuf), ints(k, recvcount), ints(k, displs),
                recvtype, root, handle, out));
    }

    static long iScatterv(Comm self, long comm, Buffer sendbuf, int[] sendcount, int[] displs, long sendtype,
            Buffer recvbuf, int recvcount, long recvtype, int root) throws MPIException {
        FfmArgs.counts("sendcount", sendcount);
        FfmArgs.count("recvcount", recvcount);
        Arena k = FfmKeep.open();
        boolean inPlace = recvbuf == null;
        return kept(k, (a, out) -> (int) ISCATTERV.H.invokeExact(direct(sendbuf), ints(k, sendcount), ints(k, displs),
                sendtype, pick(inPlace, IN_PLACE, direct(recvbuf)), recvcount,
                inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : recvtype, root, comm, out));
    }

    static long iAllGatherv(Comm self, long handle, Buffer sendbuf, int sendcount, long sendtype, Buffer recvbuf,
            int[] recvcount, int[] displs, long recvtype) throws MPIException {
        FfmArgs.count("sendcount", sendcount);
        FfmArgs.counts("recvcount", recvcount);
        Arena k = FfmKeep.open();
        boolean inPlace = sendbuf == null;
        return kept(k, (a, out) -> (int) IALLGATHERV.H.invokeExact(pick(inPlace, IN_PLACE, direct(sendbuf)), sendcount,
                inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendtype, direct(recvbuf), ints(k, recvcount), ints(k, displs),
                recvtype, handle, out));
    }

    static long iAllToAllv(Comm self, long comm, Buffer sendbuf, int[] sendcount, int[] sdispls, long sendtype,
            Buffer recvbuf, int[] recvcount, int[] rdispls, long recvtype) throws MPIException {
        FfmArgs.counts("sendcount", sendcount);
        FfmArgs.counts("recvcount", recvcount);
        Arena k = FfmKeep.open();
        return kept(k, (a, out) -> (int) IALLTOALLV.H.invokeExact(direct(sendbuf), ints(k, sendcount), ints(k, sdispls),
                sendtype, direct(recvbuf), ints(k, recvcount), ints(k, rdispls), recvtype, comm, out));
    }

    static long iNeighborAllGatherv(Comm self, long comm, Buffer sendBuf, int sendCount, long sendType,
            Buffer recvBuf, int[] recvCount, int[] displs, long recvType) throws MPIException {
        FfmArgs.count("sendCount", sendCount);
        FfmArgs.counts("recvCount", recvCount);
        Arena k = FfmKeep.open();
        return kept(k, (a, out) -> (int) INEIGHBOR_ALLGATHERV.H.invokeExact(direct(sendBuf), sendCount, sendType,
                direct(recvBuf), ints(k, recvCount), ints(k, displs), recvType, comm, out));
    }

    static long iNeighborAllToAllv(Comm self, long comm, Buffer sendBuf, int[] sendCount, int[] sdispls, long sType,
            Buffer recvBuf, int[] recvCount, int[] rdispls, long rType) throws MPIException {
        FfmArgs.counts("sendCount", sendCount);
        FfmArgs.counts("recvCount", recvCount);
        Arena k = FfmKeep.open();
        return kept(k, (a, out) -> (int) INEIGHBOR_ALLTOALLV.H.invokeExact(direct(sendBuf), ints(k, sendCount),
                ints(k, sdispls), sType, direct(recvBuf), ints(k, recvCount), ints(k, rdispls), rType, comm, out));
    }

    /** Direct buffers (as the JNI code); displacements in bytes, one datatype per peer. */
    static void allToAllw(Comm self, long comm, Buffer sendBuf, int[] sendCount, int[] sDispls, long[] sendTypes,
            Buffer recvBuf, int[] recvCount, int[] rDispls, long[] recvTypes) throws MPIException {
        FfmArgs.types("sendTypes", sendTypes);
        FfmArgs.types("recvTypes", recvTypes);
        FfmSupport.call((a, out) -> (int) ALLTOALLW.H.invokeExact(direct(sendBuf), ints(a, sendCount), ints(a, sDispls),
                FfmSupport.handles(a, "type", sendTypes), direct(recvBuf), ints(a, recvCount), ints(a, rDispls),
                FfmSupport.handles(a, "type", recvTypes), comm));
    }

    static long iAllToAllw(Comm self, long comm, Buffer sendBuf, int[] sendCount, int[] sDispls, long[] sendTypes,
            Buffer recvBuf, int[] recvCount, int[] rDispls, long[] recvTypes) throws MPIException {
        FfmArgs.counts("sendCount", sendCount);
        FfmArgs.counts("recvCount", recvCount);
        FfmArgs.types("sendTypes", sendTypes);
        FfmArgs.types("recvTypes", recvTypes);
        Arena k = FfmKeep.open();
        return kept(k, (a, out) -> (int) IALLTOALLW.H.invokeExact(direct(sendBuf), ints(k, sendCount), ints(k, sDispls),
                FfmSupport.handles(k, "type", sendTypes), direct(recvBuf), ints(k, recvCount), ints(k, rDispls),
                FfmSupport.handles(k, "type", recvTypes), comm, out));
    }

    static long iReduceScatter(Comm self, long handle, Buffer sendbuf, Object recvbuf, int[] recvcounts, long type,
            int baseType, Op jOp, long hOp) throws MPIException {
        FfmArgs.counts("recvcounts", recvcounts);
        long op = FfmOp.handle(jOp, hOp, baseType);
        Arena k = FfmKeep.open();
        return kept(k, (a, out) -> (int) IREDUCE_SCATTER.H.invokeExact(pick(sendbuf == null, IN_PLACE, direct(sendbuf)),
                direct(recvbuf), ints(k, recvcounts), type, op, handle, out));
    }

    // ----- collectives, non-blocking: direct buffers -----

    static long iBcast(Comm self, long comm, Buffer buf, int count, long type, int root) throws MPIException {
        FfmArgs.count("count", count);
        if (root != PROC_NULL) {
            FfmArgs.fits("buf", buf, true, 0, count, type);
        }
        return handleOut("req", (a, out) -> (int) IBCAST.H.invokeExact(direct(buf), count, type, root, comm, out));
    }

    static long iGather(Comm self, long comm, Buffer sendbuf, int sendcount, long sendtype, Buffer recvbuf,
            int recvcount, long recvtype, int root) throws MPIException {
        FfmArgs.count("sendcount", sendcount);
        FfmArgs.count("recvcount", recvcount);
        boolean inPlace = sendbuf == null;
        if (inPlace && !inter(comm) && rank(comm) != root) {
            // A non-root's in-place iGather sends from its one buffer (as mpi_Comm.c): MPI_IN_PLACE is for the root only.
            FfmArgs.fits("buf", recvbuf, true, 0, recvcount, recvtype);
            return handleOut("req", (a, out) -> (int) IGATHER.H.invokeExact(direct(recvbuf), recvcount, recvtype,
                    MemorySegment.NULL, 0, recvtype, root, comm, out));
        }
        return handleOut("req", (a, out) -> (int) IGATHER.H.invokeExact(pick(inPlace, IN_PLACE, direct(sendbuf)), sendcount,
                inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendtype, direct(recvbuf), recvcount, recvtype, root, comm, out));
    }

    static long iScatter(Comm self, long comm, Buffer sendbuf, int sendcount, long sendtype, Buffer recvbuf,
            int recvcount, long recvtype, int root) throws MPIException {
        FfmArgs.count("sendcount", sendcount);
        FfmArgs.count("recvcount", recvcount);
        boolean inPlace = recvbuf == null;
        if (inPlace && !inter(comm) && rank(comm) != root) {
            // A non-root's in-place iScatter receives into its one buffer (as mpi_Comm.c).
            FfmArgs.fits("buf", sendbuf, true, 0, sendcount, sendtype);
            return handleOut("req", (a, out) -> (int) ISCATTER.H.invokeExact(MemorySegment.NULL, 0, sendtype,
                    direct(sendbuf), sendcount, sendtype, root, comm, out));
        }
        return handleOut("req", (a, out) -> (int) ISCATTER.H.invokeExact(direct(sendbuf), sendcount, sendtype,
                pick(inPlace, IN_PLACE, direct(recvbuf)), recvcount, inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : recvtype,
                root, comm, out));
    }

    static long iAllGather(Comm self, long comm, Buffer sendbuf, int sendcount, long sendtype, Buffer recvbuf,
            int recvcount, long recvtype) throws MPIException {
        FfmArgs.count("sendcount", sendcount);
        FfmArgs.count("recvcount", recvcount);
        boolean inPlace = sendbuf == null;
        return handleOut("req", (a, out) -> (int) IALLGATHER.H.invokeExact(pick(inPlace, IN_PLACE, direct(sendbuf)),
                sendcount, inPlace ? FfmLib.c("MPI_DATATYPE_NULL") : sendtype, direct(recvbuf), recvcount, recvtype,
                comm, out));
    }

    static long iAllToAll(Comm self, long comm, Buffer sendbuf, int sendcount, long sendtype, Buffer recvbuf,
            int recvcount, long recvtype) throws MPIException {
        FfmArgs.count("sendcount", sendcount);
        FfmArgs.count("recvcount", recvcount);
        return handleOut("req", (a, out) -> (int) IALLTOALL.H.invokeExact(direct(sendbuf), sendcount, sendtype,
                direct(recvbuf), recvcount, recvtype, comm, out));
    }

    static long iReduce(Comm self, long comm, Buffer sendbuf, Buffer recvbuf, int count, long type, int baseType,
            Op jOp, long hOp, int root) throws MPIException {
        FfmArgs.count("count", count);
        FfmArgs.fits("sendbuf", sendbuf, true, 0, count, type);
        boolean rootOrInter = inter(comm) || rank(comm) == root;
        if (rootOrInter || sendbuf == null) {
            FfmArgs.fits(sendbuf == null ? "buf" : "recvbuf", recvbuf, true, 0, count, type);
        }
        long op = FfmOp.handle(jOp, hOp, baseType);
        // MPI_IN_PLACE is for the root only: a non-root's in-place iReduce sends its one buffer (MPICH
        // would copy from the address MPI_IN_PLACE stands for and crash)
        MemorySegment send = sendbuf != null ? direct(sendbuf) : rootOrInter ? IN_PLACE : direct(recvbuf);
        return handleOut("req", (a, out) -> (int) IREDUCE.H.invokeExact(send, direct(recvbuf), count, type, op, root, comm,
                out));
    }

    static long iAllReduce(Comm self, long comm, Buffer sendbuf, Buffer recvbuf, int count, long type, int baseType,
            Op jOp, long hOp) throws MPIException {
        FfmArgs.count("count", count);
        FfmArgs.fits("sendbuf", sendbuf, true, 0, count, type);
        FfmArgs.fits(sendbuf == null ? "buf" : "recvbuf", recvbuf, true, 0, count, type);
        long op = FfmOp.handle(jOp, hOp, baseType);
        return handleOut("req", (a, out) -> (int) IALLREDUCE.H.invokeExact(pick(sendbuf == null, IN_PLACE, direct(sendbuf)),
                direct(recvbuf), count, type, op, comm, out));
    }
}
