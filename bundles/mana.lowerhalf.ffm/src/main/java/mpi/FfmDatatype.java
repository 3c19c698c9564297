package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.intOut;
import static mpi.FfmSupport.ints;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Datatype (ompi/mpi/java/c/mpi_Datatype.c). */
final class FfmDatatype {

    /** mpi_Datatype.c's Dts table, indexed by the binding's base type numbers. */
    private static final String[] DTS = {"MPI_DATATYPE_NULL", "MPI_UINT8_T", "MPI_UINT16_T", "MPI_INT16_T",
        "MPI_UINT8_T", "MPI_INT32_T", "MPI_INT64_T", "MPI_FLOAT", "MPI_DOUBLE", "MPI_PACKED", "MPI_2INT",
        "MPI_SHORT_INT", "MPI_LONG_INT", "MPI_FLOAT_INT", "MPI_DOUBLE_INT", "MPI_C_FLOAT_COMPLEX",
        "MPI_C_DOUBLE_COMPLEX"};

    private static final class EXTENT { static final MethodHandle H = FfmLib.fn("MPI_Type_get_extent", "int type ptr ptr"); }
    private static final class TRUE_EXTENT {
        static final MethodHandle H = FfmLib.fn("MPI_Type_get_true_extent", "int type ptr ptr");
    }
    private static final class SIZE { static final MethodHandle H = FfmLib.fn("MPI_Type_size", "int type ptr"); }
    private static final class COMMIT { static final MethodHandle H = FfmLib.fn("MPI_Type_commit", "int ptr"); }
    private static final class FREE { static final MethodHandle H = FfmLib.fn("MPI_Type_free", "int ptr"); }
    private static final class DUP { static final MethodHandle H = FfmLib.fn("MPI_Type_dup", "int type ptr"); }
    private static final class CONTIGUOUS { static final MethodHandle H = FfmLib.fn("MPI_Type_contiguous", "int int type ptr"); }
    private static final class VECTOR { static final MethodHandle H = FfmLib.fn("MPI_Type_vector", "int int int int type ptr"); }
    private static final class HVECTOR {
        static final MethodHandle H = FfmLib.fn("MPI_Type_create_hvector", "int int int long type ptr");
    }
    private static final class INDEXED {
        static final MethodHandle H = FfmLib.fn("MPI_Type_indexed", "int int ptr ptr type ptr");
    }
    private static final class HINDEXED {
        static final MethodHandle H = FfmLib.fn("MPI_Type_create_hindexed", "int int ptr ptr type ptr");
    }
    private static final class STRUCT {
        static final MethodHandle H = FfmLib.fn("MPI_Type_create_struct", "int int ptr ptr ptr ptr");
    }
    private static final class RESIZED {
        static final MethodHandle H = FfmLib.fn("MPI_Type_create_resized", "int type long long ptr");
    }
    private static final class SET_NAME { static final MethodHandle H = FfmLib.fn("MPI_Type_set_name", "int type ptr"); }
    private static final class GET_NAME { static final MethodHandle H = FfmLib.fn("MPI_Type_get_name", "int type ptr ptr"); }

    private FfmDatatype() {
    }

    static void init() {
    }

    static long getDatatype(int type) {
        return FfmLib.c(DTS[type]);
    }

    static void getLbExtent(Datatype self, long handle, int[] lbExt) throws MPIException {
        lbExtent(EXTENT.H, handle, lbExt);
    }

    static void getTrueLbExtent(Datatype self, long handle, int[] lbExt) throws MPIException {
        lbExtent(TRUE_EXTENT.H, handle, lbExt);
    }

    private static void lbExtent(MethodHandle h, long handle, int[] lbExt) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment lb = a.allocate(JAVA_LONG);
            MemorySegment ext = a.allocate(JAVA_LONG);
            FfmSupport.check((int) h.invokeExact(handle, lb, ext));
            lbExt[0] = (int) lb.get(JAVA_LONG, 0);
            lbExt[1] = (int) ext.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    static int getSize(Datatype self, long type) throws MPIException {
        return intOut((a, out) -> (int) SIZE.H.invokeExact(type, out));
    }

    static void commit(Datatype self, long type) throws MPIException {
        handleOut("type", type, (a, out) -> (int) COMMIT.H.invokeExact(out));
    }

