package mpi;

import static mpi.FfmSupport.check;
import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.read;
import static mpi.FfmSupport.wrap;

import static mpi.FfmSupport.writeBack;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;

/** FFM natives of mpi.Intracomm (ompi/mpi/java/c/mpi_Intracomm.c). */
final class FfmIntracomm {

    private static final class SPLIT { static final MethodHandle H = FfmLib.fn("MPI_Comm_split", "int comm int int ptr"); }
    private static final class SPLIT_TYPE {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_split_type", "int comm int int info ptr");
    }
    private static final int TYPE_SHARED = (int) FfmLib.c("MPI_COMM_TYPE_SHARED");
    private static final int ERR_OTHER = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_OTHER")); // the API's number (Open MPI's)
    private static final class CREATE { static final MethodHandle H = FfmLib.fn("MPI_Comm_create", "int comm group ptr"); }
    private static final class CREATE_GROUP {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_create_group", "int comm group tag ptr");
    }
    private static final class CART_CREATE {
        static final MethodHandle H = FfmLib.fn("MPI_Cart_create", "int comm int ptr ptr int ptr");
    }
    private static final class GRAPH_CREATE {
        static final MethodHandle H = FfmLib.fn("MPI_Graph_create", "int comm int ptr ptr int ptr");
    }
    private static final class DIST_GRAPH_CREATE {
        static final MethodHandle H = FfmLib.fn("MPI_Dist_graph_create", "int comm int ptr ptr ptr ptr info int ptr");
    }
    private static final class DIST_GRAPH_CREATE_ADJACENT {
        static final MethodHandle H = FfmLib.fn("MPI_Dist_graph_create_adjacent", "int comm int ptr ptr int ptr ptr info int ptr");
    }
    private static final class ISCAN { static final MethodHandle H = FfmLib.fn("MPI_Iscan", "int ptr ptr int type op comm ptr"); }
    private static final class IEXSCAN {
        static final MethodHandle H = FfmLib.fn("MPI_Iexscan", "int ptr ptr int type op comm ptr");
    }
    private static final class OPEN_PORT { static final MethodHandle H = FfmLib.fn("MPI_Open_port", "int info ptr"); }
    private static final class CLOSE_PORT { static final MethodHandle H = FfmLib.fn("MPI_Close_port", "int ptr"); }
    private static final class ACCEPT {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_accept", "int ptr info rank comm ptr");
    }
    private static final class CONNECT {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_connect", "int ptr info rank comm ptr");
    }
    private static final class PUBLISH_NAME { static final MethodHandle H = FfmLib.fn("MPI_Publish_name", "int ptr info ptr"); }
    private static final class UNPUBLISH_NAME {
        static final MethodHandle H = FfmLib.fn("MPI_Unpublish_name", "int ptr info ptr");
    }
    private static final class LOOKUP_NAME { static final MethodHandle H = FfmLib.fn("MPI_Lookup_name", "int ptr info ptr"); }
    private static final class SPAWN {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_spawn", "int ptr ptr int info rank comm ptr ptr");
    }
    private static final class SPAWN_MULTIPLE {
        static final MethodHandle H = FfmLib.fn("MPI_Comm_spawn_multiple", "int int ptr ptr ptr ptr int comm ptr ptr");
    }
    private static final class SCAN { static final MethodHandle H = FfmLib.fn("MPI_Scan", "int ptr ptr int type op comm"); }
    private static final class EXSCAN { static final MethodHandle H = FfmLib.fn("MPI_Exscan", "int ptr ptr int type op comm"); }

    private FfmIntracomm() {
    }

    static long split(Intracomm self, long comm, int colour, int key) throws MPIException {
        return handleOut("comm", (a, out) -> (int) SPLIT.H.invokeExact(comm, colour, key, out));
    }

    /**
     * Comm.TYPE_SHARED is the Java API's compile-time 0 (Open MPI's MPI_COMM_TYPE_SHARED, passed
     * through by mpi_Comm.c); other libraries number it differently (MPICH: 1), so it is mapped.
     */
    static long splitType(Intracomm self, long comm, int colour, int key, long info) throws MPIException {
        int type = colour == Comm.TYPE_SHARED ? TYPE_SHARED : colour;
        return handleOut("comm", (a, out) -> (int) SPLIT_TYPE.H.invokeExact(comm, type, key, info, out));
    }

    static long create(Intracomm self, long comm, long group) throws MPIException {
        return handleOut("comm", (a, out) -> (int) CREATE.H.invokeExact(comm, group, out));
    }

    static long createGroup(Intracomm self, long comm, long group, int tag) throws MPIException {
        return handleOut("comm", (a, out) -> (int) CREATE_GROUP.H.invokeExact(comm, group, tag, out));
    }

    static long createCart(Intracomm self, long comm, int[] dims, boolean[] periods, boolean reorder)
            throws MPIException {
        return handleOut("comm", (a, out) -> (int) CART_CREATE.H.invokeExact(comm, dims.length, FfmSupport.ints(a, dims),
                FfmCartComm.bools(a, periods), reorder ? 1 : 0, out));
    }

