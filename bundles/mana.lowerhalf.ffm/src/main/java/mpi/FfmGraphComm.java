package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.intOut;
import static mpi.FfmSupport.ints;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.GraphComm (ompi/mpi/java/c/mpi_GraphComm.c): graph topologies; distributed graphs not yet. */
final class FfmGraphComm {

    private static final class GRAPHDIMS_GET { static final MethodHandle H = FfmLib.fn("MPI_Graphdims_get", "int comm ptr ptr"); }
    private static final class GRAPH_GET { static final MethodHandle H = FfmLib.fn("MPI_Graph_get", "int comm int int ptr ptr"); }
    private static final class NEIGHBORS_COUNT {
        static final MethodHandle H = FfmLib.fn("MPI_Graph_neighbors_count", "int comm rank ptr");
    }
    private static final class NEIGHBORS {
        static final MethodHandle H = FfmLib.fn("MPI_Graph_neighbors", "int comm rank int ptr");
    }
    private static final class DIST_COUNT {
        static final MethodHandle H = FfmLib.fn("MPI_Dist_graph_neighbors_count", "int comm ptr ptr ptr");
    }
    private static final class DIST_NEIGHBORS {
        static final MethodHandle H = FfmLib.fn("MPI_Dist_graph_neighbors", "int comm int ptr ptr int ptr ptr");
    }
    private static final class GRAPH_MAP { static final MethodHandle H = FfmLib.fn("MPI_Graph_map", "int comm int ptr ptr ptr"); }

    private FfmGraphComm() {
    }

    static void init() {
    }

    static GraphParms getDims(GraphComm self, long comm) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment nInd = a.allocate(JAVA_INT);
            MemorySegment nEdg = a.allocate(JAVA_INT);
            check((int) GRAPHDIMS_GET.H.invokeExact(comm, nInd, nEdg));
            int ni = nInd.get(JAVA_INT, 0);
            int ne = nEdg.get(JAVA_INT, 0);
            MemorySegment index = a.allocate(JAVA_INT, Math.max(ni, 1));
            MemorySegment edges = a.allocate(JAVA_INT, Math.max(ne, 1));
            check((int) GRAPH_GET.H.invokeExact(comm, ni, ne, index, edges));
            return new GraphParms(FfmCartComm.toInts(index, ni), FfmCartComm.toInts(edges, ne));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int[] getNeighbors(GraphComm self, long comm, int rank) throws MPIException {
        int n = intOut((a, out) -> (int) NEIGHBORS_COUNT.H.invokeExact(comm, rank, out));
        try (Arena a = FfmScratch.open()) {
            MemorySegment nb = a.allocate(JAVA_INT, Math.max(n, 1));
            check((int) NEIGHBORS.H.invokeExact(comm, rank, n, nb));
            return FfmCartComm.toInts(nb, n);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static DistGraphNeighbors getDistGraphNeighbors(GraphComm self, long comm) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment in = a.allocate(JAVA_INT);
            MemorySegment out = a.allocate(JAVA_INT);
            MemorySegment w = a.allocate(JAVA_INT);
            check((int) DIST_COUNT.H.invokeExact(comm, in, out, w));
            int ni = in.get(JAVA_INT, 0);
            int no = out.get(JAVA_INT, 0);
            MemorySegment src = a.allocate(JAVA_INT, Math.max(ni, 1));
            MemorySegment srcW = a.allocate(JAVA_INT, Math.max(ni, 1));
            MemorySegment dst = a.allocate(JAVA_INT, Math.max(no, 1));
            MemorySegment dstW = a.allocate(JAVA_INT, Math.max(no, 1));
            check((int) DIST_NEIGHBORS.H.invokeExact(comm, ni, src, srcW, no, dst, dstW));
            FfmValues v = FfmLib.VALUES;
            return new DistGraphNeighbors(v.ranksOut(FfmCartComm.toInts(src, ni)), FfmCartComm.toInts(srcW, ni),
                    v.ranksOut(FfmCartComm.toInts(dst, no)), FfmCartComm.toInts(dstW, no), w.get(JAVA_INT, 0) != 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int map(GraphComm self, long comm, int[] index, int[] edges) throws MPIException {
        return FfmLib.VALUES.rankOut(intOut((a, out) -> (int) GRAPH_MAP.H.invokeExact(comm, index.length, ints(a, index),
                ints(a, edges), out)));
    }
}