    static long free(Datatype self, long type) throws MPIException {
        if (type == FfmLib.c("MPI_DATATYPE_NULL")) {
            return type;
        }
        return handleOut("type", type, (a, out) -> (int) FREE.H.invokeExact(out));
    }

    static long dup(Datatype self, long oldType) throws MPIException {
        return handleOut("type", (a, out) -> (int) DUP.H.invokeExact(oldType, out));
    }

    static long getContiguous(int count, long oldType) throws MPIException {
        return handleOut("type", (a, out) -> (int) CONTIGUOUS.H.invokeExact(count, oldType, out));
    }

    static long getVector(int count, int blockLength, int stride, long oldType) throws MPIException {
        return handleOut("type", (a, out) -> (int) VECTOR.H.invokeExact(count, blockLength, stride, oldType, out));
    }

    static long getHVector(int count, int blockLength, int stride, long oldType) throws MPIException {
        return handleOut("type", (a, out) -> (int) HVECTOR.H.invokeExact(count, blockLength, (long) stride, oldType, out));
    }

    static long getIndexed(int[] blockLengths, int[] displacements, long oldType) throws MPIException {
        FfmArgs.blockLengths(blockLengths);
        return handleOut("type", (a, out) -> (int) INDEXED.H.invokeExact(blockLengths.length, ints(a, blockLengths),
                ints(a, displacements), oldType, out));
    }

    static long getHIndexed(int[] blockLengths, int[] displacements, long oldType) throws MPIException {
        FfmArgs.blockLengths(blockLengths);
        return handleOut("type", (a, out) -> (int) HINDEXED.H.invokeExact(blockLengths.length, ints(a, blockLengths),
                aints(a, displacements), oldType, out));
    }

    static long getStruct(int[] blockLengths, int[] displacements, Datatype[] types) throws MPIException {
        FfmArgs.blockLengths(blockLengths);
        long[] handles = new long[types.length];
        for (int i = 0; i < types.length; i++) {
            handles[i] = types[i].handle;
        }
        return handleOut("type", (a, out) -> (int) STRUCT.H.invokeExact(blockLengths.length, ints(a, blockLengths),
                aints(a, displacements), FfmSupport.handles(a, "type", handles), out));
    }

    static long getResized(long oldType, int lb, int extent) throws MPIException {
        return handleOut("type", (a, out) -> (int) RESIZED.H.invokeExact(oldType, (long) lb, (long) extent, out));
    }

    static void setName(Datatype self, long handle, String name) throws MPIException {
        FfmSupport.call((a, out) -> (int) SET_NAME.H.invokeExact(handle, a.allocateFrom(name)));
    }

    static String getName(Datatype self, long handle) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment name = a.allocate(FfmLib.c("MPI_MAX_OBJECT_NAME") + 1);
            MemorySegment len = a.allocate(JAVA_INT);
            FfmSupport.check((int) GET_NAME.H.invokeExact(handle, name, len));
            return name.getString(0);
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    static int createKeyval_jni() throws MPIException {
        return FfmAttributes.createKeyval(FfmAttributes.TYPE.KIND);
    }

    static void freeKeyval_jni(int keyval) throws MPIException {
        FfmAttributes.freeKeyval(FfmAttributes.TYPE.KIND, keyval);
    }

    static void setAttr(Datatype self, long type, int keyval, byte[] value) throws MPIException {
        FfmAttributes.set(FfmAttributes.TYPE.KIND, type, keyval, value);
    }

    static Object getAttr(Datatype self, long type, int keyval) throws MPIException {
        return FfmAttributes.get(FfmAttributes.TYPE.KIND, type, keyval);
    }

    static void deleteAttr(Datatype self, long type, int keyval) throws MPIException {
        FfmAttributes.delete(FfmAttributes.TYPE.KIND, type, keyval);
    }

    /** int displacements as MPI_Aint (64-bit on both implementations). */
    private static MemorySegment aints(Arena a, int[] values) {
        MemorySegment s = a.allocate(JAVA_LONG, Math.max(values.length, 1));
        for (int i = 0; i < values.length; i++) {
            s.setAtIndex(JAVA_LONG, i, values[i]);
        }
        return s;
    }
}