    static long createGraph(Intracomm self, long comm, int[] index, int[] edges, boolean reorder) throws MPIException {
        return handleOut("comm", (a, out) -> (int) GRAPH_CREATE.H.invokeExact(comm, index.length, FfmSupport.ints(a, index),
                FfmSupport.ints(a, edges), reorder ? 1 : 0, out));
    }

    /** MPI_UNWEIGHTED unless the graph is weighted (as the C code). */
    private static MemorySegment weights(Arena a, int[] w, boolean weighted) {
        return weighted ? FfmSupport.ints(a, w) : MemorySegment.ofAddress(FfmLib.c("MPI_UNWEIGHTED"));
    }

    static long createDistGraph(Intracomm self, long comm, int[] sources, int[] degrees, int[] destinations,
            int[] weights, long info, boolean reorder, boolean weighted) throws MPIException {
        return handleOut("comm", (a, out) -> (int) DIST_GRAPH_CREATE.H.invokeExact(comm, sources.length,
                FfmSupport.ints(a, FfmLib.VALUES.ranksIn(sources)), FfmSupport.ints(a, degrees),
                FfmSupport.ints(a, FfmLib.VALUES.ranksIn(destinations)),
                weights(a, weights, weighted), info, reorder ? 1 : 0, out));
    }

    static long createDistGraphAdjacent(Intracomm self, long comm, int[] sources, int[] sourceweights,
            int[] destinations, int[] distweights, long info, boolean reorder, boolean weighted) throws MPIException {
        return handleOut("comm", (a, out) -> (int) DIST_GRAPH_CREATE_ADJACENT.H.invokeExact(comm, sources.length,
                FfmSupport.ints(a, FfmLib.VALUES.ranksIn(sources)), weights(a, sourceweights, weighted),
                destinations.length, FfmSupport.ints(a, FfmLib.VALUES.ranksIn(destinations)), weights(a, distweights, weighted), info, reorder ? 1 : 0, out));
    }

    static long iScan(Intracomm self, long comm, Buffer sendbuf, Buffer recvbuf, int count,
            long type, int baseType, Op jOp, long hOp) throws MPIException {
        FfmArgs.count("count", count);
        long op = FfmOp.handle(jOp, hOp, baseType);
        return handleOut("req", (a, out) -> (int) ISCAN.H.invokeExact(inPlaceOr(sendbuf), FfmSupport.direct(recvbuf),
                count, type, op, comm, out));
    }

    static long iExScan(Intracomm self, long comm, Buffer sendbuf, Buffer recvbuf, int count,
            long type, int baseType, Op jOp, long hOp) throws MPIException {
        FfmArgs.count("count", count);
        long op = FfmOp.handle(jOp, hOp, baseType);
        return handleOut("req", (a, out) -> (int) IEXSCAN.H.invokeExact(inPlaceOr(sendbuf), FfmSupport.direct(recvbuf),
                count, type, op, comm, out));
    }

    private static MemorySegment inPlaceOr(Buffer b) {
        return b == null ? FfmComm.IN_PLACE : FfmSupport.direct(b);
    }

    // ----- process management: ports, names, spawn -----

