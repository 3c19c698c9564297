package mpi;

import static mpi.FfmSupport.handleOut;

import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Op: predefined operations (user functions need upcalls: not yet). */
final class FfmOp {

    private static final MethodHandle FREE = FfmLib.fn("MPI_Op_free", "int ptr");
    /** The order of mpi_Op.c's table, indexed by the type MPI.java passes to new Op(type). */
    private static final String[] OPS = {"MPI_OP_NULL", "MPI_MAX", "MPI_MIN", "MPI_SUM", "MPI_PROD", "MPI_LAND",
        "MPI_BAND", "MPI_LOR", "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE", "MPI_NO_OP"};

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
            self.handle = handleOut("op", op, (a, out) -> (int) FREE.invokeExact(out));
        }
    }

    static boolean isNull(Op self) {
        return self.handle == 0 || self.handle == FfmLib.c("MPI_OP_NULL");
    }

    /**
     * The MPI_Op for a reduction, as ompi_java_op_getHandle; a user function (handle 0)
     * would need an upcall stub, which this lower half does not have yet.
     */
    static long handle(Op jOp, long hOp) throws MPIException {
        if (hOp == 0) {
            throw FfmSupport.unsupported("MPI_Op_create", "Op(UserFunction)");
        }
        return hOp;
    }
}
