package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.handleOut;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * FFM natives of mpi.Op: predefined operations, and user functions through an upcall stub
 * per Op (ompi/mpi/java/c/mpi_Op.c's opIntercept): MPI calls the stub with C memory, the
 * stub hands it to the UserFunction as direct ByteBuffers (boolean[] for booleans) as the
 * JNI binding does.
 */
final class FfmOp {

    private static final class FREE { static final MethodHandle H = FfmLib.fn("MPI_Op_free", "int ptr"); }
    private static final class CREATE { static final MethodHandle H = FfmLib.fn("MPI_Op_create", "int ptr int ptr"); }
    /** The order of mpi_Op.c's table, indexed by the type MPI.java passes to new Op(type). */
    private static final String[] OPS = {"MPI_OP_NULL", "MPI_MAX", "MPI_MIN", "MPI_SUM", "MPI_PROD", "MPI_LAND",
        "MPI_BAND", "MPI_LOR", "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE", "MPI_NO_OP"};
    /** MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype). */
    private static final FunctionDescriptor USER_FUNCTION = FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS, ADDRESS);
    private static final MethodHandle INTERCEPT;
    /** An exception a user function threw inside MPI: thrown when the MPI call returns (as JNI's pending exception). */
    private static final ThreadLocal<Throwable> PENDING = new ThreadLocal<>();
    private static final int BOOLEAN = 4;

    static {
        try {
            INTERCEPT = MethodHandles.lookup().findStatic(FfmOp.class, "intercept", MethodType.methodType(void.class,
                    Op.class, int.class, MemorySegment.class, MemorySegment.class, MemorySegment.class, MemorySegment.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private FfmOp() {
    }

    static void init() {
    }

    static void getOp(Op self, int type) {
        self.handle = FfmLib.c(OPS[type]);
    }

    static void free(Op self) throws MPIException {
        long op = self.handle;
        if (op != 0 && op != FfmLib.c("MPI_OP_NULL")) {
            self.handle = handleOut("op", op, (a, out) -> (int) FREE.H.invokeExact(out));
        }
    }

    static boolean isNull(Op self) {
        return self.handle == 0 || self.handle == FfmLib.c("MPI_OP_NULL");
    }

    /**
     * The MPI_Op for a reduction, as ompi_java_op_getHandle: a user Op (handle 0) gets its
     * MPI_Op at first use, with an upcall stub bound to it and to the base type of that use.
     */
    static long handle(Op jOp, long hOp, int baseType) throws MPIException {
        if (hOp != 0) {
            return hOp;
        }
        synchronized (jOp) {
            if (jOp.handle != 0) {
                return jOp.handle;
            }
            MethodHandle target = MethodHandles.insertArguments(INTERCEPT, 0, jOp, baseType);
            // Lives as long as the job: MPI may call it until the Op is freed, and freeing is the application's.
            MemorySegment stub = FfmLib.LINKER.upcallStub(target, USER_FUNCTION, Arena.global());
            int commute = jOp.isCommutative() ? 1 : 0;
            jOp.handle = handleOut("op", (a, out) -> (int) CREATE.H.invokeExact(stub, commute, out));
            return jOp.handle;
        }
    }

    /** Throws what a user function threw during the MPI call that just returned. */
    static void rethrowPending() throws MPIException {
        Throwable t = PENDING.get();
        if (t != null) {
            PENDING.remove();
            throw FfmSupport.wrap(t);
        }
    }

    /** The upcall. Nothing may escape it (the JVM would exit): a failure is kept for {@link #rethrowPending}. */
    private static void intercept(Op op, int baseType, MemorySegment in, MemorySegment inout, MemorySegment lenPtr,
            MemorySegment typePtr) {
        try {
            int count = lenPtr.reinterpret(4).get(JAVA_INT, 0);
            long type = FfmSupport.getHandle(typePtr.reinterpret(8), "type", 0);
            long len = count * FfmSupport.extent(type);
            MemorySegment i = in.reinterpret(len);
            MemorySegment io = inout.reinterpret(len);
            if (baseType == BOOLEAN) {
                boolean[] bi = new boolean[(int) len];
                boolean[] bio = new boolean[(int) len];
                for (int k = 0; k < len; k++) {
                    bi[k] = i.get(JAVA_BYTE, k) != 0;
                    bio[k] = io.get(JAVA_BYTE, k) != 0;
                }
                op.call(bi, bio, count);
                for (int k = 0; k < len; k++) {
                    io.set(JAVA_BYTE, k, (byte) (bio[k] ? 1 : 0));
                }
            } else {
                op.call(i.asByteBuffer(), io.asByteBuffer(), count);
            }
        } catch (Throwable t) {
            if (PENDING.get() == null) {
                PENDING.set(t);
            }
        }
    }
}