    private static String portOut(FfmSupport.Call c) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment port = a.allocate(FfmLib.c("MPI_MAX_PORT_NAME") + 1);
            check(c.run(a, port));
            return port.getString(0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static String openPort(long info) throws MPIException {
        return portOut((a, port) -> {
            int rc = (int) OPEN_PORT.H.invokeExact(info, port);
            dynamic("MPI_Open_port", rc);
            return rc;
        });
    }

    /**
     * Debian's MPICH 4.0.2 (ch4 over UCX) has no dynamic processes: spawn and ports fail with
     * MPI_ERR_OTHER, its message naming the cause only for ports. The exception says so.
     */
    private static void dynamic(String function, int rc) throws MPIException {
        if (rc == 0) {
            return;
        }
        MPIException e = FfmSupport.exception(rc);
        if (!"mpich".equals(FfmLib.IMPL) || e.getErrorClass() != ERR_OTHER) {
            throw e;
        }
        throw new MPIException(e.getErrorCode(), e.getErrorClass(), function + " is not supported on this MPICH"
                + " (Debian's MPICH 4.0.2, ch4:ucx, has no dynamic processes: spawn and ports; see MANA's README,"
                + " \"Lower halves\"). MPICH says: " + e.getMessage());
    }

    static void closePort_jni(String name) throws MPIException {
        FfmSupport.call((a, out) -> (int) CLOSE_PORT.H.invokeExact(a.allocateFrom(name)));
    }

    static long accept(Intracomm self, long comm, String port, long info, int root) throws MPIException {
        FfmInPlace.dynamicProcesses();
        return handleOut("comm", (a, out) -> (int) ACCEPT.H.invokeExact(portName(a, port), info, root, comm, out));
    }

    static long connect(Intracomm self, long comm, String port, long info, int root) throws MPIException {
        FfmInPlace.dynamicProcesses();
        return handleOut("comm", (a, out) -> (int) CONNECT.H.invokeExact(portName(a, port), info, root, comm, out));
    }

    /** The port name as C reads it; null (allowed off the root, as mpi_Intracomm.c passes it) is NULL. */
    private static MemorySegment portName(Arena a, String port) {
        return port == null ? MemorySegment.NULL : a.allocateFrom(port);
    }

    static void publishName(String service, long info, String port) throws MPIException {
        FfmSupport.call((a, out) -> (int) PUBLISH_NAME.H.invokeExact(a.allocateFrom(service), info, a.allocateFrom(port)));
    }

    static void unpublishName(String service, long info, String port) throws MPIException {
        FfmSupport.call((a, out) -> (int) UNPUBLISH_NAME.H.invokeExact(a.allocateFrom(service), info,
                a.allocateFrom(port)));
    }

    static String lookupName(String service, long info) throws MPIException {
        return portOut((a, port) -> (int) LOOKUP_NAME.H.invokeExact(a.allocateFrom(service), info, port));
    }

    /** A NULL-terminated char*[] (MPI_ARGV_NULL for null). */
    private static MemorySegment argv(Arena a, String[] args) {
        if (args == null) {
            return MemorySegment.ofAddress(FfmLib.c("MPI_ARGV_NULL"));
        }
        MemorySegment v = a.allocate(java.lang.foreign.ValueLayout.ADDRESS, args.length + 1L);
        for (int i = 0; i < args.length; i++) {
            v.setAtIndex(java.lang.foreign.ValueLayout.ADDRESS, i, a.allocateFrom(args[i]));
        }
        v.setAtIndex(java.lang.foreign.ValueLayout.ADDRESS, args.length, MemorySegment.NULL);
        return v;
    }

    private static MemorySegment errcodes(Arena a, int[] errcodes) {
        return errcodes == null ? MemorySegment.ofAddress(FfmLib.c("MPI_ERRCODES_IGNORE"))
                : a.allocate(java.lang.foreign.ValueLayout.JAVA_INT, Math.max(errcodes.length, 1));
    }

    static long spawn(Intracomm self, long comm, String command, String[] argv, int maxprocs, long info, int root,
            int[] errcodes) throws MPIException {
        FfmInPlace.dynamicProcesses();
        try (Arena a = FfmScratch.open()) {
            MemorySegment codes = errcodes(a, errcodes);
            MemorySegment out = FfmSupport.allocHandle(a, "comm");
            dynamic("MPI_Comm_spawn", (int) SPAWN.H.invokeExact(a.allocateFrom(command), argv(a, argv), maxprocs, info,
                    root, comm, out, codes));
            copyCodes(codes, errcodes);
            return FfmSupport.getHandle(out, "comm", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long spawnMultiple(Intracomm self, long comm, String[] commands, String[][] argv, int[] maxprocs,
            long[] info, int root, int[] errcodes) throws MPIException {
        FfmInPlace.dynamicProcesses();
        try (Arena a = FfmScratch.open()) {
            MemorySegment cmds = argv(a, commands);
            MemorySegment argvs;
            if (argv == null) {
                argvs = MemorySegment.ofAddress(FfmLib.c("MPI_ARGVS_NULL"));
            } else {
                argvs = a.allocate(java.lang.foreign.ValueLayout.ADDRESS, Math.max(argv.length, 1));
                for (int i = 0; i < argv.length; i++) {
                    argvs.setAtIndex(java.lang.foreign.ValueLayout.ADDRESS, i, argv(a, argv[i]));
                }
            }
            MemorySegment codes = errcodes(a, errcodes);
            MemorySegment out = FfmSupport.allocHandle(a, "comm");
            dynamic("MPI_Comm_spawn_multiple", (int) SPAWN_MULTIPLE.H.invokeExact(commands.length, cmds, argvs,
                    FfmSupport.ints(a, maxprocs), FfmSupport.handles(a, "info", info), root, comm, out, codes));
            copyCodes(codes, errcodes);
            return FfmSupport.getHandle(out, "comm", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    private static void copyCodes(MemorySegment codes, int[] errcodes) {
        if (errcodes != null) {
            MemorySegment.copy(codes, java.lang.foreign.ValueLayout.JAVA_INT, 0, errcodes, 0, errcodes.length);
        }
    }

    static void scan(Intracomm self, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf,
            boolean rdb, int recvoff, int count, long type, int baseType, Op jOp, long hOp) throws MPIException {
        prefix(SCAN.H, comm, sendbuf, sdb, sendoff, recvbuf, rdb, recvoff, count, type, baseType, jOp, hOp);
    }

    static void exScan(Intracomm self, long comm, Object sendbuf, boolean sdb, int sendoff, Object recvbuf,
            boolean rdb, int recvoff, int count, long type, int baseType, Op jOp, long hOp) throws MPIException {
        prefix(EXSCAN.H, comm, sendbuf, sdb, sendoff, recvbuf, rdb, recvoff, count, type, baseType, jOp, hOp);
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
