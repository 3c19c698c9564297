package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.intOut;
import static mpi.FfmSupport.ints;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.CartComm (ompi/mpi/java/c/mpi_CartComm.c). */
final class FfmCartComm {

    private static final class CARTDIM_GET { static final MethodHandle H = FfmLib.fn("MPI_Cartdim_get", "int comm ptr"); }
    private static final class CART_GET { static final MethodHandle H = FfmLib.fn("MPI_Cart_get", "int comm int ptr ptr ptr"); }
    private static final class CART_RANK { static final MethodHandle H = FfmLib.fn("MPI_Cart_rank", "int comm ptr ptr"); }
    private static final class CART_COORDS {
        static final MethodHandle H = FfmLib.fn("MPI_Cart_coords", "int comm rank int ptr");
    }
    private static final class CART_SHIFT {
        static final MethodHandle H = FfmLib.fn("MPI_Cart_shift", "int comm int int ptr ptr");
    }
    private static final class CART_SUB { static final MethodHandle H = FfmLib.fn("MPI_Cart_sub", "int comm ptr ptr"); }
    private static final class CART_CREATE {
        static final MethodHandle H = FfmLib.fn("MPI_Cart_create", "int comm int ptr ptr int ptr");
    }
    private static final long COMM_NULL = FfmLib.c("MPI_COMM_NULL");
    private static final long COMM_SELF = FfmLib.c("MPI_COMM_SELF");
    private static final class CART_MAP { static final MethodHandle H = FfmLib.fn("MPI_Cart_map", "int comm int ptr ptr ptr"); }
    private static final class DIMS_CREATE { static final MethodHandle H = FfmLib.fn("MPI_Dims_create", "int int int ptr"); }

    private FfmCartComm() {
    }

    static void init() {
    }

    private static int ndims(long comm) throws MPIException {
        return intOut((a, out) -> (int) CARTDIM_GET.H.invokeExact(comm, out));
    }

    static CartParms getTopo(CartComm self, long comm) throws MPIException {
        int n = ndims(comm);
        try (Arena a = FfmScratch.open()) {
            MemorySegment dims = a.allocate(JAVA_INT, Math.max(n, 1));
            MemorySegment periods = a.allocate(JAVA_INT, Math.max(n, 1));
            MemorySegment coords = a.allocate(JAVA_INT, Math.max(n, 1));
            if (n != 0) {
                check((int) CART_GET.H.invokeExact(comm, n, dims, periods, coords));
            }
            return new CartParms(toInts(dims, n), toBooleans(periods, n), toInts(coords, n));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int getRank(CartComm self, long comm, int[] coords) throws MPIException {
        return intOut((a, out) -> (int) CART_RANK.H.invokeExact(comm, ints(a, coords), out));
    }

    static int[] getCoords(CartComm self, long comm, int rank) throws MPIException {
        int n = ndims(comm);
        try (Arena a = FfmScratch.open()) {
            MemorySegment coords = a.allocate(JAVA_INT, Math.max(n, 1));
            check((int) CART_COORDS.H.invokeExact(comm, rank, n, coords));
            return toInts(coords, n);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static ShiftParms shift(CartComm self, long comm, int direction, int disp) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment src = a.allocate(JAVA_INT);
            MemorySegment dst = a.allocate(JAVA_INT);
            check((int) CART_SHIFT.H.invokeExact(comm, direction, disp, src, dst));
            FfmValues v = FfmLib.VALUES; // PROC_NULL at a border, as the API numbers it
            return new ShiftParms(v.rankOut(src.get(JAVA_INT, 0)), v.rankOut(dst.get(JAVA_INT, 0)));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /**
     * Keeping no dimension gives every process a zero-dimensional Cartesian communicator of its
     * own (MPI 4.0, 8.5.7; Open MPI does so). MPICH 4.0.2 gives it to one process and
     * MPI_COMM_NULL to the others: there the null is replaced by a 0-d grid over MPI_COMM_SELF.
     */
    static long sub(CartComm self, long comm, boolean[] remainDims) throws MPIException {
        long sub = handleOut("comm", (a, out) -> (int) CART_SUB.H.invokeExact(comm, bools(a, remainDims), out));
        if (sub != COMM_NULL || remainDims == null || keepsAny(remainDims)) {
            return sub;
        }
        return handleOut("comm", (a, out) -> (int) CART_CREATE.H.invokeExact(COMM_SELF, 0, MemorySegment.NULL,
                MemorySegment.NULL, 0, out));
    }

    private static boolean keepsAny(boolean[] remainDims) {
        for (boolean keep : remainDims) {
            if (keep) {
                return true;
            }
        }
        return false;
    }

    static int map(CartComm self, long comm, int[] dims, boolean[] periods) throws MPIException {
        return FfmLib.VALUES.rankOut(intOut((a, out) -> (int) CART_MAP.H.invokeExact(comm, dims.length, ints(a, dims),
                bools(a, periods), out)));
    }

    static void createDims_jni(int nnodes, int[] dims) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment d = ints(a, dims);
            check((int) DIMS_CREATE.H.invokeExact(nnodes, dims.length, d));
            MemorySegment.copy(d, JAVA_INT, 0, dims, 0, dims.length);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /** Java booleans as C ints (ompi_java_getBooleanArray). */
    static MemorySegment bools(Arena a, boolean[] values) {
        MemorySegment s = a.allocate(JAVA_INT, Math.max(values.length, 1));
        for (int i = 0; i < values.length; i++) {
            s.setAtIndex(JAVA_INT, i, values[i] ? 1 : 0);
        }
        return s;
    }

    static int[] toInts(MemorySegment s, int n) {
        return s.asSlice(0, 4L * n).toArray(JAVA_INT);
    }

    private static boolean[] toBooleans(MemorySegment s, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = s.getAtIndex(JAVA_INT, i) != 0;
        }
        return b;
    }
}
