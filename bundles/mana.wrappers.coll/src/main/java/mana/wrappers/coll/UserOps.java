package mana.wrappers.coll;

import java.lang.reflect.Field;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mpi.MPIException;
import mpi.Op;

/**
 * The lower-half op of a blocking reduction. Open MPI 4.1.4's binding makes the MPI_Op of a
 * user op when a reduction first uses it and keeps, inside that MPI_Op, the JNI local reference
 * to the Java Op of that first call (mpi_Op.c, ompi_java_op_getHandle). The reference dies when
 * the call returns; a later reduction calls back whatever the stale reference points to then (a
 * wrong object: NullPointerException in the raw binding, or a JVM crash). So before each
 * reduction with a user op, MANA frees the MPI_Op made by the previous one and clears the handle:
 * the lower half then makes a fresh MPI_Op bound to the current call (and its datatype's base
 * type). Predefined ops cost one check.
 */
final class UserOps {
    private static final Field HANDLE;

    static {
        try {
            HANDLE = Op.class.getDeclaredField("handle");
            HANDLE.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Op forBlockingCall(int vid) throws ManaException, MPIException {
        Op o = (Op) Handles.lower(vid, Kind.OP);
        if (!Vid.isPredefined(vid)) {
            fresh(o);
        }
        return o;
    }

    private static void fresh(Op o) throws MPIException {
        try {
            if (HANDLE.getLong(o) != 0) {
                o.free(); // MPI_Op_free of the previous call's MPI_Op
                HANDLE.setLong(o, 0);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private UserOps() {
    }
}
