package mana.wrappers.types;

import java.nio.ByteBuffer;
import mana.core.error.ManaException;
import mana.core.fn.TypeProvider;
import mpi.Datatype;
import mpi.MPIException;
import mpi.UserFunction;

/**
 * The lower half's UserFunction of a user-defined operation: Open MPI's reduction calls it,
 * and it calls the upper half's function back with the same arrays or ByteBuffers and the
 * datatype's handle. Callbacks run inside a reduction, so inside the checkpoint gate already.
 */
final class Forwarder extends UserFunction {
    private final TypeProvider.UserOp upper;

    Forwarder(TypeProvider.UserOp upper) {
        this.upper = upper;
    }

    TypeProvider.UserOp upper() {
        return upper;
    }

    @Override
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        try {
            upper.call(inVec, inOutVec, count, LowerTypes.vidOf(datatype));
        } catch (ManaException e) {
            throw LowerTypes.lowerError(e);
        }
    }

    @Override
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        try {
            upper.call(in, inOut, count, LowerTypes.vidOf(datatype));
        } catch (ManaException e) {
            throw LowerTypes.lowerError(e);
        }
    }
}
